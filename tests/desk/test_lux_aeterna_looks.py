"""Lux Aeterna as the desk and the players see it: the Unconscious condition (LA-16) and
Fixated's enemy and the durations other than rounds (LA-15) on the tile."""

from harmdesk.profiles import profile_for
from harmdesk.rules.engine import apply, new_state

PROFILE = profile_for("lux_aeterna")


def state_after(*actions):
    state = new_state("lux_aeterna", {}, [{"id": "maelis", "name": "Maelis", "max_hp": 10},
                                          {"id": "wraith", "name": "the wraith",
                                           "max_hp": 8}])
    for action in actions:
        out = apply(state, action)
        assert out.ok, out.error
        state = out.state
    return state["characters"]


def test_la16_unconscious_above_0_hp_looks_unconscious_to_the_players():
    chars = state_after({"type": "add_condition", "target": "maelis", "name": "unconscious",
                         "origin_level": 2})
    assert PROFILE.player_look(chars["maelis"]) == ("unconscious", ())
    assert PROFILE.tile_facts(chars["maelis"]).status == "unconscious"


def test_la15_la16_the_tile_names_the_enemy_and_the_duration():
    chars = state_after({"type": "add_condition", "target": "maelis", "name": "fixated",
                         "origin_level": 2, "enemy": "wraith", "duration": "1 hour"})
    assert "fixated on wraith 0/2, 1 hour" in PROFILE.tile_facts(chars["maelis"]).badges
