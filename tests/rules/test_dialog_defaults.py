"""What the moves' dialogs ask the rules for: whose death state tending may change
(ST-15) and the Resolve a Short Rest is worth (LA-12, LA-13). The dialogs' fields follow
these answers, and the rules apply the same ones."""

import pytest

from harmdesk.rules.death_rulings import hp_bounds, strain_top
from harmdesk.rules.engine import apply, new_state
from harmdesk.rules.lux_aeterna.healing import resolve_worth_spending
from harmdesk.rules.stonetop.healing import tending_settles_death


def stonetop(death, hp):
    sheet = {"id": "garet", "name": "Garet", "max_hp": 8, "hp": hp, "death": death}
    return new_state("stonetop", {}, [sheet])


@pytest.mark.parametrize("death,hp,settles", [
    ("dying", 0, True), ("out_of_action", 0, True), ("none", 4, False)])
def test_st15_tending_settles_the_death_of_the_dying_and_the_out_of_action_only(death, hp,
                                                                               settles):
    state = stonetop(death, hp)
    assert tending_settles_death(state["characters"]["garet"]) is settles
    out = apply(state, {"type": "tend", "target": "garet", "death": "out_of_action"})
    assert out.ok is settles  # the rules take a change of state exactly where it is offered


@pytest.mark.parametrize("hp,dice,worth", [(20, 2, 0), (8, 2, 1), (8, 0, 0)])
def test_la12_la13_a_short_rest_is_worth_one_resolve_die_below_full_hp(hp, dice, worth):
    roche = {"id": "roche", "name": "Roche", "max_hp": 20, "hp": hp, "resolve_dice": dice,
             "resolve_die": "d8"}
    state = new_state("lux_aeterna", {}, [roche])
    assert resolve_worth_spending(state["characters"]["roche"]) == worth


def test_st6_st7_la4_a_ruling_sets_hp_every_sheet_holds_and_proposes_the_first_ones():
    garet = {"max_hp": 8, "hp": 3}
    bear = {"max_hp": 20, "hp": 15}
    assert hp_bounds([garet, bear], 0) == (0, 8, 3)
    assert hp_bounds([bear, garet], 0) == (0, 8, 8)  # 15 HP is more than Garet can hold
    assert hp_bounds([{"max_hp": 8, "hp": -4}], 1) == (1, 8, 1)  # brought back: at least 1
    assert hp_bounds([], 0) == (0, 1, 0)


def test_la4_a_ruling_sets_strain_every_sheet_holds():
    assert strain_top([{"max_strain": 4}, {"max_strain": 3}]) == 3
    assert strain_top([]) == 3
