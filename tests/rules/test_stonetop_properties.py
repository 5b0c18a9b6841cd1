"""Stonetop properties over random sequences of actions (ST-3, ST-5, ST-7, ST-13 invariants)."""

import copy

from hypothesis import HealthCheck, given, settings, strategies as st

from harmdesk.rules.core import Outcome
from harmdesk.rules.engine import apply, new_state

IDS = ["pc", "fol", "npc", "mon"]
DEBILITIES = ["weakened", "dazed", "miserable"]
DEATHS = ["none", "dying", "out_of_action", "fate_pending", "dead"]
FAST = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


def base_state(setting_values):
    return new_state("stonetop", setting_values, [
        {"id": "pc", "kind": "pc", "max_hp": 16, "armor": 2, "supplies": 3},
        {"id": "fol", "kind": "follower", "max_hp": 8, "armor": 1},
        {"id": "npc", "kind": "npc", "max_hp": 6},
        {"id": "mon", "kind": "monster", "max_hp": 12, "armor": 3,
         "attack": {"dice": "d10+3", "tags": ["forceful"]}},
    ])


setting_values = st.fixed_dictionaries({}, optional={
    "prosperity": st.integers(-1, 3), "lacking": st.booleans(),
    "piercing_stack": st.sampled_from(["max", "sum"]),
    "follower_at_zero": st.sampled_from(["dead", "dying", "gm_decides"]),
    "recover_rearm": st.sampled_from(["hp_drop", "any_hit"]),
    "healing_dying": st.sampled_from(["stabilizes", "no_change", "awake"]),
    "gang_dice": st.sampled_from(["one_die", "whole_roll"]),
})
target = st.sampled_from(IDS)
small = st.integers(-2, 25)
HITS = ("damage", "gang_damage", "lose_hp")

valid_action = st.one_of(
    st.builds(lambda t, a, p, i, lethal: {"type": "damage", "target": t, "amount": a,
                                          "piercing": p, "ignores_armor": i, "lethal": lethal},
              target, small, st.one_of(st.integers(0, 3), st.just("x")), st.booleans(),
              st.booleans()),
    st.builds(lambda t, r, c: {"type": "gang_damage", "target": t, "rolls": [r],
                               "attackers": [{"dice": "d6", "piercing": 1, "count": c},
                                             {"id": "mon"}]},
              target, st.integers(1, 10), st.integers(1, 6)),
    st.builds(lambda t, a: {"type": "lose_hp", "target": t, "amount": a}, target, small),
    st.builds(lambda t, a: {"type": "heal", "target": t, "amount": a}, target, small),
    st.builds(lambda t, d: {"type": "mark_debility", "target": t, "debility": d}, target,
              st.sampled_from(DEBILITIES + ["sleepy"])),
    st.builds(lambda t, d: {"type": "clear_debility", "target": t, "debility": d}, target,
              st.sampled_from(DEBILITIES)),
    st.builds(lambda t: {"type": "recover", "target": t}, target),
    st.builds(lambda t, c, f: {"type": "make_camp", "target": t, "choice": c, "fed": f},
              target, st.just("hp"), st.booleans()),
    st.builds(lambda t, r: {"type": "deaths_door", "target": t, "roll": r}, target,
              st.integers(2, 12)),
    st.builds(lambda t: {"type": "convalesce", "target": t}, target),
    st.builds(lambda t, n: {"type": "rest", "target": t, "length": n}, target,
              st.sampled_from(["night", "days"])),
    st.builds(lambda t, d, h: {"type": "set_death", "target": t, "death": d, "hp": h}, target,
              st.sampled_from(DEATHS), st.one_of(st.none(), st.integers(-1, 22))),
    st.builds(lambda t, w: {"type": "add_wound", "target": t, "text": w}, target,
              st.sampled_from(["gash", "burn"])),
    st.builds(lambda t, s, h: {"type": "tend", "target": t, "supplies": s, "heal": h,
                               "death": "out_of_action"}, target, st.integers(0, 2),
              st.integers(0, 5)),
    st.builds(lambda t, s, h, d, b, p: {"type": "tend", "target": t, "supplies": s, "heal": h,
                                        "death": d, "defy_danger": b, "pick": p},
              target, st.integers(0, 2), st.integers(0, 5), st.sampled_from(["none", None]),
              st.sampled_from(["10+", "7-9", "6-", None]),
              st.sampled_from(["cost", "lesser", None])),
    st.builds(lambda t, h: {"type": "edit_character", "target": t, "changes": {"hp": h}},
              target, st.integers(-1, 22)),
)

KEYS = ["type", "target", "amount", "dice", "rolls", "piercing", "ignores_armor", "lethal",
        "tags", "attackers", "debility", "choice", "fed", "bedroll", "roll", "length",
        "death", "text", "supplies", "heal", "wound", "optional", "changes", "defy_danger",
        "pick", "hp"]
junk_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 50), st.floats(allow_nan=True),
              st.text(max_size=6), st.sampled_from(IDS + DEBILITIES + ["x", "hp", "d6", "2d6"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.sampled_from(KEYS), inner, max_size=3)),
    max_leaves=6)
junk_action = st.one_of(
    st.dictionaries(st.sampled_from(KEYS), junk_value, max_size=6),
    st.builds(lambda t, rest: {"type": t, **rest},
              st.sampled_from(["damage", "gang_damage", "lose_hp", "heal", "mark_debility",
                               "clear_debility", "recover", "tend", "make_camp", "deaths_door",
                               "convalesce", "rest", "set_death", "add_wound", "remove_wound",
                               "edit_character", "add_character", "nope"]),
              st.dictionaries(st.sampled_from(KEYS[1:]), junk_value, max_size=6)),
    junk_value)


def check_invariants(before, after, action):
    for cid, c in after["characters"].items():
        assert 0 <= c["hp"] <= c["max_hp"], (cid, c)
        assert set(c["debilities"]) <= set(DEBILITIES)
        assert c["debilities"] == sorted(c["debilities"])
        assert c["death"] in DEATHS
        old = before["characters"].get(cid)
        if old is None:
            continue
        if action.get("type") in HITS:
            assert c["armor"] == old["armor"], "a hit never changes armor (ST-3)"
        if old["death"] == "dead" and action.get("type") != "set_death":
            assert c["death"] == "dead", "dead stays dead (ST-7)"
        if old["death"] == "fate_pending" and action.get("type") in HITS + ("heal",):
            assert c["death"] == "fate_pending"


@FAST
@given(setting_values, st.lists(st.one_of(valid_action, junk_action), max_size=25))
def test_st_random_sequences_keep_invariants_and_refusals_change_nothing(sv, actions):
    """ST-3/ST-5/ST-7/ST-13: 0 ≤ HP ≤ max, armor unchanged by hits, dead stays dead,
    debilities ⊆ the three; a refusal returns the very same state and mutates nothing."""
    state = base_state(sv)
    for action in actions:
        snapshot = copy.deepcopy(state)
        out = apply(state, action)
        assert isinstance(out, Outcome)
        assert state == snapshot, "the input state was mutated"
        if not out.ok:
            assert out.state is state and out.error
            continue
        check_invariants(state, out.state, action if isinstance(action, dict) else {})
        state = out.state


@FAST
@given(setting_values, st.lists(valid_action, max_size=20))
def test_st_same_actions_same_result(sv, actions):
    """Determinism: the same actions always give the same states and events."""
    def run():
        state, log = base_state(sv), []
        for action in actions:
            out = apply(state, copy.deepcopy(action))
            log.append((out.ok, out.error, [e.to_dict() for e in out.events]))
            state = out.state
        return state, log
    assert run() == run()


@FAST
@given(st.lists(junk_action, max_size=10))
def test_st_junk_never_raises(actions):
    """Random junk actions return an Outcome (ok or refused), never an exception."""
    state = base_state({})
    for action in actions:
        out = apply(state, action)
        assert isinstance(out, Outcome)
        state = out.state


@FAST
@given(st.integers(0, 30), st.integers(0, 5), st.integers(0, 6), st.booleans())
def test_st3_hp_lost_formula(amount, armor, piercing, ignores):
    """ST-3: lost = amount − (ignores ? 0 : max(0, armor − piercing)), at least 0; armor kept."""
    state = new_state("stonetop", {}, [{"id": "a", "max_hp": 40, "armor": armor}])
    out = apply(state, {"type": "damage", "target": "a", "amount": amount,
                        "piercing": piercing, "ignores_armor": ignores})
    eff = 0 if ignores else max(0, armor - piercing)
    assert out.state["characters"]["a"]["hp"] == 40 - max(0, amount - eff)
    assert out.state["characters"]["a"]["armor"] == armor
