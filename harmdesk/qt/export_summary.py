"""File → Export session summary…: ask where, write the PDF as a task with a progress
dialog, replace the target only when the file is complete, offer to open it.

The task takes what to read (the window's own store and the sessions, or a report
already gathered) and a target path; it touches no widget. It runs on the one task
runner (`tasks.Task`), so a failure comes back as a message and a bug goes to the
excepthook.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog

from ..errors import StoreError, UserError
from ..report.summary import SummaryRequest, prepare_summary, write_summary
from .plain import plain_message
from .tasks import Task

SHOW_AFTER_MS = 500   # quick exports never flash a dialog

__all__ = ["SummaryJob", "SummaryRequest", "export_session_summary", "offer_to_open"]


class SummaryJob(QObject):
    """One export in flight: its task and the progress dialog (GUI side)."""

    done = Signal(str)
    failed = Signal(str)

    def __init__(self, parent, source, target: str, offer_to_open: bool = True):
        super().__init__(parent)
        prepare_summary()  # the font, registered on the GUI thread before the task needs it
        self.window = parent
        self.offer_to_open = offer_to_open
        self.dialog = QProgressDialog("Writing the session summary…", "", 0, 100, parent)
        self.dialog.setWindowTitle("Export session summary")
        self.dialog.setCancelButton(None)   # painting pages cannot stop half-way
        self.dialog.setMinimumDuration(SHOW_AFTER_MS)
        self.dialog.setAutoClose(False)
        self.dialog.setValue(0)
        self.task = Task(lambda progress: write_summary(source, target, progress), self,
                         reports=True, paints=True)
        self.task.progress.connect(self.on_progress)
        self.task.done.connect(self.on_finished)
        self.task.failed.connect(self.on_failed)
        self.task.broke.connect(self.stop)

    def start(self) -> None:
        _RUNNING.add(self)
        self.task.start()

    @Slot(int)
    def on_progress(self, value: int) -> None:
        self.dialog.setValue(value)

    def stop(self) -> None:
        self.task.wait()
        self.dialog.close()
        self.dialog.deleteLater()
        _RUNNING.discard(self)

    @Slot(object)
    def on_finished(self, path: str) -> None:
        self.stop()
        self.done.emit(path)
        if self.offer_to_open:
            offer_to_open(self.window, path)
        self.deleteLater()

    @Slot(str)
    def on_failed(self, message: str) -> None:
        self.stop()
        self.failed.emit(message)
        QMessageBox.warning(self.window, "Session summary not written", plain_message(message))
        self.deleteLater()


_RUNNING: set[SummaryJob] = set()   # jobs stay alive until their task is done


def offer_to_open(parent, path: str) -> None:
    answer = QMessageBox.question(
        parent, "Session summary written",
        plain_message(f"The session summary was saved as\n{path}\n\nOpen it now?"),
        QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Close,
        QMessageBox.StandardButton.Open)
    if answer == QMessageBox.StandardButton.Open:
        QDesktopServices.openUrl(QUrl.fromLocalFile(path))


def session_numbers(sessions) -> list[int] | None:
    """Session dicts or numbers, as the window holds them; None or empty: the default."""
    if not sessions:
        return None
    return [s["number"] if isinstance(s, dict) else int(s) for s in sessions]


def suggested_name(campaign: str, chosen: list[dict], everything: bool) -> str:
    if everything or not chosen:
        part = "whole log"
    elif len(chosen) == 1:
        part = f"session {chosen[0]['number']}"
    else:
        part = f"sessions {chosen[0]['number']}-{chosen[-1]['number']}"
    # characters no file system takes, and colons, become one space
    safe = re.sub(r'\s*[\\/:*?"<>|\x00-\x1f]+\s*', " ", f"{campaign} - {part}").strip()
    return f"{safe[:120]}.pdf"


def export_session_summary(parent, campaign, sessions) -> None:
    """Ask for the target, then write the summary of `sessions` (session dicts or numbers;
    None: the latest session, or the whole log when there is none) off the GUI thread.
    `campaign` is the window's session."""
    try:
        chosen, everything = campaign.summary_choice(session_numbers(sessions))
        request = campaign.summary_request(chosen, everything)
    except (UserError, StoreError) as err:
        QMessageBox.warning(parent, "Session summary", plain_message(str(err)))
        return
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    suggested = str(Path(folder or Path.home()) / suggested_name(campaign.name, chosen,
                                                                 everything))
    path, _filter = QFileDialog.getSaveFileName(parent, "Export session summary", suggested,
                                                "PDF files (*.pdf)")
    if not path:
        return
    if not path.lower().endswith(".pdf"):
        path += ".pdf"
    try:
        job = SummaryJob(parent, request, path)
    except StoreError as err:    # the shipped font is missing
        QMessageBox.warning(parent, "Session summary not written", plain_message(str(err)))
        return
    job.start()
