"""The store on plain sqlite3: SQLAlchemy and SQLModel load only to create or upgrade a
file (their import alone costs more than a bare window), yet SQLModel stays the schema
and either side reads what the other wrote."""

import json
import os
import sqlite3
import subprocess
import sys
import threading

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store, db
from tests.conftest import ROOT

from .conftest import PARTY

EVERYDAY = r"""
import json, sys
from harmdesk.desk.service import Service
folder = sys.argv[1]
session = Service.open(folder)                      # an existing, up-to-date file
notes = session.maintain()                          # the check and the day's backup
session.apply({"type": "damage", "target": "heavy", "amount": 5})
session.undo(); session.redo()
session.apply_step([{"type": "heal", "target": "heavy", "amount": 1},
                    {"type": "damage", "target": "caradoc", "amount": 2}], "Two at once")
session.start_play_session("Second night")
session.apply({"type": "damage", "target": "heavy", "amount": 1})
session.end_play_session("A hard night")
session.set_options({"dice": "typed"})
read = (session.campaigns(), session.log(True), session.log_page(None, 2), session.steps(),
        session.history(), session.play_sessions(),
        session.store.desk_order(session.campaign.info.id))
session.create("Another", "lux_aeterna")            # a new campaign in the same file
session.use("Test")
exported = session.export()
session.close()
print(json.dumps({"notes": notes, "history": read[4], "exported": len(exported["actions"]),
                  "imported": sorted(m for m in sys.modules
                                     if m.split(".")[0] in ("sqlalchemy", "sqlmodel"))}))
"""


def test_opening_an_existing_campaign_and_everyday_work_import_no_sqlalchemy(store):
    Campaign.create(store, "Test", "stonetop", {}, PARTY)
    folder = store.path.parent
    store.close()
    run = subprocess.run([sys.executable, "-c", EVERYDAY, str(folder)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result == {"notes": [], "history": [3, 0], "exported": 4, "imported": []}
    # and everything it did is in the file
    again = Store.open(folder)
    try:
        test = Campaign.open(again, "Test")
        # ST-3 (armor takes its worth off each blow): the Heavy's 2, Caradoc's 1
        assert test.state["characters"]["heavy"]["hp"] == 20 - (5 - 2) + 1 - 0
        assert test.state["characters"]["caradoc"]["hp"] == 16 - (2 - 1)
        assert test.info.options == {"dice": "typed"}
        nights = again.play_sessions(test.info.id)
        assert [(s["number"], s["title"], s["notes"]) for s in nights] == \
            [(1, "Second night", "A hard night")]
        assert Campaign.open(again, "Another").system == "lux_aeterna"
    finally:
        again.close()
    assert list((folder / "backups").glob("*-daily.sqlite"))  # maintain ran too


def test_a_file_the_store_creates_has_every_table_column_and_index_of_the_sqlmodel_schema(
        store):
    from sqlmodel import SQLModel

    from harmdesk.store import schema  # noqa: F401 (the tables on SQLModel's metadata)
    con = sqlite3.connect(store.path)
    try:
        for table in SQLModel.metadata.sorted_tables:
            columns = {c[1]: c for c in con.execute(f"PRAGMA table_info({table.name})")}
            assert set(columns) == {c.name for c in table.columns}, table.name
            for column in table.columns:
                _cid, name, kind, notnull, _default, pk = columns[column.name]
                assert kind == column.type.compile(dialect=_sqlite()), (table.name, name)
                assert bool(notnull) == (not column.nullable or column.primary_key), name
                assert bool(pk) == column.primary_key, name
            indexes = {i[1]: (bool(i[2]), [c[2] for c in con.execute(
                f"PRAGMA index_info({i[1]})")]) for i in con.execute(
                f"PRAGMA index_list({table.name})")}
            for index in table.indexes:
                assert indexes[index.name] == (bool(index.unique), [c.name for c in index.columns])
            uniques = [cols for unique, cols in indexes.values() if unique]
            for constraint in table.constraints:
                if constraint.__class__.__name__ == "UniqueConstraint":
                    assert [c.name for c in constraint.columns] in uniques, table.name
            keys = {(r[3], r[2], r[4]) for r in con.execute(
                f"PRAGMA foreign_key_list({table.name})")}
            assert keys == {(k.parent.name, k.column.table.name, k.column.name)
                            for k in table.foreign_keys}, table.name
        assert con.execute("PRAGMA application_id").fetchone()[0] == db.APPLICATION_ID
    finally:
        con.close()


def _sqlite():
    from sqlalchemy.dialects import sqlite
    return sqlite.dialect()


def test_json_columns_read_the_same_through_sqlalchemy_and_the_store(store):
    """The store writes JSON as SQLAlchemy's JSON type does (None as `null`), and reads
    what SQLAlchemy wrote: a file stays good for either."""
    from sqlalchemy import create_engine, insert, select

    from harmdesk.store.schema import CampaignRow, LogRow
    campaign = Campaign.create(store, "Test", "stonetop", {"prosperity": 1}, PARTY)
    campaign.apply({"type": "damage", "target": "heavy", "amount": 5})
    engine = create_engine(f"sqlite:///{store.path}")
    try:
        with engine.begin() as conn:
            row = conn.execute(select(LogRow.__table__)).one()
            assert row.action == {"type": "damage", "target": "heavy", "amount": 5}
            assert row.after["heavy"]["hp"] == 17 and row.settings_before is None
            info = conn.execute(select(CampaignRow.__table__)).one()
            assert info.settings == {**campaign.info.settings} and info.options == {}
            # a row SQLAlchemy writes, with a None of its own, as an import of old did
            conn.execute(insert(LogRow.__table__).values(
                campaign_id=info.id, seq=2, step=2, undone=False, applied_at=db.now(),
                action={"type": "heal", "target": "heavy", "amount": 1}, events=[],
                before={"heavy": row.after["heavy"]},
                after={"heavy": {**row.after["heavy"], "hp": 18}},
                settings_before=None, settings_after=None))
    finally:
        engine.dispose()
    raw = sqlite3.connect(store.path)
    try:  # both writers leave the same text: `null`, not SQL NULL
        assert raw.execute("SELECT settings_before, settings_after FROM log ORDER BY seq")\
            .fetchall() == [("null", "null"), ("null", "null")]
    finally:
        raw.close()
    entries = store.log(campaign.info.id)
    assert [e.action["type"] for e in entries] == ["damage", "heal"]
    assert entries[1].after["heavy"]["hp"] == 18 and entries[1].settings_after is None
    assert campaign.undo().entries[0].seq == 2  # the store undoes SQLAlchemy's row
    assert Campaign(store, "Test").state["characters"]["heavy"]["hp"] == 17


def test_the_worker_and_the_gui_thread_each_get_a_connection_of_their_own(store):
    campaign = Campaign.create(store, "Test", "stonetop", {}, PARTY)
    done, failed = threading.Event(), []

    def worker():
        try:
            # the other thread holds a connection meanwhile: this one gets its own
            assert campaign.apply({"type": "damage", "target": "heavy", "amount": 5}).ok
        except BaseException as err:  # reported to the test below
            failed.append(err)
        done.set()

    with store._reading() as held:
        thread = threading.Thread(target=worker)
        thread.start()
        assert done.wait(30)
        thread.join()
        assert failed == []
        # the holder sees the worker's commit: a connection of its own, not inside it
        assert held.execute("SELECT count(*) FROM log").fetchone()[0] == 1
    assert Campaign(store, "Test").state["characters"]["heavy"]["hp"] == 17  # ST-3: armor 2
    store.close()
    with pytest.raises(sqlite3.ProgrammingError):  # closing the store closed it
        held.execute("SELECT 1")


def test_a_campaign_name_taken_is_advice_and_changes_nothing(store):
    Campaign.create(store, "Test", "stonetop", {}, PARTY)
    with pytest.raises(db.StoreError, match="already a campaign named 'Test'"):
        store.create_campaign("Test", "stonetop", {}, [], [{"id": "x"}])
    with store._reading() as con:
        assert con.execute("SELECT count(*) FROM character").fetchone()[0] == len(PARTY)
        assert not con.in_transaction


def test_a_locked_file_is_advice_for_reads_and_writes_not_a_traceback(store, monkeypatch):
    Campaign.create(store, "Test", "stonetop", {}, PARTY)
    monkeypatch.setattr(db, "BUSY_TIMEOUT_MS", 50)  # new connections give up after 50 ms
    store.connections.close_idle()
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("PRAGMA locking_mode=EXCLUSIVE")  # another program takes the whole file
    other.execute("BEGIN EXCLUSIVE")
    other.execute("UPDATE campaign SET opened = opened")
    try:
        with pytest.raises(db.StoreError, match="busy in another program"):
            store.touch(1)
        with pytest.raises(db.StoreError, match="busy in another program"):
            store.campaigns()
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert [c["name"] for c in store.campaigns()] == ["Test"]


def test_the_undo_stacks_names_are_read_without_the_rows_states(store):
    """SQLite's JSON functions pick each row's name: the step's text, else its first
    event's, else its action's type (a row that explained nothing)."""
    campaign = Campaign.create(store, "Test", "stonetop", {}, PARTY)
    campaign.apply({"type": "damage", "target": "heavy", "amount": 5})
    campaign.apply_step([{"type": "heal", "target": "heavy", "amount": 1},
                         {"type": "heal", "target": "caradoc", "amount": 1}], "Both healed")
    with store._hot() as con:  # a row whose action explained nothing
        con.execute("UPDATE log SET events = '[]', action = json_set(action, '$.type', "
                    "'make_camp') WHERE seq = 1")
    campaign.undo()
    rows = store.log_page(campaign.info.id, None, 10)
    names = store.step_names(campaign.info.id, None, 10)
    assert [(seq, step, undone) for seq, step, undone, _ in names] == \
        [(e.seq, e.step, e.undone) for e in rows] == [(3, 2, True), (2, 2, True), (1, 1, False)]
    assert [name for *_, name in names] == ["Both healed", "Both healed", "make camp"]
    assert store.step_names(campaign.info.id, 3, 1) == [(2, 2, True, "Both healed")]
    with store._hot() as con:
        con.execute("UPDATE log SET events = ? WHERE seq = 1",
                    (json.dumps([{"text": "The Heavy takes 3 damage (ST-3)"}]),))
    assert store.step_names(campaign.info.id, 2, 5)[0][3] == "The Heavy takes 3 damage (ST-3)"
