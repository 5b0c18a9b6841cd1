"""Stonetop harm: damage, armor and piercing, gang-ups, "lose n HP", and 0 HP (ST-1 … ST-6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from .. import dice, fields
from ..core import ARROW, MINUS, Event, Refused, need_roll, quoted, signed
from ..shapes import Action, Settings
from .sheet import StonetopCharacter, StonetopDesk, lethal_zero_state

ATTACKER_FIELDS = ("dice", "id", "name", "count", "piercing", "tags", "ignores_armor")


def effective_prosperity(settings: Settings) -> tuple[int, str]:
    """ST-4: a steading marked *lacking* treats its Prosperity as 1 lower."""
    prosperity = settings["prosperity"]
    if settings["lacking"]:
        return prosperity - 1, f"Prosperity {signed(prosperity)} {MINUS} 1 lacking"
    return prosperity, f"Prosperity {signed(prosperity)}"


def x_piercing(settings: Settings) -> tuple[int, str]:
    """ST-4: x piercing = the steading's current (effective) Prosperity, never below 0."""
    value, how = effective_prosperity(settings)
    return max(0, value), f"x piercing = {how}"


def read_piercing(action: Action, settings: Settings, key: str = "piercing") -> tuple[int, str]:
    """`piercing` is a whole number or "x" (ST-3, ST-4); returns the value and how it was read."""
    if action.get(key) == "x":
        value, how = x_piercing(settings)
        return value, f"{how} = {value}"
    value = fields.whole(action, key, default=0)
    return value, ""


def added_piercing(action: Action, settings: Settings, piercing: int, how: str) -> tuple[int, str]:
    """ST-2 (b), ST-3: piercing the GM adds to an attack (`added_piercing`, n or "x") applies
    with the attack's own, as several piercing values do: the larger, or under
    piercing_stack = "sum" the sum of the distinct values."""
    if action.get("added_piercing") is None:
        return piercing, how
    added, added_how = read_piercing(action, settings, "added_piercing")
    if not added:
        return piercing, how
    if not piercing:
        return added, added_how
    total = total_piercing([piercing, added], settings["piercing_stack"])
    rule = "the sum of the distinct values" if settings["piercing_stack"] == "sum" \
        else "the larger"
    reading = "; ".join(p for p in (how, added_how) if p)
    return total, (f"{reading}; " if reading else "") + \
        f"{piercing} piercing and {added} added piercing: {rule}, {total} piercing"


def effective_armor(armor: int, piercing: int, ignores_armor: bool) -> tuple[int, str]:
    """ST-3: armor minus piercing, never below 0; 0 when the attack ignores armor."""
    if ignores_armor:
        return 0, "ignores armor"
    if piercing:
        value = max(0, armor - piercing)
        return value, f"armor {armor} {MINUS} {piercing} piercing = {value}"
    return armor, f"armor {armor}"


def hp_lost(damage: int, armor: int) -> int:
    """ST-3: damage minus effective armor; armor can bring it to 0 but never below."""
    return max(0, damage - armor)


def state_at_zero_hp(char: StonetopCharacter, lethal: bool, settings: Settings) -> str:
    """ST-6: a PC goes to Death's Door from a lethal source, else out of the action;
    NPCs and monsters are dead from a lethal source, else out of the action; a follower
    from a lethal source as the setting follower_at_zero says."""
    if not lethal:
        return "out_of_action"
    return lethal_zero_state(char, settings)


def reduced_to_zero(char: StonetopCharacter, hp_before: int, loss: int) -> bool:
    """ST-6 applies when HP is brought to 0 by a loss of 1+; dying, dead and fate-pending
    hold, and someone already out of the action at 0 HP stays so (ST-7)."""
    if loss <= 0 or char["hp"] > 0:
        return False
    if char["death"] in ("dying", "dead", "fate_pending"):
        return False
    return not (char["death"] == "out_of_action" and hp_before == 0)


def take_hp_loss(char: StonetopCharacter, loss: int, lethal: bool,
                 settings: Settings) -> tuple[dict[str, Any], list[Event]]:
    """ST-5: hp := hp − loss, clamped at 0; re-arms Recover (ST-9); then ST-6 at 0 HP."""
    before = char["hp"]
    char["hp"] = max(0, before - loss)
    data: dict[str, Any] = {"hp_before": before, "hp_after": char["hp"]}
    rearm = char["hp"] < before or settings["recover_rearm"] == "any_hit"
    extra: list[Event] = []
    if rearm and not char["can_recover"]:
        char["can_recover"] = True
        data["can_recover"] = True
    if reduced_to_zero(char, before, loss):
        new = state_at_zero_hp(char, lethal, settings)
        char["death"] = new
        source = "a lethal source" if lethal else "a non-lethal source"
        outcome = {"dying": "at Death's Door (dying)", "dead": "dead",
                   "out_of_action": "out of the action"}[new]
        if lethal and new == "out_of_action":  # a follower under follower_at_zero gm_decides
            outcome = ("at 0 HP and out of the action, the GM decides their fate: dead, "
                       "Death's Door, or still hanging on (a Death state ruling)")
        extra.append(Event("death", char["id"],
                           f"{char['name']} drops to 0 HP from {source}: {outcome}",
                           {"death_before": "none", "death_after": new, "lethal": lethal}))
    return data, extra


def hp_text(data: dict[str, Any]) -> str:
    text = f"{data['hp_before']} {ARROW} {data['hp_after']} HP"
    if data.get("can_recover"):
        text += "; can Recover again"
    return text


def read_tags(action: Action) -> list[str]:
    return list(dict.fromkeys(fields.names(action, "tags", what="tag")))


def tags_text(tags: list[str]) -> str:
    return f" [{', '.join(tags)}]" if tags else ""


def out_of_the_fight(char: StonetopCharacter) -> str | None:
    """ST-6: why `char` is out of the action and no longer in the fight ("dead at 0 HP",
    "" when the GM or Death's Door simply left them out of it), or None while they still
    fight. Anyone at 0 HP is out of the action, and so are the dead and the dying at any
    HP; a PC facing their fate (Death's Door 6−) still makes their one last move."""
    death, at_zero = char["death"], char["hp"] == 0
    if death == "fate_pending" or (death == "none" and not at_zero):
        return None
    if death == "dead":
        return "dead at 0 HP" if at_zero else "dead"
    if death == "dying":
        return "dying, at Death's Door"
    return "at 0 HP" if at_zero else ""


def out_of_action_words(char: StonetopCharacter) -> str | None:
    """"Coedwig is out of the action (dead at 0 HP)", or None while they still fight."""
    why = out_of_the_fight(char)
    if why is None:
        return None
    return f"{char['name']} is out of the action" + (f" ({why})" if why else "")


def refuse_a_downed_source(desk: StonetopDesk, action: Action) -> None:
    """ST-6: the attacker whose tile dealt the damage (`source`, its id) must still be in
    the fight: one out of the action deals nothing, and the refusal names them."""
    source = fields.text(action, "source", default=None)
    if source is None:
        return
    if not desk.has(source):
        raise Refused(f"the attacker {quoted(source)} (`source`) is not on the desk")
    out = out_of_action_words(desk.peek(source))
    if out is not None:
        raise Refused(f"{out} and no longer in the fight: they deal no damage")


def damage(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-1, ST-3 … ST-6: take damage (`amount`, or `dice`+`rolls`), less effective armor,
    from an attacker still in the fight (ST-6)."""
    settings = desk.settings
    refuse_a_downed_source(desk, action)
    amount, how = read_amount(action, cid, "damage")
    piercing, pierce_how = read_piercing(action, settings)
    piercing, pierce_how = added_piercing(action, settings, piercing, pierce_how)
    ignores = fields.flag(action, "ignores_armor")
    lethal = fields.flag(action, "lethal", default=True)
    tags = read_tags(action)
    char = desk.char(cid)
    return hit(char, amount, how, piercing, pierce_how, ignores, lethal, tags, settings)


def hit(char: StonetopCharacter, amount: int, how: str, piercing: int, pierce_how: str,
        ignores: bool, lethal: bool, tags: list[str], settings: Settings,
        kind: str = "damage", head: str | None = None) -> list[Event]:
    """One instance of damage against armor (ST-3), then the HP loss (ST-5, ST-6)."""
    armor = char["armor"]
    eff, armor_how = effective_armor(armor, piercing, ignores)
    loss = hp_lost(amount, eff)
    data, extra = take_hp_loss(char, loss, lethal, settings)
    parts = [head or f"{char['name']} takes {how} damage"]
    if pierce_how:
        parts.append(pierce_how)
    if ignores:
        parts.append(f"ignores armor; {loss} HP lost")
    else:
        parts.append(armor_how)
        parts.append(f"{amount} {MINUS} {eff} = {loss} HP lost")
    if loss == 0 and amount > 0 and not ignores:
        parts.append("still hit")
    parts.append(hp_text(data) + (" (HP stops at 0)" if data["hp_before"] - data["hp_after"] < loss
                                  else ""))
    if not lethal:
        parts.append("non-lethal")
    text = "; ".join(parts) + ("" if head else tags_text(tags))
    data.update({"damage": amount, "lost": data["hp_before"] - data["hp_after"],
                 "armor": armor, "effective_armor": eff, "piercing": piercing,
                 "ignores_armor": ignores, "lethal": lethal, "tags": tags})
    return [Event(kind, char["id"], text, data), *extra]


def read_amount(action: Action, cid: str, why: str) -> tuple[int, str]:
    """`amount`, or `dice` with `rolls`; a missing roll is refused naming it."""
    if action.get("amount") is None and action.get("dice") is not None:
        # text first (dice.parse is cached: unhashable junk must not reach it), then
        # read: a roll is asked for only for dice that can be read
        dice.parse(fields.text(action, "dice"))
    if action.get("amount") is None and action.get("dice") is not None and "rolls" not in action:
        raise Refused(f"the {why} roll for {action['dice']} is missing: give `rolls` "
                      "(the faces) or `amount`",
                      needs=[need_roll("rolls", str(action["dice"]), why, cid)])
    return dice.amount_of(action)


def lose_hp(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-3: "lose n HP" — armor never applies. Lethal by default (DESIGN)."""
    amount, how = read_amount(action, cid, "HP loss")
    lethal = fields.flag(action, "lethal", default=True)
    tags = read_tags(action)
    char = desk.char(cid)
    data, extra = take_hp_loss(char, amount, lethal, desk.settings)
    stops = " (HP stops at 0)" if data["hp_before"] - data["hp_after"] < amount else ""
    text = (f"{char['name']} loses {how} HP (armor never applies); {hp_text(data)}{stops}"
            + ("; non-lethal" if not lethal else "") + tags_text(tags))
    data.update({"lost": data["hp_before"] - data["hp_after"], "damage": amount,
                 "lethal": lethal, "tags": tags})
    return [Event("lose_hp", cid, text, data), *extra]


@dataclass(frozen=True)
class Attacker:
    label: str
    die: int
    bonus: int
    dice: str  # its dice as written, without the bonus: "2d6", "2d8kh1"
    most: int  # the most those dice can show
    count: int
    piercing: int
    tags: tuple[str, ...]
    ignores_armor: bool
    id: str | None = None  # the character on the desk whose attack it is
    # "Coedwig is out of the action (dead at 0 HP)" for a character on the desk who is
    # no longer in the fight (ST-6), else None
    out_of_action: str | None = None


@dataclass(frozen=True)
class GangUp:
    expr: str
    die: int
    combatants: int
    piercing: int
    tags: tuple[str, ...]
    ignores_armor: bool
    text: str


def read_attacker(desk: StonetopDesk, entry: Any, i: int) -> Attacker:
    """One attacker group: its own `dice`, or the `attack` of a character `id` on the desk."""
    if not isinstance(entry, dict):
        raise Refused(f"`attackers[{i}]` must be an object such as "
                      "{\"dice\": \"d6\", \"piercing\": 1, \"count\": 6}")
    try:
        fields.refuse_unknown(entry, ATTACKER_FIELDS, "attacker")
        source = dict(entry)
        out = None
        if entry.get("id") is not None:
            other = desk.peek(fields.text(entry, "id"))
            out = out_of_action_words(other)
            if "attack" not in other:
                raise Refused(f"{other['name']} has no `attack` on their sheet")
            source = {**other["attack"], **{k: v for k, v in entry.items() if k != "id"}}
            source.setdefault("name", other["name"])
        expr = fields.text(source, "dice")
        read = dice.attack_dice(expr)
        piercing, _ = read_piercing(source, desk.settings)
        count = fields.whole(source, "count", default=1, minimum=1, maximum=1000)
        label = source.get("name") if isinstance(source.get("name"), str) else expr
        return Attacker(
            label=f"{count} × {label}", die=read.size, bonus=read.bonus, dice=read.dice,
            most=read.most, count=count,
            piercing=piercing, tags=tuple(read_tags(source)),
            ignores_armor=fields.flag(source, "ignores_armor"),
            id=entry.get("id"), out_of_action=out)
    except Refused as err:
        raise Refused(f"`attackers[{i}]`: {err.reason}") from None


def chosen_attacker(attackers: list[Attacker], tie: str, whole_roll: bool = False) -> Attacker:
    """ST-2: the attacker with the largest damage die (under gang_dice = "whole_roll", the
    roll that can deal the most); on a tie (ambiguity a) the higher flat bonus, or the
    first listed under gang_tie = "first_listed"."""
    def size(a: Attacker) -> int:
        return a.most if whole_roll else a.die
    largest = max(size(a) for a in attackers)
    tied = [a for a in attackers if size(a) == largest]
    if tie == "higher_bonus":
        return max(tied, key=lambda a: a.bonus)  # max keeps the first of equals
    return tied[0]


def total_piercing(values: list[int], stack: str) -> int:
    """ST-2 ambiguity (b): different piercing values take the maximum, or under
    piercing_stack = "sum" the sum of the distinct values (six coedwig stay 1 piercing)."""
    distinct = {v for v in values if v}
    if not distinct:
        return 0
    return sum(distinct) if stack == "sum" else max(distinct)


def combined_piercing(attackers: list[Attacker], stack: str) -> int:
    """ST-2 (b): the piercing of a gang is that of its attackers taken together."""
    return total_piercing([a.piercing for a in attackers], stack)


def gang_up(attackers: list[Attacker], settings: Settings) -> GangUp:
    """ST-2: the largest die keeps its own bonus, +1 per additional combatant; all tags apply."""
    # campaigns saved before the setting gang_dice lack it: one die, as they were read
    whole_roll = settings["gang_dice"] == "whole_roll"
    chosen = chosen_attacker(attackers, settings["gang_tie"], whole_roll)
    combatants = sum(a.count for a in attackers)
    bonus = chosen.bonus + combatants - 1
    die = chosen.dice if whole_roll else f"d{chosen.die}"
    expr = die + (f"+{bonus}" if bonus > 0 else f"-{-bonus}" if bonus < 0 else "")
    piercing = combined_piercing(attackers, settings["piercing_stack"])
    tags = tuple(dict.fromkeys(t for a in attackers for t in a.tags))
    ignores = any(a.ignores_armor for a in attackers)
    words = [expr.replace("-", MINUS)]
    if piercing:
        words.append(f"{piercing} piercing")
    if ignores:
        words.append("ignores armor")
    words.extend(tags)
    text = (" + ".join(a.label for a in attackers) + f" {ARROW} " + ", ".join(words))
    return GangUp(expr, chosen.die, combatants, piercing, tags, ignores, text)


def gang_faces(expr: str) -> str:
    """The faces a gang's roll takes, in words: "one d8", "2 faces of a d6"."""
    faces = dice.sides(expr)
    return f"one d{faces[0]}" if len(faces) == 1 else f"{len(faces)} faces of " + \
        " and ".join(dict.fromkeys(f"a d{f}" for f in faces))


def in_the_fight(attackers: list[Attacker]) -> tuple[list[Attacker], list[str]]:
    """ST-6 before ST-2: the attackers still in the fight, and a line for each one left
    out ("Coedwig is out of the action (dead at 0 HP): not counted"); refused, naming
    them, when no one is left."""
    kept = [a for a in attackers if a.out_of_action is None]
    left_out = [f"{a.out_of_action}: not counted" for a in attackers if a.out_of_action]
    if not kept:
        raise Refused("no one is left in the fight to gang up: "
                      + "; ".join(cast(str, a.out_of_action) for a in attackers)  # each is out
                      + "; no damage is dealt")
    return kept, left_out


def fighting_gang(desk: StonetopDesk, entries: list[Any]
                  ) -> tuple[GangUp, list[str], list[str | None]]:
    """ST-6 then ST-2: the gang-up of the attackers still in the fight, the lines for those
    left out, and their ids."""
    read = [read_attacker(desk, e, i) for i, e in enumerate(entries)]
    attackers, left_out = in_the_fight(read)
    gone = [a.id for a in read if a.out_of_action is not None]
    return gang_up(attackers, desk.settings), left_out, gone


def gang_damage(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-6, ST-2 then ST-3: several combatants still in the fight deal one instance of
    damage together; those out of the action are not counted."""
    entries = fields.listing(action, "attackers")
    if not entries:
        raise Refused("`attackers` is empty: list at least one attacker")
    gang, left_out, gone = fighting_gang(desk, entries)
    if action.get("amount") is not None:
        amount, how = dice.amount_of(action)
    else:
        if "rolls" not in action:
            need = need_roll("rolls", gang.expr, "gang-up damage", cid)
            if left_out:  # the preview of the roll says who is not counted
                need["note"] = "; ".join(left_out)
            raise Refused(f"the gang-up roll for {gang.expr} is missing: give `rolls` "
                          f"({gang_faces(gang.expr)}) or `amount`", needs=[need])
        result = dice.total(gang.expr, action["rolls"])
        amount, how = result.total, result.text
    lethal = fields.flag(action, "lethal", default=True)
    # the GM may add piercing or rule "ignores armor" for the whole gang (ST-3)
    piercing, pierce_how = added_piercing(action, desk.settings, gang.piercing, "")
    ignores = gang.ignores_armor or fields.flag(action, "ignores_armor")
    extra_tags = [t for t in read_tags(action) if t not in gang.tags]
    tags = [*gang.tags, *extra_tags]
    char = desk.char(cid)
    head = "; ".join([f"{char['name']} is ganged up on: {gang.text}{tags_text(extra_tags)}",
                      *left_out, how])
    events = hit(char, amount, how, piercing, pierce_how, ignores, lethal, tags,
                 desk.settings, kind="gang_damage", head=head)
    events[0].data.update({"expression": gang.expr, "combatants": gang.combatants})
    if left_out:
        events[0].data["not_counted"] = gone
    return events
