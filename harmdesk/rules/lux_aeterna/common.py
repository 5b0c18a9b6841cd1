"""Lux Aeterna vocabulary shared by the rule modules: names, tables and small helpers.

Seed 002 ("Health & Status") is the authority; RULES.md §3 numbers the rules LA-1 … LA-17.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import fields
from ..core import ARROW, Event, Refused, half_up, signed
from ..shapes import Action

if TYPE_CHECKING:  # the sheet reads this vocabulary
    from .sheet import LuxCharacter, LuxDesk, LuxFields

# LA-12 Proposal: the "degree" chain of Resolve dice, d4 is the floor.
DIE_CHAIN = ("d4", "d6", "d8", "d10", "d12")

# LA-16: positive conditions are never "negative" for Shielded and a Save does not end them.
POSITIVE = ("haste", "hidden", "intangible", "invisible", "shielded", "regenerating")
NEGATIVE = ("blinded", "charmed", "confused", "dazed", "deafened", "fixated", "frozen",
            "immobilized", "ongoing_damage", "prone", "silenced", "slowed", "staggered",
            "stunned", "terrified", "unconscious", "weakened")
CONDITIONS = tuple(sorted(POSITIVE + NEGATIVE))
WITH_AMOUNT = ("ongoing_damage", "regenerating")

# LA-10: the Trauma table (d20).
TRAUMA_NAMES = {
    1: "Death", 2: "Brush with Death", 3: "Hanging By a Thread", 4: "Broken", 5: "Infection",
    6: "Open Wound", 7: "Cracked Skull", 8: "Fractured Bone", 9: "Concussion",
    10: "Nasty Bruise", 11: "Damaged Eye", 12: "Internal Bleeding", 13: "Shell-Shocked",
    14: "Head Trauma", 15: "Chronic Pain", 16: "Coughing Up Blood", 17: "Wrenched Leg",
    18: "Wrenched Arm", 19: "Lucky", 20: "Miracle",
}
TRAUMA_EFFECTS = {
    1: "dies instantly", 2: "roll 1d6 + Save score, below 6 dies instantly",
    3: "Wounded again before this heals: dies instantly",
    4: "Disadvantage on all attack rolls",
    5: "Physical Vulnerability +1, and +1 after each Full Rest",
    6: "Resolve dice one degree smaller", 7: "Staggered",
    8: "Disadvantage on Brawn and Skill Feats",
    9: "Disadvantage on Intellect and Awareness Feats", 10: "Disadvantage on Charisma Feats",
    11: "Blinded", 12: "cannot recover Hit Points", 13: "Dazed", 14: "cannot remove Strain",
    15: "Disadvantage on all Saves", 16: "Silenced", 17: "Slowed", 18: "Weakened",
    19: "no Trauma at all", 20: "no Trauma, and Stabilizes at once",
}
TRAUMA_CONDITIONS = {7: "staggered", 11: "blinded", 13: "dazed", 16: "silenced", 17: "slowed",
                     18: "weakened"}
NOT_IN_FORCE = (19, 20)  # Lucky and Miracle leave no Trauma behind
INFECTION, OPEN_WOUND, INTERNAL_BLEEDING, HEAD_TRAUMA, HANGING = 5, 6, 12, 14, 3
TRAUMA_BUMPS_TO_HEAL = 5  # LA-11


def who(char: LuxCharacter) -> str:
    return char.get("name") or char["id"]


def moved(before: int, after: int, unit: str = "HP") -> str:
    """'14 → 10 HP' with real minus signs."""
    return f"{signed(before)} {ARROW} {signed(after)} {unit}"


def hp_data(before: int, after: int, **more: Any) -> dict[str, Any]:
    return {"hp_before": before, "hp_after": after, **more}


def target_ids(action: Action) -> list[Any]:
    target = action.get("target")
    return target if isinstance(target, list) else [] if target is None else [target]


def refuse_if_dead(char: LuxCharacter, what: str, action: Action | None = None) -> None:
    """A dead character stays dead (LA-4, LA-10): every harm or healing action is refused.
    Help aimed at several names the dead one that blocks it, so the GM can leave them out."""
    if char.get("dead"):
        others = action is not None and len(target_ids(action)) > 1
        hint = f"; leave {who(char)} out of the targets to apply it to the others" \
            if others else ""
        raise Refused(f"{who(char)} is dead; {what} cannot apply to a dead character{hint}")


def skips_the_dead(desk: LuxDesk, action: Action, cid: str, what: str) -> list[Event] | None:
    """A group hit, a condition on a crowd or time passing goes by the dead: each dead
    target is skipped, and said so. None for the living; refused when every target is dead,
    since then nothing would happen."""
    char = desk.peek(cid)
    if not char.get("dead"):
        return None
    if any(not desk.peek(other).get("dead") for other in target_ids(action)):
        return [event("skipped", char, "{who} is dead: skipped", skipped=what)]
    refuse_if_dead(char, what)
    return None


def halve(n: int, rounding: str) -> int:
    """LA-16/LA-17 "reduce by 50%": rounding down by default (setting `halve_rounding`)."""
    return half_up(n) if rounding == "up" else n // 2


def internal_bleeding(char: LuxCharacter) -> bool:
    """LA-10 #12: Internal Bleeding in force, the character cannot recover Hit Points."""
    return INTERNAL_BLEEDING in char["traumas"]


def step_down(die: str, degrees: int) -> str:
    """LA-12 / LA-10 #6: a Resolve die `degrees` steps smaller on the chain, never below d4."""
    return DIE_CHAIN[max(0, DIE_CHAIN.index(die) - degrees)]


def current_resolve_die(char: LuxFields) -> str:
    """LA-10 #6: each Open Wound in force reduces the sheet's Resolve die by one degree."""
    return step_down(char["base_resolve_die"], char["traumas"].count(OPEN_WOUND))


def die_size(die: str) -> int:
    return int(die[1:])


def set_conscious(char: LuxFields) -> None:
    """LA-3: awake exactly when HP is 1 or more and the character is alive."""
    char["conscious"] = char["hp"] >= 1 and not char["dead"]


def roll_for(action: Action, key: str, sides: int, cid: str) -> int | None:
    """A roll the action carries for `cid`: one face, or {id: face} for several targets."""
    value = action.get(key)
    if isinstance(value, dict):
        return fields.faces(value, cid, sides, default=None) if cid in value else None
    try:
        return fields.faces(action, key, sides, default=None)
    except Refused as err:
        raise Refused(f"{err.reason} (or an object {{id: face}})") from None


def event(kind: str, char: LuxCharacter, text: str, **data: Any) -> Event:
    """`text` may place the name with {who}; otherwise it is prefixed "Name: "."""
    line = text.replace("{who}", who(char)) if "{who}" in text else f"{who(char)}: {text}"
    return Event(kind, char["id"], line, data)


def words(name: str) -> str:
    """A condition's name as the rules write it: ongoing_damage -> ongoing damage."""
    return name.replace("_", " ")
