"""Healing: plain healing, Short and Long Rests, and the Medicine check (FF-10 … FF-12)."""

from __future__ import annotations

from .. import dice, fields
from ..core import ARROW, MINUS, Desk, Event, Refused
from .status import is_object, settle

MEDICINE_DC = 10
NATURAL_20 = 20


def healed(damage: int, amount: int) -> int:
    """FF-10: healing lowers Damage, never below 0."""
    return max(0, damage - amount)


def heal_damage(char: dict, amount: int, why: str) -> list[Event]:
    """FF-10 / FF-3: lower Damage; an ended story (a destroyed object) stays so."""
    before = char["damage"]
    char["damage"] = healed(before, amount)
    lowered = before - char["damage"]
    text = f"{char['name']}: {why}; damage {before} {MINUS} {lowered} {ARROW} {char['damage']}"
    if char.get("story_ended"):
        text += "; the Story has Ended and healing cannot undo it"
    elif char.get("destroyed"):
        text += "; Destroyed: only magic can repair it"
    events = [Event("heal", char["id"], text, {"damage_before": before,
                                               "damage_after": char["damage"],
                                               "healed": lowered})]
    events.extend(settle(char))
    return events


def heal(desk: Desk, action: dict, cid: str) -> list[Event]:
    """FF-10: heal an amount (or dice) of Damage, never below 0."""
    amount, shown = dice.amount_of(action)
    char = desk.char(cid)
    return heal_damage(char, amount, f"heals {shown}")


def refuse_object_rest(char: dict, rest: str) -> None:
    """FF-12: objects do not rest; they are repaired with the Technology skill."""
    if is_object(char):
        raise Refused(f"{char['name']} is an object and cannot take a {rest}; repair it "
                      "with a Technology check (`medicine`)")


def short_rest_heal(hp: int) -> int:
    """FF-10: a Short Rest heals Damage equal to HP."""
    return hp


def short_rest(desk: Desk, action: dict, cid: str) -> list[Event]:
    """FF-10: heal Damage equal to HP, once until the next Long Rest."""
    char = desk.peek(cid)
    refuse_object_rest(char, "Short Rest")
    if char["short_rest_used"]:
        raise Refused(f"{char['name']} has already taken a Short Rest's benefits since the "
                      "last Long Rest (FF-10: once until the next Long Rest)")
    char = desk.char(cid)
    char["short_rest_used"] = True
    return heal_damage(char, short_rest_heal(char["hp"]),
                       f"Short Rest heals damage equal to HP {char['hp']}")


def long_rest(desk: Desk, action: dict, cid: str) -> list[Event]:
    """FF-10: heal all Damage; Short Rest benefits are available again.

    Without a target every character rests and objects are left out; naming an
    object is refused.
    """
    char = desk.peek(cid)
    if is_object(char) and action.get("target") is None:
        return []
    refuse_object_rest(char, "Long Rest")
    char = desk.char(cid)
    char["short_rest_used"] = False
    return heal_damage(char, char["damage"], "Long Rest heals all damage")


def medicine_succeeds(roll: int, bonus: int) -> bool:
    """FF-11: DC 10 Focus or Dexterity (Medicine); a natural 20 always succeeds."""
    return roll == NATURAL_20 or roll + bonus >= MEDICINE_DC


def supply_spent(roll: int, success: bool, settings: dict) -> bool:
    """FF-11: the check spends 1 Supplies; a Critical Success (natural 20) keeps it.

    AMBIGUITY (setting `medicine_failure_spends`): true (default) spends it on a
    failure too; false spends it only on a success.
    """
    if roll == NATURAL_20:
        return False
    return success or settings["medicine_failure_spends"]


def split_fits(total: int, roll: int) -> bool:
    """FF-11: the Performance (the raw d20) is the total a split may heal."""
    return total <= roll


def read_split(desk: Desk, action: dict, roll: int) -> dict[str, int]:
    """FF-11: the Performance (the raw d20) is the total that can be healed, split as
    the healer likes; no one is healed below 0 Damage."""
    split = fields.mapping(action, "split")
    parts: dict[str, int] = {}
    for cid, amount in split.items():
        who = desk.peek(cid)
        try:
            parts[cid] = fields.whole({"amount": amount}, "amount")
        except Refused as err:
            raise Refused(f"the split for {who['name']}: {err.reason}") from None
        if amount > who["damage"]:
            raise Refused(f"the split gives {who['name']} {amount}, more than their damage "
                          f"{who['damage']} (FF-11: no one is healed below 0)")
    total = sum(parts.values())
    if not split_fits(total, roll):
        raise Refused(f"the split heals {total} in all, more than the d20 roll {roll} "
                      "(FF-11: the Performance is the total that can be healed)")
    return parts


def medicine(desk: Desk, action: dict) -> list[Event]:
    """FF-11 / FF-12: a Medicine (Technology, for objects) check that heals a split."""
    healer_id = action.get("healer")
    if not isinstance(healer_id, str):
        raise Refused("`healer` must be the id of the character making the check")
    healer = desk.peek(healer_id)
    if is_object(healer):
        raise Refused(f"{healer['name']} is an object and cannot make a Medicine check")
    roll = fields.faces(action, "roll", 20)
    bonus = fields.whole(action, "bonus", default=0, minimum=None)
    supplies = healer["supplies"]
    if supplies == 0:
        raise Refused(f"{healer['name']} has no Supplies left for a Medicine check (FF-11)")
    success = medicine_succeeds(roll, bonus)
    split = read_split(desk, action, roll) if success else {}
    if not success:
        fields.mapping(action, "split", default={})  # the split is ignored, but must be a mapping
    spend = supplies is not None and supply_spent(roll, success, desk.settings)
    sign = "+" if bonus >= 0 else MINUS
    text = (f"{healer['name']}'s healing check: d20 {roll} {sign} {abs(bonus)} = {roll + bonus} "
            f"vs DC {MEDICINE_DC}: ")
    if roll == NATURAL_20:
        text += "natural 20, Critical Success: 20 to heal; no Supplies spent"
    elif success:
        text += f"success: {roll} to heal"
    else:
        text += "failure: nothing healed"
    data = {"roll": roll, "bonus": bonus, "success": success, "supplies_before": supplies}
    events = []
    if spend:
        healer = desk.char(healer_id)
        healer["supplies"] = supplies - 1
        text += f"; Supplies {supplies} {ARROW} {supplies - 1}"
    data["supplies_after"] = desk.peek(healer_id)["supplies"]
    events.append(Event("medicine", healer_id, text, data))
    for cid, amount in split.items():
        char = desk.char(cid)
        skill = "Technology (object)" if is_object(char) else "Medicine"
        events.extend(heal_damage(char, amount, f"{skill} heals {amount} of the {roll}"))
    return events
