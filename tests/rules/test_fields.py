"""The field readers every game shares: one refusal for unknown fields, one name pattern,
one way to print a signed number."""

import pytest

from harmdesk.rules.core import Refused, signed
from harmdesk.rules.engine import apply, new_state
from harmdesk.rules.fields import ACTION_KEYS, SNAKE, refuse_unknown


def test_refuse_unknown_names_every_stray_key_and_lists_the_known():
    with pytest.raises(Refused) as err:
        refuse_unknown({"hp": 1, "armour": 2, "bonus": 3}, ("hp", "armor"), "Stonetop sheet")
    assert err.value.reason == ("unknown Stonetop sheet fields armour, bonus; known: hp, armor; "
                                "did you mean armor?")
    refuse_unknown({"type": "set_state", "target": "a", "hp": 1}, ("hp",), "set_state",
                   also=ACTION_KEYS)  # type and target are every action's, so never stray


@pytest.mark.parametrize("system, sheet, words", [
    ("stonetop", {"id": "a", "max_hp": 5, "armour": 1}, "unknown Stonetop sheet field armour"),
    ("lux_aeterna", {"id": "a", "max_hp": 5, "armor": 1}, "unknown Lux Aeterna field armor"),
    ("freedom_fantasies", {"id": "a", "hp": 5, "armor": 1},
     "unknown Freedom Fantasies sheet field armor"),
])
def test_every_game_refuses_an_unknown_sheet_field_in_the_same_words(system, sheet, words):
    """DESIGN desk actions: a typo in a sheet is refused by name, in the same words in every
    game."""
    state = new_state(system, {}, [])
    out = apply(state, {"type": "add_character", "character": sheet})
    assert not out.ok and out.error.startswith(words + "; known: ")


@pytest.mark.parametrize("system, action, words", [
    ("lux_aeterna", {"type": "set_state", "target": "a", "wounded": True},
     "unknown set_state field wounded; known: hp, "),
    ("freedom_fantasies", {"type": "set_state", "target": "a", "hp": 3},
     "unknown set_state field hp; known: damage, "),
])
def test_gm_corrections_refuse_unknown_fields_by_name(system, action, words):
    """DESIGN GM corrections: `set_state` sets only the values it knows; a stray one is named."""
    sheet = {"id": "a", "max_hp": 5} if system == "lux_aeterna" else {"id": "a", "hp": 5}
    out = apply(new_state(system, {}, [sheet]), action)
    assert not out.ok and out.error.startswith(words)


def test_one_name_pattern_takes_digits_but_not_a_leading_one():
    assert all(SNAKE.match(n) for n in ("fire", "cold_iron", "fire2"))
    assert not any(SNAKE.match(n) for n in ("2fire", "Fire", "fire!", "cold iron", "_x"))


def test_signed_prints_the_rules_minus_sign():
    assert (signed(-3), signed(0), signed(4)) == ("\u22123", "0", "4")
