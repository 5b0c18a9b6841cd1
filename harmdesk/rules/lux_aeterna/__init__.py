"""Lux Aeterna (seed 002, RULES.md §3): HP and HP Debt, Endurance, Wounded, Strain, Trauma,
Resolve and status conditions."""

from __future__ import annotations

from .. import encounter
from ..system import ActionRule, Setting, System, register_system
from . import conditions, days, harm, healing, rulings, scene, sustain, trauma
from .sheet import CONDITION_FIELDS, edit_character, make_character

SETTINGS = {
    "zero_hp_ends": Setting(
        "save_endable", "At 0 HP, only the conditions a Save could end end "
        "(\"save_endable\"), or all status conditions (\"all\"). Trauma conditions always stay.",
        choices=("save_endable", "all")),
    "lethal_after_knockout": Setting(
        "wound", "Lethal damage to a character already at 0 HP or below but not Wounded "
        "makes them Wounded with a Trauma (\"wound\"), or only crossing 0 HP does (\"no_wound\").",
        choices=("wound", "no_wound")),
    "strain_death_check": Setting(
        "before", "At the start of a turn, check for death at maximum Strain before adding "
        "that turn's Strain (\"before\"), or add it first (\"after\").",
        choices=("before", "after")),
    "endurance_absorbed_counts": Setting(
        True, "Damage absorbed wholly by Endurance still counts as taking damage "
        "(Strain while Wounded, Stunned ends)."),
    "ongoing_damage_triggers": Setting(
        True, "Ongoing Damage counts as taking damage for Strain, Stunned and Charmed."),
    "hanging_by_a_thread": Setting(
        "wounded_anew", "\"Wounded again\" means gaining Wounded afresh "
        "(\"wounded_anew\"), or also any damage taken while still Wounded (\"any_damage\").",
        choices=("wounded_anew", "any_damage")),
    "internal_bleeding_heal_stabilizes": Setting(
        False, "Healing that restores nothing because of Internal Bleeding still "
        "stabilizes (false: only items, abilities or medical aid can)."),
    "strain_reset": Setting(
        "full_rest", "Strain resets on a Full Rest (\"full_rest\") or is never removed by "
        "the tracker (\"never\").", choices=("full_rest", "never")),
    "trauma_bump_overflow": Setting(
        "carry", "Trauma Save Bumps above 5 carry to the next Trauma (\"carry\") or are "
        "lost (\"drop\").", choices=("carry", "drop")),
    "halve_rounding": Setting(
        "down", "A Weakened attacker's halved damage rounds down or up.",
        choices=("down", "up")),
    "natural_recovery": Setting(
        "split", "Recovery at 0 HP or below per period: Wounded 1d6, others 1 HP "
        "(\"split\"); everyone 1d6 (\"d6\"); everyone 1 HP (\"one_hp\").",
        choices=("split", "d6", "one_hp")),
    "rest_while_unconscious": Setting(
        "wounded", "\"While you are unconscious at or below 0 HP: You recover 1d6 "
        "HP every 6 hours\". A Full Rest taken then brings only that slow recovery, and a "
        "Short Rest is refused: for the Wounded not yet Stabilized (\"wounded\"), or for "
        "anyone unconscious at 0 HP or below (\"unconscious\"); or they rest like anyone "
        "(\"rest\").", choices=("wounded", "unconscious", "rest")),
    "day": Setting(
        days.FIRST_DAY, "The campaign's day, for what happens \"once per day\" (medical "
        "aid restores HP once per day). A Full Rest, or a new day, moves it on.",
        minimum=1, maximum=99999),
    **encounter.SETTINGS,
}

ACTIONS = {
    "damage": ActionRule(harm.damage, doc="`amount` or `dice`+`rolls`; `lethal` (true); "
                         "a dead target among several is skipped; "
                         "`attacker_weakened`; `resistance`, `vulnerability`, `physical`; "
                         "`trauma_roll` (d20), `brush_roll` (d6) when it Wounds; `source`: "
                         "the attacker's id (Weakened halves, Intangible deals none, dead "
                         "or unconscious is refused; Hidden is revealed)",
                         fields=("amount", "dice", "rolls", "lethal", "attacker_weakened",
                                 "resistance", "vulnerability", "physical", "trauma_roll",
                                 "brush_roll", "source")),
    "heal": ActionRule(healing.heal, doc="`amount` or `dice`+`rolls`: restores HP, stabilizes",
                       fields=("amount", "dice", "rolls")),
    "grant_endurance": ActionRule(healing.grant_endurance, doc="`amount`; `keep`: new | old",
                                  fields=("amount", "keep")),
    "end_scene": ActionRule(scene.end_scene, targets="all", doc="all Endurance is lost; "
                            "conditions `until` scene end, and Fixated on an enemy",
                            fields=()),
    "add_condition": ActionRule(conditions.add_condition,
                                doc="`name`, `origin_level`, `amount`, `save_ends`; one "
                                "duration: `rounds`, `until` (scene, full_rest: ended then) "
                                "or `duration` (the GM's note, \"10 minutes\": the GM ends "
                                "it); fixated's `enemy` (an id): it ends when they become "
                                "Hidden or Invisible, leave the scene or the desk, or drop "
                                "to 0 HP",
                                fields=(*CONDITION_FIELDS, "enemy")),
    "remove_condition": ActionRule(conditions.remove_condition, doc="`name`",
                                   fields=("name",)),
    "save": ActionRule(conditions.save, doc="`condition`, `bumps` (cumulative)",
                       fields=("condition", "bumps")),
    "start_turn": ActionRule(harm.start_turn, doc="Strain death, Regenerating, Ongoing Damage, "
                             "Strain; may carry `trauma_roll`, `brush_roll`",
                             fields=("trauma_roll", "brush_roll")),
    "end_turn": ActionRule(conditions.end_turn, doc="optional `condition`+`bumps` Save; "
                           "durations in rounds count down",
                           fields=("condition", "bumps")),
    "stabilize": ActionRule(healing.stabilize, doc="an item or ability stabilizes a Wounded "
                            "character",
                            fields=()),
    "medical_aid": ActionRule(healing.medical_aid, doc="`bumps`: stabilizes a Wounded patient "
                              "any time; heals the Bumps once per day (setting `day`)",
                              fields=("bumps",)),
    "natural_recovery": ActionRule(healing.natural_recovery, doc="`roll` (d6) where needed",
                                   fields=("roll",)),
    "short_rest": ActionRule(healing.short_rest, doc="`resolve_rolls`: faces of Resolve dice; "
                             "refused while unconscious at 0 HP or below (setting "
                             "`rest_while_unconscious`)",
                             fields=("resolve_rolls",)),
    "roll_resolve": ActionRule(healing.roll_resolve, doc="`resolve_rolls`: faces of Resolve "
                               "dice an ability or item lets them roll outside a Short Rest; "
                               "`prompted_by`: that ability or item",
                               fields=("resolve_rolls", "prompted_by")),
    "full_rest": ActionRule(scene.full_rest, doc="`trauma_bumps`, `heal_trauma` (each a "
                            "number, or {id: number} per target); the day moves on once per "
                            "action; the dead are skipped; unconscious at 0 HP or below "
                            "(setting `rest_while_unconscious`): only the slow recovery, "
                            "`recovery_roll` (d6) where needed; conditions `until` "
                            "full_rest end",
                            fields=("trauma_bumps", "heal_trauma", "recovery_roll")),
    "new_day": ActionRule(days.new_day, targets="desk", doc="the GM moves the campaign on to "
                          "the next day (setting `day`): medical aid may restore HP again",
                          fields=()),
    "heal_trauma": ActionRule(trauma.heal_trauma, doc="`trauma`: the table number",
                              fields=("trauma",)),
    "treat_trauma": ActionRule(trauma.treat_trauma, doc="`trauma`: the table number of a "
                               "Trauma medically treated; its Full Rest Saves have Advantage",
                               fields=("trauma",)),
    "sustain": ActionRule(sustain.sustain, doc="`effect`: what the character sustains; "
                          "`concentration` (true): Dazed and Silenced end it; 0 HP ends all",
                          fields=("effect", "concentration")),
    "stop_sustaining": ActionRule(sustain.stop_sustaining, doc="`effect` ends; without it, "
                                  "everything sustained ends", fields=("effect",)),
    "set_death": ActionRule(rulings.set_death, doc="GM ruling: `dead` false brings a dead "
                            "character back with `hp` and `strain`; true rules them dead",
                            fields=("dead", "hp", "strain")),
    "set_state": ActionRule(rulings.set_state, doc="GM correction: `hp`, `endurance`, "
                            "`strain`, `resolve_dice` set as given; nothing else triggers",
                            fields=rulings.CORRECTABLE),
}

SYSTEM = System(
    name="lux_aeterna",
    title="Lux Aeterna",
    kinds=("pc", "follower", "npc", "monster"),
    settings=SETTINGS,
    make_character=make_character,
    edit_character=edit_character,
    actions=ACTIONS,
    # LA-6, LA-16 at the start of a turn; LA-14, LA-15 at its end; LA-2 when a scene ends
    turn_starts=harm.start_turn,
    turn_ends=conditions.end_turn,
    scene_ends=scene.scene_ends,
    leaves_the_desk=scene.leaves_the_desk,
    turn_start_fields=("trauma_roll", "brush_roll"),
    turn_end_fields=("condition", "bumps"),
    passed_over=scene.passed_over,
    scene_end_words="the scene's Endurance is lost",
)

register_system(SYSTEM)
