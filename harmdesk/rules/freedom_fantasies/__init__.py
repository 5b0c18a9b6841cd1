"""Freedom Fantasies (seed 003, RULES.md §4): Damage builds up against a fixed HP."""

from __future__ import annotations

from .. import encounter
from ..system import ActionRule, Setting, System, register_system
from . import harm, healing, momentum, rulings
from .sheet import edit_character, make_character
from .status import passed_over, settle

SETTINGS = {
    "block_compare": Setting(
        "rating",
        "Compare an instance against the Block Rating (Might + Block Bonus) or only "
        "the armor's Block Bonus, as the seed's next sentence says.",
        choices=("rating", "bonus")),
    "immunity_additional": Setting(
        "immune_parts",
        "Immunity drops only the immune parts of an instance (untyped Additional "
        "Damage shares the base type), or reads the whole instance by its base type.",
        choices=("immune_parts", "whole_instance")),
    "medicine_failure_spends": Setting(
        True, "A failed healing check still spends 1 Supplies (only a natural 20 keeps "
        "it); false spends Supplies on a success only."),
    "wounded_attackers": Setting(
        harm.ATTACKER_PAYS,
        "A Wounded attacker (the tile that deals the damage) expends 1 Momentum Point for "
        "each attack, and one whose Story has Ended cannot attack; not_read leaves the "
        "attacker unread, as campaigns saved before it was read keep until changed here.",
        choices=(harm.ATTACKER_PAYS, harm.ATTACKER_NOT_READ)),
    **encounter.SETTINGS,
}

SYSTEM = System(
    name="freedom_fantasies",
    title="Freedom Fantasies",
    kinds=("pc", "follower", "npc", "monster", "object"),
    settings=SETTINGS,
    make_character=make_character,
    edit_character=edit_character,
    finish_character=settle,
    upgrade_settings=harm.upgrade_settings,
    passed_over=passed_over,  # no turn effects: the clock only counts turns and rounds
    actions={
        "damage": ActionRule(harm.damage, targets="one",
                             doc="One instance of Damage: amount or dice, damage_type, direct, "
                                 "additional, reduce (FF-5 … FF-9).",
                             fields=("amount", "dice", "rolls", "damage_type", "additional",
                                     "direct", "reduce", "source")),
        "grant_protection": ActionRule(harm.grant_protection, targets="one",
                                       doc="Protection Points from one source: points, source, "
                                           "keep new|old (FF-9).",
                                       fields=("points", "source", "keep")),
        "heal": ActionRule(healing.heal, targets="one",
                           doc="Heal an amount of Damage, never below 0 (FF-10); magical: "
                               "true is the only repair of a Destroyed object (FF-4).",
                           fields=("amount", "dice", "rolls", "magical")),
        "short_rest": ActionRule(healing.short_rest, targets="one",
                                 doc="Heal Damage equal to HP, once until the next Long Rest "
                                     "(FF-10).",
                                 fields=()),
        "long_rest": ActionRule(healing.long_rest, targets="all",
                                doc="Heal all Damage; everyone when no target (FF-10).",
                                fields=()),
        "medicine": ActionRule(healing.medicine, targets="desk",
                               doc="Medicine check healing people: healer, roll (d20), bonus, "
                                   "split {id: amount}, adjacent [ids Adjacent to the "
                                   "healer] (FF-11).",
                               fields=("healer", "roll", "bonus", "split", "adjacent")),
        "technology": ActionRule(healing.technology, targets="desk",
                                 doc="Technology check repairing objects, as the Medicine "
                                     "check; never a Destroyed one (FF-4, FF-12).",
                                 fields=("healer", "roll", "bonus", "split")),
        "gain_momentum": ActionRule(momentum.gain_momentum, targets="one",
                                    doc="Gain Momentum Points: amount (default 1) (FF-2).",
                                    fields=("amount",)),
        "spend_momentum": ActionRule(momentum.spend_momentum, targets="one",
                                     doc="A Wounded character uses actions (default 1) "
                                         "Actions: 1 Momentum Point each (FF-2).",
                                     fields=("actions",)),
        "set_state": ActionRule(rulings.set_state, targets="one",
                                doc="GM correction: damage, protection (+protection_source), "
                                    "momentum set as given; the status follows (FF-2 … FF-4, "
                                    "FF-9).",
                                fields=rulings.CORRECTABLE),
    },
)

__all__ = ["SYSTEM", "settle"]

register_system(SYSTEM)
