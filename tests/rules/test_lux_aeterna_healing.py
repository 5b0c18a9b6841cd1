"""Lux Aeterna: healing, Endurance grants, stabilizing, medical aid, Resolve and rests
(RULES.md §3, LA-2, LA-3, LA-5, LA-7 … LA-9, LA-12, LA-13; vectors LA-T2, T4, T9)."""


import pytest

from .kit import ch, desk_of, refused, run, texts

LA = "lux_aeterna"
desk = desk_of(LA)


WOUNDED = {"id": "v", "name": "Vahid", "max_hp": 12, "hp": -5, "wounded": True}


@pytest.mark.parametrize("keep,result", [("new", 3), ("old", 5)])
def test_la_t2_endurance_never_adds_up(keep, result):
    """LA-T2 / LA-2: Endurance 5, new instance 3 → option A 3, option B 5; never 8."""
    s = desk({"id": "sara", "name": "Sara", "max_hp": 20, "endurance": 5})
    out = run(s, type="grant_endurance", target="sara", amount=3, keep=keep)
    assert ch(out, "sara")["endurance"] == result
    assert "never 8" in texts(out)


def test_la2_grant_endurance_refusals():
    """LA-2: a negative grant or an unknown `keep` is refused."""
    s = desk({"id": "s", "max_hp": 20})
    assert "at least 1" in refused(s, type="grant_endurance", target="s", amount=-1).error
    assert "keep" in refused(s, type="grant_endurance", target="s", amount=2, keep="sum").error


def test_la2_end_scene_clears_everyones_endurance():
    """LA-2: when the Scene ends all Endurance is lost (no target: every character)."""
    s = desk({"id": "a", "max_hp": 5, "endurance": 4}, {"id": "b", "max_hp": 5, "endurance": 2},
             {"id": "c", "max_hp": 5})
    out = run(s, type="end_scene")
    assert [ch(out, c)["endurance"] for c in "abc"] == [0, 0, 0]
    assert "Endurance 4 \u2192 0" in texts(out)


def test_la2_healing_never_restores_endurance():
    """LA-2: healing restores HP only."""
    s = desk({"id": "a", "max_hp": 10, "hp": 5})
    out = run(s, type="heal", target="a", amount=3)
    assert (ch(out, "a")["hp"], ch(out, "a")["endurance"]) == (8, 0)


def test_la_t4_debt_paid_off_then_wakes():
    """LA-T4 / LA-3: Roche at −7 healed 4 → −3 unconscious; 4 more → 1, conscious."""
    s = desk({"id": "roche", "name": "Roche", "max_hp": 10, "hp": -7})
    out = run(s, type="heal", target="roche", amount=4)
    assert (ch(out, "roche")["hp"], ch(out, "roche")["conscious"]) == (-3, False)
    out = run(out.state, type="heal", target="roche", amount=4)
    assert (ch(out, "roche")["hp"], ch(out, "roche")["conscious"]) == (1, True)
    assert "conscious again" in texts(out)


def test_la_t9_heal_while_wounded_stabilizes():
    """LA-T9 / LA-7: Wounded at −5, healed 2 → HP −3, Stabilized, still Wounded."""
    out = run(desk(WOUNDED), type="heal", target="v", amount=2)
    c = ch(out, "v")
    assert (c["hp"], c["stabilized"], c["wounded"], c["conscious"]) == (-3, True, True, False)
    assert "\u22125 \u2192 \u22123 HP" in texts(out)
    assert out.events[0].data["hp_before"] == -5 and out.events[0].data["hp_after"] == -3


def test_la9_wounded_ends_at_one_hp():
    """LA-9 Proposal: Wounded ends when HP reaches 1 (and Stabilized resets with it)."""
    out = run(desk(WOUNDED), type="heal", target="v", amount=6)
    c = ch(out, "v")
    assert (c["hp"], c["wounded"], c["stabilized"], c["conscious"]) == (1, False, False, True)
    assert "no longer Wounded" in texts(out)


def test_la3_heal_capped_at_max():
    """LA-3: HP never goes above max."""
    out = run(desk({"id": "a", "max_hp": 10, "hp": 8}), type="heal", target="a", amount=5)
    assert ch(out, "a")["hp"] == 10 and "2 HP recovered (max 10)" in texts(out)


def test_la7_internal_bleeding_heals_nothing_and_does_not_stabilize():
    """LA-7 edge / LA-10 #12: no HP recovered, so healing does not stabilize (by default)."""
    s = desk(dict(WOUNDED, traumas=[12]))
    out = run(s, type="heal", target="v", amount=5)
    assert (ch(out, "v")["hp"], ch(out, "v")["stabilized"]) == (-5, False)
    assert "Internal Bleeding" in texts(out)
    s2 = desk(dict(WOUNDED, traumas=[12]), internal_bleeding_heal_stabilizes=True)
    assert ch(run(s2, type="heal", target="v", amount=5), "v")["stabilized"] is True


def test_la7_stabilize_and_its_refusals():
    """LA-7: an item stabilizes a Wounded character; refused when not Wounded or already so."""
    out = run(desk(WOUNDED), type="stabilize", target="v")
    assert ch(out, "v")["stabilized"] is True
    assert "already Stabilized" in refused(out.state, type="stabilize", target="v").error
    s = desk({"id": "h", "name": "Hale", "max_hp": 5})
    assert "Hale is not Wounded" in refused(s, type="stabilize", target="h").error


def test_la8_medical_aid_stabilizes_heals_once_per_day():
    """LA-8: medical aid stabilizes, heals the Bumps, once per day (a Full Rest is a new day)."""
    out = run(desk(WOUNDED), type="medical_aid", target="v", bumps=3)
    c = ch(out, "v")
    assert (c["hp"], c["stabilized"], c["medical_aid_day"]) == (-2, True, 1)
    assert "once per day" in refused(out.state, type="medical_aid", target="v", bumps=2).error


def test_la8_medical_aid_with_internal_bleeding_still_stabilizes():
    """LA-7 Proposal: medical aid stabilizes even when Internal Bleeding stops the healing."""
    out = run(desk(dict(WOUNDED, traumas=[12])), type="medical_aid", target="v", bumps=3)
    assert (ch(out, "v")["hp"], ch(out, "v")["stabilized"]) == (-5, True)


def test_la8_medical_aid_refused_when_awake_and_failed_aid_is_free():
    """LA-8: aid heals only a character at 0 HP or below; 0 Bumps fails and uses nothing."""
    s = desk({"id": "a", "name": "Ash", "max_hp": 10, "hp": 4})
    assert "0 HP or below" in refused(s, type="medical_aid", target="a", bumps=2).error
    out = run(desk(WOUNDED), type="medical_aid", target="v", bumps=0)
    assert (ch(out, "v")["medical_aid_day"], ch(out, "v")["stabilized"]) == (None, False)


def test_la5_natural_recovery_readings():
    """LA-5 Proposal: Wounded regain the d6; a non-lethal KO regains 1 HP; other readings."""
    s = desk(WOUNDED, {"id": "k", "max_hp": 10, "hp": -2})
    assert "roll" in refused(s, type="natural_recovery", target="v").error
    out = run(s, type="natural_recovery", target="v", roll=4)
    assert (ch(out, "v")["hp"], ch(out, "v")["stabilized"]) == (-1, True)
    assert ch(run(s, type="natural_recovery", target="k"), "k")["hp"] == -1
    s6 = desk({"id": "k", "max_hp": 10, "hp": -2}, natural_recovery="d6")
    assert ch(run(s6, type="natural_recovery", target="k", roll=5), "k")["hp"] == 3


def test_la12_short_rest_spends_resolve():
    """LA-12/LA-13: each face spends one Resolve die and heals its value."""
    s = desk({"id": "a", "max_hp": 20, "hp": 5, "resolve_dice": 3, "resolve_die": "d8"})
    out = run(s, type="short_rest", target="a", resolve_rolls=[8, 3])
    assert (ch(out, "a")["hp"], ch(out, "a")["resolve_dice"]) == (16, 1)
    assert "Resolve 2d8 8 + 3 = 11" in texts(out)


def test_la12_short_rest_refusals():
    """LA-12: a face above the die, or more faces than unspent dice, is refused."""
    s = desk({"id": "a", "name": "Ash", "max_hp": 20, "hp": 5, "resolve_dice": 2})
    assert "Resolve die is a d6: it cannot show 7" in refused(
        s, type="short_rest", target="a", resolve_rolls=[7]).error
    assert "2 unspent Resolve dice, not 3" in refused(
        s, type="short_rest", target="a", resolve_rolls=[1, 2, 3]).error
    assert "empty" in refused(s, type="short_rest", target="a", resolve_rolls=[]).error
    assert "Internal Bleeding" in refused(
        desk({"id": "a", "max_hp": 9, "hp": 1, "resolve_dice": 2, "traumas": [12]}),
        type="short_rest", target="a", resolve_rolls=[2]).error


def test_la12_open_wound_shrinks_the_die_for_short_rests():
    """LA-10 #6 / LA-12: with Open Wound a d8 Resolve die rolls as a d6; 7 is refused."""
    s = desk({"id": "a", "max_hp": 20, "hp": 5, "resolve_dice": 2, "resolve_die": "d8",
              "traumas": [6]})
    assert s["characters"]["a"]["resolve_die"] == "d6"
    refused(s, type="short_rest", target="a", resolve_rolls=[7])


def test_la13_full_rest_restores_hp_resolve_strain_and_day():
    """LA-13: HP = max (debt cleared), Resolve back, Strain resets (LA-9), a new day: aid
    may restore HP again."""
    s = desk(dict(WOUNDED, strain=2, resolve_dice=2))
    s = run(s, type="medical_aid", target="v", bumps=1).state
    s = run(s, type="short_rest", target="v", resolve_rolls=[1]).state
    out = run(s, type="full_rest", target="v")
    c = ch(out, "v")
    assert (c["hp"], c["resolve_dice"], c["strain"], c["wounded"], c["conscious"],
            out.state["settings"]["day"]) == (12, 2, 0, False, True, 2)
    assert "100% HP" in texts(out)
    assert "day 1 ends, day 2 begins" in texts(out)


def test_la13_full_rest_with_internal_bleeding_and_head_trauma():
    """LA-13 / LA-10 #12, #14: no HP back under Internal Bleeding; Strain kept under Head Trauma."""
    s = desk(dict(WOUNDED, strain=2, traumas=[12, 14], stabilized=True))
    c = ch(run(s, type="full_rest", target="v"), "v")
    assert (c["hp"], c["strain"]) == (-5, 2)


def test_la9_strain_reset_never_setting():
    """LA-9 other reading (`strain_reset: never`): Strain stays after a Full Rest."""
    s = desk(dict(WOUNDED, strain=2, stabilized=True), strain_reset="never")
    assert ch(run(s, type="full_rest", target="v"), "v")["strain"] == 2


def test_la_heal_refused_on_dead_and_negative():
    """LA-10: a dead character stays dead; negative healing is refused."""
    s = desk({"id": "d", "name": "Dag", "max_hp": 9, "hp": -2, "dead": True})
    assert "Dag is dead" in refused(s, type="heal", target="d", amount=3).error
    assert "negative" in refused(desk(WOUNDED), type="heal", target="v", amount=-3).error
