"""Dice expressions read with d20 and totalled from given faces (DESIGN: Dice)."""

import random

import pytest

from harmdesk.desk import rolling
from harmdesk.rules import dice
from harmdesk.rules.core import Refused


def test_total_adds_faces_and_bonus_like_the_hagr():
    """ST-1: a prepared danger uses its own stats, e.g. the hagr's d10+3."""
    result = dice.total("d10+3", [7])
    assert result.total == 10
    assert "7" in result.text and "10" in result.text


def test_keep_highest_is_evaluated_by_the_library():
    """ST-13: damage with advantage rolls the main die twice and keeps the higher."""
    assert dice.total("2d8kh1+1", [3, 7]).total == 8
    assert dice.total("2d8kl1+1", [3, 7]).total == 4


def test_faces_are_read_in_order_of_the_dice():
    assert dice.sides("2d6+d4") == [6, 6, 4]
    assert dice.total("2d6+d4", [6, 5, 1]).total == 12


@pytest.mark.parametrize("expr, rolls, reason", [
    ("d8", [9], "cannot show 9"),
    ("d8", [0], "cannot show 0"),
    ("d8", [1, 2], "needs 1 face"),
    ("2d6", [3], "needs 2 faces"),
    ("d8", ["3"], "whole numbers"),
    ("d8", [True], "whole numbers"),
    ("d8+", [1], "d8\\+ is not a dice expression: something is missing after"),
    ("d6/0", [3], "operator “/” \\(division\\)"),
    ("4d6rr1", [1, 1, 1, 1], "re-rolling"),
    ("1d%", [10], "not a die"),
    ("101d6", [1] * 101, "more than"),
])
def test_faces_that_do_not_fit_are_refused(expr, rolls, reason):
    with pytest.raises(Refused, match=reason):
        dice.total(expr, rolls)


def test_negative_totals_count_as_zero():
    result = dice.total("d4-3", [1])
    assert result.total == 0
    assert "counted as 0" in result.text


def test_attack_dice_reads_the_largest_die_and_the_bonus():
    """ST-2 needs each attacker's largest die and flat bonus."""
    def die_and_bonus(expr):
        read = dice.attack_dice(expr)
        return read.size, read.bonus
    assert die_and_bonus("d8+3") == (8, 3)
    assert die_and_bonus("d6") == (6, 0)
    assert die_and_bonus("2d10-1") == (10, -1)
    with pytest.raises(Refused):
        die_and_bonus("7")


def test_amount_of_prefers_amount_and_refuses_negatives():
    assert dice.amount_of({"amount": 5})[0] == 5
    assert dice.amount_of({"dice": "d6+1", "rolls": [4]})[0] == 5
    with pytest.raises(Refused, match="negative"):
        dice.amount_of({"amount": -1})
    with pytest.raises(Refused) as missing:
        dice.amount_of({"dice": "d6"})
    assert missing.value.needs[0]["key"] == "rolls"


def test_rolling_uses_the_injected_source_and_fits_the_expression():
    first = rolling.roll_faces("3d6+d4", random.Random(7))
    again = rolling.roll_faces("3d6+d4", random.Random(7))
    assert first == again
    assert len(first) == 4 and all(1 <= f <= 6 for f in first[:3]) and 1 <= first[3] <= 4
    faces = rolling.roll_faces("2d6+1", random.Random(1))
    assert rolling.value_for({"key": "rolls", "dice": "2d6+1"}, faces) == faces
    assert rolling.value_for({"key": "roll", "dice": "2d6+1"}, faces) == sum(faces) + 1


@pytest.mark.parametrize("junk", [[], {}, 3, None, "", "   "])
def test_a_dice_field_of_the_wrong_type_is_refused(junk):
    with pytest.raises(Refused, match="dice expression"):
        dice.total(junk, [1])


@pytest.mark.parametrize("expr, named", [
    ("1d6/0", "“/” (division)"), ("1d6//0", "“//” (division)"), ("1d6%0", "“%” (a remainder)"),
    ("d6>3", "“>” (a comparison)"), ("1d6mi10", "“mi” (a minimum)"), ("2*d6", "“*”"),
    ("4d6p1", "“p” (dropping dice)"), ("d6k3", "“k” (keeping dice by value)"),
    ("(d6,d8)kh1", "sets of dice"), ("1.5+d6", "1.5 is not a whole number"),
])
def test_dice_operators_the_games_have_no_use_for_are_refused_by_name(expr, named):
    """DESIGN Dice: NdM, + and −, kh/kl and whole numbers; `1d6/0` was an uncaught
    RollValueError and `d6>3` or `1d6mi10` gave nonsense totals."""
    with pytest.raises(Refused) as err:
        dice.sides(expr)
    assert err.value.reason.startswith(expr) and named in err.value.reason


def test_the_dice_the_games_write_still_read():
    """ST-13: keep highest or lowest; a unary minus and parentheses are plain arithmetic."""
    assert dice.total("2d8kh1", [2, 6]).total == 6
    assert dice.total("-d4+(3)", [1]).total == 2
    assert dice.total("2d6+d4-1", [6, 5, 1]).total == 11
