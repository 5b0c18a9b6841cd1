"""File → Export recap…: who hurt whom over the play session, an encounter or the whole
campaign, for the GM or for the players, as Markdown, HTML or JSON: saved to a file, or
(Copy recap) put on the clipboard for the group's chat. A play session's recap opens with
the GM's "Story so far", kept with the play session. The text is made in a worker through
the window's one runner (a progress bar follows a long one); the dialog only asks and
says what became of it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QFileDialog

from ...desk.statistics import AUDIENCES, FORMATS
from ...errors import StoreError, UserError
from ..forms.ui_export_recap_dialog import Ui_ExportRecapDialog


class ExportRecapDialog(QDialog):
    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self.ui = Ui_ExportRecapDialog()
        self.ui.setupUi(self)
        service = window.controller.service
        for key, words in service.recap_scopes():
            self.ui.scope.addItem(words, key)
        self.kept_story = service.story()  # None: no play session to keep one with
        self.ui.story.setPlainText(self.kept_story or "")
        self.ui.scope.currentIndexChanged.connect(self._scope_changed)
        self._scope_changed()
        for key, words in AUDIENCES:
            self.ui.audience.addItem(words, key)
        self.ui.audience.setCurrentIndex(1)  # a recap is most often for the players' chat
        for key, words, _ in FORMATS:
            self.ui.format.addItem(words, key)
        buttons = self.ui.buttons
        self.copy_button = buttons.addButton("&Copy recap", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.setToolTip("The recap as Markdown, on the clipboard for the chat")
        self.save_button = buttons.addButton("&Save…", QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setDefault(True)
        self.copy_button.clicked.connect(self.copy)
        self.save_button.clicked.disconnect()  # an AcceptRole button would close the dialog
        self.save_button.clicked.connect(self.save)
        buttons.rejected.connect(self.reject)
        self.running = False

    def _scope_changed(self) -> None:
        """The story opens a play session's recap only; without a play session there is
        nothing to keep it with."""
        session = self.ui.scope.currentData() == "session"
        self.ui.story.setEnabled(session and self.kept_story is not None)
        if self.kept_story is None:
            self.ui.story.setToolTip("Start a play session to keep a story with it")

    def keep_story(self) -> bool:
        """Keep the story as written with the play session, when it changed; False (and
        said why) when it cannot be kept."""
        story = self.ui.story.toPlainText()
        if self.kept_story is None or story == self.kept_story:
            return True
        try:
            self.w.controller.service.set_story(story)
        except (StoreError, UserError) as err:
            self.ui.note.setText(str(err))
            return False
        self.kept_story = story
        return True

    def done(self, result: int) -> None:  # Qt's name: the story is kept however it closes
        self.keep_story()
        super().done(result)

    def choices(self) -> tuple[str, str, str]:
        return (self.ui.scope.currentData(), self.ui.audience.currentData(),
                self.ui.format.currentData())

    def copy(self) -> None:
        scope, audience, _ = self.choices()
        self._run(scope, audience, "md", None)

    def save(self) -> None:
        scope, audience, fmt = self.choices()
        suffix = next(s for key, _, s in FORMATS if key == fmt)
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        name = f"recap-{audience}{suffix}"
        path, _ = QFileDialog.getSaveFileName(self, "Save the recap", str(Path(folder) / name),
                                              f"Recap (*{suffix})")
        if path:
            self._run(scope, audience, fmt, path)

    def _run(self, scope: str, audience: str, fmt: str, path: str | None) -> None:
        if self.running or not self.keep_story():
            return
        try:
            job = self.w.controller.service.recap_job(scope, audience, fmt, path)
        except StoreError as err:
            self.ui.note.setText(str(err))
            return
        self.running = True
        self.ui.note.setText("Writing the recap\u2026")
        done = self._copied if path is None else self._saved
        self.ui.progress.setValue(0)
        self.w.campaign_menus.run(job, done, on_failed=self._failed, broke=self._broke,
                                  on_progress=self._progress)

    def _progress(self, percent: int) -> None:
        """Shown only for a recap long enough to report (the whole campaign's)."""
        self.ui.progress.setValue(percent)
        self.ui.progress.setVisible(self.running and percent < 100)

    def _copied(self, text: str) -> None:
        QApplication.clipboard().setText(text)
        self._settled("The recap is on the clipboard, as Markdown.")

    def _saved(self, path: str) -> None:
        self._settled(f"Saved {path}.")

    def _failed(self, message: str) -> None:
        self._settled(message)

    def _broke(self) -> None:
        self._settled(None)

    def _settled(self, note: str | None) -> None:
        self.running = False
        self.ui.progress.hide()
        if note is not None:
            self.ui.note.setText(note)
