"""Where the data file lives, and its version: light enough to read before SQLAlchemy loads."""

from __future__ import annotations

import os
from pathlib import Path

DB_NAME = "harmdesk.sqlite"
SCHEMA_VERSION = 2


def data_dir(explicit: str | os.PathLike | None = None) -> Path:
    """`--data-dir`, else HARMDESK_DATA_DIR, else the platform's user data folder."""
    if explicit:
        return Path(explicit)
    if os.environ.get("HARMDESK_DATA_DIR"):
        return Path(os.environ["HARMDESK_DATA_DIR"])
    import platformdirs
    return Path(platformdirs.user_data_dir("HarmDesk", appauthor=False))
