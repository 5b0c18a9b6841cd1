"""Lux Aeterna: the order of a hit, Endurance, HP Debt, 0 HP, Wounded and Strain
(RULES.md §3, LA-1 … LA-6, LA-16, LA-17; vectors LA-T1, T3, T6, T7, T8, T12, T13)."""


import pytest

from .kit import ch, desk_of, names, refused, run, texts

LA = "lux_aeterna"
desk = desk_of(LA)


def test_la_t1_endurance_absorbs_first():
    """LA-T1 / LA-2: Sara, 20 HP and 5 Endurance, takes 7 → Endurance 0, HP 18."""
    out = run(desk({"id": "sara", "name": "Sara", "max_hp": 20, "endurance": 5}),
              type="damage", target="sara", amount=7)
    assert (ch(out, "sara")["endurance"], ch(out, "sara")["hp"]) == (0, 18)
    assert "Endurance absorbs 5 (5 \u2192 0); 2 HP lost; 20 \u2192 18 HP" in texts(out)
    data = out.events[0].data
    assert (data["hp_before"], data["hp_after"], data["absorbed"]) == (20, 18, 5)


def test_la2_endurance_partly_left():
    """LA-2: a hit smaller than the Endurance leaves HP untouched."""
    out = run(desk({"id": "s", "max_hp": 20, "endurance": 5}), type="damage", target="s",
              amount=3)
    assert (ch(out, "s")["endurance"], ch(out, "s")["hp"]) == (2, 20)


def test_la_t3_hp_debt_and_unconscious():
    """LA-T3 / LA-3: Roche, 3 HP, takes 10 non-lethal → HP −7, unconscious, not Wounded."""
    out = run(desk({"id": "roche", "name": "Roche", "max_hp": 10, "hp": 3}),
              type="damage", target="roche", amount=10, lethal=False)
    c = ch(out, "roche")
    assert (c["hp"], c["conscious"], c["wounded"]) == (-7, False, False)
    assert "HP Debt 7" in texts(out)
    assert "3 \u2192 \u22127 HP" in texts(out)


def test_la3_more_damage_deepens_debt():
    """LA-3: damage while unconscious adds to the debt."""
    s = desk({"id": "r", "max_hp": 10, "hp": -7})
    out = run(s, type="damage", target="r", amount=4, lethal=False)
    assert ch(out, "r")["hp"] == -11


def test_la_t6_lethal_hit_wounds_with_trauma_and_clears_save_endable():
    """LA-T6 / LA-4: HP 5, lethal 8 → HP −3, Wounded, Trauma rolled, Save-endable
    conditions cleared, positive ones kept."""
    s = desk({"id": "v", "name": "Vahid", "max_hp": 12, "hp": 5,
              "conditions": [{"name": "slowed", "origin_level": 3},
                             {"name": "haste"}]})
    out = run(s, type="damage", target="v", amount=8, trauma_roll=4)
    c = ch(out, "v")
    assert (c["hp"], c["wounded"], c["conscious"], c["traumas"]) == (-3, True, False, [4])
    assert names(c) == ["haste"]
    assert "Trauma roll 4: Broken" in texts(out)
    assert "slowed" in texts(out)


def test_la4_zero_hp_all_setting_ends_every_condition_but_trauma_ones():
    """LA-4 other reading (`zero_hp_ends: all`): positive conditions end too; a Trauma's stay."""
    s = desk({"id": "v", "max_hp": 12, "hp": 5, "traumas": [11],
              "conditions": [{"name": "haste"}]}, zero_hp_ends="all")
    out = run(s, type="damage", target="v", amount=8, lethal=False)
    assert names(ch(out, "v")) == ["blinded"]


def test_la4_missing_trauma_roll_is_refused_with_needs():
    """LA-4 / DESIGN: a hit that Wounds without `trauma_roll` is refused, naming the roll."""
    s = desk({"id": "v", "name": "Vahid", "max_hp": 12, "hp": 5})
    out = refused(s, type="damage", target="v", amount=8)
    assert "Vahid" in out.error and "trauma_roll" in out.error
    assert out.needs[0]["key"] == "trauma_roll" and out.needs[0]["dice"] == "d20"


def test_la4_non_lethal_stops_at_unconscious():
    """LA-4: non-lethal damage to 0 → unconscious, no Wounded, no roll needed."""
    out = run(desk({"id": "v", "max_hp": 12, "hp": 5}), type="damage", target="v", amount=5,
              lethal=False)
    c = ch(out, "v")
    assert (c["hp"], c["conscious"], c["wounded"], c["traumas"]) == (0, False, False, [])


def test_la4_lethal_after_knockout_wounds_by_default():
    """LA-4 Proposal: lethal damage to a KO'd, unwounded character makes them Wounded."""
    s = desk({"id": "v", "max_hp": 12, "hp": -1})
    out = run(s, type="damage", target="v", amount=2, trauma_roll=10)
    assert (ch(out, "v")["hp"], ch(out, "v")["wounded"], ch(out, "v")["traumas"]) == (-3, True,
                                                                                      [10])


def test_la4_lethal_after_knockout_no_wound_setting():
    """LA-4 other reading (`lethal_after_knockout: no_wound`): only crossing 0 Wounds."""
    s = desk({"id": "v", "max_hp": 12, "hp": -1}, lethal_after_knockout="no_wound")
    out = run(s, type="damage", target="v", amount=2)
    assert (ch(out, "v")["hp"], ch(out, "v")["wounded"]) == (-3, False)


def test_la4_already_wounded_rolls_no_new_trauma():
    """LA-4: a Wounded character hit again gains only Strain, no new Trauma."""
    s = desk({"id": "v", "max_hp": 12, "hp": -1, "wounded": True, "traumas": [4]})
    out = run(s, type="damage", target="v", amount=2)
    assert (ch(out, "v")["traumas"], ch(out, "v")["strain"]) == ([4], 1)


def test_la_t8_wounded_hit_adds_strain():
    """LA-T8 / LA-6: Wounded, takes a hit → Strain +1."""
    s = desk({"id": "v", "max_hp": 12, "hp": -2, "wounded": True, "strain": 1})
    out = run(s, type="damage", target="v", amount=1)
    assert ch(out, "v")["strain"] == 2
    assert "Strain 1 \u2192 2 of 3" in texts(out)


def test_la6_strain_never_exceeds_max():
    """LA-6: Strain stops at the maximum (death comes at the start of the turn)."""
    s = desk({"id": "v", "max_hp": 12, "hp": -2, "wounded": True, "strain": 3})
    out = run(s, type="damage", target="v", amount=1)
    assert ch(out, "v")["strain"] == 3 and not ch(out, "v")["dead"]


def test_la6_endurance_only_hit_counts_by_default():
    """LA-6 Proposal: a hit wholly absorbed by Endurance still adds Strain."""
    sheet = {"id": "v", "max_hp": 12, "hp": -2, "wounded": True, "endurance": 4}
    out = run(desk(sheet), type="damage", target="v", amount=3)
    assert (ch(out, "v")["hp"], ch(out, "v")["endurance"], ch(out, "v")["strain"]) == (-2, 1, 1)
    out = run(desk(sheet, endurance_absorbed_counts=False), type="damage", target="v", amount=3)
    assert ch(out, "v")["strain"] == 0


@pytest.mark.parametrize("strain,dead,after", [(2, False, 3), (3, True, 3), (0, False, 1)])
def test_la_t7_strain_at_turn_start(strain, dead, after):
    """LA-T7 / LA-6: Wounded, not Stabilized, Strain s at turn start: s ≥ max dies, else s+1."""
    s = desk({"id": "v", "max_hp": 12, "hp": -2, "wounded": True, "strain": strain})
    out = run(s, type="start_turn", target="v")
    c = ch(out, "v")
    assert (c["dead"], c["strain"], c["conscious"]) == (dead, after, False)
    if dead:
        assert "maximum Strain" in texts(out)


def test_la6_strain_check_after_setting():
    """LA-6 other reading (`strain_death_check: after`): 2 → 3 then dies at 3 of 3."""
    s = desk({"id": "v", "max_hp": 12, "hp": -2, "wounded": True, "strain": 2},
             strain_death_check="after")
    out = run(s, type="start_turn", target="v")
    assert (ch(out, "v")["strain"], ch(out, "v")["dead"]) == (3, True)


def test_la7_stabilized_gains_no_turn_strain():
    """LA-6/LA-7: a Stabilized Wounded character gains no Strain at the start of the turn."""
    s = desk({"id": "v", "max_hp": 12, "hp": -2, "wounded": True, "stabilized": True,
              "strain": 1})
    out = run(s, type="start_turn", target="v")
    assert ch(out, "v")["strain"] == 1


def test_la_t12_shielded_negates_a_hit():
    """LA-T12 / LA-16: Shielded, 9 damage → 0 taken, Shielded removed."""
    s = desk({"id": "k", "max_hp": 10, "conditions": [{"name": "shielded"}]})
    out = run(s, type="damage", target="k", amount=9)
    assert (ch(out, "k")["hp"], names(ch(out, "k"))) == (10, [])
    assert "negated: shielded; Shielded ends" in texts(out)
    out2 = run(out.state, type="damage", target="k", amount=9)
    assert ch(out2, "k")["hp"] == 1


@pytest.mark.parametrize("cond", ["intangible", "frozen"])
def test_la16_intangible_and_frozen_take_no_damage_and_keep_shield(cond):
    """LA-16 / LA-1: Intangible and Frozen negate first; Shielded is not spent."""
    s = desk({"id": "k", "max_hp": 10, "conditions": [{"name": cond, "origin_level": 2},
                                                     {"name": "shielded"}]})
    out = run(s, type="damage", target="k", amount=9)
    assert ch(out, "k")["hp"] == 10 and "shielded" in names(ch(out, "k"))


def test_la_t13_stunned_ends_on_damage():
    """LA-T13 / LA-16: Stunned, takes 1 damage → Stunned removed."""
    s = desk({"id": "k", "max_hp": 10, "conditions": [{"name": "stunned", "origin_level": 4}]})
    out = run(s, type="damage", target="k", amount=1)
    assert (ch(out, "k")["hp"], names(ch(out, "k"))) == (9, [])
    assert "Stunned ends" in texts(out)


def test_la14_charmed_may_save_when_damaged():
    """LA-14: Charmed may Save whenever the character takes damage (an event says so)."""
    s = desk({"id": "k", "max_hp": 10, "conditions": [{"name": "charmed", "origin_level": 4}]})
    assert "may Save against it now" in texts(run(s, type="damage", target="k", amount=1))


@pytest.mark.parametrize("rounding,hp", [("down", 6), ("up", 5)])
def test_la17_weakened_attacker_halves(rounding, hp):
    """LA-17 / LA-16: a Weakened attacker's 9 becomes 4 (down) or 5 (up)."""
    s = desk({"id": "k", "max_hp": 10}, halve_rounding=rounding)
    out = run(s, type="damage", target="k", amount=9, attacker_weakened=True)
    assert ch(out, "k")["hp"] == hp
    assert f"9 halved, rounding {rounding}" in texts(out)


def test_la17_vulnerability_is_not_halved():
    """LA-1/LA-17: Resistance first, halving next, Vulnerability added unhalved:
    (9 − 1) / 2 = 4, + 2 physical vulnerability = 6."""
    s = desk({"id": "k", "max_hp": 20, "physical_vulnerability": 2})
    out = run(s, type="damage", target="k", amount=9, resistance=1, attacker_weakened=True,
              physical=True)
    assert ch(out, "k")["hp"] == 14
    assert "Vulnerability +2 = 6" in texts(out)


def test_la1_dice_damage():
    """LA-1 / DESIGN dice: `dice` + `rolls` give the amount."""
    out = run(desk({"id": "k", "max_hp": 20}), type="damage", target="k", dice="2d6+1",
              rolls=[3, 4])
    assert ch(out, "k")["hp"] == 12


def test_la1_refusals_negative_amount_and_dead_target():
    """LA-1: a negative amount is refused; a dead character stays dead (damage refused)."""
    s = desk({"id": "k", "max_hp": 20}, )
    assert "negative" in refused(s, type="damage", target="k", amount=-2).error
    dead = desk({"id": "k", "name": "Kor", "max_hp": 20, "hp": -3, "dead": True})
    assert "Kor is dead" in refused(dead, type="damage", target="k", amount=2).error


def test_la1_multi_target_refused_as_a_whole():
    """DESIGN: a list target is refused as a whole when one part needs a roll."""
    s = desk({"id": "a", "max_hp": 20}, {"id": "b", "max_hp": 3})
    out = refused(s, type="damage", target=["a", "b"], amount=5)
    assert "trauma_roll" in out.error
    ok = run(s, type="damage", target=["a", "b"], amount=5, trauma_roll={"b": 19})
    assert (ch(ok, "a")["hp"], ch(ok, "b")["hp"], ch(ok, "b")["wounded"]) == (15, -2, True)
    assert ch(ok, "b")["traumas"] == []


def test_la16_ongoing_damage_ignores_endurance_and_shield_at_turn_start():
    """LA-16 Proposal: Ongoing Damage bypasses Endurance and Shielded."""
    s = desk({"id": "k", "max_hp": 10, "endurance": 5,
              "conditions": [{"name": "ongoing_damage", "origin_level": 2, "amount": 3},
                             {"name": "shielded"}]})
    out = run(s, type="start_turn", target="k")
    c = ch(out, "k")
    assert (c["hp"], c["endurance"], "shielded" in names(c)) == (7, 5, True)


def test_la16_ongoing_damage_can_wound_and_needs_trauma_roll():
    """DESIGN start_turn: lethal Ongoing Damage that Wounds needs `trauma_roll`; the Strain
    of the turn's start is not added since the turn began unwounded."""
    s = desk({"id": "k", "max_hp": 10, "hp": 2,
              "conditions": [{"name": "ongoing_damage", "origin_level": 2, "amount": 3}]})
    assert "trauma_roll" in refused(s, type="start_turn", target="k").error
    out = run(s, type="start_turn", target="k", trauma_roll=9)
    c = ch(out, "k")
    assert (c["hp"], c["wounded"], c["strain"], c["traumas"]) == (-1, True, 0, [9])
    assert "ongoing_damage" not in names(c)  # a Save could end it, so it ends at 0 HP


def test_la16_regenerating_then_ongoing_then_strain_order():
    """DESIGN start_turn order: Regenerating heals (and stabilizes), Ongoing Damage hurts
    (+1 Strain while Wounded), then +1 Strain since the turn BEGAN Wounded, not Stabilized."""
    s = desk({"id": "k", "max_hp": 10, "hp": -4, "wounded": True,
              "conditions": [{"name": "regenerating", "amount": 2},
                             {"name": "ongoing_damage", "origin_level": 2, "amount": 1}]})
    out = run(s, type="start_turn", target="k")
    c = ch(out, "k")
    assert (c["hp"], c["stabilized"], c["strain"]) == (-3, True, 2)
