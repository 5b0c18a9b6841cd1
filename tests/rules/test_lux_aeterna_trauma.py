"""Lux Aeterna: the Trauma table, death and healing Traumas
(RULES.md §3, LA-10, LA-11; vectors LA-T10, LA-T11)."""


import pytest

from .kit import ch, desk_of, names, refused, run, texts

LA = "lux_aeterna"
desk = desk_of(LA)


def wound(trauma, sheet=None, **extra):
    """Drop a 4-HP character to −1 with a lethal hit and Trauma roll `trauma`."""
    s = desk(dict({"id": "v", "name": "Vahid", "max_hp": 10, "hp": 4}, **(sheet or {})))
    return run(s, type="damage", target="v", amount=5, trauma_roll=trauma, **extra)


def test_la10_trauma_1_death():
    """LA-10 #1: Death — dies at once."""
    out = wound(1)
    assert (ch(out, "v")["dead"], ch(out, "v")["conscious"]) == (True, False)
    assert "Vahid dies: Trauma 1 (Death)" in texts(out)


@pytest.mark.parametrize("d6,save,dead", [(5, 0, True), (6, 0, False), (3, 2, True),
                                          (4, 2, False)])
def test_la_t10_brush_with_death(d6, save, dead):
    """LA-T10 / LA-10 #2: d6 + Save 5 → dies; 6 → survives."""
    out = wound(2, {"save_score": save}, brush_roll=d6)
    assert ch(out, "v")["dead"] is dead
    assert f"d6 {d6} + Save {save} = {d6 + save}" in texts(out)


def test_la10_brush_with_death_needs_the_d6():
    """LA-10 #2: a 2 without `brush_roll` is refused naming the d6."""
    s = desk({"id": "v", "name": "Vahid", "max_hp": 10, "hp": 4})
    out = refused(s, type="damage", target="v", amount=5, trauma_roll=2)
    assert "brush_roll" in out.error and out.needs[0]["dice"] == "d6"


def test_la10_trauma_roll_must_be_a_d20_face():
    """LA-10: a Trauma roll of 21 is refused."""
    s = desk({"id": "v", "max_hp": 10, "hp": 4})
    assert "d20" in refused(s, type="damage", target="v", amount=5, trauma_roll=21).error


def test_la10_hanging_by_a_thread_wounded_again_dies():
    """LA-10 #3: Wounded afresh with Hanging By a Thread in force → dies, no roll needed."""
    out = wound(3)
    out = run(out.state, type="heal", target="v", amount=5)  # back to 4 HP, Wounded ends
    assert ch(out, "v")["wounded"] is False
    out = run(out.state, type="damage", target="v", amount=5)
    assert ch(out, "v")["dead"] is True and "Hanging By a Thread" in texts(out)


def test_la10_hanging_by_a_thread_damage_while_wounded_is_not_wounded_again():
    """LA-10 #3 Proposal: further damage while still Wounded does not kill; the other
    reading (`hanging_by_a_thread: any_damage`) does."""
    sheet = {"id": "v", "max_hp": 10, "hp": -1, "wounded": True, "traumas": [3]}
    assert ch(run(desk(sheet), type="damage", target="v", amount=1), "v")["dead"] is False
    s = desk(sheet, hanging_by_a_thread="any_damage")
    assert ch(run(s, type="damage", target="v", amount=1), "v")["dead"] is True


def test_la10_infection_grows_with_full_rests_and_heals():
    """LA-10 #5: Physical Vulnerability +1 now, +1 per Full Rest; healing removes it all."""
    out = wound(5)
    assert ch(out, "v")["physical_vulnerability"] == 1
    out = run(run(out.state, type="stabilize", target="v").state, type="full_rest", target="v")
    assert ch(out, "v")["physical_vulnerability"] == 2
    out = run(out.state, type="heal_trauma", target="v", trauma=5)
    assert (ch(out, "v")["physical_vulnerability"], ch(out, "v")["traumas"]) == (0, [])


def test_la10_open_wound_steps_resolve_die_and_heals_back():
    """LA-10 #6 / LA-12: Resolve die d8 → d6; healing the Trauma restores d8; d4 is the floor."""
    out = wound(6, {"resolve_die": "d8"})
    assert ch(out, "v")["resolve_die"] == "d6"
    out = run(out.state, type="heal_trauma", target="v", trauma=6)
    assert ch(out, "v")["resolve_die"] == "d8"
    assert ch(wound(6, {"resolve_die": "d4"}), "v")["resolve_die"] == "d4"


@pytest.mark.parametrize("roll,cond", [(7, "staggered"), (11, "blinded"), (13, "dazed"),
                                       (16, "silenced"), (17, "slowed"), (18, "weakened")])
def test_la10_trauma_conditions_last_until_healed(roll, cond):
    """LA-10: Traumas 7, 11, 13, 16, 17, 18 bring a condition no Save ends; healing ends it."""
    out = wound(roll)
    c = ch(out, "v")
    assert names(c) == [cond] and c["conditions"][0]["from_trauma"] is True
    assert "Trauma" in refused(out.state, type="save", target="v", condition=cond,
                               bumps=20).error
    assert "Trauma" in refused(out.state, type="remove_condition", target="v",
                               name=cond).error
    healed = run(out.state, type="heal_trauma", target="v", trauma=roll)
    assert names(ch(healed, "v")) == []


def test_la10_lucky_and_miracle_leave_no_trauma():
    """LA-10 #19, #20: no Trauma in force; a Miracle stabilizes at once."""
    lucky, miracle = ch(wound(19), "v"), ch(wound(20), "v")
    assert (lucky["traumas"], lucky["stabilized"]) == ([], False)
    assert (miracle["traumas"], miracle["stabilized"], miracle["wounded"]) == ([], True, True)


def test_la_t11_trauma_saves_across_rests():
    """LA-T11 / LA-11: 3 Bumps, then 2 → after the 2nd rest one Trauma heals."""
    s = desk({"id": "v", "max_hp": 10, "traumas": [4]})
    out = run(s, type="full_rest", target="v", trauma_bumps=3)
    assert (ch(out, "v")["trauma_bumps"], ch(out, "v")["traumas"]) == (3, [4])
    out = run(out.state, type="full_rest", target="v", trauma_bumps=2)
    assert (ch(out, "v")["trauma_bumps"], ch(out, "v")["traumas"]) == (0, [])
    assert "3 + 2 = 5 of 5 Bumps" in texts(out)


def test_la11_overflow_carries_or_drops_and_choice_needed():
    """LA-11 Proposal: Bumps above 5 carry (or drop); with two Traumas the choice is needed."""
    s = desk({"id": "v", "max_hp": 10, "traumas": [4, 8]})
    assert "heal_trauma" in refused(s, type="full_rest", target="v", trauma_bumps=7).error
    out = run(s, type="full_rest", target="v", trauma_bumps=7, heal_trauma=8)
    assert (ch(out, "v")["trauma_bumps"], ch(out, "v")["traumas"]) == (2, [4])
    s2 = desk({"id": "v", "max_hp": 10, "traumas": [4, 8]}, trauma_bump_overflow="drop")
    out = run(s2, type="full_rest", target="v", trauma_bumps=7, heal_trauma=4)
    assert (ch(out, "v")["trauma_bumps"], ch(out, "v")["traumas"]) == (0, [8])


def test_la11_full_rest_heals_internal_bleeding_before_hp():
    """LA-11/LA-13: a Trauma healed by this rest's Save no longer blocks its HP."""
    s = desk({"id": "v", "max_hp": 10, "hp": 2, "traumas": [12]})
    out = run(s, type="full_rest", target="v", trauma_bumps=5)
    assert (ch(out, "v")["hp"], ch(out, "v")["traumas"]) == (10, [])


def test_la11_heal_trauma_refusals():
    """LA-11: healing a Trauma not in force is refused, as is a choice without 5 Bumps."""
    s = desk({"id": "v", "name": "Vahid", "max_hp": 10, "traumas": [4]})
    assert "no Trauma 9" in refused(s, type="heal_trauma", target="v", trauma=9).error
    assert "not enough" in refused(s, type="full_rest", target="v", trauma_bumps=1,
                                   heal_trauma=4).error


def test_la10_dead_stays_dead():
    """LA-10: after death every further action on the character is refused."""
    s = wound(1).state
    for action in ({"type": "heal", "amount": 5}, {"type": "start_turn"},
                   {"type": "full_rest"}, {"type": "stabilize"}):
        assert "is dead" in refused(s, target="v", **action).error
    out = run(s, type="end_scene")
    assert ch(out, "v")["dead"] is True
