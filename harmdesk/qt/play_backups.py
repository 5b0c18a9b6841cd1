"""Backups made while the GM plays: at the start and at the end of each play session, and
after every hour of play (a step saved an hour or more after the newest backup), each in a
worker, named by what it holds; what goes wrong is a note, never a stop."""

from __future__ import annotations

from datetime import UTC, datetime

from PySide6.QtCore import QObject, Slot


def utc_now() -> datetime:
    return datetime.now(UTC)


class PlayBackups(QObject):
    """Listens to the window's desk (`menus.w.controller`) and runs its backups on the File
    menu's task runner (`menus.run`); `clock` tells the time (a test sets its own)."""

    def __init__(self, menus):
        super().__init__(menus)
        self.menus = menus
        self.clock = utc_now
        self.running = None  # the backup being made, if any: one at a time
        self.open_play_session: int | None = None  # the play session open on the desk
        controller = menus.w.controller
        controller.playSessionChanged.connect(self._session_changed)
        controller.campaignChanged.connect(self._campaign_changed)
        controller.changed.connect(self._step_saved)

    @property
    def service(self):
        return self.menus.service

    @Slot()
    def _campaign_changed(self) -> None:
        tonight = self.service.play_session if self.service is not None else None
        self.open_play_session = tonight["number"] if tonight else None

    @Slot()
    def _session_changed(self) -> None:
        """A play session started (after one still open ended) or ended."""
        service = self.service
        if service is None:
            return
        tonight = service.play_session
        ended = self.open_play_session
        self.open_play_session = tonight["number"] if tonight else None
        if tonight is not None:
            self._back_up("start", tonight["number"])
        elif ended is not None:
            self._back_up("end", ended)

    @Slot(object)
    def _step_saved(self, _change) -> None:
        service = self.service
        if service is not None and self.running is None and service.hour_backup_due(self.clock()):
            self._back_up("hour", None)

    def _back_up(self, moment: str, number: int | None):
        service, now = self.service, self.clock()
        self.running = job = self.menus.run(lambda: service.back_up_play(moment, number, now),
                                            self._made, on_failed=self._made)
        return job

    @Slot(object)
    def _made(self, notes) -> None:
        self.running = None
        self.menus._maintained(notes)
