"""Help → Quick entry (F1): what the quick entry understands, per game.

The rows come from the table the parser itself reads (each game's display profile,
`Profile.quick_forms`), so the page cannot promise what the parser refuses.
"""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QDialog, QHeaderView, QTableWidgetItem, QWidget

from ... import profiles
from ...desk.quick import combined as quick_combined
from ..forms.ui_quick_help import Ui_QuickHelpDialog

INTRO = ("Select one or more tiles, press Ctrl+L, type, then press Enter: it applies to every "
         "selected tile as one step (Ctrl+Z undoes it). Start with the amount; the words "
         "after it combine, such as {combined}.")


class QuickHelpDialog(QDialog):
    def __init__(self, system: str | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.ui = Ui_QuickHelpDialog()
        self.ui.setupUi(self)
        for profile in profiles.all_profiles():
            self.ui.gameCombo.addItem(profile.title, profile.name)
        header = self.ui.syntaxTable.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        # wrapped meanings: rows follow the column's width
        header.sectionResized.connect(lambda *_: self.ui.syntaxTable.resizeRowsToContents())
        self.ui.gameCombo.currentIndexChanged.connect(lambda _: self._fill())
        self.show_game(system or self.ui.gameCombo.itemData(0))

    def show_game(self, system: str) -> None:
        index = self.ui.gameCombo.findData(system)
        self.ui.gameCombo.setCurrentIndex(max(index, 0))
        self._fill()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.ui.syntaxTable.resizeRowsToContents()

    def game(self) -> str:
        return self.ui.gameCombo.currentData()

    def rows(self) -> list[tuple[str, str]]:
        forms = profiles.profile_for(self.game()).quick_forms
        return [(form.example, form.meaning) for form in forms]

    def _fill(self) -> None:
        system, table = self.game(), self.ui.syntaxTable
        rows = self.rows()
        table.setRowCount(len(rows))
        typed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        for row, (example, meaning) in enumerate(rows):
            item = QTableWidgetItem(example)
            item.setFont(typed)  # as it is typed
            table.setItem(row, 0, item)
            table.setItem(row, 1, QTableWidgetItem(meaning))
        table.resizeRowsToContents()
        self.ui.introLabel.setText(INTRO.format(combined=quick_combined(system)))
        self.setWindowTitle(f"Quick entry — {profiles.title_of(system)}")
