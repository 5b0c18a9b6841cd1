"""Opening `harmdesk.sqlite` safely: checks, pragmas, one writer, migrations, backups.

Opening reads only the file's header and schema, so its cost does not grow with the
file; the integrity check and the daily backup run afterwards (`maintain`), off the
path to the first change.

Every problem with the file (corrupt, newer, read-only, full, in use) becomes a
`StoreError` whose message says what to do; a file we refuse is never written.
"""

from __future__ import annotations

import os
import re
import sqlite3
import sys
from datetime import datetime, timezone
from pathlib import Path

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlmodel import SQLModel

from ..errors import StoreError  # noqa: F401 (defined without SQL, so every layer catches it)
from . import schema
from .migrations import MIGRATIONS
from .paths import DB_NAME, data_dir  # noqa: F401 (part of this module's interface)

APPLICATION_ID = 0x48524D44  # "HRMD": tells our files from other SQLite files
SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 5000
KEEP_BACKUPS = 10


class CorruptFile(StoreError):
    pass


class NewerFile(StoreError):
    pass


class ReadOnly(StoreError):
    pass


class DiskFull(StoreError):
    pass


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def inspect_file(path: Path) -> int | None:
    """The schema version of an existing file, read without writing. None: no file yet."""
    if not path.exists():
        return None
    advice = (f"HarmDesk has left {path} untouched. Move it aside (or restore a copy from "
              f"{path.parent / 'backups'}) and start HarmDesk again.")
    try:
        with open(path, "rb") as fh:
            header = fh.read(100)
    except OSError as err:
        raise ReadOnly(f"Cannot read {path} ({err.strerror}). Check its permissions.") from None
    if len(header) == 0:
        return None  # an empty file, as a crash before the first write leaves it
    if not header.startswith(SQLITE_HEADER) or len(header) < 100:
        raise CorruptFile(f"{path} is not a HarmDesk data file (it is not an SQLite database). "
                          + advice)
    try:
        con = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            version = con.execute("PRAGMA user_version").fetchone()[0]
            app_id = con.execute("PRAGMA application_id").fetchone()[0]
            tables = con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            con.close()
    except sqlite3.DatabaseError as err:
        raise CorruptFile(f"{path} is damaged ({err}). " + advice) from None
    if app_id != APPLICATION_ID and tables:
        raise CorruptFile(f"{path} is an SQLite database, but not one of HarmDesk's. " + advice)
    if version > schema.SCHEMA_VERSION:
        raise NewerFile(f"{path} was written by a newer HarmDesk (data version {version}; this "
                        f"HarmDesk reads up to {schema.SCHEMA_VERSION}). Update HarmDesk to open "
                        "it; the file has not been changed.")
    return version


def make_engine(path: Path, read_only: bool = False) -> Engine:
    """An engine whose every connection has the pragmas and real transactions.

    Python 3.11's sqlite3 does not roll back DDL; SQLAlchemy's recipe turns off its
    implicit transactions and emits BEGIN itself, so a migration is all or nothing.
    """
    if read_only:
        url = f"sqlite:///{path.as_uri()}?mode=ro&uri=true"
    else:
        url = f"sqlite:///{path}"
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000,
                                              "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None
        cur = dbapi_connection.cursor()
        cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cur.execute("PRAGMA foreign_keys=ON")
        if not read_only:
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn):
        # IMMEDIATE takes the write lock up front, so a writer never fails half-way
        conn.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")

    return engine


# only files with exactly this name are HarmDesk's backups, and rotation touches no other
BACKUP_NAME = re.compile(r"harmdesk-\d{8}-\d{6}-[a-z0-9-]+\.sqlite")


def backup(path: Path, reason: str) -> Path:
    """A consistent copy made with SQLite's backup API, then rotate to the last ten.

    The copy is written under a temporary name and renamed when complete, so a failed
    backup (a full disk) never leaves a file that looks like one; StoreError if it fails.
    """
    folder = path.parent / "backups"
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = folder / f"harmdesk-{stamp}-{reason}.sqlite"
    partial = target.with_name(target.name + ".partial")
    try:
        folder.mkdir(exist_ok=True)
        src = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            dst = sqlite3.connect(partial)
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
        os.replace(partial, target)
    except (OSError, sqlite3.Error) as err:
        try:
            partial.unlink(missing_ok=True)
        except OSError:
            pass
        raise StoreError(f"No backup of {path} could be written to {folder} ({err}).") from None
    kept = sorted((p for p in folder.iterdir() if BACKUP_NAME.fullmatch(p.name)),
                  key=lambda p: p.name)
    for old in kept[:-KEEP_BACKUPS]:
        try:
            old.unlink(missing_ok=True)
        except OSError:
            pass  # an old backup that cannot go does not make this one fail
    return target


def daily_backup(path: Path) -> Path | None:
    """One backup per day of use; an empty file does not count as one."""
    today = datetime.now().strftime("%Y%m%d")
    folder = path.parent / "backups"
    try:
        made = [p for p in folder.glob(f"harmdesk-{today}-*.sqlite")
                if BACKUP_NAME.fullmatch(p.name) and p.stat().st_size > 0]
    except OSError:
        made = []
    if made:
        return None
    return backup(path, "daily")


def integrity_problem(path: Path) -> str | None:
    """What SQLite's quick check finds wrong with the file, or None when it is sound."""
    try:
        con = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True,
                              timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            check = con.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error as err:
        return str(err)
    return None if check == "ok" else check


def create_schema(engine: Engine) -> None:
    with engine.begin() as conn:
        SQLModel.metadata.create_all(conn)
        conn.exec_driver_sql(f"PRAGMA application_id={APPLICATION_ID}")
        conn.exec_driver_sql(f"PRAGMA user_version={schema.SCHEMA_VERSION}")


def migrate(engine: Engine, path: Path, version: int) -> None:
    """Climb the user_version ladder in one transaction, after a backup."""
    if version >= schema.SCHEMA_VERSION:
        return
    saved = backup(path, f"before-v{schema.SCHEMA_VERSION}")
    try:
        with engine.begin() as conn:
            for step in range(version, schema.SCHEMA_VERSION):
                MIGRATIONS[step](conn)
            conn.exec_driver_sql(f"PRAGMA user_version={schema.SCHEMA_VERSION}")
    except Exception as err:  # any failure leaves the file as it was: one transaction
        raise StoreError(f"Upgrading {path} from data version {version} failed ({err}). "
                         f"The file is unchanged, and a copy is in {saved}.") from None


class WriterLock:
    """One writer per data file: the first HarmDesk holds a lock; others read only."""

    def __init__(self, path: Path):
        self.path = path.with_name(path.name + ".lock")
        self._fh = None

    def acquire(self) -> bool:
        try:
            fh = open(self.path, "a+b")
        except OSError:
            return False
        try:
            if sys.platform == "win32":
                import msvcrt
                msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            fh.close()
            return False
        self._fh = fh
        return True

    def release(self) -> None:
        if self._fh is not None:
            self._fh.close()  # closing the file releases the lock
            self._fh = None


def environment_error(err: Exception, path: Path) -> StoreError:
    """Turn an SQLite error from the machine (full, read-only, locked) into advice."""
    text = str(err).lower()
    if "full" in text:
        return DiskFull(f"The disk holding {path} is full; nothing was saved from the last "
                        "step. Free some space and try again.")
    if "readonly" in text or "read-only" in text or "permission" in text:
        return ReadOnly(f"{path} cannot be written (read-only). Check the file's and its "
                        "folder's permissions.")
    if "locked" in text or "busy" in text:
        return StoreError(f"{path} is busy in another program; try again in a moment.")
    return StoreError(f"Saving to {path} failed ({err}); nothing was changed.")
