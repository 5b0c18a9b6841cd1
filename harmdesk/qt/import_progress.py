"""File → Import: the import runs in a worker, with its progress (actions done of the
total) and a Cancel button. Cancelling stops the one transaction the import writes in,
so the data folder stays as it was."""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QProgressDialog, QPushButton

STAGES = {"checking": "Checking", "saving": "Saving"}


class ImportProgress(QObject):
    """The progress dialog of one import, and the flag its worker reads to stop."""

    advanced = Signal(str, int, int)  # from the worker: stage, actions done, total

    def __init__(self, window, path: str):
        super().__init__(window)
        self.stop = threading.Event()
        self.finished = False
        self.dialog = QProgressDialog("Reading the file…", "Cancel", 0, 0, window)
        self.dialog.setWindowTitle("Import campaign")
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(400)  # only slow work shows it
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        self.dialog.setMinimumWidth(380)
        self.dialog.canceled.connect(self.cancel)
        # emitted in the worker, shown here: a queued connection, as the dialog lives here
        self.advanced.connect(self._show, Qt.ConnectionType.QueuedConnection)

    def report(self, stage: str, done: int, total: int) -> None:
        """The worker's callback: only emits, never touches the dialog."""
        self.advanced.emit(stage, done, total)

    def cancelled(self) -> bool:
        return self.stop.is_set()

    @Slot()
    def cancel(self) -> None:
        self.stop.set()
        if self.finished:
            return  # closing the dialog says "canceled" too
        self.dialog.setLabelText("Cancelling… nothing of this import will be saved.")
        button = self.dialog.findChild(QPushButton)
        if button is not None:
            button.setEnabled(False)  # once is enough
        self.dialog.show()  # until the worker has stopped and rolled back

    @Slot(str, int, int)
    def _show(self, stage: str, done: int, total: int) -> None:
        if self.stop.is_set():
            return
        # the words before the value: a shown modal dialog runs the event loop in
        # setValue, which shows the reports waiting behind this one first
        self.dialog.setLabelText(f"{STAGES.get(stage, stage)} action {done:,} of {total:,}…")
        self.dialog.setMaximum(max(total, 1))
        self.dialog.setValue(min(done, total))

    @Slot()
    def finish(self) -> None:
        self.finished = True
        self.dialog.close()

    def dispose(self) -> None:
        """Gone for good (the next import makes its own)."""
        self.dialog.deleteLater()
        self.deleteLater()
