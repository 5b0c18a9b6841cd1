"""Bad files and faults: a clear message, and the file left byte-for-byte untouched."""

import os
import sqlite3

import pytest

from harmdesk.campaign import Campaign
from harmdesk.store import CorruptFile, DiskFull, NewerFile, ReadOnly, Store, db

from .conftest import PARTY


def bad_file(tmp_path, content: bytes):
    path = tmp_path / db.DB_NAME
    path.write_bytes(content)
    return path


def good_db_bytes(tmp_path) -> bytes:
    folder = tmp_path / "good"
    store = Store.open(folder)
    Campaign.create(store, "Good", "stonetop", {}, PARTY)
    store.close()
    return (folder / db.DB_NAME).read_bytes()


@pytest.mark.parametrize("make", [
    lambda tmp: os.urandom(8192),
    lambda tmp: b"name,hp\nheavy,20\n",
    lambda tmp: good_db_bytes(tmp)[:3000],
    lambda tmp: good_db_bytes(tmp)[:100] + os.urandom(20000),
])
def test_a_corrupt_file_is_refused_and_untouched(tmp_path, make):
    content = make(tmp_path)
    path = bad_file(tmp_path, content)
    with pytest.raises(CorruptFile) as err:
        Store.open(tmp_path)
    assert str(path) in str(err.value) and "untouched" in str(err.value)
    assert path.read_bytes() == content
    assert not (tmp_path / "backups").exists()


def test_another_programs_sqlite_file_is_refused(tmp_path):
    path = tmp_path / db.DB_NAME
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE recipes (name TEXT)")
    con.commit()
    con.close()
    content = path.read_bytes()
    with pytest.raises(CorruptFile, match="not one of HarmDesk's"):
        Store.open(tmp_path)
    assert path.read_bytes() == content


def test_a_file_from_a_newer_harmdesk_is_refused_and_untouched(tmp_path):
    store = Store.open(tmp_path)
    store.close()
    path = tmp_path / db.DB_NAME
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version=99")
    con.close()
    content = path.read_bytes()
    with pytest.raises(NewerFile, match="newer HarmDesk"):
        Store.open(tmp_path)
    assert path.read_bytes() == content


def test_every_connection_has_the_pragmas(store):
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == db.BUSY_TIMEOUT_MS
        assert conn.exec_driver_sql("PRAGMA application_id").scalar() == db.APPLICATION_ID


def test_a_second_writer_gets_a_read_only_store(store, campaign):
    second = Store.open(store.path.parent)
    try:
        assert second.read_only and "another HarmDesk" in second.why_read_only
        # it can still read what the writer saved
        campaign.apply({"type": "damage", "target": "heavy", "amount": 5})
        assert Campaign(second, "Test").state["characters"]["heavy"]["hp"] == 17
        with pytest.raises(ReadOnly, match="another HarmDesk"):
            Campaign(second, "Test").apply({"type": "damage", "target": "heavy", "amount": 5})
    finally:
        second.close()
    assert Campaign(store, "Test").state["characters"]["heavy"]["hp"] == 17


def test_the_lock_passes_on_when_the_writer_closes(store):
    folder = store.path.parent
    store.close()
    again = Store.open(folder)
    assert not again.read_only
    again.close()


def test_a_read_only_file_opens_read_only(store, campaign, monkeypatch):
    folder = store.path.parent
    store.close()
    content = (folder / db.DB_NAME).read_bytes()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if mode == os.W_OK
                        else real_access(p, mode))
    ro = Store.open(folder)
    try:
        assert ro.read_only and "read-only" in ro.why_read_only
        assert Campaign(ro, "Test").state["characters"]["heavy"]["hp"] == 20
        with pytest.raises(ReadOnly):
            ro.start_session(1)
    finally:
        ro.close()
    assert (folder / db.DB_NAME).read_bytes() == content


def test_a_read_only_folder_with_no_file_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "access", lambda p, mode: mode != os.W_OK)
    with pytest.raises(ReadOnly, match="Cannot create"):
        Store.open(tmp_path)
    assert not (tmp_path / db.DB_NAME).exists()


def test_a_full_disk_loses_nothing_already_saved(store, campaign):
    campaign.apply({"type": "damage", "target": "heavy", "amount": 3})
    with store.engine.connect() as conn:
        pages = conn.exec_driver_sql("PRAGMA page_count").scalar()

    from sqlalchemy import event

    @event.listens_for(store.engine, "connect")
    def _tiny(dbapi_connection, _record):
        dbapi_connection.execute(f"PRAGMA max_page_count={pages}")

    store.engine.dispose()  # new connections get the limit: the "disk" is now full
    big = {"type": "add_wound", "target": "heavy", "text": "x" * 200_000}
    with pytest.raises(DiskFull, match="full"):
        campaign.apply(big)
    assert campaign.state["characters"]["heavy"]["wounds"] == []
    event.remove(store.engine, "connect", _tiny)
    store.engine.dispose()
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
    assert Campaign(store, "Test").state["characters"]["heavy"]["hp"] == 19
    assert len(store.log(campaign.info.id)) == 1


def test_backups_use_the_backup_api_and_keep_ten(store, campaign):
    made = [db.backup(store.path, f"test{i}") for i in range(13)]
    kept = sorted((store.path.parent / "backups").glob("*.sqlite"))
    assert len(kept) == db.KEEP_BACKUPS
    con = sqlite3.connect(made[-1])
    assert con.execute("SELECT name FROM campaign").fetchall() == [("Test",)]
    con.close()


def test_a_day_of_use_makes_one_backup(store, campaign):
    folder = store.path.parent
    store.close()
    for _ in range(3):
        Store.open(folder).close()
    daily = list((folder / "backups").glob("*-daily.sqlite"))
    assert len(daily) == 1
