"""Opening a data folder: relative paths, other programs' files, failed upgrades, the
first-run race and lock files that cannot be locked (issue 12)."""

import errno
import fcntl
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import CorruptFile, NoFile, ReadOnly, Store, StoreError, db, paths
from tests.cli_kit import checksum, folder_digest
from tests.conftest import ROOT

from .conftest import PARTY


def test_a_relative_path_reaches_sqlite_as_an_absolute_one(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Store.open("d").close()
    relative = Path("d") / db.DB_NAME
    assert db.inspect_file(relative) == paths.SCHEMA_VERSION
    assert db.integrity_problem(relative) is None
    con = db.connect(relative, read_only=True)
    assert con.execute("SELECT count(*) FROM campaign").fetchone()[0] == 0
    con.close()
    reader = Store.open("d", write=False)
    assert reader.path == tmp_path / "d" / db.DB_NAME and reader.campaigns() == []
    reader.close()


def foreign(tmp_path, *statements) -> Path:
    path = tmp_path / db.DB_NAME
    con = sqlite3.connect(path)
    for sql in statements:
        con.execute(sql)
    con.commit()
    con.close()
    return path


@pytest.mark.parametrize("statements", [
    ("PRAGMA application_id=1234",),
    ("PRAGMA application_id=1234", "PRAGMA user_version=2"),
    ("PRAGMA application_id=1234", "CREATE TABLE recipes (name TEXT)"),
    ("PRAGMA user_version=1", "CREATE TABLE campaign (name TEXT)"),
], ids=["no-tables", "claims-version-2", "tables", "no-application-id"])
def test_another_programs_database_is_refused_untouched(tmp_path, statements):
    path = foreign(tmp_path, *statements)
    before = checksum(path)
    with pytest.raises(CorruptFile, match="not one of HarmDesk's"):
        Store.open(tmp_path)
    assert checksum(path) == before
    assert not (tmp_path / "backups").exists()
    assert not path.with_name(path.name + "-wal").exists()


def test_a_failed_upgrade_leaves_the_file_byte_for_byte(tmp_path, monkeypatch):
    path = tmp_path / db.DB_NAME
    shutil.copy(ROOT / "tests" / "fixtures" / "harmdesk-v1.sqlite", path)
    before = checksum(path)

    def broken(conn):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setitem(db.MIGRATIONS, 1, broken)
    with pytest.raises(StoreError, match="failed"):
        Store.open(tmp_path)
    assert checksum(path) == before  # not even switched to WAL
    monkeypatch.undo()
    store = Store.open(tmp_path)  # a working HarmDesk upgrades it, and then writes WAL
    with store._reading() as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()


def test_the_file_is_looked_at_only_under_the_writers_lock(tmp_path, monkeypatch):
    """A second first start creates the file between our look and our lock: it is kept."""
    real_acquire = db.WriterLock.acquire
    raced = []

    def acquire(lock):
        if not raced:
            raced.append(True)
            other = Store.open(tmp_path)  # the other process, in the gap
            Campaign.create(other, "Theirs", "stonetop", {}, PARTY)
            other.close()
        return real_acquire(lock)

    monkeypatch.setattr(db.WriterLock, "acquire", acquire)
    store = Store.open(tmp_path)
    try:
        assert [c["name"] for c in store.campaigns()] == ["Theirs"]
    finally:
        store.close()


def test_an_empty_file_left_by_a_crash_is_filled_not_replaced(tmp_path):
    path = tmp_path / db.DB_NAME
    path.touch()
    inode = path.stat().st_ino
    store = Store.open(tmp_path)
    try:
        assert path.stat().st_ino == inode and not store.read_only
        assert store.campaigns() == []
    finally:
        store.close()


def _made(tmp_path):
    store = Store.open(tmp_path)
    Campaign.create(store, "Test", "stonetop", {}, PARTY)
    store.close()
    return tmp_path / db.DB_NAME


def test_a_lock_file_that_cannot_be_opened_is_named(tmp_path):
    path = _made(tmp_path)
    path.with_name(path.name + ".lock").unlink()
    path.with_name(path.name + ".lock").mkdir()  # cannot be opened as a file
    store = Store.open(tmp_path)
    try:
        assert store.read_only
        assert "lock file" in store.why_read_only and "another HarmDesk" not in store.why_read_only
        assert Campaign(store, "Test").state["characters"]["heavy"]["hp"] == 20
    finally:
        store.close()


def test_a_lock_file_without_permission_is_named(tmp_path, monkeypatch):
    _made(tmp_path)

    real_open = os.open

    def denied(file, *args, **kwargs):
        if str(file).endswith(".lock"):
            raise PermissionError(errno.EACCES, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    store = Store.open(tmp_path)
    try:
        assert store.read_only and "Permission denied" in store.why_read_only
        with pytest.raises(ReadOnly, match="lock file"):
            store.start_play_session(1)
    finally:
        store.close()


@pytest.mark.parametrize("code", [errno.ENOLCK, errno.EOPNOTSUPP])
def test_a_file_system_without_locks_is_named(tmp_path, monkeypatch, code):
    _made(tmp_path)

    def unsupported(fd, op):
        raise OSError(code, "no locks here")

    monkeypatch.setattr(fcntl, "flock", unsupported)
    store = Store.open(tmp_path)
    try:
        assert store.read_only and "cannot lock" in store.why_read_only
        assert "another HarmDesk" not in store.why_read_only
    finally:
        store.close()
    with pytest.raises(ReadOnly, match=r"Cannot create .*cannot lock"):
        Store.open(tmp_path / "new")


def test_a_full_disk_opens_a_sound_file_read_only_without_shared_memory(tmp_path, monkeypatch):
    path = _made(tmp_path)
    before = checksum(path)
    monkeypatch.setattr(paths, "disk_full", lambda folder: True)
    store = Store.open(tmp_path)
    try:
        assert store.read_only and "is full" in store.why_read_only
        assert "damaged" not in store.why_read_only
        assert Campaign(store, "Test").state["characters"]["heavy"]["hp"] == 20
        assert not path.with_name(path.name + "-shm").exists()  # read as immutable
    finally:
        store.close()
    assert checksum(path) == before


def test_a_reader_takes_no_lock_and_needs_a_file(tmp_path):
    with pytest.raises(NoFile):
        Store.open(tmp_path, write=False)
    assert not (tmp_path / db.DB_NAME).exists()
    writer = Store.open(tmp_path)
    reader = Store.open(tmp_path, write=False)
    second = Store.open(tmp_path, write=False)
    try:
        assert not writer.read_only and reader.read_only and second.read_only
    finally:
        writer.close()
        reader.close()
        second.close()


def test_a_reader_leaves_the_folder_as_it_found_it(tmp_path):
    """A reader's connections fold the WAL back on close, as a writer's do: no -wal or
    -shm is left behind for the next command to tidy (the folder's checksum holds)."""
    writer = Store.open(tmp_path)
    Campaign.create(writer, "Hillfolk", "stonetop", {}, PARTY)
    writer.close()
    before = folder_digest(tmp_path)
    reader = Store.open(tmp_path, write=False)
    try:
        assert reader.read_only and "Hillfolk" in [c["name"] for c in reader.campaigns()]
        with pytest.raises(ReadOnly):
            reader.set_options(reader.campaign("Hillfolk").id, {"x": 1})
    finally:
        reader.close()
    assert folder_digest(tmp_path) == before
