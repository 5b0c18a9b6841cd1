"""A bug reaches one dialog, which shows the report and copies it; the desk keeps running."""

import sys

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from harmdesk.qt.bug_report import BugHook

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def raised():
    try:
        {}["missing"]
    except KeyError:
        return sys.exc_info()


def test_a_bug_shows_its_report_and_copy_puts_it_on_the_clipboard(qtbot, capsys):
    hook, seen = BugHook(), {}

    def in_the_dialog():
        dialog = hook.dialog
        seen["title"] = dialog.windowTitle()
        seen["shown"] = dialog.ui.reportEdit.toPlainText()
        qtbot.mouseClick(dialog.ui.copyButton, Qt.MouseButton.LeftButton)
        seen["button"] = dialog.ui.copyButton.text()
        dialog.reject()

    QTimer.singleShot(0, in_the_dialog)
    hook(*raised())
    assert seen["title"] == "HarmDesk hit a bug"
    assert "Traceback" in seen["shown"] and "KeyError: 'missing'" in seen["shown"]
    assert "HarmDesk " in seen["shown"].splitlines()[0]  # the versions lead the report
    assert QApplication.clipboard().text() == seen["shown"] and seen["button"] == "Copied"
    assert "KeyError: 'missing'" in capsys.readouterr().err  # and stderr has it too
    assert hook.dialog is None


def test_install_swaps_the_excepthook_and_uninstall_puts_it_back(qtbot, monkeypatch):
    before = sys.excepthook
    hook = BugHook().install()
    try:
        assert sys.excepthook is hook
    finally:
        hook.uninstall()
    assert sys.excepthook is before
