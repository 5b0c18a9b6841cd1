"""Freedom Fantasies: Damage, Block, Direct, types, Protection (RULES.md §4, FF-1 … FF-9)."""

import pytest

from harmdesk.rules.engine import apply

from .kit import ch as char, desk_of, run, texts

FF = "freedom_fantasies"
desk = desk_of(FF)


@pytest.mark.parametrize("amount,wounded,ended", [(10, False, False), (11, True, False),
                                                   (20, True, False), (21, True, True)])
def test_ff_t1_wounded_and_story_end_thresholds(amount, wounded, ended):
    """FF-T1 / FF-2 / FF-3: HP 10; Damage 10 ok, 11 and 20 Wounded, 21 Story Ends."""
    out = run(desk({"id": "v", "hp": 10}), type="damage", target="v", amount=amount)
    c = char(out, "v")
    assert (c["damage"], c["wounded"], c["story_ended"]) == (amount, wounded, ended)
    assert ("is Wounded" in texts(out)) == wounded
    assert ("Story Ends" in texts(out)) == ended


def test_ff1_hp_never_changes_and_damage_builds_up():
    """FF-1: damage adds up across instances; HP stays the limit."""
    state = desk({"id": "v", "hp": 10})
    state = run(state, type="damage", target="v", amount=4).state
    out = run(state, type="damage", target="v", amount=5)
    assert char(out, "v")["damage"] == 9 and char(out, "v")["hp"] == 10
    assert out.events[0].data["damage_before"] == 4
    assert out.events[0].data["damage_after"] == 9


@pytest.mark.parametrize("amount,taken", [(3, 0), (4, 4)])
def test_ff_t5_block_all_or_nothing(amount, taken):
    """FF-T5 / FF-6: Block 3 (Might 1 + Block Bonus 2); 3 is Blocked, 4 is taken in full."""
    state = desk({"id": "v", "hp": 10, "might": 1, "block_bonus": 2})
    out = run(state, type="damage", target="v", amount=amount)
    assert char(out, "v")["damage"] == taken
    assert ("Blocked, 0 taken" in texts(out)) == (taken == 0)


def test_ff_t5_ff7_direct_is_never_blocked():
    """FF-T5 / FF-7: Direct 2 against Block 3 is taken."""
    state = desk({"id": "v", "hp": 10, "might": 1, "block_bonus": 2})
    out = run(state, type="damage", target="v", amount=2, direct=True)
    assert char(out, "v")["damage"] == 2
    assert "cannot be Blocked" in texts(out)
    assert "direct" in out.events[0].data["tags"]


def test_ff7_additional_on_direct_is_direct():
    """FF-5 / FF-7: Additional Damage added to Direct Damage is also Direct."""
    state = desk({"id": "v", "hp": 10, "block_bonus": 5})
    out = run(state, type="damage", target="v", amount=1, direct=True,
              additional=[{"amount": 1, "damage_type": "fire"}])
    assert char(out, "v")["damage"] == 2


def test_ff_t6_rage_additional_is_one_instance_of_slashing():
    """FF-T6 / FF-5: weapon 2 slashing + Rage 2 (untyped) = one instance of 4 slashing > Block 3."""
    state = desk({"id": "v", "hp": 10, "might": 3})
    out = run(state, type="damage", target="v", amount=2, damage_type="slashing",
              additional=[{"amount": 2}])
    assert char(out, "v")["damage"] == 4
    assert "2 slashing + 2 additional slashing = 4" in texts(out)
    assert out.events[0].data["tags"] == ["slashing"]


def test_ff_t7_reduction_applies_before_block():
    """FF-T7 / FF-6: 5 damage reduced by 2 = 3, which Block 3 Blocks entirely."""
    state = desk({"id": "v", "hp": 10, "block_bonus": 3})
    out = run(state, type="damage", target="v", amount=5, reduce=2)
    assert char(out, "v")["damage"] == 0
    assert "5 − 2 reduced = 3" in texts(out) and "Blocked" in texts(out)


def test_ff6_block_compare_bonus_setting_uses_armor_only():
    """FF-6 AMBIGUITY, setting block_compare="bonus": Might is ignored, 3 > Bonus 2 is taken."""
    sheet = {"id": "v", "hp": 10, "might": 1, "block_bonus": 2}
    assert char(run(desk(sheet), type="damage", target="v", amount=3), "v")["damage"] == 0
    state = desk(sheet, block_compare="bonus")
    assert state["characters"]["v"]["block"] == 2
    assert char(run(state, type="damage", target="v", amount=3), "v")["damage"] == 3


@pytest.mark.parametrize("before,amount,p_after,d_after", [(5, 8, 0, 3), (5, 3, 2, 0)])
def test_ff_t8_protection_takes_damage_first(before, amount, p_after, d_after):
    """FF-T8 / FF-9: Protection 5 takes 8 → P 0, Damage +3; takes 3 → P 2, Damage +0."""
    state = desk({"id": "v", "hp": 10, "protection": before, "protection_source": "Ward"})
    out = run(state, type="damage", target="v", amount=amount)
    c = char(out, "v")
    assert (c["protection"], c["damage"]) == (p_after, d_after)
    assert c["protection_source"] == (None if p_after == 0 else "Ward")
    assert ("Ward is spent" in texts(out)) == (p_after == 0)


def test_ff9_block_comes_before_protection():
    """FF-9 proposal order: a Blocked instance does not touch Protection."""
    state = desk({"id": "v", "hp": 10, "block_bonus": 3, "protection": 5,
                  "protection_source": "Ward"})
    out = run(state, type="damage", target="v", amount=3)
    assert char(out, "v")["protection"] == 5


def test_ff_t9_immunity_ignores_the_damage():
    """FF-T9 / FF-8: immune to the type, 9 damage → 0."""
    state = desk({"id": "v", "hp": 10, "immune": ["fire"]})
    out = run(state, type="damage", target="v", amount=9, damage_type="fire")
    assert char(out, "v")["damage"] == 0
    assert "immune to fire" in texts(out)


def test_ff_t10_resistance_never_changes_the_amount():
    """FF-T10 / FF-8: resistant to the type, 9 damage → 9 taken; only odds change."""
    state = desk({"id": "v", "hp": 10, "resistant": ["fire"]})
    out = run(state, type="damage", target="v", amount=9, damage_type="fire")
    assert char(out, "v")["damage"] == 9
    assert "disadvantage to hit; amount unchanged" in texts(out)


def test_ff8_vulnerability_never_changes_the_amount_and_cancels_resistance():
    """FF-8: vulnerability gives advantage to hit, same amount; with resistance they cancel."""
    out = run(desk({"id": "v", "hp": 10, "vulnerable": ["cold"]}), type="damage", target="v",
              amount=4, damage_type="cold")
    assert char(out, "v")["damage"] == 4 and "advantage to hit" in texts(out)
    out = run(desk({"id": "v", "hp": 10, "vulnerable": ["cold"], "resistant": ["cold"]}),
              type="damage", target="v", amount=4, damage_type="cold")
    assert "cancel" in texts(out) and char(out, "v")["damage"] == 4


def test_ff8_additional_damage_ignored_for_resistance():
    """FF-5 / FF-8: a resistant type on the Additional Damage only brings no odds note."""
    state = desk({"id": "v", "hp": 10, "resistant": ["fire"]})
    out = run(state, type="damage", target="v", amount=2, damage_type="slashing",
              additional=[{"amount": 3, "damage_type": "fire"}])
    assert "resistant" not in texts(out) and char(out, "v")["damage"] == 5


def test_ff8_immune_parts_drop_only_the_immune_part():
    """FF-8 AMBIGUITY default immune_parts: 4 slashing + 3 fire vs immune fire → 4 taken;
    untyped additional shares the base type and is dropped with it."""
    state = desk({"id": "v", "hp": 10, "immune": ["fire", "cold"]})
    out = run(state, type="damage", target="v", amount=4, damage_type="slashing",
              additional=[{"amount": 3, "damage_type": "fire"}])
    assert char(out, "v")["damage"] == 4
    out = run(state, type="damage", target="v", amount=4, damage_type="cold",
              additional=[{"amount": 3}, {"amount": 2, "damage_type": "acid"}])
    assert char(out, "v")["damage"] == 2


def test_ff8_whole_instance_setting_reads_the_base_type():
    """FF-8 AMBIGUITY, immunity_additional="whole_instance": base immune drops all; an
    immune Additional type alone drops nothing."""
    state = desk({"id": "v", "hp": 10, "immune": ["fire"]}, immunity_additional="whole_instance")
    out = run(state, type="damage", target="v", amount=4, damage_type="fire",
              additional=[{"amount": 3, "damage_type": "acid"}])
    assert char(out, "v")["damage"] == 0
    out = run(state, type="damage", target="v", amount=4, damage_type="acid",
              additional=[{"amount": 3, "damage_type": "fire"}])
    assert char(out, "v")["damage"] == 7


def test_ff_t4_object_broken_then_destroyed():
    """FF-T4 / FF-4: object HP 5; Damage 6 → Broken; 11 → Destroyed."""
    state = desk({"id": "door", "kind": "object", "hp": 5})
    out = run(state, type="damage", target="door", amount=6)
    c = char(out, "door")
    assert c["broken"] is True and c["destroyed"] is False and "wounded" not in c
    assert "door is Broken" in texts(out)
    out = run(out.state, type="damage", target="door", amount=5)
    assert char(out, "door")["destroyed"] is True and "Destroyed" in texts(out)


def test_ff9_grant_protection_keep_new_replaces_and_never_adds():
    """FF-9: one source at a time; the new source replaces the old, points never add up."""
    state = desk({"id": "v", "hp": 10, "protection": 3, "protection_source": "Ward"})
    out = run(state, type="grant_protection", target="v", points=4, source="Shield")
    c = char(out, "v")
    assert (c["protection"], c["protection_source"]) == (4, "Shield")
    assert "Ward's Protection (3) and its effects end" in texts(out)
    out = run(out.state, type="grant_protection", target="v", points=2, source="Shield")
    assert char(out, "v")["protection"] == 2


def test_ff9_grant_protection_keep_old_forgoes_the_new():
    """FF-9: keep "old" keeps the current source; the new Protection is forgone."""
    state = desk({"id": "v", "hp": 10, "protection": 3, "protection_source": "Ward"})
    out = run(state, type="grant_protection", target="v", points=9, source="Shield", keep="old")
    assert (char(out, "v")["protection"], char(out, "v")["protection_source"]) == (3, "Ward")
    assert "forgone" in texts(out)


@pytest.mark.parametrize("action,reason", [
    ({"amount": -1}, "cannot be negative"),
    ({"amount": 3, "reduce": -2}, "`reduce` cannot be negative"),
    ({"amount": 3, "damage_type": "Fire"}, "snake_case damage type"),
    ({"amount": 3, "additional": [{"amount": 2, "typ": "fire"}]}, "unknown fields 'typ'"),
    ({"amount": 3, "additional": [{"amount": -2}]}, "additional[0]"),
    ({"amount": 3, "direct": "yes"}, "`direct` must be true or false"),
    ({"dice": "d6"}, "`rolls` must give the faces"),
    ({"dice": "d6", "rolls": [7]}, "a d6 cannot show 7"),
])
def test_ff5_bad_damage_is_refused_and_changes_nothing(action, reason):
    """FF-5 … FF-8: malformed instances are refused with the reason; the state is unchanged."""
    state = desk({"id": "v", "hp": 10})
    out = apply(state, {"type": "damage", "target": "v", **action})
    assert not out.ok and reason in out.error and out.state is state


def test_ff5_dice_amount_and_multi_target_all_or_nothing():
    """FF-5 with dice; a list of targets is refused entirely if one target is unknown."""
    state = desk({"id": "a", "hp": 10}, {"id": "b", "hp": 10})
    out = run(state, type="damage", target=["a", "b"], dice="d6+1", rolls=[4])
    assert char(out, "a")["damage"] == 5 and char(out, "b")["damage"] == 5
    bad = apply(state, {"type": "damage", "target": ["a", "zed"], "amount": 3})
    assert not bad.ok and "zed" in bad.error and bad.state is state


@pytest.mark.parametrize("action,reason", [
    ({"points": 0, "source": "Ward"}, "`points` must be at least 1"),
    ({"points": 3}, "`source` is missing"),
    ({"points": 3, "source": "Ward", "keep": "both"}, "`keep` must be one of new, old"),
])
def test_ff9_bad_protection_is_refused(action, reason):
    """FF-9: Protection needs points ≥ 1 and one named source."""
    state = desk({"id": "v", "hp": 10})
    out = apply(state, {"type": "grant_protection", "target": "v", **action})
    assert not out.ok and reason in out.error
