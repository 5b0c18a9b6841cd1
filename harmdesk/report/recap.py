"""The recap of a stretch of play: who hurt whom, in numbers (JSON, each number with the
log entries it came from) and in words (Markdown, for the group's chat). Pure: it reads
`stats.Statistics`, and writes text.

Names are the GM's and the players' own typing: in Markdown every character that could
be read as markup is escaped, so `<b>Bold</b> & <img src=x>` stays literal.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html import escape
from typing import Any

from . import facts
from .stats import GM, Hit, Share, Statistics, Tally

FORMAT, VERSION = "harmdesk-recap", 1
NOTHING = "No harm recorded."


@dataclass(frozen=True)
class Scope:
    """What the recap covers, in words ("Play session 3", "Encounter 2", "The whole
    campaign") and by kind."""

    kind: str    # "session", "encounter" or "campaign"
    title: str
    story: str = ""  # the "Story so far" the GM wrote for the play session


def _shares(stats: Statistics, shares: dict[str, Share], side: str) -> list[dict[str, Any]]:
    """Amounts by the other party, largest first."""
    return [{side: key or None, "name": stats.name(key), "amount": share.amount,
             "entries": list(share.entries)} for key, share in stats.ordered(shares)]


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
        "downs": [{"words": d.words, "round": d.round, "entries": [d.entry]}
                  for d in tally.downs],
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
    keys = {t.key for t in people}
    sources = [t for t in counted if t.key not in keys]
    return {"format": FORMAT, "version": VERSION, "campaign": campaign,
            "system": stats.system, "scope": {"kind": scope.kind, "title": scope.title},
            "story": scope.story.strip() or None,
            "audience": stats.audience, "empty": stats.empty,
            **({"message": NOTHING} if stats.empty else {}),
            "rounds": stats.rounds,
            "went_down": [{"id": cid, "name": stats.name(cid), "words": d.words,
                           "round": d.round, "entries": [d.entry]} for cid, d in stats.fallen],
            "characters": [_tally_json(stats, t) for t in people],
            "sources": [_tally_json(stats, t) for t in sources]}


_MARKUP = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|&~=:])")


def plain(text: str) -> str:
    """`text` as Markdown that reads literally: every markup character escaped, and line
    breaks as spaces (a name is one line)."""
    return _MARKUP.sub(r"\\\1", " ".join(text.split()))


def recap_markdown(stats: Statistics, campaign: str, scope: Scope,
                   story: str | None = None) -> str:
    """The recap in words, for the group's chat: the story so far (the GM's own
    paragraph, kept as written; the scope's unless another is given), then each
    character's line."""
    story = scope.story if story is None else story
    unit = "Damage" if _damage_game(stats) else "HP"
    lines = [f"# {plain(campaign)}: {plain(scope.title)}", ""]
    if story.strip():
        lines += ["## Story so far", "", story.strip(), ""]
    if stats.empty:
        return "\n".join([*lines, NOTHING, ""])
    lines += ["## Who hurt whom", ""]
    people = [t for t in stats.characters() if t.entries]
    keys = {t.key for t in people}
    for tally in people:
        said = _words(stats, tally, unit)
        if said:  # one shown in words only may have nothing the players saw in numbers
            lines.append(f"- **{plain(tally.name)}**: " + "; ".join(said))
    sources = [t for t in stats.tallies.values()
               if t.entries and t.key not in keys and t.total_dealt]
    for tally in sources:
        lines.append(f"- {plain(tally.name)}: dealt {tally.total_dealt} {unit} "
                     f"({_listed(stats, tally.dealt, 'to')})")
    if stats.fallen:
        lines += ["", "## Who went down when", ""]
        lines += [f"- {_when(down.round)}{plain(stats.name(cid))}: {plain(down.words)}"
                  for cid, down in stats.fallen]
    return "\n".join([*lines, ""])


def _when(round_: int | None) -> str:
    return "" if round_ is None else f"Round {round_}: "


def _damage_game(stats: Statistics) -> bool:
    return facts.charts_damage(stats.system)


def _words(stats: Statistics, tally: Tally, unit: str) -> list[str]:
    out = []
    if tally.total_dealt:
        out.append(f"dealt {tally.total_dealt} {unit} ({_listed(stats, tally.dealt, 'to')})")
    if tally.total_taken:
        out.append(f"took {tally.total_taken} {unit} ({_listed(stats, tally.taken, 'from')})")
    if tally.total_given:
        out.append(f"healed others {tally.total_given}")
    if tally.total_received:
        out.append(f"was healed {tally.total_received}")
    out += [f"went down: {plain(d.words)}" for d in tally.downs]
    if tally.closest is not None and not tally.downs:
        out.append(f"closest call: {plain(tally.closest.words)}")
    return out


def _listed(stats: Statistics, shares: dict[str, Share], word: str) -> str:
    """'7 from Hagr, 3 from Unattributed'."""
    return ", ".join(f"{s.amount} {word} {plain(stats.name(k))}"
                     for k, s in stats.ordered(shares))


# the HTML recap: one file, readable on a phone, its charts inline SVG ------------------
_STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:40rem;padding:1rem;
line-height:1.4;color:#1d2330}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.5rem}
ul{padding-left:1.2rem}li{margin:.3rem 0}svg{width:100%;height:auto}
.dealt{fill:#c0392b}.taken{fill:#2c6fbb}.label{font-size:13px;fill:#1d2330}
"""
# as wide as a phone's page, so that its words read at their size there
_BAR, _GAP, _LEFT, _WIDTH = 16, 10, 112, 200


def _chart(stats: Statistics, people: list[Tally], unit: str) -> str:
    """Damage dealt and taken, a pair of bars per character, as inline SVG."""
    most = max([1, *(max(t.total_dealt, t.total_taken) for t in people)])
    row = 2 * _BAR + _GAP
    height = row * len(people) + 24
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_LEFT + _WIDTH + 40} '
             f'{height}" role="img" aria-label="{escape(unit)} dealt and taken">']
    for i, tally in enumerate(people):
        y = i * row
        parts.append(f'<text class="label" x="0" y="{y + _BAR + 4}">'
                     f'{escape(_short(tally.name))}</text>')
        for j, (kind, amount) in enumerate((("dealt", tally.total_dealt),
                                            ("taken", tally.total_taken))):
            width = round(_WIDTH * amount / most)
            top = y + j * _BAR
            parts.append(f'<rect class="{kind}" x="{_LEFT}" y="{top}" width="{width}" '
                         f'height="{_BAR - 2}"><title>{escape(tally.name)}: {kind} {amount} '
                         f'{escape(unit)}</title></rect>')
            parts.append(f'<text class="label" x="{_LEFT + width + 4}" y="{top + _BAR - 3}">'
                         f'{amount}</text>')
    y = row * len(people) + 16
    parts.append(f'<rect class="dealt" x="0" y="{y - 10}" width="10" height="10"/>'
                 f'<text class="label" x="14" y="{y}">dealt</text>'
                 f'<rect class="taken" x="70" y="{y - 10}" width="10" height="10"/>'
                 f'<text class="label" x="84" y="{y}">taken</text></svg>')
    return "".join(parts)


def _short(name: str, most: int = 15) -> str:
    return name if len(name) <= most else name[:most - 1] + "\u2026"


def recap_html(stats: Statistics, campaign: str, scope: Scope, story: str | None = None) -> str:
    """The recap as one self-contained HTML page: every name escaped, no script, no
    file or address it reaches for."""
    story = scope.story if story is None else story
    unit = "Damage" if _damage_game(stats) else "HP"
    title = f"{campaign}: {scope.title}"
    body = [f"<h1>{escape(title)}</h1>"]
    if story.strip():
        body += ["<h2>Story so far</h2>"] + [f"<p>{escape(p.strip())}</p>"
                                             for p in story.strip().split("\n\n") if p.strip()]
    people = [t for t in stats.characters() if t.entries]
    if stats.empty or not people:
        body.append(f"<p>{NOTHING}</p>")
    else:
        body.append("<h2>Who hurt whom</h2>")
        body.append(_chart(stats, people, unit))
        body.append("<ul>")
        for tally in people:
            said = _words(stats, tally, unit)
            if said:
                body.append(f"<li><strong>{escape(tally.name)}</strong>: "
                            f"{escape(_unescaped('; '.join(said)))}</li>")
        body.append("</ul>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def _unescaped(markdown: str) -> str:
    """Words made for Markdown (`plain`), as the text they say."""
    return re.sub(r"\\(.)", r"\1", markdown)


def recap_in(fmt: str, stats: Statistics, campaign: str, scope: Scope) -> str:
    """The recap as text in `fmt`: "md" (Markdown), "html" or "json"."""
    if fmt == "json":
        return json.dumps(recap_json(stats, campaign, scope), ensure_ascii=False, indent=1)
    if fmt == "html":
        return recap_html(stats, campaign, scope)
    return recap_markdown(stats, campaign, scope)
