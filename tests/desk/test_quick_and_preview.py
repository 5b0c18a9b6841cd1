"""The quick-entry language, the chip payloads and the previews (pure, no Qt)."""

import pytest

from harmdesk import rules
from harmdesk.desk import chips, preview, quick

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


def test_quick_entry_takes_every_damage_type_name_the_rules_take():
    """FF-8: any snake_case name is a Damage Type, digits included; the quick entry and the
    rules read names with one pattern."""
    state = rules.new_state("freedom_fantasies", {}, [{"id": "v", "hp": 10,
                                                       "immune": ["fire2"]}])
    action = quick.parse("9 fire2", "freedom_fantasies")
    assert action == {"type": "damage", "amount": 9, "damage_type": "fire2"}
    outcome = rules.apply(state, {**action, "target": "v"})
    assert outcome.ok and outcome.state["characters"]["v"]["damage"] == 0  # immune to fire2
    assert quick.rules_name(" Cold Iron 2 ") == "cold_iron_2" and quick.is_rules_name("cold_iron_2")
    assert not quick.is_rules_name("2fire") and not quick.is_rules_name("fire!")


@pytest.mark.parametrize("text, system, words", [
    ("", "stonetop", "type an amount"),
    ("d8+", "stonetop", "d8\\+ is not a dice expression: something is missing after \\+$"),
    ("zz", "freedom_fantasies", "zz is neither a number nor dice: try 7, d8\\+3 or 9 direct"),
    ("7 !!", "lux_aeterna", "!! is not understood here"),
    ("7 fire", "stonetop", "is not a Stonetop rule"),
    ("lose 2", "freedom_fantasies", "is Stonetop's; in Freedom Fantasies type the damage"),
    ("heal", "stonetop", "one amount"),
])
def test_quick_entry_explains_bad_input(text, system, words):
    with pytest.raises(quick.QuickEntryError, match=words):
        quick.parse(text, system)


@pytest.mark.parametrize("text, words", [
    ("-3", "-3 is negative: damage is 1 or more .for healing, type heal 3."),
    ("heal -3", "-3 is negative: healing is 1 or more"),
    ("0", "0 damage changes nothing"),
    ("heal 0", "0 healing changes nothing"),
    ("lose 0", "0 HP lost changes nothing"),
    ("3.5", "whole numbers"),
    ("2+3", "has no die in it"),
    ("d4-5", "can never come to more than 0 damage"),
    ("d6/0", "“/” \\(division\\) is not used by the games"),
    ("(d6", "a \\( is never closed"),
    ("3d", "a die needs its number of sides"),
])
def test_negative_zero_and_nonsense_amounts_are_refused_in_plain_words(text, words):
    with pytest.raises(quick.QuickEntryError, match=words) as refused:
        quick.parse(text, "stonetop")
    assert not any(name in str(refused.value) for name in ("U_OP", "LPAR", "INTEGER", "$END"))


@pytest.mark.parametrize("text, system, words", [
    ("7 nl", "freedom_fantasies", "nl .non-lethal. is not a Freedom Fantasies rule"),
    ("7 fire", "lux_aeterna", "fire .a Damage Type. is not a Lux Aeterna rule"),
    ("7 p1", "lux_aeterna", "is not a Lux Aeterna rule; after the amount Lux Aeterna reads nl$"),
    ("7 fire cold", "freedom_fantasies", "one damage type per entry"),
])
def test_another_games_words_are_refused_and_named(text, system, words):
    with pytest.raises(quick.QuickEntryError, match=words):
        quick.parse(text, system)


@pytest.mark.parametrize("system", ["stonetop", "lux_aeterna", "freedom_fantasies"])
def test_every_example_on_the_help_page_parses_in_its_game(system):
    for form in quick.forms(system):
        action = quick.parse(form.example, system)
        assert action["type"] in ("damage", "heal", "lose_hp")
    listed = " ".join(f.example for f in quick.forms(system))
    assert ("lose 3" in listed) == (system == "stonetop")
    assert ("p1" in listed) == (system == "stonetop")
    assert ("fire" in listed) == (system == "freedom_fantasies")


def test_the_hint_is_each_games_own():
    assert quick.hint("stonetop").startswith("7 p1 · d8+3")
    assert "p1" not in quick.hint("freedom_fantasies")
    assert "p1" not in quick.hint("lux_aeterna")
    for system in ("stonetop", "lux_aeterna", "freedom_fantasies"):
        first = quick.hint(system).split(" · ")[0]
        quick.parse(first, system)  # the hint itself is valid input


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


def test_an_attacks_preview_says_what_comes_with_the_dice_and_odds_only_with_odds(state):
    state = rules.apply(state, {"type": "edit_character", "target": "hagr",
                                "changes": {"attack": {"dice": "d10+3", "piercing": 1,
                                                       "tags": ["forceful"]}}}).state
    action = chips.action_for_drop(chips.attack_chip(["hagr"]), state, ["heavy"])
    result = preview.preview(state, action)
    # The Heavy (20 HP, armor 2 − 1) cannot fall: a range, and no odds to speak of
    assert result.lines["heavy"] == "20 → 8–17 HP"
    assert result.details["heavy"] == "not rolled yet: d10+3, 1 piercing, forceful"
    hurt = rules.apply(state, {"type": "damage", "target": "heavy", "amount": 13}).state
    result = preview.preview(hurt, {**action, "target": "heavy"})
    assert "Dying" in result.lines["heavy"]
    assert result.details["heavy"] == ("not rolled yet: d10+3, 1 piercing, forceful; "
                                       "the odds are exact")


def test_a_roll_the_rules_ask_for_is_named_without_its_rule_id(state):
    dying = rules.apply(state, {"type": "damage", "target": "heavy", "amount": 22}).state
    detail = preview.preview(dying, {"type": "deaths_door", "target": "heavy"}).details["heavy"]
    assert detail.startswith("not rolled yet: 2d6, Death's Door")
    assert "ST-" not in detail


def test_a_gang_ups_preview_names_its_tags_and_the_exact_odds(state):
    """ST-2: the Hagr (d10+3, forceful) and a Coedwig (d6, 1 piercing) roll one d10+4 with
    1 piercing and forceful. The Heavy at 13 HP, armor 2 − 1, takes 4–13: only a 10 drops
    him to 0, 1 in 10."""
    state = rules.apply(state, {"type": "add_character", "character": {
        "id": "coedwig", "name": "Coedwig", "kind": "monster", "max_hp": 3,
        "attack": {"dice": "d6", "piercing": 1}}}).state
    hurt = rules.apply(state, {"type": "damage", "target": "heavy", "amount": 9}).state
    gang = chips.action_for_drop(chips.attack_chip(["hagr", "coedwig"]), hurt, ["heavy"])
    result = preview.preview(hurt, gang)
    assert result.lines["heavy"] == "13 → 0–9 HP; 1 in 10: Dying — Death's Door"
    assert result.details["heavy"] == ("not rolled yet: d10+4, 1 piercing, forceful; "
                                       "the odds are exact")
    rows = chips.chip_preview(chips.attack_chip(["hagr", "coedwig"]), hurt, ["heavy"],
                              {"ignores_armor": True, "lethal": False})
    assert rows["heavy"][1] == ("not rolled yet: d10+4, 1 piercing, ignores armor, forceful, "
                                "non-lethal; the odds are exact")


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
