"""Healing: plain healing, Short and Long Rests, and the Medicine and Technology checks
(FF-4, FF-10 … FF-12)."""

from __future__ import annotations

from typing import Any, cast

from .. import dice, fields
from ..core import ARROW, MINUS, Event, Refused, listed, quoted
from ..shapes import Action, Settings
from .momentum import pay_for_action
from .sheet import FFCharacter, FFDesk
from .status import exceeds_twice_hp, is_object, settle

MEDICINE_DC = 10
NATURAL_20 = 20
# FF-11 / FF-12: the skill of each healing check, and what it heals
MEDICINE, TECHNOLOGY = "medicine", "technology"
SKILL_NAMES = {MEDICINE: "Medicine", TECHNOLOGY: "Technology"}


def healed(damage: int, amount: int) -> int:
    """FF-10: healing lowers Damage, never below 0."""
    return max(0, damage - amount)


def refuse_destroyed(char: FFCharacter, magical: bool) -> None:
    """FF-4: a Destroyed object "cannot be repaired except by magical means"."""
    if char.get("destroyed") and not magical:
        raise Refused(f"{char['name']} is Destroyed and cannot be repaired except by magical "
                      "means: heal it with `magical` if magic repairs it")


def magic_mends(char: FFCharacter) -> list[Event]:
    """FF-4: magical repair ends Destroyed once Damage no longer exceeds twice HP;
    Broken then follows Damage against HP, as for any repair."""
    if not char.get("destroyed") or exceeds_twice_hp(char["damage"], char["hp"]):
        return []
    char["destroyed"] = False
    return [Event("undestroyed", char["id"], f"{char['name']} is no longer Destroyed: "
                  f"repaired by magical means, damage {char['damage']} ≤ 2 × HP {char['hp']}",
                  {"damage": char["damage"], "hp": char["hp"]})]


def heal_damage(char: FFCharacter, amount: int, why: str, magical: bool = False) -> list[Event]:
    """FF-10 / FF-3: lower Damage; an ended story stays so. FF-4: a destroyed object
    stays Destroyed (and Broken) unless magic repairs it."""
    before = char["damage"]
    char["damage"] = healed(before, amount)
    lowered = before - char["damage"]
    text = f"{char['name']}: {why}; damage {before} {MINUS} {lowered} {ARROW} {char['damage']}"
    if char.get("story_ended"):
        text += "; the Story has Ended and healing cannot undo it"
    data = {"damage_before": before, "damage_after": char["damage"], "healed": lowered}
    events = [Event("heal", char["id"], text, data)]
    if magical:
        data["magical"] = True
        events.extend(magic_mends(char))
    events.extend(settle(char))
    return events


def heal(desk: FFDesk, action: Action, cid: str) -> list[Event]:
    """FF-10: heal an amount (or dice) of Damage, never below 0. FF-4: `magical` is
    the only healing that repairs a Destroyed object."""
    magical = fields.flag(action, "magical")
    refuse_destroyed(desk.peek(cid), magical)
    amount, shown = dice.amount_of(action)
    char = desk.char(cid)
    how = " by magical means" if magical else ""
    return heal_damage(char, amount, f"heals {shown}{how}", magical)


def refuse_object_rest(char: FFCharacter, rest: str) -> None:
    """FF-12: objects do not rest; they are repaired with the Technology skill."""
    if is_object(char):
        raise Refused(f"{char['name']} is an object and cannot take a {rest}; repair it "
                      "with a Technology check (`technology`)")


def short_rest_heal(hp: int) -> int:
    """FF-10: a Short Rest heals Damage equal to HP."""
    return hp


def short_rest(desk: FFDesk, action: Action, cid: str) -> list[Event]:
    """FF-10: heal Damage equal to HP, once until the next Long Rest."""
    char = desk.peek(cid)
    refuse_object_rest(char, "Short Rest")
    if char["short_rest_used"]:
        raise Refused(f"{char['name']} has already taken a Short Rest's benefits since the "
                      "last Long Rest (once until the next Long Rest)")
    char = desk.char(cid)
    char["short_rest_used"] = True
    return heal_damage(char, short_rest_heal(char["hp"]),
                       f"Short Rest heals damage equal to HP {char['hp']}")


def long_rest(desk: FFDesk, action: Action, cid: str) -> list[Event]:
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


def supply_spent(roll: int, success: bool, settings: Settings) -> bool:
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


def check_skill(char: FFCharacter) -> str:
    """FF-12: "If Healing Objects, use the Technology Skill instead" of Medicine."""
    return TECHNOLOGY if is_object(char) else MEDICINE


def refuse_wrong_patient(who: FFCharacter, skill: str) -> None:
    """FF-11 / FF-12: one check heals people (Medicine) or objects (Technology), never both."""
    needed = check_skill(who)
    if needed == skill:
        return
    if needed == TECHNOLOGY:
        raise Refused(f"{who['name']} is an object: objects are repaired with a Technology "
                      "check (`technology`), not a Medicine check")
    raise Refused(f"{who['name']} is not an object: people are healed with a Medicine check "
                  "(`medicine`), not a Technology check")


def read_split(desk: FFDesk, action: Action, roll: int, skill: str) -> dict[str, int]:
    """FF-11: the Performance (the raw d20) is the total that can be healed, split as
    the healer likes; no one is healed below 0 Damage. FF-12 / FF-4: every part suits
    the check's skill, and no Technology check repairs a Destroyed object."""
    split = fields.mapping(action, "split")
    parts: dict[str, int] = {}
    for cid, amount in split.items():
        who = desk.peek(cid)
        refuse_wrong_patient(who, skill)
        refuse_destroyed(who, magical=False)
        try:
            parts[cid] = fields.whole({"amount": amount}, "amount")
        except Refused as err:
            raise Refused(f"the split for {who['name']}: {err.reason}") from None
        if amount > who["damage"]:
            raise Refused(f"the split gives {who['name']} {amount}, more than their damage "
                          f"{who['damage']} (no one is healed below 0)")
    total = sum(parts.values())
    if not split_fits(total, roll):
        raise Refused(f"the split heals {total} in all, more than the d20 roll {roll} "
                      "(the Performance is the total that can be healed)")
    return parts


def read_adjacent(desk: FFDesk, action: Action, healer_id: str) -> list[str] | None:
    """FF-11: the characters the GM says stand Adjacent to the healer (`adjacent`, ids),
    or None when the action does not say (the split's names are then the GM's word)."""
    if action.get("adjacent") is None:
        return None
    ids = fields.listing(action, "adjacent")
    for cid in ids:
        if not isinstance(cid, str):
            raise Refused(f"`adjacent` must be a list of ids, not {quoted(cid)}")
        desk.peek(cid)
    return [cid for cid in ids if cid != healer_id]


def refuse_out_of_reach(desk: FFDesk, split: dict[str, int], healer_id: str,
                        adjacent: list[str] | None) -> None:
    """FF-11: "You may also Heal themselves and Characters Adjacent to you": a share for
    anyone else the GM has not said is Adjacent is refused, by name."""
    if adjacent is None:
        return
    far = [desk.peek(cid)["name"] for cid in split if cid != healer_id and cid not in adjacent]
    if far:
        healer = desk.peek(healer_id)["name"]
        raise Refused(f"{listed(far)} {'is' if len(far) == 1 else 'are'} not Adjacent to "
                      f"{healer}: the check heals only the healer and the characters "
                      f"Adjacent to them")


def medicine(desk: FFDesk, action: Action) -> list[Event]:
    """FF-11: a Medicine check that heals people, split as the healer likes."""
    return healing_check(desk, action, MEDICINE)


def technology(desk: FFDesk, action: Action) -> list[Event]:
    """FF-12: a Technology check repairs objects; it works as the Medicine check."""
    return healing_check(desk, action, TECHNOLOGY)


def healing_check(desk: FFDesk, action: Action, skill: str) -> list[Event]:
    """FF-11 / FF-12: a DC 10 check with `skill` that heals a split of the d20.

    FF-2: a Wounded healer pays 1 Momentum Point for the check, as for any Action."""
    name = SKILL_NAMES[skill]
    healer_id = action.get("healer")
    if not isinstance(healer_id, str):
        raise Refused("`healer` must be the id of the character making the check")
    healer = desk.peek(healer_id)
    if is_object(healer):
        raise Refused(f"{healer['name']} is an object and cannot make a {name} check")
    roll = fields.faces(action, "roll", 20)
    bonus = fields.whole(action, "bonus", default=0, minimum=None)
    supplies = healer["supplies"]
    if supplies == 0:
        raise Refused(f"{healer['name']} has no Supplies left for a {name} check")
    success = medicine_succeeds(roll, bonus)
    adjacent = read_adjacent(desk, action, healer_id)
    split = read_split(desk, action, roll, skill) if success else {}
    refuse_out_of_reach(desk, split, healer_id, adjacent)
    if not success:  # the split is ignored, but names only what this skill could heal
        for cid in fields.mapping(action, "split", default={}):
            refuse_wrong_patient(desk.peek(cid), skill)
            refuse_destroyed(desk.peek(cid), magical=False)
    events = pay_for_action(desk, healer_id, f"a {name} check")
    spend = supplies is not None and supply_spent(roll, success, desk.settings)
    sign = "+" if bonus >= 0 else MINUS
    text = (f"{healer['name']}'s {name} check: d20 {roll} {sign} {abs(bonus)} = {roll + bonus} "
            f"vs DC {MEDICINE_DC}: ")
    if roll == NATURAL_20:
        text += "natural 20, Critical Success: 20 to heal; no Supplies spent"
    elif success:
        text += f"success: {roll} to heal"
    else:
        text += "failure: nothing healed"
    data: dict[str, Any] = {"roll": roll, "bonus": bonus, "success": success,
                            "supplies_before": supplies, "skill": skill}
    if spend:
        healer = desk.char(healer_id)
        had = cast(int, supplies)  # spent only when tracked
        healer["supplies"] = had - 1
        text += f"; Supplies {had} {ARROW} {had - 1}"
    if adjacent is not None:
        data["adjacent"] = adjacent
        if any(cid != healer_id for cid in split):
            text += "; Adjacent to " + healer["name"] + ": " + listed(
                desk.peek(cid)["name"] for cid in adjacent)
    data["supplies_after"] = desk.peek(healer_id)["supplies"]
    events.insert(0, Event("medicine", healer_id, text, data))
    for cid, amount in split.items():
        char = desk.char(cid)
        events.extend(heal_damage(char, amount, f"{name} heals {amount} of the {roll}"))
    return events
