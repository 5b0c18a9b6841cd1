"""What HarmDesk writes on request (`summary -o`, the window's exports) goes only to a new
file or over a regular one: a pipe, a device or a folder at the path is refused, named,
and left as it was; odd paths, session ranges and folder names give a message, never a
traceback."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest

from harmdesk import files
from harmdesk.desk.service import write_json
from tests.conftest import ROOT


def harmdesk(*args, env=None, cwd=ROOT):
    # the timeout only guards the suite against a hang; a pass never comes near it
    return subprocess.run([sys.executable, "-m", "harmdesk", *args], cwd=cwd,
                          capture_output=True, text=True, encoding="utf-8", timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})})


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    """A data folder with one campaign of two play sessions."""
    from harmdesk.desk.campaign import Campaign
    from harmdesk.store import Store
    folder = tmp_path_factory.mktemp("data")
    store = Store.open(folder)
    try:
        campaign = Campaign.create(store, "Night", "stonetop", {},
                                   [{"id": "heavy", "max_hp": 20, "armor": 2}])
        for _ in range(2):
            campaign.start_play_session()
            campaign.apply({"type": "damage", "target": "heavy", "amount": 3})
    finally:
        store.close()
    return folder


def summary(night, *args, **kwargs):
    return harmdesk("--data-dir", str(night), "summary", "Night", *args, **kwargs)


def refused_plainly(run, status: int, *words: str) -> None:
    assert run.returncode == status, run.stderr
    assert run.stdout == "" and "Traceback" not in run.stderr
    assert run.stderr.startswith("harmdesk: ") or "usage:" in run.stderr, run.stderr
    for word in words:
        assert word in run.stderr, run.stderr


def test_a_summary_is_not_written_into_a_named_pipe(night, tmp_path):
    fifo = tmp_path / "summary.pdf"
    os.mkfifo(fifo)  # nobody reads it: writing into it would wait for ever
    run = summary(night, "--all", "-o", str(fifo))
    refused_plainly(run, 1, str(fifo), "named pipe (FIFO)", "regular file")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # still the pipe it was
    assert [p.name for p in tmp_path.iterdir()] == ["summary.pdf"]  # no temporary left


def test_a_summary_does_not_replace_a_device_behind_a_link(night, tmp_path):
    link = tmp_path / "summary.pdf"
    link.symlink_to(os.devnull)  # as `-o /dev/null` would be, without needing root
    run = summary(night, "--all", "-o", str(link))
    refused_plainly(run, 1, str(link), "a device")
    assert os.readlink(link) == os.devnull and stat.S_ISCHR(os.stat(link).st_mode)


def test_a_summary_over_a_linked_regular_file_keeps_the_link(night, tmp_path):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    link = tmp_path / "summary.pdf"
    link.symlink_to(real)
    run = summary(night, "--all", "-o", str(link))
    assert run.returncode == 0, run.stderr
    assert link.is_symlink() and real.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("target, status, words", [
    ("", 2, ("-o needs a file name",)),
    ("/", 1, ("Cannot write /", "a folder")),
    (".", 1, ("Cannot write .", "a folder")),
    ("{tmp}", 1, ("a folder",)),
    ("notes/", 1, ("Cannot write notes/", "names a folder")),
])
def test_a_summary_to_no_file_name_is_refused_in_words(night, tmp_path, target, status, words):
    run = summary(night, "--all", "-o", target.replace("{tmp}", str(tmp_path)), cwd=tmp_path)
    refused_plainly(run, status, *words)
    assert list(tmp_path.iterdir()) == []


def test_a_summary_takes_a_long_legal_name(night, tmp_path):
    for name in ("a" * 241 + ".pdf", "é" * 120 + ".pdf", "a" * 251 + ".pdf"):
        assert len(name.encode()) <= 255
        run = summary(night, "--all", "-o", str(tmp_path / name))
        assert run.returncode == 0, run.stderr
        assert (tmp_path / name).read_bytes().startswith(b"%PDF")
    assert len(list(tmp_path.iterdir())) == 3  # and no temporary file beside them


def test_the_temporary_name_fits_beside_any_legal_name():
    for name in ("night.pdf", "a" * 255, "é" * 127, "ab" + "€" * 84, "\udcff" * 200):
        made = files.temporary_name(name)
        assert len(made.encode("utf-8", "surrogateescape")) <= files.NAME_MAX
        assert made.startswith(".") and made.endswith(".part")
    assert files.temporary_name("night.pdf").startswith(".night.pdf.")


def test_a_campaign_export_is_not_written_into_a_pipe_or_a_folder(tmp_path):
    fifo = tmp_path / "night.json"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path):
        with pytest.raises(OSError) as err:
            write_json(str(path), {"name": "Night"})
        assert err.value.filename == str(path) and "regular file" in err.value.strerror
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and os.listdir(tmp_path) == ["night.json"]
    written = files.write_atomically(tmp_path / "plain.json", b"{}")
    assert written.read_bytes() == b"{}"


def test_a_huge_session_range_is_checked_against_the_sessions_there_are(night, tmp_path):
    run = summary(night, "--session", "1-1000000000000", "-o", str(tmp_path / "s.pdf"))
    refused_plainly(run, 1, "'Night' has no session 3; its sessions are 1\u20132.")
    run = summary(night, "--session", "5-1000000000000", "-o", str(tmp_path / "s.pdf"))
    refused_plainly(run, 1, "has no session 5")
    run = summary(night, "--session", "1-" + "9" * 5000, "-o", str(tmp_path / "s.pdf"))
    refused_plainly(run, 1, "--session takes a number or a range")
    assert len(run.stderr) < 300  # the 5,000 digits are not echoed back
    run = summary(night, "--session", "", "-o", str(tmp_path / "s.pdf"))
    refused_plainly(run, 1, "--session takes a number or a range such as 2-4, not ''")
    run = summary(night, "--session", "1-2", "-o", str(tmp_path / "s.pdf"))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["pages"] >= 1


def test_an_empty_data_folder_name_is_refused_not_taken_as_the_default(tmp_path):
    home = tmp_path / "home"
    env = {"HOME": str(home), "XDG_DATA_HOME": str(home / "share")}
    run = harmdesk("--data-dir", "", "campaign", "list",
                   env={**env, "HARMDESK_DATA_DIR": ""})
    refused_plainly(run, 2, "--data-dir needs a folder name")
    assert not home.exists()  # the user data folder was never made


def test_a_campaign_name_longer_than_any_campaign_is_refused_briefly(night):
    run = harmdesk("--data-dir", str(night), "state", "N" * 100_000)
    refused_plainly(run, 2, "100,000 characters", "at most 200")
    assert len(run.stderr) < 1000


@pytest.mark.parametrize("name", ["harmdesk.sqlite", "harmdesk.sqlite-wal", "a link"])
def test_a_summary_never_replaces_the_data_file_or_one_beside_it(tmp_path, name):
    from harmdesk.desk.campaign import Campaign
    from harmdesk.store import Store
    data = tmp_path / "data"
    store = Store.open(data)
    try:
        Campaign.create(store, "Night", "stonetop", {}, [{"id": "heavy", "max_hp": 20}])
    finally:
        store.close()
    target = data / name
    if name == "a link":
        target = tmp_path / "summary.pdf"
        target.symlink_to(data / "harmdesk.sqlite")
    before = (data / "harmdesk.sqlite").read_bytes()
    run = harmdesk("--data-dir", str(data), "summary", "Night", "--all", "-o", str(target))
    refused_plainly(run, 1, "HarmDesk's own data file")
    assert (data / "harmdesk.sqlite").read_bytes() == before
    assert harmdesk("--data-dir", str(data), "state", "Night").returncode == 0


def test_an_export_is_not_written_over_the_data_file(tmp_path):
    data = tmp_path / "harmdesk.sqlite"
    data.write_bytes(b"SQLite format 3\x00")
    with pytest.raises(files.NotARegularFile, match="HarmDesk's own data file"):
        write_json(str(data), {"name": "Night"})
    assert data.read_bytes() == b"SQLite format 3\x00"
