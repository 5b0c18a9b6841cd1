"""Real faults on a real file system: a small disk filled up, a folder mounted read-only.
Nothing saved is lost, and the GM hears the real cause, never "damaged… move it aside".

Mounting needs root; where it is not allowed these tests skip, except under CI.
"""

import errno
import json
import subprocess
import sys

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.store import DiskFull, Store, StoreError, db
from tests.cli_kit import checksum
from tests.conftest import ROOT
from tests.mounts import mounted

from .conftest import PARTY

HURT = {"type": "damage", "target": "heavy", "amount": 3}


def harmdesk(folder, *args):
    return subprocess.run([sys.executable, "-m", "harmdesk", "--data-dir", str(folder), *args],
                          cwd=ROOT, capture_output=True, text=True, encoding="utf-8")


def fill(folder) -> None:
    """Write to `folder` until the disk refuses another byte."""
    with open(folder / "filler", "wb", buffering=0) as fh:
        for size in (1 << 16, 1 << 12, 1):
            while True:
                try:
                    fh.write(b"\0" * size)
                except OSError as err:
                    assert err.errno == errno.ENOSPC
                    break


def saved(folder) -> tuple[int, int]:
    """The Heavy's saved HP and the number of saved steps, read from the file itself."""
    store = Store.open(folder, write=False)
    try:
        campaign = Campaign(store, "Test")
        return campaign.state["characters"]["heavy"]["hp"], len(store.log(campaign.info.id))
    finally:
        store.close()


def test_a_full_disk_refuses_the_step_and_loses_nothing(tmp_path):
    with mounted(tmp_path / "disk", "-t", "tmpfs", "-o", "size=3m", "tmpfs") as disk:
        folder = disk / "data"
        store = Store.open(folder)
        try:
            campaign = Campaign.create(store, "Test", "stonetop", {}, PARTY)
            for _ in range(3):
                assert campaign.apply(HURT).ok
            fill(disk)
            # the window's store, open when the disk filled up
            with pytest.raises(DiskFull, match=r"disk holding .* is full.*Free some space"):
                campaign.apply({"type": "add_wound", "target": "heavy", "text": "x" * 300_000})
            # a command started now is refused, and says why
            run = harmdesk(folder, "apply", "Test", json.dumps(HURT))
            assert run.returncode == 1 and "Traceback" not in run.stderr
            assert "is full" in run.stderr and "damaged" not in run.stderr
        finally:
            store.close()
        fill(disk)  # closing folded the -wal into the file, and freed its room
        # on the full disk, the desk still reads
        run = harmdesk(folder, "state", "Test")
        assert run.returncode == 0, run.stderr
        assert json.loads(run.stdout)["state"]["heavy"]["hp"] == 20 - 3 * 1
        session = Service.open(folder, "Test")
        try:
            assert session.read_only and "is full" in session.why_read_only
        finally:
            session.close()
        (disk / "filler").unlink()
        assert db.integrity_problem(folder / db.DB_NAME) is None
        assert saved(folder) == (17, 3)
        # with room again, saving goes on
        assert harmdesk(folder, "apply", "Test", json.dumps(HURT)).returncode == 0
        assert saved(folder) == (16, 4)


def test_a_read_only_folder_opens_read_only_and_says_why(tmp_path):
    folder = tmp_path / "data"
    store = Store.open(folder)
    campaign = Campaign.create(store, "Test", "stonetop", {}, PARTY)
    for _ in range(2):
        assert campaign.apply(HURT).ok
    store.close()
    before = checksum(folder / db.DB_NAME)
    with mounted(tmp_path / "ro", "-o", "bind,ro", str(folder)) as ro:
        session = Service.open(ro, "Test")
        try:
            assert session.read_only and f"the folder {ro} is read-only" in session.why_read_only
            assert session.campaign.state["characters"]["heavy"]["hp"] == 18
            with pytest.raises(StoreError, match="read-only"):
                session.apply({"type": "damage", "target": ["heavy"], "amount": 1})
        finally:
            session.close()
        run = harmdesk(ro, "apply", "Test", json.dumps(HURT))
        assert run.returncode == 1 and "Traceback" not in run.stderr
        assert "is read-only" in run.stderr and "damaged" not in run.stderr
        run = harmdesk(ro, "state", "Test")
        assert run.returncode == 0, run.stderr
        assert json.loads(run.stdout)["state"]["heavy"]["hp"] == 18
        assert not (ro / (db.DB_NAME + "-shm")).exists()
    assert checksum(folder / db.DB_NAME) == before
    assert saved(folder) == (18, 2)
