"""Writing a file whole or not at all: the bytes go to a temporary file beside the
target, which then replaces it (os.replace), so a failure never leaves half a file."""

from __future__ import annotations

import os
import secrets
from pathlib import Path


def write_atomically(target: str | os.PathLike, data: bytes) -> Path:
    """Write `data` to `target` in one step. Raises OSError; leaves no temporary file."""
    target = Path(target)
    # beside the target, so os.replace stays on one file system; "x" creates it with the
    # usual permissions (the umask), unlike mkstemp's private 0600
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.part")
    leftover = False
    try:
        with open(tmp, "xb") as out:
            leftover = True
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
        leftover = False
    finally:
        if leftover:
            tmp.unlink(missing_ok=True)
    return target
