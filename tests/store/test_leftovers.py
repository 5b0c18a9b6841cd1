"""What a HarmDesk killed while it copies leaves behind (a full-size `.partial` backup, a
`.restoring` file) is removed the next time a writer opens the folder or makes a backup;
a copy another HarmDesk is still writing, under the writer lock, is left alone.

A restore is paused where the kill should land (its copy written, not yet renamed) and
says so on its pipe; the test kills it then, never after a delay."""

import json
import shutil
import signal
import subprocess
import sys
import threading

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store, backups, db
from tests.cli_kit import checksum
from tests.conftest import ROOT

from .conftest import PARTY

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")

# `harmdesk --data-dir D backups restore NAME`, stopped once the copy whose name ends in
# argv[3] is written, until a line comes on its stdin
PAUSED_RESTORE = """
import sys
from harmdesk import cli
from harmdesk.store import backups

real = backups.copy_database

def copy_then_wait(source, target, *args, **kwargs):
    real(source, target, *args, **kwargs)
    if target.name.endswith(sys.argv[3]):
        sys.stderr.write("copied\\n")
        sys.stderr.flush()
        sys.stdin.readline()

backups.copy_database = copy_then_wait
sys.exit(cli.main(["--data-dir", sys.argv[1], "backups", "restore", sys.argv[2]]))
"""
WHERE = {"backup": ".partial", "restored file": ".restoring"}
HIT = {"type": "damage", "target": "heavy", "amount": 5}


def made(folder, hits: int = 40):
    """A data folder with campaign Test, `hits` steps and a daily backup of it."""
    store = Store.open(folder)
    campaign = Campaign.create(store, "Test", "stonetop", {}, PARTY)
    for _ in range(hits):
        campaign.apply({"type": "add_wound", "target": "heavy", "text": f"{_} " + "x" * 1000})
    store.maintain()
    store.close()
    return next((folder / "backups").glob("*-daily.sqlite"))


def paused_restore(folder, backup, where: str) -> subprocess.Popen:
    """A restore in another process, stopped with its copy written under its temporary
    name; it goes on when a line is written to it."""
    child = subprocess.Popen([sys.executable, "-c", PAUSED_RESTORE, str(folder), backup.name,
                              WHERE[where]], cwd=ROOT, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = child.stderr.readline()
    if line != "copied\n":
        child.kill()
        pytest.fail(f"the restore did not reach its copy: {line}{child.communicate()[1]}")
    return child


def killed(child: subprocess.Popen) -> None:
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    child.stderr.close()
    child.stdin.close()
    assert child.returncode == -signal.SIGKILL


def leftovers(folder) -> list[str]:
    """Temporary copies in the data folder and its backups (their SQLite files too)."""
    names = [p.name for p in folder.iterdir()] + \
        [f"backups/{p.name}" for p in (folder / "backups").iterdir()]
    return sorted(n for n in names if ".partial" in n or ".restoring" in n)


@pytest.mark.parametrize("where", WHERE)
def test_a_restore_killed_mid_copy_leaves_nothing_once_a_writer_opens(tmp_path, where):
    backup = made(tmp_path)
    # files of the GM's own, named much like HarmDesk's temporary copies, stay
    own = [tmp_path / "backups" / name for name in
           ("notes.partial", "harmdesk-old.sqlite.partial", "made-by-me.json.1-2.partial")]
    for file in own:
        file.write_bytes(b"the GM's")
    mine = leftovers(tmp_path)
    killed(paused_restore(tmp_path, backup, where))
    [left] = [n for n in leftovers(tmp_path) if n not in mine and n.endswith(WHERE[where])]
    assert (tmp_path / left).stat().st_size >= backup.stat().st_size // 2  # a whole copy
    data = tmp_path / db.DB_NAME
    before = checksum(data)
    store = Store.open(tmp_path)
    try:
        assert not store.read_only
        assert leftovers(tmp_path) == sorted(f"backups/{f.name}" for f in own)
        assert [f.read_bytes() for f in own] == [b"the GM's"] * 3
        assert len(store.log(store.campaign("Test").id)) == 40  # the kill changed nothing
    finally:
        store.close()
    assert checksum(data) == before


@pytest.mark.parametrize("where", WHERE)
def test_the_next_restore_removes_what_a_killed_one_left(tmp_path, where):
    backup = made(tmp_path)
    killed(paused_restore(tmp_path, backup, where))
    assert leftovers(tmp_path)
    # the command line restores without opening the store: the restore itself tidies
    run = subprocess.run([sys.executable, "-m", "harmdesk", "--data-dir", str(tmp_path),
                          "backups", "restore", backup.name], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert [c["name"] for c in json.loads(run.stdout)["campaigns"]] == ["Test"]
    assert leftovers(tmp_path) == []


def test_a_restore_still_running_keeps_its_copy_while_others_look(tmp_path):
    backup = made(tmp_path)
    child = paused_restore(tmp_path, backup, "backup")
    try:
        copying = leftovers(tmp_path)
        assert copying
        # another HarmDesk opens the folder meanwhile: it reads, and keeps its hands off
        other = Store.open(tmp_path)
        try:
            assert other.read_only and "another HarmDesk" in other.why_read_only
            assert other.maintain() == []
        finally:
            other.close()
        assert backups.listing(tmp_path / db.DB_NAME)
        with pytest.raises(backups.WriterBusy):
            backups.restore(tmp_path / db.DB_NAME, backup)
        assert leftovers(tmp_path) == copying
        child.stdin.write("go on\n")
        child.stdin.flush()
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
        assert json.loads(out)["restored"] == str(tmp_path / db.DB_NAME)
    finally:
        if child.poll() is None:  # a failed test: the restore is stopped, not left waiting
            child.kill()
            child.communicate()
    assert child.returncode == 0
    assert leftovers(tmp_path) == []
    assert len(list((tmp_path / "backups").glob("*-before-restore.sqlite"))) == 1


def test_a_backup_this_process_is_writing_stays_while_another_is_made(store, campaign,
                                                                      monkeypatch):
    """The window's daily backup and a restore's own backup, begun together: tidying for
    one never removes the other's copy."""
    real = backups.copy_database
    begun, inner = [], []

    def copy_then_back_up_again(source, target, *args, **kwargs):
        real(source, target, *args, **kwargs)
        if not begun:  # another thread's backup, begun while this copy waits for its name
            begun.append(target)
            worker = threading.Thread(target=lambda: inner.append(db.backup(store.path,
                                                                            "second")))
            worker.start()
            worker.join()

    monkeypatch.setattr(backups, "copy_database", copy_then_back_up_again)
    first = db.backup(store.path, "first")
    assert first.is_file() and inner and inner[0].is_file()
    assert backups.problem(first) is None and backups.problem(inner[0]) is None
    assert leftovers(store.path.parent) == []


def test_a_backup_under_the_writer_lock_removes_a_dead_copy(store, campaign):
    folder = store.path.parent / "backups"
    db.backup(store.path, "first")
    dead = [folder / "harmdesk-20260101-101010-daily.sqlite.999999-1.partial",
            folder / "harmdesk-20260101-101010-daily.sqlite.999999-1.partial-journal",
            folder / "made-by-harmdesk.json.999999-7.partial",
            store.path.with_name(store.path.name + ".restoring")]
    for file in dead:
        shutil.copy(store.path, file)
    db.backup(store.path, "second")
    assert [f for f in dead if f.exists()] == []


def test_a_backup_without_the_writer_lock_removes_nothing(tmp_path):
    made(tmp_path, hits=1)
    copy = tmp_path / "backups" / "harmdesk-20260101-101010-daily.sqlite.999999-1.partial"
    copy.write_bytes(b"another HarmDesk's, still being written")
    db.backup(tmp_path / db.DB_NAME, "by-hand")  # no store open: no lock is held here
    assert copy.exists()
