"""Commands that only read take no writer lock: while one runs, `apply` and a window
still write (issue 12). Two processes: the reader is held open until the writer is done."""

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

# the command line, its store held open (after opening) until a line arrives on stdin
HELD_OPEN = """
import sys
from harmdesk.store import store as module
opened = module.Store.open.__func__

def held(cls, *args, **kwargs):
    store = opened(cls, *args, **kwargs)
    print("open", flush=True, file=sys.stderr)
    sys.stdin.readline()
    return store

module.Store.open = classmethod(held)
from harmdesk.cli import main
sys.exit(main(sys.argv[1:]))
"""

HURT = '{"type": "damage", "target": "heavy", "amount": 5}'


def harmdesk(folder, *args):
    return subprocess.run([sys.executable, "-m", "harmdesk", "--data-dir", str(folder), *args],
                          cwd=ROOT, capture_output=True, text=True, encoding="utf-8")


@pytest.mark.parametrize("command", [
    ["state", "Night"], ["campaign", "list"], ["campaign", "export", "Night"],
    ["summary", "Night", "--all", "-o", "{pdf}"],
], ids=lambda c: " ".join(c[:2]))
def test_a_running_reader_never_stops_a_writer(tmp_path, command):
    from harmdesk.desk.campaign import Campaign
    from harmdesk.store import Store
    store = Store.open(tmp_path)
    Campaign.create(store, "Night", "stonetop", {}, [{"id": "heavy", "max_hp": 20, "armor": 2}])
    store.close()
    args = [a.replace("{pdf}", str(tmp_path / "night.pdf")) for a in command]
    reader = subprocess.Popen([sys.executable, "-c", HELD_OPEN, "--data-dir", str(tmp_path),
                               *args], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, encoding="utf-8",
                              env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    try:
        assert reader.stderr.readline() == "open\n"  # the reader has the store open now
        applied = harmdesk(tmp_path, "apply", "Night", HURT)
        assert applied.returncode == 0, applied.stderr
        window = Store.open(tmp_path)  # as a window started now would
        try:
            assert not window.read_only
            assert Campaign(window, "Night").state["characters"]["heavy"]["hp"] == 17
        finally:
            window.close()
        out, err = reader.communicate("go\n", timeout=120)
    finally:
        if reader.poll() is None:
            reader.kill()
            reader.communicate()
    assert reader.returncode == 0, err
    assert "Traceback" not in err
    printed = json.loads(out)
    if command[0] == "state":  # it read what the writer saved while it was open
        assert printed["state"]["heavy"]["hp"] == 17
