"""The Statistics page's rows: who hurt whom, per character, over the play session or the
whole campaign, as plain rows for the window to show and sort. Read in a worker thread
(`statistics_table` takes the store), so a long campaign never holds up the desk.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import UserError

if TYPE_CHECKING:
    from ..report.stats import Hit, Share, Statistics, Tally
    from ..store.store import Store

SCOPES = (("session", "This play session"), ("campaign", "The whole campaign"))


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


def statistics_table(store: Store, campaign: str, scope: str = "session") -> StatTable:
    """The GM's figures of `scope` ("session": the newest play session, else the whole
    campaign); UserError when there is nothing to read."""
    # the report's modules in the worker, when first asked: never on the way to the desk
    from ..report.data import ReportError
    from ..report.recap_source import recap_statistics
    from ..report.stats import UNATTRIBUTED
    try:
        stats, found = recap_statistics(store, campaign, everything=scope == "campaign")
    except ReportError as err:
        raise UserError(str(err)) from None
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
               fmt: str = "md") -> str:
    """The recap of `scope` for `audience` in `fmt` (see FORMATS); UserError when there
    is nothing to read."""
    import json

    from ..report.data import ReportError
    from ..report.recap import recap_html, recap_json, recap_markdown
    from ..report.recap_source import recap_statistics
    try:
        stats, found = recap_statistics(store, campaign, everything=scope == "campaign",
                                        audience=audience)
    except ReportError as err:
        raise UserError(str(err)) from None
    if fmt == "json":
        return json.dumps(recap_json(stats, campaign, found), ensure_ascii=False, indent=1)
    if fmt == "html":
        return recap_html(stats, campaign, found)
    return recap_markdown(stats, campaign, found)


def write_recap(store: Store, campaign: str, path: str, scope: str = "session",
                audience: str = "gm", fmt: str = "md") -> str:
    """The recap written whole to `path`, or not at all; the path written."""
    from ..files import write_atomically
    text = recap_text(store, campaign, scope, audience, fmt)
    try:
        return str(write_atomically(path, text.encode("utf-8")))
    except OSError as err:
        raise UserError(f"Cannot write {path}: {err.strerror or err}.",
                        "Nothing was written.") from None
