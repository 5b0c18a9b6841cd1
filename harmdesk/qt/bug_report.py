"""The one place a bug shows itself: an excepthook dialog that offers to copy the report.

The GM's mistakes and the machine's refusals are said where they happen; anything
else that escapes (on the GUI thread, or handed over by a task) reaches
`sys.excepthook`, which HarmDesk points here. The dialog says it is a bug, keeps
the window running, and puts the report one click from the clipboard.
"""

from __future__ import annotations

import sys
import traceback

from PySide6 import __version__ as PYSIDE_VERSION
from PySide6.QtWidgets import QApplication, QDialog, QWidget


def report_text(kind, value, tb) -> str:
    """The report: what broke and where, with the versions that matter."""
    import platform  # only when there is a bug to report

    from .. import __version__
    lines = traceback.format_exception(kind, value, tb)
    return (f"HarmDesk {__version__}, Python {platform.python_version()}, "
            f"PySide6 {PYSIDE_VERSION}, {platform.platform()}\n\n" + "".join(lines))


class BugDialog(QDialog):
    def __init__(self, report: str, parent: QWidget | None = None):
        super().__init__(parent)
        from .forms.ui_bug_dialog import Ui_BugDialog  # only when there is a bug to show
        self.ui = Ui_BugDialog()
        self.ui.setupUi(self)
        self.report = report
        self.ui.reportEdit.setPlainText(report)
        self.ui.copyButton.clicked.connect(self.copy_report)

    def copy_report(self) -> None:
        QApplication.clipboard().setText(self.report)
        self.ui.copyButton.setText("Copied")


class BugHook:
    """A `sys.excepthook` that shows each bug in a `BugDialog` (one at a time) and
    writes the report to stderr as well. `install()` and `uninstall()` swap it in."""

    def __init__(self, parent: QWidget | None = None):
        self.parent = parent
        self.dialog: BugDialog | None = None
        self._previous = None

    def __call__(self, kind, value, tb) -> None:
        if issubclass(kind, KeyboardInterrupt):
            (self._previous or sys.__excepthook__)(kind, value, tb)
            return
        report = report_text(kind, value, tb)
        sys.stderr.write(report)
        if QApplication.instance() is None or self.dialog is not None:
            return  # no window to show it in, or a dialog is already open: stderr has it
        self.dialog = BugDialog(report, self.parent)
        try:
            self.dialog.exec()
        finally:
            self.dialog.deleteLater()
            self.dialog = None

    def install(self) -> BugHook:
        self._previous, sys.excepthook = sys.excepthook, self
        return self

    def uninstall(self) -> None:
        if sys.excepthook is self:
            sys.excepthook = self._previous or sys.__excepthook__
