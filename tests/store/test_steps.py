"""Undo steps: a macro's actions (a party's Make Camp) undo and redo together, also after a
restart, each in one transaction, found through an index."""

import sqlite3

import pytest
from sqlalchemy import event

from harmdesk.campaign import Campaign
from harmdesk.values import ChangeKind

from .conftest import reopen

PARTY = [
    {"id": "caradoc", "name": "Caradoc", "kind": "pc", "max_hp": 16},
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20},
    {"id": "vahid", "name": "Vahid", "kind": "pc", "max_hp": 16},
]
AMBUSH = {"type": "damage", "target": ["caradoc", "heavy", "vahid"], "amount": 12}
# ST-10: fed and rested, each regains half of max HP rounded up
MAKE_CAMP = [{"type": "make_camp", "target": cid, "choice": "hp"}
             for cid in ("caradoc", "heavy", "vahid")]
HURT = {"caradoc": 4, "heavy": 8, "vahid": 4}
RESTED = {"caradoc": 12, "heavy": 18, "vahid": 12}


@pytest.fixture
def camp(store):
    campaign = Campaign.create(store, "Camp", "stonetop", {}, PARTY)
    assert campaign.apply(AMBUSH).ok
    return campaign


def hp(campaign):
    return {cid: c["hp"] for cid, c in campaign.state["characters"].items()}


def saved_hp(store, name="Camp"):
    return hp(Campaign(store, name))


def transactions(store):
    """Count the write transactions the store begins (one BEGIN IMMEDIATE each)."""
    begun = []
    event.listen(store.engine, "begin", lambda conn: begun.append(1))
    return begun


def test_st10_party_make_camp_is_one_step_before_and_after_a_restart(store, camp):
    change = camp.apply_step(MAKE_CAMP, "Make Camp: Caradoc, The Heavy, Vahid")
    assert change.ok and change.changed == ("caradoc", "heavy", "vahid")
    assert len({e.step for e in change.entries}) == 1 and len(change.entries) == 3
    assert hp(camp) == RESTED and camp.history() == (2, 0)

    undone = camp.undo()
    assert [e.action["target"] for e in undone.entries] == ["caradoc", "heavy", "vahid"]
    assert hp(camp) == HURT and saved_hp(store) == HURT
    assert camp.history() == (1, 1)

    store = reopen(store)
    again = Campaign.open(store, "Camp")
    assert again.history() == (1, 1)
    redone = again.redo()
    assert redone.kind is ChangeKind.REDO and len(redone.entries) == 3
    assert hp(again) == RESTED and saved_hp(store) == RESTED
    assert again.history() == (2, 0) and again.redo() is None
    # and one undo after the restart takes the whole camp back again
    assert len(again.undo().entries) == 3 and hp(again) == HURT
    store.close()


def test_st10_each_step_writes_undoes_and_redoes_in_one_transaction(store, camp):
    begun = transactions(store)
    camp.apply_step(MAKE_CAMP, "Make Camp")
    assert len(begun) == 1
    camp.undo()
    assert len(begun) == 2
    camp.redo()
    assert len(begun) == 3


def test_st10_a_step_is_all_or_nothing_when_the_rules_refuse_one_action(store, camp):
    unfed = {**MAKE_CAMP[2], "fed": False}
    change = camp.apply_step([*MAKE_CAMP[:2], unfed], "Make Camp")
    assert not change.ok and "did not eat and drink" in change.outcome.error
    assert hp(camp) == HURT and saved_hp(store) == HURT
    assert camp.history() == (1, 0)


def test_undo_and_redo_follow_steps_in_order_with_single_actions_around_them(store, camp):
    camp.apply_step(MAKE_CAMP, "Make Camp")
    camp.apply({"type": "damage", "target": "heavy", "amount": 3})
    assert camp.history() == (3, 0)
    assert camp.undo().entry.action["amount"] == 3 and hp(camp) == RESTED
    assert len(camp.undo().entries) == 3 and hp(camp) == HURT
    assert camp.undo().entry.action == AMBUSH and camp.undo() is None
    assert len(camp.redo().entries) == 1 and hp(camp) == HURT
    assert len(camp.redo().entries) == 3 and hp(camp) == RESTED
    assert camp.history() == (2, 1)
    # a new step drops the redo branch: the hit is gone for good
    camp.apply({"type": "heal", "target": "heavy", "amount": 1})
    assert camp.history() == (3, 0) and camp.redo() is None
    assert [e.step for e in store.log(camp.info.id, include_undone=True)] == [1, 2, 2, 2, 5]


def test_undo_and_redo_find_their_step_through_an_index(store, camp):
    for _ in range(3):
        camp.apply_step(MAKE_CAMP[:1], "Make Camp")
        camp.apply({"type": "damage", "target": "caradoc", "amount": 8})
    statements = []
    event.listen(store.engine, "before_cursor_execute",
                 lambda conn, cur, sql, params, ctx, many: statements.append((sql, params)))
    camp.undo()
    camp.redo()
    camp.undo()
    camp.apply({"type": "heal", "target": "heavy", "amount": 1})
    camp.history()
    on_log = [(s, p) for s, p in statements if " log" in s and not s.startswith("INSERT")]
    assert len(on_log) >= 8
    con = sqlite3.connect(store.path)
    try:
        plans = {sql: " ".join(r[3] for r in con.execute(f"EXPLAIN QUERY PLAN {sql}", params))
                 for sql, params in on_log}
    finally:
        con.close()
    assert all("SCAN log" not in plan for plan in plans.values()), plans
    assert any("ix_log_campaign_step" in plan for plan in plans.values())
