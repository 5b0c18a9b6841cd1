"""Lux Aeterna and the clock: who takes no turn, and what the end of a scene does
(LA-2, LA-15). The turns themselves are `harm.start_turn` and `conditions.end_turn`."""

from __future__ import annotations

from ..core import Desk, Event
from .common import event, words
from .healing import end_scene


def passed_over(char: dict) -> str | None:
    """LA-4, LA-10: the dead take no more turns."""
    return "{who} is dead" if char.get("dead") else None


def rounds_end_with_the_scene(char: dict) -> list[Event]:
    """LA-15: an effect lasting rounds ends with the encounter that counted them."""
    lasting = [c for c in char["conditions"] if c["rounds"] is not None]
    for cond in lasting:
        char["conditions"].remove(cond)
    return [event("condition_end", char, f"{words(c['name'])} ends with the encounter "
                  f"({c['rounds']} rounds were left)", condition=c["name"]) for c in lasting]


def scene_ends(desk: Desk, action: dict, cid: str) -> list[Event]:
    """LA-2: "When a Scene ends, all Endurance is lost"; conditions lasting rounds end too,
    and the once-per-round Save (LA-14) forgets its round, Charmed the Saves damage owed."""
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
