"""Lux Aeterna damage: the order of a hit, HP Debt, 0 HP, Strain and the start of a turn
(LA-1 … LA-6, LA-16, LA-17)."""

from __future__ import annotations

from typing import TypeGuard, cast

from .. import dice, fields
from ..core import Event, Refused, quoted, signed
from ..shapes import Action, Settings
from .common import (
    HANGING,
    event,
    halve,
    hp_data,
    moved,
    set_conscious,
    skips_the_dead,
    who,
)
from .conditions import (
    charmed_may_save,
    end_conditions_at_zero_hp,
    find,
    fixations_end,
    stunned_ends_on_damage,
)
from .healing import restore_hp
from .sheet import Condition, LuxCharacter, LuxDesk
from .sustain import stops_sustaining
from .trauma import becomes_wounded, dies


def negated_by(char: LuxCharacter) -> str | None:
    """LA-16: Intangible and Frozen cannot take damage; else Shielded negates one instance."""
    for name in ("intangible", "frozen", "shielded"):
        if find(char, name, from_trauma=None) is not None:
            return name
    return None


def endurance_absorbs(endurance: int, amount: int) -> int:
    """LA-2: Endurance absorbs damage before HP."""
    return min(endurance, amount)


def hp_debt(hp: int) -> int:
    """LA-3: the debt is max(0, −hp)."""
    return max(0, -hp)


def crosses_zero(before: int, after: int) -> bool:
    """LA-4: from above 0 to 0 or below."""
    return before > 0 >= after


def gains_wounded(char: LuxCharacter, crossed: bool, lethal: bool, lost: int, reading: str) -> bool:
    """LA-4: lethal damage that takes the character to 0 HP makes them Wounded. A character
    already at 0 or below from non-lethal harm is Wounded by lethal damage too
    (setting `lethal_after_knockout`: "wound", the Proposal; "no_wound": only a crossing does)."""
    if not lethal or char["wounded"] or char["hp"] > 0 or lost <= 0:
        return False
    return crossed or reading == "wound"


def add_strain(char: LuxCharacter, why: str) -> list[Event]:
    """LA-6: one Strain, never above the maximum (a Wounded character dies at turn start
    with maximum Strain, so more cannot matter)."""
    before = char["strain"]
    char["strain"] = min(char["max_strain"], before + 1)
    capped = "" if char["strain"] > before else " (already at the maximum)"
    return [event("strain", char, f"{why}: Strain {before} \u2192 {char['strain']} of "
                  f"{char['max_strain']}{capped}", strain_before=before,
                  strain_after=char["strain"])]


def take_harm(char: LuxCharacter, amount: int, lethal: bool, action: Action, settings: Settings,
              steps: list[str], endurance: bool = True, counts: bool = True) -> list[Event]:
    """LA-1 from Endurance on: Endurance absorbs → HP (may go below 0) → triggers.
    `counts`: whether this harm may count as "taking damage" for Strain and Stunned."""
    cid = char["id"]
    hp_before, end_before = char["hp"], char["endurance"]
    absorbed = endurance_absorbs(end_before, amount) if endurance else 0
    lost = amount - absorbed
    char["endurance"] = end_before - absorbed
    char["hp"] = hp_before - lost
    if absorbed:
        steps.append(f"Endurance absorbs {absorbed} ({end_before} \u2192 {char['endurance']})")
    steps.append(f"{lost} HP lost; {moved(hp_before, char['hp'])}")
    if hp_debt(char["hp"]):
        steps.append(f"HP Debt {hp_debt(char['hp'])}")
    tag = "lethal" if lethal else "non-lethal"
    events = [event("damage", char, f"{'; '.join(steps)} ({tag})",
                    **hp_data(hp_before, char["hp"], lost=lost, absorbed=absorbed,
                              endurance_before=end_before, endurance_after=char["endurance"],
                              amount=amount, tags=[tag]))]
    took = counts and amount > 0 and (lost > 0 or settings["endurance_absorbed_counts"])
    was_wounded = char["wounded"]
    if took:
        events += stunned_ends_on_damage(char) + charmed_may_save(char)
        if was_wounded:
            events += add_strain(char, "Wounded and takes damage")
            if HANGING in char["traumas"] and settings["hanging_by_a_thread"] == "any_damage":
                return events + dies(char, "takes damage while Hanging By a Thread (Trauma 3)")
    crossed = crosses_zero(hp_before, char["hp"])
    if crossed:
        set_conscious(char)
        events.append(event("unconscious", char, f"{{who}} drops to {signed(char['hp'])} HP: "
                            "defeated and unconscious until 1 HP or more", hp=char["hp"]))
        events += stops_sustaining(char, "drops to 0 HP")
        events += end_conditions_at_zero_hp(char, settings["zero_hp_ends"])
    if gains_wounded(char, crossed, lethal, lost, settings["lethal_after_knockout"]):
        events += becomes_wounded(char, action, cid)
    set_conscious(char)
    return events


def attacker_of(desk: LuxDesk, action: Action) -> LuxCharacter | None:
    """The attacker whose tile dealt the damage (`source`, its id), or None."""
    source = fields.text(action, "source", default=None)
    if source is None:
        return None
    if not desk.has(source):
        raise Refused(f"the attacker {quoted(source)} (`source`) is not on the desk")
    return desk.peek(source)


def attacker_cannot_deal_damage(attacker: LuxCharacter | None) -> TypeGuard[LuxCharacter]:
    """LA-16 Intangible: "Cannot deal damage or interact with that which is tangible"."""
    return attacker is not None and find(attacker, "intangible", from_trauma=None) is not None


def attacker_out_of_the_fight(attacker: LuxCharacter | None) -> str | None:
    """LA-4: "At 0 HP, a character concedes defeat"; LA-16 Unconscious: "Cannot move, act,
    or react at all". Why the attacker deals no damage, or None when it may."""
    if attacker is None:
        return None
    if attacker.get("dead"):
        return f"{who(attacker)} is dead"
    if attacker["hp"] <= 0:
        return (f"{who(attacker)} is unconscious at {signed(attacker['hp'])} HP, defeated "
                "until brought to 1 HP or more")
    if find(attacker, "unconscious", from_trauma=None) is not None:
        return f"{who(attacker)} is Unconscious and cannot move, act, or react at all"
    return None


def refuse_if_out_of_the_fight(attacker: LuxCharacter | None) -> None:
    why = attacker_out_of_the_fight(attacker)
    if why is not None:
        raise Refused(f"{why}: {who(cast(LuxCharacter, attacker))} deals no damage (the "
                      "attacker, `source`)")


def attacker_weakened(attacker: LuxCharacter | None) -> TypeGuard[LuxCharacter]:
    """LA-17: a Weakened attacker (a condition, or Trauma 18 Wrenched Arm) halves its damage."""
    return attacker is not None and find(attacker, "weakened", from_trauma=None) is not None


def revealed_by_the_attack(desk: LuxDesk, attacker: LuxCharacter | None) -> list[Event]:
    """LA-16 Hidden: "Are revealed after making an attack": Hidden ends (Invisible does not,
    it "cannot be fully revealed until the effect that's making you Invisible ends")."""
    if attacker is None or find(attacker, "hidden", from_trauma=None) is None:
        return []
    char = desk.char(attacker["id"])
    char["conditions"].remove(cast(Condition, find(char, "hidden", from_trauma=None)))
    return [event("condition_end", char, "{who} makes an attack: revealed, Hidden ends",
                  condition="hidden")]


def damage(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-1: an attacker dead or unconscious deals none, refused (LA-4, LA-16); then the hit
    (`hit`), after which a Hidden attacker is revealed (LA-16)."""
    attacker = attacker_of(desk, action)
    refuse_if_out_of_the_fight(attacker)
    before = desk.peek(cid)["hp"]
    events = hit(desk, action, cid, attacker)
    return events + drops_to_zero(desk, cid, before) + revealed_by_the_attack(desk, attacker)


def drops_to_zero(desk: LuxDesk, cid: str, before: int) -> list[Event]:
    """LA-16 Fixated ends when its enemy "Is reduced to 0 HP"."""
    if not crosses_zero(before, desk.peek(cid)["hp"]):
        return []
    return fixations_end(desk, cid, "is reduced to 0 HP")


def hit(desk: LuxDesk, action: Action, cid: str, attacker: LuxCharacter | None) -> list[Event]:
    """LA-1: the attacker Intangible deals none (LA-16) → negation → Resistance → a Weakened
    attacker halves (LA-17: the `attacker_weakened` toggle, or the `source` attacker's own
    state) → Vulnerability (never halved) → Endurance → HP → triggers."""
    lethal = fields.flag(action, "lethal", True)
    weakened = fields.flag(action, "attacker_weakened") or attacker_weakened(attacker)
    resistance = fields.whole(action, "resistance", default=0)
    vulnerability = fields.whole(action, "vulnerability", default=0)
    physical = fields.flag(action, "physical")
    skipped = skips_the_dead(desk, action, cid, "damage")
    if skipped is not None:
        return skipped
    char = desk.char(cid)
    settings = desk.settings
    if attacker_cannot_deal_damage(attacker):  # no roll is needed for damage never dealt
        if "rolls" in action or action.get("dice") is None or action.get("amount") is not None:
            dice.amount_of(action)  # a bad amount or faces are refused all the same
        else:
            dice.parse(fields.text(action, "dice"))
        what = action.get("dice", action.get("amount"))
        return [event("negated", char, f"{what} damage, but {who(attacker)} is Intangible "
                      "and cannot deal damage: nothing happens",
                      **hp_data(char["hp"], char["hp"], lost=0), negated_by="intangible_attacker")]
    try:
        amount, how = dice.amount_of(action)
    except Refused as err:
        if err.needs and attacker_weakened(attacker):  # the preview of unrolled dice says why
            note = f"Weakened: {who(attacker)}'s damage is halved"
            raise Refused(err.reason, needs=[{**n, "note": note} for n in err.needs]) from None
        raise
    if amount == 0:
        return [event("damage", char, "0 damage: nothing happens",
                      **hp_data(char["hp"], char["hp"], lost=0))]
    negator = negated_by(char)
    if negator:
        text = f"{how} damage negated: {negator}"
        if negator == "shielded":
            char["conditions"].remove(cast(Condition, find(char, "shielded", from_trauma=None)))
            text += "; Shielded ends"
        return [event("negated", char, text, **hp_data(char["hp"], char["hp"], lost=0),
                      negated_by=negator)]
    steps = [f"{how} damage"]
    value = amount
    if resistance:
        value = max(0, value - resistance)
        steps.append(f"Resistance {resistance}: {amount} \u2212 {resistance} = {value}")
    if weakened:
        rounding = settings["halve_rounding"]
        halved = halve(value, rounding)
        if attacker_weakened(attacker):
            steps.append(f"Weakened: {who(attacker)}'s damage is halved, {value} \u2192 {halved} "
                         f"(rounding {rounding})")
        else:
            steps.append(f"attacker Weakened: {value} halved, rounding {rounding}, = {halved}")
        value = halved
    extra = vulnerability + (char["physical_vulnerability"] if physical else 0)
    if extra:
        steps.append(f"Vulnerability +{extra} = {value + extra}")
        value += extra
    return take_harm(char, value, lethal, action, settings, steps)


def strain_kills(char: LuxCharacter) -> bool:
    """LA-6: a Wounded creature dies when it starts its turn with maximum Strain."""
    return char["wounded"] and char["strain"] >= char["max_strain"]


def regenerating_heals(char: LuxCharacter, settings: Settings) -> list[Event]:
    """LA-16 Regenerating (X): X HP at the start of the turn; it is healing (LA-7 stabilizes)."""
    cond = find(char, "regenerating", from_trauma=None)
    if cond is None:
        return []
    return restore_hp(char, cast(int, cond["amount"]), f"Regenerating {cond['amount']}", settings)


def ongoing_damage_hurts(char: LuxCharacter, action: Action, settings: Settings) -> list[Event]:
    """LA-16 Ongoing Damage (X): lose X HP at the start of the turn; cannot be reduced or
    negated (no Endurance, Shielded, Frozen or Intangible); counts as taking damage unless
    the setting `ongoing_damage_triggers` is false; lethal."""
    cond = find(char, "ongoing_damage", from_trauma=None)
    if cond is None:
        return []
    return take_harm(char, cast(int, cond["amount"]), True, action, settings,
                     [f"Ongoing Damage {cond['amount']} (ignores Endurance and negation)"],
                     endurance=False, counts=settings["ongoing_damage_triggers"])


def start_turn(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """LA-6 and DESIGN: death if Wounded with maximum Strain → Regenerating → Ongoing Damage →
    +1 Strain if the turn began Wounded and not Stabilized (setting `strain_death_check`:
    "before", the Proposal; "after" adds the Strain first, then checks)."""
    skipped = skips_the_dead(desk, action, cid, "a turn")
    if skipped is not None:
        return skipped
    char = desk.char(cid)
    settings = desk.settings
    unstable = char["wounded"] and not char["stabilized"]
    events: list[Event] = [event("turn", char, "{who} starts the turn", hp=char["hp"])]
    if settings["strain_death_check"] == "after" and unstable:
        events += add_strain(char, "starts the turn Wounded, not Stabilized")
    if strain_kills(char):
        return events + dies(char, f"starts the turn Wounded with maximum Strain "
                             f"({char['strain']} of {char['max_strain']})")
    events += regenerating_heals(char, settings)
    before = char["hp"]
    events += ongoing_damage_hurts(char, action, settings)
    events += drops_to_zero(desk, cid, before)
    if char["dead"]:
        return events
    if settings["strain_death_check"] == "before" and unstable and char["wounded"]:
        events += add_strain(char, "starts the turn Wounded, not Stabilized")
    return events

