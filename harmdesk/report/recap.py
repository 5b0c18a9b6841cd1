"""The recap of a stretch of play: who hurt whom, in numbers (JSON, each number with the
log entries it came from) and in words (Markdown, for the group's chat). Pure: it reads
`stats.Statistics`, and writes text.

Names are the GM's and the players' own typing: in Markdown every character that could
be read as markup is escaped, so `<b>Bold</b> & <img src=x>` stays literal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from . import facts
from .stats import GM, UNATTRIBUTED, Hit, Share, Statistics, Tally

FORMAT, VERSION = "harmdesk-recap", 1
NOTHING = "No harm recorded."


@dataclass(frozen=True)
class Scope:
    """What the recap covers, in words ("Play session 3", "Encounter 2", "The whole
    campaign") and by kind."""

    kind: str    # "session", "encounter" or "campaign"
    title: str


def _shares(stats: Statistics, shares: dict[str, Share], side: str) -> list[dict[str, Any]]:
    """Amounts by the other party, largest first."""
    ordered = sorted(shares.items(), key=lambda item: (-item[1].amount, stats.name(item[0])))
    return [{side: key or None, "name": stats.name(key), "amount": share.amount,
             "entries": list(share.entries)} for key, share in ordered]


def _hit(stats: Statistics, hit: Hit | None, side: str) -> dict[str, Any] | None:
    if hit is None:
        return None
    return {"amount": hit.amount, side: hit.other or None, "name": stats.name(hit.other),
            "entries": [hit.entry]}


def _tally_json(stats: Statistics, tally: Tally) -> dict[str, Any]:
    seen = {} if stats.audience == GM or tally.key not in stats.seen else \
        {"players_see": stats.seen[tally.key]}
    return {
        "id": tally.key or None, "name": tally.name, "kind": tally.kind, **seen,
        "dealt": {"total": tally.total_dealt, "by_target": _shares(stats, tally.dealt, "target")},
        "taken": {"total": tally.total_taken, "by_source": _shares(stats, tally.taken, "source")},
        "healing_given": {"total": tally.total_given,
                          "by_target": _shares(stats, tally.given, "target")},
        "healing_received": {"total": tally.total_received,
                             "by_healer": _shares(stats, tally.received, "healer")},
        "downs": [{"words": d.words, "entries": [d.entry]} for d in tally.downs],
        "biggest_hit_dealt": _hit(stats, tally.biggest_dealt, "target"),
        "biggest_hit_taken": _hit(stats, tally.biggest_taken, "source"),
        "closest_call": None if tally.closest is None else
        {"words": tally.closest.words, "entries": [tally.closest.entry]},
        "entries": sorted(tally.entries),
    }


def recap_json(stats: Statistics, campaign: str, scope: Scope) -> dict[str, Any]:
    """The recap as data: every character's figures, then the gangs' and Unattributed's
    (as sources), each number with the ids of its log entries."""
    counted = [t for t in stats.tallies.values() if t.entries]
    people = [t for t in stats.characters() if t.entries]
    sources = [t for t in counted if t not in people]
    return {"format": FORMAT, "version": VERSION, "campaign": campaign,
            "system": stats.system, "scope": {"kind": scope.kind, "title": scope.title},
            "audience": stats.audience, "empty": stats.empty,
            **({"message": NOTHING} if stats.empty else {}),
            "characters": [_tally_json(stats, t) for t in people],
            "sources": [_tally_json(stats, t) for t in sources]}


_MARKUP = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|&~=:])")


def plain(text: str) -> str:
    """`text` as Markdown that reads literally: every markup character escaped, and line
    breaks as spaces (a name is one line)."""
    return _MARKUP.sub(r"\\\1", " ".join(text.split()))


def recap_markdown(stats: Statistics, campaign: str, scope: Scope,
                   story: str = "") -> str:
    """The recap in words, for the group's chat: the story so far (the GM's own
    paragraph, kept as written), then each character's line."""
    unit = "Damage" if _damage_game(stats) else "HP"
    lines = [f"# {plain(campaign)}: {plain(scope.title)}", ""]
    if story.strip():
        lines += ["## Story so far", "", story.strip(), ""]
    if stats.empty:
        return "\n".join([*lines, NOTHING, ""])
    lines += ["## Who hurt whom", ""]
    for tally in (t for t in stats.characters() if t.entries):
        said = _words(stats, tally, unit)
        if said:  # one shown in words only may have nothing the players saw in numbers
            lines.append(f"- **{plain(tally.name)}**: " + "; ".join(said))
    sources = [t for t in stats.tallies.values()
               if t.entries and t not in stats.characters() and t.total_dealt]
    for tally in sources:
        lines.append(f"- {plain(tally.name)}: dealt {tally.total_dealt} {unit} "
                     f"({_to(stats, tally.dealt)})")
    return "\n".join([*lines, ""])


def _damage_game(stats: Statistics) -> bool:
    return facts.charts_damage(stats.system)


def _words(stats: Statistics, tally: Tally, unit: str) -> list[str]:
    out = []
    if tally.total_dealt:
        out.append(f"dealt {tally.total_dealt} {unit} ({_to(stats, tally.dealt)})")
    if tally.total_taken:
        out.append(f"took {tally.total_taken} {unit} ({_from(stats, tally.taken)})")
    if tally.total_given:
        out.append(f"healed others {tally.total_given}")
    if tally.total_received:
        out.append(f"was healed {tally.total_received}")
    out += [f"went down: {plain(d.words)}" for d in tally.downs]
    if tally.closest is not None and not tally.downs:
        out.append(f"closest call: {plain(tally.closest.words)}")
    return out


def _to(stats: Statistics, shares: dict[str, Share]) -> str:
    return ", ".join(f"{s.amount} to {plain(stats.name(k))}" for k, s in _ordered(stats, shares))


def _from(stats: Statistics, shares: dict[str, Share]) -> str:
    return ", ".join(f"{s.amount} from {plain(stats.name(k))}"
                     for k, s in _ordered(stats, shares))


def _ordered(stats: Statistics, shares: dict[str, Share]) -> list[tuple[str, Share]]:
    return sorted(shares.items(), key=lambda item: (-item[1].amount, stats.name(item[0]),
                                                     item[0] == UNATTRIBUTED))
