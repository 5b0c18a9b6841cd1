"""Copies of creature templates, planned on a desk in memory (`desk.library`): the
starters, the count's range, HP fixed, rolled or averaged, numbering, the hidden mark,
the 0 HP question, and one more copy. No store, no Qt."""

import pytest

from harmdesk import rules
from harmdesk.desk import library as lib
from harmdesk.desk.explain import gang_summary
from harmdesk.desk.library import CopiesRequest, plan_copies, read_template
from harmdesk.errors import UserError
from harmdesk.profiles import profile_for
from harmdesk.rules.engine import players_see

COEDWIG = {"name": "Coedwig", "kind": "monster", "hp": "3", "sheet": {"armor": 0},
           "attack": {"dice": "d6", "piercing": 1}, "count": 6, "notes": "Thorn-spirits."}
BIRDWRAIG = {"name": "Birdwraig", "kind": "monster", "hp": "2d6+2", "sheet": {"armor": 1},
             "attack": {"dice": "d8+3", "tags": ["forceful"]}}
ST = profile_for("stonetop")


def stonetop(*chars):
    return rules.new_state("stonetop", {"prosperity": 1}, list(chars))


def template(data=COEDWIG, system="stonetop", tid=None):
    found = read_template(system, data)
    return found if tid is None else lib.replace(found, id=tid)


def added(state, copies):
    assert copies.problem is None, copies.problem
    for action in copies.actions:
        outcome = rules.apply(state, action)
        assert outcome.ok, outcome.error
        state = outcome.state
    return state


def names(state):
    return [c["name"] for c in state["characters"].values()]


# the starters ------------------------------------------------------------------------------
def test_the_stonetop_starters_give_the_seeds_damage_and_leave_hp_and_armor_blank():
    """ST-1 (the hagr's d10+3) and ST-2's example (coedwig d6, 1 piercing; the birdwraig
    d8+3, forceful): what the seeds give, each quoting its source; the rest is blank."""
    found = {t.name: t for t in lib.starters("stonetop")}
    assert list(found) == ["Hagr", "Coedwig", "Birdwraig"]
    assert found["Hagr"].attack == {"dice": "d10+3"}
    assert found["Coedwig"].attack == {"dice": "d6", "piercing": 1}
    assert found["Coedwig"].count == 6
    assert found["Birdwraig"].attack == {"dice": "d8+3", "tags": ["forceful"]}
    assert "1d10+3" in found["Hagr"].source and "seed 000" in found["Hagr"].source
    assert "six coedwig" in found["Coedwig"].source
    assert "forceful" in found["Birdwraig"].source
    for starter in found.values():
        assert starter.kind == "monster" and starter.hp is None and starter.sheet == {}
        assert starter.missing() == ["HP", "Armor"]
        assert starter.missing_keys() == ["hp", "armor"]
    assert lib.attack_words(found["Coedwig"].attack) == "d6, 1 piercing"
    assert lib.attack_words(found["Birdwraig"].attack) == "d8+3, forceful"


def test_the_ice_wraith_starter_is_level_8_with_hp_and_endurance_to_fill_in():
    """LA-14: the ice wraith is Level 8 (Save Difficulty 8); LA-2's Endurance is blank."""
    (wraith,) = lib.starters("lux_aeterna")
    assert (wraith.name, wraith.sheet, wraith.hp) == ("Ice wraith", {"level": 8}, None)
    assert "Level 8" in wraith.source and "seed 002" in wraith.source
    assert wraith.missing() == ["HP", "Endurance"]
    assert lib.describe(wraith) == ("Monster \u00b7 HP to fill in \u00b7 Level 8 \u00b7 "
                                    "to fill in: HP, Endurance")
    assert lib.starters("freedom_fantasies") == []


def test_a_template_left_blank_asks_for_what_it_lacks_before_any_copy():
    hagr = lib.starters("stonetop")[0]
    state = stonetop()
    assert plan_copies(state, CopiesRequest(hagr, 2)).problem == \
        "Give the copies' HP (a number, or dice such as 2d6+2)."
    assert plan_copies(state, CopiesRequest(hagr, 2, extra={"hp": "12"})).problem == \
        "Give the copies' Armor."
    bad = plan_copies(state, CopiesRequest(hagr, 2, extra={"hp": "2d"}))
    assert bad.problem == "2d is not a dice expression: a die needs its number of sides, " \
        "such as d6."  # the quick entry's words
    assert "from 0 to 99" in plan_copies(state, CopiesRequest(
        hagr, 2, extra={"hp": "12", "armor": 100})).problem
    plan = plan_copies(state, CopiesRequest(hagr, 2, extra={"hp": "12", "armor": 1}))
    sheet = plan.actions[0]["character"]
    assert (sheet["max_hp"], sheet["armor"], sheet["attack"]) == (12, 1, {"dice": "d10+3"})
    assert sheet["template"] == {"name": "Hagr", "hp": "12"}


# count, names and the step ------------------------------------------------------------------
@pytest.mark.parametrize("count", [0, 51, -1, True, 2.5])
def test_a_count_outside_1_to_50_is_refused_stating_the_range(count):
    plan = plan_copies(stonetop(), CopiesRequest(template(), count))
    assert plan.problem == f"Add from 1 to 50 copies at once, not {count}."
    assert plan.actions == []


def test_fifty_copies_are_the_most():
    plan = plan_copies(stonetop(), CopiesRequest(template(), 50))
    assert plan.problem is None and len(plan.actions) == 50
    assert plan.names[-1] == "Coedwig 50" and plan.text == "Add 50 Coedwig (Coedwig 1\u201350)"


def test_six_coedwig_are_numbered_1_to_6_hidden_with_their_attack_and_armor():
    """ST-3's armor and ST-2's piercing come with each copy: a copy keeps its template's
    attack as its prepared danger (ST-1)."""
    plan = plan_copies(stonetop(), CopiesRequest(template(), 6, hp="fixed"))
    assert plan.names == [f"Coedwig {n}" for n in range(1, 7)]
    assert plan.hp == [3] * 6 and plan.warnings == [] and plan.problem is None
    assert plan.text == "Add 6 Coedwig (Coedwig 1\u20136)"
    state = added(stonetop(), plan)
    assert list(state["characters"]) == [f"coedwig_{n}" for n in range(1, 7)]
    for char in state["characters"].values():
        assert (char["max_hp"], char["hp"], char["armor"]) == (3, 3, 0)
        assert char["attack"] == {"dice": "d6", "piercing": 1}
        assert char["notes"] == "Thorn-spirits." and char["kind"] == "monster"
        assert players_see(char) == "hidden"


def test_copies_shown_to_the_players_carry_no_hidden_mark():
    plan = plan_copies(stonetop(), CopiesRequest(template(), 2, hidden=False))
    state = added(stonetop(), plan)
    assert [players_see(c) for c in state["characters"].values()] == ["words", "words"]


def test_a_gang_of_copies_reads_as_the_seeds_example():
    """ST-2: six coedwig (d6, 1 piercing) and a birdwraig (d8+3, forceful) deal d8+9,
    1 piercing, forceful: the copies' attacks are their templates'."""
    state = added(stonetop(), plan_copies(stonetop(), CopiesRequest(template(), 6)))
    state = added(state, plan_copies(state, CopiesRequest(template(BIRDWRAIG), 1)))
    gang = lib.copies_of(state, "coedwig_1") + ["birdwraig_1"]
    assert gang_summary(state, gang)[1] == "Deals d8+9, 1 piercing, forceful"


def test_a_fallen_or_departed_copys_number_is_given_again():
    state = added(stonetop(), plan_copies(stonetop(), CopiesRequest(template(), 6)))
    fallen = rules.apply(state, {"type": "damage", "target": "coedwig_2", "amount": 5}).state
    assert lib.fallen(ST, fallen["characters"]["coedwig_2"])
    again = plan_copies(fallen, CopiesRequest(template(), 2))
    assert again.names == ["Coedwig 2", "Coedwig 7"]
    # the fallen one keeps its id: the new Coedwig 2 has one of its own
    assert [a["character"]["id"] for a in again.actions] == ["coedwig_2_2", "coedwig_7"]
    gone = rules.apply(state, {"type": "remove_character", "target": "coedwig_2"}).state
    one = plan_copies(gone, CopiesRequest(template(), 1))
    assert one.names == ["Coedwig 2"] and one.text == "Add Coedwig 2"
    assert one.actions[0]["character"]["id"] == "coedwig_2"


def test_counting_up_goes_past_the_highest_number_even_a_fallen_one():
    state = added(stonetop(), plan_copies(stonetop(), CopiesRequest(template(), 6)))
    state = rules.apply(state, {"type": "damage", "target": "coedwig_6", "amount": 5}).state
    up = plan_copies(state, CopiesRequest(template(), 2, numbering="up"))
    assert up.names == ["Coedwig 7", "Coedwig 8"]
    assert up.text == "Add 2 Coedwig (Coedwig 7\u20138)"


def test_a_hand_made_character_of_the_plain_name_is_not_copy_number_1():
    hand = {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 12, "armor": 1}
    hagr = template({"name": "Hagr", "hp": "12", "sheet": {"armor": 1}})
    assert lib.copy_names(stonetop(hand), "Hagr", 2, "lowest", ST) == ["Hagr 1", "Hagr 2"]
    plan = plan_copies(stonetop(hand), CopiesRequest(hagr, 1))
    assert plan.names == ["Hagr 1"] and plan.actions[0]["character"]["id"] == "hagr_1"
    assert plan.text == "Add Hagr 1"


def test_the_step_text_lists_names_that_do_not_run_on():
    assert lib.step_text("Coedwig", ["Coedwig 1", "Coedwig 3"]) == \
        "Add 2 Coedwig (Coedwig 1, Coedwig 3)"
    assert lib.step_text("Coedwig", ["Coedwig 2", "Coedwig 3"]) == \
        "Add 2 Coedwig (Coedwig 2\u20133)"


# HP ----------------------------------------------------------------------------------------
def test_dice_hp_is_averaged_by_default_and_shown_with_its_range():
    bird = template(BIRDWRAIG)
    assert lib.hp_words(bird) == "HP 2d6+2 (4\u201314, average 9)"
    plan = plan_copies(stonetop(), CopiesRequest(bird, 3))
    assert plan.hp == [9, 9, 9] and plan.faces == [[], [], []]
    assert plan.actions[0]["character"]["template"] == {"name": "Birdwraig", "hp": "2d6+2"}
    assert lib.rolls_needed(CopiesRequest(bird, 3)) is None


def test_rolled_hp_is_each_copys_own_with_its_faces_on_its_mark():
    bird = template(BIRDWRAIG, tid=7)
    req = CopiesRequest(bird, 3, hp="roll")
    assert lib.rolls_needed(req) == ("2d6+2", 3)
    plan = plan_copies(stonetop(), req, [[1, 2], [6, 6], [3, 4]])
    assert plan.hp == [5, 14, 9] and plan.faces == [[1, 2], [6, 6], [3, 4]]
    marks = [a["character"]["template"] for a in plan.actions]
    assert marks[1] == {"id": 7, "name": "Birdwraig", "hp": "2d6+2", "faces": [6, 6]}
    assert [a["character"]["max_hp"] for a in plan.actions] == [5, 14, 9]


@pytest.mark.parametrize("faces, words", [
    (None, "Roll 2d6+2 once for each of the 3 copies."),
    ([[1, 2]], "Roll 2d6+2 once for each of the 3 copies."),
    ([[7, 1], [1, 1], [1, 1]], "A d6 cannot show 7."),
])
def test_rolled_hp_needs_fitting_faces_for_every_copy(faces, words):
    plan = plan_copies(stonetop(), CopiesRequest(template(BIRDWRAIG), 3, hp="roll"), faces)
    assert plan.problem == words and plan.actions == []


def test_fixed_hp_over_dice_is_the_gms_number():
    bird = template(BIRDWRAIG)
    assert plan_copies(stonetop(), CopiesRequest(bird, 2, hp="fixed")).problem == \
        "Give the HP every copy starts with, or roll 2d6+2 for each."
    plan = plan_copies(stonetop(), CopiesRequest(bird, 2, hp="fixed", fixed_hp=11))
    assert plan.hp == [11, 11]
    assert [a["character"]["max_hp"] for a in plan.actions] == [11, 11]


def test_a_plain_number_is_every_copys_hp_whatever_the_mode():
    for mode in lib.HP_MODES:
        plan = plan_copies(stonetop(), CopiesRequest(template(), 2, hp=mode), [[1], [1]])
        assert plan.hp == [3, 3], mode


@pytest.mark.parametrize("field, value, words", [
    ("hp", "most", "HP is one of fixed, roll, average, not 'most'."),
    ("numbering", "next", "Numbering is one of lowest, up, not 'next'."),
])
def test_an_unknown_choice_is_refused_naming_the_choices(field, value, words):
    plan = plan_copies(stonetop(), CopiesRequest(template(), 1, **{field: value}))
    assert plan.problem == words


def test_hp_dice_that_can_roll_zero_warn_and_wait_for_the_gms_yes():
    wisp = template({**COEDWIG, "name": "Wisp", "hp": "d4-3"})
    plan = plan_copies(stonetop(), CopiesRequest(wisp, 2))  # the average: 0
    assert plan.warnings == ["d4-3 can roll 0 or less: a copy may start at 0 HP."]
    assert plan.hp == [0, 0] and plan.zero_asked
    assert plan.problem == ("Wisp 1 and Wisp 2 would start at 0 HP. Say yes to adding them "
                            "at 0 HP, or change the HP.")
    rolled = plan_copies(stonetop(), CopiesRequest(wisp, 2, hp="roll"), [[4], [1]])
    assert rolled.hp == [1, 0]
    assert rolled.problem.startswith("Wisp 2 would start at 0 HP. Say yes to adding it")
    lucky = plan_copies(stonetop(), CopiesRequest(wisp, 2, hp="roll"), [[4], [4]])
    assert lucky.problem is None and not lucky.zero_asked and lucky.warnings  # still warned
    yes = plan_copies(stonetop(), CopiesRequest(wisp, 2, hp="roll", allow_zero=True),
                      [[4], [1]])
    assert yes.problem is None and yes.zero_asked
    state = added(stonetop(), yes)
    wisp_2 = state["characters"]["wisp_2"]
    # ST-6: a monster at 0 HP is out of the action; its maximum stays at least 1
    assert (wisp_2["hp"], wisp_2["max_hp"], wisp_2["death"]) == (0, 1, "out_of_action")


def test_lux_aeterna_copies_at_zero_hp_are_unconscious():
    """LA-2 Endurance and LA-14 Level come with the copy; at 0 HP it is out of the fight."""
    la = rules.new_state("lux_aeterna", None, [])
    wisp = template({"name": "Wisp", "hp": "d4-3", "sheet": {"level": 1, "endurance": 0}},
                    "lux_aeterna")
    state = added(la, plan_copies(la, CopiesRequest(wisp, 1, allow_zero=True)))
    char = state["characters"]["wisp_1"]
    assert (char["hp"], char["max_hp"], char["level"]) == (0, 1, 1)
    assert profile_for("lux_aeterna").tile_facts(char).status == "unconscious"


def test_a_freedom_fantasies_copy_starts_at_the_hp_its_plan_shows():
    """Freedom Fantasies' HP is the limit its Damage counts up to: a copy whose dice come
    to less than 1 starts at 1, says so, and asks no yes to a copy at 0 HP."""
    ff = rules.new_state("freedom_fantasies", None, [])
    imp = template({"name": "Imp", "hp": "d4-3",
                    "sheet": {"might": 0, "block_bonus": 0, "protection": 0}},
                   "freedom_fantasies")
    plan = plan_copies(ff, CopiesRequest(imp, 1))
    assert plan.problem is None and not plan.zero_asked and plan.hp == [1]
    assert plan.warnings == ["A Freedom Fantasies creature has at least 1 HP: a copy that "
                             "comes to less starts at 1."]
    char = added(ff, plan)["characters"]["imp_1"]
    assert (char["hp"], char["damage"]) == (1, 0)


# other games ---------------------------------------------------------------------------------
def test_an_ice_wraith_copy_is_level_8_with_the_endurance_filled_in():
    """LA-14: the copy's Level is the Save Difficulty of what it causes."""
    la = rules.new_state("lux_aeterna", None, [])
    wraith = lib.starters("lux_aeterna")[0]
    plan = plan_copies(la, CopiesRequest(wraith, 1, extra={"hp": "20", "endurance": 5}))
    char = added(la, plan)["characters"]["ice_wraith_1"]
    assert (char["name"], char["max_hp"], char["hp"]) == ("Ice wraith 1", 20, 20)
    assert (char["level"], char["endurance"]) == (8, 5)


def test_a_freedom_fantasies_copys_protection_is_its_own():
    """FF-9: Protection comes from one named source; a creature's is its own."""
    ff = rules.new_state("freedom_fantasies", None, [])
    ogre = template({"name": "Ogre", "hp": "10",
                     "sheet": {"might": 2, "block_bonus": 1, "protection": 3}},
                    "freedom_fantasies")
    char = added(ff, plan_copies(ff, CopiesRequest(ogre, 1)))["characters"]["ogre_1"]
    assert (char["hp"], char["might"], char["block_bonus"]) == (10, 2, 1)
    assert (char["protection"], char["protection_source"]) == (3, "Ogre 1")


def test_a_template_of_another_game_is_refused_naming_both():
    ff = rules.new_state("freedom_fantasies", None, [])
    plan = plan_copies(ff, CopiesRequest(template(BIRDWRAIG), 1))
    assert plan.problem == ("Birdwraig is a Stonetop template; this campaign plays "
                            "Freedom Fantasies.")
    assert plan.actions == []


# a copy and its template -----------------------------------------------------------------------
def test_copies_of_finds_every_copy_of_the_same_template_only():
    bird = template(BIRDWRAIG, tid=7)
    state = added(stonetop(), plan_copies(stonetop(), CopiesRequest(bird, 2)))
    namesake = lib.replace(bird, id=8)  # another template of the same name
    state = added(state, plan_copies(state, CopiesRequest(namesake, 1)))
    state = added(state, plan_copies(state, CopiesRequest(template(), 2)))
    assert lib.copies_of(state, "birdwraig_2") == ["birdwraig_1", "birdwraig_2"]
    assert lib.copies_of(state, "birdwraig_3") == ["birdwraig_3"]
    assert lib.copies_of(state, "coedwig_1") == ["coedwig_1", "coedwig_2"]
    assert lib.copies_of(state, "nobody") == []


def test_one_more_of_a_rolled_copy_rolls_again_hidden():
    bird = template(BIRDWRAIG, tid=7)
    plan = plan_copies(stonetop(), CopiesRequest(bird, 2, hp="roll", hidden=False),
                       [[1, 2], [6, 6]])
    state = added(stonetop(), plan)
    req = lib.one_more(state, "birdwraig_1", bird)
    assert (req.count, req.hp, req.hidden, req.allow_zero) == (1, "roll", True, True)
    more = plan_copies(state, req, [[2, 2]])
    assert more.names == ["Birdwraig 3"] and more.hp == [6]
    assert more.actions[0]["character"]["players_see"] == "hidden"


def test_one_more_of_a_deleted_template_copies_the_tile():
    hand = {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 12, "armor": 1}
    hagr = lib.starters("stonetop")[0]
    plan = plan_copies(stonetop(hand), CopiesRequest(hagr, 1, extra={"hp": "12", "armor": 2}))
    state = added(stonetop(hand), plan)
    req = lib.one_more(state, "hagr_1", None)
    more = plan_copies(state, req)
    sheet = more.actions[0]["character"]
    assert more.names == ["Hagr 2"] and more.problem is None
    assert (sheet["max_hp"], sheet["armor"], sheet["attack"]) == (12, 2, {"dice": "d10+3"})
    assert sheet["template"] == {"name": "Hagr", "hp": "12"}
    with pytest.raises(UserError, match="That tile was not added from a template"):
        lib.one_more(state, "hagr", None)


def test_save_as_template_takes_the_tiles_harm_fields_and_attack():
    state = added(stonetop(), plan_copies(stonetop(), CopiesRequest(template(BIRDWRAIG), 1)))
    made = lib.from_character(state["characters"]["birdwraig_1"], "stonetop")
    assert (made.name, made.kind, made.hp, made.sheet) == ("Birdwraig", "monster", "9",
                                                           {"armor": 1})
    assert made.attack == {"dice": "d8+3", "tags": ["forceful"]}
    pc = {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2}
    assert lib.from_character(pc, "stonetop").kind == "npc"
