"""The Statistics page's rows: who hurt whom, per character, over the play session or the
whole campaign, as plain rows for the window to show and sort. Read in a worker thread
(`statistics_table` takes the store), so a long campaign never holds up the desk.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import UserError

if TYPE_CHECKING:
    from ..report.recap import Scope
    from ..report.stats import Hit, Share, Statistics, Tally
    from ..store.store import Store

SCOPES = (("session", "This play session"), ("campaign", "The whole campaign"))
ENCOUNTER = "encounter:"  # a scope's key for the campaign's Nth encounter: "encounter:3"
ENCOUNTERS_LISTED = 12    # the newest encounters a scope menu offers

Progress = Callable[[int], object]


def scope_choices(store: Store, campaign: str) -> list[tuple[str, str]]:
    """(key, words) of each scope a recap or the Statistics page can cover: this play
    session, the campaign's newest encounters (newest first), the whole campaign. Read
    along the index of the rows that changed the settings: a few rows, whatever the log."""
    from ..report.recap_source import encounter_spans
    with store.one_read():
        info = store.campaign(campaign)
        spans = encounter_spans(store.settings_changes(info.id), info.initial.get("settings"))
    count = len(spans)
    listed = [(f"{ENCOUNTER}{n}", f"Encounter {n}" + (" (running)" if n == count and
                                                         spans[-1][1] is None else ""))
              for n in range(count, max(0, count - ENCOUNTERS_LISTED), -1)]
    return [SCOPES[0], *listed, SCOPES[1]]


def _figures(store: Store, campaign: str, scope: str, audience: str,
             progress: Progress | None) -> tuple[Statistics, Scope]:
    """The figures of the scope a key names (see `scope_choices`); UserError when there
    is nothing such to read."""
    from ..report.data import ReportError
    from ..report.recap_source import recap_statistics
    chosen: dict[str, Any] = {"everything": scope == "campaign"}
    if scope.startswith(ENCOUNTER):
        chosen = {"encounter": int(scope.removeprefix(ENCOUNTER))}
    try:
        return recap_statistics(store, campaign, audience=audience, progress=progress,
                                **chosen)
    except ReportError as err:
        raise UserError(str(err)) from None


@dataclass(frozen=True)
class StatRow:
    """One character's figures, and the words behind them."""

    cid: str
    name: str
    dealt: int
    taken: int
    given: int
    received: int
    downs: str            # "Dying — Death's Door (round 2)"
    biggest_dealt: str    # "7 to The Heavy"
    biggest_taken: str    # "9 from Coedwig and Birdwraig (gang-up)"
    closest: str          # "The Heavy fell to 2 of 20 HP"
    dealt_to: str         # each target's share: "7 to The Heavy, 3 to Vahid"
    taken_from: str       # each source's share, Unattributed among them
    biggest_dealt_amount: int = 0
    biggest_taken_amount: int = 0


@dataclass(frozen=True)
class StatTable:
    title: str                 # "Play session 3", "The whole campaign"
    rows: tuple[StatRow, ...]
    unattributed: int          # harm typed without a source, counted under Unattributed

    @property
    def empty(self) -> bool:
        return not self.rows


def statistics_table(store: Store, campaign: str, scope: str = "session",
                     progress: Progress | None = None) -> StatTable:
    """The GM's figures of `scope` (a key of `scope_choices`: "session", the newest play
    session, by default); UserError when there is nothing to read."""
    # the report's modules in the worker, when first asked: never on the way to the desk
    from ..report.stats import GM, UNATTRIBUTED
    stats, found = _figures(store, campaign, scope, GM, progress)
    rows = tuple(_row(stats, t) for t in stats.characters() if t.entries)
    unattributed = stats.tallies.get(UNATTRIBUTED)
    return StatTable(found.title, rows, unattributed.total_dealt if unattributed else 0)


def _row(stats: Statistics, tally: Tally) -> StatRow:
    downs = "; ".join(d.words + ("" if d.round is None else f" (round {d.round})")
                      for d in tally.downs)
    return StatRow(
        tally.key, tally.name, tally.total_dealt, tally.total_taken, tally.total_given,
        tally.total_received, downs, _hit(stats, tally.biggest_dealt, "to"),
        _hit(stats, tally.biggest_taken, "from"),
        tally.closest.words if tally.closest else "",
        _shares(stats, tally.dealt, "to"), _shares(stats, tally.taken, "from"),
        tally.biggest_dealt.amount if tally.biggest_dealt else 0,
        tally.biggest_taken.amount if tally.biggest_taken else 0)


def _hit(stats: Statistics, hit: Hit | None, word: str) -> str:
    return "" if hit is None else f"{hit.amount} {word} {stats.name(hit.other)}"


def _shares(stats: Statistics, shares: dict[str, Share], word: str) -> str:
    return ", ".join(f"{share.amount} {word} {stats.name(key)}"
                     for key, share in stats.ordered(shares))


AUDIENCES = (("gm", "For the GM"), ("players", "For the players"))
FORMATS = (("md", "Markdown (for the group's chat)", ".md"),
           ("html", "HTML (one page, for a phone)", ".html"),
           ("json", "JSON (each number with its log entries)", ".json"))


def recap_text(store: Store, campaign: str, scope: str = "session", audience: str = "gm",
               fmt: str = "md", progress: Progress | None = None) -> str:
    """The recap of `scope` (a key of `scope_choices`) for `audience` in `fmt` (see
    FORMATS); UserError when there is nothing to read."""
    from ..report.recap import recap_in
    stats, found = _figures(store, campaign, scope, audience, progress)
    text = recap_in(fmt, stats, campaign, found)
    if progress is not None:
        progress(100)
    return text


def write_recap(store: Store, campaign: str, path: str, scope: str = "session",
                audience: str = "gm", fmt: str = "md", progress: Progress | None = None) -> str:
    """The recap written whole to `path`, or not at all; the path written."""
    from ..files import write_atomically
    text = recap_text(store, campaign, scope, audience, fmt, progress)
    try:
        return str(write_atomically(path, text.encode("utf-8")))
    except OSError as err:
        raise UserError(f"Cannot write {path}: {err.strerror or err}.",
                        "Nothing was written.") from None
