"""`harmdesk backups list|restore`: the backups read read-only, and a restore that backs up
the file it replaces, refuses what it cannot trust and leaves the data file untouched then."""

import json
import sqlite3

import pytest

from harmdesk.store import Store, paths

from .cli_kit import checksum
from .test_cli_store import harmdesk, ok

HIT = '{"type": "damage", "target": "heavy", "amount": 5, "piercing": 1}'


@pytest.fixture
def night(tmp_path):
    """A data folder with campaign Night (the Heavy, 20 HP) and its daily backup."""
    ok(harmdesk(tmp_path, "campaign", "new", "Night", "--system", "stonetop"))
    add = {"type": "add_character", "character": {"id": "heavy", "max_hp": 20, "armor": 2}}
    ok(harmdesk(tmp_path, "apply", "Night", json.dumps(add)))
    return tmp_path


def log_rows(path, campaign="Night") -> int:
    con = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return con.execute("SELECT count(*) FROM log JOIN campaign c ON c.id = campaign_id "
                           "WHERE c.name = ?", (campaign,)).fetchone()[0]
    finally:
        con.close()


def test_list_shows_each_backup_with_its_campaigns_read_read_only(night):
    backup = next((night / "backups").glob("*-daily.sqlite"))
    before = checksum(backup)
    listed = ok(harmdesk(night, "backups", "list"))
    assert listed["folder"] == str(night / "backups")
    [entry] = listed["backups"]
    assert entry["file"] == backup.name and entry["reason"] == "daily"
    assert entry["size"] == backup.stat().st_size and entry["made_by_harmdesk"]
    assert entry["time"].endswith("+00:00")
    night_row = next(c for c in entry["campaigns"] if c["name"] == "Night")
    # the backup was made after the command that created Night: no log row yet
    assert night_row == {"name": "Night", "system": "stonetop", "log_rows": 0, "steps": 0}
    assert checksum(backup) == before
    assert sorted(p.name for p in (night / "backups").iterdir()) == \
        sorted([backup.name, "made-by-harmdesk.json"])  # no -wal, no -shm


def test_restore_round_trip_backs_up_the_replaced_file_first(night):
    backup = next((night / "backups").glob("*-daily.sqlite"))
    hit = ok(harmdesk(night, "apply", "Night", HIT))
    assert hit["state"]["heavy"]["hp"] == 16
    data = night / paths.DB_NAME
    assert log_rows(data) == 2  # the Heavy came, then the hit
    done = ok(harmdesk(night, "backups", "restore", backup.name))
    assert done["from"] == str(backup)
    saved = night / "backups" / done["replaced_file_saved_as"].rsplit("/", 1)[-1]
    assert saved.name.endswith("-before-restore.sqlite")
    # the Heavy is back where the backup holds him, and the steps after it are gone
    state = ok(harmdesk(night, "state", "Night"))
    assert "heavy" not in state["state"] and state["can_undo"] is False
    assert log_rows(data) == 0
    # ... but the file it replaced holds them, and can be restored in turn, by its path
    assert log_rows(saved) == 2
    ok(harmdesk(night, "backups", "restore", str(saved)))
    assert ok(harmdesk(night, "state", "Night"))["state"]["heavy"]["hp"] == 16
    listed = ok(harmdesk(night, "backups", "list"))["backups"]
    assert [b["reason"] for b in listed].count("before-restore") == 2


def foreign(path):
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE recipes (name TEXT)")
    con.commit()
    con.close()


def newer(path, source):
    path.write_bytes(source.read_bytes())
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version={paths.SCHEMA_VERSION + 1}")
    con.close()


def damaged(path, source):
    content = bytearray(source.read_bytes())
    content[4096 * 2:] = b"\xff" * (len(content) - 4096 * 2)  # every page after the second
    path.write_bytes(bytes(content))


@pytest.mark.parametrize("make, says", [
    (lambda path, _src: path.write_text("name,hp\nheavy,20\n"), "not an SQLite database"),
    (lambda path, _src: foreign(path), "not one of HarmDesk's"),
    (newer, "newer HarmDesk"),
    (damaged, "damaged"),
])
def test_restore_refuses_a_file_it_cannot_trust_and_changes_nothing(night, tmp_path, make,
                                                                     says):
    ok(harmdesk(night, "apply", "Night", HIT))
    data = night / paths.DB_NAME
    Store.open(night).close()  # folds the WAL in: the checksum covers every saved step
    source = next((night / "backups").glob("*-daily.sqlite"))
    bad = tmp_path / "bad.sqlite"
    make(bad, source)
    before, backups = checksum(data), sorted((night / "backups").iterdir())
    run = harmdesk(night, "backups", "restore", str(bad))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert says in run.stderr and "has not been changed" in run.stderr
    assert checksum(data) == before and sorted((night / "backups").iterdir()) == backups


def test_restore_is_refused_while_another_harmdesk_writes(night):
    backup = next((night / "backups").glob("*-daily.sqlite"))
    ok(harmdesk(night, "apply", "Night", HIT))
    writer = Store.open(night)  # another HarmDesk, holding the writer lock
    try:
        assert not writer.read_only
        data = night / paths.DB_NAME
        before = checksum(data)
        run = harmdesk(night, "backups", "restore", backup.name)
        assert run.returncode == 1 and "Traceback" not in run.stderr
        assert "Another HarmDesk is writing" in run.stderr and "nothing was changed" in run.stderr
        assert checksum(data) == before
        assert not list((night / "backups").glob("*-before-restore.sqlite"))
    finally:
        writer.close()
    assert ok(harmdesk(night, "state", "Night"))["state"]["heavy"]["hp"] == 16


def test_restore_needs_a_file_that_exists(night):
    run = harmdesk(night, "backups", "restore")
    assert run.returncode == 2 and "needs a FILE" in run.stderr
    run = harmdesk(night, "backups", "restore", "harmdesk-19990101-000000-daily.sqlite")
    assert run.returncode == 2 and "There is no backup named" in run.stderr
    assert "Traceback" not in run.stderr
