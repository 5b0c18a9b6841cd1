"""Bad files and faults: a clear message, and the file left byte-for-byte untouched."""

import os
import sqlite3
from datetime import datetime

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import CorruptFile, DiskFull, NewerFile, ReadOnly, Store, backups, db

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


def pragma(con, name: str):
    return con.execute(f"PRAGMA {name}").fetchone()[0]


def test_every_connection_has_the_pragmas(store):
    with store._reading() as first, store._reading() as second:  # two connections
        for con in (first, second):
            assert pragma(con, "journal_mode") == "wal"
            assert pragma(con, "synchronous") == 2  # FULL
            assert pragma(con, "foreign_keys") == 1
            assert pragma(con, "busy_timeout") == db.BUSY_TIMEOUT_MS
            assert pragma(con, "application_id") == db.APPLICATION_ID
        assert first is not second and not first.in_transaction


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


def test_only_a_store_stopped_by_another_writer_waits_for_one(store, monkeypatch):
    folder = store.path.parent
    second = Store.open(folder)
    reader = Store.open(folder, write=False)
    try:
        assert second.another_writer and not store.another_writer
        assert reader.read_only and not reader.another_writer  # it chose to only read
    finally:
        second.close()
        reader.close()
    store.close()
    monkeypatch.setattr(os, "access", lambda p, mode: mode != os.W_OK)
    refused = Store.open(folder)  # read-only for its permissions: no writer to wait for
    try:
        assert refused.read_only and not refused.another_writer
    finally:
        refused.close()


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
            ro.start_play_session(1)
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
    with store._reading() as con:
        pages = pragma(con, "page_count")
    # connections from now on cannot grow the file: the "disk" is now full
    remove = store.connections.on_connect(
        lambda con: con.execute(f"PRAGMA max_page_count={pages}"))
    big = {"type": "add_wound", "target": "heavy", "text": "x" * 200_000}
    with pytest.raises(DiskFull, match="full"):
        campaign.apply(big)
    assert campaign.state["characters"]["heavy"]["wounds"] == []
    remove()
    with store._reading() as con:
        assert pragma(con, "integrity_check") == "ok"
        assert pragma(con, "max_page_count") > pages  # the limit went with the hook
    assert Campaign(store, "Test").state["characters"]["heavy"]["hp"] == 19
    assert len(store.log(campaign.info.id)) == 1


def test_backups_use_the_backup_api_and_keep_ten(store, campaign):
    made = [db.backup(store.path, f"test{i}") for i in range(13)]
    kept = sorted((store.path.parent / "backups").glob("*.sqlite"))
    assert len(kept) == backups.KEEP_BACKUPS
    con = sqlite3.connect(made[-1])
    assert con.execute("SELECT name FROM campaign").fetchall() == [("Test",)]
    con.close()


def test_a_day_of_use_makes_one_backup(store, campaign):
    folder = store.path.parent
    store.close()
    for _ in range(3):
        again = Store.open(folder)
        assert again.maintain() == []
        again.close()
    daily = list((folder / "backups").glob("*-daily.sqlite"))
    assert len(daily) == 1


def test_opening_neither_checks_nor_backs_up_the_file(store, campaign, monkeypatch):
    """Both read the whole file: they wait for `maintain`, after the store is ready."""
    folder = store.path.parent
    campaign.apply({"type": "damage", "target": "heavy", "amount": 3})
    store.close()

    def refuse(*_args):
        raise AssertionError("opening read the whole file")

    monkeypatch.setattr(db, "integrity_problem", refuse)
    monkeypatch.setattr(db, "backup", refuse)
    again = Store.open(folder)
    try:
        assert Campaign.open(again, "Test").apply(
            {"type": "damage", "target": "heavy", "amount": 3}).ok
    finally:
        again.close()
    assert not (folder / "backups").exists()


class FullDisk:
    """sqlite3 whose backups stop half-way, as on a full disk: a file is begun, then
    the copy fails."""

    def __init__(self, real):
        self.real = real

    def connect(self, *args, **kwargs):
        con = self.real.connect(*args, **kwargs)
        return _Halting(con)

    def __getattr__(self, name):
        return getattr(self.real, name)


class _Halting:
    def __init__(self, con):
        self.con = con

    def backup(self, target, **_kwargs):
        target.con.execute("CREATE TABLE half (x)")  # something is on the disk already
        full = sqlite3.OperationalError("database or disk is full")
        full.sqlite_errorcode, full.sqlite_errorname = 13, "SQLITE_FULL"  # as SQLite says it
        raise full

    def __getattr__(self, name):
        return getattr(self.con, name)


def test_a_failed_backup_is_harmless_and_leaves_nothing_that_counts(store, campaign,
                                                                     monkeypatch):
    monkeypatch.setattr(backups, "sqlite3", FullDisk(sqlite3))
    notes = store.maintain()  # no exception: a note for the GM
    assert len(notes) == 1 and "backup was not made" in notes[0] and "is full" in notes[0]
    folder = store.path.parent / "backups"
    assert [p.name for p in folder.iterdir()] == []  # no half copy, named or not
    # the store goes on saving
    assert campaign.apply({"type": "damage", "target": "heavy", "amount": 3}).ok
    assert Campaign(store, "Test").state["characters"]["heavy"]["hp"] == 19
    # and the failure did not count as today's backup: the next one is made
    monkeypatch.undo()
    assert store.maintain() == []
    made = list(folder.glob("*-daily.sqlite"))
    assert len(made) == 1
    con = sqlite3.connect(made[0])
    assert con.execute("SELECT count(*) FROM log").fetchone()[0] == 1
    con.close()


def test_an_empty_file_named_like_todays_backup_does_not_count(store, campaign):
    folder = store.path.parent / "backups"
    folder.mkdir()
    today = datetime.now().strftime("%Y%m%d")
    (folder / f"harmdesk-{today}-000000-daily.sqlite").write_bytes(b"")
    assert store.maintain() == []
    real = [p for p in folder.glob(f"harmdesk-{today}-*-daily.sqlite") if p.stat().st_size]
    assert len(real) == 1


def test_a_read_only_backup_folder_is_harmless(store, campaign, monkeypatch):
    def refuse(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied", str(store.path.parent / "backups"))

    monkeypatch.setattr(os, "replace", refuse)
    notes = store.maintain()
    assert len(notes) == 1 and "Permission denied" in notes[0]
    assert [p.name for p in (store.path.parent / "backups").iterdir()] == []
    assert campaign.apply({"type": "heal", "target": "heavy", "amount": 1}).ok


def test_rotation_deletes_only_files_harmdesk_wrote(store, campaign):
    """Even a file named exactly as HarmDesk names its backups stays: only the ones
    HarmDesk lists as made by it rotate away."""
    folder = store.path.parent / "backups"
    folder.mkdir()
    theirs = ["notes.txt", "harmdesk-old.sqlite", "harmdesk-20200101-000000-daily.sqlite.bak",
              "my-harmdesk-20200101-000000-daily.sqlite", "harmdesk-2020-01-01-daily.sqlite",
              "harmdesk-20200101-000000-daily.sqlite", "harmdesk-19990101-120000-mine.sqlite"]
    for name in theirs:
        (folder / name).write_text("the GM's own")
    made = [db.backup(store.path, f"test{i}") for i in range(13)]
    ours = sorted({p.name for p in folder.iterdir()} - set(theirs) - {backups.MANIFEST})
    assert ours == sorted(p.name for p in made[-backups.KEEP_BACKUPS:])
    assert all((folder / name).read_text() == "the GM's own" for name in theirs)


def test_a_damaged_file_is_reported_after_opening_and_not_backed_up(tmp_path):
    store = Store.open(tmp_path)
    campaign = Campaign.create(store, "Long", "stonetop", {}, PARTY)
    for i in range(400):
        campaign.apply({"type": "damage", "target": "heavy", "amount": i % 2})
    store.close()
    path = tmp_path / db.DB_NAME
    size = path.stat().st_size
    with open(path, "r+b") as fh:  # scribble over the pages in the middle of the log
        fh.seek(size // 3 // 4096 * 4096)
        fh.write(os.urandom(size // 3))
    damaged = Store.open(tmp_path)
    try:
        notes = damaged.maintain()
    finally:
        damaged.close()
    assert len(notes) == 1 and "damaged" in notes[0] and "no backup" in notes[0]
    assert not list((tmp_path / "backups").glob("*-daily.sqlite"))
