"""Freedom Fantasies: the attacker of a damage action (`source`) (RULES.md §4, FF-2, FF-3).

"if you wish to use any Action or Reaction to affect the Story, you must expend 1
Momentum Point for each Action you use"; "When the Damage you have taken exceeds twice
your HP, your Story Ends."
"""

import pytest

from .kit import ch as char, desk_of, refused, run, texts

desk = desk_of("freedom_fantasies")
ATTACK = {"dice": "d6"}


def party(attacker=None):
    """Ash attacks (HP 5, Wounded above 5, Story Ends above 10); Bo and Cy are targets."""
    return desk({"id": "a", "name": "Ash", "hp": 5, "attack": ATTACK, **(attacker or {})},
                {"id": "b", "name": "Bo", "hp": 10}, {"id": "c", "name": "Cy", "hp": 10})


def test_ff2_a_wounded_attacker_without_momentum_is_refused_naming_what_it_lacks():
    """FF-2: the attack is an Action; Wounded with 0 Momentum, it cannot be paid for."""
    out = refused(party({"damage": 6}), type="damage", target="b", amount=4, source="a")
    assert out.error == ("Ash is Wounded and has 0 Momentum Points: an attack costs "
                         "1 Momentum Point")


def test_ff2_a_wounded_attacker_with_momentum_spends_one_point_and_hits():
    """FF-2: 1 Momentum pays for the attack; the target takes the damage."""
    out = run(party({"damage": 6, "momentum": 2}), type="damage", target="b", amount=4,
              source="a")
    assert char(out, "a")["momentum"] == 1 and char(out, "b")["damage"] == 4
    assert "Ash is Wounded: an attack costs 1 Momentum; Momentum 2 − 1 → 1" in texts(out)
    assert out.events[0].data == {"momentum_before": 2, "momentum_after": 1, "actions": 1}


def test_ff2_one_attack_on_several_targets_is_one_action():
    """FF-2: 1 Momentum Point for each Action: one damage action on two targets costs 1."""
    out = run(party({"damage": 6, "momentum": 1}), type="damage", target=["b", "c"],
              amount=4, source="a")
    assert char(out, "a")["momentum"] == 0
    assert char(out, "b")["damage"] == 4 and char(out, "c")["damage"] == 4


def test_ff2_an_attacker_who_is_not_wounded_pays_nothing():
    """FF-2: Momentum is the price of Actions only while Wounded (Damage 5 = HP 5)."""
    out = run(party({"damage": 5, "momentum": 1}), type="damage", target="b", amount=4,
              source="a")
    assert char(out, "a")["momentum"] == 1 and "Momentum" not in texts(out)


@pytest.mark.parametrize("momentum", [0, 3])
def test_ff3_an_attacker_whose_story_has_ended_cannot_attack(momentum):
    """FF-3: Damage 11 > 2 × HP 5: the Story has Ended; no Momentum buys an attack."""
    out = refused(party({"damage": 11, "momentum": momentum}), type="damage", target="b",
                  amount=4, source="a")
    assert out.error == "Ash's Story has Ended: they take no more Actions"


def test_ff2_an_attacker_not_on_the_desk_is_refused_by_name():
    """FF-2: the attacker must be on the desk for the rules to read its state."""
    out = refused(party(), type="damage", target="b", amount=4, source="zed")
    assert out.error == "the attacker 'zed' (`source`) is not on the desk"


def test_ff2_damage_without_an_attacker_is_as_before():
    """FF-2: with no `source` (a trap, a fall) nobody pays."""
    out = run(party({"damage": 6}), type="damage", target="b", amount=4)
    assert char(out, "b")["damage"] == 4 and char(out, "a")["momentum"] == 0
