"""Hearth's rules: a character has Warmth (HP) up to its most; a blow takes Warmth, a fire
gives it back, and at 0 Warmth a character is out cold."""

from __future__ import annotations

from typing import Any

from harmdesk.rules import dice, fields
from harmdesk.rules.core import Desk, Event, Refused
from harmdesk.rules.shapes import Action, Settings
from harmdesk.rules.system import ActionRule, System

LIMITS = {"max_hp": (1, 99), "hp": (0, 99)}


def make_character(sheet: dict[str, Any], settings: Settings) -> dict[str, Any]:
    fields.refuse_unknown(sheet, ("max_hp", "hp"), "a Hearth sheet")
    top = fields.limited(sheet, "max_hp", LIMITS, 6)
    hp = fields.limited(sheet, "hp", LIMITS, top)
    if hp > top:
        raise Refused(f"`hp` {hp} is more than `max_hp` {top}")
    return {"max_hp": top, "hp": hp}


def edit_character(char: Any, changes: dict[str, Any], settings: Settings) -> list[Event]:
    fields.refuse_unknown(changes, ("max_hp", "hp"), "a Hearth sheet")
    merged = make_character({"max_hp": char["max_hp"], "hp": char["hp"], **changes}, settings)
    char.update(merged)
    return [Event("edit_character", char["id"], f"{char['name']}: {char['hp']}/"
                  f"{char['max_hp']} Warmth")] if changes else []


def damage(desk: Desk[Any], action: Action, cid: str) -> list[Event]:
    """A blow: Warmth goes down by the amount, never below 0."""
    amount, how = dice.amount_of(action)
    char = desk.char(cid)
    before = char["hp"]
    char["hp"] = max(0, before - amount)
    lost = before - char["hp"]
    data = {"hp_before": before, "hp_after": char["hp"], "lost": lost}
    out = " and is out cold" if char["hp"] == 0 else ""
    return [Event("damage", cid, f"{char['name']} takes {how}: {before} → {char['hp']} "
                  f"Warmth{out}", data)]


def heal(desk: Desk[Any], action: Action, cid: str) -> list[Event]:
    """A fire: Warmth goes up by the amount, never past its most."""
    amount, how = dice.amount_of(action)
    char = desk.char(cid)
    before = char["hp"]
    char["hp"] = min(char["max_hp"], before + amount)
    data = {"hp_before": before, "hp_after": char["hp"], "healed": char["hp"] - before}
    return [Event("heal", cid, f"{char['name']} warms by {how}: {before} → {char['hp']} "
                  "Warmth", data)]


SYSTEM = System(
    name="hearth",
    title="Hearth",
    kinds=("pc", "monster"),
    settings={},
    make_character=make_character,
    edit_character=edit_character,
    actions={
        "damage": ActionRule(damage, doc="Take Warmth: `amount` or `dice`+`rolls`.",
                             fields=("amount", "dice", "rolls", "source")),
        "heal": ActionRule(heal, doc="Give Warmth back: `amount` or `dice`+`rolls`.",
                           fields=("amount", "dice", "rolls")),
    },
)
