"""File → Export session summary…: ask where, write the PDF in a worker thread with a
progress dialog, replace the target only when the file is complete, offer to open it.

The worker takes plain data (a data folder to read, or a report already gathered) and
a target path; it touches no widget. Errors come back as a message, never swallowed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QStandardPaths, QThread, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog

from ..report.data import Report, ReportError
from ..report.pdf import load_fonts, write_pdf
from ..report.source import choose, from_store
from ..store import Store, StoreError

SHOW_AFTER_MS = 500   # quick exports never flash a dialog


@dataclass(frozen=True)
class SummaryRequest:
    """What to read, as plain data: the worker opens the data folder read-only itself."""

    data_dir: str
    campaign: str
    sessions: tuple[int, ...] | None = None    # session numbers; None: the default
    everything: bool = False


class SummaryWorker(QObject):
    """Writes one summary. Move it to a QThread and connect `thread.started` to `run`."""

    progress = Signal(int)
    finished = Signal(str)      # the target path, complete and in place
    failed = Signal(str)        # a message for the GM

    def __init__(self, source: Report | SummaryRequest, target: str | Path):
        super().__init__()
        self.source = source
        self.target = str(target)
        load_fonts()  # registered here, on the GUI thread, before the thread needs them

    @Slot()
    def run(self) -> None:
        try:
            report = self.source if isinstance(self.source, Report) else self.gather()
            self.progress.emit(15)
            write_pdf(report, self.target, self.progress.emit)
        except (ReportError, StoreError) as err:
            self.failed.emit(str(err))
            return
        except Exception as err:
            # a bug, not the GM's doing: say so, then let it reach the excepthook
            self.failed.emit(f"The summary could not be written: {type(err).__name__}: {err}")
            raise
        self.finished.emit(self.target)

    def gather(self) -> Report:
        request = self.source
        store = Store.open(request.data_dir, write=False)
        try:
            return from_store(store, request.campaign,
                              list(request.sessions) if request.sessions else None,
                              request.everything)
        finally:
            store.close()


class SummaryJob(QObject):
    """One export in flight: the thread, its worker and the progress dialog (GUI side)."""

    done = Signal(str)
    failed = Signal(str)

    def __init__(self, parent, source: Report | SummaryRequest, target: str,
                 offer_to_open: bool = True):
        super().__init__(parent)
        self.window = parent
        self.offer_to_open = offer_to_open
        self.dialog = QProgressDialog("Writing the session summary…", "", 0, 100, parent)
        self.dialog.setWindowTitle("Export session summary")
        self.dialog.setCancelButton(None)   # painting pages cannot stop half-way
        self.dialog.setMinimumDuration(SHOW_AFTER_MS)
        self.dialog.setAutoClose(False)
        self.dialog.setValue(0)
        self.thread = QThread()
        self.worker = SummaryWorker(source, target)
        self.worker.moveToThread(self.thread)
        self.thread.started.connect(self.worker.run)
        # self lives on the GUI thread, so these arrive there (queued)
        self.worker.progress.connect(self.on_progress)
        self.worker.finished.connect(self.on_finished)
        self.worker.failed.connect(self.on_failed)
        self.thread.finished.connect(self.worker.deleteLater)

    def start(self) -> None:
        _RUNNING.add(self)
        self.thread.start()

    @Slot(int)
    def on_progress(self, value: int) -> None:
        self.dialog.setValue(value)

    def stop(self) -> None:
        self.thread.quit()
        self.thread.wait()
        self.dialog.close()
        self.dialog.deleteLater()
        _RUNNING.discard(self)

    @Slot(str)
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
        QMessageBox.warning(self.window, "Session summary not written", message)
        self.deleteLater()


_RUNNING: set[SummaryJob] = set()   # jobs stay alive until their thread is done


def offer_to_open(parent, path: str) -> None:
    answer = QMessageBox.question(
        parent, "Session summary written",
        f"The session summary was saved as\n{path}\n\nOpen it now?",
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
    None: the latest session, or the whole log when there is none) off the GUI thread."""
    try:
        chosen, everything = choose(campaign.name, campaign.store.sessions(campaign.info.id),
                                    session_numbers(sessions), False)
    except (ReportError, StoreError) as err:
        QMessageBox.warning(parent, "Session summary", str(err))
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
    request = SummaryRequest(str(campaign.store.path.parent), campaign.name,
                             tuple(s["number"] for s in chosen) or None, everything)
    try:
        job = SummaryJob(parent, request, path)
    except ReportError as err:    # the shipped font is missing
        QMessageBox.warning(parent, "Session summary not written", str(err))
        return
    job.start()
