"""Backups on a real full disk, and restores that replace a damaged or busy file safely."""

import os
import shutil
import sqlite3
import subprocess
import sys

from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store, backups, db
from tests.conftest import ROOT
from tests.mounts import small_disk

from .conftest import PARTY


def filled(folder, leave: int):
    """A file filling `folder`'s disk but for `leave` bytes; delete it to free them."""
    stats = os.statvfs(folder)
    filler = folder / "filler"
    filler.write_bytes(b"\0" * max(0, stats.f_bavail * stats.f_frsize - leave))
    return filler


def long_campaign(folder, rows: int):
    store = Store.open(folder)
    campaign = Campaign.create(store, "Long", "stonetop", {}, PARTY)
    for i in range(rows):
        campaign.apply({"type": "damage", "target": "heavy", "amount": i % 2})
    store.close()


def test_a_full_disk_during_the_daily_backup_is_a_note_and_leaves_nothing(tmp_path):
    long_campaign(tmp_path / "made", 300)
    size = (tmp_path / "made" / db.DB_NAME).stat().st_size
    with small_disk(tmp_path / "disk", "4m") as disk:
        shutil.copy(tmp_path / "made" / db.DB_NAME, disk / db.DB_NAME)
        (disk / "backups").mkdir()
        filler = filled(disk, size // 2 + 64 * 1024)  # room for the WAL, not for a copy
        store = Store.open(disk)
        try:
            notes = store.maintain()  # no exception: a note that names the cause
            assert len(notes) == 1 and "backup was not made" in notes[0]
            assert "is full" in notes[0] and "Free some space" in notes[0]
            assert "OperationalError" not in notes[0]
            assert list((disk / "backups").iterdir()) == []  # no 0-byte, partial or journal
            assert not backups.made_today(disk / db.DB_NAME)
            # the store goes on saving
            assert Campaign(store, "Long").apply(
                {"type": "damage", "target": "heavy", "amount": 1}).ok
            filler.unlink()  # the GM frees some space: the next time makes the backup
            assert store.maintain() == []
        finally:
            store.close()
        [made] = (disk / "backups").glob("*-daily.sqlite")
        con = sqlite3.connect(made)
        assert con.execute("SELECT count(*) FROM log").fetchone()[0] == 301
        con.close()


def test_the_command_line_on_a_full_disk_says_so_without_a_traceback(tmp_path):
    long_campaign(tmp_path / "made", 300)
    size = (tmp_path / "made" / db.DB_NAME).stat().st_size
    with small_disk(tmp_path / "disk", "4m") as disk:
        shutil.copy(tmp_path / "made" / db.DB_NAME, disk / db.DB_NAME)
        filled(disk, size // 2 + 64 * 1024)
        # a writer's command (a reader makes no backup): the step is saved, the backup not
        run = subprocess.run([sys.executable, "-m", "harmdesk", "--data-dir", str(disk),
                              "apply", "Long", '{"type": "damage", "target": "heavy", '
                              '"amount": 1}'], cwd=ROOT, capture_output=True, text=True)
        assert run.returncode == 0, run.stderr  # only the backup is missing
        assert "Traceback" not in run.stderr and "is full" in run.stderr
        assert not any(p.suffix == ".sqlite" for p in (disk / "backups").iterdir())


def test_only_a_complete_backup_harmdesk_made_counts_as_todays(store, campaign):
    path = store.path
    made = db.backup(path, "daily")
    assert backups.made_today(path)
    made.write_bytes(made.read_bytes()[:4096])  # cut short afterwards
    assert not backups.made_today(path)
    made.unlink()
    # a sound copy the GM put there under a name like today's is not HarmDesk's backup
    shutil.copy(path, made.with_name(made.name.replace("-daily", "1-daily")))
    assert not backups.made_today(path)
    assert store.maintain() == [] and backups.made_today(path)


def test_restoring_over_a_damaged_file_keeps_its_bytes_and_plays_no_stale_wal(tmp_path):
    long_campaign(tmp_path, 200)
    path = tmp_path / db.DB_NAME
    wal = path.with_name(db.DB_NAME + "-wal")
    good = db.backup(path, "daily")
    # a step left in the WAL, as a crash leaves it: its frames would land on any file
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_autocheckpoint=0")
    con.execute("UPDATE campaign SET name = 'Stale'")
    con.commit()
    stale = wal.read_bytes()
    con.close()
    wal.write_bytes(stale)
    size = path.stat().st_size
    with open(path, "r+b") as fh:  # scribble over the middle of the file
        fh.seek(size // 3 // 4096 * 4096)
        fh.write(os.urandom(size // 3))
    store = Store.open(tmp_path)  # opening reads only the header: the damage shows later
    try:
        done = store.restore(good.name)
    finally:
        store.close()
    # the file it replaced, its WAL's step folded in, for whoever can mend it
    saved = tmp_path / "backups" / done["replaced_file_saved_as"].rsplit("/", 1)[-1]
    con = sqlite3.connect(saved)
    assert con.execute("SELECT name FROM campaign").fetchall() == [("Stale",)]
    con.close()
    assert not wal.exists() and db.integrity_problem(path) is None
    again = Store.open(tmp_path)
    try:
        assert [c["name"] for c in again.campaigns()] == ["Long"]
        assert len(again.log(again.campaign("Long").id)) == 200
    finally:
        again.close()


def test_a_file_sqlite_cannot_read_is_kept_byte_for_byte_before_the_restore(tmp_path):
    long_campaign(tmp_path, 3)
    path = tmp_path / db.DB_NAME
    good = db.backup(path, "daily")
    garbage = b"SQLite format 3\x00" + os.urandom(8192)
    path.write_bytes(garbage)
    done = backups.restore(path, good)
    saved = tmp_path / "backups" / done["replaced_file_saved_as"].rsplit("/", 1)[-1]
    assert saved.read_bytes() == garbage
    assert [c["name"] for c in done["campaigns"]] == ["Long"]
    assert db.integrity_problem(path) is None
