"""Undo steps: a macro's actions (a party's Make Camp) undo and redo together, also after a
restart, each in one transaction, found through an index."""

import sqlite3

import pytest

from harmdesk.desk.actions import ChangeKind
from harmdesk.desk.campaign import Campaign

from .conftest import counted, reopen, traced

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
    """The write transactions the store begins from now on (one BEGIN IMMEDIATE each)."""
    statements = traced(store)
    return lambda: [s for s in statements if s.startswith("BEGIN")]


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
    assert begun() == ["BEGIN IMMEDIATE"]
    camp.undo()
    assert len(begun()) == 2
    camp.redo()
    assert begun() == ["BEGIN IMMEDIATE"] * 3


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


def plans(store, statements) -> dict[str, str]:
    """SQLite's query plan of each statement that reads a table."""
    con = sqlite3.connect(store.path)
    try:
        return {sql: " ".join(r[3] for r in con.execute(f"EXPLAIN QUERY PLAN {sql}"))
                for sql in statements
                if sql.split()[0] in ("SELECT", "UPDATE", "DELETE", "INSERT")}
    finally:
        con.close()


def test_apply_undo_redo_and_open_find_their_rows_through_indexes(store, camp):
    """Per-action cost does not grow with the log: no statement of apply (the redo
    branch dropped, the next seq, the rows and states written), undo, redo or opening
    a campaign reads a table from end to end."""
    for _ in range(3):
        camp.apply_step(MAKE_CAMP[:1], "Make Camp")
        camp.apply({"type": "damage", "target": "caradoc", "amount": 8})
    store.start_play_session(camp.info.id, "Barrow")
    statements = traced(store)
    camp.undo()
    camp.redo()
    camp.undo()
    camp.apply({"type": "heal", "target": "heavy", "amount": 1})
    Campaign.open(store, "Camp")
    found = plans(store, statements)
    wanted = {"DELETE FROM log", "max(seq)", "INSERT INTO log", "UPDATE character",
              "UPDATE log SET undone = 1", "UPDATE log SET undone = 0", "FROM campaign",
              "FROM character", "FROM play_session"}
    assert all(any(w in sql for sql in found) for w in wanted), found
    assert all("SCAN" not in plan for plan in found.values()), found
    assert any("ix_log_campaign_step" in plan for plan in found.values())


def test_undo_and_redo_find_their_step_through_an_index(store, camp):
    for _ in range(3):
        camp.apply_step(MAKE_CAMP[:1], "Make Camp")
        camp.apply({"type": "damage", "target": "caradoc", "amount": 8})
    statements = traced(store)
    camp.undo()
    camp.redo()
    camp.undo()
    camp.apply({"type": "heal", "target": "heavy", "amount": 1})
    camp.history()
    on_log = {sql: plan for sql, plan in plans(store, statements).items()
              if " log" in sql and not sql.startswith("INSERT")}
    assert len(on_log) >= 6
    assert all("SCAN log" not in plan for plan in on_log.values()), on_log
    assert any("ix_log_campaign_step" in plan for plan in on_log.values())


def grow_log(store, campaign, rows: int) -> None:
    """`rows` more applied log rows (a heal of 0 on the Heavy), written in bulk."""
    con = sqlite3.connect(store.path)
    with con:
        newest = con.execute("SELECT max(seq) FROM log").fetchone()[0]
        con.executemany(
            'INSERT INTO log (campaign_id, seq, step, action, events, "before", "after", '
            "undone, applied_at) VALUES (?, ?, ?, '{}', '[]', '{}', '{}', 0, '')",
            [(campaign.info.id, seq, seq) for seq in range(newest + 1, newest + rows + 1)])
    con.close()


def work(store, campaign, steps) -> dict[str, int]:
    """SQLite's steps for an apply, an undo, a redo and opening the campaign."""
    done = {}
    for name, fn in (("apply", lambda: campaign.apply({"type": "heal", "target": "heavy",
                                                        "amount": 1})),
                     ("undo", campaign.undo), ("redo", campaign.redo),
                     ("open", lambda: Campaign.open(store, "Camp"))):
        steps.clear()
        fn()
        done[name] = len(steps)
    return done


def test_apply_undo_redo_and_open_do_as_much_work_on_a_long_log_as_on_a_short_one(store, camp):
    """Counted in SQLite's own steps: a statement that reads the log row by row (a
    missing index, one the planner passes over, a count) would show here."""
    steps = counted(store, every=10)
    short = work(store, camp, steps)
    grow_log(store, camp, 20_000)
    long = work(store, camp, steps)
    assert all(long[name] <= short[name] * 1.2 + 5 for name in short), (short, long)
    assert short["apply"] > 0


def test_the_step_count_sees_a_statement_that_reads_every_row(store, camp):
    """The measuring stick works: counting the log's rows shows, finding its newest not."""
    steps = counted(store, every=10)
    grow_log(store, camp, 20_000)
    with store._reading() as con:
        steps.clear()
        con.execute("SELECT count(*) FROM log WHERE campaign_id = 1").fetchone()
        scanned = len(steps)
        steps.clear()
        con.execute("SELECT max(seq) FROM log WHERE campaign_id = 1").fetchone()
    assert scanned > 1000 > len(steps)


def test_can_step_finds_what_history_counts(tmp_path):
    """Whether a step can be undone or redone, found along the step index: the same
    answer as counting every step, at each point of a night."""
    from harmdesk.desk.campaign import Campaign
    from harmdesk.store import Store
    store = Store.open(tmp_path)
    try:
        camp = Campaign.create(store, "Night", "stonetop", {}, [{"id": "h", "max_hp": 20}])
        seen = []
        for move in ("apply", "apply", "undo", "undo", "redo", "apply"):
            if move == "apply":
                camp.apply({"type": "damage", "target": "h", "amount": 1})
            else:
                getattr(camp, move)()
            undo, redo = store.history(camp.info.id)
            assert store.can_step(camp.info.id) == (undo > 0, redo > 0)
            seen.append(store.can_step(camp.info.id))
        assert seen == [(True, False), (True, False), (True, True), (False, True),
                        (True, True), (True, False)]
    finally:
        store.close()
