"""The data folder as the command line opens it: where it is, its store, its backups.

The window opens the folder through `Service`; a command opens the store itself, read-only
when it only reads, so a reading command never waits for the window's writer.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import UserError
from ..store import NoFile, Store
from ..store.paths import DB_NAME, data_dir as _data_dir


def data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The data folder, absolute: `explicit`, else HARMDESK_DATA_DIR, else the user's."""
    return _data_dir(explicit)


def open_store(folder: Path, reading: bool) -> Store:
    """The folder's store (read-only if another HarmDesk writes to it, or if `reading`:
    the command only reads), with the demo campaigns on first use."""
    if reading:
        try:
            reader = Store.open(folder, write=False)
        except NoFile:
            pass  # the first start: the writer makes the file and the demo campaigns
        else:
            if not reader.empty():
                return reader
            reader.close()  # a first start was stopped before its demo campaigns: again
    store = Store.open(folder)
    if not store.read_only and store.empty():
        # the demos load every game's rules and profile: only on a first start
        from .demo import ensure_demo
        ensure_demo(store)
    return store


def backups(folder: str | Path) -> list[dict[str, Any]]:
    """The folder's backups, newest first, read read-only (the data file is not opened)."""
    from ..store import backups as _backups
    return _backups.listing(Path(folder) / DB_NAME)


def backups_of(folder: Path) -> dict[str, Any]:
    """Where the folder's backups are, and each of them, newest first (read-only)."""
    from ..store import backups as _backups
    path = folder / DB_NAME
    return {"folder": str(_backups.folder_of(path)), "backups": _backups.listing(path)}


def restore_backup(folder: Path, file: str) -> dict[str, Any]:
    """Restore backup `file` (a name from the listing, or a path) over the folder's data
    file; UserError when it is not one HarmDesk can restore, StoreError when the machine
    refuses. The store is never opened: a damaged file is what a restore is for."""
    from ..store import backups as _backups
    path = folder / DB_NAME
    try:
        return _backups.restore(path, _backups.chosen(path, file))
    except _backups.RestoreRefused as err:
        raise UserError(str(err)) from None
