"""Correcting the past from the GM's window: revert, edit or rewind to an entry of the log,
and the checkpoints to rewind to.

A part of the main window (`window.corrections`): the log's right-click menu and Del, and
Edit → Rewind to checkpoint… (Ctrl+Alt+Z) and Mark checkpoint (Ctrl+Alt+M), come here. Each
correction is previewed by the service first (any roll a re-applied entry now needs is asked
for as every roll is), shown in the preview dialog, and saved through the controller only
when the GM confirms; the service decides what depends on what.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog

from ..desk.corrections import CannotStand
from ..errors import StoreError, UserError
from .plain import note_box

REWIND_KEY = "Ctrl+Alt+Z"
MARK_KEY = "Ctrl+Alt+M"


class Corrections(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self.dialog = None  # the preview on the screen, while it is there
        self.rewind_action = QAction("Re&wind to checkpoint…", window)
        self.rewind_action.setObjectName("actionRewindToCheckpoint")
        self.rewind_action.setShortcut(QKeySequence(REWIND_KEY))
        self.rewind_action.setToolTip("Put the desk back as it was at the start of a session, "
                                      "an encounter, a round or a checkpoint you marked")
        self.rewind_action.triggered.connect(self.rewind_to_checkpoint)
        self.mark_action = QAction("Mar&k checkpoint", window)
        self.mark_action.setObjectName("actionMarkCheckpoint")
        self.mark_action.setShortcut(QKeySequence(MARK_KEY))
        self.mark_action.setToolTip("Mark the desk as it is now, to rewind to it later")
        self.mark_action.triggered.connect(lambda: self.mark_checkpoint())
        menu = window.ui.menuEdit
        actions = menu.actions()
        # after Undo and Redo, before the characters' items
        after = actions[2] if len(actions) > 2 else None
        menu.insertActions(after, [self.rewind_action, self.mark_action])
        window.log.correct.connect(self.start)
        window.log.markCheckpoint.connect(self.mark_checkpoint)
        self.c.campaignChanged.connect(self.update_enabled)
        self.update_enabled()

    @property
    def c(self):
        return self.w.controller

    def update_enabled(self) -> None:
        writable = self.c.campaign is not None and not self.c.read_only
        for action in (self.rewind_action, self.mark_action):
            action.setEnabled(writable)

    # the log's menu ---------------------------------------------------------------------
    def start(self, kind: str, seq: int) -> bool:
        if kind == "edit":
            return self.edit(seq)
        return self.preview(kind, seq)

    def revert(self, seq: int) -> bool:
        return self.preview("revert", seq)

    def rewind(self, seq: int) -> bool:
        return self.preview("rewind", seq)

    def preview(self, kind: str, seq: int, action: dict | None = None) -> bool:
        """Preview the correction, show it, and save it when the GM confirms."""
        try:
            correction = self.c.preview_correction(kind, seq, action)
        except CannotStand as err:
            from .dialogs.correction import offer_rewind
            return offer_rewind(self.w, err.message, err.rewind_to) \
                and self.rewind(err.rewind_to)
        except (StoreError, UserError) as err:
            self._say(str(err))
            return False
        return correction is not None and self.confirm(correction)

    def confirm(self, correction) -> bool:
        from .dialogs.correction import CorrectionDialog
        self.w.tiles.before_asking()
        self.dialog = CorrectionDialog(correction, self.w)
        try:
            if self.dialog.exec() != QDialog.DialogCode.Accepted:
                self.w.statusBar().showMessage("Nothing was changed.", 6000)
                return False
        finally:
            self.dialog.deleteLater()
            self.dialog = None
        if not self.c.correct(correction):
            return False
        self.w.statusBar().showMessage(f"{correction.text} Ctrl+Z undoes it.", 10000)
        return True

    def edit(self, seq: int) -> bool:
        """Edit entry `seq`: the form of what it was, then the preview of what follows."""
        from .dialogs.correction import EditEntryDialog
        found = self.c.campaign.log_page(seq + 1, 1) if self.c.campaign is not None else []
        if not found or found[0].seq != seq:
            self._say(f"#{seq} is not in this campaign's log any more.")
            return False
        entry = found[0]
        texts = [e["text"] for e in entry.events if isinstance(e, dict) and e.get("text")]
        self.w.tiles.before_asking()
        dialog = EditEntryDialog(seq, entry.effective_action, self.c.state["characters"],
                                 self.c.profile, texts[0] if texts else "", self.w)
        try:
            while dialog.exec() == QDialog.DialogCode.Accepted:
                try:
                    correction = self.c.preview_correction("edit", seq, dialog.action())
                except CannotStand as err:
                    dialog.show_problem(err.message)
                    continue
                except (StoreError, UserError) as err:
                    dialog.show_problem(str(err))  # the form stays, as the GM typed it
                    continue
                return correction is not None and self.confirm(correction)
            return False
        finally:
            dialog.deleteLater()

    # checkpoints -------------------------------------------------------------------------
    def rewind_to_checkpoint(self) -> bool:
        """Edit → Rewind to checkpoint…: pick one, then the rewind's preview."""
        from .dialogs.correction import CheckpointDialog
        if self.c.campaign is None or self.c.read_only:
            return False
        try:
            points = self.c.checkpoints()
        except (StoreError, UserError) as err:
            self._say(str(err))
            return False
        if not points:
            self._say("There is no checkpoint yet: one is made at the start of each play "
                      "session, encounter and round, and Edit → Mark checkpoint makes one.")
            return False
        dialog = CheckpointDialog(points, self.w)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted or dialog.chosen() is None:
                return False
            seq = dialog.chosen().seq
        finally:
            dialog.deleteLater()
        return self.rewind(seq)

    def mark_checkpoint(self, seq: int | None = None) -> bool:
        """Mark a checkpoint after log row `seq` (None: the desk as it is now)."""
        point = self.c.mark_checkpoint(seq=seq)
        if point is None:
            return False
        self.w.statusBar().showMessage(
            f"Checkpoint marked after #{point.seq}: Edit → Rewind to checkpoint… "
            f"({REWIND_KEY}) goes back to it.", 10000)
        return True

    def _say(self, message: str) -> None:
        """A refusal in plain words, in a box the GM closes."""
        box = note_box(self.w, "HarmDesk", message)
        box.setObjectName("correctionRefused")
        box.exec()
        box.deleteLater()
