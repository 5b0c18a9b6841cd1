"""Lux Aeterna: status conditions, Shielded, Saves and durations
(RULES.md §3, LA-14, LA-15, LA-16; vector LA-T5)."""


import pytest

from .kit import ch, desk_of, names, refused, run, texts

LA = "lux_aeterna"
desk = desk_of(LA)


KARIS = {"id": "karis", "name": "Karis", "max_hp": 14}


def test_la_t5_karis_saves_cumulative_bumps():
    """LA-T5 / LA-14: Frozen from Level 8; 5 Bumps → still Frozen (3 more); then 3 → ends."""
    s = run(desk(KARIS), type="add_condition", target="karis", name="frozen",
            origin_level=8).state
    out = run(s, type="save", target="karis", condition="frozen", bumps=5)
    assert names(ch(out, "karis")) == ["frozen"]
    assert ch(out, "karis")["conditions"][0]["bumps"] == 5
    assert "3 more needed" in texts(out)
    out = run(out.state, type="end_turn", target="karis", condition="frozen", bumps=3)
    assert names(ch(out, "karis")) == []
    assert "5 + 3 = 8 of 8 Bumps; frozen ends" in texts(out)


def test_la14_reapplying_resets_bumps():
    """LA-14 Proposal: applying the condition again resets its Bumps."""
    s = desk(dict(KARIS, conditions=[{"name": "frozen", "origin_level": 8}]))
    s = run(s, type="save", target="karis", condition="frozen", bumps=5).state
    out = run(s, type="add_condition", target="karis", name="frozen", origin_level=6)
    cond = ch(out, "karis")["conditions"]
    assert len(cond) == 1 and (cond[0]["bumps"], cond[0]["origin_level"]) == (0, 6)


def test_la14_save_refusals():
    """LA-14: a Save against an absent condition, a positive one or an unknown name is refused."""
    s = desk(dict(KARIS, conditions=[{"name": "haste"}]))
    assert "Karis is not slowed" in refused(s, type="save", target="karis", condition="slowed",
                                            bumps=2).error
    assert "not ended by a Save" in refused(s, type="save", target="karis", condition="haste",
                                            bumps=2).error
    assert "unknown condition" in refused(s, type="save", target="karis", condition="burning",
                                          bumps=2).error
    assert "negative" in refused(s, type="save", target="karis", condition="haste",
                                 bumps=-1).error


def test_la15_add_condition_refusals():
    """LA-15/LA-16: unknown names, a missing origin level, a missing or stray amount."""
    s = desk(KARIS)
    assert "unknown condition 'on_fire'" in refused(
        s, type="add_condition", target="karis", name="on_fire", origin_level=2).error
    assert "origin_level" in refused(s, type="add_condition", target="karis",
                                     name="dazed").error
    assert "amount" in refused(s, type="add_condition", target="karis", name="ongoing_damage",
                               origin_level=3).error
    assert "only for" in refused(s, type="add_condition", target="karis", name="dazed",
                                 origin_level=3, amount=2).error
    assert "snake_case" in refused(s, type="add_condition", target="karis", name="Dazed",
                                   origin_level=3).error


def test_la16_shielded_negates_next_negative_condition_only():
    """LA-16: Shielded negates the next negative condition, then ends; boons pass."""
    s = desk(dict(KARIS, conditions=[{"name": "shielded"}]))
    out = run(s, type="add_condition", target="karis", name="haste")
    assert names(ch(out, "karis")) == ["haste", "shielded"]
    out = run(out.state, type="add_condition", target="karis", name="dazed", origin_level=3)
    assert names(ch(out, "karis")) == ["haste"]
    assert "Shielded negates dazed" in texts(out)
    out = run(out.state, type="add_condition", target="karis", name="dazed", origin_level=3)
    assert names(ch(out, "karis")) == ["dazed", "haste"]


def test_la15_remove_condition_and_refusal():
    """LA-15: an effect's own duration ends it; removing an absent condition is refused."""
    s = desk(dict(KARIS, conditions=[{"name": "prone", "origin_level": 1}]))
    out = run(s, type="remove_condition", target="karis", name="prone")
    assert names(ch(out, "karis")) == []
    assert "Karis is not prone" in refused(out.state, type="remove_condition", target="karis",
                                           name="prone").error


def test_la15_rounds_count_down_at_end_of_turn():
    """LA-15: a condition lasting 2 rounds ends at the end of the second turn."""
    s = run(desk(KARIS), type="add_condition", target="karis", name="haste", rounds=2).state
    s = run(s, type="end_turn", target="karis").state
    assert s["characters"]["karis"]["conditions"][0]["rounds"] == 1
    out = run(s, type="end_turn", target="karis")
    assert names(ch(out, "karis")) == [] and "duration runs out" in texts(out)


def test_la16_regenerating_heals_and_wakes_at_turn_start():
    """LA-16 Regenerating (X): X HP at the start of the turn, healing that stabilizes and wakes."""
    s = desk({"id": "v", "max_hp": 10, "hp": -1, "wounded": True,
              "conditions": [{"name": "regenerating", "amount": 3}]})
    out = run(s, type="start_turn", target="v")
    c = ch(out, "v")
    assert (c["hp"], c["wounded"], c["conscious"], c["strain"]) == (2, False, True, 0)


@pytest.mark.parametrize("name", ["stunned", "frozen", "slowed"])
def test_la4_save_endable_conditions_end_at_zero_hp(name):
    """LA-4 Proposal: conditions a Save could end end when HP crosses 0 (non-lethal here)."""
    s = desk({"id": "v", "max_hp": 10, "hp": 1,
              "conditions": [{"name": name, "origin_level": 2}, {"name": "regenerating",
                                                                 "amount": 1}]})
    s = run(s, type="add_condition", target="v", name="ongoing_damage", origin_level=1,
            amount=2).state
    out = run(s, type="start_turn", target="v", trauma_roll=19)
    # Regenerating 1 → 2 HP, then Ongoing Damage 2 → 0 HP: the Save-endable ones end.
    assert names(ch(out, "v")) == ["regenerating"]
