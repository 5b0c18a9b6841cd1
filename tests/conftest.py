import os
import sys
from pathlib import Path

import pytest

# Qt must never look for a display in the tests; set before any Qt import.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(autouse=True)
def own_qsettings(tmp_path_factory):
    """Each test remembers window sizes and dock layouts in a folder of its own, never
    in the user's settings and never in another test's."""
    from PySide6.QtCore import QSettings
    folder = str(tmp_path_factory.mktemp("qsettings"))
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(fmt, scope, folder)
    return folder


@pytest.fixture
def store(tmp_path):
    """A fresh data folder's store, closed after the test."""
    from harmdesk.store import Store
    opened = Store.open(tmp_path)
    yield opened
    opened.close()
