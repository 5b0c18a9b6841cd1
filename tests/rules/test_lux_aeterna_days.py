"""Lux Aeterna days, medical aid once per day, rests while unconscious and the dead in a
target list (RULES.md §3: LA-5, LA-7, LA-8, LA-13; LA-4/LA-10 for the dead)."""

import pytest

from harmdesk.rules.engine import apply

from .kit import ch, desk_of, refused, run, texts

LA = "lux_aeterna"
desk = desk_of(LA)

WOUNDED = {"id": "v", "name": "Vahid", "max_hp": 12, "hp": -5, "wounded": True}
PARTY = ({"id": "a", "name": "Ari", "max_hp": 10, "hp": 4},
         {"id": "b", "name": "Bex", "max_hp": 10, "hp": 6},
         {"id": "c", "name": "Cal", "max_hp": 10, "hp": 2})


def ch_of(state, cid="v"):
    return state["characters"][cid]


def test_la8_a_campaign_starts_on_day_one_and_the_gm_moves_it_on():
    """LA-8: the day counter lives in the settings, so the step carries it."""
    s = desk(*PARTY)
    assert s["settings"]["day"] == 1
    out = run(s, type="new_day")
    assert out.state["settings"]["day"] == 2 and s["settings"]["day"] == 1
    assert texts(out) == "A new day: day 1 ends, day 2 begins"
    assert "unknown new_day field" in refused(s, type="new_day", days=2).error


def test_la13_a_party_full_rest_is_one_night():
    """LA-13: three characters resting in one action move the day on once, not three times."""
    out = run(desk(*PARTY), type="full_rest", target=["a", "b", "c"])
    assert out.state["settings"]["day"] == 2
    assert [e.kind for e in out.events].count("new_day") == 1
    assert [ch(out, c)["hp"] for c in "abc"] == [10, 10, 10]


def test_la13_full_rest_takes_each_ones_own_trauma_bumps():
    """LA-11/LA-13: `trauma_bumps` and `heal_trauma` may be given per target ({id: value})."""
    s = desk({"id": "a", "max_hp": 9, "traumas": [6, 10], "trauma_bumps": 3},
             {"id": "b", "max_hp": 9, "traumas": [10], "trauma_bumps": 0})
    out = run(s, type="full_rest", target=["a", "b"], trauma_bumps={"a": 2, "b": 1},
              heal_trauma={"a": 6})
    assert (ch(out, "a")["traumas"], ch(out, "b")["trauma_bumps"]) == ([10], 1)
    assert "not a target" in refused(s, type="full_rest", target="a",
                                     trauma_bumps={"z": 1}).error


def test_la8_aid_stabilizes_a_patient_wounded_again_the_same_day():
    """LA-7/LA-8: "A Wounded creature can be Stabilized by… receiving medical aid" with no
    limit; only "If treated medically (once per day), you recover HP" is once a day."""
    s = run(desk(WOUNDED), type="medical_aid", target="v", bumps=2).state
    s = run(s, type="heal", target="v", amount=10).state
    assert (ch_of(s)["hp"], ch_of(s)["wounded"]) == (7, False)
    s = run(s, type="damage", target="v", amount=9, trauma_roll=10).state
    assert (ch_of(s)["hp"], ch_of(s)["stabilized"]) == (-2, False)
    out = run(s, type="medical_aid", target="v", bumps=4)
    assert (ch(out, "v")["hp"], ch(out, "v")["stabilized"]) == (-2, True)
    assert "once per day" in texts(out)
    error = refused(out.state, type="medical_aid", target="v", bumps=4).error
    assert "already recovered HP from medical aid today (once per day; day 1)" in error
    later = run(out.state, type="new_day").state
    assert ch(run(later, type="medical_aid", target="v", bumps=4), "v")["hp"] == 2


def test_la8_a_state_saved_before_days_were_counted_still_applies():
    """Old campaigns: no `day` or `rest_while_unconscious` setting, `medical_aid_used` on
    the character instead of `medical_aid_day`; aid used then counts as used on day 1."""
    s = desk(dict(WOUNDED, stabilized=True))
    for key in ("day", "rest_while_unconscious"):
        del s["settings"][key]
    char = s["characters"]["v"]
    del char["medical_aid_day"]
    char["medical_aid_used"] = True
    assert "once per day; day 1" in refused(s, type="medical_aid", target="v", bumps=2).error
    after = run(s, type="new_day").state
    assert after["settings"]["day"] == 2
    assert ch(run(after, type="medical_aid", target="v", bumps=2), "v")["hp"] == -3
    rested = run(s, type="full_rest", target="v")
    assert (ch(rested, "v")["hp"], rested.state["settings"]["day"]) == (12, 2)


def test_la5_short_rest_refused_while_wounded_and_not_stabilized():
    """LA-5: "While you are unconscious at or below 0 HP: You recover 1d6 HP every 6 hours"."""
    s = desk(dict(WOUNDED, resolve_dice=2))
    error = refused(s, type="short_rest", target="v", resolve_rolls=[3]).error
    assert "Vahid is unconscious at \u22125 HP, Wounded and not Stabilized" in error
    assert "1d6 HP every 6 hours" in error
    stable = desk(dict(WOUNDED, resolve_dice=2, stabilized=True))
    assert ch(run(stable, type="short_rest", target="v", resolve_rolls=[3]), "v")["hp"] == -2


def test_la5_full_rest_while_wounded_brings_one_period_of_slow_recovery():
    """LA-5/LA-13: no "100% HP", no Resolve back, no Trauma Save: one 6-hour d6."""
    s = desk(dict(WOUNDED, resolve_dice=2, traumas=[10], trauma_bumps=4))
    s["characters"]["v"]["resolve_dice"] = 0
    need = apply(s, {"type": "full_rest", "target": "v", "trauma_bumps": 3})
    assert not need.ok and need.needs[0]["key"] == "recovery_roll"
    out = run(s, type="full_rest", target="v", trauma_bumps=3, recovery_roll=4)
    c = ch(out, "v")
    assert (c["hp"], c["resolve_dice"], c["traumas"], c["stabilized"]) == (-1, 0, [10], True)
    assert out.state["settings"]["day"] == 2
    assert "no Full Rest" in texts(out)


@pytest.mark.parametrize("reading, hp", [("wounded", 10), ("unconscious", -1), ("rest", 10)])
def test_la5_rest_while_unconscious_readings_for_a_knocked_out_character(reading, hp):
    """LA-5 setting `rest_while_unconscious`: a non-lethal KO at −2 rests fully unless the
    reading is "unconscious" (then 1 HP per 1d6 hours)."""
    s = desk({"id": "k", "name": "Kel", "max_hp": 10, "hp": -2},
             rest_while_unconscious=reading)
    assert ch(run(s, type="full_rest", target="k"), "k")["hp"] == hp


def test_la5_the_rest_reading_rests_the_dying_like_anyone():
    s = desk(WOUNDED, rest_while_unconscious="rest")
    out = run(s, type="full_rest", target="v")
    assert (ch(out, "v")["hp"], ch(out, "v")["wounded"]) == (12, False)


DEAD = {"id": "d", "name": "Brann", "max_hp": 10, "hp": -4, "dead": True}


@pytest.mark.parametrize("action", [
    {"type": "damage", "amount": 3},
    {"type": "add_condition", "name": "slowed", "origin_level": 2},
    {"type": "start_turn"},
    {"type": "end_turn"},
    {"type": "full_rest"},
])
def test_la4_a_group_hit_or_time_passing_skips_the_dead(action):
    """A dead character in a list is passed over and said so; the others are affected."""
    s = desk({"id": "a", "name": "Ari", "max_hp": 10, "hp": 8}, DEAD)
    out = run(s, **action, target=["a", "d"])
    assert "Brann is dead: skipped" in texts(out)
    assert out.state["characters"]["d"] is s["characters"]["d"]  # untouched
    assert out.state["characters"]["a"] is not s["characters"]["a"]
    assert "Brann is dead" in refused(s, **action, target="d").error


def test_la4_a_list_of_only_the_dead_is_refused():
    s = desk(DEAD, dict(DEAD, id="e", name="Edda"))
    assert "Brann is dead; damage cannot apply" in refused(
        s, type="damage", amount=3, target=["d", "e"]).error


@pytest.mark.parametrize("action, what", [
    ({"type": "heal", "amount": 2}, "healing"),
    ({"type": "grant_endurance", "amount": 2}, "Endurance"),
    ({"type": "medical_aid", "bumps": 2}, "medical aid"),
    ({"type": "stabilize"}, "stabilizing"),
    ({"type": "short_rest", "resolve_rolls": [2]}, "a Short Rest"),
])
def test_la4_help_aimed_at_the_dead_names_who_blocks_it(action, what):
    """Healing and the like aimed at a dead character is a mistake the GM must see."""
    s = desk({"id": "a", "name": "Ari", "max_hp": 10, "hp": -1, "wounded": True,
              "resolve_dice": 1}, DEAD, rest_while_unconscious="rest")
    error = refused(s, **action, target=["a", "d"]).error
    assert error == (f"Brann is dead; {what} cannot apply to a dead character; leave Brann "
                     "out of the targets to apply it to the others")
