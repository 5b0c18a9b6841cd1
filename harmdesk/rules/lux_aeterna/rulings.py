"""Lux Aeterna GM rulings: bringing a dead character back (or ruling one dead), and
corrections of the current values a GM keeps on the table (LA-2, LA-3, LA-6, LA-9, LA-12).

Every other action refuses a dead character (LA-4, LA-10); these are the GM's way out,
logged and undoable like any other action.
"""

from __future__ import annotations

from typing import Any, Literal, cast

from .. import fields
from ..core import ARROW, Event, Refused, quoted, signed
from ..shapes import Action
from .common import event, moved, set_conscious, who
from .healing import wakes
from .sheet import LIMITS, LuxCharacter, LuxDesk
from .sustain import stops_sustaining
from .trauma import dies

# The values a GM correction may set, in the order they are applied.
Correctable = Literal["hp", "endurance", "strain", "resolve_dice"]
CORRECTABLE: tuple[Correctable, ...] = ("hp", "endurance", "strain", "resolve_dice")
LABELS = {"hp": "HP", "endurance": "Endurance", "strain": "Strain",
          "resolve_dice": "unspent Resolve dice"}


def read_value(char: LuxCharacter, action: Action, key: Correctable) -> int | None:
    """One corrected value, within what the sheet allows: HP up to max HP (and below 0,
    HP Debt, LA-3); Endurance 0 or more (LA-2); Strain up to the maximum (LA-6); unspent
    Resolve dice up to the sheet's count (LA-12)."""
    if action.get(key) is None:
        return None
    value = action[key]
    low, high = {"hp": (None, char["max_hp"]), "endurance": (0, None),
                 "strain": (0, char["max_strain"]),
                 "resolve_dice": (0, char["resolve_dice_max"])}[key]
    bad = not isinstance(value, int) or isinstance(value, bool)
    if bad or (low is not None and value < low) or (high is not None and value > high):
        span = (f"at most {high}" if low is None else f"{low} or more" if high is None
                else f"from {low} to {high}")
        raise Refused(f"{who(char)}'s {LABELS[key]} must be a whole number {span}, "
                      f"not {quoted(value)}")
    return fields.within(value, key, *LIMITS[key])  # HP Debt and Endurance as a sheet's


def correct(char: LuxCharacter, key: Correctable, value: int) -> list[Event]:
    """Set one value; HP decides consciousness (LA-3) and 1 HP or more ends Wounded (LA-9)."""
    before = char[key]
    char[key] = value
    if key == "hp":
        events = [event("set_state", char, f"GM correction: {moved(before, value)}",
                        field="hp", hp_before=before, hp_after=value)]
        events += wakes(char, before)
        if before >= 1 > value:
            events.append(event("unconscious", char, f"at {signed(value)} HP: unconscious "
                                "until 1 HP or more", hp=value))
            events += stops_sustaining(char, "falls unconscious")
        set_conscious(char)
        return events
    return [event("set_state", char, f"GM correction: {LABELS[key]} {before} {ARROW} {value}",
                  field=key, before=before, after=value)]


def set_state(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """A GM correction of `hp`, `endurance`, `strain` or `resolve_dice`: the value is set, not
    dealt or healed, so nothing else triggers (no Strain, no Trauma, no stabilizing)."""
    fields.refuse_unknown(action, CORRECTABLE, "set_state", also=fields.ACTION_KEYS)
    char = desk.peek(cid)
    if char["dead"]:
        raise Refused(f"{who(char)} is dead: a GM ruling on the death state (set_death) "
                      "brings them back first")
    values = {key: read_value(char, action, key) for key in CORRECTABLE}
    values = {k: v for k, v in values.items() if v is not None}
    if not values:
        raise Refused(f"`set_state` needs a value to set: {', '.join(CORRECTABLE)}")
    changed = {k: v for k, v in values.items() if v != char[k]}
    if not changed:
        raise Refused(f"{who(char)} already has "
                      + ", ".join(f"{LABELS[k]} {v}" for k, v in values.items()))
    char = desk.char(cid)
    events: list[Event] = []
    for key, value in changed.items():
        events += correct(char, key, cast(int, value))  # the values not given are left out
    return events


def set_death(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """A GM ruling on life and death. `dead: false` brings a dead character back with the
    `hp` (and `strain`) the GM chooses; `dead: true` rules them dead (LA-4, LA-10)."""
    fields.refuse_unknown(action, ("dead", "hp", "strain"), "set_death", also=fields.ACTION_KEYS)
    dead = fields.flag(action, "dead", default=None)
    char = desk.peek(cid)
    if dead is None:
        raise Refused("`dead` is missing: true rules the character dead, false brings them back")
    if dead:
        if char["dead"]:
            raise Refused(f"{who(char)} is already dead")
        if action.get("hp") is not None or action.get("strain") is not None:
            raise Refused("`hp` and `strain` go with bringing a character back (`dead` false)")
        return dies(desk.char(cid), "GM ruling")
    if not char["dead"]:
        raise Refused(f"{who(char)} is not dead: there is nobody to bring back")
    hp, strain = read_value(char, action, "hp"), read_value(char, action, "strain")
    char = desk.char(cid)
    char["dead"] = False
    before = char["hp"]
    data: dict[str, Any]
    text, data = "GM ruling: {who} is alive again", {"dead_before": True, "dead_after": False}
    if hp is not None and hp != before:
        char["hp"] = hp
        text += f"; {moved(before, hp)}"
        data.update(hp_before=before, hp_after=hp)
    events = [event("set_death", char, text, **data)]
    if strain is not None and strain != char["strain"]:
        events += correct(char, "strain", strain)
    set_conscious(char)
    if char["conscious"]:
        events.append(event("wakes", char, f"at {char['hp']} HP: conscious"))
    if char["wounded"] and char["hp"] >= 1:
        events += wakes(char, char["hp"])  # LA-9: Wounded ends at 1 HP or more
    if char["wounded"] and char["strain"] >= char["max_strain"]:
        events.append(event("strain", char, f"still Wounded with maximum Strain "
                            f"({char['strain']} of {char['max_strain']}): dies at the start "
                            "of their turn unless Strain is lowered"))
    return events
