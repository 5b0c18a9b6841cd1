"""The quick-entry language, the chip payloads and the previews (pure, no Qt)."""

import pytest

from harmdesk import chips, preview, quick, rules

PARTY = [{"id": "heavy", "name": "The Heavy", "max_hp": 20, "armor": 2},
         {"id": "caradoc", "name": "Caradoc", "max_hp": 16, "armor": 1},
         {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 16, "armor": 2,
          "attack": {"dice": "d10+3", "tags": ["forceful"]}}]


@pytest.fixture
def state():
    return rules.new_state("stonetop", {"prosperity": 2}, PARTY)


@pytest.mark.parametrize("text, system, action", [
    ("7", "stonetop", {"type": "damage", "amount": 7}),
    ("7 p1", "stonetop", {"type": "damage", "amount": 7, "piercing": 1}),
    ("7 px ia nl", "stonetop", {"type": "damage", "amount": 7, "piercing": "x",
                                "ignores_armor": True, "lethal": False}),
    ("d8+3", "stonetop", {"type": "damage", "dice": "d8+3"}),
    ("heal 4", "lux_aeterna", {"type": "heal", "amount": 4}),
    ("+3", "stonetop", {"type": "heal", "amount": 3}),
    ("h2d4", "stonetop", {"type": "heal", "dice": "2d4"}),
    ("lose 2", "stonetop", {"type": "lose_hp", "amount": 2}),
    ("9 fire direct", "freedom_fantasies", {"type": "damage", "amount": 9,
                                            "damage_type": "fire", "direct": True}),
])
def test_quick_entry_reads_like_the_table(text, system, action):
    assert quick.parse(text, system) == action


@pytest.mark.parametrize("text, system, words", [
    ("", "stonetop", "type an amount"),
    ("d8+", "stonetop", "neither a number nor dice"),
    ("7 p1", "lux_aeterna", "not understood"),
    ("7 fire", "stonetop", "not understood"),
    ("lose 2", "freedom_fantasies", "for Stonetop"),
    ("heal", "stonetop", "one amount"),
])
def test_quick_entry_explains_bad_input(text, system, words):
    with pytest.raises(quick.QuickEntryError, match=words):
        quick.parse(text, system)


def test_chip_round_trip_and_bad_payloads():
    chip = chips.action_chip("d8 broken bones", {"type": "damage", "dice": "d8"})
    assert chips.decode(chips.encode(chip)) == chip
    for bad in (None, b"", b"nope", b"[]", b'{"action": {"type": 3}}',
                b'{"attackers": []}', b'{"attackers": [1]}', b"x" * 70000,
                chips.encode({"label": "x", "action": {"type": "damage", "target": "a"}})):
        assert chips.decode(bad) is None


def test_a_dropped_attacker_deals_the_attack_on_its_sheet(state):
    action = chips.action_for_drop(chips.attack_chip(["hagr"]), state, ["heavy"])
    assert action == {"type": "damage", "target": "heavy", "dice": "d10+3",
                      "tags": ["forceful"], "source": "hagr"}
    with pytest.raises(chips.DropError, match="itself"):
        chips.action_for_drop(chips.attack_chip(["hagr"]), state, ["hagr"])
    with pytest.raises(chips.DropError, match="no attack"):
        chips.action_for_drop(chips.attack_chip(["heavy"]), state, ["caradoc"])


def test_preview_of_a_fixed_amount_shows_the_arithmetic(state):
    result = preview.preview(state, {"type": "damage", "target": "heavy", "amount": 5,
                                     "piercing": 1})
    assert result.ok and result.exact
    assert result.lines == {"heavy": "20/20 HP → 16/20 HP"}
    assert "armor 2 − 1 piercing = 1; 5 − 1 = 4 HP lost" in result.details["heavy"]
    assert state["characters"]["heavy"]["hp"] == 20  # nothing applied


def test_preview_of_unrolled_dice_is_exact(state):
    hurt = rules.apply(state, {"type": "damage", "target": "caradoc", "amount": 11}).state
    result = preview.preview(hurt, {"type": "damage", "target": "caradoc", "dice": "d10"})
    assert not result.exact
    # Caradoc has 6 HP and armor 1: faces 7-10 (4 in 10) take him to Death's Door
    assert result.lines["caradoc"] == "6 → 0–6 HP; 40%: Dying — Death's Door"
    assert "d10" in result.details["caradoc"]


def test_preview_of_a_refusal(state):
    result = preview.preview(state, {"type": "recover", "target": "heavy"})
    assert not result.ok and "full HP" in result.error


def test_odds_read_as_one_in_n_when_exact():
    from fractions import Fraction
    assert preview.odds(Fraction(1, 10)) == "1 in 10"
    assert preview.odds(Fraction(3, 10)) == "30%"
    assert preview.odds(Fraction(1)) == "certain"


def test_preview_names_supplies_and_endurance_that_change_beside_hp():
    """A payer's supplies (ST-9) and granted Endurance (LA-2) show on the preview line even
    when HP stays the same."""
    st = rules.new_state("stonetop", {}, [{"id": "heavy", "max_hp": 20, "hp": 11},
                                         {"id": "caradoc", "max_hp": 16, "supplies": 5}])
    result = preview.preview(st, {"type": "recover", "target": "heavy",
                                  "supplies_from": "caradoc"})
    assert result.lines["caradoc"] == "16/16 HP · Supplies 5 → 4"
    lux = rules.new_state("lux_aeterna", {}, [{"id": "sara", "max_hp": 20}])
    result = preview.preview(lux, {"type": "grant_endurance", "target": "sara", "amount": 3})
    assert result.lines["sara"] == "20/20 HP · Endurance 0 → 3"
