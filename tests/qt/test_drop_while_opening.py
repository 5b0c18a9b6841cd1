"""A drop made while the store is still opening is kept, shown as "saving…" on its tile,
and saved in order once the store is open (issue 11: the snapshot refused it)."""

import threading

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent

from harmdesk.desk import chips
from harmdesk.errors import StoreError
from harmdesk.qt import window_menus
from harmdesk.qt.desk_model import SAVING, NoticeRole, PreviewRole
from harmdesk.qt.main_window import MainWindow
from harmdesk.store import Store

from . import kit
from .kit import saved, writable

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def gate(monkeypatch):
    """Holds the loader back until set; it then opens the store, or fails with the
    message in `gate.fails`."""
    gate, real = threading.Event(), window_menus.open_service
    gate.fails = None

    def held(*args):
        assert gate.wait(30)
        if gate.fails:
            raise StoreError(gate.fails)
        return real(*args)

    monkeypatch.setattr(window_menus, "open_service", held)
    yield gate
    gate.set()


@pytest.fixture
def opening(qtbot, folder, gate):
    """The window showing the snapshot, its store held back from opening."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1300, 850)
    window.show()
    window.campaign_menus.load(folder, "Desk")
    assert window.controller.service.loading
    kit.laid_out(qtbot, window)  # the snapshot's tiles where a drop finds them
    yield window
    gate.set()
    qtbot.waitUntil(lambda: window.campaign_menus.service is not None
                    or window.controller.service is None, timeout=20000)
    if window.controller.service is not None:
        window.controller.service.close()


def drop(window, kind: str, amount: int, cid: str) -> None:
    """A chip dropped on `cid`'s tile through the view's own drop handler."""
    view, model = window.tiles, window.tiles.model()
    mime = QMimeData()
    mime.setData(chips.MIME_TYPE, chips.encode(chips.action_chip(str(amount), {
        "type": kind, "amount": amount})))
    pos = QPointF(view.visualRect(model.index(model.row_of(cid), 0)).center())
    view.dropEvent(QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                              Qt.KeyboardModifier.NoModifier))


def tile(window, cid):
    model = window.tiles.model()
    return model.index(model.row_of(cid), 0)


def test_drops_while_opening_show_saving_and_are_saved_in_order(qtbot, opening, gate, folder):
    window = opening
    drop(window, "damage", 3, "vahid")
    drop(window, "heal", 1, "vahid")
    drop(window, "damage", 5, "heavy")
    # kept, never refused: "saving…" on both tiles, nothing saved or undoable yet
    assert window.controller.waiting == 3
    assert tile(window, "vahid").data(PreviewRole) == SAVING
    assert tile(window, "heavy").data(PreviewRole) == SAVING
    assert tile(window, "caradoc").data(PreviewRole) is None
    assert tile(window, "vahid").data(NoticeRole) is None
    assert "Refused" not in window.statusBar().currentMessage()
    assert window.controller.stack.count() == 0
    assert saved(folder)[1] == []
    kit.laid_out(qtbot, window)  # the docks settle
    window.grab().save(str(folder / "saving.png"))
    gate.set()
    qtbot.waitUntil(lambda: writable(window), timeout=20000)
    # saved in the order they were dropped, each checked by the rules on the desk then
    chars, log = saved(folder)
    assert [(e.action["type"], e.action["amount"]) for e in log] == [
        ("damage", 3), ("heal", 1), ("damage", 5)]
    assert chars["vahid"]["hp"] == 14 and chars["heavy"]["hp"] == 17  # 16 - 3 + 1; armor 2
    assert window.controller.waiting == 0 and window.controller.stack.count() == 3
    assert tile(window, "vahid").data(PreviewRole) is None
    assert window.controller.state["characters"]["vahid"]["hp"] == 14
    window.controller.stack.undo()  # undoable like any step
    assert saved(folder)[0]["heavy"]["hp"] == 20


def test_a_drop_kept_while_opening_is_refused_as_usual_when_the_file_opens_read_only(
        qtbot, opening, gate, folder):
    window = opening
    drop(window, "damage", 3, "vahid")
    assert tile(window, "vahid").data(PreviewRole) == SAVING
    other = Store.open(folder)  # another HarmDesk writes to this folder meanwhile
    try:
        gate.set()
        qtbot.waitUntil(lambda: writable(window), timeout=20000)
        assert window.controller.read_only
        notice = tile(window, "vahid").data(NoticeRole)
        assert "read-only" in notice and "another HarmDesk" in notice
        assert tile(window, "vahid").data(PreviewRole) is None
        assert window.statusBar().currentMessage().startswith("Opened Desk (read-only")
    finally:
        other.close()
    assert saved(folder)[1] == [] and saved(folder)[0]["vahid"]["hp"] == 16


def test_drops_kept_while_opening_are_reported_when_the_campaign_does_not_open(
        qtbot, opening, gate, monkeypatch):
    window = opening
    warnings, boxes = [], []
    monkeypatch.setattr("harmdesk.qt.main_window.QMessageBox.warning",
                        lambda parent, title, text: warnings.append(text))
    monkeypatch.setattr("harmdesk.qt.window_menus.QMessageBox.critical",
                        lambda parent, title, text: boxes.append(text))
    drop(window, "damage", 3, "vahid")
    gate.fails = "The data file is damaged."
    gate.set()
    qtbot.waitUntil(lambda: bool(boxes), timeout=20000)
    assert window.controller.service is None  # the snapshot is no longer trusted
    assert warnings == ["1 change(s) made while Desk was opening could not be saved: "
                        "the campaign did not open."]
    assert boxes == ["The data file is damaged."] and window.controller.waiting == 0
