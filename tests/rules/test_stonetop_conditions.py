"""Stonetop debilities, wounds, death and sheets: ST-6, ST-7, ST-13, ST-14, ST-16."""

import copy

import pytest

from harmdesk.rules.core import SheetError
from harmdesk.rules.engine import apply, new_state


def desk(*sheets, **settings):
    return new_state("stonetop", settings, list(sheets))


def pc(cid="a", **kw):
    return {"id": cid, "name": kw.pop("name", cid.title()), "kind": kw.pop("kind", "pc"),
            "max_hp": kw.pop("max_hp", 16), **kw}


def do(state, **action):
    return apply(state, action)


def char(out, cid="a"):
    return out.state["characters"][cid]


def test_st13_mark_weakened_twice_no_change():
    """ST-13 / ST-T13: marking weakened when already weakened → no change."""
    state = desk(pc(debilities=["weakened"]))
    out = do(state, type="mark_debility", target="a", debility="weakened")
    assert out.ok and char(out)["debilities"] == ["weakened"]
    assert "no further mechanical change" in out.events[0].text
    assert out.state == state


def test_st13_optional_already_marked_cannot_be_chosen():
    """ST-13: an optional mark of an already-marked debility cannot be chosen."""
    out = do(desk(pc(debilities=["dazed"])), type="mark_debility", target="a",
             debility="dazed", optional=True)
    assert not out.ok and "cannot be chosen" in out.error


def test_st13_debilities_kept_sorted():
    """ST-13: debilities ⊆ {weakened, dazed, miserable}, printed sorted."""
    out = do(desk(pc()), type="mark_debility", target="a", debility="weakened")
    out = do(out.state, type="mark_debility", target="a", debility="dazed")
    assert char(out)["debilities"] == ["dazed", "weakened"]


def test_st13_unknown_debility_refused():
    """ST-13: only three debilities exist."""
    out = do(desk(pc()), type="mark_debility", target="a", debility="sleepy")
    assert not out.ok and "unknown debility 'sleepy'" in out.error


@pytest.mark.parametrize("kind", ["npc", "monster"])
def test_st13_npcs_and_monsters_never_mark_debilities(kind):
    """ST-13: NPCs and monsters never mark debilities."""
    out = do(desk(pc(kind=kind)), type="mark_debility", target="a", debility="weakened")
    assert not out.ok and "never mark debilities" in out.error


def test_st13_followers_may_carry_debilities_unless_setting_off():
    """ST-13: a follower may carry a debility as a temporary tag (follower_debilities)."""
    f = pc(kind="follower")
    assert char(do(desk(f), type="mark_debility", target="a", debility="dazed"))[
        "debilities"] == ["dazed"]
    out = do(desk(f, follower_debilities=False), type="mark_debility", target="a",
             debility="dazed")
    assert not out.ok and "follower" in out.error


def test_st13_forced_mark_with_all_three_marked():
    """ST-13 ambiguity: all three marked and 'mark a debility' → nothing (default) or refused."""
    sheet = pc(debilities=["dazed", "miserable", "weakened"])
    out = do(desk(sheet), type="mark_debility", target="a")
    assert out.ok and "nothing more happens" in out.events[0].text
    out = do(desk(sheet, full_debilities="refuse"), type="mark_debility", target="a")
    assert not out.ok and "all three" in out.error


def test_st13_mark_without_name_must_choose():
    """ST-13: 'mark a debility' lets the player choose; the action must name it."""
    out = do(desk(pc(debilities=["dazed"])), type="mark_debility", target="a")
    assert not out.ok and "miserable, weakened" in out.error


def test_st13_clear_unmarked_refused():
    """ST-13: clearing a debility that is not marked is refused."""
    out = do(desk(pc()), type="clear_debility", target="a", debility="dazed")
    assert not out.ok and "not dazed" in out.error


@pytest.mark.parametrize("roll,hp,death", [(10, 1, "none"), (8, 0, "out_of_action"),
                                           (5, 0, "fate_pending")])
def test_st7_deaths_door_results(roll, hp, death):
    """ST-7 / ST-T11: roll 10 / 8 / 5 → HP 1 / out of action / fate pending."""
    out = do(desk(pc(hp=0, death="dying")), type="deaths_door", target="a", roll=roll)
    assert (char(out)["hp"], char(out)["death"]) == (hp, death)


def test_st7_deaths_door_only_while_dying():
    """ST-7: Death's Door is refused when not dying (also after a 7–9)."""
    out = do(desk(pc()), type="deaths_door", target="a", roll=10)
    assert not out.ok and "not dying" in out.error
    out = do(desk(pc(hp=0, death="out_of_action")), type="deaths_door", target="a", roll=10)
    assert not out.ok and "not dying" in out.error


def test_st7_deaths_door_missing_roll_names_it():
    """ST-7: without a roll the action asks for 2d6."""
    out = do(desk(pc(hp=0, death="dying")), type="deaths_door", target="a")
    assert not out.ok and out.needs[0]["dice"] == "2d6"


def test_st7_destined_moves_results_up():
    """ST-7: Destined treats 6− as 7–9 and 7–9 as 10+."""
    state = desk(pc(hp=0, death="dying", moves=["destined"]))
    assert char(do(state, type="deaths_door", target="a", roll=5))["death"] == "out_of_action"
    assert char(do(state, type="deaths_door", target="a", roll=8))["hp"] == 1


def test_st7_hard_to_kill_debility_for_one_hp():
    """ST-7: Hard to Kill on a 7–9: mark a debility of choice to regain 1 HP."""
    state = desk(pc(hp=0, death="dying", moves=["hard_to_kill"]))
    out = do(state, type="deaths_door", target="a", rolls=[3, 3], bonus=2, debility="miserable")
    assert out.ok, out.error
    assert (char(out)["hp"], char(out)["death"], char(out)["debilities"]) == (1, "none",
                                                                             ["miserable"])
    out = do(state, type="deaths_door", target="a", roll=11, debility="miserable")
    assert not out.ok and "7–9" in out.error
    out = do(desk(pc(hp=0, death="dying")), type="deaths_door", target="a", roll=8,
             debility="dazed")
    assert not out.ok and "Hard to Kill" in out.error


def test_st7_unstoppable_circles_lower_the_roll():
    """ST-7: Unstoppable gives −1 per circle marked: 5 + 5 − 2 = 8 → 7–9."""
    state = desk(pc(hp=0, death="dying", moves=["unstoppable"], circles=2))
    out = do(state, type="deaths_door", target="a", rolls=[5, 5])
    assert char(out)["death"] == "out_of_action" and "= 8" in out.events[0].text


def test_st6_gm_puts_pc_at_deaths_door():
    """ST-6: a 100-foot fall: no damage, 0 HP and dying."""
    out = do(desk(pc(hp=12)), type="set_death", target="a", death="dying")
    assert (char(out)["hp"], char(out)["death"]) == (0, "dying")


def test_st14_wounds_add_and_remove():
    """ST-14: problematic wounds are free text; HP regained does not heal them."""
    out = do(desk(pc(hp=5)), type="add_wound", target="a", text="broken fingers")
    out = do(out.state, type="heal", target="a", amount=5)
    assert [w["text"] for w in char(out)["wounds"]] == ["broken fingers"]
    dup = do(out.state, type="add_wound", target="a", text="broken fingers")
    assert not dup.ok and "already" in dup.error
    out = do(out.state, type="remove_wound", target="a", text="broken fingers")
    assert char(out)["wounds"] == []
    bad = do(out.state, type="remove_wound", target="a", text="broken fingers")
    assert not bad.ok and "no wound" in bad.error


def test_st16_sheet_defaults_and_unknown_fields():
    """ST-16: hp defaults to max_hp; supplies null unless given; typos refused by name."""
    state = desk(pc(max_hp=20))
    a = state["characters"]["a"]
    assert (a["hp"], a["armor"], a["supplies"], a["death"], a["can_recover"]) == \
        (20, 0, None, "none", True)
    with pytest.raises(SheetError, match="armour"):
        desk(pc(armour=2))
    with pytest.raises(SheetError, match="max_hp"):
        desk({"id": "x"})
    with pytest.raises(SheetError, match="hp"):
        desk(pc(max_hp=5, hp=6))


def test_st16_lower_max_lowers_hp_and_input_not_mutated():
    """ST-16: lowering max HP below current HP lowers HP with it."""
    state = desk(pc(max_hp=20))
    before = copy.deepcopy(state)
    out = do(state, type="edit_character", target="a", changes={"max_hp": 16})
    assert (char(out)["hp"], char(out)["max_hp"]) == (16, 16)
    assert "lowered with the maximum" in out.events[0].text
    assert state == before
    out = do(out.state, type="edit_character", target="a", changes={"max_hp": 22})
    assert (char(out)["hp"], char(out)["max_hp"]) == (16, 22)
    out = do(out.state, type="edit_character", target="a", changes={"debilities": ["dazed"]})
    assert not out.ok and "mark_debility" in out.error


def test_st13_a_monster_sheet_with_debilities_is_refused():
    """ST-13: NPCs and monsters never mark debilities, so a sheet cannot give them any."""
    import pytest

    from harmdesk.rules.core import SheetError
    from harmdesk.rules.engine import apply, new_state
    with pytest.raises(SheetError, match="never mark debilities"):
        new_state("stonetop", {}, [{"id": "hagr", "kind": "monster", "max_hp": 12,
                                    "debilities": ["dazed"]}])
    state = new_state("stonetop", {}, [{"id": "afon", "kind": "follower", "max_hp": 8,
                                        "debilities": ["dazed"]}])
    out = apply(state, {"type": "edit_character", "target": "afon", "changes": {"kind": "npc"}})
    assert not out.ok and "never mark debilities" in out.error


def test_st6_gm_ruling_brings_garet_back_in_the_action():
    """ST-6/ST-7: Garet healed to 4/8 stays out of the action (healing does not clear it);
    the GM rules him back in: death none, HP unchanged."""
    state = desk(pc("garet", kind="follower", max_hp=8, hp=0, death="out_of_action"))
    healed = do(state, type="heal", target="garet", amount=4)
    assert (char(healed, "garet")["hp"], char(healed, "garet")["death"]) == (4, "out_of_action")
    out = do(healed.state, type="set_death", target="garet", death="none")
    assert out.ok, out.error
    assert (char(out, "garet")["hp"], char(out, "garet")["death"]) == (4, "none")
    assert out.events[0].text == "GM ruling: Garet out of the action → in the action"


def test_st6_gm_ruling_with_hp_and_its_refusals():
    """ST-6: at 0 HP a character is out of the action, so "none" needs HP; dying is at
    0 HP; a ruling that changes nothing is refused."""
    state = desk(pc(hp=0, death="out_of_action"))
    out = do(state, type="set_death", target="a", death="none")
    assert not out.ok and "out of the action" in out.error and out.state is state
    out = do(state, type="set_death", target="a", death="none", hp=3)
    assert (char(out)["hp"], char(out)["death"]) == (3, "none")
    assert out.events[0].text.endswith("0 → 3 HP")
    assert "0 HP, not 3" in do(state, type="set_death", target="a", death="dying", hp=3).error
    assert "already out of the action" in do(state, type="set_death", target="a",
                                         death="out_of_action").error
    out = do(state, type="set_death", target="a", death="out_of_action", hp=2)
    assert (char(out)["hp"], char(out)["death"]) == (2, "out_of_action")
    assert "at most 16" in do(state, type="set_death", target="a", death="none", hp=17).error


def test_st7_a_dead_character_comes_back_only_by_a_gm_ruling():
    """ST-7: dead is never undone by HP changes; a GM ruling (set_death) can."""
    state = desk(pc(hp=0, death="dead"))
    assert not do(state, type="heal", target="a", amount=5).ok
    out = do(state, type="set_death", target="a", death="none", hp=5)
    assert (char(out)["hp"], char(out)["death"]) == (5, "none")


def test_st16_hp_correction_keeps_the_death_state_honest():
    """ST-16 sheet correction of HP: within 0..max HP; someone dying stays at 0 HP until
    Death's Door or a GM ruling (ST-7); set to 0 HP, a character is out of the action (ST-6)."""
    state = desk(pc(hp=10), pc("d", hp=0, death="dying"))
    out = do(state, type="edit_character", target="a", changes={"hp": 0})
    assert (char(out)["hp"], char(out)["death"]) == (0, "out_of_action")
    assert "out of the action" in out.events[0].text
    out = do(state, type="edit_character", target="d", changes={"hp": 3})
    assert not out.ok and "dying" in out.error and out.state is state
    out = do(state, type="edit_character", target="a", changes={"hp": 17})
    assert not out.ok and "from 0 to max HP 16" in out.error
    out = do(state, type="edit_character", target="a", changes={"hp": "seven"})
    assert not out.ok and "'seven'" in out.error


def heavy(**kw):
    return pc("h", name="The Heavy", max_hp=20, hp=0, death="dying",
              moves=kw.pop("moves", ["hard_to_kill"]), **kw)


def test_st13_miserable_hard_to_kill_con_asks_for_three_dice_kept_lowest():
    """ST-13: "Miserable … disadvantage when rolling +CON or +CHA"; ST-7: Hard to Kill
    rolls Death's Door +CON. HarmDesk asks for 3d6 with the highest dropped, named."""
    out = do(desk(heavy(debilities=["miserable"])), type="deaths_door", target="h", con=1)
    assert not out.ok
    (need,) = out.needs
    assert (need["key"], need["dice"]) == ("rolls", "3d6kl2")
    assert "with disadvantage: miserable" in need["why"]


def test_st13_disadvantage_drops_the_highest_face():
    """ST-13: 6, 5, 3 with disadvantage keeps 5 + 3; +1 CON = 9, a 7–9. The same faces
    without disadvantage would be 6 + 5 + 1 = 12."""
    out = do(desk(heavy(debilities=["miserable"])), type="deaths_door", target="h", con=1,
             rolls=[6, 5, 3])
    assert out.ok, out.error
    assert char(out, "h")["death"] == "out_of_action"
    assert out.events[0].data["roll"] == 9
    assert out.events[0].data["disadvantage"] == "miserable"
    assert "drops the highest 6: 5 + 3 + 1 CON = 9" in out.events[0].text


def test_st13_disadvantage_needs_three_faces():
    """ST-13: two faces cannot be a roll with disadvantage."""
    out = do(desk(heavy(debilities=["miserable"])), type="deaths_door", target="h", con=1,
             rolls=[6, 5])
    assert not out.ok and "needs 3 faces" in out.error


@pytest.mark.parametrize("debilities", [[], ["weakened"], ["dazed", "weakened"]])
def test_st13_only_miserable_touches_con(debilities):
    """ST-13: weakened is +STR/+DEX and dazed +INT/+WIS: neither touches +CON, so the
    roll is the plain 2d6, +CON added by the rules."""
    state = desk(heavy(debilities=debilities))
    out = do(state, type="deaths_door", target="h", con=2)
    assert out.needs[0]["dice"] == "2d6" and "disadvantage" not in out.needs[0]["why"]
    out = do(state, type="deaths_door", target="h", con=2, rolls=[4, 4])
    assert out.events[0].data["roll"] == 10 and char(out, "h")["hp"] == 1


def test_st13_plus_nothing_has_no_disadvantage_while_miserable():
    """ST-7: Death's Door adds no stat unless Hard to Kill rolls +CON; with no stat rolled,
    no debility applies (ST-13), and the roll asked for is as before."""
    out = do(desk(heavy(debilities=["miserable"])), type="deaths_door", target="h")
    assert out.needs[0] == {"key": "roll", "dice": "2d6", "why": "Death's Door", "target": "h"}


def test_st7_con_needs_hard_to_kill():
    """ST-7: only Hard to Kill lets Death's Door be rolled +CON."""
    out = do(desk(heavy(moves=["unstoppable"])), type="deaths_door", target="h", con=1,
             rolls=[4, 4])
    assert not out.ok and "does not have Hard to Kill" in out.error


def test_st13_a_debility_marked_by_the_roll_itself_is_not_its_disadvantage():
    """ST-7, ST-13: marking miserable on the 7–9 comes after the roll; it had no
    disadvantage (2 faces, +0 CON: 4 + 4 = 8)."""
    out = do(desk(heavy()), type="deaths_door", target="h", con=0, rolls=[4, 4],
             debility="miserable")
    assert out.ok, out.error
    assert char(out, "h")["debilities"] == ["miserable"]
    assert out.events[0].data["disadvantage"] is None


def test_st13_typed_total_is_kept_and_the_disadvantage_named():
    """ST-7: a typed `roll` is the total with modifiers; the log names the disadvantage
    the GM rolled it with."""
    out = do(desk(heavy(debilities=["miserable"])), type="deaths_door", target="h", con=1,
             roll=9)
    assert out.ok and out.events[0].data["roll"] == 9
    assert "(+CON +1, with disadvantage: miserable)" in out.events[0].text


def test_st13_con_on_deaths_door_names_the_debilities_rule():
    """ST-7 and ST-13 in the log's details when Death's Door is rolled +CON."""
    from harmdesk.profiles import profile_for
    ids = profile_for("stonetop").rule_ids_of({"type": "deaths_door", "con": 1})
    assert ids == ("ST-7", "ST-13")
    assert profile_for("stonetop").rule_ids_of({"type": "deaths_door"}) == ("ST-7",)


def test_st11_a_wound_naming_deaths_door_gives_it_disadvantage():
    """ST-11: a wound's effects hold while it lasts; one that names Death's Door (typed
    any way: "deaths door") makes it 3d6 less the highest, +nothing or +CON alike."""
    wound = {"text": "crushed ribs", "disadvantage": ["deaths door"]}
    state = desk(heavy(moves=[], wounds=[wound]))
    out = do(state, type="deaths_door", target="h")
    assert out.needs[0]["dice"] == "3d6kl2"
    assert "with disadvantage: the wound crushed ribs" in out.needs[0]["why"]
    out = do(state, type="deaths_door", target="h", rolls=[6, 5, 4])
    assert out.events[0].data["roll"] == 9 and out.events[0].data["disadvantage"] == (
        "the wound crushed ribs")


def test_st11_a_wound_whose_requirements_are_met_gives_no_disadvantage():
    """ST-11: every requirement met, the penalty is gone: Death's Door is 2d6 again."""
    wound = {"text": "crushed ribs", "disadvantage": ["Death's Door"],
             "requirements": [{"text": "bound tight", "met": True}]}
    out = do(desk(heavy(moves=[], wounds=[wound])), type="deaths_door", target="h")
    assert out.needs[0] == {"key": "roll", "dice": "2d6", "why": "Death's Door", "target": "h"}


def test_st13_miserable_and_a_wound_are_still_one_disadvantage():
    """ST-13: disadvantage is one extra die, however many reasons there are."""
    wound = {"text": "crushed ribs", "disadvantage": ["Death's Door"]}
    out = do(desk(heavy(debilities=["miserable"], wounds=[wound])), type="deaths_door",
             target="h", con=1)
    assert out.needs[0]["dice"] == "3d6kl2"
