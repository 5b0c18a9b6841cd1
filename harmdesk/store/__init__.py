"""Storage: SQLModel tables in one SQLite file, and the only code that talks to it."""

from .db import CorruptFile, DiskFull, NewerFile, ReadOnly, StoreError, data_dir
from .store import CampaignInfo, LogEntry, Store

__all__ = ["CampaignInfo", "CorruptFile", "DiskFull", "LogEntry", "NewerFile", "ReadOnly",
           "Store", "StoreError", "data_dir"]
