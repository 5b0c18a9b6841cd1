"""`dice.check` knows a plain NdM+K without loading d20, and must answer as `parse` does
for every expression, plain or not: a sheet's attack refused by one and kept by the
other would replay differently from how it was made."""

import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from harmdesk.rules import dice
from harmdesk.rules.core import Refused


def answer(fn, expr):
    try:
        fn(expr)
    except Refused as err:
        return ("refused", err.reason)
    return ("read", None)


pieces = st.sampled_from(["d", "0", "1", "2", "6", "9", "10", "00", "100", "1000", "1001",
                          "9999", "10000", "+", "-", " ", "kh1", "x", "%", "("])


@settings(max_examples=400)
@given(st.lists(pieces, min_size=1, max_size=7).map("".join))
def test_check_answers_as_parse_does(expr):
    assert answer(dice.check, expr) == answer(dice.parse, expr)


@pytest.mark.parametrize("expr", ["d10+3", "d6", "2d8-1", "99d1000+9999", "d2-0"])
def test_plain_dice_are_read(expr):
    assert answer(dice.check, expr) == ("read", None) == answer(dice.parse, expr)


@pytest.mark.parametrize("expr", ["d1", "d1001", "d6+10000", "0d6", "d06", "d6+01", "", " "])
def test_what_is_not_plain_goes_to_parse(expr):
    assert answer(dice.check, expr) == answer(dice.parse, expr)


def test_a_plain_attack_is_checked_without_loading_d20():
    code = ("import sys; from harmdesk.rules import dice; dice.check('d10+3'); "
            "dice.check('2d6-1'); print('d20' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"
