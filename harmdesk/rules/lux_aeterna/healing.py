"""Lux Aeterna healing, Endurance, stabilizing and rests
(LA-2, LA-5, LA-7 … LA-9, LA-11 … LA-13)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import dice, fields
from ..core import Event, Refused, listed, quoted, signed
from ..shapes import JSON, Action, Settings
from .common import (
    HEAD_TRAUMA,
    die_size,
    event,
    hp_data,
    internal_bleeding,
    moved,
    refuse_if_dead,
    roll_for,
    set_conscious,
    skips_the_dead,
    target_ids,
    who,
)
from .days import aid_restored_today, first_target, next_day, today
from .sheet import LuxCharacter, LuxDesk
from .trauma import infection_grows, trauma_saves


def stabilizes(char: LuxCharacter, why: str) -> list[Event]:
    """LA-7: a Stabilized Wounded character no longer gains Strain at the start of turns."""
    if not char["wounded"] or char["stabilized"]:
        return []
    char["stabilized"] = True
    return [event("stabilized", char, f"{why}: Stabilized")]


def wakes(char: LuxCharacter, hp_before: int) -> list[Event]:
    """LA-3: conscious again at 1 HP or more; LA-9 Proposal: Wounded ends there too."""
    events: list[Event] = []
    if hp_before < 1 <= char["hp"]:
        events.append(event("wakes", char, f"at {char['hp']} HP: conscious again"))
    if char["wounded"] and char["hp"] >= 1:
        char["wounded"] = False
        char["stabilized"] = False
        events.append(event("wounded_ends", char, "at 1 HP or more: no longer Wounded"))
    set_conscious(char)
    return events


def restore_hp(char: LuxCharacter, amount: int, why: str, settings: Settings) -> list[Event]:
    """LA-3/LA-7: healing pays down HP Debt, never above max HP, and stabilizes when it
    restores HP. LA-10 #12: Internal Bleeding restores nothing, so by default it cannot
    stabilize (setting `internal_bleeding_heal_stabilizes`)."""
    before = char["hp"]
    if internal_bleeding(char):
        events = [event("heal", char, f"{why}: Internal Bleeding (Trauma 12), no HP recovered; "
                        f"{signed(before)} HP", **hp_data(before, before, healed=0))]
        if amount > 0 and settings["internal_bleeding_heal_stabilizes"]:
            events += stabilizes(char, why)
        return events
    char["hp"] = min(char["max_hp"], before + amount)
    healed = char["hp"] - before
    capped = f" (max {char['max_hp']})" if healed < amount else ""
    events = [event("heal", char, f"{why}: {healed} HP recovered{capped}; "
                    f"{moved(before, char['hp'])}", **hp_data(before, char["hp"], healed=healed))]
    if healed > 0:
        events += stabilizes(char, "healing restores HP")
    return events + wakes(char, before)


def heal(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-3/LA-7/LA-9: restore HP (`amount` or `dice` + `rolls`); Endurance is never restored."""
    amount, how = dice.amount_of(action)
    char = desk.char(cid)
    refuse_if_dead(char, "healing", action)
    return restore_hp(char, amount, f"heals {how}", desk.settings)


def grant_endurance(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-2: a new instance of Endurance replaces the old (`keep`: "new") or is declined
    (`keep`: "old"); the two never add up."""
    amount = fields.whole(action, "amount", minimum=1)
    keep = fields.choice(action, "keep", ("new", "old"), default="new")
    char = desk.char(cid)
    refuse_if_dead(char, "Endurance", action)
    before = char["endurance"]
    if before > 0 and keep == "old":
        return [event("endurance", char, f"{{who}} declines {amount} new Endurance, keeps the "
                      f"old {before} (never {before + amount})", endurance_before=before,
                      endurance_after=before)]
    char["endurance"] = amount
    text = f"{amount} Endurance" + (f", replacing the old {before} (never {before + amount})"
                                    if before else "")
    return [event("endurance", char, text, endurance_before=before, endurance_after=amount)]


def end_scene(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-2: when a Scene ends, all Endurance is lost."""
    if desk.peek(cid)["endurance"] == 0:
        return []
    char = desk.char(cid)
    before = char["endurance"]
    char["endurance"] = 0
    return [event("endurance", char, f"the Scene ends: Endurance {before} \u2192 0",
                  endurance_before=before, endurance_after=0)]


def stabilize(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-7: special items or abilities stabilize a Wounded creature."""
    char = desk.char(cid)
    refuse_if_dead(char, "stabilizing", action)
    if not char["wounded"]:
        raise Refused(f"{who(char)} is not Wounded, so there is nothing to stabilize")
    if char["stabilized"]:
        raise Refused(f"{who(char)} is already Stabilized")
    return stabilizes(char, "an item or ability")


def medical_aid(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-7/LA-8: a successful Intellect Feat (`bumps` ≥ 1) stabilizes a Wounded patient,
    any number of times ("A Wounded creature can be Stabilized by… receiving medical aid"),
    and restores HP equal to the Bumps once per day ("If treated medically (once per day),
    you recover HP…"). 0 Bumps: the Feat failed, nothing happens, the day's HP is not used."""
    bumps = fields.whole(action, "bumps")
    char = desk.char(cid)
    refuse_if_dead(char, "medical aid", action)
    if char["hp"] >= 1:
        raise Refused(f"{who(char)} is at {char['hp']} HP; medical aid heals only a character "
                      "unconscious at 0 HP or below")
    again = aid_restored_today(char, desk.settings)
    if again and not (char["wounded"] and not char["stabilized"]):
        raise Refused(f"{who(char)} already recovered HP from medical aid today (once per "
                      f"day; day {today(desk.settings)}), and there is no Wound to stabilize; "
                      "a Full Rest or a new day lets medical aid heal again")
    if bumps == 0:
        return [event("medical_aid", char, "medical aid fails (0 Bumps): nothing happens")]
    if again:
        return stabilizes(char, f"medical aid ({bumps} Bumps; its HP only once per day, "
                          "already recovered today)")
    char["medical_aid_day"] = today(desk.settings)
    char.pop("medical_aid_used", None)
    events = stabilizes(char, f"medical aid ({bumps} Bumps)")
    return events + restore_hp(char, bumps, f"medical aid, {bumps} Bumps", desk.settings)


def slow_recovery(char: LuxCharacter, action: Action, cid: str, settings: Settings, key: str,
                  before: str = "") -> list[Event]:
    """LA-5: one period of recovery while unconscious at 0 HP or below. Setting
    `natural_recovery`: "split" (Proposal: Wounded regain 1d6 per 6 hours, others 1 HP per
    1d6 hours), "d6" (everyone 1d6 per 6 hours), "one_hp" (everyone 1 HP per 1d6 hours)."""
    reading = settings["natural_recovery"]
    if reading == "d6" or (reading == "split" and char["wounded"]):
        roll = roll_for(action, key, 6, cid)
        if roll is None:
            raise Refused(f"{who(char)} needs the d6 of 6 hours' recovery: `{key}` (d6)",
                          needs=[{"key": key, "dice": "d6", "why": "natural recovery",
                                  "target": cid}])
        return restore_hp(char, roll, f"{before}6 hours' rest, d6 {roll}", settings)
    return restore_hp(char, 1, f"{before}1d6 hours' rest, 1 HP", settings)


def natural_recovery(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-5: recovery while unconscious at 0 HP or below, one period at a time."""
    char = desk.char(cid)
    refuse_if_dead(char, "natural recovery", action)
    if char["hp"] >= 1:
        raise Refused(f"{who(char)} is at {char['hp']} HP; natural recovery applies only at "
                      "0 HP or below")
    return slow_recovery(char, action, cid, desk.settings, "roll")


def rests_slowly(char: LuxCharacter, settings: Settings) -> str | None:
    """LA-5 against LA-13: "While you are unconscious at or below 0 HP: You recover 1d6 HP
    every 6 hours", not a rest's HP. Setting `rest_while_unconscious`: "wounded" (the
    Wounded, not Stabilized, recover slowly), "unconscious" (anyone unconscious at 0 HP or
    below does), "rest" (they rest like anyone). Why they recover slowly, or None."""
    reading = settings["rest_while_unconscious"]
    if char["hp"] >= 1 or reading == "rest":
        return None
    if char["wounded"] and not char["stabilized"]:
        return f"unconscious at {signed(char['hp'])} HP, Wounded and not Stabilized"
    if reading == "unconscious":
        return f"unconscious at {signed(char['hp'])} HP"
    return None


def read_resolve_rolls(char: LuxCharacter, action: Action) -> list[int]:
    """LA-12: each face spends one unspent Resolve die and fits the current die."""
    faces = fields.listing(action, "resolve_rolls")
    if not faces:
        raise Refused("`resolve_rolls` is empty: give one face per Resolve die spent")
    size = die_size(char["resolve_die"])
    for face in faces:
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= size:
            raise Refused(f"{who(char)}'s Resolve die is a {char['resolve_die']}: it cannot "
                          f"show {quoted(face)}")
    if len(faces) > char["resolve_dice"]:
        raise Refused(f"{who(char)} has {char['resolve_dice']} unspent Resolve "
                      f"{'die' if char['resolve_dice'] == 1 else 'dice'}, not {len(faces)}")
    return faces


def resolve_worth_spending(char: Mapping[str, Any]) -> int:
    """LA-12/LA-13: the Resolve dice a Short Rest is worth to `char`: it recovers HP only,
    so none at full HP, else one (more is the GM's to raise, up to the unspent dice)."""
    if not char.get("resolve_dice"):
        return 0
    return 0 if char["hp"] >= char["max_hp"] else 1


def short_rest(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-12/LA-13: roll Resolve dice, recover HP equal to their total; they come back only
    at the end of the next Full Rest. Refused under Internal Bleeding (nothing to gain)."""
    char = desk.char(cid)
    refuse_if_dead(char, "a Short Rest", action)
    slowly = rests_slowly(char, desk.settings)
    if slowly:
        raise Refused(f"{who(char)} is {slowly}: a Short Rest cannot help; while unconscious "
                      "at or below 0 HP they recover 1d6 HP every 6 hours, or by medical aid")
    faces = read_resolve_rolls(char, action)
    if internal_bleeding(char):
        raise Refused(f"{who(char)} has Internal Bleeding (Trauma 12) and cannot recover Hit "
                      "Points; no Resolve is spent")
    return spend_resolve(char, faces, "Short Rest", desk.settings)


def spend_resolve(char: LuxCharacter, faces: list[int], occasion: str,
                  settings: Settings) -> list[Event]:
    """LA-12: the dice rolled are spent until the next Full Rest; HP = their total."""
    before = char["resolve_dice"]
    char["resolve_dice"] = before - len(faces)
    total = sum(faces)
    shown = " + ".join(map(str, faces)) + (f" = {total}" if len(faces) > 1 else "")
    why = f"{occasion}, Resolve {len(faces)}{char['resolve_die']} {shown}"
    events = [event("resolve", char, f"{{who}} spends {len(faces)} Resolve: {before} \u2192 "
                    f"{char['resolve_dice']} unspent", spent=len(faces))]
    return events + restore_hp(char, total, why, settings)


PROMPTED_BY_LENGTH = 60  # a name that fits on a log line


def roll_resolve(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-12: "You'll only be able to roll your Resolve when taking a Short Rest or when
    prompted to by an ability, item, or other special circumstance": the latter, at any
    time, even in a fight or unconscious. `prompted_by` names the ability or item."""
    prompted_by = fields.text(action, "prompted_by", default="an ability or item").strip()
    if len(prompted_by) > PROMPTED_BY_LENGTH:
        raise Refused(f"`prompted_by` is {len(prompted_by)} characters long: name the ability "
                      f"or item in at most {PROMPTED_BY_LENGTH}")
    char = desk.char(cid)
    refuse_if_dead(char, "rolling Resolve", action)
    faces = read_resolve_rolls(char, action)
    if internal_bleeding(char):
        raise Refused(f"{who(char)} has Internal Bleeding (Trauma 12) and cannot recover Hit "
                      "Points; no Resolve is spent")
    return spend_resolve(char, faces, prompted_by, desk.settings)


def strain_resets(char: LuxCharacter, reading: str) -> list[Event]:
    """LA-9 Proposal: Strain resets on a Full Rest (setting `strain_reset`: "full_rest" or
    "never"); LA-10 #14 Head Trauma: Strain cannot be removed."""
    if reading == "never" or char["strain"] == 0:
        return []
    if HEAD_TRAUMA in char["traumas"]:
        return [event("strain", char, f"Head Trauma: Strain stays at {char['strain']}")]
    before = char["strain"]
    char["strain"] = 0
    return [event("strain", char, f"Full Rest: Strain {before} \u2192 0",
                  strain_before=before, strain_after=0)]


def own(action: Action, key: str, cid: str) -> JSON:
    """A field given once for every target, or for each ({id: value}): this target's, as
    a one-field mapping for the field readers."""
    value = action.get(key)
    if not isinstance(value, dict):
        return {key: value}
    stray = [str(k) for k in value if k not in target_ids(action)]
    if stray:
        raise Refused(f"`{key}` names {listed(stray)}, not a target of this action")
    return {key: value.get(cid)}


def full_rest(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-13: Trauma Saves (LA-11) → Infection grows (LA-10 #5) → HP = max unless Internal
    Bleeding → spent Resolve back → Strain resets (LA-9). The night ends the day: once per
    action, however many rest. The dead are skipped; someone unconscious at 0 HP or below
    gets only the slow recovery (LA-5, setting `rest_while_unconscious`)."""
    bumps = fields.whole(own(action, "trauma_bumps", cid), "trauma_bumps", default=0)
    chosen = fields.whole(own(action, "heal_trauma", cid), "heal_trauma", default=None,
                          minimum=1, maximum=20)
    events = [next_day(desk, "The Full Rest")] if first_target(action, cid) else []
    skipped = skips_the_dead(desk, action, cid, "a Full Rest")
    if skipped is not None:
        return events + skipped
    char = desk.char(cid)
    settings = desk.settings
    slowly = rests_slowly(char, settings)
    if slowly:
        events.append(event("full_rest", char, f"{{who}} is {slowly}: no Full Rest (no Trauma "
                            "Save, no Resolve back); 6 hours bring only the slow recovery"))
        return events + slow_recovery(char, action, cid, settings, "recovery_roll",
                                      "Full Rest while unconscious: ")
    events.append(event("full_rest", char, "{who} takes a Full Rest"))
    events += trauma_saves(char, bumps, chosen, settings["trauma_bump_overflow"])
    events += infection_grows(char)
    before = char["hp"]
    if internal_bleeding(char):
        events.append(event("heal", char, "Full Rest: Internal Bleeding (Trauma 12), no HP "
                            f"recovered; {signed(before)} HP", **hp_data(before, before, healed=0)))
    elif before < char["max_hp"]:
        char["hp"] = char["max_hp"]
        events.append(event("heal", char, f"Full Rest: 100% HP; {moved(before, char['hp'])}",
                            **hp_data(before, char["hp"], healed=char["hp"] - before)))
        events += stabilizes(char, "healing restores HP") + wakes(char, before)
    if char["resolve_dice"] < char["resolve_dice_max"]:
        events.append(event("resolve", char, f"Resolve dice back: {char['resolve_dice']} "
                            f"\u2192 {char['resolve_dice_max']}"))
        char["resolve_dice"] = char["resolve_dice_max"]
    return events + strain_resets(char, settings["strain_reset"])
