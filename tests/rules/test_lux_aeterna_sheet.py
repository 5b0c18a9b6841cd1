"""Lux Aeterna: character sheets, initial state and sheet edits
(RULES.md §3.1, LA-3, LA-6, LA-12; DESIGN desk actions)."""


import pytest

from harmdesk.rules.core import SheetError

from .kit import desk_of, refused, run

LA = "lux_aeterna"
desk = desk_of(LA)


def test_la_sheet_defaults():
    """§3.1 / DESIGN: hp = max_hp, max_strain 3, save 0, d6 Resolve, 0 dice, conscious."""
    c = desk({"id": "a", "max_hp": 12})["characters"]["a"]
    assert {k: c[k] for k in ("hp", "max_hp", "endurance", "conscious", "wounded", "stabilized",
                              "strain", "max_strain", "dead", "traumas", "trauma_bumps",
                              "conditions", "resolve_die", "resolve_dice",
                              "physical_vulnerability", "save_score")} == {
        "hp": 12, "max_hp": 12, "endurance": 0, "conscious": True, "wounded": False,
        "stabilized": False, "strain": 0, "max_strain": 3, "dead": False, "traumas": [],
        "trauma_bumps": 0, "conditions": [], "resolve_die": "d6", "resolve_dice": 0,
        "physical_vulnerability": 0, "save_score": 0}


def test_la3_initial_state_negative_hp_is_unconscious():
    """LA-3: a sheet starting at −2 HP is unconscious."""
    c = desk({"id": "a", "max_hp": 12, "hp": -2})["characters"]["a"]
    assert c["conscious"] is False


@pytest.mark.parametrize("sheet,word", [
    ({"id": "a", "max_hp": 5, "armour": 1}, "armour"),
    ({"id": "a"}, "max_hp"),
    ({"id": "a", "max_hp": 5, "resolve_die": "d7"}, "resolve_die"),
    ({"id": "a", "max_hp": 5, "hp": 6}, "hp"),
    ({"id": "a", "max_hp": 5, "wounded": True}, "wounded"),
    ({"id": "a", "max_hp": 5, "hp": 0, "stabilized": True}, "stabilized"),
    ({"id": "a", "max_hp": 5, "strain": 4}, "strain"),
    ({"id": "a", "max_hp": 5, "traumas": [21]}, "traumas"),
    ({"id": "a", "max_hp": 5, "kind": "object"}, "kind"),
])
def test_la_sheet_refusals_name_the_field(sheet, word):
    """§3.1: bad or unknown sheet fields are refused naming the field."""
    with pytest.raises(SheetError) as err:
        desk(sheet)
    assert word in str(err.value)


def test_la10_initial_traumas_bring_their_effects():
    """LA-10: traumas on the sheet bring conditions, die steps and Infection."""
    c = desk({"id": "a", "max_hp": 9, "resolve_die": "d10",
              "traumas": [5, 6, 7, 19]})["characters"]["a"]
    assert (c["traumas"], c["resolve_die"], c["physical_vulnerability"]) == ([5, 6, 7], "d8", 1)
    assert [x["name"] for x in c["conditions"]] == ["staggered"]


def test_la_edit_lowering_max_hp_lowers_hp():
    """DESIGN: lowering a maximum below the current value lowers the current value."""
    s = desk({"id": "a", "name": "Ash", "max_hp": 12, "strain": 2, "resolve_dice": 3})
    out = run(s, type="edit_character", target="a",
              changes={"max_hp": 8, "max_strain": 1, "resolve_dice": 1})
    c = out.state["characters"]["a"]
    assert (c["hp"], c["max_hp"], c["strain"], c["resolve_dice"]) == (8, 8, 1, 1)
    assert "12 \u2192 8 HP" in " ".join(e.text for e in out.events)


def test_la_edit_resolve_die_keeps_open_wound_step():
    """LA-10 #6: editing the sheet's die keeps an Open Wound's step."""
    s = desk({"id": "a", "max_hp": 12, "traumas": [6]})
    c = run(s, type="edit_character", target="a",
            changes={"resolve_die": "d12"}).state["characters"]["a"]
    assert c["resolve_die"] == "d10"


def test_la_edit_refusals():
    """DESIGN: unknown or state fields cannot be edited; values are checked."""
    s = desk({"id": "a", "max_hp": 12})
    assert "hp cannot be edited" in refused(s, type="edit_character", target="a",
                                            changes={"hp": 3}).error
    assert "max_hp" in refused(s, type="edit_character", target="a",
                               changes={"max_hp": 0}).error


def test_la_add_and_remove_character():
    """DESIGN desk actions: add a character from a sheet, remove one."""
    s = desk({"id": "a", "max_hp": 12})
    s = run(s, type="add_character", character={"id": "b", "max_hp": 4, "kind": "monster"}).state
    assert s["characters"]["b"]["hp"] == 4 and s["characters"]["b"]["kind"] == "monster"
    s = run(s, type="remove_character", target="a").state
    assert list(s["characters"]) == ["b"]
    assert "unknown Lux Aeterna field" in refused(
        s, type="add_character", character={"id": "c", "max_hp": 4, "armor": 2}).error


def test_la_unknown_action_and_setting():
    """DESIGN: unknown actions are refused; an unknown setting is a SheetError."""
    s = desk({"id": "a", "max_hp": 12})
    assert "not a Lux Aeterna action" in refused(s, type="gang_damage", target="a").error
    with pytest.raises(SheetError):
        desk({"id": "a", "max_hp": 12}, piercing_stack="max")
    with pytest.raises(SheetError):
        desk({"id": "a", "max_hp": 12}, halve_rounding="sideways")


def test_la15_sheet_condition_with_unknown_field_is_refused():
    """LA-10/LA-15: a sheet cannot claim a condition comes from a Trauma; stray keys refused."""
    with pytest.raises(SheetError) as err:
        desk({"id": "a", "max_hp": 5, "conditions": [{"name": "dazed", "origin_level": 2,
                                                      "from_trauma": True}]})
    assert "from_trauma" in str(err.value)
