"""Lux Aeterna status conditions: adding, Shielded, Saves, durations, Fixated on an enemy
(LA-4, LA-14, LA-15, LA-16)."""

from __future__ import annotations

from typing import Any, cast

from .. import fields
from ..core import Event, Refused, quoted, signed
from ..encounter import current_round
from ..shapes import Action, Settings
from .common import (
    CONDITIONS,
    POSITIVE,
    event,
    refuse_if_dead,
    skips_the_dead,
    who,
    words,
)
from .sheet import Condition, LuxCharacter, LuxDesk, read_condition
from .sustain import ENDS_CONCENTRATION, stops_sustaining
from .trauma import save_disadvantage, save_odds


def find(char: LuxCharacter, name: str, from_trauma: bool | None = False) -> Condition | None:
    """The instance of condition `name` (by default the one not brought by a Trauma)."""
    for cond in char["conditions"]:
        if cond["name"] == name and (from_trauma is None or cond["from_trauma"] == from_trauma):
            return cond
    return None


def has(char: LuxCharacter, name: str) -> bool:
    return find(char, name, from_trauma=None) is not None


def is_negative(name: str) -> bool:
    """LA-16: Shielded negates only a negative condition, never a boon."""
    return name not in POSITIVE


def shielded_negates_condition(char: LuxCharacter, name: str) -> Event | None:
    """LA-16 Shielded: negates the next negative condition, then ends."""
    shield = find(char, "shielded")
    if shield is None or not is_negative(name):
        return None
    char["conditions"].remove(shield)
    return event("negated", char, f"Shielded negates {words(name)}; Shielded ends", condition=name)


def ends_at_zero_hp(cond: Condition, reading: str) -> bool:
    """LA-4: at 0 HP the conditions a Save could end end (setting `zero_hp_ends`:
    "save_endable", the Proposal, or "all"); conditions a Trauma brings always stay."""
    if cond["from_trauma"]:
        return False
    return reading == "all" or cond["save_ends"]


def end_conditions_at_zero_hp(char: LuxCharacter, reading: str) -> list[Event]:
    ending = [c for c in char["conditions"] if ends_at_zero_hp(c, reading)]
    if not ending:
        return []
    char["conditions"] = [c for c in char["conditions"] if c not in ending]
    names = ", ".join(c["name"] for c in ending)
    what = "all status conditions" if reading == "all" else "the Save-endable conditions"
    return [event("conditions_end", char, f"at 0 HP {what} end: {names}",
                  conditions=[c["name"] for c in ending])]


def stunned_ends_on_damage(char: LuxCharacter) -> list[Event]:
    """LA-16 Stunned: ends the instant the character takes damage."""
    stunned = [c for c in char["conditions"] if c["name"] == "stunned" and not c["from_trauma"]]
    if not stunned:
        return []
    for cond in stunned:
        char["conditions"].remove(cond)
    return [event("condition_end", char, "takes damage: Stunned ends", condition="stunned")]


def charmed_may_save(char: LuxCharacter) -> list[Event]:
    """LA-14: a Charmed character "May Save to end the condition any time you take
    damage": each time, one more Save is owed to them, kept on the condition until they
    roll it, Charmed ends or the scene does."""
    cond = find(char, "charmed")
    if cond is None:
        return []
    cond["damage_saves"] = damage_saves_owed(cond) + 1
    return [event("save_allowed", char, "{who} is Charmed and takes damage: may Save against "
                  "it now (`save` with condition charmed)", condition="charmed",
                  damage_saves=cond["damage_saves"])]


# LA-16 Fixated: "Immediately end this condition if the enemy you're Fixated on Becomes
# Hidden or Invisible"
UNSEEN = ("hidden", "invisible")
UNTIL_WORDS = {"scene": "until the scene ends", "full_rest": "until a Full Rest"}


def why_fixation_cannot_hold(enemy: LuxCharacter) -> str | None:
    """LA-16: what would end a Fixated on `enemy` at once, or None."""
    if enemy.get("dead"):
        return "is dead"
    if enemy["hp"] <= 0:
        return f"is at {signed(enemy['hp'])} HP"
    for name in UNSEEN:
        if has(enemy, name):
            return f"is {name.capitalize()}"
    return None


def read_enemy(desk: LuxDesk, action: Action, name: str, cid: str) -> str | None:
    """LA-16: the id of the enemy a Fixated character is compelled to attack (`enemy`), a
    character on the desk; None when not named (Fixated then ends only as before)."""
    enemy = fields.text(action, "enemy", default=None)
    if enemy is None:
        return None
    if name != "fixated":
        raise Refused(f"`enemy` is only for fixated (the enemy it is Fixated on), not {name}")
    if not desk.has(enemy):
        raise Refused(f"the enemy {quoted(enemy)} (`enemy`) is not on the desk")
    if enemy == cid:
        raise Refused(f"{who(desk.peek(cid))} cannot be Fixated on themselves (`enemy`)")
    why = why_fixation_cannot_hold(desk.peek(enemy))
    if why is not None:
        raise Refused(f"{who(desk.peek(enemy))} {why}: a Fixated on them would end at once")
    return enemy


def fixated_on(char: LuxCharacter, enemy: str) -> list[Condition]:
    return [c for c in char["conditions"] if c["name"] == "fixated" and c.get("enemy") == enemy]


def fixations_end(desk: LuxDesk, enemy: str, why: str) -> list[Event]:
    """LA-16: everyone Fixated on `enemy` stops being so, one log line each."""
    events: list[Event] = []
    name = who(desk.peek(enemy)) if desk.has(enemy) else enemy
    for cid in desk.ids():
        if not fixated_on(desk.peek(cid), enemy):
            continue
        char = desk.char(cid)
        for cond in fixated_on(char, enemy):
            char["conditions"].remove(cond)
        events.append(event("condition_end", char, f"Fixated on {name} ends: {name} {why}",
                            condition="fixated", enemy=enemy))
    return events


def lasting_conditions_end(char: LuxCharacter, until: str) -> list[Event]:
    """LA-15: the conditions lasting until the scene ends, or until a Full Rest, end then."""
    ending = [c for c in char["conditions"] if c.get("until") == until]
    for cond in ending:
        char["conditions"].remove(cond)
    return [event("condition_end", char, f"{words(c['name'])} lasted {UNTIL_WORDS[until]}: "
                  "it ends", condition=c["name"]) for c in ending]


def duration_words(cond: Condition) -> str | None:
    if cond.get("rounds"):
        return f"{cond['rounds']} rounds"
    if cond.get("until"):
        return UNTIL_WORDS[cond["until"]]
    return cond.get("duration")


def add_condition(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-14/LA-15/LA-16: add a condition; applying it again replaces it (its Bumps reset).
    Fixated names its `enemy`; one becoming Hidden or Invisible ends the Fixated on them."""
    cond = read_condition(action)
    enemy = read_enemy(desk, action, cond["name"], cid)
    if enemy is not None:
        cond["enemy"] = enemy
    skipped = skips_the_dead(desk, action, cid, "a condition")
    if skipped is not None:
        return skipped
    char = desk.char(cid)
    negated = shielded_negates_condition(char, cond["name"])
    if negated:
        return [negated]
    old = find(char, cond["name"])
    if old is not None:
        char["conditions"].remove(old)
    char["conditions"].append(cond)
    detail = []
    if cond["amount"] is not None:
        detail.append(f"{cond['amount']} HP per turn")
    if cond["save_ends"]:
        detail.append(f"Save Difficulty {cond['origin_level']}")
    if duration_words(cond):
        detail.append(cast(str, duration_words(cond)))
    text = f"{'again ' if old else ''}{words(cond['name'])}"
    if enemy is not None:
        text += f" on {who(desk.peek(enemy))}"
    if detail:
        text += f" ({', '.join(detail)})"
    events = [event("condition", char, text, condition=cond["name"],
                    origin_level=cond["origin_level"])]
    if cond["name"] in ENDS_CONCENTRATION:  # LA-16: Dazed and Silenced lose Concentration
        events += stops_sustaining(char, f"is {ENDS_CONCENTRATION[cond['name']]}",
                                   concentration_only=True)
    if cond["name"] in UNSEEN:
        events += fixations_end(desk, cid, f"becomes {cond['name'].capitalize()}")
    return events


def remove_condition(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-15: an effect ends when its own duration says so; a Trauma's conditions stay (LA-10)."""
    name = fields.name(action, "name", CONDITIONS, what="condition")
    char = desk.char(cid)
    cond = find(char, name)
    if cond is None:
        if find(char, name, from_trauma=True):
            raise Refused(f"{who(char)}'s {words(name)} comes from a Trauma and lasts until that "
                          "Trauma heals (`heal_trauma`)")
        raise Refused(f"{who(char)} is not {words(name)}")
    char["conditions"].remove(cond)
    return [event("condition_end", char, f"{words(name)} ends", condition=name)]


def save_bumps_needed(cond: Condition) -> int:
    """LA-14: Save Difficulty = the Level of the effect's origin, in Bumps."""
    return cond["origin_level"]


def saved_this_round(char: LuxCharacter, settings: Settings) -> bool:
    """LA-14: "Once per round when your turn ends, you may roll your Save". Only while an
    encounter runs is a round known; outside one nothing is limited."""
    now = current_round(settings)
    return now is not None and char.get("saved_round") == now


def once_per_round(char: LuxCharacter, settings: Settings) -> None:
    """LA-14: refuse a second Save in the same round; else note this round's."""
    if saved_this_round(char, settings):
        raise Refused(f"{who(char)} has already Saved this round: once per round, when the "
                      "turn ends")
    now = current_round(settings)
    if now is not None:
        char["saved_round"] = now


def damage_saves_owed(cond: Condition | None) -> int:
    """LA-14: the Saves a Charmed character has been given by damage and not rolled yet."""
    return cond.get("damage_saves", 0) if cond is not None and cond["name"] == "charmed" else 0


def spend_damage_save(cond: Condition) -> None:
    owed = damage_saves_owed(cond) - 1
    if owed:
        cond["damage_saves"] = owed
    else:
        cond.pop("damage_saves", None)


def spend_a_save(char: LuxCharacter, name: str, settings: Settings, turn_ends: bool) -> bool:
    """LA-14: which Save `char` rolls against `name`: the once-per-round Save, or for
    Charmed one of those its damage gave ("any time you take damage"). As the turn ends
    the round's Save goes first; at any other time a damage Save does. True when it is a
    damage Save; refused, saying why, when neither is left."""
    cond = find(char, name)
    owed = damage_saves_owed(cond)
    round_save = cond is None or cond["save_ends"]
    if owed and not (turn_ends and round_save and not saved_this_round(char, settings)):
        spend_damage_save(cast(Condition, cond))  # Saves are owed only on a condition
        return True
    if name == "charmed" and cond is not None and saved_this_round(char, settings):
        raise Refused(f"{who(char)} has already Saved this round and has taken no damage "
                      "since: Charmed allows the Save once per round when the turn ends, "
                      "and one more each time they take damage")
    once_per_round(char, settings)
    return False


def saves_at_turn_end(char: LuxCharacter, settings: Settings) -> list[dict[str, Any]]:
    """LA-14: what `char` may roll a Save against as their turn ends: each condition a
    Save can end (not a Trauma's), with its Bumps so far and the Difficulty, until they
    have Saved this round; Charmed also while its damage owes them a Save. None when dead."""
    if char.get("dead"):
        return []
    saved = saved_this_round(char, settings)
    return [{"condition": c["name"], "bumps": c["bumps"], "needed": save_bumps_needed(c)}
            for c in char["conditions"] if not c["from_trauma"]
            and ((c["save_ends"] and not saved) or damage_saves_owed(c))]


def save(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-14: Save Bumps against one condition are cumulative; it ends at the Difficulty.
    Once per round while an encounter runs; a Charmed character also has one Save for
    each time they took damage ("any time you take damage"), and no more."""
    name = fields.name(action, "condition", CONDITIONS, what="condition")
    bumps = fields.whole(action, "bumps")
    char = desk.char(cid)
    refuse_if_dead(char, "a Save", action)
    by_damage = spend_a_save(char, name, desk.settings, turn_ends=False)
    return save_against(char, name, bumps, by_damage)


def save_against(char: LuxCharacter, name: str, bumps: int, by_damage: bool = False) -> list[Event]:
    cond = find(char, name)
    if cond is None:
        if find(char, name, from_trauma=True):
            raise Refused(f"{who(char)}'s {words(name)} comes from a Trauma: a Save cannot end it; "
                          "it lasts until the Trauma heals")
        raise Refused(f"{who(char)} is not {words(name)}, so there is nothing to Save against")
    # LA-14: Charmed allows a Save when damaged "even if a Save wouldn't normally end" it.
    if not cond["save_ends"] and not by_damage:
        raise Refused(f"{who(char)}'s {words(name)} is not ended by a Save"
                      + (" (only after taking damage)" if name == "charmed" else ""))
    need = save_bumps_needed(cond)
    before = cond["bumps"]
    total = before + bumps
    odds = f" ({save_odds(char)})" if save_odds(char) else ""  # LA-10 #15 Chronic Pain
    more = {"disadvantage": save_disadvantage(char)} if odds else {}
    if total >= need:
        char["conditions"].remove(cond)
        return [event("condition_end", char,
                      f"Save against {words(name)}{odds}: {before} + {bumps} = {total} of {need} "
                      f"Bumps; {words(name)} ends", condition=name, bumps=total, needed=need,
                      **more)]
    cond["bumps"] = total
    return [event("save", char, f"Save against {words(name)}{odds}: {before} + {bumps} = {total} "
                  f"of {need} Bumps; still {words(name)}, {need - total} more needed",
                  condition=name, bumps=total, needed=need, **more)]


def end_turn(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-14: at the end of the turn, optionally one Save (`condition`, `bumps`), once per
    round while an encounter runs; LA-15:
    conditions with a duration in rounds count down and end at 0."""
    skipped = skips_the_dead(desk, action, cid, "a turn")
    if skipped is not None:
        return skipped
    char = desk.char(cid)
    events: list[Event] = []
    if action.get("condition") is not None or action.get("bumps") is not None:
        name = fields.name(action, "condition", CONDITIONS, what="condition")
        bumps = fields.whole(action, "bumps")
        by_damage = spend_a_save(char, name, desk.settings, turn_ends=True)
        events += save_against(char, name, bumps, by_damage)
    for cond in list(char["conditions"]):
        if cond["rounds"] is not None:
            cond["rounds"] -= 1
            if cond["rounds"] <= 0:
                char["conditions"].remove(cond)
                events.append(event("condition_end", char, f"{words(cond['name'])}'s duration runs "
                                    "out; it ends", condition=cond["name"]))
    if not events:
        events.append(event("turn", char, "{who} ends the turn"))
    return events
