"""A window that opened read-only because another HarmDesk (a command-line `apply`, say)
held the data file's writer lock becomes writable by itself once that one lets go, or at
once on "Try again"; what it refused while read-only was never saved, and what comes
after is."""

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent

from harmdesk.desk import chips
from harmdesk.desk.campaign import Campaign
from harmdesk.qt import writer_wait
from harmdesk.qt.desk_model import NoticeRole
from harmdesk.store import Store, db

from . import kit

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def held(folder):
    """The data file's writer lock, as another HarmDesk holds it while it writes."""
    lock = db.WriterLock(folder / db.DB_NAME)
    assert lock.acquire() is None
    yield lock
    lock.release()


@pytest.fixture
def other(folder):
    """Another HarmDesk writing to the data file (as `harmdesk apply` does): it holds the
    writer lock until closed."""
    store = Store.open(folder)
    assert not store.read_only
    yield store
    store.close()


def drop(window, amount: int, cid: str) -> None:
    """A damage chip dropped on `cid`'s tile through the view's own drop handler."""
    view, model = window.tiles, window.tiles.model()
    mime = QMimeData()
    mime.setData(chips.MIME_TYPE, chips.encode(chips.action_chip(str(amount), {
        "type": "damage", "amount": amount})))
    pos = QPointF(view.visualRect(model.index(model.row_of(cid), 0)).center())
    view.dropEvent(QDropEvent(pos, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                              Qt.KeyboardModifier.NoModifier))


def writable(window) -> bool:
    return kit.writable(window) and not window.controller.read_only


def shows_waiting(window) -> bool:
    wait = window.campaign_menus.writer_wait
    return wait.note.isVisibleTo(window) and wait.button.isVisibleTo(window)


@pytest.fixture
def opened(qtbot, folder):
    """Opens the window on "Desk" (while another writes, in these tests); its store is
    closed after the test."""
    windows = []

    def open_window():
        windows.append(kit.open_window(qtbot, folder, size=(1300, 850)))
        return windows[-1]

    yield open_window
    for window in windows:
        window.controller.service.close()


def test_the_window_becomes_writable_once_the_other_writer_lets_go(qtbot, folder, other,
                                                                   opened):
    window = opened()
    assert window.controller.read_only and shows_waiting(window)
    assert "read-only" in window.windowTitle()
    window.select_ids(["vahid"])
    drop(window, 3, "vahid")  # refused while another writes: nothing is kept to save later
    assert "read-only" in window.model.index(window.model.row_of("vahid"), 0).data(NoticeRole)
    wait = window.campaign_menus.writer_wait
    tries = wait.tries
    qtbot.waitUntil(lambda: wait.tries >= tries + 2, timeout=20000)
    assert window.controller.read_only  # tried again, and the lock is still held

    Campaign.open(other, "Desk").apply({"type": "damage", "target": "heavy", "amount": 4})
    other.close()  # the other HarmDesk is done
    qtbot.waitUntil(lambda: writable(window), timeout=20000)
    assert not shows_waiting(window) and "read-only" not in window.windowTitle()
    assert window.statusBar().currentMessage().startswith("Desk can be changed again")
    assert window.selected_ids() == ["vahid"]
    assert window.controller.state["characters"]["heavy"]["hp"] == 18  # its step shows
    chars, log = kit.saved(folder)
    assert chars["vahid"]["hp"] == 16 and len(log) == 1  # the refused drop was never saved

    drop(window, 5, "vahid")
    chars, log = kit.saved(folder)
    assert chars["vahid"]["hp"] == 11 and [e.action["amount"] for e in log] == [4, 5]
    window.controller.stack.undo()  # a step like any other, undone in the file
    assert kit.saved(folder)[0]["vahid"]["hp"] == 16
    assert db.WriterLock(folder / db.DB_NAME).acquire() == db.WriterLock.HELD  # it writes


def test_try_again_in_the_status_bar_tries_at_once(qtbot, folder, held, opened,
                                                   monkeypatch):
    monkeypatch.setattr(writer_wait, "RETRY_MS", 3_600_000)  # only the button tries
    window = opened()
    wait = window.campaign_menus.writer_wait
    assert window.controller.read_only and shows_waiting(window)
    wait.button.click()
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith(
        "Still read-only: another HarmDesk is still writing"), timeout=20000)
    assert window.controller.read_only and shows_waiting(window)

    held.release()
    wait.button.click()
    qtbot.waitUntil(lambda: writable(window), timeout=20000)
    assert wait.tries == 2 and not shows_waiting(window)
    assert window.controller.submit({"type": "damage", "target": "vahid", "amount": 2})
    assert kit.saved(folder)[0]["vahid"]["hp"] == 14


def test_a_window_that_writes_never_waits(qtbot, window):
    wait = window.campaign_menus.writer_wait
    assert not window.controller.read_only
    assert not shows_waiting(window) and not wait.timer.isActive()
