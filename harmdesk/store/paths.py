"""Where the data file lives, and its version: light enough to read before SQLAlchemy loads."""

from __future__ import annotations

import os
from pathlib import Path

DB_NAME = "harmdesk.sqlite"
SCHEMA_VERSION = 3
# less free space than this and a step cannot be saved: the disk counts as full
FULL_BELOW = 64 * 1024


def data_dir(explicit: str | os.PathLike | None = None) -> Path:
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


def journal_left(path: Path) -> bool:
    """Whether a rollback journal lies beside `path`: what a change stopped half-way
    leaves (an upgrade, a restore, the switch to WAL killed mid-write)."""
    try:
        return path.with_name(path.name + "-journal").stat().st_size > 0
    except OSError:
        return False
