"""Writing a file whole or not at all: the bytes go to a temporary file beside the
target, which then replaces it (os.replace), so a failure never leaves half a file.

Only a new file or a regular file is ever replaced: a folder, a device (/dev/full), a
named pipe or a socket at the path is refused, naming it, and stays as it was; so is
HarmDesk's own data file and every file beside it (an export written over it would swap
the data file from under the store that has it open)."""

from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path

from .store.paths import DB_NAME, SIDE_FILES, kind_name

NAME_MAX = 255  # bytes in one file name, on the file systems HarmDesk meets


# the data file, the files SQLite keeps beside it, its lock and a restore on its way
DATA_FILES = frozenset([DB_NAME, *(DB_NAME + side for side in SIDE_FILES),
                        DB_NAME + ".lock", DB_NAME + ".restoring"])


class NotARegularFile(OSError):
    """The path holds something HarmDesk writes no file over; `strerror` says what."""


def writable_target(target: str | os.PathLike) -> Path:
    """The file `target` names, checked before anything is written: nothing there yet, or
    a regular file (a link to one is followed, so the link stays). Raises OSError."""
    if not os.fspath(target):
        raise NotARegularFile(errno.ENOENT, "no file name was given; choose a file name", "")
    path = Path(os.path.realpath(target)) if os.path.islink(target) else Path(target)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None  # a new file
    except NotADirectoryError:
        raise NotARegularFile(errno.ENOTDIR, "a part of the path is a file, not a folder",
                              os.fspath(target)) from None
    if path.name in DATA_FILES:
        raise NotARegularFile(errno.EEXIST, "that name is HarmDesk's own data file (or one "
                              "beside it); choose another file name", os.fspath(target))
    if mode is not None and not stat.S_ISREG(mode):
        raise NotARegularFile(errno.EEXIST, f"it is {kind_name(path, mode)}, and HarmDesk "
                              "replaces only a regular file; choose another file name",
                              os.fspath(target))
    if not path.name or os.fspath(target).endswith(("/", os.sep)):  # "/", ".", "notes/"
        raise NotARegularFile(errno.EISDIR, "it names a folder; choose a file name",
                              os.fspath(target))
    return path


def temporary_name(name: str) -> str:
    """A hidden name beside `name` for the bytes on their way, never longer than a file
    name may be: a long name is cut (at a whole character) to leave room."""
    token = secrets.token_hex(4)
    room = NAME_MAX - len(f"..{token}.part")
    raw = name.encode("utf-8", "surrogateescape")  # the bytes the file system counts
    if len(raw) > room:
        name = raw[:room].decode("utf-8", "ignore")
    return f".{name}.{token}.part"


def write_atomically(target: str | os.PathLike, data: bytes) -> Path:
    """Write `data` to `target` in one step. Raises OSError (`NotARegularFile` for a path
    that holds a folder, a device or a pipe); leaves no temporary file."""
    target = writable_target(target)
    # beside the target, so os.replace stays on one file system; "x" creates it with the
    # usual permissions (the umask), unlike mkstemp's private 0600
    tmp = target.with_name(temporary_name(target.name))
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
