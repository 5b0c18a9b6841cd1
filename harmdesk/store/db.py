"""Opening `harmdesk.sqlite` safely: checks, pragmas, one writer, migrations, backups.

Opening reads only the file's header and schema, so its cost does not grow with the
file; the integrity check and the daily backup run afterwards (`maintain`), off the
path to the first change.

Everyday work runs on plain sqlite3 connections (`connect`), and a new file is made
with the schema's SQL (`ddl`). SQLAlchemy and SQLModel, slow to import, load only to
upgrade an old file: SQLModel's metadata (`schema`) defines the tables.

Every problem with the file (corrupt, newer, read-only, full, in use) becomes a
`StoreError` whose message says what to do; a file we refuse is never written.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
import sys
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final

# defined without SQL, so every layer catches it
from ..errors import StoreError as StoreError
from . import migrations, paths
from .migrations import MIGRATIONS as MIGRATIONS  # the ladder, as tests change it
from .paths import (
    DB_NAME as DB_NAME,  # part of this module's interface
    data_dir as data_dir,
)

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection, Engine

APPLICATION_ID = 0x48524D44  # "HRMD": tells our files from other SQLite files
SQLITE_HEADER = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 5000


class CorruptFile(StoreError):
    pass


class NewerFile(StoreError):
    pass


class ReadOnly(StoreError):
    pass


class DiskFull(StoreError):
    pass


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def inspect_file(path: Path) -> int | None:
    """The schema version of an existing file, read without writing. None: no file yet.

    Anything but an empty file or one of HarmDesk's own (its application_id) is refused:
    taken for an old version, another program's database would be backed up and upgraded.

    The file is read through SQLite alone, never opened by Python: closing any other
    descriptor of it would drop every lock this process holds on it, SQLite's too, and
    another program could then take the WAL of a store open here from under it.
    """
    path = Path(path).absolute()
    if not path.exists():
        return None
    advice = (f"HarmDesk has left {path} untouched. Move it aside (or restore a copy from "
              f"{path.parent / 'backups'}) and start HarmDesk again.")
    try:
        empty = path.stat().st_size == 0
    except OSError as err:
        raise ReadOnly(f"Cannot read {path} ({err.strerror}). Check its permissions.") from None
    if not os.access(path, os.R_OK):
        raise ReadOnly(f"Cannot read {path} (permission denied). Check its permissions.")
    if empty and not paths.wal_holds_steps(path):
        return None  # an empty file, as a crash before the first write leaves it
    try:
        con = sqlite3.connect(paths.read_only_uri(path), uri=True,
                              timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            version: int = con.execute("PRAGMA user_version").fetchone()[0]
            app_id: int = con.execute("PRAGMA application_id").fetchone()[0]
            pages: int = con.execute("PRAGMA page_count").fetchone()[0]
        finally:
            con.close()
    except sqlite3.DatabaseError as err:
        code = getattr(err, "sqlite_errorcode", None)
        if code == sqlite3.SQLITE_NOTADB:
            raise CorruptFile(f"{path} is not a HarmDesk data file (it is not an SQLite "
                              "database). " + advice) from None
        if code == sqlite3.SQLITE_READONLY_ROLLBACK:
            raise ReadOnly(f"{path} was left half-changed when HarmDesk stopped in the "
                           f"middle of a change; {path.name}-journal beside it holds what "
                           "puts it back. Open HarmDesk once where the file and its folder "
                           "can be written: it puts the file back as it was before that "
                           "change, and nothing saved is lost.") from None
        cause = machine_cause(path.parent)
        if cause:  # a sound file that cannot be read here is not a damaged one
            raise ReadOnly(f"{path} cannot be opened: {cause}, and the file still holds steps "
                           "in its -wal file that need it. Open it once where it can be "
                           "written.") from None
        raise CorruptFile(f"{path} is damaged ({err}). " + advice) from None
    if pages == 0:
        return None  # only an empty -wal beside an empty file
    if app_id != APPLICATION_ID or version < 1:
        raise CorruptFile(f"{path} is an SQLite database, but not one of HarmDesk's. " + advice)
    if version > paths.SCHEMA_VERSION:
        raise NewerFile(f"{path} was written by a newer HarmDesk (data version {version}; this "
                        f"HarmDesk reads up to {paths.SCHEMA_VERSION}). Update HarmDesk to open "
                        "it; the file has not been changed.")
    return version


def roll_back_half_change(path: Path) -> None:
    """Put the file back as it was before a change that stopped half-way (a kill during
    an upgrade, a restore or the switch to WAL) left a rollback journal beside it.

    SQLite plays a hot journal back on the first read of a connection that may write,
    under the file's exclusive lock, so it never runs under another connection's feet
    (and a journal still in use by a live writer is not hot, and is left alone). Only
    for a caller that may write the folder; a read-only connection cannot, and
    `inspect_file` then says what to do. A file SQLite cannot read is left for
    `inspect_file` to name."""
    if not paths.journal_left(path):
        return
    try:
        con = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            con.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            con.close()
    except sqlite3.DatabaseError:
        pass


def machine_cause(folder: Path) -> str:
    """Why nothing can be written in `folder`, in the GM's words; empty when it can."""
    if paths.folder_read_only(folder):
        return f"the folder {folder} is read-only"
    if paths.disk_full(folder):
        return f"the disk holding {folder} is full"
    return ""


def connect(path: Path, read_only: bool = False, wal: bool = True) -> sqlite3.Connection:
    """A connection with the pragmas, outside any transaction until BEGIN is sent.

    isolation_level=None stops sqlite3's implicit transactions: the store sends BEGIN
    IMMEDIATE itself, which takes the write lock up front, so a writer never fails
    half-way. Any thread may use it, one at a time (the store's pool hands it out).
    `wal=False` leaves the journal mode alone: switching to WAL rewrites the file's
    header, which must wait until a new file or an upgrade has succeeded.
    """
    if read_only:
        con = sqlite3.connect(paths.read_only_uri(path), uri=True, isolation_level=None,
                              timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
    else:
        con = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000,
                              check_same_thread=False)
    try:
        con.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        con.execute("PRAGMA foreign_keys=ON")
        if not read_only:
            if wal:
                con.execute("PRAGMA journal_mode=WAL")
            con.execute("PRAGMA synchronous=FULL")
    except BaseException:
        con.close()
        raise
    return con


def make_engine(path: Path, wal: bool = True,
                creator: Callable[[], sqlite3.Connection] | None = None) -> Engine:
    """An SQLAlchemy engine over `connect`'s connections (or `creator`'s), for creating
    and migrating the schema only; every statement it runs is in a BEGIN IMMEDIATE
    transaction.

    Python 3.11's sqlite3 does not roll back DDL in its implicit transactions; with them
    off and BEGIN sent here, a migration is all or nothing.
    """
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import NullPool
    engine = create_engine("sqlite://", creator=creator or (lambda: connect(path, wal=wal)),
                           poolclass=NullPool)

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def backup(path: Path, reason: str, label: str | None = None,
           now: datetime | None = None) -> Path:
    """A consistent copy in backups/, then rotation of its kind (see `backups`);
    StoreError if it fails, leaving no file that looks like a backup."""
    from .backups import make
    return make(path, reason, label, now)


def daily_backup(path: Path) -> Path | None:
    """One backup per day of use; only a complete one HarmDesk made counts."""
    from .backups import made_today
    return None if made_today(path) else backup(path, "daily")


def integrity_problem(path: Path) -> str | None:
    """What SQLite's quick check finds wrong with the file, or None when it is sound."""
    try:
        con = sqlite3.connect(paths.read_only_uri(path), uri=True,
                              timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            check: str = con.execute("PRAGMA quick_check").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error as err:
        return str(err)
    return None if check == "ok" else check


def create_schema(path: Path) -> None:
    """A new file with the schema's tables (`ddl.SCHEMA`), stamped as HarmDesk's at this
    version, in one transaction: a crash half-way leaves an empty file, which the next
    start fills."""
    from . import ddl
    con = connect(path, wal=False)  # the store's first connection switches to WAL
    try:
        con.execute("BEGIN IMMEDIATE")
        try:
            for statement in ddl.SCHEMA:
                con.execute(statement)
            con.execute(f"PRAGMA application_id={APPLICATION_ID}")
            con.execute(f"PRAGMA user_version={paths.SCHEMA_VERSION}")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        con.execute("COMMIT")
    finally:
        con.close()


def migrate(path: Path, version: int) -> None:
    """Climb the user_version ladder in one transaction, after a backup."""
    if version >= paths.SCHEMA_VERSION:
        return
    saved = backup(path, f"before-v{paths.SCHEMA_VERSION}")
    engine = make_engine(path, wal=False)  # the store's first connection switches to WAL
    try:
        with engine.begin() as conn:
            migrations.climb(conn, version)
    except Exception as err:  # any failure leaves the file as it was: one transaction
        raise StoreError(f"Upgrading {path} from data version {version} failed ({err}). "
                         f"The file is unchanged, and a copy is in {saved}.") from None
    finally:
        engine.dispose()


class UpgradedCopy:
    """An older file copied into memory and upgraded there, as a writer upgrades the file
    itself: what a reader reads while no writer has upgraded the file yet (a reading
    command before the first start of a new HarmDesk, an old backup just restored, a
    file on read-only media). The file is only read, through SQLite's backup API; the
    copy shows it as it was then, and lives until `close`."""

    def __init__(self, path: Path, version: int) -> None:
        # a memdb name starting with "/" is one database for every connection in this process
        self.uri = f"file:/harmdesk-copy-{os.getpid()}-{id(self)}?vfs=memdb"
        self._keep = self.connect()  # the copy lives as long as one connection to it
        try:
            source = sqlite3.connect(paths.read_only_uri(path), uri=True,
                                     timeout=BUSY_TIMEOUT_MS / 1000)
            try:
                source.backup(self._keep)
            finally:
                source.close()
            engine = make_engine(path, creator=self.connect)
            try:
                with engine.begin() as conn:
                    migrations.climb(conn, version)
            finally:
                engine.dispose()
        except Exception as err:
            self._keep.close()
            raise StoreError(f"Reading {path} (data version {version}, written by an "
                             f"older HarmDesk) failed ({getattr(err, 'orig', None) or err}). "
                             "The file has not been changed.") from None

    def connect(self) -> sqlite3.Connection:
        """A connection to the copy, as `connect`'s are (outside any transaction)."""
        con = sqlite3.connect(self.uri, uri=True, isolation_level=None,
                              check_same_thread=False)
        con.execute("PRAGMA foreign_keys=ON")
        return con

    def close(self) -> None:
        self._keep.close()


class WriterLock:
    """One writer per data file: the first HarmDesk holds a lock; others read only."""

    HELD: Final = "another HarmDesk is already writing to this data file"
    # the lock files this process holds, so its own work can tell it is the writer
    _held: ClassVar[set[str]] = set()
    _held_lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, path: Path) -> None:
        self.path = path.with_name(path.name + ".lock")
        self._fd: int | None = None

    @classmethod
    def held_here(cls, path: Path) -> bool:
        """Whether this process holds the writer lock of the data file `path`."""
        with cls._held_lock:
            return os.path.abspath(path.with_name(path.name + ".lock")) in cls._held

    def acquire(self) -> str | None:
        """Take the lock: None when taken, else why not, in the GM's words. Only a lock
        held by another process is "another HarmDesk"; a lock file that cannot be made or
        locked says so, as one writer can then not be made sure of. A lock file that is a
        link, a folder or a pipe is never opened (nor written through)."""
        kind = paths.kind_of(self.path)
        if kind is not None:
            return (f"its lock file {self.path} is {kind}, not a file HarmDesk made; remove "
                    "it (HarmDesk makes a new one)")
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) \
            | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(self.path, flags, 0o666)
        except OSError as err:
            if err.errno == errno.ELOOP:  # a link put there since we looked
                return (f"its lock file {self.path} is a link, not a file HarmDesk made; "
                        "remove it (HarmDesk makes a new one)")
            return (f"its lock file {self.path} cannot be opened ({err.strerror or err}); "
                    "check the folder's permissions")
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped in since we looked
                os.close(fd)
                return (f"its lock file {self.path} is not a plain file; remove it "
                        "(HarmDesk makes a new one)")
            if sys.platform == "win32":
                import msvcrt
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            else:
                import fcntl
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as err:
            os.close(fd)
            if err.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES, errno.EDEADLK):
                return self.HELD  # (Windows says EACCES or EDEADLK for a held lock)
            return (f"the folder's file system cannot lock {self.path} ({err.strerror}), so "
                    "HarmDesk cannot make sure it is the only one writing; move the data "
                    "folder to a local disk")
        self._fd = fd
        with self._held_lock:
            self._held.add(os.path.abspath(self.path))
        return None

    def release(self) -> None:
        if self._fd is not None:
            with self._held_lock:
                self._held.discard(os.path.abspath(self.path))
            os.close(self._fd)  # closing the file releases the lock
            self._fd = None


# SQLite's primary result codes (the low byte of `sqlite_errorcode`) that name a machine's
# trouble rather than HarmDesk's
SQLITE_CAUSES = {3: "read-only",    # SQLITE_PERM
                 5: "busy",         # SQLITE_BUSY
                 6: "busy",         # SQLITE_LOCKED
                 8: "read-only",    # SQLITE_READONLY
                 10: "disk error",  # SQLITE_IOERR
                 11: "damaged",     # SQLITE_CORRUPT
                 13: "full",        # SQLITE_FULL
                 14: "cannot open",  # SQLITE_CANTOPEN
                 26: "damaged"}     # SQLITE_NOTADB


def sqlite_cause(err: BaseException) -> str | None:
    """What SQLite's result code says went wrong (one of SQLITE_CAUSES' words), read from
    the code and never from the message, which SQLite words as it likes; None for an
    error without one, or with another code."""
    code = getattr(err, "sqlite_errorcode", None)
    return SQLITE_CAUSES.get(code & 0xFF) if isinstance(code, int) else None


def from_machine(err: BaseException) -> bool:
    """Whether an sqlite3 error is the machine's or the file's (what `environment_error`
    explains) rather than a mistake in HarmDesk's own SQL."""
    return isinstance(err, sqlite3.OperationalError) or sqlite_cause(err) is not None


def environment_error(err: Exception, path: Path) -> StoreError:
    """Turn an SQLite error from the machine (full, read-only, busy, a disk error, a
    damaged file) into advice."""
    cause = sqlite_cause(err)
    if cause == "full" or paths.disk_full(path.parent):
        return DiskFull(f"The disk holding {path} is full; nothing was saved from the last "
                        "step. Free some space and try again.")
    if cause == "read-only":
        return ReadOnly(f"{path} cannot be written (read-only). Check the file's and its "
                        "folder's permissions.")
    if cause == "busy":
        return StoreError(f"{path} is busy in another program; try again in a moment.")
    if cause == "disk error":
        return StoreError(f"The disk holding {path} failed to read or write it ({err}); "
                          "nothing was saved from the last step. Check that the disk is "
                          "still attached and sound, and try again.")
    if cause == "damaged":
        return CorruptFile(f"{path} is damaged ({err}); nothing was saved from the last step. "
                           f"Restore a copy from {path.parent / 'backups'} (File → Restore "
                           "from backup…, or `harmdesk backups restore`).")
    if cause == "cannot open":
        return ReadOnly(f"{path} cannot be opened ({err}). Check that it and its folder still "
                        "exist and can be written.")
    return StoreError(f"Saving to {path} failed ({err}); nothing was changed.")
