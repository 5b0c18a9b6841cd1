"""Hearth as the window and the summary show it: Warmth on a bar, out cold at 0."""

from __future__ import annotations

from harmdesk.profiles.parts import (
    HEADS,
    KIND_LABELS,
    Bar,
    Chip,
    Edit,
    EndState,
    Profile,
    ReportFacts,
    SheetField,
    TileFacts,
)

from .rules import LIMITS, SYSTEM

END_STATES = {"out_cold": EndState("Out cold", "down")}


def tile_facts(char: dict) -> TileFacts:
    status = "out_cold" if char["hp"] == 0 else "ok"
    return TileFacts(char["name"], KIND_LABELS[char["kind"]],
                     Bar(char["hp"], char["max_hp"], f"{char['hp']}/{char['max_hp']} Warmth"),
                     None, None, (), status, (), PROFILE.end_state(status))


REPORT = ReportFacts(
    charts_damage=False, taken_heading="Warmth lost", fates_heading="Out cold",
    marker_columns=(), markers=lambda char: [], fate=lambda event: None,
    death=lambda event: None, ended=lambda char: False,
    margin=lambda char: char["hp"] / max(char["max_hp"], 1),
    standing=lambda char: f"{char['name']} fell to {char['hp']} Warmth",
)

PROFILE = Profile(
    name=SYSTEM.name, title=SYSTEM.title, kinds=SYSTEM.kinds,
    tile_facts=tile_facts,
    headers=("Name", "Kind", "Warmth", "—", "—", "Marks", "State"),
    edits={"bar": Edit("edit_character", "hp", "Warmth")},
    severity=(("d4", "a cold wind"),),
    move_chips=(Chip("Fire", {"type": "heal", "amount": 2}, "Warm by 2 by the fire."),),
    condition_chips=(),
    conditions_title="Marks",
    gang=False,
    modifiers=(),
    attack_fields=(),
    quick_forms=HEADS,
    condition_pages=(),
    moves_pages=("fire",),
    sheet=(SheetField("max_hp", "&Most Warmth:", "int", (*LIMITS["max_hp"], 6), "Most Warmth"),
           SheetField("hp", "&Warmth now:", "int", (*LIMITS["hp"], 6), "Warmth now")),
    death_ruling=None,
    no_death_ruling="Hearth has no death state.",
    ends_scenes=False,
    report=REPORT,
    pages_module="tests.fourth_game.pages",
    end_states=END_STATES,
)
