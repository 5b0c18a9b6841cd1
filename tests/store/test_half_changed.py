"""A change killed half-way in rollback-journal mode (an upgrade of an older file, a
restore, the switch to WAL) leaves `harmdesk.sqlite-journal` beside the file. The file
is sound once SQLite plays that journal back: HarmDesk does so itself and opens it,
never calling it damaged, and loses nothing."""

from __future__ import annotations

import json
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import ReadOnly, Store, db, paths
from tests.cli_kit import checksum
from tests.conftest import ROOT
from tests.mounts import mounted

from .conftest import PARTY

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")

V1 = ROOT / "tests" / "fixtures" / "harmdesk-v1.sqlite"
GROWN_ROWS = 60_000  # enough for the upgrade to write its journal for a while
TRIES = 12


def harmdesk(folder, *args) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "harmdesk", "--data-dir", str(folder), *args],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            encoding="utf-8")


def run(folder, *args) -> subprocess.CompletedProcess:
    process = harmdesk(folder, *args)
    out, err = process.communicate(timeout=300)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def journal(folder: Path) -> Path:
    return folder / (db.DB_NAME + "-journal")


def journal_is_hot(folder: Path) -> bool:
    """Whether SQLite would play the journal back: its header has been synced (until
    then its first bytes are zero and it counts for nothing)."""
    try:
        with open(journal(folder), "rb") as fh:
            return fh.read(1) not in (b"", b"\0")
    except OSError:
        return False


def grown_v1(path: Path) -> int:
    """The version 1 fixture with its undone step copied GROWN_ROWS times; its log rows."""
    shutil.copy(V1, path)
    with closing(sqlite3.connect(path)) as con:
        con.execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "
            "INSERT INTO log (campaign_id, session_id, seq, action, events, \"before\", "
            "\"after\", settings_before, settings_after, undone, applied_at) "
            "SELECT campaign_id, session_id, seq + i, action, events, \"before\", \"after\", "
            "settings_before, settings_after, 1, applied_at FROM log, n WHERE seq = 2",
            (GROWN_ROWS,))
        con.commit()
        return con.execute("SELECT count(*) FROM log").fetchone()[0]


def killed_mid_upgrade(folder: Path, rng: random.Random) -> bool:
    """Start the first command on an older file and kill it once its journal is hot and
    has grown past a size chosen at random; whether a hot journal was left behind."""
    extra = rng.choice([0, 0, 1, 2, 4, 8]) << 20
    process = harmdesk(folder, "campaign", "new", "Z", "--system", "stonetop")
    while process.poll() is None:
        if journal_is_hot(folder) and journal(folder).stat().st_size >= extra:
            process.send_signal(signal.SIGKILL)
            break
        time.sleep(0.002)
    process.communicate(timeout=60)
    return journal_is_hot(folder)


def file_facts(path: Path) -> tuple[str, int, int]:
    with closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)) as con:
        return (con.execute("PRAGMA integrity_check").fetchone()[0],
                con.execute("PRAGMA user_version").fetchone()[0],
                con.execute("SELECT count(*) FROM log").fetchone()[0])


def test_a_kill_during_the_upgrade_of_an_older_file_never_locks_the_gm_out(tmp_path):
    grown = tmp_path / "grown.sqlite"
    rows = grown_v1(grown)
    rng = random.Random(20261201)
    folder = tmp_path / "data"
    for _ in range(TRIES):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        shutil.copy(grown, folder / db.DB_NAME)
        if killed_mid_upgrade(folder, rng):
            break
    else:
        pytest.fail(f"no kill in {TRIES} left a journal behind")

    done = run(folder, "campaign", "new", "Z", "--system", "stonetop")
    assert done.returncode == 0, done.stderr
    assert "damaged" not in done.stderr and json.loads(done.stdout)["campaign"] == "Z"
    assert not journal(folder).exists()
    assert file_facts(folder / db.DB_NAME) == ("ok", paths.SCHEMA_VERSION, rows)
    state = run(folder, "state", "Fixture")
    assert state.returncode == 0, state.stderr
    assert json.loads(state.stdout)["state"]["heavy"]["hp"] == 16


HURT = {"type": "damage", "target": "heavy", "amount": 3}


def half_changed(tmp_path: Path) -> tuple[Path, dict]:
    """A data folder whose file was caught in the middle of a change, its journal hot
    beside it (a copy of both made while the change was under way), and the desk as it
    was saved before that change."""
    saved = tmp_path / "saved"
    store = Store.open(saved)
    campaign = Campaign.create(store, "Test", "stonetop", {}, PARTY)
    for _ in range(3):
        assert campaign.apply(HURT).ok
    desk = campaign.state["characters"]
    store.close()
    path = saved / db.DB_NAME
    with closing(sqlite3.connect(path, isolation_level=None)) as con:
        con.execute("PRAGMA journal_mode=DELETE")  # the mode an upgrade runs in
        con.execute("PRAGMA cache_size=10")  # so the change reaches the file itself
        con.execute("BEGIN IMMEDIATE")
        con.execute("UPDATE log SET events = ?", (json.dumps(["x" * 200_000]),))
        con.execute("DELETE FROM character")
        caught = tmp_path / "caught"
        caught.mkdir()
        for name in (db.DB_NAME, db.DB_NAME + "-journal"):
            shutil.copyfile(saved / name, caught / name)
        con.execute("ROLLBACK")
    assert journal_is_hot(caught)
    with closing(sqlite3.connect(f"{(caught / db.DB_NAME).as_uri()}?immutable=1",
                                 uri=True)) as con:
        # read as it lies, the file is half-changed: only the journal puts it right
        assert con.execute("PRAGMA page_count").fetchone()[0] > 10
    assert checksum(caught / db.DB_NAME) != checksum(path)
    return caught, desk


def test_the_writer_plays_a_hot_journal_back_and_opens_the_file(tmp_path):
    folder, desk = half_changed(tmp_path)
    store = Store.open(folder)
    try:
        assert not store.read_only
        campaign = Campaign.open(store, "Test")
        assert campaign.state["characters"] == desk
        assert campaign.history() == (3, 0)
        assert campaign.apply(HURT).ok
    finally:
        store.close()
    assert not journal(folder).exists()
    assert file_facts(folder / db.DB_NAME)[0] == "ok"


def test_a_reading_command_plays_a_hot_journal_back_where_it_can_write(tmp_path):
    folder, desk = half_changed(tmp_path)
    state = run(folder, "state", "Test")
    assert state.returncode == 0, state.stderr
    assert json.loads(state.stdout)["state"] == desk
    assert not journal(folder).exists()
    assert file_facts(folder / db.DB_NAME)[0] == "ok"


def test_on_read_only_media_a_hot_journal_is_named_and_nothing_is_read_half_changed(tmp_path):
    folder, _desk = half_changed(tmp_path)
    before = {name: checksum(folder / name) for name in (db.DB_NAME, db.DB_NAME + "-journal")}
    with mounted(tmp_path / "ro", "-o", "bind,ro", str(folder)) as ro:
        state = run(ro, "state", "Test")
        assert state.returncode == 1 and "Traceback" not in state.stderr
        assert "half-changed" in state.stderr and "damaged" not in state.stderr
        assert "where the file and its folder can be written" in state.stderr
        with pytest.raises(ReadOnly, match="half-changed"):
            Store.open(ro)
    assert {name: checksum(folder / name) for name in before} == before
