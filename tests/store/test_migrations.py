"""Schema versions: a user_version ladder in one transaction, after a backup."""

import shutil
import sqlite3

import pytest

from harmdesk.desk.actions import ChangeKind
from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store, StoreError, db, paths
from harmdesk.store.paths import SCHEMA_VERSION
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures"


def versions():
    return sorted(FIXTURES.glob("harmdesk-v*.sqlite"))


def test_there_is_a_fixture_for_every_released_schema_version():
    numbers = [int(p.stem.split("-v")[1]) for p in versions()]
    assert numbers == list(range(1, SCHEMA_VERSION + 1))


@pytest.mark.parametrize("fixture", versions(), ids=lambda p: p.stem)
def test_each_released_version_opens_and_upgrades(tmp_path, fixture):
    shutil.copy(fixture, tmp_path / db.DB_NAME)
    store = Store.open(tmp_path)
    try:
        with store._reading() as con:
            assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        campaign = Campaign.open(store, "Fixture")
        # the fixture holds a hurt Heavy and one undone step
        assert campaign.state["characters"]["heavy"]["hp"] == 16
        assert campaign.history() == (1, 1)
        assert campaign.redo().kind is ChangeKind.REDO
        assert campaign.state["characters"]["heavy"]["hp"] == 13
    finally:
        store.close()


CURRENT = SCHEMA_VERSION


def _current_store(tmp_path):
    store = Store.open(tmp_path)
    campaign = Campaign.create(store, "Ladder", "stonetop", {},
                               [{"id": "heavy", "max_hp": 20, "armor": 2}])
    campaign.apply({"type": "damage", "target": "heavy", "amount": 5})
    store.close()


def test_a_migration_step_runs_after_a_backup(tmp_path, monkeypatch):
    _current_store(tmp_path)

    def add_column(conn):
        conn.exec_driver_sql("ALTER TABLE campaign ADD COLUMN colour TEXT DEFAULT 'red'")

    monkeypatch.setattr(paths, "SCHEMA_VERSION", CURRENT + 1)
    monkeypatch.setitem(db.MIGRATIONS, CURRENT, add_column)
    store = Store.open(tmp_path)
    store.close()
    con = sqlite3.connect(tmp_path / db.DB_NAME)
    assert con.execute("PRAGMA user_version").fetchone()[0] == CURRENT + 1
    assert con.execute("SELECT colour FROM campaign").fetchall() == [("red",)]
    con.close()
    backups = list((tmp_path / "backups").glob(f"*before-v{CURRENT + 1}.sqlite"))
    assert len(backups) == 1
    old = sqlite3.connect(backups[0])
    assert old.execute("PRAGMA user_version").fetchone()[0] == CURRENT
    old.close()


def test_a_failing_migration_rolls_back_its_ddl(tmp_path, monkeypatch):
    _current_store(tmp_path)

    def half_done(conn):
        conn.exec_driver_sql("ALTER TABLE campaign ADD COLUMN colour TEXT")
        conn.exec_driver_sql("CREATE TABLE extra (id INTEGER)")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(paths, "SCHEMA_VERSION", CURRENT + 1)
    monkeypatch.setitem(db.MIGRATIONS, CURRENT, half_done)
    with pytest.raises(StoreError):
        Store.open(tmp_path)
    con = sqlite3.connect(tmp_path / db.DB_NAME)
    assert con.execute("PRAGMA user_version").fetchone()[0] == CURRENT
    columns = [r[1] for r in con.execute("PRAGMA table_info(campaign)")]
    assert "colour" not in columns
    assert con.execute("SELECT count(*) FROM sqlite_master WHERE name='extra'").fetchone()[0] == 0
    con.close()
    # and the same file still opens once the faulty HarmDesk is gone
    monkeypatch.setattr(paths, "SCHEMA_VERSION", CURRENT)
    store = Store.open(tmp_path)
    assert Campaign.open(store, "Ladder").state["characters"]["heavy"]["hp"] == 17
    store.close()


def _schema_of(path):
    """Every table's columns (name, type, not null, key) and every index's columns."""
    con = sqlite3.connect(path)
    try:
        tables = [r[0] for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {t: ({(c[1], c[2], c[3], c[5]) for c in con.execute(f"PRAGMA table_info({t})")},
                    {i[1]: [c[2] for c in con.execute(f"PRAGMA index_info({i[1]})")]
                     for i in con.execute(f"PRAGMA index_list({t})")},
                    {(k[2], k[3], k[4], k[6]) for k in con.execute(
                        f"PRAGMA foreign_key_list({t})")})
                for t in tables}
    finally:
        con.close()


def test_an_upgraded_file_has_the_schema_of_a_new_one(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    shutil.copy(FIXTURES / "harmdesk-v1.sqlite", old / db.DB_NAME)
    Store.open(old).close()
    Store.open(new).close()
    upgraded, fresh = _schema_of(old / db.DB_NAME), _schema_of(new / db.DB_NAME)
    assert upgraded == fresh
    assert fresh["log"][1]["ix_log_campaign_step"] == ["campaign_id", "undone", "step", "seq"]
    assert fresh["template"][1]["ix_template_system_campaign"] == ["system", "campaign_id"]
    assert fresh["template"][2] == {("campaign", "campaign_id", "id", "CASCADE")}
    assert "library_seed" in fresh


def test_version_1_log_rows_become_undo_steps_of_their_own(tmp_path):
    """Before version 2 every logged action was undone on its own; it stays so (issue 9)."""
    shutil.copy(FIXTURES / "harmdesk-v1.sqlite", tmp_path / db.DB_NAME)
    store = Store.open(tmp_path)
    try:
        campaign = Campaign.open(store, "Fixture")
        entries = store.log(campaign.info.id, include_undone=True)
        assert [(e.seq, e.step, e.step_text, e.undone) for e in entries] == \
            [(1, 1, None, False), (2, 2, None, True)]
        change = campaign.undo()
        assert [e.seq for e in change.entries] == [1]
        assert campaign.state["characters"]["heavy"]["hp"] == 20
        assert campaign.history() == (0, 2)
        # a new step after the upgrade follows the old ones
        campaign.apply_step([{"type": "damage", "target": "heavy", "amount": 3},
                             {"type": "damage", "target": "heavy", "amount": 4}], "Two hits")
        assert [(e.seq, e.step) for e in store.log(campaign.info.id)] == [(1, 1), (2, 1)]
    finally:
        store.close()
    assert list((tmp_path / "backups").glob(f"*before-v{CURRENT}.sqlite"))


def test_version_2_gains_the_play_session_index_and_keeps_its_log(tmp_path):
    shutil.copy(FIXTURES / "harmdesk-v2.sqlite", tmp_path / db.DB_NAME)
    store = Store.open(tmp_path)
    try:
        campaign = Campaign.open(store, "Fixture")
        assert [(e.seq, e.undone) for e in store.log(campaign.info.id, include_undone=True)] \
            == [(1, False), (2, True), (3, True)]
        # its play session has no row; one started now finds its first one
        assert store.seq_span([s["id"] for s in store.play_sessions(campaign.info.id)])[0] is None
        second = campaign.start_play_session("Second night")
        campaign.apply({"type": "heal", "target": "heavy", "amount": 1})
        assert store.seq_span([second["id"]])[0] == 2
    finally:
        store.close()
    assert _schema_of(tmp_path / db.DB_NAME)["log"][1]["ix_log_session"] == \
        ["session_id", "undone", "seq"]
    assert list((tmp_path / "backups").glob(f"*before-v{CURRENT}.sqlite"))
