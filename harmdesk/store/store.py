"""The one place that reads and writes campaigns, characters, sessions and the log.

Everything handed out is plain data (dicts and dataclasses), never live rows,
so callers on any thread can hold it safely.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError, OperationalError

from . import db, steps
from .schema import CampaignRow, CharacterRow, LogRow, PlaySessionRow
from .steps import LogEntry

CAMPAIGN = CampaignRow.__table__
CHARACTER = CharacterRow.__table__
SESSION = PlaySessionRow.__table__
LOG = LogRow.__table__


@dataclass(frozen=True)
class CampaignInfo:
    id: int
    name: str
    system: str
    settings: dict
    initial: dict
    options: dict


class Store:
    """A data folder's `harmdesk.sqlite`. Open with `Store.open(folder)`."""

    def __init__(self, path: Path, engine, read_only: bool, why_read_only: str, lock):
        self.path = path
        self.engine = engine
        self.read_only = read_only
        self.why_read_only = why_read_only
        self._lock = lock

    @classmethod
    def open(cls, folder: str | os.PathLike | None = None, write: bool = True) -> "Store":
        folder = db.data_dir(folder)
        path = folder / db.DB_NAME
        version = db.inspect_file(path)  # raises before anything is written
        why = ""
        lock = None
        if write:
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise db.ReadOnly(f"Cannot create the data folder {folder} ({err.strerror}).") \
                    from None
            writable = os.access(folder, os.W_OK) and (version is None or os.access(path, os.W_OK))
            lock = db.WriterLock(path)
            if not writable:
                why = f"{path} or its folder is read-only"
            elif not lock.acquire():
                why = "another HarmDesk is already writing to this data file"
        if not write or why:
            if version is None:
                raise db.ReadOnly(f"Cannot create {path}: {why or 'opened read-only'}.")
            return cls(path, db.make_engine(path, read_only=True), True, why or "read-only", None)
        engine = db.make_engine(path)
        try:
            if version is None:
                path.unlink(missing_ok=True)  # an empty file left by a crash
                db.create_schema(engine)
            else:
                db.migrate(engine, path, version)
        except OperationalError as err:
            engine.dispose()
            lock.release()
            raise db.environment_error(err, path) from None
        except db.StoreError:
            engine.dispose()
            lock.release()
            raise
        return cls(path, engine, False, "", lock)

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
            db.daily_backup(self.path)
        except Exception as err:  # noqa: BLE001 (a backup must never take the desk down)
            return [f"Today's backup was not made: {err} HarmDesk goes on saving your "
                    "changes and tries again next time."]
        return []

    def close(self) -> None:
        self.engine.dispose()
        if self._lock:
            self._lock.release()

    def _writing(self):
        if self.read_only:
            raise db.ReadOnly(f"This data file is open read-only: {self.why_read_only}.")
        return _Transaction(self)

    @contextmanager
    def _hot(self):
        """One BEGIN IMMEDIATE transaction on a pooled DB-API connection (with the pragmas
        of every connection); machine errors become advice and nothing is half written."""
        if self.read_only:
            raise db.ReadOnly(f"This data file is open read-only: {self.why_read_only}.")
        with self._reading() as con:
            try:
                con.execute("BEGIN IMMEDIATE")
                try:
                    yield con
                    con.execute("COMMIT")
                except BaseException:
                    if con.in_transaction:
                        try:
                            con.execute("ROLLBACK")
                        except sqlite3.Error:
                            pass  # the pool rolls back again before anyone reuses it
                    raise
            except sqlite3.OperationalError as err:
                raise db.environment_error(err, self.path) from None

    @contextmanager
    def _reading(self):
        """A pooled DB-API connection, outside any transaction (each read is its own)."""
        try:
            pooled = self.engine.raw_connection()
        except OperationalError as err:
            raise db.environment_error(err, self.path) from None
        try:
            yield pooled.driver_connection
        finally:
            pooled.close()  # back to the pool

    # campaigns -----------------------------------------------------------
    def campaigns(self) -> list[dict]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(CAMPAIGN.c.name, CAMPAIGN.c.system, CAMPAIGN.c.opened)
                                .order_by(CAMPAIGN.c.opened.desc(), CAMPAIGN.c.id.desc())).all()
        return [{"name": r.name, "system": r.system, "opened": r.opened} for r in rows]

    def create_campaign(self, name: str, system: str, settings: dict, sheets: list[dict],
                        characters: list[dict], options: dict | None = None,
                        log: list[dict] = ()) -> CampaignInfo:
        """A campaign, its starting desk and, for an import, its whole log, in one transaction.

        `sheets` are the starting characters as given (kept for export), `characters`
        their states from the rules core; `log` holds mappings of `record`'s arguments.
        """
        stamp = db.now()
        initial = {"settings": settings, "characters": sheets}
        with self._writing() as conn:
            try:
                cid = conn.execute(insert(CAMPAIGN).values(
                    name=name, system=system, settings=settings, initial=initial,
                    options=options or {}, created=stamp, opened=stamp)).inserted_primary_key[0]
            except IntegrityError:
                raise db.StoreError(f"There is already a campaign named {name!r}.") from None
            for position, char in enumerate(characters):
                conn.execute(insert(CHARACTER).values(campaign_id=cid, cid=char["id"], sheet=char,
                                                      state=char, position=position))
            for seq, logged in enumerate(log, start=1):
                conn.execute(insert(LOG).values(campaign_id=cid, seq=seq, step=seq, undone=False,
                                                applied_at=stamp, **logged))
                # the same transaction, on the connection under it
                steps.write_states(conn.connection.driver_connection, cid, logged["after"],
                                   logged.get("settings_after"))
        return self.campaign(name)

    def campaign(self, name: str) -> CampaignInfo:
        with self.engine.connect() as conn:
            row = conn.execute(select(CAMPAIGN).where(CAMPAIGN.c.name == name)).first()
        if row is None:
            raise db.StoreError(f"There is no campaign named {name!r}.")
        return CampaignInfo(row.id, row.name, row.system, row.settings, row.initial, row.options)

    def touch(self, campaign_id: int) -> None:
        if not self.read_only:
            with self._writing() as conn:
                conn.execute(update(CAMPAIGN).where(CAMPAIGN.c.id == campaign_id)
                             .values(opened=db.now()))

    def set_options(self, campaign_id: int, options: dict) -> None:
        with self._writing() as conn:
            conn.execute(update(CAMPAIGN).where(CAMPAIGN.c.id == campaign_id)
                         .values(options=options))

    def characters(self, campaign_id: int) -> dict[str, dict]:
        """The desk: every character not archived, in desk order."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(CHARACTER.c.cid, CHARACTER.c.state)
                                .where(CHARACTER.c.campaign_id == campaign_id,
                                       CHARACTER.c.archived.is_(False))
                                .order_by(CHARACTER.c.position)).all()
        return {r.cid: r.state for r in rows}

    def desk_order(self, campaign_id: int) -> list[str]:
        """Every character's id in desk order, those that left the desk included."""
        with self.engine.connect() as conn:
            return list(conn.execute(select(CHARACTER.c.cid)
                                     .where(CHARACTER.c.campaign_id == campaign_id)
                                     .order_by(CHARACTER.c.position)).scalars())

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

    def history(self, campaign_id: int) -> tuple[int, int]:
        """How many steps can be undone and redone."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(LOG.c.undone, func.count(LOG.c.step.distinct())).where(
                LOG.c.campaign_id == campaign_id).group_by(LOG.c.undone)).all()
        counts = {bool(u): n for u, n in rows}
        return counts.get(False, 0), counts.get(True, 0)

    def log(self, campaign_id: int, include_undone: bool = False,
            session_ids: list[int] | None = None, since: int | None = None) -> list[LogEntry]:
        """The log in order; `since`: only from that seq on (through its index)."""
        where, params = [], []
        if since is not None:
            where, params = ["seq >= ?"], [since]
        if not include_undone:
            where.append("undone = 0")
        if session_ids is not None:
            where.append(f"session_id IN ({', '.join('?' * len(session_ids))})")
            params += session_ids
        return self._log_rows(campaign_id, where, params, "ORDER BY seq")

    def _log_rows(self, campaign_id: int, where: list[str], params: list[Any],
                  order: str) -> list[LogEntry]:
        """A campaign's log rows along its (campaign_id, seq) index, narrowed by `where`."""
        sql = (f"SELECT {steps.LOG_COLUMNS} FROM log INDEXED BY ix_log_campaign_seq WHERE "
               + " AND ".join(["campaign_id = ?", *where]) + f" {order}")
        with self._reading() as con:
            return [steps.entry(r) for r in con.execute(sql, [campaign_id, *params])]

    def first_seq(self, session_ids: list[int]) -> int | None:
        """The seq of the first applied log row of these play sessions (None: no row)."""
        if not session_ids:
            return None
        with self._reading() as con:
            return con.execute(
                "SELECT min(seq) FROM log INDEXED BY ix_log_session WHERE undone = 0 AND "
                f"session_id IN ({', '.join('?' * len(session_ids))})", session_ids).fetchone()[0]

    def log_page(self, campaign_id: int, before_seq: int | None = None,
                 limit: int = 500) -> list[LogEntry]:
        """At most `limit` log rows, undone ones too, older than `before_seq` (None: the
        newest), newest first; read backwards along the (campaign_id, seq) index."""
        where, params = ([], []) if before_seq is None else (["seq < ?"], [before_seq])
        return self._log_rows(campaign_id, where, [*params, limit],
                              "ORDER BY seq DESC LIMIT ?")

    # play sessions ----------------------------------------------------------
    def sessions(self, campaign_id: int) -> list[dict]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(SESSION).where(SESSION.c.campaign_id == campaign_id)
                                .order_by(SESSION.c.number)).all()
        return [dict(r._mapping) for r in rows]

    def start_session(self, campaign_id: int, title: str = "") -> dict:
        with self._writing() as conn:
            conn.execute(update(SESSION).where(SESSION.c.campaign_id == campaign_id,
                                               SESSION.c.ended.is_(None))
                         .values(ended=db.now()))
            number = conn.execute(select(func.coalesce(func.max(SESSION.c.number), 0))
                                  .where(SESSION.c.campaign_id == campaign_id)).scalar_one() + 1
            conn.execute(insert(SESSION).values(campaign_id=campaign_id, number=number,
                                                started=db.now(), title=title))
        return self.sessions(campaign_id)[-1]

    def end_session(self, campaign_id: int, notes: str | None = None) -> dict | None:
        values: dict[str, Any] = {"ended": db.now()}
        if notes is not None:
            values["notes"] = notes
        with self._writing() as conn:
            conn.execute(update(SESSION).where(SESSION.c.campaign_id == campaign_id,
                                               SESSION.c.ended.is_(None)).values(**values))
        sessions = self.sessions(campaign_id)
        return sessions[-1] if sessions else None

    def open_session(self, campaign_id: int) -> dict | None:
        return next((s for s in self.sessions(campaign_id) if s["ended"] is None), None)


class _Transaction:
    """`with store._writing() as conn`: one transaction, machine errors become advice."""

    def __init__(self, store: Store):
        self.store = store
        self._ctx = None

    def __enter__(self):
        try:
            self._ctx = self.store.engine.begin()
            return self._ctx.__enter__()
        except OperationalError as err:
            raise db.environment_error(err, self.store.path) from None

    def __exit__(self, exc_type, exc, tb):
        try:
            self._ctx.__exit__(exc_type, exc, tb)
        except OperationalError as err:
            raise db.environment_error(err, self.store.path) from None
        if isinstance(exc, OperationalError):
            raise db.environment_error(exc, self.store.path) from None
        return False
