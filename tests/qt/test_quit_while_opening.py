"""Ctrl+Q while the campaign is still opening: a prompt, clean exit, and the store closed
(issue 9: it hung 11 s, then aborted with `QThread: Destroyed while thread is still running`)."""

import json
import os
import subprocess
import sys
import threading

import pytest
from PySide6.QtCore import QCoreApplication

from harmdesk.qt.tasks import Task
from harmdesk.store import Store
from tests.conftest import ROOT

# Runs the real entry point, `harmdesk.cli.main`, and presses Ctrl+Q (File → Quit) right
# after the window has started its loader. A gate holds the loader back until the moment
# chosen by argv[2], so the quit always comes first:
#   at-quit     the loader opens the store while the window waits for it at quit
#   after-quit  the window stops waiting at once (QUIT_WAIT_S = 0); the loader opens later
#   free        no gate: as fast as the machine goes
# At exit it prints how many stores were opened and closed.
SCRIPT = r"""
import atexit, json, sys, threading
from harmdesk import app
from harmdesk.qt import window_menus
from harmdesk.store import store as store_module

folder, when = sys.argv[1], sys.argv[2]
gate = threading.Event()
if when == "free":
    gate.set()
opened, closed, running = [], set(), []

real_open, real_close = store_module.Store.open, store_module.Store.close
def counting_open(*args, **kwargs):
    opened.append(real_open(*args, **kwargs))
    return opened[-1]
def counting_close(self):
    closed.add(id(self))
    real_close(self)
store_module.Store.open = counting_open
store_module.Store.close = counting_close

real_open_desk = window_menus.open_service
def gated_open_desk(*args):
    gate.wait()
    return real_open_desk(*args)
window_menus.open_service = gated_open_desk

real_make_app = app.make_app
def make_app(*args, **kwargs):
    application = real_make_app(*args, **kwargs)
    if when == "at-quit":  # before the window's own aboutToQuit handler
        application.aboutToQuit.connect(gate.set)
    return application
app.make_app = make_app

real_load = window_menus.CampaignMenus.load
def load(self, *args, **kwargs):
    job = real_load(self, *args, **kwargs)
    running.append(job.running())
    if when == "after-quit":  # after the window's own aboutToQuit handler
        window_menus.QUIT_WAIT_S = 0
        window_menus.QApplication.instance().aboutToQuit.connect(gate.set)
    self.w.ui.actionQuit.trigger()
    return job
window_menus.CampaignMenus.load = load

atexit.register(lambda: print(json.dumps({
    "running_at_quit": running, "opened": len(opened),
    "closed": sum(1 for s in opened if id(s) in closed)}), flush=True))
from harmdesk.cli import main
sys.exit(main(["--data-dir", folder]))
"""


@pytest.mark.parametrize("when", ["at-quit", "after-quit", "free"])
def test_quit_while_the_campaign_opens_exits_cleanly_and_closes_the_store(tmp_path, when):
    run = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path / "data"), when],
                         cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert run.returncode == 0, run.stderr
    assert "QThread" not in run.stderr and "Traceback" not in run.stderr, run.stderr
    counts = json.loads(run.stdout.strip().splitlines()[-1])
    if when != "free":
        assert counts["running_at_quit"] == [True]
    # the loader finished its work and its store was closed, though nobody took it
    assert counts["opened"] == 1 and counts["closed"] == 1
    store = Store.open(tmp_path / "data")  # and the data folder is free for the next start
    try:
        assert not store.read_only and len(store.campaigns()) == 3
    finally:
        store.close()


def test_a_job_left_behind_discards_its_result_and_never_reports(qtbot):
    gate, discarded, reported = threading.Event(), [], []
    job = Task(lambda: gate.wait(30) and "the store")
    job._discard = discarded.append
    job.done.connect(reported.append)
    job.start()
    job.abandon(0)          # the window goes while the worker still works
    gate.set()
    assert job.wait(30)
    assert discarded == ["the store"]
    QCoreApplication.processEvents()  # a report queued by the worker would arrive now
    assert reported == [] and job.settled()


def test_a_job_reports_on_the_gui_thread(qtbot):
    job = Task(lambda: threading.current_thread().name)
    with qtbot.waitSignal(job.done, timeout=10000) as done:
        job.start()
    assert done.args == ["harmdesk-job"] and job.settled()
