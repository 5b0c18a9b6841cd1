"""Lux Aeterna: who is out of the fight and what ends on its own: a dead or unconscious
attacker (LA-4, LA-16), the Unconscious condition, Hidden revealed by an attack, Fixated on
an enemy, and durations other than rounds (LA-15, LA-16)."""

import pytest

from .kit import ch, desk_of, names, refused, run, texts

LA = "lux_aeterna"
desk = desk_of(LA)
MAELIS = {"id": "maelis", "name": "Maelis", "max_hp": 10}
WRAITH = {"id": "wraith", "name": "the wraith", "kind": "monster", "max_hp": 8}


@pytest.mark.parametrize("wraith, why", [
    ({"hp": -2, "dead": True}, "the wraith is dead"),
    ({"hp": 0}, "the wraith is unconscious at 0 HP"),
    ({"hp": -3, "wounded": True}, "the wraith is unconscious at \u22123 HP"),
])
def test_la4_a_dead_or_downed_attacker_deals_no_damage(wraith, why):
    """LA-4 "At 0 HP, a character concedes defeat"; LA-16 Unconscious "Cannot move, act, or
    react at all": the attack is refused, naming the attacker and why; the target keeps 10."""
    out = refused(desk(MAELIS, {**WRAITH, **wraith}), type="damage", target="maelis",
                  amount=4, source="wraith")
    assert out.error.startswith(why) and "the wraith deals no damage" in out.error
    assert "LA-" not in out.error


def test_la4_a_downed_attacker_is_refused_before_its_dice_are_asked_for():
    """LA-4: no roll is needed for damage never dealt, so the preview says why at once."""
    out = refused(desk(MAELIS, {**WRAITH, "hp": 0}), type="damage", target="maelis",
                  dice="d8", source="wraith")
    assert out.needs == () and "unconscious at 0 HP" in out.error


def test_la4_an_attacker_brought_back_to_1_hp_deals_damage_again():
    s = run(desk(MAELIS, {**WRAITH, "hp": 0}), type="heal", target="wraith", amount=1).state
    out = run(s, type="damage", target="maelis", amount=4, source="wraith")
    assert ch(out, "maelis")["hp"] == 6
