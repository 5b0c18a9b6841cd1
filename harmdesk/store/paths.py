"""Where the data file lives, and its version: light enough to read before SQLAlchemy loads."""

from __future__ import annotations

import os
from pathlib import Path

DB_NAME = "harmdesk.sqlite"
SCHEMA_VERSION = 3


def data_dir(explicit: str | os.PathLike | None = None) -> Path:
    """`--data-dir`, else HARMDESK_DATA_DIR, else the platform's user data folder; always
    absolute (SQLite's read-only file URIs need it), a relative one from the current folder."""
    if explicit:
        return Path(explicit).expanduser().absolute()
    if os.environ.get("HARMDESK_DATA_DIR"):
        return Path(os.environ["HARMDESK_DATA_DIR"]).expanduser().absolute()
    import platformdirs
    return Path(platformdirs.user_data_dir("HarmDesk", appauthor=False)).absolute()
