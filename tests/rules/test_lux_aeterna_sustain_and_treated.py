"""Lux Aeterna: the attacker's own state (LA-16, LA-17), Traumas medically treated (LA-11)
and sustained effects (LA-4, LA-16), on states saved before these existed too."""

import copy

from harmdesk.profiles import profile_for
from harmdesk.rules.engine import apply, new_state


def desk(**settings):
    return new_state("lux_aeterna", settings, [
        {"id": "maelis", "name": "Maelis", "max_hp": 10, "traumas": [9]},
        {"id": "wraith", "name": "the wraith", "kind": "monster", "max_hp": 10}])


def old(state):
    """The state as a campaign saved before treated Traumas and sustaining were kept."""
    state = copy.deepcopy(state)
    for char in state["characters"].values():
        del char["treated_traumas"], char["sustaining"]
    return state


def run(state, *actions):
    for action in actions:
        out = apply(state, action)
        assert out.ok, out.error
        state = out.state
    return state, out


def test_la4_la16_an_old_state_sustains_and_loses_it_on_dazed():
    state, out = run(old(desk()), {"type": "sustain", "target": "maelis", "effect": "Ward"},
                     {"type": "add_condition", "target": "maelis", "name": "dazed",
                      "origin_level": 2})
    assert state["characters"]["maelis"]["sustaining"] == []
    assert out.events[-1].text == "Maelis is Dazed: stops sustaining Ward"


def test_la11_an_old_state_rests_without_advantage_then_is_treated():
    state, out = run(old(desk()), {"type": "full_rest", "target": "maelis", "trauma_bumps": 2})
    [save] = [e for e in out.events if e.kind == "trauma_save"]
    assert save.data["advantage"] is False
    state, out = run(state, {"type": "treat_trauma", "target": "maelis", "trauma": 9},
                     {"type": "full_rest", "target": "maelis", "trauma_bumps": 1})
    [save] = [e for e in out.events if e.kind == "trauma_save"]
    assert save.data["advantage"] is True and "with Advantage" in save.text


def test_la16_a_shield_is_not_spent_on_an_intangible_attackers_blow():
    state, _ = run(desk(), {"type": "add_condition", "target": "maelis", "name": "shielded"},
                   {"type": "add_condition", "target": "wraith", "name": "intangible"})
    state, out = run(state, {"type": "damage", "target": "maelis", "amount": 9,
                             "source": "wraith"})
    names = [c["name"] for c in state["characters"]["maelis"]["conditions"]]
    assert "shielded" in names and state["characters"]["maelis"]["hp"] == 10
    assert out.events[0].data["negated_by"] == "intangible_attacker"


def test_la17_weakened_by_toggle_and_by_source_halves_once_not_twice():
    state, _ = run(desk(halve_rounding="up"),
                   {"type": "add_condition", "target": "wraith", "name": "weakened",
                    "origin_level": 1})
    state, _ = run(state, {"type": "damage", "target": "maelis", "amount": 8, "source": "wraith",
                           "attacker_weakened": True, "lethal": False})
    assert state["characters"]["maelis"]["hp"] == 6  # 8 halved once, not 2


def test_la17_unrolled_dice_of_a_weakened_attacker_say_why_in_what_they_need():
    state, _ = run(desk(), {"type": "add_condition", "target": "wraith", "name": "weakened",
                            "origin_level": 1})
    out = apply(state, {"type": "damage", "target": "maelis", "dice": "d8", "source": "wraith"})
    assert not out.ok and out.needs[0]["note"] == "Weakened: the wraith's damage is halved"


def test_a_dead_character_stops_sustaining_and_the_tile_shows_what_is_sustained():
    state, _ = run(desk(), {"type": "sustain", "target": "maelis", "effect": "Wall of Light"},
                   {"type": "treat_trauma", "target": "maelis", "trauma": 9})
    badges = profile_for("lux_aeterna").tile_facts(state["characters"]["maelis"]).badges
    assert "sustaining: Wall of Light" in badges and "Trauma: Concussion (treated)" in badges
    state, out = run(state, {"type": "set_death", "target": "maelis", "dead": True})
    assert state["characters"]["maelis"]["sustaining"] == []
    assert out.events[-1].text == "Maelis is dead: stops sustaining Wall of Light"


def test_an_effect_name_too_long_for_a_tile_is_refused_by_its_length():
    out = apply(desk(), {"type": "sustain", "target": "maelis", "effect": "x" * 61})
    assert not out.ok and "at most 60" in out.error
