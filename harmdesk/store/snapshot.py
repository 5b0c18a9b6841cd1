"""A quick read-only look at the last campaign's desk, with sqlite3 alone.

The window shows the tiles from this while the full store opens behind it, in a
worker thread.
Anything unusual (no file, another version, a damaged file) gives None, and the
full store, which checks everything, decides what to tell the GM.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

from ..errors import StoreError
from .paths import DB_NAME, SCHEMA_VERSION, check_data_files, data_dir, read_only_uri


def read_desk(folder: str | os.PathLike[str] | None = None,
              name: str | None = None) -> dict[str, Any] | None:
    """{"name", "system", "settings", "options", "characters", "session"} or None."""
    try:
        path = Path(data_dir(folder)) / DB_NAME
        check_data_files(path)  # a pipe or a link there is the full store's to name
        if not path.is_file():
            return None
        con = sqlite3.connect(read_only_uri(path), uri=True, timeout=0.2)
    except (sqlite3.Error, OSError, ValueError, StoreError):
        return None
    try:
        if con.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
            return None
        where, args = ("WHERE name = ?", (name,)) if name else ("", ())
        row = con.execute("SELECT id, name, system, settings, options FROM campaign "
                          f"{where} ORDER BY opened DESC, id DESC LIMIT 1", args).fetchone()
        if row is None:
            return None
        cid, cname, system, settings, options = row
        chars = {c: json.loads(state) for c, state in con.execute(
            "SELECT cid, state FROM character WHERE campaign_id = ? AND archived = 0 "
            "ORDER BY position", (cid,))}
        session = con.execute("SELECT number, title FROM play_session WHERE campaign_id = ? "
                              "AND ended IS NULL ORDER BY number DESC LIMIT 1",
                              (cid,)).fetchone()
        return {"name": cname, "system": system, "settings": json.loads(settings),
                "options": json.loads(options), "characters": chars,
                "session": {"number": session[0], "title": session[1]} if session else None}
    except (sqlite3.Error, ValueError, TypeError):
        return None
    finally:
        con.close()
