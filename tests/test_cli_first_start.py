"""A first start killed with SIGKILL leaves the data folder with all three demo campaigns
or none, and the next start makes them all.

The first start is `harmdesk --data-dir D campaign list`, run in its own process with
every SQL statement reported on a pipe before it runs, and held there until the test lets
it go on: the test kills it just before statement K, for K spread over the whole start,
so where the kill lands is chosen, not left to the clock. A few plain `harmdesk` runs are
killed too, as soon as the data file, or its -wal, shows up."""

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")

KILLS = int(os.environ.get("HARMDESK_FIRST_START_KILLS", "10"))
DEMOS = 3
DEADLINE = 120  # seconds: a generous bound for one start, reached only by a hang

# `harmdesk ARGS`, reporting each statement on fd REPORT and waiting for a byte on GO
HELD_START = """
import os, sys
from harmdesk import cli
from harmdesk.store import db

report, go = int(sys.argv[1]), int(sys.argv[2])
real = db.connect

def held(statement):
    os.write(report, b"s")
    os.read(go, 1)

def connect(*args, **kwargs):
    con = real(*args, **kwargs)
    con.set_trace_callback(held)
    return con

db.connect = connect
sys.exit(cli.main(sys.argv[3:]))
"""


def held_start(folder, kill_before: int | None) -> int:
    """Run a first start, letting its statements run one by one; SIGKILL it just before
    statement `kill_before` (1 for the first; None: never). The statements it reported."""
    report_r, report_w = os.pipe()
    go_r, go_w = os.pipe()
    child = subprocess.Popen(
        [sys.executable, "-c", HELD_START, str(report_w), str(go_r),
         "--data-dir", str(folder), "campaign", "list"],
        cwd=ROOT, pass_fds=(report_w, go_r), stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE)
    os.close(report_w)
    os.close(go_r)
    seen = 0
    try:
        while os.read(report_r, 1):
            seen += 1
            if seen == kill_before:
                child.send_signal(signal.SIGKILL)
                break
            os.write(go_w, b"g")
    finally:
        os.close(report_r)
        os.close(go_w)
        _, err = child.communicate(timeout=DEADLINE)
    if kill_before is not None and seen == kill_before:
        assert child.returncode == -signal.SIGKILL
    else:
        assert child.returncode == 0, err.decode()
    return seen


def demos_in(folder) -> int:
    """How many campaigns the folder's data file holds, read as the next start would."""
    path = folder / "harmdesk.sqlite"
    if not path.exists() or path.stat().st_size == 0:
        return 0
    # read-only, yet with the -wal, which holds what was committed: nothing is tidied
    con = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
        if "campaign" not in tables:
            return 0
        return con.execute("SELECT count(*) FROM campaign").fetchone()[0]
    finally:
        con.close()


def next_start(folder) -> list[dict]:
    run = subprocess.run([sys.executable, "-m", "harmdesk", "--data-dir", str(folder),
                          "campaign", "list"], cwd=ROOT, capture_output=True, text=True,
                         encoding="utf-8", timeout=DEADLINE)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)["campaigns"]


def test_a_first_start_killed_anywhere_leaves_all_the_demos_or_none(tmp_path):
    statements = held_start(tmp_path / "whole", None)
    assert demos_in(tmp_path / "whole") == DEMOS
    rng = random.Random(20261201)
    # one kill in each of KILLS equal stretches of the start, the first before statement 1
    points = sorted({1} | {rng.randint(statements * i // KILLS + 1, statements * (i + 1) // KILLS)
                           for i in range(KILLS)})
    found = {}
    for point in points:
        folder = tmp_path / f"killed-{point}"
        held_start(folder, point)
        found[point] = demos_in(folder)
        listed = next_start(folder)
        assert sorted(c["system"] for c in listed) == \
            ["freedom_fantasies", "lux_aeterna", "stonetop"], (point, listed)
    assert set(found.values()) <= {0, DEMOS}, found
    assert 0 in found.values()  # the kills did land inside the demos' making


@pytest.mark.parametrize("shows_up", ["harmdesk.sqlite", "harmdesk.sqlite-wal"])
def test_a_plain_first_start_killed_as_its_file_shows_up(tmp_path, shows_up):
    folder = tmp_path / "data"
    child = subprocess.Popen([sys.executable, "-m", "harmdesk", "--data-dir", str(folder),
                              "campaign", "list"], cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + DEADLINE
    while not (folder / shows_up).exists() and child.poll() is None:
        assert time.monotonic() < deadline, f"{shows_up} never showed up"
        time.sleep(0.001)
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert demos_in(folder) in (0, DEMOS)
    assert len(next_start(folder)) == DEMOS
