"""What the GM types into the character table becomes one action; bad text never does."""

import pytest

from harmdesk.desk.table_edits import EditError, cell_action, cell_text, editable

HEAVY = {"id": "heavy", "name": "The Heavy", "hp": 20, "armor": 2, "supplies": None}
SARA = {"id": "sara", "name": "Sara", "hp": -3, "endurance": 0, "resolve_dice": 2}


def test_each_game_corrects_its_own_columns():
    assert editable("stonetop") == ("bar", "guard", "buffer")
    assert editable("freedom_fantasies") == ("bar", "buffer")  # Block is derived (FF-6)
    assert cell_text("stonetop", "buffer", HEAVY) == ""  # supplies not tracked
    assert cell_text("lux_aeterna", "bar", SARA) == "-3"
    assert cell_text("freedom_fantasies", "guard", {"block": 3}) is None


def test_numbers_become_the_games_correction_actions():
    assert cell_action("stonetop", "bar", HEAVY, " 12 ") == {
        "type": "edit_character", "target": "heavy", "changes": {"hp": 12}}
    assert cell_action("stonetop", "buffer", HEAVY, "") == {
        "type": "edit_character", "target": "heavy", "changes": {"supplies": None}}
    assert cell_action("lux_aeterna", "bar", SARA, "\u22127") == {
        "type": "set_state", "target": "sara", "hp": -7}
    assert cell_action("freedom_fantasies", "buffer", {"id": "b", "name": "B"}, 4) == {
        "type": "set_state", "target": "b", "protection": 4}


@pytest.mark.parametrize("system,column,text", [
    ("stonetop", "bar", "twelve"), ("stonetop", "bar", ""), ("lux_aeterna", "buffer", "2.5"),
    ("stonetop", "guard", "2 3")])
def test_text_that_is_not_a_whole_number_is_refused_by_name(system, column, text):
    with pytest.raises(EditError, match="takes a whole number"):
        cell_action(system, column, {**HEAVY, **SARA}, text)


def test_a_number_longer_than_any_sheet_holds_is_refused_in_words():
    char = {"id": "caradoc", "name": "Caradoc", "hp": 5, "max_hp": 20}
    with pytest.raises(EditError, match="at most 9 digits, not one of 5,000"):
        cell_action("stonetop", "bar", char, "9" * 5000)
