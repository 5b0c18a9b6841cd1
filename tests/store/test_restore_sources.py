"""What a restore reads and what it keeps: a file caught half-changed is put back before
it is backed up, one SQLite cannot read is kept with its journal, and a backup on
read-only media is read as it lies."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store, backups, db, paths
from tests.mounts import mounted

from .conftest import PARTY, unreadable_with_a_backup
from .test_half_changed import file_facts, half_changed, journal, journal_is_hot, run


def earlier_backup(folder: Path) -> Path:
    """A backup holding only the campaign Earlier, made in a data folder of its own."""
    store = Store.open(folder)
    Campaign.create(store, "Earlier", "stonetop", {}, PARTY)
    store.close()
    return db.backup(folder / db.DB_NAME, "daily")


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")
def test_a_restore_over_a_half_changed_file_saves_it_as_it_was_before_the_change(tmp_path):
    folder, desk = half_changed(tmp_path)
    assert journal_is_hot(folder)
    source = earlier_backup(tmp_path / "earlier")
    done = run(folder, "backups", "restore", str(source))
    assert done.returncode == 0, done.stderr
    assert "damaged" not in done.stderr
    restored = json.loads(done.stdout)
    assert [c["name"] for c in restored["campaigns"]] == ["Earlier"]
    assert not journal(folder).exists()
    # the replaced file was played back before it was saved: its backup is the desk as it
    # was saved, one self-contained file, and restoring it brings that desk back
    saved = Path(restored["replaced_file_saved_as"])
    assert sorted(p.name for p in saved.parent.glob(saved.name + "*")) == [saved.name]
    assert file_facts(saved) == ("ok", paths.SCHEMA_VERSION, 3)
    back = run(folder, "backups", "restore", str(saved))
    assert back.returncode == 0, back.stderr
    state = run(folder, "state", "Test")
    assert state.returncode == 0, state.stderr
    assert json.loads(state.stdout)["state"] == desk


def test_a_file_sqlite_cannot_read_is_kept_with_its_journal(tmp_path):
    path, good, garbage = unreadable_with_a_backup(tmp_path)
    # a journal whose header never reached the disk: SQLite ignores it, but it is part
    # of what the GM had, so it is kept with the file
    left = b"\0" + os.urandom(4095)
    path.with_name(path.name + "-journal").write_bytes(left)
    done = backups.restore(path, good)
    saved = Path(done["replaced_file_saved_as"])
    assert saved.read_bytes() == garbage
    assert saved.with_name(saved.name + "-journal").read_bytes() == left
    # ... and it is not left beside the restored file, where SQLite could play it back
    assert not path.with_name(path.name + "-journal").exists()
    assert db.integrity_problem(path) is None
    assert [c["name"] for c in done["campaigns"]] == ["Test"]


def test_a_backup_in_wal_mode_on_read_only_media_is_restored(tmp_path):
    """A copy of a data file (in WAL mode) kept on a stick mounted read-only: SQLite can
    make no -shm beside it, so it is read as it lies."""
    earlier = tmp_path / "earlier"
    earlier_backup(earlier)
    media = tmp_path / "media"
    media.mkdir()
    shutil.copyfile(earlier / db.DB_NAME, media / "copy.sqlite")
    assert (media / "copy.sqlite").read_bytes()[18:20] == b"\x02\x02"  # WAL, by its header
    folder = tmp_path / "data"
    store = Store.open(folder)
    Campaign.create(store, "Now", "stonetop", {}, PARTY)
    store.close()
    with mounted(tmp_path / "ro", "-o", "bind,ro", str(media)) as ro:
        done = run(folder, "backups", "restore", str(ro / "copy.sqlite"))
        assert done.returncode == 0, done.stderr
        assert [c["name"] for c in json.loads(done.stdout)["campaigns"]] == ["Earlier"]
    assert sorted(p.name for p in media.iterdir()) == ["copy.sqlite"]
    state = run(folder, "campaign", "list")
    assert state.returncode == 0, state.stderr
    assert [c["name"] for c in json.loads(state.stdout)["campaigns"]] == ["Earlier"]
