"""The one place that reads and writes campaigns, characters, sessions and the log.

Everything handed out is plain data (dicts and dataclasses), never live rows,
so callers on any thread can hold it safely. It runs on plain sqlite3 connections
over `schema`'s tables, JSON columns written as SQLAlchemy's JSON type writes them
(json.dumps, None as `null`), so SQLAlchemy loads only to create or upgrade a file.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from . import db, paths, steps
from .log_reads import LogReads
from .steps import LogEntry

SESSION_COLUMNS = ("id", "campaign_id", "number", "started", "ended", "title", "notes")
RESTORE_WAIT_S = 60  # how long a restore waits for a summary still reading the file


class NoFile(db.ReadOnly):
    """A reader found no data file: only a writer makes one."""


@dataclass(frozen=True)
class CampaignInfo:
    id: int
    name: str
    system: str
    settings: dict
    initial: dict
    options: dict


class Store(LogReads):
    """A data folder's `harmdesk.sqlite`. Open with `Store.open(folder)`."""

    def __init__(self, path: Path, read_only: bool, why_read_only: str, lock):
        self.path = path
        self.read_only = read_only
        self.why_read_only = why_read_only
        self._lock = lock
        # idle connections, handed to one thread at a time (a worker and the GUI share us)
        self._idle: list[sqlite3.Connection] = []
        self._pool_lock = threading.Lock()
        self._out = 0  # connections handed out now, each to one thread
        self._returned = threading.Condition(self._pool_lock)
        self._restoring = False  # no connection is handed out while the file is replaced
        self._hooks: list[Callable[[sqlite3.Connection], None]] = []
        self._held = threading.local()  # the connection a thread reads on in `one_read`
        self._closed = False
        self._tidy = False
        self._copy: db.UpgradedCopy | None = None  # what a reader of an older file reads
        # a thread's transaction that its changes join (`together`)
        self._joined = threading.local()
        self._saves = 0  # transactions committed, and how many a backup had seen
        self._saves_backed_up = 0
        self._newest_backup: list = []  # when the newest backup was made, once read

    @classmethod
    def open(cls, folder: str | os.PathLike | None = None, write: bool = True) -> "Store":
        """The data folder's store: the one writer if `write` and nobody else writes,
        else a reader (`write=False` takes no lock, so it never stops a writer). The file is
        looked at under the writer's lock, so two first starts never both find no file; a
        reader raises `NoFile` when there is none yet. A folder or a data file that is not
        what HarmDesk makes there (a file for the folder; a folder, a named pipe or a link for
        the file) is refused, named, before anything is opened or written."""
        folder = db.data_dir(folder)
        path = folder / db.DB_NAME
        paths.check_data_folder(folder)
        paths.check_data_files(path)
        if not write:
            tidy = not db.machine_cause(folder) and os.access(path, os.W_OK)
            if tidy:
                # a change stopped half-way is put back even by a reader, where the folder
                # can be written: SQLite does it under the file's own lock, so it takes
                # no writer lock and stands in no writer's way (a live writer's journal
                # is never rolled back), and until then nobody could read the file
                db.roll_back_half_change(path)
            version = db.inspect_file(path)  # raises before anything is written
            if version is None:
                raise NoFile(f"There is no data file at {path} yet.")
            return cls._reader(path, version, "it was opened only to read", tidy)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise db.ReadOnly(f"Cannot create the data folder {folder} ({err.strerror}).") \
                from None
        why = db.machine_cause(folder)
        if not why and path.exists() and not os.access(path, os.W_OK):
            why = f"{path} is read-only (check its permissions)"
        lock = None
        if not why:
            lock = db.WriterLock(path)
            why = lock.acquire() or ""
        try:
            if not why:  # the writer, under its lock
                db.roll_back_half_change(path)  # what a killed writer left half-changed
            version = db.inspect_file(path)  # under the lock: raises before anything is written
        except db.StoreError:
            if lock is not None:
                lock.release()
            raise
        if why:
            if version is None:
                raise db.ReadOnly(f"Cannot create {path}: {why}.")
            return cls._reader(path, version, why)
        try:
            from .backups import remove_leftovers
            remove_leftovers(path)  # what a HarmDesk killed while copying left behind
            if version is None:
                db.create_schema(path)  # an empty file left by a crash is filled, never removed
            else:
                db.migrate(path, version)
        except sqlite3.DatabaseError as err:
            lock.release()
            if not db.from_machine(err):
                raise
            raise db.environment_error(err, path) from None
        except db.StoreError:
            lock.release()
            raise
        return cls(path, False, "", lock)

    @classmethod
    def _reader(cls, path: Path, version: int, why: str, tidy: bool = False) -> "Store":
        """A store that only reads the file; one of an older version (no writer has
        upgraded it yet) reads a copy upgraded in memory, and the file stays as it is.

        `tidy`: the folder can be written, so the reader's connections may be read-write
        (the store itself never writes through them): the last one to close folds the
        WAL back and removes it and the -shm, as a writer's does, so a reader leaves the
        folder as it found it."""
        store = cls(path, True, why, None)
        if version < db.paths.SCHEMA_VERSION:
            store._copy = db.UpgradedCopy(path, version)
        else:
            store._tidy = tidy
        return store

    def on_connect(self, hook: Callable[[sqlite3.Connection], None]) -> Callable[[], None]:
        """Run `hook` on every connection made from now on (a trace, a limit); the idle
        ones are closed, so every later statement runs on a hooked one. Returns the
        function that takes the hook away again (closing the hooked connections)."""
        with self._pool_lock:
            self._hooks.append(hook)
        self._close_idle()

        def remove() -> None:
            with self._pool_lock:
                self._hooks.remove(hook)
            self._close_idle()

        return remove

    def _close_idle(self) -> None:
        with self._pool_lock:
            idle, self._idle = self._idle, []
        for con in idle:
            con.close()

    def maintain(self) -> list[str]:
        """The integrity check, then the day's backup: slow on a big file, so run after
        the store is ready and off the GUI thread. What the GM should hear, as sentences
        (empty: all is well); never raises, and a failed backup changes nothing else."""
        folder = self.path.parent / "backups"
        problem = db.integrity_problem(self.path)
        if problem is not None:
            # no backup of a damaged file: it would push the good ones out of rotation
            return [f"SQLite's check finds {self.path} damaged ({problem}). Keep working if "
                    f"you must, but restore a copy from {folder} soon; no backup was made today."]
        if self.read_only:
            return []
        try:
            seen = self._saves
            db.daily_backup(self.path)
            self._saves_backed_up, self._newest_backup = seen, []
        except Exception as err:  # noqa: BLE001 (a backup must never take the desk down)
            return [f"Today's backup was not made: {err} HarmDesk goes on saving your "
                    "changes and tries again next time."]
        return []

    def back_up(self, reason: str, label: str, now: datetime | None = None) -> list[str]:
        """A backup for a moment of play (`backups.play_reason`), saying what it holds
        (`label`); `now`: the time it is made. What the GM should hear (empty: done);
        never raises, and a failed backup changes nothing else."""
        if self.read_only:
            return []
        seen = self._saves
        try:
            db.backup(self.path, reason, label, now)
        except Exception as err:  # noqa: BLE001 (a backup must never take the desk down)
            return [f"The backup ({label}) was not made: {err} HarmDesk goes on saving your "
                    "changes and tries again within the hour."]
        self._saves_backed_up = seen
        self._newest_backup = [now or datetime.now(timezone.utc)]
        return []

    def hour_of_play_due(self, now: datetime) -> bool:
        """Whether an hour of play wants its backup at `now`: something was saved since
        this store's last backup, and HarmDesk's newest backup is an hour old or more."""
        from . import backups
        if self.read_only or self._saves == self._saves_backed_up:
            return False
        if not self._newest_backup:  # read once, not on every step
            self._newest_backup = [backups.newest_time(self.path)]
        newest = self._newest_backup[0]
        return newest is None or now - newest >= backups.PLAY_EVERY

    def restore(self, file: str | os.PathLike) -> dict:
        """Replace this data file with a backup (`backups.restore`): FILE by name within
        backups/ or a path. A writable store restores under the writer lock it holds and
        is closed afterwards (open the folder again); one opened read-only must take the
        lock, so the restore is refused while another HarmDesk writes. StoreError when
        refused, and then nothing changed and this store still works."""
        from . import backups
        source = backups.chosen(self.path, str(file))
        if not self.read_only:
            backups.trusted(source)  # before the pool closes (which writes the WAL back)
        self._wait_for_connections()
        try:
            self._close_idle()
            if self.read_only:
                return backups.restore(self.path, source)
            done = backups.restore(self.path, source, lock_held=True)
        finally:
            with self._pool_lock:
                self._restoring = False
        self.close()
        return done

    def _wait_for_connections(self) -> None:
        """Hand out no connection from now on, and wait for those other threads hold (a
        summary being read) to come back: one still open on the file a restore replaces
        would, closing later, fold its WAL back and delete the new file's -wal by its
        name. StoreError, nothing changed, when they stay out."""
        with self._returned:
            self._restoring = True
            if not self._returned.wait_for(lambda: self._out == 0, RESTORE_WAIT_S):
                self._restoring = False
                raise db.StoreError(f"HarmDesk is still reading {self.path} (a session summary "
                                    "being written); restore once it is done. Nothing was "
                                    "changed.")

    def close(self) -> None:
        self._closed = True
        self._close_idle()
        if self._copy is not None:
            self._copy.close()
        if self._lock:
            self._lock.release()

    @contextmanager
    def one_read(self):
        """Every read this thread makes inside sees the file as it was at the first one
        (one read transaction on one connection), whatever other threads save meanwhile:
        a summary's log and the desk it works back from belong together. Writes inside
        go on a connection of their own, and are not seen by these reads."""
        if getattr(self._held, "con", None) is not None:
            yield  # already inside one
            return
        with self._pooled() as con:
            con.execute("BEGIN")
            self._held.con = con
            try:
                yield
            finally:
                self._held.con = None  # the pool ends the read transaction

    @contextmanager
    def together(self):
        """Every change this thread makes inside, in ONE transaction: all of them are
        saved, or none (a first start's demo campaigns). Reads inside see them."""
        with self._hot() as con:
            self._joined.con = con
            try:
                yield
            finally:
                self._joined.con = None

    @contextmanager
    def _hot(self):
        """One BEGIN IMMEDIATE transaction on a pooled connection (with the pragmas of
        every connection); machine errors become advice and nothing is half written.
        Inside `together` it is a savepoint of that transaction instead."""
        if self.read_only:
            raise db.ReadOnly(f"This data file is open read-only: {self.why_read_only}.")
        joined = getattr(self._joined, "con", None)
        if joined is not None:
            with self._savepoint(joined) as con:
                yield con
            return
        with self._pooled() as con:
            con.execute("BEGIN IMMEDIATE")
            try:
                yield con
                con.execute("COMMIT")
                self._saves += 1
            except BaseException:
                if con.in_transaction:
                    try:
                        con.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass  # the pool rolls back again before anyone reuses it
                raise

    @contextmanager
    def _savepoint(self, con: sqlite3.Connection):
        """A change inside `together`'s transaction: undone alone if it fails."""
        with self._advised():
            con.execute("SAVEPOINT change")
            try:
                yield con
                con.execute("RELEASE change")
            except BaseException:
                if con.in_transaction:  # SQLite may have rolled it all back already
                    try:
                        con.execute("ROLLBACK TO change")
                        con.execute("RELEASE change")
                    except sqlite3.Error:
                        pass  # `together` rolls the whole transaction back
                raise

    @contextmanager
    def _reading(self):
        """A pooled connection, outside any transaction (each read is its own); inside
        `together` that transaction's connection, inside `one_read` that one's; machine
        errors (busy, unreadable) become advice."""
        held = getattr(self._joined, "con", None) or getattr(self._held, "con", None)
        if held is not None:
            with self._advised():
                yield held
            return
        with self._pooled() as con:
            yield con

    @contextmanager
    def _pooled(self):
        """A pooled connection of this thread's own until the block ends; machine errors
        become advice."""
        with self._advised():
            con = self._checkout()
        try:
            with self._advised():
                yield con
        finally:
            self._checkin(con)

    @contextmanager
    def _advised(self):
        """An SQLite error from the machine or the file (full, read-only, busy, a disk
        error, a damaged file) becomes advice; one from HarmDesk's own SQL stays a bug."""
        try:
            yield
        except sqlite3.DatabaseError as err:
            if not db.from_machine(err):
                raise
            raise db.environment_error(err, self.path) from None

    def _checkout(self) -> sqlite3.Connection:
        with self._pool_lock:
            if self._restoring:
                raise db.StoreError(f"{self.path} is being restored from a backup; try again "
                                    "in a moment.")
            self._out += 1
            if self._idle:
                return self._idle.pop()
            hooks = list(self._hooks)
        try:
            if self._copy is not None:
                con = self._copy.connect()
            else:
                con = (db.connect(self.path, wal=False) if self._tidy
                       else db.connect(self.path, self.read_only))
            for hook in hooks:
                hook(con)
        except BaseException:
            self._came_back()
            raise
        return con

    def _checkin(self, con: sqlite3.Connection) -> None:
        try:
            if con.in_transaction:
                con.execute("ROLLBACK")
        except sqlite3.Error:
            con.close()  # a connection that cannot roll back is not reused
            self._came_back()
            return
        with self._pool_lock:
            if not self._closed:
                self._idle.append(con)
                self._out -= 1
                self._returned.notify_all()
                return
        con.close()
        self._came_back()

    def _came_back(self) -> None:
        with self._pool_lock:
            self._out -= 1
            self._returned.notify_all()

    # campaigns -----------------------------------------------------------
    def empty(self) -> bool:
        """Whether the file holds no campaign yet (a first start has not made its demos)."""
        with self._reading() as con:
            return con.execute("SELECT 1 FROM campaign LIMIT 1").fetchone() is None

    def campaigns(self) -> list[dict]:
        with self._reading() as con:
            rows = con.execute("SELECT name, system, opened FROM campaign "
                               "ORDER BY opened DESC, id DESC").fetchall()
        return [{"name": n, "system": s, "opened": o} for n, s, o in rows]

    def create_campaign(self, name: str, system: str, settings: dict, sheets: list[dict],
                        characters: list[dict], options: dict | None = None,
                        log: list[dict] = ()) -> CampaignInfo:
        """A campaign, its starting desk and, for an import, its whole log, in one transaction.

        `sheets` are the starting characters as given (kept for export), `characters`
        their states from the rules core; `log` holds mappings of `record`'s arguments,
        each with the time it was made (`applied_at`, None: now).
        """
        stamp = db.now()
        initial = {"settings": settings, "characters": sheets}
        with self._hot() as con:
            try:
                cid = con.execute(
                    "INSERT INTO campaign (name, system, settings, initial, options, created, "
                    "opened) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (name, system, json.dumps(settings), json.dumps(initial),
                     json.dumps(options or {}), stamp, stamp)).lastrowid
            except sqlite3.IntegrityError:
                raise db.StoreError(f"There is already a campaign named {name!r}.") from None
            con.executemany(
                "INSERT INTO character (campaign_id, cid, sheet, state, position, archived) "
                "VALUES (?, ?, ?, ?, ?, 0)",
                [(cid, char["id"], json.dumps(char), json.dumps(char), position)
                 for position, char in enumerate(characters)])
            for seq, logged in enumerate(log, start=1):
                # an imported row keeps the time it was made
                steps.insert_row(con, cid, None, seq, seq, logged,
                                 logged.get("applied_at") or stamp, None)
                steps.write_states(con, cid, logged["after"], logged.get("settings_after"))
        return self.campaign(name)

    def campaign(self, name: str) -> CampaignInfo:
        with self._reading() as con:
            row = con.execute("SELECT id, name, system, settings, initial, options "
                              "FROM campaign WHERE name = ?", (name,)).fetchone()
        if row is None:
            raise db.StoreError(f"There is no campaign named {name!r}.")
        return CampaignInfo(row[0], row[1], row[2], *(json.loads(v) for v in row[3:]))

    def touch(self, campaign_id: int) -> None:
        if not self.read_only:
            with self._hot() as con:
                con.execute("UPDATE campaign SET opened = ? WHERE id = ?",
                            (db.now(), campaign_id))

    def set_options(self, campaign_id: int, options: dict) -> None:
        with self._hot() as con:
            con.execute("UPDATE campaign SET options = ? WHERE id = ?",
                        (json.dumps(options), campaign_id))

    def characters(self, campaign_id: int) -> dict[str, dict]:
        """The desk: every character not archived, in desk order."""
        with self._reading() as con:
            rows = con.execute("SELECT cid, state FROM character WHERE campaign_id = ? "
                               "AND archived = 0 ORDER BY position", (campaign_id,)).fetchall()
        return {cid: json.loads(state) for cid, state in rows}

    def desk_order(self, campaign_id: int) -> list[str]:
        """Every character's id in desk order, those that left the desk included."""
        with self._reading() as con:
            return [r[0] for r in con.execute("SELECT cid FROM character WHERE campaign_id = ? "
                                              "ORDER BY position", (campaign_id,))]

    # the log ---------------------------------------------------------------
    def record(self, campaign_id: int, action: dict, events: list, before: dict, after: dict,
               settings_before: dict | None = None, settings_after: dict | None = None,
               session_id: int | None = None) -> LogEntry:
        """Log one applied action as an undo step of its own and write its new states."""
        logged = {"action": action, "events": events, "before": before, "after": after,
                  "settings_before": settings_before, "settings_after": settings_after}
        return self.record_step(campaign_id, [logged], session_id)[0]

    def record_step(self, campaign_id: int, logged: list[dict], session_id: int | None = None,
                    text: str | None = None) -> list[LogEntry]:
        """Log applied actions as one undo step and write their new states, in one transaction.

        `logged` holds mappings of `record`'s arguments, in the order they were applied.
        A new step drops the undone steps after it (the redo branch), as editors do.
        """
        with self._hot() as con:
            return steps.record_step(con, campaign_id, logged, session_id, text, db.now())

    def undo(self, campaign_id: int) -> list[LogEntry]:
        """Put back the states before the newest applied step, all its rows in one
        transaction; they come back newest first. Empty when nothing is left."""
        with self._hot() as con:
            return steps.undo(con, campaign_id)

    def redo(self, campaign_id: int) -> list[LogEntry]:
        """Apply again the oldest undone step, all its rows in order, in one transaction."""
        with self._hot() as con:
            return steps.redo(con, campaign_id)

    # play sessions ----------------------------------------------------------
    def sessions(self, campaign_id: int) -> list[dict]:
        with self._reading() as con:
            rows = con.execute(f"SELECT {', '.join(SESSION_COLUMNS)} FROM play_session "
                               "WHERE campaign_id = ? ORDER BY number", (campaign_id,))
            return [dict(zip(SESSION_COLUMNS, r)) for r in rows]

    def start_session(self, campaign_id: int, title: str = "") -> dict:
        stamp = db.now()
        with self._hot() as con:
            con.execute("UPDATE play_session SET ended = ? WHERE campaign_id = ? "
                        "AND ended IS NULL", (stamp, campaign_id))
            number = con.execute("SELECT coalesce(max(number), 0) + 1 FROM play_session "
                                 "WHERE campaign_id = ?", (campaign_id,)).fetchone()[0]
            con.execute("INSERT INTO play_session (campaign_id, number, started, ended, title, "
                        "notes) VALUES (?, ?, ?, NULL, ?, '')",
                        (campaign_id, number, stamp, title))
        return self.sessions(campaign_id)[-1]

    def end_session(self, campaign_id: int, notes: str | None = None) -> dict | None:
        with self._hot() as con:
            if notes is None:
                con.execute("UPDATE play_session SET ended = ? WHERE campaign_id = ? "
                            "AND ended IS NULL", (db.now(), campaign_id))
            else:
                con.execute("UPDATE play_session SET ended = ?, notes = ? "
                            "WHERE campaign_id = ? AND ended IS NULL",
                            (db.now(), notes, campaign_id))
        sessions = self.sessions(campaign_id)
        return sessions[-1] if sessions else None

    def open_session(self, campaign_id: int) -> dict | None:
        return next((s for s in self.sessions(campaign_id) if s["ended"] is None), None)
