"""What the command line does with files in the data folder that HarmDesk did not make:
a named pipe is never opened (it would hang the command), a link is never written
through, a folder where a file belongs (or a file where a folder belongs) is named in
plain words; and copies keep the permissions of the file they copy.

Every run has a timeout, so a command that hangs fails its test instead of the suite."""

import json
import os
import shutil
import stat
import subprocess
import sys

import pytest

from tests.cli_kit import checksum, folder_digest
from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="named pipes and links")

HURT = '{"type": "damage", "target": "heavy", "amount": 3}'
HANG = 120  # seconds: far beyond any command here, so only a hang reaches it


def harmdesk(folder, *args):
    """`harmdesk --data-dir FOLDER ARGS`, killed (and the test failed) if it hangs."""
    return subprocess.run([sys.executable, "-m", "harmdesk", "--data-dir", str(folder), *args],
                          cwd=ROOT, capture_output=True, text=True, encoding="utf-8",
                          timeout=HANG)


def ok(run):
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def refused(run, *words, status=1):
    assert run.returncode == status, (run.returncode, run.stdout, run.stderr)
    assert "Traceback" not in run.stderr and "Errno" not in run.stderr
    for word in words:
        assert word in run.stderr, (word, run.stderr)
    return run.stderr


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A data folder with campaign Night (the Heavy, 20 HP) and its daily backup."""
    folder = tmp_path_factory.mktemp("made") / "data"
    ok(harmdesk(folder, "campaign", "new", "Night", "--system", "stonetop"))
    add = {"type": "add_character", "character": {"id": "heavy", "max_hp": 20, "armor": 2}}
    ok(harmdesk(folder, "apply", "Night", json.dumps(add)))
    return folder


@pytest.fixture
def night(made, tmp_path):
    folder = tmp_path / "night"
    shutil.copytree(made, folder)
    return folder


def daily(folder):
    return next((folder / "backups").glob("*-daily.sqlite"))


# named pipes ------------------------------------------------------------------------
@pytest.mark.parametrize("args", [
    ("campaign", "list"), ("campaign", "new", "Dawn", "--system", "stonetop"),
    ("state", "Night"), ("apply", "Night", HURT), ("undo", "Night"), ("backups", "restore", "B"),
])
def test_a_data_file_that_is_a_pipe_is_refused_by_every_command(night, args):
    data = night / "harmdesk.sqlite"
    data.unlink()
    os.mkfifo(data)
    if args[-1] == "B":
        args = (*args[:-1], daily(night).name)
    refused(harmdesk(night, *args), f"{data} is a named pipe (FIFO)", "not a HarmDesk data file")
    assert stat.S_ISFIFO(os.lstat(data).st_mode)  # left as it was
    assert not list((night / "backups").glob("*-before-restore.sqlite"))


def test_a_manifest_that_is_a_pipe_never_hangs_a_writer(night):
    manifest = night / "backups" / "made-by-harmdesk.json"
    manifest.unlink()
    os.mkfifo(manifest)
    (night / "backups" / daily(night).name).unlink()  # so the writer tries today's backup
    run = harmdesk(night, "apply", "Night", HURT)
    assert run.returncode == 0, run.stderr  # the step is saved; only the backup is not
    assert f"{manifest} is a named pipe (FIFO)" in run.stderr
    assert "backup was not made" in run.stderr and "Traceback" not in run.stderr
    assert ok(harmdesk(night, "state", "Night"))["state"]["heavy"]["hp"] == 19
    refused(harmdesk(night, "backups", "list"), f"{manifest} is a named pipe (FIFO)")
    assert stat.S_ISFIFO(os.lstat(manifest).st_mode)
    assert not any(p.suffix == ".sqlite" for p in (night / "backups").iterdir())


def test_a_lock_file_that_is_a_pipe_is_named(night):
    lock = night / "harmdesk.sqlite.lock"
    lock.unlink()
    os.mkfifo(lock)
    stderr = refused(harmdesk(night, "apply", "Night", HURT),
                     f"its lock file {lock} is a named pipe (FIFO)", "open read-only")
    assert "(None)" not in stderr
    assert ok(harmdesk(night, "state", "Night"))["state"]["heavy"]["hp"] == 20


@pytest.mark.parametrize("kind", ["folder", "pipe"])
def test_restore_names_a_folder_or_a_pipe_given_as_the_backup(night, tmp_path, kind):
    inside, outside = night / "backups" / "odd.sqlite", tmp_path / "odd.sqlite"
    for path in (inside, outside):
        path.mkdir() if kind == "folder" else os.mkfifo(path)
    what = "a folder" if kind == "folder" else "a named pipe (FIFO)"
    before = folder_digest(night)
    for given, named in (("odd.sqlite", inside), (str(outside), outside)):
        stderr = refused(harmdesk(night, "backups", "restore", given),
                         f"{named} is {what}, not a backup file", status=2)
        assert "There is no backup named" not in stderr
    assert folder_digest(night) == before


# links ------------------------------------------------------------------------------
def test_a_data_file_that_is_a_link_is_never_written_through(night, tmp_path):
    data, elsewhere = night / "harmdesk.sqlite", tmp_path / "elsewhere.sqlite"
    shutil.move(data, elsewhere)
    data.symlink_to(elsewhere)
    before = checksum(elsewhere)
    for args in (("apply", "Night", HURT), ("state", "Night"),
                 ("backups", "restore", daily(night).name)):
        refused(harmdesk(night, *args), f"{data} is a link to {elsewhere}",
                "writes through no link")
    assert checksum(elsewhere) == before and data.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere.sqlite", "night"]


@pytest.mark.parametrize("side", ["-wal", "-journal"])
def test_a_link_beside_the_data_file_is_refused(night, tmp_path, side):
    planted, target = night / f"harmdesk.sqlite{side}", tmp_path / "target"
    target.write_bytes(b"keep me")
    planted.symlink_to(target)
    refused(harmdesk(night, "apply", "Night", HURT), f"{planted} is a link to {target}")
    assert target.read_bytes() == b"keep me"


def test_a_backups_folder_that_is_a_link_gets_no_backup(night, tmp_path):
    backups, elsewhere, copy = night / "backups", tmp_path / "elsewhere", tmp_path / "copy"
    shutil.copy(daily(night), copy)
    shutil.rmtree(backups)
    elsewhere.mkdir()
    backups.symlink_to(elsewhere)
    run = harmdesk(night, "apply", "Night", HURT)
    assert run.returncode == 0, run.stderr  # the step is saved; the backup is not
    assert f"{backups} is a link to {elsewhere}" in run.stderr
    assert "backup was not made" in run.stderr and "Traceback" not in run.stderr
    before = checksum(night / "harmdesk.sqlite")
    # a restore, which backs up the file it replaces first, is refused
    refused(harmdesk(night, "backups", "restore", str(copy)), f"{backups} is a link to")
    assert checksum(night / "harmdesk.sqlite") == before
    assert list(elsewhere.iterdir()) == []


def test_a_lock_file_that_is_a_link_is_never_made_at_its_target(night, tmp_path):
    lock, target = night / "harmdesk.sqlite.lock", tmp_path / "elsewhere.lock"
    lock.unlink()
    lock.symlink_to(target)
    refused(harmdesk(night, "apply", "Night", HURT), f"its lock file {lock} is a link to")
    refused(harmdesk(night, "backups", "restore", daily(night).name), "is a link to")
    assert not os.path.lexists(target)
    assert ok(harmdesk(night, "state", "Night"))["state"]["heavy"]["hp"] == 20


@pytest.mark.parametrize("target_is", ["missing", "empty"])
def test_a_planted_restoring_link_is_removed_not_written_through(night, tmp_path, target_is):
    planted, target = night / "harmdesk.sqlite.restoring", tmp_path / "elsewhere.sqlite"
    if target_is == "empty":
        target.touch()
    planted.symlink_to(target)
    done = ok(harmdesk(night, "backups", "restore", daily(night).name))
    assert "Night" in [c["name"] for c in done["campaigns"]]
    assert not os.path.lexists(planted) and not (night / "harmdesk.sqlite").is_symlink()
    assert (target.stat().st_size == 0) if target_is == "empty" else not target.exists()
    planted.symlink_to(target)  # a writer opening the folder removes it too
    ok(harmdesk(night, "campaign", "new", "Dawn", "--system", "stonetop"))
    assert not os.path.lexists(planted)
    assert (target.stat().st_size == 0) if target_is == "empty" else not target.exists()


def test_a_data_folder_that_is_a_link_the_gm_gave_is_used(night, tmp_path):
    link = tmp_path / "table"
    link.symlink_to(night)
    assert ok(harmdesk(link, "apply", "Night", HURT))["state"]["heavy"]["hp"] == 19
    (night / "backups" / daily(night).name).unlink()
    ok(harmdesk(link, "apply", "Night", HURT))
    assert len(list((night / "backups").glob("*-daily.sqlite"))) == 1


# permissions ------------------------------------------------------------------------
def test_copies_keep_the_permissions_of_a_private_data_file(night):
    data = night / "harmdesk.sqlite"
    data.chmod(0o600)
    shutil.rmtree(night / "backups")
    ok(harmdesk(night, "apply", "Night", HURT))  # today's backup, of the private file
    made = daily(night)
    assert stat.S_IMODE(made.stat().st_mode) == 0o600
    done = ok(harmdesk(night, "backups", "restore", made.name))
    saved = night / "backups" / os.path.basename(done["replaced_file_saved_as"])
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    assert stat.S_IMODE(data.stat().st_mode) == 0o600
    assert ok(harmdesk(night, "state", "Night"))["state"]["heavy"]["hp"] == 19


def test_a_restored_file_keeps_the_data_files_permissions_not_the_copys(night, tmp_path):
    copy = tmp_path / "copy.sqlite"
    shutil.copy(daily(night), copy)
    copy.chmod(0o444)  # a copy kept read-only: the restored data file must stay writable
    data = night / "harmdesk.sqlite"
    data.chmod(0o640)
    ok(harmdesk(night, "backups", "restore", str(copy)))
    assert stat.S_IMODE(data.stat().st_mode) == 0o640
    assert ok(harmdesk(night, "apply", "Night", '{"type": "add_character", "character": '
                                                '{"id": "afon", "max_hp": 6}}'))["ok"]


# folders and files in each other's place, and names too long ------------------------
def test_a_data_file_that_is_a_folder_is_named(tmp_path):
    (tmp_path / "harmdesk.sqlite").mkdir()
    for args in (("campaign", "list"), ("campaign", "new", "Dawn", "--system", "stonetop")):
        stderr = refused(harmdesk(tmp_path, *args),
                         f"{tmp_path / 'harmdesk.sqlite'} is a folder, not a HarmDesk data file")
        assert "permissions" not in stderr


def test_a_data_folder_that_is_a_file_is_named(tmp_path):
    (tmp_path / "data").write_text("notes")
    for args in (("campaign", "list"), ("backups", "list")):
        stderr = refused(harmdesk(tmp_path / "data", *args),
                         f"The data folder {tmp_path / 'data'} is a file, not a folder")
        assert "File exists" not in stderr and "Cannot create" not in stderr
    assert (tmp_path / "data").read_text() == "notes"


def test_a_backups_folder_that_is_a_file_is_named(night):
    shutil.rmtree(night / "backups")
    (night / "backups").write_text("notes")
    run = harmdesk(night, "apply", "Night", HURT)
    assert run.returncode == 0, run.stderr
    assert f"{night / 'backups'} is a file, not the folder of HarmDesk's backups" in run.stderr
    assert "Errno" not in run.stderr and "File exists" not in run.stderr
    refused(harmdesk(night, "backups", "list"), f"{night / 'backups'} is a file")
    assert (night / "backups").read_text() == "notes"


@pytest.mark.parametrize("args", [("campaign", "list"), ("state", "Night"),
                                  ("campaign", "new", "Dawn", "--system", "stonetop"),
                                  ("backups", "list")])
def test_a_data_folder_name_over_255_characters_is_a_plain_message(tmp_path, args):
    folder = tmp_path / ("x" * 300)
    stderr = refused(harmdesk(folder, *args), "is too long", "255 characters")
    assert "OSError" not in stderr
