"""Lux Aeterna Wounded, Trauma and death (LA-4, LA-9, LA-10, LA-11)."""

from __future__ import annotations

from typing import cast

from .. import fields
from ..core import Event, Refused, need_roll
from ..shapes import Action
from .common import (
    HANGING,
    INFECTION,
    NOT_IN_FORCE,
    OPEN_WOUND,
    TRAUMA_BUMPS_TO_HEAL,
    TRAUMA_CONDITIONS,
    TRAUMA_EFFECTS,
    TRAUMA_NAMES,
    current_resolve_die,
    event,
    refuse_if_dead,
    roll_for,
    set_conscious,
    who,
)
from .sheet import LuxCharacter, LuxDesk, new_condition
from .sustain import stops_sustaining


def dies(char: LuxCharacter, why: str) -> list[Event]:
    """The character dies; a dead character stays dead."""
    char["dead"] = True
    set_conscious(char)
    return [event("death", char, f"{{who}} dies: {why}", hp=char["hp"])] + \
        stops_sustaining(char, "is dead")


CHRONIC_PAIN = 15


def save_disadvantage(char: LuxCharacter) -> str | None:
    """LA-10 #15 Chronic Pain: "You have Disadvantage on all Saves", the condition Saves
    and the Full Rest's Trauma Saves alike; what gives it, in words, or None. HarmDesk takes
    the Bumps as rolled, so it shows the Disadvantage where the Save is asked and logs it."""
    if CHRONIC_PAIN in char.get("traumas", ()):
        return TRAUMA_NAMES[CHRONIC_PAIN]
    return None


def save_odds(char: LuxCharacter) -> str:
    """'Disadvantage: Chronic Pain' for a character who Saves with it, else ''."""
    why = save_disadvantage(char)
    return f"Disadvantage: {why}" if why else ""


def brush_with_death_survives(d6: int, save_score: int) -> bool:
    """LA-10 #2: 1d6 + Save score; a total below 6 dies, exactly 6 survives."""
    return d6 + save_score >= 6


def trauma_rolls(char: LuxCharacter, action: Action, cid: str) -> tuple[int, int | None]:
    """The d20 (and on a 2 the d6) a new Wound needs; refused, naming them, when missing."""
    d20 = roll_for(action, "trauma_roll", 20, cid)
    if d20 is None:
        raise Refused(f"{who(char)} becomes Wounded and needs a Trauma roll: `trauma_roll` (d20)",
                      needs=[need_roll("trauma_roll", "d20", "Trauma table", cid)])
    d6 = roll_for(action, "brush_roll", 6, cid)
    if d20 == 2 and d6 is None:
        raise Refused(f"{who(char)} rolled Trauma 2 (Brush with Death) and needs "
                      "`brush_roll` (d6)", needs=[need_roll("brush_roll", "d6",
                                                            "Brush with Death", cid)])
    return d20, d6


def becomes_wounded(char: LuxCharacter, action: Action, cid: str) -> list[Event]:
    """LA-4 (lethal): gain Wounded, Stabilized reset, and a random Trauma (LA-10).
    Hanging By a Thread (#3) in force: Wounded again means death, no roll needed."""
    if HANGING in char["traumas"]:
        char["wounded"] = True
        return dies(char, "Wounded again while Hanging By a Thread (Trauma 3)")
    d20, d6 = trauma_rolls(char, action, cid)
    char["wounded"] = True
    char["stabilized"] = False
    events = [event("wounded", char, "{who} is Wounded (lethal damage): at death's door")]
    return events + suffer_trauma(char, d20, d6)


def suffer_trauma(char: LuxCharacter, d20: int, d6: int | None) -> list[Event]:
    """LA-10: the Trauma table's effect; it remains until the Trauma heals (19/20 leave none)."""
    text = f"Trauma roll {d20}: {TRAUMA_NAMES[d20]}, {TRAUMA_EFFECTS[d20]}"
    events = [event("trauma", char, text, trauma=d20)]
    if d20 not in NOT_IN_FORCE:
        char["traumas"].append(d20)
    if d20 == 1:
        return events + dies(char, "Trauma 1 (Death)")
    if d20 == 2:
        rolled = cast(int, d6)  # `trauma_rolls` asks for the d6 on a 2
        total = rolled + char["save_score"]
        verdict = "survives" if brush_with_death_survives(rolled, char["save_score"]) else "dies"
        events.append(event("brush_with_death", char,
                            f"Brush with Death: d6 {d6} + Save {char['save_score']} = {total}; "
                            f"{'6 or more' if verdict == 'survives' else 'below 6'}: {verdict}",
                            roll=d6, total=total))
        if verdict == "dies":
            events += dies(char, "Brush with Death (Trauma 2)")
    elif d20 == INFECTION:
        char["infections"].append(1)
        events += _vulnerability_changed(char)
    elif d20 == OPEN_WOUND:
        before = char["resolve_die"]
        char["resolve_die"] = current_resolve_die(char)
        events.append(event("resolve_die", char, f"Open Wound: Resolve die {before} "
                            f"\u2192 {char['resolve_die']}"))
    elif d20 in TRAUMA_CONDITIONS:
        char["conditions"].append(new_condition(TRAUMA_CONDITIONS[d20], from_trauma=True))
    elif d20 == 20:
        char["stabilized"] = True
        events.append(event("stabilized", char, "Miracle: Stabilized at once"))
    return events


def _vulnerability_changed(char: LuxCharacter) -> list[Event]:
    before = char["physical_vulnerability"]
    char["physical_vulnerability"] = char["base_physical_vulnerability"] + sum(char["infections"])
    return [event("vulnerability", char, f"Physical Vulnerability {before} \u2192 "
                  f"{char['physical_vulnerability']}", before=before,
                  after=char["physical_vulnerability"])]


def infection_grows(char: LuxCharacter) -> list[Event]:
    """LA-10 #5: each Full Rest without healing Infection adds 1 more Physical Vulnerability."""
    if not char["infections"]:
        return []
    char["infections"] = [n + 1 for n in char["infections"]]
    return [event("infection", char, "Infection grows")] + _vulnerability_changed(char)


def heal_one_trauma(char: LuxCharacter, number: int) -> list[Event]:
    """LA-11: healing a Trauma ends its effects: its condition, its die step, its Infection."""
    if number not in char["traumas"]:
        in_force = ", ".join(map(str, char["traumas"])) or "none"
        raise Refused(f"{who(char)} has no Trauma {number} in force (in force: {in_force})")
    char["traumas"].remove(number)
    treated = treated_traumas(char)
    if treated.count(number) > char["traumas"].count(number):
        treated.remove(number)  # the treatment went with the healed Trauma
        char["treated_traumas"] = treated
    events = [event("trauma_healed", char, f"{{who}} recovers from Trauma {number} "
                    f"({TRAUMA_NAMES[number]})", trauma=number)]
    if number in TRAUMA_CONDITIONS:
        name = TRAUMA_CONDITIONS[number]
        for cond in char["conditions"]:
            if cond["name"] == name and cond["from_trauma"]:
                char["conditions"].remove(cond)
                events.append(event("condition_end", char, f"{name} ends with the Trauma",
                                    condition=name))
                break
    elif number == OPEN_WOUND:
        before = char["resolve_die"]
        char["resolve_die"] = current_resolve_die(char)
        events.append(event("resolve_die", char, f"Resolve die {before} \u2192 "
                            f"{char['resolve_die']}"))
    elif number == INFECTION:
        char["infections"].pop(0)
        events += _vulnerability_changed(char)
    return events


def heal_trauma(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-11: recover from one Trauma of the player's choice (`trauma`)."""
    number = fields.whole(action, "trauma", minimum=1, maximum=20)
    char = desk.char(cid)
    refuse_if_dead(char, "healing a Trauma", action)
    return heal_one_trauma(char, number)


def trauma_saves(char: LuxCharacter, bumps: int, chosen: int | None, overflow: str) -> list[Event]:
    """LA-11: Bumps of the Full Rest Saves add up; at 5 one Trauma of the player's choice
    heals. The Bumps above 5 are kept (setting `trauma_bump_overflow`: "carry") or lost ("drop")."""
    if not char["traumas"]:
        if chosen is not None:
            raise Refused(f"{who(char)} has no Trauma to heal")
        return []
    before, need = char["trauma_bumps"], TRAUMA_BUMPS_TO_HEAL
    total = before + bumps
    treated = sorted({t for t in treated_traumas(char) if t in char["traumas"]})
    odds = []
    if treated:  # LA-11: "If your Trauma has been medically treated, these Saves have Advantage"
        names = ", ".join(f"{t} {TRAUMA_NAMES[t]}" for t in treated)
        odds.append(f"with Advantage: Trauma {names} medically treated")
    if save_disadvantage(char):
        odds.append(save_odds(char))
    shown = f" ({'; '.join(odds)})" if odds else ""
    more = {"disadvantage": save_disadvantage(char)} if save_disadvantage(char) else {}
    events = [event("trauma_save", char, f"Trauma Save{shown}: {before} + {bumps} = "
                    f"{total} of {need} Bumps", bumps=total, advantage=bool(treated), **more)]
    if total < need:
        if chosen is not None:
            raise Refused(f"{who(char)} has {total} of {need} Trauma Bumps: not enough to heal "
                          f"Trauma {chosen}")
        char["trauma_bumps"] = total
        return events
    if chosen is None:
        distinct = sorted(set(char["traumas"]))
        if len(distinct) > 1:
            raise Refused(f"{who(char)} reaches {need} Trauma Bumps: choose the Trauma to "
                          f"heal with `heal_trauma` (one of {', '.join(map(str, distinct))})")
        chosen = distinct[0]
    char["trauma_bumps"] = total - need if overflow == "carry" else 0
    return events + heal_one_trauma(char, chosen)


def treated_traumas(char: LuxCharacter) -> list[int]:
    """The Traumas in force that were medically treated, one entry per treated Trauma; a
    state saved before treatment was kept has none."""
    return list(char.get("treated_traumas") or [])


def untreated(char: LuxCharacter) -> list[int]:
    """The Traumas in force not yet medically treated (a Trauma taken twice counts twice)."""
    left = list(char["traumas"])
    for number in treated_traumas(char):
        if number in left:
            left.remove(number)
    return left


def treat_trauma(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-11: a Trauma that has been medically treated gives its Full Rest Saves Advantage.
    `trauma`: the table number of a Trauma in force not yet treated."""
    number = fields.whole(action, "trauma", minimum=1, maximum=20)
    char = desk.char(cid)
    refuse_if_dead(char, "treating a Trauma")
    if number not in char["traumas"]:
        in_force = ", ".join(map(str, char["traumas"])) or "none"
        raise Refused(f"{who(char)} has no Trauma {number} in force (in force: {in_force})")
    if number not in untreated(char):
        raise Refused(f"{who(char)}'s Trauma {number} ({TRAUMA_NAMES[number]}) is already "
                      "medically treated")
    char["treated_traumas"] = [*treated_traumas(char), number]
    return [event("trauma_treated", char, f"{{who}}'s Trauma {number} ({TRAUMA_NAMES[number]}) "
                  "is medically treated: Full Rest Saves have Advantage", trauma=number)]
