"""The least, the most and the average a dice expression totals: what a template's HP
shows ("HP 2d6+2 (4–14, average 9)") and what copies take "as the average"."""

import itertools

import pytest
from hypothesis import given, settings, strategies as st

from harmdesk.rules import dice
from harmdesk.rules.core import Refused


@pytest.mark.parametrize("expr, low, high, mean", [
    ("3", 3, 3, 3),
    ("0", 0, 0, 0),
    ("d6", 1, 6, 3),
    ("2d6+2", 4, 14, 9),
    ("d8+3", 4, 11, 7),         # the birdwraig's damage (ST-2's example)
    ("d10+3", 4, 13, 8),        # the hagr's (ST-1)
    ("2d6+d4", 3, 16, 9),
    ("10-3", 7, 7, 7),
    ("2d8kh1", 1, 8, 5),        # kept dice: counted face by face (ST-13)
    ("2d8kl1", 1, 8, 3),
])
def test_bounds_and_average_of_the_dice_the_games_write(expr, low, high, mean):
    assert dice.bounds(expr) == (low, high)
    assert dice.average(expr) == mean


def test_a_total_below_zero_counts_as_zero_at_both_ends():
    # d4-3 totals -2 … 1: its least is 0, as a rolled total below 0 counts as 0
    assert dice.bounds("d4-3") == (0, 1)
    assert dice.average("d4-3") == 0
    assert dice.bounds("2d6-20") == (0, 0)
    assert dice.total("d4-3", [1]).total == 0


def test_kept_dice_average_is_not_the_midpoint():
    """2d8kh1 is weighted towards the top: its mean of 5.8125 rounds down to 5, while the
    midpoint of 1 and 8 would give 4."""
    totals = [max(a, b) for a, b in itertools.product(range(1, 9), repeat=2)]
    assert sum(totals) / len(totals) == 5.8125
    assert dice.average("2d8kh1") == 5 != (1 + 8) // 2


@pytest.mark.parametrize("expr, words", [
    ("d7+", "d7+ is not a dice expression: something is missing after +"),
    ("2d", "2d is not a dice expression: a die needs its number of sides, such as d6"),
    ("xyz", "xyz is not a dice expression: \u201cxyz\u201d is not part of a dice expression"),
    ("3d6*2", "the dice operator \u201c*\u201d (multiplication) is not used by the games"),
    ("d0", "d0 is not a die HarmDesk can use"),
    ("101d6", "more than 100 dice"),
])
def test_malformed_dice_are_refused_in_plain_words(expr, words):
    for measure in (dice.bounds, dice.average):
        with pytest.raises(Refused) as refused:
            measure(expr)
        assert words in refused.value.reason
        assert "DICE_VALUE" not in refused.value.reason  # never the parser's token names


def test_an_empty_expression_is_refused():
    with pytest.raises(Refused, match="dice expression such as d8"):
        dice.bounds("")


def test_the_average_of_dice_that_can_total_below_zero_is_the_mean_of_their_totals():
    totals = [max(0, f - 4) for f in range(1, 7)]
    assert dice.average("d6-4") == sum(totals) // len(totals) == 0


def test_dice_taken_away_count_from_their_other_end():
    assert dice.total("d6-d4", [6, 1]).total == 5
    assert dice.bounds("d6-d4") == (0, 5)


# properties -------------------------------------------------------------------------------

SIZES = st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20])


@st.composite
def expressions(draw):
    """NdM terms added up, and a whole number added or taken away: HP as a template
    writes it (2d6+2, d4-3)."""
    text = "+".join(f"{draw(st.integers(1, 3))}d{draw(SIZES)}"
                    for _ in range(draw(st.integers(1, 3))))
    bonus = draw(st.integers(-12, 12))
    if bonus:
        text += f"{bonus:+d}"
    return text


@settings(max_examples=150, deadline=None)
@given(expressions())
def test_the_average_lies_between_the_least_and_the_most(expr):
    low, high = dice.bounds(expr)
    assert 0 <= low <= dice.average(expr) <= high


@settings(max_examples=150, deadline=None)
@given(expressions(), st.randoms(use_true_random=False))
def test_every_rolled_total_lies_within_the_bounds(expr, rng):
    low, high = dice.bounds(expr)
    faces = [rng.randint(1, size) for size in dice.sides(expr)]
    assert low <= dice.total(expr, faces).total <= high


@settings(max_examples=100, deadline=None)
@given(st.lists(SIZES, min_size=1, max_size=3), st.integers(0, 12))
def test_the_bounds_are_reached_by_the_lowest_and_highest_faces(sizes, bonus):
    expr = "+".join(f"d{s}" for s in sizes) + (f"+{bonus}" if bonus else "")
    assert dice.bounds(expr) == (len(sizes) + bonus, sum(sizes) + bonus)
    assert dice.average(expr) == (len(sizes) + sum(sizes) + 2 * bonus) // 2
