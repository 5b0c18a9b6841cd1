"""Opening the desk: a relative data folder, an unexpected error, and quitting (issue 9: the
window stayed on "Opening the campaign…" forever)."""

import sqlite3
import sys

import pytest
from PySide6.QtWidgets import QMessageBox

from harmdesk.qt.main_window import MainWindow
from harmdesk.store import Store

from . import kit
from .conftest import PARTY
from .kit import writable

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def make_folder(folder):
    return kit.make_folder(folder, [("Desk", "stonetop", {"prosperity": 1}, PARTY)])


def saved_hp(folder, cid):
    return kit.saved(folder)[0][cid]["hp"]


def test_a_relative_data_folder_opens_the_desk_on_a_later_start(qtbot, tmp_path, monkeypatch):
    make_folder(tmp_path / "table")  # the file exists: not the first start
    monkeypatch.chdir(tmp_path)
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.campaign_menus.load("table", "Desk")
    assert window.tiles.model().rowCount() == 5  # the quick snapshot read the relative folder
    qtbot.waitUntil(lambda: writable(window), timeout=20000)
    assert window.statusBar().currentMessage() == "Opened Desk."
    assert window.campaign_menus.data_dir == tmp_path / "table"
    assert window.controller.submit({"type": "damage", "target": "vahid", "amount": 3})
    assert saved_hp(tmp_path / "table", "vahid") == 13
    window.controller.service.close()


def test_an_unexpected_error_while_opening_reaches_the_bug_dialog(qtbot, tmp_path, monkeypatch):
    """A bug in the loader is not told as the GM's problem: it reaches the one excepthook
    dialog, with its traceback, and the snapshot shown meanwhile is dropped."""
    from harmdesk.qt import bug_report
    folder = make_folder(tmp_path)
    boxes, reports = [], []
    monkeypatch.setattr("harmdesk.qt.window_menus.QMessageBox.critical",
                        lambda parent, title, text: boxes.append(text))
    monkeypatch.setattr(bug_report.BugDialog, "exec",
                        lambda dialog: reports.append(dialog.ui.reportEdit.toPlainText()))

    def broken(data_dir, name):
        raise ValueError("relative path can't be expressed as a file URI")

    monkeypatch.setattr("harmdesk.qt.window_menus.open_service", broken)
    window = MainWindow()
    qtbot.addWidget(window)
    monkeypatch.setattr(sys, "excepthook", bug_report.BugHook(window))
    window.campaign_menus.load(folder, "Desk")
    assert window.controller.service.loading  # the snapshot, while the store opens
    qtbot.waitUntil(lambda: bool(reports), timeout=20000)
    assert "Traceback" in reports[0] and "ValueError: relative path" in reports[0]
    assert boxes == []  # no second box that blames the file
    assert window.statusBar().currentMessage() == "Could not open the campaign."
    assert window.controller.service is None  # the snapshot is no longer trusted


def test_quitting_closes_the_store_for_the_next_start(qtbot, tmp_path):
    folder = make_folder(tmp_path)
    window = MainWindow()
    qtbot.addWidget(window)
    window.campaign_menus.load(folder, "Desk")
    qtbot.waitUntil(lambda: writable(window), timeout=20000)
    window.campaign_menus.wait_for_jobs()  # what the application's aboutToQuit runs
    again = Store.open(folder)
    try:
        assert not again.read_only  # the writer's lock was given back
    finally:
        again.close()


def test_the_check_and_the_backup_run_in_the_background_once_the_desk_is_ready(
        qtbot, tmp_path):
    folder = make_folder(tmp_path / "data")
    window = kit.open_window(qtbot, folder)
    backups = folder / "backups"
    qtbot.waitUntil(lambda: any(backups.glob("harmdesk-*-daily.sqlite")), timeout=20000)
    qtbot.waitUntil(lambda: all(job.settled() for job in window.campaign_menus._jobs),
                    timeout=20000)
    made = next(backups.glob("harmdesk-*-daily.sqlite"))
    con = sqlite3.connect(made)
    try:
        assert con.execute("SELECT name FROM campaign").fetchall() == [("Desk",)]
    finally:
        con.close()
    assert window.findChild(QMessageBox, "maintenanceNote") is None  # all was well
    assert writable(window) and window.tiles.model().rowCount() == len(PARTY)
    window.campaign_menus.wait_for_jobs()  # quitting closes the store


def test_a_failed_backup_is_a_note_and_the_desk_goes_on(qtbot, tmp_path, monkeypatch):
    from harmdesk.store import db

    def full(*_args):
        raise db.StoreError("No backup could be written (database or disk is full).")

    monkeypatch.setattr(db, "backup", full)
    folder = make_folder(tmp_path / "data")
    window = kit.open_window(qtbot, folder)
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "maintenanceNote") is not None,
                    timeout=20000)
    note = window.findChild(QMessageBox, "maintenanceNote")
    assert "backup was not made" in note.text() and "disk is full" in note.text()
    assert not note.isModal()
    note.close()
    assert not (folder / "backups").exists() or not any((folder / "backups").iterdir())
    assert writable(window) and kit.saved(folder)[0]["heavy"]["hp"] == 20
    window.campaign_menus.wait_for_jobs()
