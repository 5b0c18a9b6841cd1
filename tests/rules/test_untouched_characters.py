"""An action that touches one character never visits the others: the outcome shares their
states with the desk before, and the rules read no more characters on a desk of a thousand
than on a desk of three (ST-3, LA-2, FF-1: a hit on one character)."""

import pytest

from harmdesk.rules.engine import apply, new_state


class Counted(dict):
    """A desk's characters that count every time a character is read out of them."""

    reads = 0

    def __getitem__(self, cid):
        Counted.reads += 1
        return super().__getitem__(cid)

    def get(self, cid, default=None):
        Counted.reads += 1
        return super().get(cid, default)

    def values(self):
        Counted.reads += len(self)
        return super().values()

    def items(self):
        Counted.reads += len(self)
        return super().items()


SHEETS = {"stonetop": lambda i: {"id": f"c{i}", "max_hp": 20, "armor": i % 3},
          "lux_aeterna": lambda i: {"id": f"c{i}", "max_hp": 20},
          "freedom_fantasies": lambda i: {"id": f"c{i}", "hp": 20}}
# ST-3 (armor), LA-2 (Endurance, then HP), FF-1 (damage builds up): one hit on c1, and a
# sheet edit of c1, which is no rule of the game's
ACTIONS = [{"type": "damage", "target": "c1", "amount": 4},
           {"type": "edit_character", "target": "c1", "changes": {"name": "Bran"}}]


def desk(system, size):
    return new_state(system, {}, [SHEETS[system](i) for i in range(size)])


def reads(state, action):
    """How many times `apply` reads a character out of `state`, and its outcome."""
    counted = {**state, "characters": Counted(state["characters"])}
    Counted.reads = 0
    outcome = apply(counted, action)
    assert outcome.ok, outcome.error
    return Counted.reads, outcome


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a["type"])
@pytest.mark.parametrize("system", sorted(SHEETS))
def test_st3_la2_ff1_a_hit_reads_no_character_it_does_not_touch(system, action):
    few, small = reads(desk(system, 3), action)
    many, big = reads(desk(system, 1000), action)
    assert many == few
    assert big.state["characters"]["c1"] == small.state["characters"]["c1"]
    assert big.events == small.events


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a["type"])
@pytest.mark.parametrize("system", sorted(SHEETS))
def test_st3_la2_ff1_the_outcome_shares_the_untouched_characters(system, action):
    state = desk(system, 200)
    outcome = apply(state, action)
    assert outcome.ok, outcome.error
    before, after = state["characters"], outcome.state["characters"]
    assert after is not before  # the state before is never changed
    assert list(after) == list(before)  # everyone keeps their place
    assert after["c1"] is not before["c1"] and after["c1"] != before["c1"]
    assert before["c1"] == desk(system, 200)["characters"]["c1"]
    assert all(after[cid] is before[cid] for cid in before if cid != "c1")
    assert type(after) is dict  # a plain mapping, as the store saves it


def test_a_character_joining_or_leaving_keeps_everyone_else_in_place():
    state = desk("stonetop", 5)
    joined = apply(state, {"type": "add_character", "character": {"id": "new", "max_hp": 9}})
    assert list(joined.state["characters"]) == ["c0", "c1", "c2", "c3", "c4", "new"]
    left = apply(joined.state, {"type": "remove_character", "target": "c2"})
    assert list(left.state["characters"]) == ["c0", "c1", "c3", "c4", "new"]
    assert all(left.state["characters"][cid] is joined.state["characters"][cid]
               for cid in left.state["characters"])
