"""Reading the log: the undo history's counts, the log in order or a page at a time,
what a summary reads of it, and where play sessions begin and end in it.

Each is a query along the log's indexes, on a connection the store hands in (as
`steps` writes on one).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from . import steps
from .steps import LogEntry

Row = TypeVar("Row")

# the rows that count: neither struck by a correction nor a correction themselves
COUNTED = ("struck_by IS NULL", "correction IS NULL")


def history(con: sqlite3.Connection, campaign_id: int) -> tuple[int, int]:
    """How many steps can be undone and redone."""
    rows = con.execute("SELECT undone, count(DISTINCT step) FROM log "
                       "WHERE campaign_id = ? GROUP BY undone", (campaign_id,)).fetchall()
    counts = {bool(u): n for u, n in rows}
    return counts.get(False, 0), counts.get(True, 0)


def can_step(con: sqlite3.Connection, campaign_id: int) -> tuple[bool, bool]:
    """Whether a step can be undone, and one redone: two lookups along the step index,
    however long the log (`history` counts them, reading every step)."""
    found = con.execute(
        "SELECT EXISTS (SELECT 1 FROM log INDEXED BY ix_log_campaign_step "
        "WHERE campaign_id = ? AND undone = 0), EXISTS (SELECT 1 FROM log INDEXED BY "
        "ix_log_campaign_step WHERE campaign_id = ? AND undone = 1)",
        (campaign_id, campaign_id)).fetchone()
    return bool(found[0]), bool(found[1])


def log(con: sqlite3.Connection, campaign_id: int, include_undone: bool = False,
        session_ids: list[int] | None = None, since: int | None = None) -> list[LogEntry]:
    """The log in order; `since`: only from that seq on (through its index)."""
    where: list[str] = []
    params: list[Any] = []
    if since is not None:
        where, params = ["seq >= ?"], [since]
    if not include_undone:
        where.append("undone = 0")
    if session_ids is not None:
        where.append(f"session_id IN ({', '.join('?' * len(session_ids))})")
        params += session_ids
    return _log_rows(con, campaign_id, where, params, "ORDER BY seq", steps.LOG_COLUMNS,
                     steps.entry)


def summary_log(con: sqlite3.Connection, campaign_id: int, since: int | None = None,
                until: int | None = None) -> list[steps.SummaryEntry]:
    """The applied log in order (only seqs `since` to `until`, each if given) as a
    summary reads it: the rows that count, neither struck nor corrections."""
    where, params = _between(["undone = 0", *COUNTED], since, until)
    return _log_rows(con, campaign_id, where, params, "ORDER BY seq",
                     steps.SUMMARY_COLUMNS, steps.summary_entry)


def walk_log(con: sqlite3.Connection, campaign_id: int) -> Iterator[steps.ForwardEntry]:
    """The rows that count, in order, as a walk forward from the campaign's first desk
    reads them (without their states before), one at a time as the cursor reads them: a
    long log is never held whole."""
    sql = (f"SELECT {steps.FORWARD_COLUMNS} FROM log INDEXED BY ix_log_campaign_seq WHERE "
           + " AND ".join(["campaign_id = ?", "undone = 0", *COUNTED]) + " ORDER BY seq")
    for row in con.execute(sql, (campaign_id,)):
        yield steps.forward_entry(row)


def settings_changes(con: sqlite3.Connection, campaign_id: int) -> list[tuple[int, Any]]:
    """(seq, settings after it) of each applied row that counts and changed the settings,
    in order: where each encounter starts and ends, read along the index of such rows."""
    return [(seq, json.loads(after)) for seq, after in con.execute(
        "SELECT seq, settings_after FROM log INDEXED BY ix_log_settings WHERE campaign_id = ? "
        f"AND settings_after <> 'null' AND undone = 0 AND {' AND '.join(COUNTED)} "
        "ORDER BY seq", (campaign_id,))]


def states_before(con: sqlite3.Connection, campaign_id: int,
                  after: int) -> list[steps.StatesBefore]:
    """Of each applied row after seq `after`, in order, only the states and settings
    it changed as they were before it: what a summary of earlier rows needs of them. Struck
    rows and corrections are left out: the rows that count lead from one desk to the next."""
    return _log_rows(con, campaign_id, ["seq > ?", "undone = 0", *COUNTED], [after],
                     "ORDER BY seq",
                     steps.STATES_BEFORE_COLUMNS, steps.states_before)


def newest_seq(con: sqlite3.Connection, campaign_id: int) -> int:
    """The seq of the newest applied row (0: none): read back from the newest along the
    (campaign_id, seq) index, past the few undone rows at its end."""
    found = con.execute("SELECT seq FROM log INDEXED BY ix_log_campaign_seq WHERE campaign_id = ? "
                        "AND undone = 0 ORDER BY seq DESC LIMIT 1", (campaign_id,)).fetchone()
    return found[0] if found else 0


def rows_since(con: sqlite3.Connection, campaign_id: int, since: int) -> list[steps.PastRow]:
    """The applied rows from seq `since` on, in order, as a correction reads them (their
    events decoded only when asked for)."""
    return _log_rows(con, campaign_id, ["seq >= ?", "undone = 0"], [since], "ORDER BY seq",
                     steps.PAST_COLUMNS, steps.PastRow)


def row(con: sqlite3.Connection, campaign_id: int, seq: int) -> LogEntry | None:
    """The log row `seq`, undone or not; None when there is none."""
    found = con.execute(f"SELECT {steps.LOG_COLUMNS} FROM log WHERE campaign_id = ? AND seq = ?",
                        (campaign_id, seq)).fetchone()
    return None if found is None else steps.entry(found)


def corrections(con: sqlite3.Connection, campaign_id: int, since: int | None = None,
                until: int | None = None) -> list[LogEntry]:
    """The applied correction rows (reverts, edits, rewinds) of seqs `since` to `until`
    (each if given), in order."""
    where, params = _between(["undone = 0", "correction IS NOT NULL"], since, until)
    return _log_rows(con, campaign_id, where, params, "ORDER BY seq", steps.LOG_COLUMNS,
                     steps.entry)


def _between(where: list[str], since: int | None,
             until: int | None) -> tuple[list[str], list[Any]]:
    """`where` narrowed to seqs `since` to `until` (each if given), and its parameters."""
    params: list[Any] = []
    for bound, test in ((since, "seq >= ?"), (until, "seq <= ?")):
        if bound is not None:
            where = [*where, test]
            params.append(bound)
    return where, params


def _log_rows(con: sqlite3.Connection, campaign_id: int, where: list[str], params: list[Any],
              order: str, columns: str, make: Callable[[tuple[Any, ...]], Row]) -> list[Row]:
    """A campaign's log rows along its (campaign_id, seq) index, narrowed by `where`,
    as `make` makes an entry of a row of `columns`."""
    sql = (f"SELECT {columns} FROM log INDEXED BY ix_log_campaign_seq WHERE "
           + " AND ".join(["campaign_id = ?", *where]) + f" {order}")
    return [make(r) for r in con.execute(sql, [campaign_id, *params])]


def seq_span(con: sqlite3.Connection, session_ids: list[int]) -> tuple[int | None, int | None]:
    """The seqs of the first and last applied log rows of these play sessions
    ((None, None): no row)."""
    if not session_ids:
        return None, None
    first, last = con.execute(
        "SELECT min(seq), max(seq) FROM log INDEXED BY ix_log_session WHERE undone = 0 "
        f"AND session_id IN ({', '.join('?' * len(session_ids))})", session_ids).fetchone()
    return first, last


def log_page(con: sqlite3.Connection, campaign_id: int, before_seq: int | None = None,
             limit: int = 500) -> list[LogEntry]:
    """At most `limit` log rows, undone ones too, older than `before_seq` (None: the
    newest), newest first; read backwards along the (campaign_id, seq) index."""
    where, params = ([], []) if before_seq is None else (["seq < ?"], [before_seq])
    return _log_rows(con, campaign_id, where, [*params, limit], "ORDER BY seq DESC LIMIT ?",
                     steps.LOG_COLUMNS, steps.entry)


def step_names(con: sqlite3.Connection, campaign_id: int, before_seq: int | None = None,
               limit: int = 500) -> list[tuple[int, int, bool, str]]:
    """(seq, step, undone, name) of at most `limit` log rows older than `before_seq`
    (None: the newest), newest first: what an undo stack shows, read without decoding
    the rows' states. The name is the step's own text, else its first event's text,
    else its action's type."""
    where, params = ("", []) if before_seq is None else ("AND seq < ? ", [before_seq])
    return [(seq, step, bool(undone), name) for seq, step, undone, name in con.execute(
        "SELECT seq, step, undone, coalesce(nullif(step_text, ''), "
        "json_extract(events, '$[0].text'), "
        "replace(coalesce(json_extract(action, '$.type'), 'step'), '_', ' ')) "
        "FROM log INDEXED BY ix_log_campaign_seq WHERE campaign_id = ? "
        f"{where}ORDER BY seq DESC LIMIT ?", [campaign_id, *params, limit])]
