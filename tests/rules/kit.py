"""Helpers shared by the rules tests: build a desk, apply, and read the outcome."""

import copy

from harmdesk.rules.engine import apply, new_state


def desk_of(system):
    def desk(*sheets, **settings):
        return new_state(system, settings, list(sheets))
    return desk


def run(state, **action):
    """Apply an action that must succeed."""
    out = apply(state, action)
    assert out.ok, out.error
    return out


def refused(state, **action):
    """Apply an action that must be refused, leaving the state exactly as it was."""
    before = copy.deepcopy(state)
    out = apply(state, action)
    assert not out.ok
    assert out.state == before == state
    return out


def texts(out):
    return " | ".join(e.text for e in out.events)


def ch(out, cid):
    return out.state["characters"][cid]


def names(c):
    return sorted(x["name"] for x in c["conditions"])
