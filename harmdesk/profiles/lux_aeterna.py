"""Lux Aeterna as the window and the summary show it: HP and HP Debt, Endurance, Resolve,
Wounded, Strain, Trauma and status conditions (LA-1 … LA-17)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.core import signed
from ..rules.lux_aeterna import SYSTEM
from ..rules.lux_aeterna.common import CONDITIONS, DIE_CHAIN, POSITIVE, TRAUMA_NAMES, WITH_AMOUNT
from ..rules.lux_aeterna.conditions import duration_words, saves_at_turn_end
from ..rules.lux_aeterna.healing import resolve_worth_spending
from ..rules.lux_aeterna.sheet import LIMITS
from ..rules.lux_aeterna.trauma import save_odds
from . import register
from .parts import (
    HEADS,
    KIND_LABELS,
    Bar,
    Chip,
    Clock,
    DeathRuling,
    Edit,
    EndState,
    LibraryFields,
    Look,
    Modifier,
    Profile,
    ReportFacts,
    SheetField,
    Starter,
    TileFacts,
    words,
)

# LA-4, LA-16: the end states a tile shows, gravest first
END_STATES = {"dead": EndState("Dead", "ended"), "wounded": EndState("Wounded", "down"),
              "unconscious": EndState("Unconscious", "down")}


def unconscious_condition(char: dict) -> bool:
    """LA-16: the Unconscious condition, at any HP (a sleep, a blow to the head)."""
    return any(c["name"] == "unconscious" for c in char["conditions"])


def status(char: dict) -> str:
    if char["dead"]:
        return "dead"
    if char["wounded"]:
        return "wounded"
    if not char["conscious"] or unconscious_condition(char):
        return "unconscious"
    return "ok"


def tile_facts(char: dict) -> TileFacts:
    hp = char["hp"]
    text = f"{signed(hp)}/{char['max_hp']} HP" + (f" (debt {-hp})" if hp < 0 else "")
    status_now = status(char)
    badges = []
    for cond in char["conditions"]:
        label = words(cond["name"])
        if cond.get("amount"):
            label += f" ({cond['amount']})"
        if cond.get("enemy"):  # LA-16 Fixated
            label += f" on {cond['enemy']}"
        if cond.get("origin_level") and not cond.get("from_trauma"):
            label += f" {cond.get('bumps', 0)}/{cond['origin_level']}"
        if duration_words(cond) and not cond.get("rounds"):  # LA-15
            label += f", {duration_words(cond)}"
        badges.append(label)
    treated = list(char.get("treated_traumas") or [])
    for number in char["traumas"]:
        label = f"Trauma: {TRAUMA_NAMES.get(number, number)}"
        if number in treated:  # LA-11: its Full Rest Saves have Advantage
            treated.remove(number)
            label += " (treated)"
        badges.append(label)
    badges += [f"sustaining: {e['effect']}" for e in char.get("sustaining") or ()]
    if char["wounded"] or char["strain"]:
        badges.append(f"Strain {char['strain']}/{char['max_strain']}")
    if char["wounded"]:
        badges.append("stabilized" if char["stabilized"] else "not stabilized")
    return TileFacts(
        char["name"], KIND_LABELS[char["kind"]],
        Bar(max(hp, 0), char["max_hp"], text, number=hp),
        ("Resolve", f"{char['resolve_dice']}×{char['resolve_die']}"),
        ("Endurance", str(char["endurance"])), tuple(badges), status_now,
        end_state=PROFILE.end_state(status_now))


# the summary ---------------------------------------------------------------------------
def markers(char: dict) -> list[str]:
    """Status conditions; a list, so the same name twice counts twice."""
    return [words(c["name"]) + (" (Trauma)" if c.get("from_trauma") else "")
            for c in char.get("conditions", [])]


def fate(event: dict) -> str | None:
    kind = event.get("kind")
    if kind == "unconscious":
        return f"unconscious at {signed(event.get('hp', 0))} HP"
    return {"wounded": "Wounded", "stabilized": "Stabilized", "death": "Dead",
            "wakes": "conscious again", "wounded_ends": "no longer Wounded",
            "set_death": "GM ruling: alive again"}.get(kind)


def trauma(event: dict) -> str | None:
    """A Trauma rolled or healed, or None."""
    kind = event.get("kind")
    if kind == "trauma":
        number = event["trauma"]
        return f"{number} {TRAUMA_NAMES.get(number, '')}".strip()
    if kind == "brush_with_death":
        survives = "survives" if event.get("total", 0) >= 6 else "dies"
        return f"Brush with Death {event.get('total')}: {survives}"
    if kind == "trauma_healed":
        return f"healed: {event['trauma']} {TRAUMA_NAMES.get(event['trauma'], '')}".strip()
    return None


REPORT = ReportFacts(
    charts_damage=False,
    taken_heading="HP lost (after Endurance)",
    fates_heading="Wounded, stabilized, death",
    marker_columns=(("gained", "Conditions gained"), ("cleared", "Conditions cleared"),
                    ("traumas", "Traumas")),
    markers=markers, fate=fate, trauma=trauma,
    death=lambda event: "dead" if event.get("kind") == "death" else None,
    ending=lambda event: ("Death", "") if event.get("kind") == "death" else None,
    ended=lambda char: bool(char["dead"]),
    margin=lambda char: char["hp"] / max(char["max_hp"], 1),  # HP may be negative (LA-3)
    standing=lambda char: (f"{char['name']} dropped to {signed(char['hp'])} of "
                           f"{char['max_hp']} HP"),
)

DEATH = DeathRuling(
    key="dead", heading="A GM ruling",
    choices=(("&Alive: bring them back with the HP you choose", False), ("&Dead", True)),
    # the ruling that changes them: the dead brought back, the living ruled dead
    proposed=lambda chars: {c["dead"] for c in chars} == {False},
    where=lambda char: "dead" if char["dead"] else "alive",
    alive=lambda value: value is False,
    changes=lambda char, value, hp: char["dead"] != value,
    lowest_hp=LIMITS["hp"][0],  # HP Debt (LA-3)
    sets_strain=True,
)

# the players' display: how each state reads to the players (the GM may reword it)
PLAYER_LOOKS = (
    Look("unhurt", "unhurt", "fine", "at full HP"),
    Look("hurt", "hurt", "hurt", "below full HP, still on their feet"),
    Look("unconscious", "unconscious", "down", "at 0 HP or below, or knocked out"),
    Look("wounded", "Wounded", "grave", "Wounded: a lethal blow took them to 0 HP"),
    Look("dead", "dead", "dead", "dead"),
    Look("strain", "under Strain", "note", "with Strain marked, shown beside the above"),
)
# conditions the players cannot see (LA-16): the others are shown as words
UNSEEN = ("hidden", "invisible")


def player_look(char: dict) -> tuple[str, tuple[str, ...]]:
    """The character's row of PLAYER_LOOKS; unconscious beside Wounded, Strain, and the
    conditions anyone can see, as words."""
    if char["dead"]:
        return "dead", ()
    notes = []
    if char["wounded"] and not char["conscious"]:
        notes.append("unconscious")
    if char["strain"]:
        notes.append("strain")
    notes += [words(c["name"]) for c in char["conditions"] if c["name"] not in UNSEEN]
    if char["wounded"]:
        key = "wounded"
    elif not char["conscious"] or unconscious_condition(char):
        key = "unconscious"
    else:
        key = "hurt" if char["hp"] < char["max_hp"] else "unhurt"
    return key, tuple(dict.fromkeys(n for n in notes if n != key))

def turn_saves(char: dict, settings: dict) -> tuple[tuple[str, str], ...]:
    """LA-14: the Saves the rules offer as the turn ends (saves_at_turn_end), in words."""
    return tuple((s["condition"], f"{words(s['condition']).capitalize()}: {s['bumps']} of "
                  f"{s['needed']} Bumps so far") for s in saves_at_turn_end(char, settings))


CLOCK = Clock(mode=SYSTEM.clock_modes[0], turn_saves=turn_saves,
              save_rule="once per round, when the turn ends")

def resolve_offered(char: Mapping[str, Any]) -> int:
    """LA-12, LA-13: the Resolve dice the Short Rest page proposes `char` spends."""
    return resolve_worth_spending(char)


PROFILE = Profile(
    name=SYSTEM.name, title=SYSTEM.title, kinds=SYSTEM.kinds,
    tile_facts=tile_facts, status=status,
    headers=("Name", "Kind", "HP", "Resolve", "Endurance", "Conditions", "State"),
    edits={"bar": Edit("set_state", "hp", "HP"),
           "guard": Edit("set_state", "resolve_dice", "unspent Resolve dice"),
           "buffer": Edit("set_state", "endurance", "Endurance")},
    severity=(),
    move_chips=(
        Chip("Stabilize", {"type": "stabilize"},
             "An item or ability stabilizes a Wounded character."),
        Chip("Start turn", {"type": "start_turn"},
             "Start of turn: Strain death, Regenerating, Ongoing Damage, Strain."),
        Chip("End turn", {"type": "end_turn"}, "End of turn: durations in rounds count down."),
    ),
    condition_chips=tuple(
        Chip(words(n).capitalize(), {"type": "add_condition", "name": n},
             f"Add the condition {words(n)}; the drop asks for its origin Level.",
             ask="condition")
        for n in CONDITIONS),
    conditions_title="Conditions",
    gang=False,
    modifiers=("non_lethal_knockout", "attacker_weakened"),
    attack_fields=(),
    quick_forms=(
        *HEADS,
        Modifier("7 nl", "non-lethal: dropping to 0 HP knocks out, no Wound",
                 pattern=r"nl|nonlethal|non-lethal", read=lambda m: {"lethal": False}),
    ),
    condition_pages=("add_condition", "remove_condition", "save", "treat_trauma",
                     "sustaining"),
    moves_pages=("resolve_short_rest", "roll_resolve", "full_rest", "medical_aid", "stabilize",
                 "start_turn", "end_turn", "end_scene", "grant_endurance", "new_day"),
    sheet=(
        SheetField("max_hp", "&Max HP:", "int", (*LIMITS["max_hp"], 10), "Maximum Hit Points"),
        SheetField("max_strain", "Max St&rain:", "int", (*LIMITS["max_strain"], 3),
                   "Strain at which a Wounded character dies"),
        SheetField("save_score", "Sa&ve score:", "int", (*LIMITS["save_score"], 0),
                   "Added to Saves and the Brush with Death roll"),
        SheetField("resolve_die", "Resolve &die:", "die", DIE_CHAIN,
                   "The size of the Resolve dice on the sheet", source="base_resolve_die"),
        SheetField("resolve_dice", "Resolve di&ce:", "int", (*LIMITS["resolve_dice"], 0),
                   "How many Resolve dice the character has", source="resolve_dice_max"),
    ),
    death_ruling=DEATH,
    no_death_ruling="",
    ends_scenes="end_scene" in SYSTEM.actions,
    report=REPORT,
    conditions=CONDITIONS,
    positive_conditions=POSITIVE,
    conditions_with_amount=WITH_AMOUNT,
    trauma_names=TRAUMA_NAMES,
    rule_ids={
        "damage": ("LA-1", "LA-2", "LA-3", "LA-4"),
        "heal": ("LA-7",),
        "grant_endurance": ("LA-2",),
        "end_scene": ("LA-2", "LA-15", "LA-16"),
        "add_condition": ("LA-15", "LA-16"),
        "remove_condition": ("LA-16",),
        "save": ("LA-14",),
        "start_turn": ("LA-6", "LA-16"),
        "end_turn": ("LA-14", "LA-15"),
        "stabilize": ("LA-7",),
        "medical_aid": ("LA-8",),
        "natural_recovery": ("LA-5",),
        "short_rest": ("LA-5", "LA-12", "LA-13"),
        "roll_resolve": ("LA-12",),
        "full_rest": ("LA-5", "LA-11", "LA-13", "LA-15"),
        "new_day": ("LA-8", "LA-13"),
        "heal_trauma": ("LA-11",),
        "treat_trauma": ("LA-11",),
        "sustain": ("LA-4", "LA-16"),
        "stop_sustaining": ("LA-4", "LA-16"),
        "set_state": ("LA-2", "LA-3", "LA-6", "LA-9", "LA-12"),
        "set_death": ("LA-4", "LA-6", "LA-9", "LA-10"),
        # the clock: the turn effects it fires, and the end of the scene (set_order,
        # only the order, applies none)
        "start_encounter": ("LA-6", "LA-16"),
        "next_turn": ("LA-6", "LA-14", "LA-15", "LA-16"),
        "end_encounter": ("LA-2", "LA-15"),
    },
    rule_ids_by_field=(("attacker_weakened", True, ("LA-17",)),
                       ("source", None, ("LA-4", "LA-16", "LA-17")),
                       ("trauma_roll", None, ("LA-10",)),
                       ("enemy", None, ("LA-16",))),
    player_looks=PLAYER_LOOKS,
    player_look=player_look,
    clock=CLOCK,
    save_odds=save_odds,
    pages_module="harmdesk.qt.dialogs.moves_lux",
    end_states=END_STATES,
    demo="lux_aeterna.json",
    library=LibraryFields(
        # LA-14 and LA-2
        fields=(SheetField("level", "&Level:", "int", (*LIMITS["level"], 0),
                           "Level: the Save Difficulty, in Bumps, of the effects it causes"),
                SheetField("endurance", "&Endurance:", "int", (*LIMITS["endurance"], 0),
                           "Endurance absorbs damage before HP")),
        # LA-14's worked example: the Level is all seed 002 gives of the ice wraith
        starters=(
            Starter("Ice wraith", "monster", "Lux Aeterna: \u201cThe ice wraith is Level 8, "
                    "meaning Karis will need a total of 8 Save Bumps to end this effect\u201d "
                    "(seed 002)", sheet={"level": 8},
                    notes="Its spell Freezes (Save Difficulty 8)."),
        )),
)

register(PROFILE)
