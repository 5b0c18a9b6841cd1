"""The window's path to its first frame never imports SQLAlchemy (issue 11: its import
competes with the first paint for the GIL)."""

import json
import os
import subprocess
import sys

from tests.conftest import ROOT

SCRIPT = r"""
import json, sys
from harmdesk.app import make_app
app = make_app(dressed=False)
from harmdesk.qt.main_window import MainWindow
window = MainWindow(deferred=True)
seen = []
def painted():
    seen.append(sorted(m for m in sys.modules if m.split(".")[0] in ("sqlalchemy", "sqlmodel")))
    app.quit()
window.firstPainted.connect(painted)
window.show()
app.exec()
print(json.dumps({"painted": bool(seen), "imported": seen[0] if seen else None}))
"""


def test_the_first_paint_imports_no_sqlalchemy():
    run = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result == {"painted": True, "imported": []}
