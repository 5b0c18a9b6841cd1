"""File → Import: the import runs in a worker, with its progress (actions done of the
total) and a Cancel button. Cancelling stops the one transaction the import writes in,
so the data folder stays as it was. The progress dialog is gone before anything else is
said (a message, or the offer of another name when the file's campaign name is taken)."""

from __future__ import annotations

import threading
from functools import partial

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import QDialog, QInputDialog, QLineEdit, QProgressDialog, QPushButton

from ..errors import NameTaken
from .plain import plain_message

STAGES = {"checking": "Checking", "saving": "Saving"}


class CampaignImport(QObject):
    """One File → Import from start to end, for the window's File menu (`menus`): the
    worker and its progress dialog, then the campaign opened, a message, or another
    name offered when the file's is taken (and the import run again under it)."""

    def __init__(self, menus):
        super().__init__(menus)
        self.menus = menus

    @classmethod
    def of(cls, menus) -> CampaignImport:
        """The File menu's one importer."""
        return menus.findChild(cls) or cls(menus)

    def start(self, path: str, name: str | None = None):
        """Import `path` (under `name`, else the file's own) in a worker; the Task."""
        menus = self.menus
        session = menus.service
        if menus.import_progress is not None and menus.import_progress.finished:
            menus.import_progress.dispose()
        menus.import_progress = progress = ImportProgress(menus.w, path)
        return menus.run(partial(_imported, session, path, progress, name),
                         partial(self._done, progress, path),
                         on_failed=partial(self._failed, progress), broke=progress.finish)

    def _done(self, progress: ImportProgress, path: str, outcome) -> None:
        progress.finish()  # first: nothing may open under it
        if isinstance(outcome, NameTaken):
            self.offer_name(path, outcome)
        else:
            self.menus.open_named(outcome)

    def _failed(self, progress: ImportProgress, message: str) -> None:
        progress.finish()
        if progress.cancelled():  # the GM's own choice: said quietly
            self.menus.w.statusBar().showMessage(message, 8000)
        else:
            self.menus._failed(message)

    def offer_name(self, path: str, taken: NameTaken) -> None:
        """Ask for another name, the first free one filled in; Enter imports under it."""
        dialog = QInputDialog(self.menus.w)
        dialog.setObjectName("importNameDialog")
        dialog.setWindowTitle("Import under another name")
        dialog.setLabelText(plain_message(
            f"There is already a campaign named “{taken.taken}”. Import this one as:"))
        dialog.setTextValue(taken.free)
        dialog.setOkButtonText("&Import")
        edit = dialog.findChild(QLineEdit)
        if edit is not None:
            edit.setObjectName("importName")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.finished.connect(partial(self._named, dialog, path))
        dialog.open()

    def _named(self, dialog: QInputDialog, path: str, result: int) -> None:
        if result != QDialog.DialogCode.Accepted:
            self.menus.w.statusBar().showMessage("Nothing was imported.", 8000)
            return
        self.start(path, dialog.textValue())


def _imported(session, path: str, progress: ImportProgress, name: str | None):
    """In the worker: the imported campaign's name, or the NameTaken that says the
    name is taken (an answer to ask the GM about, not a failure)."""
    try:
        return session.import_file(path, progress.report, progress.cancelled, name)
    except NameTaken as taken:
        return taken


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
        if self.finished:
            return  # closing the dialog says "canceled" too; the import is over
        self.stop.set()
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
        """The worker is done: the dialog goes, and stays gone (a reset stops the timer
        that would show a dialog still waiting out its minimum duration)."""
        self.finished = True
        self.dialog.reset()
        self.dialog.close()

    def dispose(self) -> None:
        """Gone for good (the next import makes its own)."""
        self.dialog.deleteLater()
        self.deleteLater()
