"""Schema versions: a user_version ladder in one transaction, after a backup."""

import shutil
import sqlite3

import pytest

from harmdesk.campaign import Campaign
from harmdesk.store import Store, StoreError, db, schema
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures"


def versions():
    return sorted(FIXTURES.glob("harmdesk-v*.sqlite"))


def test_there_is_a_fixture_for_every_released_schema_version():
    numbers = [int(p.stem.split("-v")[1]) for p in versions()]
    assert numbers == list(range(1, schema.SCHEMA_VERSION + 1))


@pytest.mark.parametrize("fixture", versions(), ids=lambda p: p.stem)
def test_each_released_version_opens_and_upgrades(tmp_path, fixture):
    shutil.copy(fixture, tmp_path / db.DB_NAME)
    store = Store.open(tmp_path)
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA user_version").scalar() == schema.SCHEMA_VERSION
        campaign = Campaign.open(store, "Fixture")
        # the fixture holds a hurt Heavy and one undone step
        assert campaign.state["characters"]["heavy"]["hp"] == 16
        assert campaign.history() == (1, 1)
        assert campaign.redo().kind == "redo"
        assert campaign.state["characters"]["heavy"]["hp"] == 13
    finally:
        store.close()


def _v1_store(tmp_path):
    store = Store.open(tmp_path)
    campaign = Campaign.create(store, "Ladder", "stonetop", {},
                               [{"id": "heavy", "max_hp": 20, "armor": 2}])
    campaign.apply({"type": "damage", "target": "heavy", "amount": 5})
    store.close()


def test_a_migration_step_runs_after_a_backup(tmp_path, monkeypatch):
    _v1_store(tmp_path)

    def add_column(conn):
        conn.exec_driver_sql("ALTER TABLE campaign ADD COLUMN colour TEXT DEFAULT 'red'")

    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    monkeypatch.setitem(db.MIGRATIONS, 1, add_column)
    store = Store.open(tmp_path)
    store.close()
    con = sqlite3.connect(tmp_path / db.DB_NAME)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 2
    assert con.execute("SELECT colour FROM campaign").fetchall() == [("red",)]
    con.close()
    backups = list((tmp_path / "backups").glob("*before-v2.sqlite"))
    assert len(backups) == 1
    old = sqlite3.connect(backups[0])
    assert old.execute("PRAGMA user_version").fetchone()[0] == 1
    old.close()


def test_a_failing_migration_rolls_back_its_ddl(tmp_path, monkeypatch):
    _v1_store(tmp_path)

    def half_done(conn):
        conn.exec_driver_sql("ALTER TABLE campaign ADD COLUMN colour TEXT")
        conn.exec_driver_sql("CREATE TABLE extra (id INTEGER)")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    monkeypatch.setitem(db.MIGRATIONS, 1, half_done)
    with pytest.raises(StoreError):
        Store.open(tmp_path)
    con = sqlite3.connect(tmp_path / db.DB_NAME)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 1
    columns = [r[1] for r in con.execute("PRAGMA table_info(campaign)")]
    assert "colour" not in columns
    assert con.execute("SELECT count(*) FROM sqlite_master WHERE name='extra'").fetchone()[0] == 0
    con.close()
    # and the same file still opens once the faulty HarmDesk is gone
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 1)
    store = Store.open(tmp_path)
    assert Campaign.open(store, "Ladder").state["characters"]["heavy"]["hp"] == 17
    store.close()
