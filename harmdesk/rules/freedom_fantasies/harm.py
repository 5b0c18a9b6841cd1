"""An instance of Damage, and Protection Points (FF-1, FF-5 … FF-9).

Order of an instance: sum with its Additional Damage → drop immune parts →
reductions → Block (all or nothing; Direct is never Blocked) → Protection → Damage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from .. import dice, fields
from ..core import ARROW, MINUS, Event, Refused, listed, quoted
from ..shapes import Action, Settings
from .momentum import pay_for_action
from .sheet import FFCharacter, FFDesk
from .status import settle

PART_FIELDS = ("amount", "dice", "rolls", "damage_type")


@dataclass(frozen=True)
class Part:
    amount: int
    damage_type: str | None
    additional: bool
    shown: str  # how the amount was reached ("7" or "1d6 (4) + 3 = 7")


def optional_type(action: Action, key: str = "damage_type") -> str | None:
    """FF-8: a damage type is any snake_case name; untyped damage is allowed."""
    if action.get(key) is None:
        return None
    return fields.name(action, key, what="damage type")


def additional_parts(action: Action, base_type: str | None) -> list[Part]:
    """FF-5: Additional Damage belongs to the same instance; untyped takes the base type."""
    parts = []
    for i, item in enumerate(fields.listing(action, "additional", default=[])):
        if not isinstance(item, dict):
            raise Refused(f"`additional[{i}]` must be an object such as "
                          '{"amount": 2, "damage_type": "fire"}')
        unknown = sorted(k for k in item if k not in PART_FIELDS)
        if unknown:
            raise Refused(f"`additional[{i}]` has unknown fields {listed(map(repr, unknown))}; "
                          f"known: {', '.join(PART_FIELDS)}")
        try:
            amount, shown = dice.amount_of(item)
            own_type = optional_type(item)
        except Refused as err:
            raise Refused(f"`additional[{i}]`: {err.reason}", err.needs) from None
        parts.append(Part(amount, own_type or base_type, True, shown))
    return parts


def instance_parts(action: Action) -> list[Part]:
    """FF-5: the base damage and its Additional Damage, one instance."""
    amount, shown = dice.amount_of(action)
    base_type = optional_type(action)
    return [Part(amount, base_type, False, shown), *additional_parts(action, base_type)]


def immune_parts(parts: list[Part], immune: list[str], reading: str) -> list[Part]:
    """FF-8 Immunity: ignore any damage of a type the target is immune to.

    AMBIGUITY (setting `immunity_additional`): "immune_parts" (default) drops each
    part whose type is immune, so untyped Additional Damage goes with its base;
    "whole_instance" reads the instance as having its base type only (as for
    Resistance), so immunity to the base type drops everything and immunity to an
    Additional Damage's own type drops nothing.
    """
    if reading == "whole_instance":
        base = parts[0].damage_type
        return list(parts) if base is None or base not in immune else []
    return [p for p in parts if p.damage_type is None or p.damage_type not in immune]


def reduced(amount: int, reduce: int) -> int:
    """FF-6: effects that reduce the Damage apply before Block decides (never below 0)."""
    return max(0, amount - reduce)


def is_blocked(amount: int, block: int, direct: bool) -> bool:
    """FF-6 / FF-7: an instance that does not exceed Block is Blocked entirely;
    Direct Damage (and any Additional Damage added to it) is never Blocked."""
    return not direct and amount <= block


def absorb_protection(amount: int, points: int) -> tuple[int, int]:
    """FF-9: Protection takes the damage first; returns (points left, damage left over)."""
    spent = min(points, amount)
    return points - spent, amount - spent


def odds_note(base_type: str | None, char: FFCharacter) -> str | None:
    """FF-8: Resistance / Vulnerability change the odds to hit, never the amount.

    Immunity also counts as Resistance; Additional Damage is ignored for this
    (only the base type counts); Resistance and Vulnerability cancel.
    """
    if base_type is None:
        return None
    resistant = base_type in char["resistant"] or base_type in char["immune"]
    vulnerable = base_type in char["vulnerable"]
    if resistant and vulnerable:
        return (f"resistant and vulnerable to {base_type}: advantage and disadvantage cancel; "
                "amount unchanged")
    if resistant:
        return (f"resistant to {base_type}: attacks have disadvantage to hit; "
                "amount unchanged")
    if vulnerable:
        return (f"vulnerable to {base_type}: attacks have advantage to hit; "
                "amount unchanged")
    return None


def describe_parts(parts: list[Part]) -> str:
    def one(p: Part) -> str:
        words = " ".join(w for w in ("additional" if p.additional else "", p.damage_type or "")
                         if w)
        if p.shown != str(p.amount):
            return f"{words} {p.shown}".strip()
        return f"{p.shown} {words}".strip()
    text = " + ".join(one(p) for p in parts)
    if len(parts) > 1:
        text += f" = {sum(p.amount for p in parts)}"
    return text


# setting `wounded_attackers`: the seed's reading, or the attacker left unread as desks
# saved before it was read (see `upgrade_settings`)
ATTACKER_PAYS, ATTACKER_NOT_READ = "expend_momentum", "not_read"


SAVED_BEFORE = ("block_compare", "immunity_additional", "medicine_failure_spends")


def upgrade_settings(given: Settings) -> Settings:
    """A desk saves every setting of its day: one holding all the settings there were
    before the attacker was read, but not `wounded_attackers`, was saved before it, and
    reads it as `not_read`, so its log replays exactly as it was played. A new desk (given
    some settings or none) takes the default."""
    if all(key in given for key in SAVED_BEFORE) and "wounded_attackers" not in given:
        return {**given, "wounded_attackers": ATTACKER_NOT_READ}
    return given


def first_target(action: Action) -> str | None:
    target = action.get("target")
    # the engine has read the target: an id, or a list of ids
    return cast("str | None", target[0] if isinstance(target, list) and target else target)


def attacker_pays(desk: FFDesk, action: Action, cid: str) -> list[Event]:
    """FF-2 / FF-3: the attack is an Action of its attacker (`source`, its id): a Wounded
    attacker expends 1 Momentum Point for it, and one whose Story has Ended cannot attack.
    An attack on several targets is one Action, paid for at the first."""
    if desk.settings["wounded_attackers"] == ATTACKER_NOT_READ:
        return []
    source = fields.text(action, "source", default=None)
    if source is None or cid != first_target(action):
        return []
    if not desk.has(source):
        raise Refused(f"the attacker {quoted(source)} (`source`) is not on the desk")
    return pay_for_action(desk, source, "an attack")


def damage(desk: FFDesk, action: Action, cid: str) -> list[Event]:
    """One instance of Damage on one target (FF-1, FF-5 … FF-9), paid for by a Wounded
    attacker (FF-2)."""
    paid = attacker_pays(desk, action, cid)
    target = desk.peek(cid)
    parts = instance_parts(action)
    direct = fields.flag(action, "direct")
    reduce = fields.whole(action, "reduce", default=0)
    steps = [describe_parts(parts)]
    total = sum(p.amount for p in parts)
    kept = immune_parts(parts, target["immune"], desk.settings["immunity_additional"])
    if len(kept) != len(parts):
        dropped = [p for p in parts if p not in kept]
        types = sorted({p.damage_type for p in dropped if p.damage_type in target["immune"]})
        amount = sum(p.amount for p in kept)
        steps.append(f"immune to {', '.join(types)}: {total} {MINUS} "
                     f"{total - amount} ignored = {amount}")
        total = amount
    if reduce:
        after = reduced(total, reduce)
        steps.append(f"{total} {MINUS} {reduce} reduced = {after}")
        total = after
    block = target["block"]
    blocked = is_blocked(total, block, direct)
    if direct:
        steps.append(f"Direct: cannot be Blocked, {total} taken")
    elif blocked:
        steps.append(f"{total} ≤ Block {block}: Blocked, 0 taken")
    else:
        steps.append(f"{total} > Block {block}: taken in full")
    taken = 0 if blocked else total

    char = desk.char(cid)
    events: list[Event] = []
    points, source = char["protection"], char["protection_source"]
    if taken and points:
        left, taken_after = absorb_protection(taken, points)
        steps.append(f"Protection ({source}) {points} {MINUS} {points - left} = {left}; "
                     f"{taken_after} to Damage")
        char["protection"] = left
        if left == 0:
            char["protection_source"] = None
            events.append(Event("protection_ended", cid, f"{char['name']}'s Protection from "
                                f"{source} is spent: its effects end",
                                {"protection_before": points, "protection_after": 0}))
        taken = taken_after
    before = char["damage"]
    char["damage"] = before + taken
    steps.append(f"damage {before} + {taken} {ARROW} {char['damage']} (HP {char['hp']})")
    note = odds_note(parts[0].damage_type, target)
    if note:
        steps.append(note)
    tags = sorted({p.damage_type for p in parts if p.damage_type}) + (["direct"] if direct else [])
    data = {"damage_before": before, "damage_after": char["damage"], "taken": taken,
            "instance": total, "blocked": blocked, "direct": direct,
            "damage_type": parts[0].damage_type, "tags": tags,
            "protection_before": points, "protection_after": char["protection"]}
    events.insert(0, Event("damage", cid, f"{char['name']}: " + "; ".join(steps), data))
    events.extend(settle(char))
    return paid + events


def grant_protection(desk: FFDesk, action: Action, cid: str) -> list[Event]:
    """FF-9: gain Protection from one source; a character keeps only one source.

    `keep`: "new" (default) ends the old source and its effects; "old" forgoes the
    new one. Points never add up, even from the same source.
    """
    points = fields.whole(action, "points", minimum=1)
    source = fields.text(action, "source")
    keep = fields.choice(action, "keep", ("new", "old"), default="new")
    char = desk.char(cid)
    name = char["name"]
    before, old = char["protection"], char["protection_source"]
    data = {"protection_before": before, "source": source}
    if before and keep == "old":
        text = (f"{name} keeps {before} Protection from {old}; {points} from {source} "
                "is forgone")
    else:
        ended = f"{old}'s Protection ({before}) and its effects end; " if before else ""
        char["protection"], char["protection_source"] = points, source
        text = f"{name}: {ended}{source} grants Protection {before} {ARROW} {points}"
    data["protection_after"] = char["protection"]
    events = [Event("protection", cid, text, data)]
    events.extend(settle(char))
    return events
