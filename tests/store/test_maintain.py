"""The integrity check where it protects something: once a day, before that day's backup,
and after an upgrade or an unclean stop; never on every open, since it reads the whole
file (a command on a 1M-row file spent 615 ms in it)."""

import shutil

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store, db
from tests.conftest import ROOT


@pytest.fixture
def checks(monkeypatch):
    """The files the integrity check read."""
    read = []
    real = db.integrity_problem

    def check(path):
        read.append(path)
        return real(path)

    monkeypatch.setattr(db, "integrity_problem", check)
    return read


def night(folder):
    store = Store.open(folder)
    camp = Campaign.create(store, "Night", "stonetop", {}, [{"id": "h", "max_hp": 20}])
    camp.apply({"type": "damage", "target": "h", "amount": 3})
    return store


def test_the_check_runs_before_the_days_backup_and_not_again_that_day(tmp_path, checks):
    store = night(tmp_path)
    assert store.maintain() == [] and len(checks) == 1
    assert len(list((tmp_path / "backups").glob("*-daily.sqlite"))) == 1
    store.close()
    for _ in range(2):  # two more commands the same day
        again = Store.open(tmp_path)
        assert not again.check_due and again.maintain() == []
        again.close()
    assert len(checks) == 1


def test_an_unclean_stop_is_checked_even_after_the_days_backup(tmp_path, checks):
    store = night(tmp_path)
    store.maintain()
    store.close()
    # what a killed writer leaves: frames not folded back (these, no valid WAL, SQLite
    # reads as none)
    (tmp_path / f"{db.DB_NAME}-wal").write_bytes(b"\0" * 32)
    again = Store.open(tmp_path)
    try:
        assert again.check_due
        assert again.maintain() == [] and len(checks) == 2
        assert not again.check_due and again.maintain() == [] and len(checks) == 2
    finally:
        again.close()


def test_an_upgrade_is_checked(tmp_path, checks):
    shutil.copy(ROOT / "tests" / "fixtures" / "harmdesk-v5.sqlite", tmp_path / db.DB_NAME)
    store = Store.open(tmp_path)
    try:
        assert store.check_due
        store.maintain()
        assert checks == [store.path]
    finally:
        store.close()


def test_a_reader_leaves_the_check_to_the_writer(tmp_path, checks):
    night(tmp_path).close()
    reader = Store.open(tmp_path, write=False)
    try:
        assert reader.maintain() == [] and checks == []
    finally:
        reader.close()


def test_a_damaged_file_is_still_named_when_the_check_is_due(tmp_path, monkeypatch):
    store = night(tmp_path)
    monkeypatch.setattr(db, "integrity_problem", lambda path: "row 3 missing from index")
    try:
        notes = store.maintain()
        assert "damaged (row 3 missing from index)" in notes[0]
        assert not (tmp_path / "backups").exists() or \
            not list((tmp_path / "backups").glob("*-daily.sqlite"))
    finally:
        store.close()
