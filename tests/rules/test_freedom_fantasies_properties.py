"""Freedom Fantasies property tests: refusals change nothing, replays are deterministic,
the invariants of FF-1 … FF-4 and FF-9 hold, and junk never crashes."""

import copy

from hypothesis import given, settings, strategies as st

from harmdesk.rules.core import Outcome
from harmdesk.rules.engine import apply, new_state

FF = "freedom_fantasies"
IDS = ["a", "b", "door", "zed"]
TYPES = ["fire", "slashing", "cold", None]


def start(block_compare="rating", immunity="immune_parts"):
    state = new_state(FF, {"block_compare": block_compare, "immunity_additional": immunity}, [
        {"id": "a", "hp": 6, "might": 1, "block_bonus": 1, "immune": ["fire"],
         "resistant": ["cold"], "supplies": 2},
        {"id": "b", "hp": 4, "protection": 3, "protection_source": "Ward"},
        {"id": "door", "kind": "object", "hp": 3, "block_bonus": 1},
    ])
    # make_character cannot see the kind; an edit settles the object's Broken/Destroyed
    # keys (see test_ff4_new_object_has_object_keys_at_once in the sheet tests).
    return apply(state, {"type": "edit_character", "target": "door", "changes": {}}).state


amounts = st.integers(min_value=-2, max_value=25)
targets = st.one_of(st.sampled_from(IDS), st.lists(st.sampled_from(IDS), min_size=1, max_size=3))


def drop_none(d):
    return {k: v for k, v in d.items() if v is not None}


damage = st.builds(lambda t, a, ty, d, r, add: drop_none(
    {"type": "damage", "target": t, "amount": a, "damage_type": ty, "direct": d, "reduce": r,
     "additional": add}), targets, amounts, st.sampled_from(TYPES), st.booleans(),
    st.one_of(st.none(), st.integers(-1, 5)),
    st.one_of(st.none(), st.lists(st.builds(lambda a, ty: drop_none(
        {"amount": a, "damage_type": ty}), amounts, st.sampled_from(TYPES)), max_size=2)))
heal = st.builds(lambda t, a, m: drop_none({"type": "heal", "target": t, "amount": a,
                                            "magical": m}),
                 targets, amounts, st.sampled_from([None, True, False]))
rest = st.builds(lambda k, t: drop_none({"type": k, "target": t}),
                 st.sampled_from(["short_rest", "long_rest"]), st.one_of(st.none(), targets))
protect = st.builds(lambda t, p, s, k: {"type": "grant_protection", "target": t, "points": p,
                                        "source": s, "keep": k},
                    targets, st.integers(-1, 8), st.sampled_from(["Ward", "Shield"]),
                    st.sampled_from(["new", "old"]))
medicine = st.builds(lambda k, h, r, b, s: {"type": k, "healer": h, "roll": r, "bonus": b,
                                            "split": s},
                     st.sampled_from(["medicine", "technology"]),
                     st.sampled_from(IDS), st.integers(0, 21), st.integers(-5, 5),
                     st.dictionaries(st.sampled_from(IDS), st.integers(-1, 12), max_size=3))
edit = st.builds(lambda t, ch: {"type": "edit_character", "target": t, "changes": ch},
                 st.sampled_from(IDS), st.dictionaries(
                     st.sampled_from(["hp", "might", "block_bonus", "supplies", "damage"]),
                     st.integers(-1, 12), max_size=2))
correct = st.builds(lambda t, d, p, s: drop_none({"type": "set_state", "target": t, "damage": d,
                                                 "protection": p, "protection_source": s}),
                   st.sampled_from(IDS), st.one_of(st.none(), st.integers(-1, 15)),
                   st.one_of(st.none(), st.integers(-1, 5)),
                   st.sampled_from([None, "Ward", ""]))
momentum = st.builds(lambda k, t, n: drop_none({
    "type": k, "target": t, "amount" if k == "gain_momentum" else "actions": n}),
                     st.sampled_from(["gain_momentum", "spend_momentum"]), targets,
                     st.one_of(st.none(), st.integers(-1, 3)))
actions = st.lists(st.one_of(damage, heal, rest, protect, medicine, edit, correct, momentum),
                   max_size=25)

JUNK_KEYS = ["type", "target", "amount", "dice", "rolls", "damage_type", "direct", "additional",
             "reduce", "points", "source", "keep", "healer", "roll", "bonus", "split", "changes",
             "character", "damage", "protection", "protection_source", "magical", "actions",
             "momentum", "adjacent", "zzz"]
junk_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-30, 30), st.floats(allow_nan=True),
              st.text(max_size=6), st.sampled_from(IDS + ["damage", "medicine", "long_rest",
                                                          "d6", "2d20kh1", "edit_character"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.sampled_from(JUNK_KEYS + IDS), inner, max_size=3)),
    max_leaves=8)
junk = st.one_of(
    st.dictionaries(st.sampled_from(JUNK_KEYS), junk_values, max_size=6),
    st.builds(lambda k, d: {**d, "type": k},
              st.sampled_from(["damage", "heal", "short_rest", "long_rest", "medicine",
                               "grant_protection", "edit_character", "add_character",
                               "set_state", "technology", "gain_momentum",
                               "spend_momentum"]),
              st.dictionaries(st.sampled_from(JUNK_KEYS[1:]), junk_values, max_size=6)),
    junk_values)


def check_invariants(before, after, action=None):
    """FF-1 … FF-4, FF-9 invariants between two consecutive states; only a magical heal
    (FF-4) ends Destroyed."""
    magic = bool(action and action.get("type") == "heal" and action.get("magical"))
    for cid, c in after["characters"].items():
        assert c["damage"] >= 0
        assert c["protection"] >= 0
        assert c.get("momentum", 0) >= 0
        assert (c["protection_source"] is None) == (c["protection"] == 0)
        if c["kind"] == "object":
            # FF-4: a Destroyed object stays Broken until magic repairs it
            assert c["broken"] == (c["damage"] > c["hp"] or c["destroyed"])
            assert c["destroyed"] or c["damage"] <= 2 * c["hp"]
        else:
            assert c["wounded"] == (c["damage"] > c["hp"])
            assert c["story_ended"] or c["damage"] <= 2 * c["hp"]
        old = before["characters"].get(cid)
        if old is not None:
            ended = c.get("story_ended") or c.get("destroyed")  # also across a change of kind
            assert not old.get("story_ended") or ended, "a Story End is sticky"
            assert not old.get("destroyed") or ended or magic, \
                "only magic repairs a Destroyed object"


@settings(max_examples=150, deadline=None, database=None)
@given(actions, st.sampled_from(["rating", "bonus"]),
       st.sampled_from(["immune_parts", "whole_instance"]))
def test_ff_random_sequences_keep_invariants(seq, block_compare, immunity):
    """FF-1 … FF-4, FF-9: refusals leave the very same state and never mutate the input;
    invariants hold; HP changes only by edit_character."""
    state = start(block_compare, immunity)
    for action in seq:
        frozen = copy.deepcopy(state)
        out = apply(state, action)
        assert isinstance(out, Outcome)
        assert state == frozen, "the input state was mutated"
        if not out.ok:
            assert out.state == state and out.error
            continue
        if action["type"] != "edit_character":
            for cid, c in out.state["characters"].items():
                assert c["hp"] == state["characters"][cid]["hp"]
        check_invariants(state, out.state, action)
        state = out.state


@settings(max_examples=60, deadline=None, database=None)
@given(actions)
def test_ff_same_actions_same_result(seq):
    """Determinism: replaying the same actions gives the same states and events."""
    def play():
        state, log = start(), []
        for action in seq:
            out = apply(state, copy.deepcopy(action))
            log.append((out.ok, out.error, [e.to_dict() for e in out.events]))
            state = out.state
        return state, log
    assert play() == play()


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(junk, min_size=1, max_size=6))
def test_ff_junk_actions_never_crash(seq):
    """Random junk (real keys with wrong types too) gives an Outcome, never an exception."""
    state = start()
    for action in seq:
        frozen = copy.deepcopy(state)
        out = apply(state, action)
        assert isinstance(out, Outcome)
        assert state == frozen
        if out.ok:
            check_invariants(state, out.state, action)
            state = out.state
        else:
            assert out.state is state
