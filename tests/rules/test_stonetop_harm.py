"""Stonetop harm rules ST-1 … ST-6 (RULES.md §2), with the seeds' worked examples."""

import pytest

from harmdesk.rules.engine import apply, new_state


def desk(*sheets, **settings):
    return new_state("stonetop", settings, list(sheets))


def pc(cid="heavy", **kw):
    return {"id": cid, "name": kw.pop("name", cid.title()), "kind": kw.pop("kind", "pc"),
            "max_hp": kw.pop("max_hp", 20), **kw}


def do(state, **action):
    return apply(state, action)


def char(out, cid="heavy"):
    return out.state["characters"][cid]


def test_st3_piercing_lowers_effective_armor_only():
    """ST-3 / ST-T2: 5 damage, 1 piercing, armor 2 → lose 4 HP; armor stays 2."""
    out = do(desk(pc(armor=2)), type="damage", target="heavy", amount=5, piercing=1)
    assert out.ok
    assert char(out)["hp"] == 16 and char(out)["armor"] == 2
    ev = out.events[0]
    assert "armor 2 − 1 piercing = 1; 5 − 1 = 4 HP lost; 20 → 16 HP" in ev.text
    assert ev.data["hp_before"] == 20 and ev.data["hp_after"] == 16 and ev.data["lost"] == 4


def test_st3_lose_hp_ignores_armor():
    """ST-3 / ST-T3: "lose 5 HP" with armor 2 → −5 HP."""
    out = do(desk(pc(armor=2)), type="lose_hp", target="heavy", amount=5)
    assert char(out)["hp"] == 15
    assert "armor never applies" in out.events[0].text


def test_st3_ignores_armor_takes_full_damage():
    """ST-3 / ST-T4: 5 damage, ignores armor, armor 2 → −5 HP."""
    out = do(desk(pc(armor=2)), type="damage", target="heavy", amount=5, ignores_armor=True)
    assert char(out)["hp"] == 15
    assert "ignores armor; 5 HP lost" in out.events[0].text


def test_st3_damage_absorbed_by_armor_is_still_a_hit():
    """ST-3 / ST-T5: 2 damage vs armor 2 → 0 HP lost, still hit; forceful tag is carried."""
    out = do(desk(pc(armor=2)), type="damage", target="heavy", amount=2, tags=["forceful"])
    assert char(out)["hp"] == 20
    ev = out.events[0]
    assert "2 − 2 = 0 HP lost; still hit" in ev.text and "forceful" in ev.text
    assert ev.data["tags"] == ["forceful"]


def test_st3_piercing_above_armor_never_adds_damage():
    """ST-3 edge: 3 piercing against armor 1 → effective armor 0, damage unchanged."""
    out = do(desk(pc(armor=1)), type="damage", target="heavy", amount=4, piercing=3)
    assert char(out)["hp"] == 16
    assert "armor 1 − 3 piercing = 0" in out.events[0].text


def test_st4_x_piercing_is_prosperity():
    """ST-4 / ST-T6: x piercing, Prosperity 2, armor 3, 4 damage → effective armor 1, −3 HP."""
    out = do(desk(pc(armor=3), prosperity=2), type="damage", target="heavy", amount=4,
             piercing="x")
    assert char(out)["hp"] == 17
    assert "x piercing = Prosperity 2" in out.events[0].text
    assert out.events[0].data["effective_armor"] == 1


def test_st4_lacking_lowers_x_piercing_by_one():
    """ST-4: a lacking steading counts Prosperity 1 lower: Prosperity 2 lacking → 1 piercing."""
    out = do(desk(pc(armor=3), prosperity=2, lacking=True), type="damage", target="heavy",
             amount=4, piercing="x")
    assert char(out)["hp"] == 18
    assert "1 lacking" in out.events[0].text


def test_st1_hagr_dice_damage_from_rolls():
    """ST-1: the hagr's d10+3 with a 7 rolled deals 10; armor 2 → 8 lost."""
    out = do(desk(pc(armor=2)), type="damage", target="heavy", dice="d10+3", rolls=[7])
    assert char(out)["hp"] == 12
    assert "= 10" in out.events[0].text


def test_st1_missing_roll_is_refused_naming_it():
    """ST-1: dice without rolls are refused and the needed roll is named."""
    state = desk(pc())
    out = do(state, type="damage", target="heavy", dice="d8")
    assert not out.ok and "rolls" in out.error and out.state is state
    assert out.needs and out.needs[0]["key"] == "rolls"


def test_st1_negative_amount_refused():
    """ST-1: a negative amount is refused."""
    state = desk(pc())
    out = do(state, type="damage", target="heavy", amount=-3)
    assert not out.ok and "negative" in out.error and out.state == state


def test_st5_hp_clamps_at_zero():
    """ST-5: HP never goes below 0."""
    out = do(desk(pc(hp=3)), type="damage", target="heavy", amount=30)
    assert char(out)["hp"] == 0
    assert "HP stops at 0" in out.events[0].text


def test_st6_pc_lethal_goes_dying():
    """ST-6 / ST-T7: PC 3 HP, 6 lethal damage, armor 0 → HP 0, dying."""
    out = do(desk(pc(hp=3)), type="damage", target="heavy", amount=6)
    assert char(out)["hp"] == 0 and char(out)["death"] == "dying"
    assert any(e.kind == "death" and "Death's Door" in e.text for e in out.events)


def test_st6_pc_non_lethal_goes_out_of_action():
    """ST-6 / ST-T8: same, non-lethal → HP 0, out of the action."""
    out = do(desk(pc(hp=3)), type="damage", target="heavy", amount=6, lethal=False)
    assert char(out)["death"] == "out_of_action"


def test_st6_broken_fingers_d8_ignores_armor_not_lethal():
    """ST-6: problematic-wound damage 1d8, ignores armor, won't kill: out of the action."""
    out = do(desk(pc(hp=5, armor=2)), type="damage", target="heavy", dice="d8", rolls=[6],
             ignores_armor=True, lethal=False)
    assert char(out)["hp"] == 0 and char(out)["death"] == "out_of_action"


@pytest.mark.parametrize("kind", ["npc", "monster", "follower"])
def test_st6_npcs_monsters_followers_die_from_lethal(kind):
    """ST-6: NPCs, monsters (and followers as NPCs) at 0 HP from a lethal source are dead."""
    out = do(desk(pc("x", kind=kind, max_hp=6)), type="damage", target="x", amount=9)
    assert char(out, "x")["death"] == "dead"


def test_st6_follower_rolls_deaths_door_under_the_old_setting_key():
    """ST-6: a campaign saved with followers_roll_deaths_door on reads it as
    follower_at_zero = dying."""
    out = do(desk(pc("afon", kind="follower", max_hp=8), followers_roll_deaths_door=True),
             type="damage", target="afon", amount=9)
    assert char(out, "afon")["death"] == "dying"


def test_st6_npc_non_lethal_out_of_action():
    """ST-6: an NPC from a non-lethal source is out of the action, not dead."""
    out = do(desk(pc("n", kind="npc", max_hp=6)), type="lose_hp", target="n", amount=9,
             lethal=False)
    assert char(out, "n")["death"] == "out_of_action"


def test_st6_out_of_action_at_zero_stays_out_of_action():
    """ST-6/ST-7: someone already out of the action at 0 HP is not pushed to Death's Door."""
    state = desk(pc(hp=0, death="out_of_action"))
    out = do(state, type="damage", target="heavy", amount=5)
    assert char(out)["death"] == "out_of_action"


def test_st7_dead_stays_dead_under_damage():
    """ST-7: dead is never undone by HP changes; damage changes nothing but HP."""
    out = do(desk(pc(hp=0, death="dead")), type="damage", target="heavy", amount=5)
    assert char(out)["death"] == "dead"


def test_st2_gang_up_coedwig_and_birdwraig():
    """ST-2 / ST-T1: 6×(d6, 1 piercing) + 1×(d8+3, forceful) → d8+9, 1 piercing, forceful."""
    out = do(desk(pc(armor=2)), type="gang_damage", target="heavy", rolls=[5], attackers=[
        {"dice": "d6", "piercing": 1, "count": 6, "name": "coedwig"},
        {"dice": "d8+3", "tags": ["forceful"], "name": "birdwraig"}])
    assert out.ok, out.error
    ev = out.events[0]
    assert "d8+9, 1 piercing, forceful" in ev.text
    assert ev.data["expression"] == "d8+9" and ev.data["tags"] == ["forceful"]
    # 5 + 9 = 14; armor 2 − 1 piercing = 1 → 13 lost
    assert char(out)["hp"] == 7 and char(out)["armor"] == 2


def test_st2_gang_up_missing_roll_names_the_combined_die():
    """ST-2: without rolls the action is refused and asks for the combined expression."""
    out = do(desk(pc()), type="gang_damage", target="heavy",
             attackers=[{"dice": "d6", "count": 2}])
    assert not out.ok and "d6+1" in out.error
    assert out.needs[0]["dice"] == "d6+1"


def test_st2_gang_tie_takes_higher_bonus_by_default():
    """ST-2 ambiguity (a): d8+1 and d8+4 → d8+5 by default, d8+2 with first_listed."""
    attackers = [{"dice": "d8+1"}, {"dice": "d8+4"}]
    a = do(desk(pc()), type="gang_damage", target="heavy", attackers=attackers, rolls=[1])
    b = do(desk(pc(), gang_tie="first_listed"), type="gang_damage", target="heavy",
           attackers=attackers, rolls=[1])
    assert a.events[0].data["expression"] == "d8+5"
    assert b.events[0].data["expression"] == "d8+2"


def test_st2_piercing_stack_max_or_sum():
    """ST-2 ambiguity (b): 1 and 2 piercing → 2 (max, default) or 3 (sum)."""
    attackers = [{"dice": "d6", "piercing": 1}, {"dice": "d4", "piercing": 2}]
    a = do(desk(pc(armor=4)), type="gang_damage", target="heavy", attackers=attackers, amount=6)
    b = do(desk(pc(armor=4), piercing_stack="sum"), type="gang_damage", target="heavy",
           attackers=attackers, amount=6)
    assert char(a)["hp"] == 20 - (6 - 2)
    assert char(b)["hp"] == 20 - (6 - 1)


def test_st2_single_attacker_has_no_bonus():
    """ST-2 ambiguity (c): N = 1 is the ordinary case."""
    out = do(desk(pc()), type="gang_damage", target="heavy", attackers=[{"dice": "d10+3"}],
             rolls=[4])
    assert out.events[0].data["expression"] == "d10+3" and char(out)["hp"] == 13


def test_st2_attackers_from_sheets():
    """ST-2: an attacker may be a character on the desk, using its sheet's `attack`."""
    state = desk(pc(), {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 12,
                        "attack": {"dice": "d10+3", "tags": ["forceful"]}})
    out = do(state, type="gang_damage", target="heavy", rolls=[2],
             attackers=[{"id": "hagr", "count": 2}])
    assert out.ok, out.error
    assert out.events[0].data["expression"] == "d10+4"
    assert char(out)["hp"] == 14


def test_st2_bad_attacker_is_refused_naming_it():
    """ST-2: a malformed attacker is refused naming its index."""
    out = do(desk(pc()), type="gang_damage", target="heavy", amount=3,
             attackers=[{"dice": "d6"}, {"dcie": "d8"}])
    assert not out.ok and "attackers[1]" in out.error and "dcie" in out.error


def test_st9_rearm_on_hp_drop_only_by_default():
    """ST-9: a hit that armor absorbs does not re-arm Recover (default hp_drop); any_hit does."""
    sheet = pc(hp=10, armor=3, can_recover=False)
    a = do(desk(sheet), type="damage", target="heavy", amount=2)
    b = do(desk(sheet, recover_rearm="any_hit"), type="damage", target="heavy", amount=2)
    c = do(desk(sheet), type="damage", target="heavy", amount=4)
    assert char(a)["can_recover"] is False
    assert char(b)["can_recover"] is True
    assert char(c)["can_recover"] is True and "can Recover again" in c.events[0].text


def test_multi_target_damage_refuses_all_if_one_refuses():
    """DESIGN: a list of targets is all-or-nothing."""
    state = desk(pc("a"), pc("b"))
    ok = do(state, type="damage", target=["a", "b"], amount=3)
    assert [char(ok, c)["hp"] for c in "ab"] == [17, 17]
    bad = do(state, type="damage", target=["a", "zz"], amount=3)
    assert not bad.ok and bad.state is state


def test_st1_non_text_dice_refused_not_crashing():
    """ST-1: a `dice` that is not text (e.g. a list) is refused, never a crash."""
    out = do(desk(pc()), type="damage", target="heavy", dice=[], rolls=None)
    assert not out.ok and "`dice` must be non-empty text" in out.error


def test_st2_added_piercing_applies_with_the_attacks_own():
    """ST-2 (b), ST-3: the GM's added piercing and the attack's own apply as several piercing
    values do: 1 and 2 → 2 (max, default) or 3 (sum); armor 4, 6 damage."""
    action = {"type": "damage", "target": "heavy", "amount": 6, "piercing": 1, "added_piercing": 2}
    a = do(desk(pc(armor=4)), **action)
    b = do(desk(pc(armor=4), piercing_stack="sum"), **action)
    assert char(a)["hp"] == 20 - (6 - 2) and char(b)["hp"] == 20 - (6 - 1)
    assert "1 piercing and 2 added piercing: the larger, 2 piercing" in a.events[0].text
    assert "the sum of the distinct values, 3 piercing" in b.events[0].text
    alone = do(desk(pc(armor=4)), type="damage", target="heavy", amount=6, added_piercing=3)
    assert char(alone)["hp"] == 20 - (6 - 1)
    assert "armor 4 − 3 piercing = 1" in alone.events[0].text


def test_st4_added_x_piercing_reads_prosperity():
    """ST-4: added "x" piercing is the steading's Prosperity, then combined (ST-2 b)."""
    out = do(desk(pc(armor=3), prosperity=2), type="damage", target="heavy", amount=4,
             piercing=1, added_piercing="x")
    assert char(out)["hp"] == 20 - (4 - 1)
    assert "x piercing = Prosperity 2 = 2" in out.events[0].text


def test_st2_gang_takes_the_gms_piercing_ignores_armor_and_non_lethal():
    """ST-2, ST-3, ST-6: modifiers on a gang-up apply to its one instance of damage."""
    coedwig = [{"dice": "d6", "piercing": 1, "count": 2}]
    pierced = do(desk(pc(armor=3)), type="gang_damage", target="heavy", attackers=coedwig,
                 amount=5, added_piercing=2)
    assert char(pierced)["hp"] == 20 - (5 - 1)  # armor 3 − 2 piercing (the larger of 1, 2)
    ignored = do(desk(pc(armor=3)), type="gang_damage", target="heavy", attackers=coedwig,
                 amount=5, ignores_armor=True)
    assert char(ignored)["hp"] == 15 and "ignores armor" in ignored.events[0].text
    out = do(desk(pc(hp=2, armor=0)), type="gang_damage", target="heavy", attackers=coedwig,
             amount=5, lethal=False)
    assert char(out)["hp"] == 0 and char(out)["death"] == "out_of_action"


@pytest.mark.parametrize("reading, death", [("dead", "dead"), ("dying", "dying"),
                                            ("gm_decides", "out_of_action")])
def test_st6_follower_at_zero_readings(reading, death):
    """ST-6: "Followers are NPCs, so you get to decide what happens to them at 0 HP. You
    can, however, choose to have the player roll Death's Door for them." A PC and an NPC
    are not touched by the setting."""
    state = desk(pc("afon", kind="follower", max_hp=8), pc("guard", kind="npc", max_hp=6),
                 pc("fox", max_hp=6), follower_at_zero=reading)
    out = do(state, type="damage", target=["afon", "guard", "fox"], amount=9)
    assert [char(out, c)["death"] for c in ("afon", "guard", "fox")] == [death, "dead", "dying"]
    if reading == "gm_decides":
        assert "the GM decides their fate" in out.events[1].text
        kept = do(out.state, type="tend", target="afon", heal=2, death="none", supplies=1)
        assert kept.ok, kept.error
        assert (char(kept, "afon")["hp"], char(kept, "afon")["death"]) == (2, "none")


def test_st6_old_settings_key_is_upgraded_and_the_new_one_wins():
    """A saved campaign's followers_roll_deaths_door is read into follower_at_zero; when
    both are given the new key stands; off reads as the default, dead."""
    from harmdesk.rules.engine import full_settings, system_named
    system = system_named("stonetop")
    assert full_settings(system, {"followers_roll_deaths_door": True})["follower_at_zero"] \
        == "dying"
    assert full_settings(system, {"followers_roll_deaths_door": False})["follower_at_zero"] \
        == "dead"
    both = {"followers_roll_deaths_door": True, "follower_at_zero": "gm_decides"}
    assert full_settings(system, both)["follower_at_zero"] == "gm_decides"
    assert "followers_roll_deaths_door" not in full_settings(system, both)
    # a state whose settings were saved raw, before the setting existed
    state = desk(pc("afon", kind="follower", max_hp=8))
    state["settings"] = {k: v for k, v in state["settings"].items()
                         if k not in ("follower_at_zero", "gang_dice")}
    state["settings"]["followers_roll_deaths_door"] = True
    assert char(do(state, type="damage", target="afon", amount=9), "afon")["death"] == "dying"
    renamed = do(state, type="change_settings", settings={"prosperity": 1})
    assert renamed.ok, renamed.error
    assert renamed.state["settings"]["follower_at_zero"] == "dying"


@pytest.mark.parametrize("reading, expression, rolls, hp", [
    ("one_die", "d6+1", [5], 14), ("whole_roll", "2d6+1", [5, 6], 8)])
def test_st2_gang_dice_readings_for_a_multi_die_attacker(reading, expression, rolls, hp):
    """ST-2: "roll the single highest damage die among them": a 2d6 attacker and a d4
    ganging up roll one d6 (one_die, the default) or the whole 2d6 (whole_roll)."""
    out = do(desk(pc(), gang_dice=reading), type="gang_damage", target="heavy", rolls=rolls,
             attackers=[{"dice": "2d6", "name": "ogre"}, {"dice": "d4", "name": "rat"}])
    assert out.ok, out.error
    assert out.events[0].data["expression"] == expression and char(out)["hp"] == hp
    asked = do(desk(pc(), gang_dice=reading), type="gang_damage", target="heavy",
               attackers=[{"dice": "2d6"}, {"dice": "d4"}])
    assert asked.needs[0]["dice"] == expression


def test_st2_whole_roll_ranks_by_the_most_a_roll_can_deal():
    """ST-2 (gang_dice whole_roll): 2d6 (up to 12) outranks d10; one_die keeps the d10."""
    attackers = [{"dice": "d10"}, {"dice": "2d6"}]
    one = do(desk(pc()), type="gang_damage", target="heavy", attackers=attackers, rolls=[3])
    whole = do(desk(pc(), gang_dice="whole_roll"), type="gang_damage", target="heavy",
               attackers=attackers, rolls=[3, 3])
    assert one.events[0].data["expression"] == "d10+1"
    assert whole.events[0].data["expression"] == "2d6+1"


@pytest.mark.parametrize("reading, expression, rolls, lost", [
    ("one_die", "d8+4", [7], 11), ("whole_roll", "2d8kh1+4", [2, 7], 11)])
def test_st2_keep_highest_attacker_is_not_refused(reading, expression, rolls, lost):
    """ST-2, ST-13 (damage with advantage: roll the die twice, keep the higher): a
    2d8kh1+3 attacker gangs up as d8 or as its whole 2d8kh1."""
    out = do(desk(pc(), gang_dice=reading), type="gang_damage", target="heavy", rolls=rolls,
             attackers=[{"dice": "2d8kh1+3"}, {"dice": "d6"}])
    assert out.ok, out.error
    assert out.events[0].data["expression"] == expression
    assert char(out)["hp"] == 20 - lost
