"""Lux Aeterna and the clock: who takes no turn, what the end of a scene does and what a
Full Rest ends (LA-2, LA-13, LA-15, LA-16). The turns themselves are `harm.start_turn` and
`conditions.end_turn`."""

from __future__ import annotations

from ..core import Event
from ..shapes import Action
from . import healing
from .common import event, who, words
from .conditions import fixations_end, lasting_conditions_end
from .sheet import Condition, LuxCharacter, LuxDesk


def passed_over(char: LuxCharacter) -> str | None:
    """LA-4, LA-10: the dead take no more turns."""
    return "{who} is dead" if char.get("dead") else None


def rounds_end_with_the_scene(char: LuxCharacter) -> list[Event]:
    """LA-15: an effect lasting rounds ends with the encounter that counted them."""
    lasting = [c for c in char["conditions"] if c["rounds"] is not None]
    for cond in lasting:
        char["conditions"].remove(cond)
    return [event("condition_end", char, f"{words(c['name'])} ends with the encounter "
                  f"({c['rounds']} rounds were left)", condition=c["name"]) for c in lasting]


def fixations_end_with_the_scene(desk: LuxDesk, char: LuxCharacter) -> list[Event]:
    """LA-16 Fixated ends when its enemy "Leaves the Scene": when the scene ends, every
    Fixated on a named enemy ends."""
    ending = [c for c in char["conditions"] if c["name"] == "fixated" and c.get("enemy")]
    for cond in ending:
        char["conditions"].remove(cond)
    return [event("condition_end", char, f"the scene ends: Fixated on {enemy_name(desk, c)} "
                  "ends", condition="fixated", enemy=c["enemy"]) for c in ending]


def enemy_name(desk: LuxDesk, cond: Condition) -> str:
    enemy = cond["enemy"]
    return who(desk.peek(enemy)) if desk.has(enemy) else enemy


def ends_with_the_scene(cond: Condition) -> bool:
    return cond.get("until") == "scene" or (cond["name"] == "fixated" and bool(cond.get("enemy")))


def conditions_end_with_the_scene(desk: LuxDesk, cid: str) -> list[Event]:
    """LA-15: what lasts "until the scene ends" ends; LA-16: so does Fixated on an enemy."""
    if not any(ends_with_the_scene(c) for c in desk.peek(cid)["conditions"]):
        return []
    char = desk.char(cid)
    return lasting_conditions_end(char, "scene") + fixations_end_with_the_scene(desk, char)


def end_scene(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-2: "When a Scene ends, all Endurance is lost"; LA-15/LA-16: what lasts until the
    scene ends ends with it."""
    return healing.end_scene(desk, action, cid) + conditions_end_with_the_scene(desk, cid)


def scene_ends(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-2: "When a Scene ends, all Endurance is lost"; conditions lasting rounds or until
    the scene ends end too, and the once-per-round Save (LA-14) forgets its round, Charmed
    the Saves damage owed."""
    events = end_scene(desk, action, cid)
    peek = desk.peek(cid)
    if any(c["rounds"] is not None or "damage_saves" in c for c in peek["conditions"]) \
            or "saved_round" in peek:
        char = desk.char(cid)
        char.pop("saved_round", None)
        for cond in char["conditions"]:
            cond.pop("damage_saves", None)
        events += rounds_end_with_the_scene(char)
    return events


def full_rest(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-13 Full Rest (`healing.full_rest`); LA-15: what lasts until a Full Rest ends
    with it, unless the rest is none (the dead, or the slow recovery of the unconscious)."""
    peek = desk.peek(cid)
    rests = not peek.get("dead") and healing.rests_slowly(peek, desk.settings) is None
    events = healing.full_rest(desk, action, cid)
    if rests and any(c.get("until") == "full_rest" for c in desk.peek(cid)["conditions"]):
        events += lasting_conditions_end(desk.char(cid), "full_rest")
    return events


def leaves_the_desk(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-16 Fixated ends when its enemy "Leaves the Scene or is removed from play"."""
    return fixations_end(desk, cid, "is removed from play")


