"""The recap's figures for a scope of a campaign's log: a play session (or a range), an
encounter, or the whole campaign; for the GM or for the players. Reads the store through
its methods (no SQL here), and hands the entries that count to `stats`.

Each scope reads its own rows alone, as the summary reads them (the rows that count,
neither struck nor corrections), and the desk before them is worked back from the desk
now (of the rows after them only the states they changed): what came before a scope
costs nothing, and what comes after costs only its `before` states.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .. import rules
from ..rules.encounter import encounter_of
from .data import ReportError, desk_before
from .recap import Scope
from .source import choose, of_sessions
from .stats import GM, Statistics, statistics
from .timeline import settings_at_start

CHUNK = 5_000  # rows counted over the whole campaign between progress reports


def encounter_spans(changes: list[tuple[int, Any]],
                    settings: dict[str, Any] | None) -> list[tuple[int, int | None]]:
    """(the seq that starts it, the seq that ends it) of each encounter, in order, from
    the rows that changed the settings (`Store.settings_changes`) and the settings before
    the first row. An encounter running when the campaign began starts at 0; one still
    running ends at None."""
    spans: list[tuple[int, int | None]] = []
    running = encounter_of(settings or {}) is not None
    start = 0
    for seq, after in changes:
        now = encounter_of(after or {}) is not None
        if now and not running:
            start = seq
        elif running and not now:
            spans.append((start, seq))
        running = now
    if running:
        spans.append((start, None))
    return spans


def recap_statistics(store: Any, campaign: str, sessions: list[int] | None = None,
                     encounter: int | None = None, everything: bool = False,
                     audience: str = GM,
                     progress: Callable[[int], object] | None = None
                     ) -> tuple[Statistics, Scope]:
    """The figures of the scope asked for (the newest play session when none is), and
    the scope in words; ReportError when there is no such session or encounter.
    `progress` hears the share read, in per cent, over the whole campaign."""
    with store.one_read():
        info = store.campaign(campaign)
        if encounter is not None:
            spans = encounter_spans(store.settings_changes(info.id),
                                    info.initial.get("settings"))
            if not 1 <= encounter <= len(spans):
                raise ReportError(f"{campaign!r} has {len(spans)} encounter"
                                  f"{'' if len(spans) == 1 else 's'}; there is no encounter "
                                  f"{encounter}.")
            first, last = spans[encounter - 1]
            return (_span(store, info, first or None, last, audience),
                    Scope("encounter", f"Encounter {encounter}"))
        chosen, whole = choose(campaign, store.play_sessions(info.id), sessions, everything)
        if whole:
            return (_campaign(store, info, audience, progress),
                    Scope("campaign", "The whole campaign"))
        numbers = [s["number"] for s in chosen]
        title = (f"Play session {numbers[0]}" if len(numbers) == 1 else
                 f"Play sessions {numbers[0]}\u2013{numbers[-1]}")
        scope = Scope("session", title, chosen[-1].get("story") or "")
        first, last = store.seq_span([s["id"] for s in chosen])
        if first is None:
            return statistics(info.system, [], store.characters(info.id), audience), scope
        return _span(store, info, first, last, audience, {s["id"] for s in chosen}), scope


def _span(store: Any, info: Any, first: int | None, last: int | None, audience: str,
          sessions: set[int] | None = None) -> Statistics:
    """The figures of the rows from seq `first` to `last` (None: from the start, to the
    newest); with `sessions`, of those play sessions' rows alone, as the summary counts."""
    entries = store.summary_log(info.id, since=first, until=last)
    back = entries + ([] if last is None else store.states_before(info.id, after=last))
    start = desk_before(store.desk_order(info.id), store.characters(info.id), back)
    settings = settings_at_start(info.settings, back)
    counted = entries if sessions is None else of_sessions(entries, sessions)
    return statistics(info.system, counted, start, audience, settings)


def _campaign(store: Any, info: Any, audience: str,
              progress: Callable[[int], object] | None) -> Statistics:
    """The figures of the whole log, on the desk the campaign began with, each row
    counted as it is read and let go (100k decoded rows held at once cost more than
    decoding them); `progress` hears of every CHUNK rows."""
    try:
        state = rules.new_state(info.system, info.initial.get("settings"),
                                info.initial.get("characters", []))
    except rules.SheetError as err:
        raise ReportError(f"The campaign's starting sheets cannot be read: {err}") from None
    newest = store.newest_seq(info.id)

    def told(entries: Iterator[Any]) -> Iterator[Any]:
        for n, entry in enumerate(entries, 1):
            yield entry
            if progress is not None and n % CHUNK == 0:
                progress(min(90, 90 * entry.seq // newest))

    return statistics(info.system, told(store.walk_log(info.id)), dict(state["characters"]),
                      audience, info.initial.get("settings") or {})
