"""The `template` mark on a copy's sheet (`engine.TEMPLATE_MARK`): the template's id and
name, its HP as written and the faces rolled for this copy. The engine keeps exactly
that, refuses anything else, and never lets an edit change it."""

import pytest

from harmdesk import rules
from harmdesk.rules.engine import TEMPLATE_MARK

COPY = {"id": "coedwig_1", "name": "Coedwig 1", "kind": "monster", "max_hp": 9, "armor": 0,
        "attack": {"dice": "d6", "piercing": 1}}



def add(mark, system="stonetop", **sheet):
    state = rules.new_state(system, None, [])
    return rules.apply(state, {"type": "add_character",
                               "character": {**COPY, **sheet, "template": mark}})


def test_the_mark_holds_the_id_name_hp_as_written_and_faces():
    assert TEMPLATE_MARK == ("id", "name", "hp", "faces")
    mark = {"id": 4, "name": "Coedwig", "hp": "2d6+2", "faces": [2, 5]}
    outcome = add(mark)
    assert outcome.ok, outcome.error
    assert outcome.state["characters"]["coedwig_1"]["template"] == mark
    assert outcome.state["characters"]["coedwig_1"]["max_hp"] == 9


def test_a_mark_without_id_or_faces_keeps_only_what_it_gives():
    outcome = add({"name": "Coedwig", "hp": "3"})
    assert outcome.state["characters"]["coedwig_1"]["template"] == {"name": "Coedwig",
                                                                      "hp": "3"}
    # empty faces are not written: a fixed or average HP rolled nothing
    outcome = add({"name": "Coedwig", "faces": []})
    assert outcome.state["characters"]["coedwig_1"]["template"] == {"name": "Coedwig"}


def test_a_sheet_without_a_mark_is_no_copy():
    state = rules.new_state("stonetop", None, [])
    outcome = rules.apply(state, {"type": "add_character", "character": COPY})
    assert outcome.ok and "template" not in outcome.state["characters"]["coedwig_1"]


@pytest.mark.parametrize("mark, words", [
    ("Coedwig", "`template` must be an object"),
    ({"name": "Coedwig", "colour": "red"}, "colour"),
    ({"id": 4}, "name"),
    ({"name": "Coedwig", "id": 0}, "id"),
    ({"name": "Coedwig", "id": True}, "id"),
    ({"name": "Coedwig", "faces": [0]}, "`template.faces` must be the faces rolled"),
    ({"name": "Coedwig", "faces": [1001]}, "`template.faces` must be the faces rolled"),
    ({"name": "Coedwig", "faces": [True]}, "`template.faces` must be the faces rolled"),
    ({"name": "Coedwig", "faces": [1] * 101}, "`template.faces` must be the faces rolled"),
    ({"name": "Coedwig", "faces": "2,5"}, "faces"),
    ({"name": "Coedwig", "hp": 9}, "hp"),
])
def test_a_bad_mark_is_refused_naming_the_field(mark, words):
    outcome = add(mark)
    assert not outcome.ok
    assert words in outcome.error


def test_an_edit_cannot_change_the_mark_but_changes_the_rest():
    state = add({"id": 4, "name": "Coedwig", "hp": "3"}).state
    refused = rules.apply(state, {"type": "edit_character", "target": "coedwig_1",
                                  "changes": {"template": {"name": "Hagr"}}})
    assert not refused.ok
    assert "the template a copy was added from cannot be changed" in refused.error
    renamed = rules.apply(state, {"type": "edit_character", "target": "coedwig_1",
                                  "changes": {"name": "Thorny"}})
    assert renamed.ok
    char = renamed.state["characters"]["coedwig_1"]
    assert char["name"] == "Thorny" and char["template"] == {"id": 4, "name": "Coedwig",
                                                             "hp": "3"}


@pytest.mark.parametrize("system, sheet", [
    ("lux_aeterna", {"max_hp": 20, "level": 8, "endurance": 5, "attack": {"dice": "d8"}}),
    ("freedom_fantasies", {"hp": 10, "might": 2, "block_bonus": 1,
                           "attack": {"dice": "d8"}}),
])
def test_every_game_keeps_the_mark(system, sheet):
    base = {"id": "w_1", "name": "W 1", "kind": "monster", **sheet}
    state = rules.new_state(system, None, [])
    outcome = rules.apply(state, {"type": "add_character",
                                  "character": {**base, "template": {"name": "W",
                                                                     "faces": [3]}}})
    assert outcome.ok, outcome.error
    assert outcome.state["characters"]["w_1"]["template"] == {"name": "W", "faces": [3]}


def test_damage_leaves_the_mark_as_it_was():
    """ST-3: 5 damage, 1 piercing, armor 0 → lose 5; the mark is untouched."""
    state = add({"id": 4, "name": "Coedwig", "hp": "2d6+2", "faces": [2, 5]}).state
    hit = rules.apply(state, {"type": "damage", "target": "coedwig_1", "amount": 5,
                              "piercing": 1})
    char = hit.state["characters"]["coedwig_1"]
    assert char["hp"] == 4
    assert char["template"] == {"id": 4, "name": "Coedwig", "hp": "2d6+2", "faces": [2, 5]}
