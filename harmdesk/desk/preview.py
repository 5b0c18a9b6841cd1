"""What an action would do, for the tile under a hovering chip. Pure: nothing is saved.

When the chip's dice are not rolled yet, every face is tried and the preview gives
the range and the odds that matter, exactly ("4–13 HP left; 1 in 10: Dying").
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from .. import rules
from ..profiles import profile_for
from ..profiles.parts import without_rule_ids
from ..rules import dice
from ..rules.core import Outcome, signed
from ..rules.shapes import JSON, Character, DeskState, Need
from .display import damage_words, tile_facts
from .rolling import value_for

if TYPE_CHECKING:
    from collections.abc import Iterator

MAX_COMBINATIONS = 2000

# one way the dice may fall: its probability, the outcome, the action with those faces
Result = tuple[Fraction, Outcome, JSON]


@dataclass(frozen=True)
class Preview:
    ok: bool
    error: str | None = None
    # per target id: a short first line (the numbers) and the explanation
    lines: dict[str, str] = field(default_factory=dict)
    details: dict[str, str] = field(default_factory=dict)
    exact: bool = True  # False when dice were not rolled yet and odds are shown


def _outcomes(state: DeskState, action: JSON, weight: Fraction, depth: int = 0,
              out: Outcome | None = None) -> Iterator[Result]:
    """Every outcome of `action` with its probability, rolling what the rules ask for.
    `out`: the action's outcome when the caller has it already."""
    out = out or rules.apply(state, action)
    if out.ok or not out.needs or depth > 3:
        yield weight, out, action
        return
    need = out.needs[0]
    try:
        sizes = dice.sides(need["dice"])
    except rules.Refused:
        yield weight, out, action
        return
    count = math.prod(sizes)
    if count > MAX_COMBINATIONS or not sizes:
        yield weight, out, action
        return
    for faces in itertools.product(*(range(1, s + 1) for s in sizes)):
        value = value_for(need, list(faces))
        yield from _outcomes(state, {**action, need["key"]: value}, weight / count, depth + 1)


def odds(p: Fraction) -> str:
    if p == 1:
        return "certain"
    inverse = 1 / p
    if inverse.denominator == 1:
        return f"1 in {inverse.numerator}"
    return f"{float(p) * 100:.0f}%"


def _event_text(out: Outcome, cid: str, name: str) -> str:
    texts: list[str] = []
    for event in out.events:
        if event.target == cid:
            text = event.text
            for prefix in (f"{name}: ", f"{name} "):
                if text.startswith(prefix) and prefix.endswith(": "):
                    text = text[len(prefix):]
            texts.append(text)
    return "; ".join(texts)


def preview(state: DeskState, action: JSON) -> Preview:
    """The preview of `action` on `state`, per target."""
    first = rules.apply(state, action)
    results = list(_outcomes(state, action, Fraction(1), out=first))
    if len(results) == 1:
        return _exact(state, results[0][1])
    refused = sum((w for w, out, _ in results if not out.ok), Fraction(0))
    if refused == 1:
        return Preview(False, results[0][1].error)
    note = "; ".join(_need_words(n, action, state) for n in first.needs)
    lines: dict[str, str] = {}
    details: dict[str, str] = {}
    for cid in _target_ids(action):
        before = state["characters"].get(cid)
        if before is None:
            continue
        lines[cid], chances = _odds_line(state["system"], before, cid, results, refused)
        # the odds are exact, and the detail says so only when there are odds to show
        details[cid] = "; ".join(p for p in (f"not rolled yet: {note}" if note else "",
                                             "the odds are exact" if chances else "") if p)
    return Preview(True, None, lines, details, exact=False)


def _exact(state: DeskState, out: Outcome) -> Preview:
    """Nothing left to roll: the one outcome, tile by tile, or the rules' refusal."""
    if not out.ok:
        return Preview(False, out.error)
    lines: dict[str, str] = {}
    details: dict[str, str] = {}
    for cid, after in out.state["characters"].items():
        before = state["characters"].get(cid)
        if before is None or after is before:
            continue
        lines[cid] = _change_line(state["system"], before, after)
        details[cid] = _event_text(out, cid, after["name"])
    return Preview(True, None, lines, details)


def _change_line(system: str, before: Character, after: Character) -> str:
    """'20/20 HP → 16/20 HP · Dying · Supplies 5 → 4': a tile's numbers before and after."""
    old, new = tile_facts(system, before), tile_facts(system, after)
    line = f"{old.bar.text} → {new.bar.text}" if old.bar != new.bar else new.bar.text
    if new.status != old.status:
        line += f" · {new.status_change(old)}"
    for was, now in ((old.guard, new.guard), (old.buffer, new.buffer)):
        if was != now and now:  # supplies spent, Endurance granted, Block changed
            line += f" · {now[0]} {was[1] if was else '—'} → {now[1]}"
    return line


def _target_ids(action: JSON) -> list[str]:
    targets = action.get("target")
    return targets if isinstance(targets, list) else [cast(str, targets)]


def _odds_line(system: str, before: Character, cid: str, results: list[Result],
               refused: Fraction) -> tuple[str, list[str]]:
    """(the range of a tile's numbers over every roll, with the odds of each change of
    state; those odds) for dice not rolled yet."""
    old = tile_facts(system, before)
    values: list[int] = []
    statuses: dict[str, Fraction] = {}
    for weight, out, _ in results:
        if not out.ok:
            continue
        new = tile_facts(system, out.state["characters"].get(cid, before))
        values.append(new.bar.figure)
        if new.status != old.status:
            statuses[new.status_label] = statuses.get(new.status_label, Fraction(0)) + weight
    low, high = min(values), max(values)
    span = signed(low) if low == high else f"{signed(low)}–{signed(high)}"
    line = (f"damage {old.bar.figure} → {span}" if old.bar.fills_with_harm
            else f"{signed(old.bar.figure)} → {span} HP")
    chances = [f"{odds(p)}: {label or 'recovers'}"
               for label, p in sorted(statuses.items(), key=lambda kv: -kv[1])]
    if refused:
        chances.append(f"{odds(refused)}: refused")
    return "; ".join([line, *chances]), chances


def _need_words(need: Need, action: JSON, state: DeskState) -> str:
    """The roll still to make: the action's own dice with what comes with them, a gang's
    roll with its attackers' tags, or another roll the rules ask for ('d20, Trauma table')."""
    if need.get("key") == "rolls" and need.get("dice") == action.get("dice"):
        # the rules may add what changes every face (an attacker's own state)
        return "; ".join(p for p in (damage_words(action), need.get("note")) if p)
    if need.get("key") == "rolls" and action.get("type") == "gang_damage":
        return _gang_words(state, action)
    why = without_rule_ids(need.get("why") or need.get("key", ""))
    return f"{need.get('dice')}, {why}" if why else str(need.get("dice"))


def _gang_words(state: DeskState, action: JSON) -> str:
    """'d10+4, 1 piercing, forceful': the gang's one roll as its game's rules make it of its
    attackers, with what the action adds for the whole gang, worded as any attack's."""
    gang_roll = profile_for(state["system"]).gang_roll
    if gang_roll is None:
        return damage_words(action)
    roll, left_out = gang_roll(state, action["attackers"])
    own_tags = [t for t in action.get("tags") or () if t not in roll["tags"]]
    words = damage_words({**action, "dice": roll["dice"], "piercing": roll["piercing"],
                          "ignores_armor": roll["ignores_armor"] or action.get("ignores_armor"),
                          "tags": [*roll["tags"], *own_tags]})
    return "; ".join([words, *left_out])
