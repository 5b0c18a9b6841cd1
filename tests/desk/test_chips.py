"""chips.with_modifiers: the tray's toggles join every damage action in one place."""

from harmdesk.desk import chips
from harmdesk.rules.engine import apply, new_state

STATE = new_state("stonetop", {"prosperity": 2}, [
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 3},
    {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 16,
     "attack": {"dice": "d10+3", "tags": ["forceful"]}},
    {"id": "coedwig", "name": "Coedwig", "kind": "monster", "max_hp": 3,
     "attack": {"dice": "d6", "piercing": 1}},
])


def test_piercing_fills_an_empty_slot_or_is_added_to_the_attacks_own():
    mods = {"piercing": "x", "lethal": False}
    plain = chips.with_modifiers({"type": "damage", "dice": "d8"}, mods)
    assert plain == {"type": "damage", "dice": "d8", "piercing": "x", "lethal": False}
    coedwig = chips.action_for_drop(chips.attack_chip(["coedwig"]), STATE, ["heavy"], mods)
    assert coedwig["piercing"] == 1 and coedwig["added_piercing"] == "x"
    # ST-2 (b), ST-4: 1 and x = Prosperity 2 take the larger; armor 3 − 2 = 1; 4 − 1 = 3 lost
    assert apply(STATE, {**coedwig, "rolls": [4]}).state["characters"]["heavy"]["hp"] == 17


def test_the_gang_takes_the_toggles_for_its_one_instance_of_damage():
    gang = chips.action_for_drop(chips.attack_chip(["hagr", "coedwig"]), STATE, ["heavy"],
                                 {"piercing": 2, "ignores_armor": True, "lethal": False})
    assert gang["type"] == "gang_damage" and gang["added_piercing"] == 2
    assert gang["ignores_armor"] is True and gang["lethal"] is False
    assert chips.tag_words(gang, STATE) == ["forceful", "1 piercing", "2 piercing added",
                                            "ignores armor", "non-lethal"]


def test_an_attacks_own_damage_type_wins_and_additional_damage_adds_up():
    mods = {"damage_type": "fire", "direct": True, "additional": [{"amount": 2}]}
    club = {"type": "damage", "dice": "d10", "damage_type": "bludgeoning",
            "additional": [{"amount": 1, "damage_type": "cold"}]}
    merged = chips.with_modifiers(club, mods)
    assert merged["damage_type"] == "bludgeoning" and merged["direct"] is True
    assert merged["additional"] == [{"amount": 1, "damage_type": "cold"}, {"amount": 2}]
    assert chips.with_modifiers({"type": "damage", "amount": 3}, mods)["damage_type"] == "fire"


def test_healing_moves_and_conditions_take_no_toggles():
    mods = {"lethal": False, "piercing": 1}
    heal = chips.action_chip("Heal 1d6", {"type": "heal", "dice": "d6"})
    assert not chips.takes_modifiers(heal)
    assert chips.action_for_drop(heal, STATE, ["heavy"], mods) == {
        "type": "heal", "dice": "d6", "target": "heavy"}
    assert chips.takes_modifiers(chips.attack_chip(["hagr"]))


def test_the_preview_names_the_toggles_the_rules_text_does_not():
    chip = chips.action_chip("5", {"type": "damage", "amount": 5})
    rows = chips.chip_preview(chip, STATE, ["heavy"], {"ignores_armor": True, "lethal": False})
    line, detail, ok = rows["heavy"]
    assert ok and line == "20/20 HP → 15/20 HP"
    assert "ignores armor; 5 HP lost" in detail and "non-lethal" in detail
    assert detail.count("ignores armor") == 1  # said once, by the rules
    odds = chips.chip_preview(chips.action_chip("d8", {"type": "damage", "dice": "d8"}), STATE,
                              ["heavy"], {"lethal": False})
    assert odds["heavy"][1].startswith("not rolled yet: d8, non-lethal")
