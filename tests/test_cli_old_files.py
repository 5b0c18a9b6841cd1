"""Commands that only read read a file of any released version as it is, before any
writer has upgraded it (a new HarmDesk's first command, an old backup just restored, a
file on read-only media): they print what it holds and never change it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from harmdesk.store import Store
from harmdesk.store.paths import SCHEMA_VERSION
from tests.cli_kit import folder_digest
from tests.conftest import ROOT
from tests.mounts import mounted

FIXTURES = ROOT / "tests" / "fixtures"
VERSIONS = list(range(1, SCHEMA_VERSION + 1))
# what every fixture holds (make_fixture.py): a Heavy hurt by 6 (armor 2: 20 -> 16), and
# a step of two hits undone
HEAVY_HP = 16
DAMAGE = {"type": "damage", "target": "heavy", "amount": 6}


def harmdesk(folder, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "harmdesk", "--data-dir", str(folder), *args],
                          cwd=ROOT, capture_output=True, text=True, encoding="utf-8",
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, timeout=300)


def fingerprint(folder: Path) -> tuple[dict, int]:
    """Every file in the folder by its bytes, and the data file's modification time."""
    return folder_digest(folder), (folder / "harmdesk.sqlite").stat().st_mtime_ns


@contextmanager
def data_folder(tmp_path: Path, version: int, media: str):
    """A copy of the fixture of `version`; on read-only media, the file and its folder
    made read-only and the folder mounted read-only (root writes through permissions)."""
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy(FIXTURES / f"harmdesk-v{version}.sqlite", folder / "harmdesk.sqlite")
    if media == "writable":
        yield folder
        return
    (folder / "harmdesk.sqlite").chmod(0o444)
    folder.chmod(0o555)
    try:
        with mounted(tmp_path / "ro", "-o", "bind,ro", str(folder)) as ro:
            yield ro
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("media", ["writable", "read-only"])
@pytest.mark.parametrize("version", VERSIONS, ids=lambda v: f"v{v}")
def test_reading_commands_read_every_version_as_it_is(tmp_path, version, media):
    with data_folder(tmp_path, version, media) as folder:
        before = fingerprint(folder)
        pdf = tmp_path / "summary.pdf"

        state = harmdesk(folder, "state", "Fixture")
        assert state.returncode == 0, state.stderr
        desk = json.loads(state.stdout)
        assert desk["state"]["heavy"]["hp"] == HEAVY_HP
        assert (desk["can_undo"], desk["can_redo"]) == (True, True)

        listed = harmdesk(folder, "campaign", "list")
        assert listed.returncode == 0, listed.stderr
        assert [(c["name"], c["system"]) for c in json.loads(listed.stdout)["campaigns"]] \
            == [("Fixture", "stonetop")]

        exported = harmdesk(folder, "campaign", "export", "Fixture")
        assert exported.returncode == 0, exported.stderr
        assert json.loads(exported.stdout)["actions"] == [DAMAGE]

        summary = harmdesk(folder, "summary", "Fixture", "--all", "-o", str(pdf))
        assert summary.returncode == 0, summary.stderr
        assert json.loads(summary.stdout)["events"] >= 1
        assert pdf.read_bytes().startswith(b"%PDF")

        latest = harmdesk(folder, "summary", "Fixture", "-o", str(pdf))
        assert latest.returncode == 0, latest.stderr

        assert fingerprint(folder) == before


def test_a_reader_of_an_older_file_reads_an_upgraded_copy_and_the_writer_upgrades_the_file(
        tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy(FIXTURES / "harmdesk-v1.sqlite", folder / "harmdesk.sqlite")
    reader = Store.open(folder, write=False)
    try:
        # the reader's queries use what later versions added (undo steps, their index)
        info = reader.campaign("Fixture")
        assert reader.history(info.id) == (1, 1)
        assert reader.seq_span([s["id"] for s in reader.play_sessions(info.id)]) == (1, 1)
    finally:
        reader.close()
    assert (folder / "harmdesk.sqlite").read_bytes() == \
        (FIXTURES / "harmdesk-v1.sqlite").read_bytes()
    assert sorted(p.name for p in folder.iterdir()) == ["harmdesk.sqlite"]
    writer = Store.open(folder)
    try:
        assert writer.history(writer.campaign("Fixture").id) == (1, 1)
    finally:
        writer.close()
    assert list((folder / "backups").glob("*-before-v*.sqlite"))


def test_the_window_opens_an_older_file_on_read_only_media_to_read(tmp_path):
    from harmdesk.desk.service import Service
    with data_folder(tmp_path, 1, "read-only") as folder:
        before = fingerprint(folder)
        session = Service.open(folder)
        try:
            assert session.read_only and "read-only" in session.why_read_only
            assert session.state["characters"]["heavy"]["hp"] == HEAVY_HP
            assert session.history() == (1, 1)
            assert [s["title"] for s in session.play_sessions()] == ["First night"]
        finally:
            session.close()
        assert fingerprint(folder) == before
