"""Property test of the clock: any sequence of clock actions (with characters dying,
joining and leaving the desk) keeps the encounter consistent: its order names characters
on the desk, once each; in turns mode the turn is an index into the order; the round is
1 or more and never goes back; a refusal changes nothing."""

import copy

from hypothesis import given, settings, strategies as st

from harmdesk.rules.encounter import encounter_problem
from harmdesk.rules.engine import apply, new_state

IDS = ["a", "b", "c", "d", "zed"]
SHEETS = {
    "lux_aeterna": lambda cid: {"id": cid, "max_hp": 6, "endurance": 2, "conditions": [
        {"name": "ongoing_damage", "origin_level": 1, "amount": 2, "rounds": 3},
        {"name": "dazed", "origin_level": 2}]},
    "stonetop": lambda cid: {"id": cid, "max_hp": 6},
    "freedom_fantasies": lambda cid: {"id": cid, "hp": 3},
}
HARM = {"lux_aeterna": {"type": "damage", "amount": 4, "trauma_roll": 1},
        "stonetop": {"type": "damage", "amount": 9},
        "freedom_fantasies": {"type": "damage", "amount": 7}}

# mostly orders the rules take (ids on the desk, once each), sometimes not
some = st.one_of(st.lists(st.sampled_from(IDS[:4]), unique=True, min_size=1, max_size=4),
                 st.lists(st.sampled_from(IDS), max_size=5))
clock_action = st.one_of(
    st.builds(lambda o: {"type": "start_encounter", "order": o}, some),
    st.builds(lambda i: {"type": "start_encounter", "initiative": i},
              st.dictionaries(st.sampled_from(IDS), st.integers(-3, 20), max_size=4)),
    st.builds(lambda o: {"type": "set_order", "order": o}, some),
    st.builds(lambda c, b, r: {"type": "next_turn", **({"condition": "dazed", "bumps": b}
                                                       if c else {}), "trauma_roll": r},
              st.booleans(), st.integers(0, 3), st.integers(1, 20)),
    st.builds(lambda t: {"type": "mark_acted", "target": t}, st.sampled_from(IDS)),
    st.just({"type": "next_round"}) | st.just({"type": "next_turn"}),
    st.just({"type": "end_encounter"}) | st.just({"type": "next_turn"}),
    st.builds(lambda t: {"type": "save", "target": t, "condition": "dazed", "bumps": 1},
              st.sampled_from(IDS)),
    st.builds(lambda t: {"type": "harm", "target": t}, st.sampled_from(IDS)),
    st.builds(lambda t: {"type": "remove_character", "target": t}, st.sampled_from(IDS)),
    st.builds(lambda t: {"type": "add_character", "id": t}, st.sampled_from(IDS)),
)


def concrete(system, action):
    if action["type"] == "harm":
        return {**HARM[system], "target": action["target"]}
    if action["type"] == "add_character":
        return {"type": "add_character", "character": SHEETS[system](action["id"])}
    if system != "lux_aeterna":
        action = {k: v for k, v in action.items() if k not in ("condition", "bumps",
                                                              "trauma_roll")}
    return action


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(SHEETS)), st.lists(clock_action, min_size=5, max_size=30))
def test_any_sequence_of_clock_actions_keeps_the_encounter_consistent(system, actions):
    state = new_state(system, {}, [SHEETS[system](c) for c in ("a", "b", "c")])
    last_round = None
    for action in [{"type": "start_encounter", "order": ["c", "a", "b"]}, *actions]:
        before = copy.deepcopy(state)
        out = apply(state, concrete(system, action))
        if not out.ok:
            assert out.state is state and state == before and out.error
            continue
        state = out.state
        enc = state["settings"]["encounter"]
        assert encounter_problem(enc) is None, (enc, action)
        if enc is None:
            last_round = None
            continue
        assert all(cid in state["characters"] for cid in enc["order"])
        assert enc["round"] >= (last_round or 1)
        assert (enc["turn"] is None) == (enc["mode"] == "spotlight")
        assert enc["mode"] == ("spotlight" if system == "stonetop" else "turns")
        last_round = enc["round"]
