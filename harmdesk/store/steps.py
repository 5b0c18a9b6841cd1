"""The hot path: logging a step, undoing and redoing it, on the DB-API connection.

Each is a handful of statements on indexed columns, so its cost does not grow with the
log; sqlite3 keeps them prepared per connection. The tables are `schema`'s; JSON is
written as its JSON type writes it (Python None as `null`), so SQLAlchemy and the store
each read what the other wrote.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from ..corrected import Corrected

# one applied action as the store logs it: "action", "events", "before" and "after" (the
# states of the characters it touched, None: not on the desk), and "settings_before" and
# "settings_after" (None, or left out: unchanged); an imported one adds "applied_at"
Logged = dict[str, Any]

LOG_COLUMNS = ('id, seq, session_id, action, events, "before", "after", settings_before, '
               'settings_after, undone, applied_at, step, step_text, struck_by, revised, '
               'correction')

# the columns a correction rewrites of a row it re-derives, and puts back when it is undone
# (its record's `was` and `now` keys)
REWRITTEN = ("revised", "events", "before", "after", "settings_before", "settings_after")


@dataclass(frozen=True)
class LogEntry(Corrected):
    id: int
    seq: int
    session_id: int | None
    action: dict[str, Any]
    events: list[Any]
    before: dict[str, Any]
    after: dict[str, Any]
    settings_before: dict[str, Any] | None
    settings_after: dict[str, Any] | None
    undone: bool
    applied_at: str
    step: int = 0                 # the undo step it belongs to (shared by a macro's rows)
    step_text: str | None = None  # the step's undo text, when it was named
    struck_by: int | None = None  # the seq of the correction row that struck it
    revised: dict[str, Any] | None = None     # the action as an edit made it
    correction: dict[str, Any] | None = None  # a correction row's record (see `schema`)


SUMMARY_COLUMNS = ('id, seq, session_id, coalesce(revised, action), events, "before", "after", '
                   'applied_at, settings_before, settings_after')


@dataclass(frozen=True, slots=True)
class SummaryEntry:
    """What a session summary reads of an applied log row: its action as it stands (who
    dealt a hit is there), its events and states, and its settings (the encounter's rounds
    live there). Settings are logged only by the rare rows that change them."""

    id: int
    seq: int
    session_id: int | None
    effective_action: dict[str, Any]  # as the newest edit made it, else as first logged
    events: list[Any]
    before: dict[str, Any]
    after: dict[str, Any]
    applied_at: str
    settings_before: dict[str, Any] | None = None
    settings_after: dict[str, Any] | None = None


def summary_entry(row: tuple[Any, ...]) -> SummaryEntry:
    """A SummaryEntry from a row of SUMMARY_COLUMNS."""
    (log_id, seq, session_id, action, events, before, after, applied_at, settings_before,
     settings_after) = row
    return SummaryEntry(log_id, seq, session_id, json.loads(action), json.loads(events),
                        json.loads(before), json.loads(after), applied_at,
                        _json(settings_before), _json(settings_after))


FORWARD_COLUMNS = 'id, seq, coalesce(revised, action), events, "after", settings_after'


@dataclass(frozen=True, slots=True)
class ForwardEntry:
    """What a walk forward from a known desk reads of an applied row: as a SummaryEntry,
    without the states before it, which the walk holds already (the rows that count lead
    from one desk to the next). `before` is None to say so."""

    id: int
    seq: int
    effective_action: dict[str, Any]
    events: list[Any]
    after: dict[str, Any]
    settings_after: dict[str, Any] | None
    before: None = None


_raw_decode = json.JSONDecoder().raw_decode


def _decoded(text: str) -> Any:
    """json.loads without its checks and its two whitespace scans, for a column the
    store wrote with json.dumps (a walk over the whole log decodes 300k of them); any
    other text as json.loads reads it."""
    try:
        found, end = _raw_decode(text)
    except ValueError:
        return json.loads(text)
    return found if end == len(text) else json.loads(text)


def forward_entry(row: tuple[Any, ...]) -> ForwardEntry:
    """A ForwardEntry from a row of FORWARD_COLUMNS."""
    log_id, seq, action, events, after, settings_after = row
    return ForwardEntry(log_id, seq, _decoded(action), _decoded(events), _decoded(after),
                        _json(settings_after))


STATES_BEFORE_COLUMNS = '"before", settings_before'


@dataclass(frozen=True, slots=True)
class StatesBefore:
    """What a row after a summary's last one tells it: the states and settings it changed,
    as they were before it (to work the desk back from now)."""

    before: dict[str, Any]
    settings_before: dict[str, Any] | None


def states_before(row: tuple[Any, ...]) -> StatesBefore:
    """A StatesBefore from a row of STATES_BEFORE_COLUMNS."""
    before, settings_before = row
    return StatesBefore(json.loads(before), _json(settings_before))


def nullable(value: Any) -> str | None:
    """A JSON column that is SQL NULL when it holds nothing (`revised`, `correction`), so
    a query can tell the rows that have one by its index."""
    return None if value is None else json.dumps(value)


def _json(text: str | None) -> Any:
    # most rows change no setting: their JSON `null` is read without the decoder
    return None if text is None or text == "null" else json.loads(text)


def entry(row: tuple[Any, ...]) -> LogEntry:
    """A LogEntry from a row of LOG_COLUMNS."""
    (log_id, seq, session_id, action, events, before, after, settings_before, settings_after,
     undone, applied_at, step, step_text, struck_by, revised, correction) = row
    return LogEntry(log_id, seq, session_id, json.loads(action), json.loads(events),
                    json.loads(before), json.loads(after), _json(settings_before),
                    _json(settings_after), bool(undone), applied_at, step, step_text,
                    struck_by, _json(revised), _json(correction))


PAST_COLUMNS = ('seq, step, action, events, "before", "after", settings_before, settings_after, '
                'struck_by, revised, correction')


class PastRow(Corrected):
    """An applied log row as a correction reads it (`harmdesk.desk.rederive.Row`): its
    events, which only the few rows re-derived need, are decoded when first asked for."""

    __slots__ = ("_events", "_text", "action", "after", "before", "correction", "revised",
                 "seq", "settings_after", "settings_before", "step", "struck_by")

    def __init__(self, row: tuple[Any, ...]) -> None:
        (self.seq, self.step, action, self._text, before, after, settings_before,
         settings_after, self.struck_by, revised, correction) = row
        self.action: dict[str, Any] = json.loads(action)
        self.before: dict[str, Any] = json.loads(before)
        self.after: dict[str, Any] = json.loads(after)
        self.settings_before: dict[str, Any] | None = _json(settings_before)
        self.settings_after: dict[str, Any] | None = _json(settings_after)
        self.revised: dict[str, Any] | None = _json(revised)
        self.correction: dict[str, Any] | None = _json(correction)
        self._events: list[Any] | None = None

    @property
    def events(self) -> list[Any]:
        if self._events is None:
            self._events = json.loads(self._text)
        return self._events


def record_step(con: sqlite3.Connection, campaign_id: int, logged: list[Logged],
                session_id: int | None, text: str | None, stamp: str) -> list[LogEntry]:
    """Log `logged` (what each applied action logs) as one undo step, write their
    states, and drop the undone steps after it (the redo branch), as editors do.

    A row logged with a `correction` (a revert, an edit, a rewind) also strikes the rows it
    names and rewrites the rows it re-derived, in the same transaction."""
    con.execute("DELETE FROM log WHERE campaign_id = ? AND undone = 1", (campaign_id,))
    first = con.execute("SELECT coalesce(max(seq), 0) + 1 FROM log WHERE campaign_id = ?",
                        (campaign_id,)).fetchone()[0]  # one index lookup, not a count
    # a checkpoint in the dropped branch marks a moment that no longer happened
    con.execute("DELETE FROM checkpoint WHERE campaign_id = ? AND seq >= ?",
                (campaign_id, first))
    entries = []
    for seq, row in enumerate(logged, start=first):
        values = {"settings_before": None, "settings_after": None, "correction": None, **row}
        log_id = insert_row(con, campaign_id, session_id, seq, first, values, stamp, text)
        if values["correction"] is not None:
            correct(con, campaign_id, seq, values["correction"], undoing=False)
        write_states(con, campaign_id, values["after"], values["settings_after"])
        entries.append(LogEntry(log_id, seq, session_id, values["action"], values["events"],
                                values["before"], values["after"], values["settings_before"],
                                values["settings_after"], False, stamp, first, text,
                                correction=values["correction"]))
    return entries


def correct(con: sqlite3.Connection, campaign_id: int, seq: int, correction: dict[str, Any],
            undoing: bool) -> None:
    """Strike what the correction row `seq` strikes and rewrite the rows it re-derived to
    what they are now; `undoing`: put them back as they were."""
    side = "was" if undoing else "now"
    con.executemany(
        "UPDATE log SET revised = ?, events = ?, \"before\" = ?, \"after\" = ?, "
        "settings_before = ?, settings_after = ? WHERE campaign_id = ? AND seq = ?",
        [(nullable(rewrite[side].get("revised")),
          *(json.dumps(rewrite[side].get(key)) for key in REWRITTEN[1:]), campaign_id,
          rewrite["seq"]) for rewrite in correction.get("rewrites", ())])
    struck = [(None if undoing else seq, campaign_id, s) for s in correction.get("struck", ())]
    con.executemany("UPDATE log SET struck_by = ? WHERE campaign_id = ? AND seq = ?", struck)


def insert_row(con: sqlite3.Connection, campaign_id: int, session_id: int | None, seq: int,
               step: int, values: Logged, stamp: str, text: str | None) -> int:
    """One applied log row; its id."""
    inserted = con.execute(
        'INSERT INTO log (campaign_id, session_id, seq, action, events, "before", "after", '
        "settings_before, settings_after, undone, applied_at, step, step_text, correction) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
        (campaign_id, session_id, seq, json.dumps(values["action"]),
         json.dumps(values["events"]), json.dumps(values["before"]),
         json.dumps(values["after"]), json.dumps(values.get("settings_before")),
         json.dumps(values.get("settings_after")), stamp, step, text,
         nullable(values.get("correction"))))
    assert inserted.lastrowid is not None  # an INSERT's row always has one
    return inserted.lastrowid


def step_rows(con: sqlite3.Connection, campaign_id: int, undone: bool) -> list[LogEntry]:
    """The rows of the newest applied step (newest first), or of the oldest undone step
    (oldest first): the order in which undo or redo writes them."""
    order = "ASC" if undone else "DESC"
    found = con.execute(f"SELECT step FROM log WHERE campaign_id = ? AND undone = ? "
                        f"ORDER BY step {order} LIMIT 1", (campaign_id, int(undone))).fetchone()
    if found is None:
        return []
    return [entry(r) for r in con.execute(
        f"SELECT {LOG_COLUMNS} FROM log WHERE campaign_id = ? AND undone = ? AND step = ? "
        f"ORDER BY seq {order}", (campaign_id, int(undone), found[0]))]


def undo(con: sqlite3.Connection, campaign_id: int) -> list[LogEntry]:
    rows = step_rows(con, campaign_id, undone=False)
    for row in rows:  # newest first, so the step's first `before` is written last
        if row.correction is not None:
            correct(con, campaign_id, row.seq, row.correction, undoing=True)
        write_states(con, campaign_id, row.before, row.settings_before, restoring=True)
    if rows:
        con.execute("UPDATE log SET undone = 1 WHERE campaign_id = ? AND undone = 0 "
                    "AND step = ?", (campaign_id, rows[0].step))
    return rows


def redo(con: sqlite3.Connection, campaign_id: int) -> list[LogEntry]:
    rows = step_rows(con, campaign_id, undone=True)
    for row in rows:
        if row.correction is not None:
            correct(con, campaign_id, row.seq, row.correction, undoing=False)
        write_states(con, campaign_id, row.after, row.settings_after)
    if rows:
        con.execute("UPDATE log SET undone = 0 WHERE campaign_id = ? AND undone = 1 "
                    "AND step = ?", (campaign_id, rows[0].step))
    return rows


def write_states(con: sqlite3.Connection, campaign_id: int, states: dict[str, Any],
                 settings: dict[str, Any] | None, restoring: bool = False) -> None:
    """Write the given characters' states; None archives a character (it left the desk).

    When `restoring` (undo), a character comes back to its old place on the desk.
    """
    if settings is not None:
        con.execute("UPDATE campaign SET settings = ? WHERE id = ?",
                    (json.dumps(settings), campaign_id))
    for cid, state in states.items():
        if state is None:
            con.execute("UPDATE character SET archived = 1 WHERE campaign_id = ? AND cid = ?",
                        (campaign_id, cid))
            continue
        text = json.dumps(state)
        row = con.execute("SELECT archived FROM character WHERE campaign_id = ? AND cid = ?",
                          (campaign_id, cid)).fetchone()
        if row is not None and (not row[0] or restoring):
            con.execute("UPDATE character SET state = ?, archived = 0 "
                        "WHERE campaign_id = ? AND cid = ?", (text, campaign_id, cid))
            continue
        # a character joining the desk goes to its end, as in the rules core
        position = con.execute("SELECT coalesce(max(position), -1) + 1 FROM character "
                               "WHERE campaign_id = ?", (campaign_id,)).fetchone()[0]
        if row is None:
            con.execute("INSERT INTO character (campaign_id, cid, sheet, state, position, "
                        "archived) VALUES (?, ?, ?, ?, ?, 0)",
                        (campaign_id, cid, text, text, position))
        else:
            con.execute("UPDATE character SET state = ?, archived = 0, position = ? "
                        "WHERE campaign_id = ? AND cid = ?", (text, position, campaign_id, cid))
