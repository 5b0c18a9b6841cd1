"""The command line run in-process, as a GM's shell would see it: its exit status and
the bytes it wrote; and a data folder's fingerprint, to prove a refusal changed nothing."""

from __future__ import annotations

import hashlib
import io
import sys
from pathlib import Path

from harmdesk import cli


def run_cli(*argv: str) -> tuple[int, str, str]:
    """`harmdesk ARGV` in this process: (exit status, stdout, stderr). Its streams encode
    UTF-8 strictly, like a real terminal's; an exception escaping `main` fails the test."""
    out, err = (io.TextIOWrapper(io.BytesIO(), encoding="utf-8") for _ in range(2))
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        try:
            code = cli.main(list(argv))
        except SystemExit as leave:  # argparse's usage errors
            code = leave.code
    finally:
        sys.stdout, sys.stderr = saved
    texts = []
    for stream in (out, err):
        stream.flush()
        texts.append(stream.buffer.getvalue().decode("utf-8"))
    return code, texts[0], texts[1]


def checksum(path: Path) -> str:
    """A file's bytes, as a digest to compare before and after."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def folder_digest(folder: Path) -> dict[str, str]:
    """Every file under `folder` (the database, its -wal, the backups) by its bytes."""
    return {str(p.relative_to(folder)): checksum(p)
            for p in sorted(Path(folder).rglob("*")) if p.is_file()}
