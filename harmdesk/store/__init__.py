"""Storage: SQLModel tables in one SQLite file, and the only code that talks to it.

Names load on first use, so `harmdesk.store.snapshot` can read a desk before the
store is needed; SQLAlchemy and SQLModel (slow to import) load only to create or
upgrade a file.
"""

import importlib
from typing import Any

_NAMES = {"CorruptFile": "db", "DiskFull": "db", "NewerFile": "db", "NoFile": "store",
          "ReadOnly": "db", "StoreError": "db", "data_dir": "paths", "CampaignInfo": "store",
          "LogEntry": "store", "Store": "store"}
__all__ = sorted(_NAMES)


def __getattr__(name: str) -> Any:
    if name in _NAMES:
        return getattr(importlib.import_module(f".{_NAMES[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
