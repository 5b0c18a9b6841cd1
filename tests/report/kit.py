"""Building summaries from actions in memory: the rules core applies them and the log
entries look exactly as the store would hand them back (no SQLite, so tests stay quick)."""

from __future__ import annotations

from harmdesk import rules
from harmdesk.desk.rederive import touched
from harmdesk.report.data import build_report
from harmdesk.store import LogEntry

SESSION = {"id": 1, "number": 1, "started": "2026-11-28T18:00:00+00:00",
           "ended": "2026-11-28T21:30:00+00:00", "title": "The barrow", "notes": ""}
STAMP = "2026-11-28T19:00:00+00:00"


def play(system: str, sheets: list[dict], actions: list[dict], settings: dict | None = None,
         session_id: int | None = 1) -> tuple[dict, list[LogEntry]]:
    """The campaign's initial part and its log after applying `actions` (all must apply)."""
    state = rules.new_state(system, settings, sheets)
    entries = []
    for seq, action in enumerate(actions, start=1):
        outcome = rules.apply(state, action)
        assert outcome.ok, (action, outcome.error)
        before, after = touched(state, outcome.state)
        changed = outcome.state["settings"] is not state["settings"]  # as Campaign logs it
        entries.append(LogEntry(seq, seq, session_id, action,
                                [e.to_dict() for e in outcome.events], before, after,
                                state["settings"] if changed else None,
                                outcome.state["settings"] if changed else None, False, STAMP))
        state = outcome.state
    return {"settings": settings or {}, "characters": sheets}, entries


def summarize(system: str, sheets: list[dict], actions: list[dict],
              settings: dict | None = None, name: str = "Test campaign"):
    initial, entries = play(system, sheets, actions, settings)
    return build_report(name, system, initial, [SESSION], entries, [SESSION])


def row(report, cid: str):
    return next(r for r in report.rows if r.cid == cid)


def long_session(events: int = 2000, characters: int = 12):
    """A Stonetop evening of at least `events` events across `characters` characters:
    hits with armor and piercing, and healing, round after round (nobody drops)."""
    sheets = [{"id": f"c{i}", "name": f"Character {i}", "kind": "pc" if i < 6 else "monster",
               "max_hp": 40 + i, "armor": i % 3} for i in range(characters)]
    actions = []
    i = 0
    while len(actions) < events:
        cid = f"c{i % characters}"
        if (i // characters) % 2 == 0:
            actions.append({"type": "damage", "target": cid, "dice": "d8+1",
                            "rolls": [1 + i % 8], "piercing": i % 2})
        else:
            actions.append({"type": "heal", "target": cid, "amount": 9})
        i += 1
    return "stonetop", sheets, actions


def block_rects(doc) -> list:
    """Where the layout puts each paragraph of `doc`: two documents laid out alike agree."""
    layout = doc.documentLayout()
    return [layout.blockBoundingRect(doc.findBlockByNumber(i)) for i in range(doc.blockCount())]
