"""The window's path to its first frame: an empty window, painted before SQLAlchemy (issue
11: its import competes with the first paint for the GIL), the rules, the session and the
compiled layout are loaded; all of them come with `finish_setup()`, just after it."""

import json
import os
import subprocess
import sys

import pytest

from harmdesk.qt.main_window import MainWindow
from tests.conftest import ROOT

from . import kit
from .conftest import PARTY

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SCRIPT = r"""
import json, sys
from harmdesk.app import make_app
app = make_app(dressed=False)
from harmdesk.qt.main_window import MainWindow
window = MainWindow(deferred=True)
seen = []
def painted():
    seen.append(sorted(m for m in sys.modules if m.split(".")[0] in ("sqlalchemy", "sqlmodel")
                       or m in LATER))
    app.quit()
LATER = ("harmdesk.desk.service", "harmdesk.rules", "harmdesk.profiles", "harmdesk.desk.chips",
         "harmdesk.desk.actions", "harmdesk.qt.controller", "harmdesk.qt.desk_model",
         "harmdesk.qt.tiles", "harmdesk.qt.forms.ui_main_window")
window.firstPainted.connect(painted)
window.show()
app.exec()
print(json.dumps({"painted": bool(seen), "imported": seen[0] if seen else None}))
"""


def test_the_first_paint_imports_no_sqlalchemy_rules_session_or_layout():
    run = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result == {"painted": True, "imported": []}


def test_the_layout_built_after_the_first_frame_keeps_the_windows_size(qtbot, tmp_path):
    """The compiled layout comes into a window already shown at its remembered size: it
    must not resize it, and the desk it builds works on the campaign the file holds."""
    folder = kit.make_folder(tmp_path, [("Desk", "stonetop", {"prosperity": 1}, PARTY)])
    window = MainWindow(deferred=True)
    qtbot.addWidget(window)
    window.resize(1000, 700)
    window.show()
    with qtbot.waitSignal(window.firstPainted, timeout=10000):
        pass
    assert window.ui is None and window.menuBar().actions() == []  # the empty first frame
    window.finish_setup()
    assert window.size().toTuple() == (1000, 700)
    assert [a.text() for a in window.menuBar().actions()][:2] == ["&File", "&Edit"]
    assert window.ui.menuEdit.actions()[0] is window.undo_action
    window.campaign_menus.load(folder, "Desk")
    qtbot.waitUntil(lambda: kit.writable(window), timeout=20000)
    characters, _log = kit.saved(folder)
    assert sorted(window.model.ids()) == sorted(characters) == sorted(c["id"] for c in PARTY)
    assert window.windowTitle() == "Desk — HarmDesk"
    assert window.size().toTuple() == (1000, 700)
    window.controller.service.close()
    window.close()
