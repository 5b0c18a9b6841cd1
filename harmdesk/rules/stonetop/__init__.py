"""Stonetop (seeds 000, 001; RULES.md §2, ST-1 … ST-16): HP, armor, debilities, wounds, death."""

from __future__ import annotations

from .. import encounter
from ..system import ActionRule, Setting, System, register_system
from . import conditions, harm, healing, wounds
from .sheet import check_kind, edit_character, make_character, upgrade_settings

SETTINGS = {
    "prosperity": Setting(0, "The steading's Prosperity: Recover heals 4 + it, x piercing = "
                          "it.", minimum=-20, maximum=99),
    "lacking": Setting(False, "The steading is marked lacking: Prosperity counts 1 lower."),
    "piercing_stack": Setting("max", "Several piercing values in a gang-up take the "
                              "largest, or the sum of the distinct values.", ("max", "sum")),
    "follower_at_zero": Setting("dead", "A follower brought to 0 HP by lethal harm is "
                                "dead, as an NPC probably is; or dying, rolling Death's Door "
                                "like a PC (\"you can, however, choose to have the player roll "
                                "Death's Door\"); or left out of the action at 0 HP for the GM "
                                "to decide (\"you get to decide what happens to them at 0 "
                                "HP\").",
                                ("dead", "dying", "gm_decides")),
    "gang_tie": Setting("higher_bonus", "On a tie of die size the attacker with the "
                        "higher flat bonus is chosen, or the first listed.",
                        ("higher_bonus", "first_listed")),
    "recover_rearm": Setting("hp_drop", "Recover is available again after HP actually "
                             "drops by 1+, or after any hit (even one armor absorbs).",
                             ("hp_drop", "any_hit")),
    "full_debilities": Setting("nothing", "A forced 'mark a debility' with all three "
                               "marked does nothing, or is refused.", ("nothing", "refuse")),
    "follower_debilities": Setting(True, "Followers may carry debilities as temporary "
                                   "tags (NPCs and monsters never do)."),
    "healing_dying": Setting("stabilizes", "Healing a dying character to 1+ HP ends "
                             "dying but leaves them out of the action; or changes nothing until "
                             "Death's Door is rolled; or wakes them, as Garet is \"awake with 4 "
                             "HP and able to move about slowly\".",
                             ("stabilizes", "no_change", "awake")),
    "gang_dice": Setting("one_die", "A gang-up rolls \"the single highest damage die\": "
                         "an attacker who rolls several dice (2d6, 2d8kh1) lends one die of "
                         "that size (d6, d8), or its whole roll, ranked by the most it can "
                         "deal.",
                         ("one_die", "whole_roll")),
    "bedroll": Setting("always", "A bedroll's d6 HP comes with any Make Camp pick, or "
                       "only with the HP pick.", ("always", "hp_choice")),
    **encounter.SETTINGS,
}

AMOUNT = ("amount", "dice", "rolls")

ACTIONS = {
    "damage": ActionRule(harm.damage, doc="Take damage: `amount` or `dice`+`rolls`; `piercing` "
                         "(n or \"x\"), `added_piercing` (the GM's, applied with the attack's "
                         "own as ST-2 (b) reads), `ignores_armor`, `lethal` (true), `tags`.",
                         fields=("amount", "dice", "rolls", "piercing", "added_piercing",
                                 "ignores_armor", "lethal", "tags", "source")),
    "gang_damage": ActionRule(harm.gang_damage, doc="Several attackers at once (ST-2): "
                              "`attackers` [{dice|id, count, piercing, tags}], "
                              "`rolls` or `amount`; "
                              "`added_piercing`, `ignores_armor`, `lethal` for the whole gang.",
                              fields=("attackers", "amount", "rolls", "added_piercing",
                                      "ignores_armor", "lethal", "tags")),
    "lose_hp": ActionRule(harm.lose_hp, doc="Lose n HP: armor never applies; `lethal` (true).",
                          fields=("amount", "dice", "rolls", "lethal", "tags")),
    "heal": ActionRule(healing.heal, doc="Regain HP: `amount` or `dice`+`rolls`.",
                       fields=AMOUNT),
    "mark_debility": ActionRule(conditions.mark_debility, doc="`debility`; `optional` when "
                                "marking it is an optional choice.",
                                fields=("debility", "optional")),
    "clear_debility": ActionRule(conditions.clear_debility, doc="`debility`.",
                                 fields=("debility",)),
    "recover": ActionRule(healing.recover, doc="Recover (a): 1 supply, 4 + Prosperity HP; "
                          "optional `debility` tended; `supplies_from`.",
                          fields=("debility", "supplies_from")),
    "tend": ActionRule(healing.tend, doc="Recover (b): tend a `debility` or `wound` "
                       "(`wound_becomes`); `supplies`, `supplies_from`, `heal`, `death`, `how`; "
                       "`defy_danger` 10+|7-9|6- with `pick` cost|lesser on a 7–9 (ST-15).",
                       fields=("debility", "wound", "wound_becomes", "supplies", "supplies_from",
                               "heal", "death", "how", "defy_danger", "pick")),
    "make_camp": ActionRule(healing.make_camp, doc="`choice` hp|debility (+`debility`), "
                            "`bedroll` d6 face, `fed` (true), `comfortable`.",
                            fields=("choice", "debility", "bedroll", "fed", "comfortable")),
    "deaths_door": ActionRule(conditions.deaths_door, doc="While dying: `roll` (2d6 total with "
                              "modifiers) or `rolls` [a, b] + `bonus`; `debility` (Hard to "
                              "Kill); `con` (Hard to Kill's +CON, the modifier: while "
                              "miserable `rolls` are 3d6 less the highest, ST-13); `automatic` "
                              "(Never Gonna Keep Me Down, once per `session`: the play "
                              "session's number).",
                              fields=("roll", "rolls", "bonus", "debility", "con", "automatic",
                                      "session")),
    "convalesce": ActionRule(healing.convalesce, doc="Full HP, all debilities cleared; "
                             "`healed_wounds`.",
                             fields=("healed_wounds",)),
    "rest": ActionRule(healing.rest, doc="NPCs and monsters: `length` minutes | night | "
                       "days; the GM's `amount` (0+) or `dice`+`rolls` stands over the guide "
                       "(3–5 HP for minutes, where one is needed; half max; full) (ST-12).",
                       fields=("length", "amount", "dice", "rolls")),
    "set_death": ActionRule(conditions.set_death, doc="GM ruling: `death`; optional `hp`.",
                            fields=("death", "hp")),
    "add_wound": ActionRule(wounds.add_wound, doc="A problematic wound (ST-14): `text`; "
                            "optional `source`, `permanent` (true: it will not heal), "
                            "`requirements` (texts: what treating it takes, ST-11); its "
                            "effects while it lasts, until every requirement is met: "
                            "`gear_tags` (\"bow: reload\") and `disadvantage` (move names).",
                            fields=("text", "source", "permanent", "requirements",
                                    "gear_tags", "disadvantage")),
    "treat_wound": ActionRule(wounds.treat_wound, doc="The `wound` (its text): `require` "
                              "(texts the GM adds as requirements), `met` (requirement texts "
                              "now met), `permanent` (true or false) (ST-11, ST-14).",
                              fields=("wound", "require", "met", "permanent")),
    "remove_wound": ActionRule(wounds.remove_wound, doc="`text`: the wound heals or is taken "
                               "care of.",
                               fields=("text",)),
}

SYSTEM = System(
    name="stonetop",
    title="Stonetop",
    kinds=("pc", "follower", "npc", "monster"),
    settings=SETTINGS,
    make_character=make_character,
    edit_character=edit_character,
    finish_character=check_kind,
    actions=ACTIONS,
    upgrade_settings=upgrade_settings,
    clock_modes=("spotlight",),  # no initiative: who has acted this round, no turn effects
    passed_over=lambda char: "{who} is dead" if char.get("death") == "dead" else None,
)

register_system(SYSTEM)
