"""Waiting for the data file's other writer to stop.

A desk that opened read-only because another HarmDesk (a window, a command-line
`apply`) writes to the data file tries the writer's lock again every RETRY_MS, off the
GUI thread, and becomes writable by itself once the other one has let go; the status
bar says it is waiting, offers "Try again", and says when the desk can be changed again.
Read-only, the desk took no step (the controller refuses every change), so nothing is
lost: the same campaign opens again as the file's writer, the same tiles selected.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer, Slot
from PySide6.QtWidgets import QLabel, QPushButton

from ..desk.service import Service

RETRY_MS = 1500

WAITING = "Read-only while another HarmDesk writes to this data file; waiting for it to stop"


class WriterWait(QObject):
    """A part of the File menus (`menus.writer_wait`): `tries` counts the attempts made."""

    def __init__(self, window, menus):
        super().__init__(window)
        self.w, self.menus = window, menus
        self.tries = 0
        self._job = None  # the last attempt
        self._asked = False  # the GM pressed Try again: a refusal is said, not just waited on
        self.timer = QTimer(self)
        self.timer.setInterval(RETRY_MS)
        self.timer.timeout.connect(self.try_again)
        self.note = QLabel(WAITING)
        self.note.setObjectName("writerWaitNote")
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.button = QPushButton("Try again")
        self.button.setObjectName("writerWaitButton")
        self.button.setToolTip("See now whether the other HarmDesk has stopped writing")
        self.button.clicked.connect(self.try_now)
        bar = window.statusBar()
        bar.addPermanentWidget(self.note)
        bar.addPermanentWidget(self.button)
        window.controller.campaignChanged.connect(self.follow)
        self.follow()

    @property
    def service(self) -> Service | None:
        return self.w.controller.service

    def waiting(self) -> bool:
        """Read-only now only because another HarmDesk writes."""
        return self.service is not None and self.service.waits_for_writer

    @Slot()
    def follow(self) -> None:
        """Wait while the desk waits for the writer; stop once it is writable or another
        data file, a snapshot or nothing is open."""
        waiting = self.waiting()
        self.note.setVisible(waiting)
        self.button.setVisible(waiting)
        if waiting and not self.timer.isActive():
            self.timer.start()
        elif not waiting:
            self.timer.stop()

    @Slot()
    def try_now(self) -> None:
        self._asked = True
        self.try_again()

    @Slot()
    def try_again(self) -> None:
        """One attempt, in a worker: the lock, then the same campaign opened to write."""
        if not self.waiting():
            self.follow()
            return
        if self._job is not None and not self._job.settled():
            return  # the attempt under way answers for this one too
        service = self.service
        folder, name = service.data_folder, service.name if service.has_campaign else None
        self.tries += 1
        self._job = self.menus.run(lambda: Service.open_writable(folder, name),
                                   lambda opened: self._opened(opened, service, name),
                                   Service.close, on_failed=self._not_opened,
                                   broke=self.timer.stop)  # a bug is reported once

    def _opened(self, opened: Service | None, was: Service, name: str | None) -> None:
        asked, self._asked = self._asked, False
        if opened is None:
            if asked:
                self.w.statusBar().showMessage(
                    "Still read-only: another HarmDesk is still writing to this data file.", 8000)
            return
        now = self.service
        if now is not was or not self.waiting() or \
                (now.name if now.has_campaign else None) != name:
            opened.close()  # the desk moved on meanwhile: the next try sees to it
            return
        self.menus.take_writable(opened)
        what = opened.name if opened.has_campaign else "The data file"
        self.w.statusBar().showMessage(
            f"{what} can be changed again: the other HarmDesk has stopped writing, so this one "
            "saves your changes now.", 15000)

    def _not_opened(self, message: str) -> None:
        """The file could not be opened again (it went, it broke): the desk stays as it
        is, read-only, and says why; the next try may fare better."""
        self._asked = False
        self.w.statusBar().showMessage(f"Still read-only: {message}", 10000)
