"""The one place that reads and writes campaigns, characters, sessions and the log.

Everything handed out is plain data (dicts and dataclasses), never live rows,
so callers on any thread can hold it safely. It runs on plain sqlite3 connections
over `schema`'s tables, JSON columns written as SQLAlchemy's JSON type writes them
(json.dumps, None as `null`), so SQLAlchemy loads only to create or upgrade a file.

The store opens the file and decides what a change runs in; `connections` hands out the
connections and runs the transactions, `steps` writes the log and `log_reads` reads it.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import db, log_reads, paths, steps, templates
from .connections import Connections
from .steps import LogEntry, Logged
from .templates import StoredTemplate

SESSION_COLUMNS = ("id", "campaign_id", "number", "started", "ended", "title", "notes",
                   "story")
RESTORE_WAIT_S = 60  # how long a restore waits for a summary still reading the file


class NoFile(db.ReadOnly):
    """A reader found no data file: only a writer makes one."""


@dataclass(frozen=True)
class CampaignInfo:
    id: int
    name: str
    system: str
    settings: dict[str, Any]
    initial: dict[str, Any]
    options: dict[str, Any]


@dataclass(frozen=True)
class Checkpoint:
    """A moment of the log to rewind to: the desk as it was after row `seq` (0: the start),
    `kind` "play_session", "encounter", "round" or "mark"; `made`: when (ISO, UTC)."""

    seq: int
    label: str
    kind: str
    made: str


class Store:
    """A data folder's `harmdesk.sqlite`. Open with `Store.open(folder)`."""

    def __init__(self, path: Path, read_only: bool, why_read_only: str,
                 lock: db.WriterLock | None, connections: Connections | None = None) -> None:
        self.path = path
        self.read_only = read_only
        self.why_read_only = why_read_only
        # read-only only because another HarmDesk writes: writable once that one stops
        self.another_writer = why_read_only == db.WriterLock.HELD
        self._lock = lock
        # handed to one thread at a time (a worker and the GUI share a store)
        self.connections = connections or Connections(path, read_only)
        self._saves_backed_up = 0  # how many saves the newest backup had seen
        # when the newest backup was made, once read
        self._newest_backup: list[datetime | None] = []
        # the integrity check is due whatever the day's backup: after an upgrade, or when
        # the last writer stopped without closing the file (`open` says)
        self.check_due = False

    @classmethod
    def open(cls, folder: str | os.PathLike[str] | None = None, write: bool = True) -> Store:
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
        unclean = False
        try:
            if not why:  # the writer, under its lock
                unclean = paths.left_open(path)  # a writer stopped without closing it
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
        assert lock is not None  # no reason to read only: the lock is taken
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
        store = cls(path, False, "", lock)
        store.check_due = unclean or (version is not None and version < paths.SCHEMA_VERSION)
        return store

    @classmethod
    def _reader(cls, path: Path, version: int, why: str, tidy: bool = False) -> Store:
        """A store that only reads the file; one of an older version (no writer has
        upgraded it yet) reads a copy upgraded in memory, and the file stays as it is.

        `tidy`: the folder can be written, so the reader leaves it as it found it
        (`Connections`)."""
        if version < paths.SCHEMA_VERSION:
            copy = db.UpgradedCopy(path, version)
            return cls(path, True, why, None, Connections(path, True, copy))
        return cls(path, True, why, None, Connections(path, True, tidy=tidy))

    def maintain(self) -> list[str]:
        """The integrity check, then the day's backup, where they protect something: once
        a day before that backup (a damaged file is never backed up), and after an
        upgrade or an unclean stop (`check_due`); never on every open, since both read
        the whole file. Slow when due, so run after the store is ready and off the GUI
        thread. What the GM should hear, as sentences (empty: all is well); never raises,
        and a failed backup changes nothing else. (A restore checks the copy it puts
        back itself.)"""
        from .backups import made_today
        folder = self.path.parent / "backups"
        try:
            daily = not self.read_only and not made_today(self.path)
        except Exception:  # a list it cannot read: the backup below says why
            daily = not self.read_only
        if not daily and not self.check_due:
            return []
        problem = db.integrity_problem(self.path)
        if problem is not None:
            # no backup of a damaged file: it would push the good ones out of rotation
            return [f"SQLite's check finds {self.path} damaged ({problem}). Keep working if "
                    f"you must, but restore a copy from {folder} soon; no backup was made today."]
        self.check_due = False
        if not daily:
            return []
        try:
            seen = self.connections.saves
            db.daily_backup(self.path)
            self._saves_backed_up, self._newest_backup = seen, []
        except Exception as err:  # a backup must never take the desk down
            return [f"Today's backup was not made: {err} HarmDesk goes on saving your "
                    "changes and tries again next time."]
        return []

    def back_up(self, reason: str, label: str, now: datetime | None = None) -> list[str]:
        """A backup for a moment of play (`backups.play_reason`), saying what it holds
        (`label`); `now`: the time it is made. What the GM should hear (empty: done);
        never raises, and a failed backup changes nothing else."""
        if self.read_only:
            return []
        seen = self.connections.saves
        try:
            db.backup(self.path, reason, label, now)
        except Exception as err:  # a backup must never take the desk down
            return [f"The backup ({label}) was not made: {err} HarmDesk goes on saving your "
                    "changes and tries again within the hour."]
        self._saves_backed_up = seen
        self._newest_backup = [now or datetime.now(UTC)]
        return []

    def hour_of_play_due(self, now: datetime) -> bool:
        """Whether an hour of play wants its backup at `now`: something was saved since
        this store's last backup, and HarmDesk's newest backup is an hour old or more."""
        from . import backups
        if self.read_only or self.connections.saves == self._saves_backed_up:
            return False
        if not self._newest_backup:  # read once, not on every step
            self._newest_backup = [backups.newest_time(self.path)]
        newest = self._newest_backup[0]
        return newest is None or now - newest >= backups.PLAY_EVERY

    def restore(self, file: str | os.PathLike[str]) -> dict[str, Any]:
        """Replace this data file with a backup (`backups.restore`): FILE by name within
        backups/ or a path. A writable store restores under the writer lock it holds and
        is closed afterwards (open the folder again); one opened read-only must take the
        lock, so the restore is refused while another HarmDesk writes. StoreError when
        refused, and then nothing changed and this store still works."""
        from . import backups
        source = backups.chosen(self.path, str(file))
        if not self.read_only:
            backups.trusted(source)  # before the pool closes (which writes the WAL back)
        with self.connections.restoring(RESTORE_WAIT_S):
            if self.read_only:
                return backups.restore(self.path, source)
            done = backups.restore(self.path, source, lock_held=True)
        self.close()
        return done

    def close(self) -> None:
        self.connections.close()
        if self._lock:
            self._lock.release()

    def one_read(self) -> AbstractContextManager[None]:
        """Every read this thread makes inside sees the file as it was at the first one
        (one read transaction on one connection), whatever other threads save meanwhile:
        a summary's log and the desk it works back from belong together. Writes inside
        go on a connection of their own, and are not seen by these reads."""
        return self.connections.one_read()

    def together(self) -> AbstractContextManager[None]:
        """Every change this thread makes inside, in ONE transaction: all of them are
        saved, or none (a first start's demo campaigns). Reads inside see them."""
        return self.connections.together()

    @contextmanager
    def _hot(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (`Connections.writing`), refused on a read-only store."""
        if self.read_only:
            raise db.ReadOnly(f"This data file is open read-only: {self.why_read_only}.")
        with self.connections.writing() as con:
            yield con

    def _reading(self) -> AbstractContextManager[sqlite3.Connection]:
        return self.connections.reading()

    # campaigns -----------------------------------------------------------
    def empty(self) -> bool:
        """Whether the file holds no campaign yet (a first start has not made its demos)."""
        with self._reading() as con:
            return con.execute("SELECT 1 FROM campaign LIMIT 1").fetchone() is None

    def campaigns(self) -> list[dict[str, Any]]:
        with self._reading() as con:
            rows = con.execute("SELECT name, system, opened FROM campaign "
                               "ORDER BY opened DESC, id DESC").fetchall()
        return [{"name": n, "system": s, "opened": o} for n, s, o in rows]

    def create_campaign(self, name: str, system: str, settings: dict[str, Any],
                        sheets: list[dict[str, Any]], characters: list[dict[str, Any]],
                        options: dict[str, Any] | None = None,
                        log: Iterable[Logged] = ()) -> CampaignInfo:
        """A campaign, its starting desk and, for an import, its whole log, in one transaction.

        `sheets` are the starting characters as given (kept for export), `characters`
        their states from the rules core; `log` the applied actions, each with the time it
        was made (`applied_at`, None: now).
        """
        stamp = db.now()
        initial = {"settings": settings, "characters": sheets}
        with self._hot() as con:
            try:
                inserted = con.execute(
                    "INSERT INTO campaign (name, system, settings, initial, options, created, "
                    "opened) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (name, system, json.dumps(settings), json.dumps(initial),
                     json.dumps(options or {}), stamp, stamp))
            except sqlite3.IntegrityError:
                raise db.StoreError(f"There is already a campaign named {name!r}.") from None
            cid = inserted.lastrowid
            assert cid is not None  # an INSERT's row always has one
            con.executemany(
                "INSERT INTO character (campaign_id, cid, sheet, state, position, archived) "
                "VALUES (?, ?, ?, ?, ?, 0)",
                [(cid, char["id"], json.dumps(char), json.dumps(char), position)
                 for position, char in enumerate(characters)])
            for seq, logged in enumerate(log, start=1):
                # an imported row keeps the time it was made
                steps.insert_row(con, cid, None, seq, seq, logged,
                                 logged.get("applied_at") or stamp, None)
                if logged.get("correction") is not None:
                    steps.correct(con, cid, seq, logged["correction"], undoing=False)
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

    def set_options(self, campaign_id: int, options: dict[str, Any]) -> None:
        with self._hot() as con:
            con.execute("UPDATE campaign SET options = ? WHERE id = ?",
                        (json.dumps(options), campaign_id))

    def characters(self, campaign_id: int) -> dict[str, dict[str, Any]]:
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
    def record_step(self, campaign_id: int, logged: list[Logged],
                    session_id: int | None = None, text: str | None = None,
                    checkpoints: Iterable[tuple[str, str]] = ()) -> list[LogEntry]:
        """Log applied actions as one undo step and write their new states, in one transaction.

        `logged` holds the actions in the order they were applied.
        A new step drops the undone steps after it (the redo branch), as editors do.
        `checkpoints`: (kind, label) of each moment to rewind to that the step begins (a
        round), kept at its last row.
        """
        stamp = db.now()
        with self._hot() as con:
            entries = steps.record_step(con, campaign_id, logged, session_id, text, stamp)
            con.executemany("INSERT INTO checkpoint (campaign_id, seq, kind, label, made) "
                            "VALUES (?, ?, ?, ?, ?)", [(campaign_id, entries[-1].seq, kind,
                                                       label, stamp)
                                                      for kind, label in checkpoints])
            return entries

    def undo(self, campaign_id: int) -> list[LogEntry]:
        """Put back the states before the newest applied step, all its rows in one
        transaction; they come back newest first. Empty when nothing is left."""
        with self._hot() as con:
            return steps.undo(con, campaign_id)

    def redo(self, campaign_id: int) -> list[LogEntry]:
        """Apply again the oldest undone step, all its rows in order, in one transaction."""
        with self._hot() as con:
            return steps.redo(con, campaign_id)

    # reading the log (`log_reads`) ---------------------------------------------
    def history(self, campaign_id: int) -> tuple[int, int]:
        """How many steps can be undone and redone."""
        with self._reading() as con:
            return log_reads.history(con, campaign_id)

    def can_step(self, campaign_id: int) -> tuple[bool, bool]:
        """Whether a step can be undone, and one redone, without counting them."""
        with self._reading() as con:
            return log_reads.can_step(con, campaign_id)

    def log(self, campaign_id: int, include_undone: bool = False,
            session_ids: list[int] | None = None, since: int | None = None) -> list[LogEntry]:
        """The log in order; `since`: only from that seq on (through its index)."""
        with self._reading() as con:
            return log_reads.log(con, campaign_id, include_undone, session_ids, since)

    def summary_log(self, campaign_id: int, since: int | None = None,
                    until: int | None = None) -> list[steps.SummaryEntry]:
        """The applied log in order (only seqs `since` to `until`, each if given) as a
        summary reads it."""
        with self._reading() as con:
            return log_reads.summary_log(con, campaign_id, since, until)

    def walk_log(self, campaign_id: int) -> Iterator[steps.ForwardEntry]:
        """The rows that count, in order, without their states before, read as they are
        taken (one statement: one moment of the file): for a walk forward from the
        campaign's first desk."""
        with self._reading() as con:
            yield from log_reads.walk_log(con, campaign_id)

    def settings_changes(self, campaign_id: int) -> list[tuple[int, Any]]:
        with self._reading() as con:
            return log_reads.settings_changes(con, campaign_id)

    def states_before(self, campaign_id: int, after: int) -> list[steps.StatesBefore]:
        """Of each applied row after seq `after`, in order, only the states and settings
        it changed as they were before it."""
        with self._reading() as con:
            return log_reads.states_before(con, campaign_id, after)

    def seq_span(self, session_ids: list[int]) -> tuple[int | None, int | None]:
        """The seqs of the first and last applied log rows of these play sessions
        ((None, None): no row)."""
        with self._reading() as con:
            return log_reads.seq_span(con, session_ids)

    def log_page(self, campaign_id: int, before_seq: int | None = None,
                 limit: int = 500) -> list[LogEntry]:
        """At most `limit` log rows, undone ones too, older than `before_seq` (None: the
        newest), newest first."""
        with self._reading() as con:
            return log_reads.log_page(con, campaign_id, before_seq, limit)

    def step_names(self, campaign_id: int, before_seq: int | None = None,
                   limit: int = 500) -> list[tuple[int, int, bool, str]]:
        """(seq, step, undone, name) of at most `limit` log rows older than `before_seq`
        (None: the newest), newest first: what an undo stack shows."""
        with self._reading() as con:
            return log_reads.step_names(con, campaign_id, before_seq, limit)

    def newest_seq(self, campaign_id: int) -> int:
        """The seq of the newest applied log row (0: none)."""
        with self._reading() as con:
            return log_reads.newest_seq(con, campaign_id)

    def rows_since(self, campaign_id: int, since: int) -> list[steps.PastRow]:
        """The applied log rows from seq `since` on, in order, as a correction reads them."""
        with self._reading() as con:
            return log_reads.rows_since(con, campaign_id, since)

    def row(self, campaign_id: int, seq: int) -> LogEntry | None:
        """The log row `seq`, undone or not; None when there is none."""
        with self._reading() as con:
            return log_reads.row(con, campaign_id, seq)

    def corrections(self, campaign_id: int, since: int | None = None,
                    until: int | None = None) -> list[LogEntry]:
        """The applied correction rows of seqs `since` to `until` (each if given), in order."""
        with self._reading() as con:
            return log_reads.corrections(con, campaign_id, since, until)

    # checkpoints --------------------------------------------------------------
    def checkpoints(self, campaign_id: int) -> list[Checkpoint]:
        """The moments the GM can rewind to, newest first: those of the applied log."""
        with self._reading() as con:
            rows = con.execute(
                "SELECT seq, label, kind, made FROM checkpoint WHERE campaign_id = ? AND seq <= "
                "(SELECT coalesce(max(seq), 0) FROM log WHERE campaign_id = ? AND undone = 0) "
                "ORDER BY seq DESC, id DESC", (campaign_id, campaign_id)).fetchall()
        return [Checkpoint(*row) for row in rows]

    def add_checkpoint(self, campaign_id: int, seq: int, kind: str, label: str) -> Checkpoint:
        """A moment to rewind to: the desk as it is after row `seq` (0: the start)."""
        stamp = db.now()
        with self._hot() as con:
            con.execute("INSERT INTO checkpoint (campaign_id, seq, kind, label, made) "
                        "VALUES (?, ?, ?, ?, ?)", (campaign_id, seq, kind, label, stamp))
        return Checkpoint(seq, label, kind, stamp)

    # the creature library (`templates`) ------------------------------------------
    def templates(self, system: str, campaign_id: int | None = None) -> list[StoredTemplate]:
        """`system`'s shared templates and, with `campaign_id`, that campaign's, by name."""
        with self._reading() as con:
            return templates.listed(con, system, campaign_id)

    def template(self, tid: int) -> StoredTemplate | None:
        with self._reading() as con:
            return templates.one(con, tid)

    def save_template(self, system: str, name: str, data: dict[str, Any],
                      campaign_id: int | None = None, tid: int | None = None) -> int:
        """A new template (`tid` None) or template `tid` replaced; its id. `campaign_id`
        None: shared by every campaign of `system`; else kept by that campaign (of that
        game), and deleted with it."""
        stamp = db.now()
        with self._hot() as con:
            return templates.save(con, stamp, system, name, data, campaign_id, tid)

    def delete_template(self, tid: int) -> None:
        with self._hot() as con:
            templates.delete(con, tid)

    def seeded(self, system: str) -> bool:
        """Whether `system`'s starter templates were written (`seed_templates`)."""
        with self._reading() as con:
            return templates.seeded(con, system)

    def seed_templates(self, system: str, rows: list[tuple[str, dict[str, Any]]]) -> bool:
        """The starter templates (name, data), shared, written once per game: never again
        after, so one the GM deleted stays deleted. True when this call wrote them."""
        stamp = db.now()
        with self._hot() as con:
            return templates.seed(con, stamp, system, rows)

    # play sessions ----------------------------------------------------------
    def play_sessions(self, campaign_id: int) -> list[dict[str, Any]]:
        with self._reading() as con:
            rows = con.execute(f"SELECT {', '.join(SESSION_COLUMNS)} FROM play_session "
                               "WHERE campaign_id = ? ORDER BY number", (campaign_id,))
            return [dict(zip(SESSION_COLUMNS, r, strict=True)) for r in rows]

    def start_play_session(self, campaign_id: int, title: str = "") -> dict[str, Any]:
        stamp = db.now()
        with self._hot() as con:
            con.execute("UPDATE play_session SET ended = ? WHERE campaign_id = ? "
                        "AND ended IS NULL", (stamp, campaign_id))
            number = con.execute("SELECT coalesce(max(number), 0) + 1 FROM play_session "
                                 "WHERE campaign_id = ?", (campaign_id,)).fetchone()[0]
            con.execute("INSERT INTO play_session (campaign_id, number, started, ended, title, "
                        "notes) VALUES (?, ?, ?, NULL, ?, '')",
                        (campaign_id, number, stamp, title))
            # the desk as the play session found it, to rewind to
            con.execute("INSERT INTO checkpoint (campaign_id, seq, kind, label, made) VALUES "
                        "(?, (SELECT coalesce(max(seq), 0) FROM log WHERE campaign_id = ? "
                        "AND undone = 0), 'play_session', ?, ?)",
                        (campaign_id, campaign_id, f"The start of play session {number}", stamp))
        return self.play_sessions(campaign_id)[-1]

    def end_play_session(self, campaign_id: int, notes: str | None = None) -> dict[str, Any] | None:
        with self._hot() as con:
            if notes is None:
                con.execute("UPDATE play_session SET ended = ? WHERE campaign_id = ? "
                            "AND ended IS NULL", (db.now(), campaign_id))
            else:
                con.execute("UPDATE play_session SET ended = ?, notes = ? "
                            "WHERE campaign_id = ? AND ended IS NULL",
                            (db.now(), notes, campaign_id))
        sessions = self.play_sessions(campaign_id)
        return sessions[-1] if sessions else None

    def set_story(self, campaign_id: int, number: int, story: str) -> dict[str, Any]:
        """Keep `story` as play session `number`'s "Story so far"; the session as it is
        now. KeyError when the campaign has no such session."""
        with self._hot() as con:
            changed = con.execute("UPDATE play_session SET story = ? WHERE campaign_id = ? "
                                  "AND number = ?", (story, campaign_id, number)).rowcount
        if not changed:
            raise KeyError(number)
        return next(s for s in self.play_sessions(campaign_id) if s["number"] == number)

    def open_play_session(self, campaign_id: int) -> dict[str, Any] | None:
        return next((s for s in self.play_sessions(campaign_id) if s["ended"] is None), None)
