import importlib.util
import os
import sys
import threading
from pathlib import Path

import pytest

# Qt must never look for a display in the tests; set before any Qt import.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

QT_FIXTURES = {"qapp", "qtbot", "qtlog", "qtmodeltester"}


def pytest_collection_modifyitems(config, items):
    """Without PySide6 (the rules, store and service tests' own venv), a test that asks
    for a Qt fixture is skipped, not failed for want of the fixture."""
    if importlib.util.find_spec("PySide6") is not None:
        return
    no_qt = pytest.mark.skip(reason="needs PySide6, not installed here")
    for item in items:
        if QT_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(no_qt)


@pytest.fixture
def store(tmp_path):
    """A fresh data folder's store, closed after the test."""
    from harmdesk.store import Store
    opened = Store.open(tmp_path)
    yield opened
    opened.close()


@pytest.fixture(autouse=True)
def stores_closed():
    """Every store a test opens is closed after it, also when the test failed half way:
    a writer lock left open is found by the garbage collector during a later test, whose
    unclosed-file warning then fails that test. A window still open first lets its
    workers finish and closes its store, as a quit does. (No monkeypatch here: the
    test's own patches are undone before this closes anything.)"""
    from harmdesk.store.store import Store
    opened, made = [], Store.__init__

    def tracked(self, *args, **kwargs):
        made(self, *args, **kwargs)
        opened.append(self)

    Store.__init__ = tracked
    yield
    try:
        for window in open_main_windows():
            window.campaign_menus.wait_for_jobs()
        for worker in threading.enumerate():
            if worker.name == "harmdesk-job":  # a worker may open a store as it finishes
                worker.join(30)
        for store in opened:
            store.close()
    finally:
        Store.__init__ = made


def open_main_windows() -> list:
    """The HarmDesk main windows not yet deleted (none where the test made no window)."""
    main_window = sys.modules.get("harmdesk.qt.main_window")
    if main_window is None:
        return []
    from PySide6.QtWidgets import QApplication
    if QApplication.instance() is None:
        return []
    return [w for w in QApplication.topLevelWidgets()
            if isinstance(w, main_window.MainWindow) and w.campaign_menus is not None]
