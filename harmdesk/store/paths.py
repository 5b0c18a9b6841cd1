"""Where the data file lives, and its version: light enough to read before SQLAlchemy loads."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from ..errors import StoreError

DB_NAME = "harmdesk.sqlite"
# the files SQLite keeps beside a database file (its own name, then one of these)
SIDE_FILES = ("-wal", "-shm", "-journal")
SCHEMA_VERSION = 6
# less free space than this and a step cannot be saved: the disk counts as full
FULL_BELOW = 64 * 1024


def data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """`--data-dir`, else HARMDESK_DATA_DIR, else the platform's user data folder; always
    absolute (SQLite's read-only file URIs need it), a relative one from the current folder."""
    if explicit:
        return Path(explicit).expanduser().absolute()
    if os.environ.get("HARMDESK_DATA_DIR"):
        return Path(os.environ["HARMDESK_DATA_DIR"]).expanduser().absolute()
    import platformdirs
    return Path(platformdirs.user_data_dir("HarmDesk", appauthor=False)).absolute()


def disk_full(folder: Path) -> bool:
    """Whether the disk holding `folder` has no room left for a step."""
    try:
        stat = os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs (Windows): SQLite's own error tells
        return False
    return stat.f_bavail * stat.f_frsize < FULL_BELOW


def folder_read_only(folder: Path) -> bool:
    """Whether nothing can be written in `folder` (its permissions, or a read-only mount)."""
    return not os.access(folder, os.W_OK)


def read_only_uri(path: Path) -> str:
    """SQLite's URI to read `path` without writing anything.

    `mode=ro` still creates the `-shm` file beside a WAL file, which a read-only folder
    or a full disk refuses; there the file is read as `immutable` (no `-shm` at all),
    unless a `-wal` still holds saved steps that only the shared memory can find, or a
    rollback journal is left that SQLite must play back first (immutable would read
    the half-changed file as it is).
    """
    path = Path(path).absolute()
    uri = f"{path.as_uri()}?mode=ro"
    if (folder_read_only(path.parent) or disk_full(path.parent)) \
            and not wal_holds_steps(path) and not journal_left(path):
        uri += "&immutable=1"
    return uri


def wal_holds_steps(path: Path) -> bool:
    """Whether the `-wal` file beside `path` holds saved steps not yet in the file."""
    try:
        return path.with_name(path.name + "-wal").stat().st_size > 0
    except OSError:
        return False


def left_open(path: Path) -> bool:
    """Whether the last writer stopped without closing the file: a clean close folds the
    -wal's frames back into it (an empty -wal may stay); a rollback journal beside it is a
    change stopped half-way."""
    try:
        frames = Path(f"{path}-wal").stat().st_size > 0
    except OSError:
        frames = False
    return frames or journal_left(path)


def journal_left(path: Path) -> bool:
    """Whether a rollback journal lies beside `path`: what a change stopped half-way
    leaves (an upgrade, a restore, the switch to WAL killed mid-write)."""
    try:
        return path.with_name(path.name + "-journal").stat().st_size > 0
    except OSError:
        return False


# the kinds of file HarmDesk never opens or writes through ---------------------------
class WrongKind(StoreError):
    """A path HarmDesk reads or writes is not what it makes there (a folder where the data
    file belongs, a named pipe, a link someone else put): refused before it is opened."""

    kind: str  # what it is, in the GM's words, when `wrong_kind` made it


def kind_of(path: Path) -> str | None:
    """What `path` is when it is not a plain file, in the GM's words ("a folder", "a named
    pipe (FIFO)", "a link to …"); None for a plain file or nothing at all. Looks with
    lstat only: a named pipe that is opened hangs its reader."""
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as err:
        raise unusable(path, err) from None
    if stat.S_ISREG(mode):
        return None
    return kind_name(path, mode)


def kind_name(path: Path, mode: int) -> str:
    """What a file of `mode` (from stat or lstat) at `path` is, in the GM's words."""
    if stat.S_ISLNK(mode):
        try:
            return f"a link to {os.readlink(path)}"
        except OSError:
            return "a link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a plain file"


def wrong_kind(path: Path, kind: str, what: str) -> WrongKind:
    """The refusal for `path`, which is `kind` where HarmDesk keeps `what`."""
    if kind.startswith("a link"):
        refused = WrongKind(f"{path} is {kind}, not {what}; HarmDesk writes through no link "
                            "it did not make. Remove the link (and move what it points to "
                            "there, if you meant to).")
    else:
        refused = WrongKind(f"{path} is {kind}, not {what}. HarmDesk leaves it alone: move "
                            "it aside.")
    refused.kind = kind
    return refused


def unusable(path: Path, err: OSError) -> StoreError:
    """An OSError met while looking at `path`, in plain words."""
    if err.errno == errno.ENAMETOOLONG:
        return StoreError(f"The path {path} is too long for this system (a name in a path "
                          "can have at most 255 characters); give a shorter one.")
    if err.errno == errno.ELOOP:
        return wrong_kind(path, "a link", "a file HarmDesk made")
    return StoreError(f"Cannot look at {path} ({err.strerror or err}). Check its "
                      "permissions.")


def plain_file(path: Path, what: str) -> None:
    """WrongKind unless `path` is a plain file (not a link) or absent."""
    kind = kind_of(path)
    if kind is not None:
        raise wrong_kind(path, kind, what)


def check_data_folder(folder: Path) -> None:
    """Refuse a data folder that cannot be one, before anything is made or opened in it.
    The folder itself may be a link to a folder (the GM chose it); what is inside it may
    not be a link, nor anything but a plain file, and is never opened to find out."""
    try:
        if not stat.S_ISDIR(os.stat(folder).st_mode):
            raise WrongKind(f"The data folder {folder} is a file, not a folder. Give "
                            "--data-dir (or HARMDESK_DATA_DIR) a folder, or move the file "
                            "aside.")
    except FileNotFoundError:
        if os.path.islink(folder):
            raise WrongKind(f"The data folder {folder} is a link to {os.readlink(folder)}, "
                            "which does not exist. Make that folder, or give --data-dir "
                            "another one.") from None
    except NotADirectoryError:
        raise WrongKind(f"The data folder {folder} cannot be made: a part of its path is a "
                        "file, not a folder. Give --data-dir another folder.") from None
    except OSError as err:
        raise unusable(folder, err) from None


def check_data_files(path: Path) -> None:
    """Refuse a data file, or SQLite's files beside it, that is not a plain file."""
    plain_file(path, "a HarmDesk data file")
    for side in SIDE_FILES:
        plain_file(path.with_name(path.name + side), "a file SQLite made")


def read_plain(path: Path, what: str, most: int = -1, follow: bool = False) -> bytes:
    """The bytes of the plain file `path` (at most `most`); FileNotFoundError when there is
    none, WrongKind when it is a folder, a pipe or (unless `follow`) a link. Opened
    without waiting for a pipe's writer, so nothing swapped in since a look can hang us."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError as err:
        if err.errno == errno.ELOOP:  # O_NOFOLLOW met a link
            raise wrong_kind(path, kind_of(path) or "a link", what) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise wrong_kind(path, kind_name(path, mode), what)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read(most)
    finally:
        os.close(fd)


def mode_of(path: Path) -> int:
    """`path`'s permission bits, which a copy of it takes: a GM who made the data file
    private gets private copies."""
    return stat.S_IMODE(os.stat(path).st_mode)


def fresh_file(path: Path, mode: int | None = None) -> int:
    """Make `path` a new, empty plain file with exactly `mode` (None: as `open` makes one),
    whatever was there before (a link left at a temporary name is removed, never written
    through); its descriptor, open for writing, which the caller closes."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) \
        | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags, 0o666 if mode is None else mode)
    try:
        if mode is not None and hasattr(os, "fchmod"):
            os.fchmod(fd, mode)  # the umask took bits away at creation
    except BaseException:
        os.close(fd)
        raise
    return fd
