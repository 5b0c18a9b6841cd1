"""Freedom Fantasies: sheets, edits and the desk actions (RULES.md §4.1, FF-1, FF-6)."""

import pytest

from harmdesk.rules.core import SheetError
from harmdesk.rules.engine import apply, new_state

FF = "freedom_fantasies"


def test_ff1_sheet_defaults_and_state_keys():
    """FF-1 / FF-6 / FF-9: a sheet gives HP; Damage 0, Block = Might + Bonus, no Protection."""
    state = new_state(FF, {}, [{"id": "v", "name": "Vel", "hp": 12, "might": 2, "block_bonus": 1,
                                "immune": ["fire", "acid"]}])
    c = state["characters"]["v"]
    assert {k: c[k] for k in ("hp", "damage", "block", "wounded", "story_ended", "protection",
                              "protection_source", "short_rest_used", "supplies", "immune")} == {
        "hp": 12, "damage": 0, "block": 3, "wounded": False, "story_ended": False,
        "protection": 0, "protection_source": None, "short_rest_used": False, "supplies": None,
        "immune": ["acid", "fire"]}


@pytest.mark.parametrize("sheet,key", [
    ({"id": "v"}, "`hp` is missing"),
    ({"id": "v", "hp": 0}, "`hp` must be at least 1"),
    ({"id": "v", "hp": 5, "max_hp": 5}, "unknown Freedom Fantasies sheet field max_hp"),
    ({"id": "v", "hp": 5, "protection": 3}, "`protection_source` is missing"),
    ({"id": "v", "hp": 5, "resistant": "fire"}, "`resistant` must be a list"),
    ({"id": "v", "hp": 5, "supplies": -1}, "`supplies` cannot be negative"),
])
def test_ff_sheet_errors_name_the_field(sheet, key):
    """FF-1: a bad sheet is refused naming the field."""
    with pytest.raises(SheetError) as err:
        new_state(FF, {}, [sheet])
    assert key in str(err.value)


def test_ff1_edit_hp_rederives_wounded_and_keeps_story_end():
    """FF-1 / FF-2 / FF-3: HP changes only by an edit; Wounded follows; a Story End sticks."""
    state = new_state(FF, {}, [{"id": "v", "hp": 10, "damage": 12}])
    out = apply(state, {"type": "edit_character", "target": "v", "changes": {"hp": 12}})
    c = out.state["characters"]["v"]
    assert c["hp"] == 12 and c["wounded"] is False
    assert any("hp 10 → 12" in e.text for e in out.events)
    out = apply(out.state, {"type": "edit_character", "target": "v", "changes": {"hp": 5}})
    assert out.state["characters"]["v"]["story_ended"] is True
    out = apply(out.state, {"type": "edit_character", "target": "v", "changes": {"hp": 50}})
    assert out.state["characters"]["v"]["story_ended"] is True


def test_ff6_edit_block_bonus_updates_block():
    """FF-6: editing Might or the armor's Block Bonus changes the Block printed."""
    state = new_state(FF, {}, [{"id": "v", "hp": 10, "might": 1}])
    out = apply(state, {"type": "edit_character", "target": "v",
                        "changes": {"block_bonus": 3, "vulnerable": ["cold"]}})
    c = out.state["characters"]["v"]
    assert c["block"] == 4 and c["vulnerable"] == ["cold"]


def test_ff_edit_refuses_unknown_and_state_fields():
    """FF-1: only sheet fields can be edited; damage is changed by actions."""
    state = new_state(FF, {}, [{"id": "v", "hp": 10}])
    out = apply(state, {"type": "edit_character", "target": "v", "changes": {"damage": 3}})
    assert not out.ok and "field damage;" in out.error and out.state is state


def test_ff4_changing_kind_to_object_swaps_status_keys():
    """FF-4: a character made an object shows Broken/Destroyed instead of Wounded/Story Ends."""
    state = new_state(FF, {}, [{"id": "v", "hp": 5, "damage": 6}])
    out = apply(state, {"type": "edit_character", "target": "v", "changes": {"kind": "object"}})
    c = out.state["characters"]["v"]
    assert c["broken"] is True and c["destroyed"] is False
    assert "wounded" not in c and "story_ended" not in c


def test_ff_add_and_remove_character():
    """Desk actions: add a sheet, then remove it; a bad sheet is refused."""
    state = new_state(FF, {}, [])
    out = apply(state, {"type": "add_character",
                        "character": {"id": "g", "name": "Gate", "kind": "object", "hp": 4}})
    assert out.ok and out.state["characters"]["g"]["hp"] == 4
    bad = apply(out.state, {"type": "add_character", "character": {"id": "x", "hp": "ten"}})
    assert not bad.ok and "`hp` must be a whole number" in bad.error
    gone = apply(out.state, {"type": "remove_character", "target": "g"})
    assert gone.ok and gone.state["characters"] == {}


def test_ff_settings_are_checked():
    """FF-6 / FF-8 / FF-11 settings: defaults filled in; bad values rejected."""
    state = new_state(FF)
    assert state["settings"] == {"block_compare": "rating", "immunity_additional": "immune_parts",
                                 "medicine_failure_spends": True,
                                 "wounded_attackers": "expend_momentum", "encounter": None}
    with pytest.raises(SheetError) as err:
        new_state(FF, {"block_compare": "armor"})
    assert "block_compare" in str(err.value)


def test_ff4_new_object_has_object_keys_at_once():
    """FF-4: a new object sheet with Damage 6 > HP 5 is Broken before any action."""
    state = new_state(FF, {}, [{"id": "door", "kind": "object", "hp": 5, "damage": 6}])
    c = state["characters"]["door"]
    assert c.get("broken") is True and "wounded" not in c
