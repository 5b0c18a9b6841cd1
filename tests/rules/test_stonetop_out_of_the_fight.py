"""Stonetop ST-6: at 0 HP a character is out of the action; an NPC or monster is "out of the
action and no longer in the fight" (seed 000). The downed deal no damage, alone or in a
gang-up (ST-2)."""

import pytest

from harmdesk.rules.engine import apply, new_state

BIRDWRAIG = {"id": "birdwraig", "name": "Birdwraig", "kind": "monster", "max_hp": 10,
             "attack": {"dice": "d8+3", "tags": ["forceful"]}}


def coedwig(cid="coedwig", name="Coedwig", **kw):
    return {"id": cid, "name": name, "kind": "monster", "max_hp": 3,
            "attack": {"dice": "d6", "piercing": 1}, **kw}


def desk(*sheets):
    heavy = {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2}
    return new_state("stonetop", {}, [heavy, *sheets])


def killed(state, cid="coedwig"):
    """`cid` brought to 0 HP by a lethal blow: a monster so is dead (ST-6)."""
    out = apply(state, {"type": "damage", "target": cid, "amount": 10})
    assert out.ok and out.state["characters"][cid]["death"] == "dead"
    return out.state


def heavy_hp(out):
    return out.state["characters"]["heavy"]["hp"]


@pytest.mark.parametrize("sheet, why", [
    (coedwig(hp=0, death="dead"), "dead at 0 HP"),
    (coedwig(hp=0, death="out_of_action"), "at 0 HP"),
    (coedwig(hp=0), "at 0 HP"),
    (coedwig(hp=2, death="out_of_action"), ""),
    ({**coedwig(), "kind": "pc", "hp": 0, "death": "dying"}, "dying, at Death's Door"),
])
def test_st6_a_downed_source_deals_nothing_and_the_refusal_names_them(sheet, why):
    """ST-6: "out of the action and no longer in the fight": refused before any roll is
    asked for, so the preview of the drag shows the refusal and not a roll to make."""
    state = desk(sheet)
    out = apply(state, {"type": "damage", "target": "heavy", "dice": "d6", "piercing": 1,
                        "source": "coedwig"})
    assert not out.ok and out.needs == ()
    named = "Coedwig is out of the action" + (f" ({why})" if why else "")
    assert out.error == f"{named} and no longer in the fight: they deal no damage"
    assert out.state == state
    rolled = apply(state, {"type": "damage", "target": "heavy", "amount": 6,
                           "source": "coedwig"})
    assert not rolled.ok and rolled.error.startswith(named)


def test_st6_the_same_source_hits_while_in_the_fight_and_not_once_killed():
    state = desk(coedwig())
    out = apply(state, {"type": "damage", "target": "heavy", "amount": 5, "piercing": 1,
                        "source": "coedwig"})
    assert out.ok and heavy_hp(out) == 16
    later = apply(killed(state), {"type": "damage", "target": "heavy", "amount": 5,
                                  "source": "coedwig"})
    assert not later.ok and "Coedwig is out of the action (dead at 0 HP)" in later.error


def test_st7_a_pc_facing_their_fate_still_makes_their_last_move():
    """ST-7 6−: "make one last move as if it rolled 12+, then die": still in the fight."""
    brann = {"id": "brann", "name": "Brann", "kind": "pc", "max_hp": 18, "hp": 0,
             "death": "fate_pending"}
    out = apply(desk(brann), {"type": "damage", "target": "heavy", "amount": 7,
                              "source": "brann"})
    assert out.ok and heavy_hp(out) == 15


def test_a_source_not_on_the_desk_is_refused_by_name():
    out = apply(desk(), {"type": "damage", "target": "heavy", "amount": 5, "source": "ghost"})
    assert not out.ok and "'ghost'" in out.error and "`source`" in out.error


def test_st6_st2_the_downed_are_left_out_of_a_gang_up_and_the_log_says_so():
    """ST-6 before ST-2: a coedwig at 0 HP is not counted: the birdwraig and one coedwig
    still standing deal d8+4 (d8+3, +1 for the one other combatant), not d8+5."""
    state = killed(desk(coedwig(), coedwig("coedwig2", "Second coedwig"), BIRDWRAIG))
    gang = {"type": "gang_damage", "target": "heavy",
            "attackers": [{"id": "coedwig"}, {"id": "coedwig2"}, {"id": "birdwraig"}]}
    asked = apply(state, gang)
    assert [n["dice"] for n in asked.needs] == ["d8+4"]
    assert asked.needs[0]["note"] == "Coedwig is out of the action (dead at 0 HP): not counted"
    out = apply(state, {**gang, "rolls": [5]})
    assert out.ok and heavy_hp(out) == 20 - (5 + 4 - 1)  # armor 2 − 1 piercing
    event = out.events[0]
    assert "Coedwig is out of the action (dead at 0 HP): not counted" in event.text
    assert "Second coedwig" in event.text.split("→")[0]
    assert event.data["combatants"] == 2 and event.data["expression"] == "d8+4"
    assert event.data["not_counted"] == ["coedwig"]


def test_st6_st2_a_downed_group_is_left_out_with_its_whole_count():
    state = killed(desk(coedwig(), BIRDWRAIG))
    out = apply(state, {"type": "gang_damage", "target": "heavy", "rolls": [5],
                        "attackers": [{"id": "coedwig", "count": 6}, {"id": "birdwraig"}]})
    assert out.ok and out.events[0].data["expression"] == "d8+3"
    assert out.events[0].data["combatants"] == 1
    assert "6 × Coedwig" not in out.events[0].text


def test_st6_st2_a_gang_up_with_no_one_left_in_the_fight_is_refused_naming_them():
    state = killed(killed(desk(coedwig(), BIRDWRAIG)), "birdwraig")
    out = apply(state, {"type": "gang_damage", "target": "heavy", "rolls": [5],
                        "attackers": [{"id": "coedwig", "count": 2}, {"id": "birdwraig"}]})
    assert not out.ok and out.needs == ()
    assert out.error == ("no one is left in the fight to gang up: Coedwig is out of the "
                         "action (dead at 0 HP); Birdwraig is out of the action (dead at "
                         "0 HP); no damage is dealt")


def test_st2_attackers_given_by_their_dice_are_always_counted():
    """Only a character on the desk can be downed: attackers given by dice are counted."""
    out = apply(desk(), {"type": "gang_damage", "target": "heavy", "rolls": [5],
                         "attackers": [{"dice": "d6", "count": 6}, {"dice": "d8+3"}]})
    assert out.ok and out.events[0].data["expression"] == "d8+9"
