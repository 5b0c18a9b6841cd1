"""The recap's figures for a scope of a campaign's log: a play session (or a range), an
encounter, or the whole campaign; for the GM or for the players. Reads the store through
its methods (no SQL here), and hands the entries that count to `stats`.
"""

from __future__ import annotations

from typing import Any

from .. import rules
from ..rules.encounter import encounter_of
from .data import ReportError, desk_before
from .recap import Scope
from .source import choose
from .stats import GM, Statistics, counted, statistics
from .timeline import settings_at_start


def encounters(entries: list[Any], settings: dict[str, Any] | None) -> list[list[int]]:
    """The positions in `entries` of each encounter's rows, in order: from the row that
    starts it to the one that ends it (`settings` are those before the first entry)."""
    found: list[list[int]] = []
    running = encounter_of(settings or {}) is not None
    if running:
        found.append([])
    for i, entry in enumerate(entries):
        after = entry.settings_after
        now = running if after is None else encounter_of(after) is not None
        if now and not running:
            found.append([])
        if now or running:
            found[-1].append(i)
        running = now
    return found


def recap_statistics(store: Any, campaign: str, sessions: list[int] | None = None,
                     encounter: int | None = None, everything: bool = False,
                     audience: str = GM) -> tuple[Statistics, Scope]:
    """The figures of the scope asked for (the newest play session when none is), and
    the scope in words; ReportError when there is no such session or encounter.

    A play session's rows are read alone, and the desk before them worked back from the
    desk now (of the rows after them only the states they changed), as the summary does:
    what came before them costs nothing."""
    with store.one_read():
        info = store.campaign(campaign)
        if encounter is None:
            chosen, whole = choose(campaign, store.play_sessions(info.id), sessions,
                                   everything)
            if not whole:
                return _sessions(store, info, chosen, audience)
        entries = counted(store.log(info.id))
    try:
        state = rules.new_state(info.system, info.initial.get("settings"),
                                info.initial.get("characters", []))
    except rules.SheetError as err:
        raise ReportError(f"The campaign's starting sheets cannot be read: {err}") from None
    desk: dict[str, Any] = dict(state["characters"])
    if encounter is not None:
        found = encounters(entries, info.initial.get("settings"))
        if not 1 <= encounter <= len(found):
            raise ReportError(f"{campaign!r} has {len(found)} encounter"
                              f"{'' if len(found) == 1 else 's'}; there is no encounter "
                              f"{encounter}.")
        picked = found[encounter - 1]
        scope = Scope("encounter", f"Encounter {encounter}")
    else:
        picked = list(range(len(entries)))
        scope = Scope("campaign", "The whole campaign")
    first = picked[0] if picked else len(entries)
    settings = info.initial.get("settings") or {}
    for entry in entries[:first]:  # the desk as the scope begins
        for cid, state in entry.after.items():
            if state is None:
                desk.pop(cid, None)
            else:
                desk[cid] = state
        if entry.settings_after is not None:
            settings = entry.settings_after
    return statistics(info.system, [entries[i] for i in picked], desk, audience,
                      settings), scope


def _sessions(store: Any, info: Any, chosen: list[dict[str, Any]],
              audience: str) -> tuple[Statistics, Scope]:
    numbers = [s["number"] for s in chosen]
    scope = Scope("session", f"Play session {numbers[0]}" if len(numbers) == 1 else
                  f"Play sessions {numbers[0]}\u2013{numbers[-1]}")
    ids = [s["id"] for s in chosen]
    first, last = store.seq_span(ids)
    if first is None:
        return statistics(info.system, [], store.characters(info.id), audience), scope
    entries = store.log(info.id, session_ids=ids, since=first)
    back = entries + store.states_before(info.id, after=last)
    start = desk_before(store.desk_order(info.id), store.characters(info.id), back)
    settings = settings_at_start(info.settings, back)
    return statistics(info.system, counted(entries), start, audience, settings), scope
