"""The window on a file it must not write: it never hangs on "Opening…"; a refused file
shows its message, and a full disk opens the desk read-only, saying why (issue 12)."""

import sqlite3

import pytest

from harmdesk.qt.main_window import MainWindow
from harmdesk.store import db, paths
from tests.cli_kit import checksum

from . import kit
from .conftest import PARTY

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_another_programs_database_is_a_message_and_stays_untouched(qtbot, tmp_path,
                                                                     monkeypatch):
    path = tmp_path / db.DB_NAME
    con = sqlite3.connect(path)
    con.execute("PRAGMA application_id=1234")
    con.commit()
    con.close()
    before = checksum(path)
    boxes = []
    monkeypatch.setattr("harmdesk.qt.window_menus.QMessageBox.critical",
                        lambda parent, title, text: boxes.append(text))
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.campaign_menus.load(tmp_path)
    qtbot.waitUntil(lambda: bool(boxes), timeout=20000)
    assert "not one of HarmDesk's" in boxes[0] and "untouched" in boxes[0]
    assert window.statusBar().currentMessage() == "Could not open the campaign."
    assert window.controller.service is None
    assert checksum(path) == before
    assert not (tmp_path / "backups").exists()


def test_a_full_disk_opens_the_desk_read_only_and_says_so(qtbot, tmp_path, monkeypatch):
    folder = kit.make_folder(tmp_path, [("Desk", "stonetop", {"prosperity": 1}, PARTY)])
    monkeypatch.setattr(paths, "disk_full", lambda where: True)
    window = kit.open_window(qtbot, folder)
    assert window.controller.service.read_only
    message = window.statusBar().currentMessage()
    assert message == f"Opened Desk (read-only: the disk holding {folder} is full)."
    assert window.tiles.model().rowCount() == 5
    window.grab().save("/tmp/i12b-full-disk.png")
    assert not window.controller.submit({"type": "damage", "target": "vahid", "amount": 3})
    assert kit.saved(folder)[0]["vahid"]["hp"] == 16
    window.controller.service.close()
