"""Lux Aeterna property tests: refusals change nothing, replays are deterministic, the
invariants of LA-2, LA-3, LA-6, LA-9, LA-10 and LA-12 hold, and junk never crashes."""

import copy

from hypothesis import given, settings, strategies as st

from harmdesk.rules.core import Outcome
from harmdesk.rules.engine import apply, new_state
from harmdesk.rules.lux_aeterna.common import (
    CONDITIONS,
    NOT_IN_FORCE,
    TRAUMA_CONDITIONS,
)

LA = "lux_aeterna"
IDS = ["a", "b", "c", "zed"]


def start(**chosen):
    return new_state(LA, chosen, [
        {"id": "a", "max_hp": 10, "resolve_dice": 2, "resolve_die": "d8", "endurance": 3},
        {"id": "b", "max_hp": 4, "hp": 1, "save_score": 1, "max_strain": 2,
         "conditions": [{"name": "shielded"}, {"name": "regenerating", "amount": 1}]},
        {"id": "c", "max_hp": 6, "hp": -2, "wounded": True, "strain": 2, "traumas": [6, 3],
         "conditions": [{"name": "ongoing_damage", "origin_level": 2, "amount": 2}]},
    ])


settings_strategy = st.fixed_dictionaries({}, optional={
    "zero_hp_ends": st.sampled_from(["save_endable", "all"]),
    "strain_death_check": st.sampled_from(["before", "after"]),
    "hanging_by_a_thread": st.sampled_from(["wounded_anew", "any_damage"]),
    "lethal_after_knockout": st.sampled_from(["wound", "no_wound"]),
    "endurance_absorbed_counts": st.booleans(),
    "trauma_bump_overflow": st.sampled_from(["carry", "drop"]),
})

one = st.sampled_from(["a", "b", "c"] * 3 + ["zed"])
targets = st.one_of(one, st.lists(one, min_size=1, max_size=3))
maybe = lambda s: st.one_of(st.none(), s)  # noqa: E731


def drop_none(d):
    return {k: v for k, v in d.items() if v is not None}


def act(kind, **parts):
    return st.fixed_dictionaries({"type": st.just(kind), **parts}).map(drop_none)


actions = st.lists(st.one_of(
    act("damage", target=targets, amount=st.integers(-1, 12), lethal=maybe(st.booleans()),
        attacker_weakened=maybe(st.booleans()), trauma_roll=maybe(st.integers(0, 21)),
        brush_roll=maybe(st.integers(1, 6)), physical=maybe(st.booleans())),
    act("heal", target=targets, amount=st.integers(-1, 12)),
    act("grant_endurance", target=targets, amount=st.integers(-1, 8),
        keep=maybe(st.sampled_from(["new", "old"]))),
    act("end_scene"),
    act("add_condition", target=targets, name=st.sampled_from(CONDITIONS + ("burning",)),
        origin_level=maybe(st.integers(0, 6)), amount=maybe(st.integers(0, 3))),
    act("remove_condition", target=one, name=st.sampled_from(CONDITIONS)),
    act("save", target=one, condition=st.sampled_from(CONDITIONS), bumps=st.integers(-1, 6)),
    act("start_turn", target=one, trauma_roll=maybe(st.integers(1, 20)),
        brush_roll=maybe(st.integers(1, 6))),
    act("end_turn", target=one),
    act("stabilize", target=one),
    act("medical_aid", target=one, bumps=st.integers(-1, 4)),
    act("natural_recovery", target=one, roll=maybe(st.integers(0, 7))),
    act("short_rest", target=one, resolve_rolls=st.lists(st.integers(0, 9), max_size=3)),
    act("full_rest", target=one, trauma_bumps=maybe(st.integers(0, 6)),
        heal_trauma=maybe(st.integers(1, 20))),
    act("heal_trauma", target=one, trauma=st.integers(0, 20)),
    act("edit_character", target=one, changes=st.dictionaries(
        st.sampled_from(["max_hp", "max_strain", "resolve_dice", "resolve_die", "hp"]),
        st.one_of(st.integers(-1, 12), st.sampled_from(["d4", "d12", "d7"])), max_size=2)),
    act("set_death", target=one, dead=maybe(st.booleans()), hp=maybe(st.integers(-9, 12)),
        strain=maybe(st.integers(-1, 4))),
    act("set_state", target=one, hp=maybe(st.integers(-9, 12)),
        endurance=maybe(st.integers(-1, 6)), strain=maybe(st.integers(-1, 4)),
        resolve_dice=maybe(st.integers(-1, 3))),
), max_size=25)


def check_invariants(before: dict, after: dict, grants: dict, ruling: bool = False) -> None:
    for cid, c in after["characters"].items():
        old = before["characters"].get(cid)
        assert c["endurance"] <= grants[cid], (cid, c["endurance"], grants[cid])  # LA-2
        if old is not None and old["dead"] and not ruling:
            assert c["dead"]  # LA-10: a dead character stays dead, but for a GM ruling
        assert 0 <= c["strain"] <= c["max_strain"]  # LA-6
        assert c["conscious"] == (c["hp"] >= 1 and not c["dead"])  # LA-3
        assert c["hp"] <= c["max_hp"]  # LA-3
        assert not c["wounded"] or c["hp"] <= 0  # LA-9
        assert c["stabilized"] <= c["wounded"]  # LA-7: only a Wounded one is Stabilized
        assert 0 <= c["resolve_dice"] <= c["resolve_dice_max"]  # LA-12
        assert not set(c["traumas"]) & set(NOT_IN_FORCE)  # LA-10
        from_trauma = sorted(x["name"] for x in c["conditions"] if x["from_trauma"])
        assert from_trauma == sorted(TRAUMA_CONDITIONS[t] for t in c["traumas"]
                                     if t in TRAUMA_CONDITIONS)
        assert all(x["name"] in CONDITIONS for x in c["conditions"])


def track_grants(state: dict, action: dict, grants: dict) -> None:
    """The largest single Endurance grant still in force, per character (LA-2)."""
    if action["type"] == "end_scene":
        for cid in grants:
            grants[cid] = 0
    elif action["type"] == "grant_endurance":
        ids = action["target"] if isinstance(action["target"], list) else [action["target"]]
        for cid in ids:
            grants[cid] = max(grants[cid], action["amount"])
    elif action["type"] == "set_state" and action.get("endurance") is not None:
        grants[action["target"]] = max(grants[action["target"]], action["endurance"])


def play(state: dict, seq: list) -> list:
    grants = {cid: c["endurance"] for cid, c in state["characters"].items()}
    results = []
    for action in seq:
        frozen = copy.deepcopy(state)
        out = apply(state, action)
        assert isinstance(out, Outcome)
        assert state == frozen  # the input is never mutated
        if not out.ok:
            assert out.state == state and out.error
        else:
            track_grants(state, action, grants)
            check_invariants(state, out.state, grants, action["type"] == "set_death")
        results.append((out.ok, out.error, [e.text for e in out.events]))
        state = out.state
    results.append(state)
    return results


@settings(max_examples=150, deadline=None)
@given(settings_strategy, actions)
def test_la_invariants_refusals_and_determinism(chosen, seq):
    """LA-2, LA-3, LA-6, LA-9, LA-10, LA-12 invariants over random play; refusals change
    nothing; the same actions give the same results."""
    first = play(start(**chosen), seq)
    assert play(start(**chosen), seq) == first


JUNK_KEYS = ["type", "target", "amount", "dice", "rolls", "lethal", "attacker_weakened",
             "trauma_roll", "brush_roll", "keep", "name", "origin_level", "condition", "bumps",
             "resolve_rolls", "trauma_bumps", "heal_trauma", "trauma", "changes", "character",
             "roll", "rounds", "save_ends", "resistance", "vulnerability", "physical", "dead",
             "hp", "endurance", "strain", "resolve_dice", "zzz"]
TYPES = ["damage", "heal", "grant_endurance", "end_scene", "add_condition", "remove_condition",
         "save", "start_turn", "end_turn", "stabilize", "medical_aid", "short_rest", "full_rest",
         "heal_trauma", "natural_recovery", "add_character", "edit_character",
         "remove_character", "set_death", "set_state", "nope"]
junk_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-30, 30), st.floats(allow_nan=True),
              st.text(max_size=5), st.sampled_from(IDS + TYPES + list(CONDITIONS) + ["d6"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.sampled_from(JUNK_KEYS + IDS), inner,
                                            max_size=3)),
    max_leaves=8)
junk = st.one_of(
    st.dictionaries(st.sampled_from(JUNK_KEYS), junk_values, max_size=6),
    st.builds(lambda t, rest: {"type": t, **rest}, st.sampled_from(TYPES),
              st.dictionaries(st.sampled_from(JUNK_KEYS[1:]), junk_values, max_size=6)),
    junk_values)


@settings(max_examples=300, deadline=None)
@given(st.lists(junk, max_size=6))
def test_la_junk_actions_never_crash(seq):
    """Random junk returns an Outcome (ok or refused) and never raises."""
    state = start()
    for action in seq:
        frozen = copy.deepcopy(state)
        out = apply(state, action)
        assert isinstance(out, Outcome)
        assert state == frozen
        if not out.ok:
            assert out.state is state
        state = out.state
