"""File → Export recap…: who hurt whom over the play session or the whole campaign, for
the GM or for the players, as Markdown, HTML or JSON: saved to a file, or (Copy recap)
put on the clipboard for the group's chat. The text is made in a worker through the
window's one runner; the dialog only asks and says what became of it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QFileDialog

from ...desk.statistics import AUDIENCES, FORMATS, SCOPES
from ...errors import StoreError
from ..forms.ui_export_recap_dialog import Ui_ExportRecapDialog


class ExportRecapDialog(QDialog):
    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self.ui = Ui_ExportRecapDialog()
        self.ui.setupUi(self)
        for key, words in SCOPES:
            self.ui.scope.addItem(words, key)
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
        if self.running:
            return
        try:
            job = self.w.controller.service.recap_job(scope, audience, fmt, path)
        except StoreError as err:
            self.ui.note.setText(str(err))
            return
        self.running = True
        self.ui.note.setText("Writing the recap\u2026")
        done = self._copied if path is None else self._saved
        self.w.campaign_menus.run(job, done, on_failed=self._failed, broke=self._broke)

    def _copied(self, text: str) -> None:
        QApplication.clipboard().setText(text)
        self.running = False
        self.ui.note.setText("The recap is on the clipboard, as Markdown.")

    def _saved(self, path: str) -> None:
        self.running = False
        self.ui.note.setText(f"Saved {path}.")

    def _failed(self, message: str) -> None:
        self.running = False
        self.ui.note.setText(message)

    def _broke(self) -> None:
        self.running = False
