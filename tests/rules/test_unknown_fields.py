"""Typos are refused by name in every action of every game, and in sheets; values nested
deeper than the vocabulary needs are refused before anything copies them."""

import json

import pytest

from harmdesk.rules import clock
from harmdesk.rules.engine import DESK_ACTIONS, apply, new_state, system_named
from harmdesk.rules.system import ActionRule
from tests.conftest import ROOT

SYSTEMS = ("stonetop", "lux_aeterna", "freedom_fantasies")
EXPECT_KEYS = ("expect", "expect_refused", "expect_events", "expect_encounter")


def _examples() -> dict:
    """(system, type) -> (the desk before, one action of that type the rules applied),
    taken from the conformance scenarios."""
    found: dict = {}
    for path in sorted((ROOT / "tests" / "scenarios").rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        state = new_state(data["system"], data.get("settings"), data.get("characters", []))
        for action in data.get("actions", []):
            action = {k: v for k, v in action.items() if k not in EXPECT_KEYS}
            outcome = apply(state, action)
            if outcome.ok:
                found.setdefault((data["system"], action["type"]), (state, action))
            state = outcome.state
    for (system, kind), (sheet, action) in OWN_EXAMPLES.items():
        found.setdefault((system, kind), (new_state(system, {}, [sheet]), action))
    return found


# the action types no scenario happens to apply, each with one sheet it applies to
OWN_EXAMPLES = {
    ("stonetop", "remove_wound"): ({"id": "a", "max_hp": 8, "wounds": ["a broken finger"]},
                                   {"type": "remove_wound", "target": "a",
                                    "text": "a broken finger"}),
    ("lux_aeterna", "remove_condition"): (
        {"id": "a", "max_hp": 8, "conditions": [{"name": "prone", "save_ends": False}]},
        {"type": "remove_condition", "target": "a", "name": "prone"}),
    ("lux_aeterna", "stabilize"): ({"id": "a", "max_hp": 8, "hp": -1, "wounded": True},
                                   {"type": "stabilize", "target": "a"}),
    ("lux_aeterna", "natural_recovery"): ({"id": "a", "max_hp": 8, "hp": -1, "wounded": True},
                                          {"type": "natural_recovery", "target": "a",
                                           "roll": 3}),
    **{(system, "change_settings"): ({"id": "a", **sheet}, {
        "type": "change_settings", "settings": settings}) for system, sheet, settings in (
        ("stonetop", {"max_hp": 8}, {"prosperity": 2}),
        ("lux_aeterna", {"max_hp": 8}, {"halve_rounding": "up"}),
        ("freedom_fantasies", {"hp": 8}, {"block_compare": "bonus"}))},
}


EXAMPLES = _examples()
EVERY_TYPE = [(s, t) for s in SYSTEMS for t in (*system_named(s).actions, *DESK_ACTIONS,
                                                *clock.actions_of(system_named(s)))]


@pytest.mark.parametrize("system, kind", EVERY_TYPE)
def test_every_action_type_of_every_game_refuses_a_stray_key_by_name(system, kind):
    """DESIGN: actions are untrusted; a key the action does not know is a typo, never ignored."""
    assert (system, kind) in EXAMPLES, f"no scenario applies a {system} {kind}"
    state, action = EXAMPLES[(system, kind)]
    assert apply(state, action).ok
    out = apply(state, {**action, "bogus_key": 1})
    assert not out.ok and out.state is state
    assert "bogus_key" in out.error and out.error.startswith(f"unknown {kind} field")


def test_every_action_rule_lists_its_fields():
    for system in SYSTEMS:
        for kind, rule in system_named(system).actions.items():
            assert isinstance(rule, ActionRule) and isinstance(rule.fields, tuple), kind
            assert "type" not in rule.fields and "target" not in rule.fields, kind


HEAVY = {"id": "heavy", "name": "The Heavy", "max_hp": 10, "armor": 2}


@pytest.mark.parametrize("typo, meant", [("peircing", "piercing"), ("lethel", "lethal"),
                                         ("ignore_armor", "ignores_armor")])
def test_a_misspelt_damage_modifier_is_refused_not_a_full_lethal_hit(typo, meant):
    """ST-3, ST-6: `peircing`, `lethel`, `ignore_armor` used to be dropped silently, so the
    hit landed in full and lethal."""
    state = new_state("stonetop", {}, [HEAVY])
    out = apply(state, {"type": "damage", "target": "heavy", "amount": 10, typo: 2})
    assert not out.ok and out.state["characters"]["heavy"]["hp"] == 10
    assert f"unknown damage field {typo};" in out.error and f"did you mean {meant}?" in out.error


@pytest.mark.parametrize("system, sheet", [
    ("stonetop", HEAVY), ("lux_aeterna", {"id": "heavy", "max_hp": 10}),
    ("freedom_fantasies", {"id": "heavy", "hp": 10})])
def test_amount_and_dice_together_are_refused_in_every_game(system, sheet):
    """ST-1, LA-1, FF-5: one amount; `amount` used to win and the dice were dropped."""
    state = new_state(system, {}, [sheet])
    for kind in ("damage", "heal"):
        out = apply(state, {"type": kind, "target": "heavy", "amount": 2, "dice": "d6",
                            "rolls": [6]})
        assert not out.ok and out.error == "give `amount` or `dice`, not both"


@pytest.mark.parametrize("system, sheet, key", [
    # ST-6: a death state comes from a drop to 0 HP
    ("stonetop", {**HEAVY, "death": "dead"}, "`death` is dead but `hp` is full (10 of 10)"),
    ("stonetop", {**HEAVY, "death": "fate_pending"}, "`death` is fate pending"),
    ("stonetop", {**HEAVY, "death": "out_of_action"}, "`death` is out of the action"),
    # LA-6, LA-10: death comes while Wounded
    ("lux_aeterna", {"id": "a", "max_hp": 8, "dead": True}, "`dead` is true but `hp` is full"),
    # FF-9: Protection Points come from a source; a source without points is a contradiction
    ("freedom_fantasies", {"id": "a", "hp": 8, "protection_source": "Ward"},
     "`protection_source` is 'Ward' but `protection` is 0"),
])
def test_contradictory_sheets_are_refused_naming_the_field(system, sheet, key):
    out = apply(new_state(system, {}, []), {"type": "add_character", "character": sheet})
    assert not out.ok and out.error.startswith(key)
    assert out.state["characters"] == {}


def test_the_same_death_states_below_full_hp_are_still_accepted():
    """ST-6, ST-7: someone healed while out of the action, or dead at 4 HP by a GM ruling."""
    for death in ("dead", "out_of_action", "fate_pending"):
        state = new_state("stonetop", {}, [{**HEAVY, "hp": 4, "death": death}])
        assert state["characters"]["heavy"]["death"] == death


def _deep(levels: int):
    value: object = ["fire"]
    for _ in range(levels):
        value = [value]
    return value


def test_a_600_deep_attack_is_refused_before_it_is_copied():
    """A 600-deep `attack` used to fail in deepcopy with a RecursionError."""
    state = new_state("stonetop", {}, [HEAVY])
    hagr = {"id": "hagr", "max_hp": 12, "kind": "monster",
            "attack": {"dice": "d10+3", "tags": _deep(600)}}
    out = apply(state, {"type": "add_character", "character": hagr})
    assert not out.ok and "nested more than 8 levels deep" in out.error
    edit = apply(state, {"type": "edit_character", "target": "heavy",
                         "changes": {"attack": {"dice": "d6", "tags": _deep(600)}}})
    assert not edit.ok and "nested more than" in edit.error
    assert "attack" not in edit.state["characters"]["heavy"]
    with pytest.raises(Exception, match="nested more than 8 levels"):
        new_state("stonetop", {}, [hagr])


def test_the_vocabulary_s_own_nesting_is_within_the_limit():
    """An added character's attack's tags: the deepest the vocabulary goes, still applied."""
    state = new_state("stonetop", {}, [])
    out = apply(state, {"type": "add_character", "character": {
        "id": "hagr", "max_hp": 12, "kind": "monster",
        "attack": {"dice": "d10+3", "tags": ["forceful"]}}})
    assert out.ok and out.state["characters"]["hagr"]["attack"]["tags"] == ["forceful"]
