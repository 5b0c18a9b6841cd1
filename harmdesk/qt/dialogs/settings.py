"""A campaign's rule settings and who rolls the dice.

Every rule setting of the game comes from the rules core (through the game's display
profile, `Profile.settings`), with its doc as the explanation, so a new setting appears
here by itself.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidgetItem,
    QWidget,
)

from ...desk.players import looks
from ...profiles.parts import without_rule_ids
from ..forms.ui_settings_dialog import Ui_SettingsDialog
from .common import Invalid, Validated, capital, combo, note_label, select_data, spin

# HarmDesk rolls, I roll, OK, Cancel, Restore defaults, Restore the game's words
RESERVED_KEYS = set("hiocrw")
MEANING, WORDS = range(2)  # the players' words table's columns


def with_mnemonic(text: str, used: set[str]) -> str:
    """`text` with & before its first letter no other label uses yet."""
    for i, ch in enumerate(text):
        if ch.isalpha() and ch.lower() not in used:
            used.add(ch.lower())
            return f"{text[:i]}&{text[i:]}"
    return text


class SettingsDialog(Validated, QDialog):
    """Result: `settings_action()` (a change_settings action or None) and `options()`."""

    def __init__(self, profile, settings: dict, options: dict | None = None,
                 parent: QWidget | None = None, words: dict[str, str] | None = None):
        """`words`: the GM's rewording of the game's words for the players' display."""
        super().__init__(parent)
        self.ui = Ui_SettingsDialog()
        self.ui.setupUi(self)
        self.init_validation()
        self.profile = profile
        self.current = profile.full_settings(settings)
        self.given_options = dict(options or {})
        self.setWindowTitle(f"{profile.title} settings")
        self.ui.rulesBox.setTitle(f"{profile.title} rule settings")
        self.widgets: dict[str, QWidget] = {}
        used = set(RESERVED_KEYS)
        for key, setting in self.rule_settings().items():
            widget = self._widget(key, setting)
            self._show(key, self.current[key])
            caption = QLabel(with_mnemonic(capital(key) + ":", used))
            caption.setBuddy(widget)
            caption.setToolTip(without_rule_ids(setting.doc))
            self.ui.rulesForm.addRow(caption, widget)
            doc = note_label(without_rule_ids(setting.doc))
            doc.setContentsMargins(16, 0, 0, 6)
            self.ui.rulesForm.addRow(doc)
        manual = self.given_options.get("dice_mode") == "manual"
        (self.ui.manualDiceRadio if manual else self.ui.appDiceRadio).setChecked(True)
        restore = self.ui.buttonBox.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        restore.setToolTip("Set every rule setting back to the game's default")
        restore.clicked.connect(self.restore_defaults)
        self._fill_words(words or {})
        self.ui.restoreWordsButton.clicked.connect(self.restore_words)
        self.revalidate()

    # the players' display ------------------------------------------------------------------
    def _fill_words(self, words: dict[str, str]) -> None:
        """One row per state of the game's words table: when it shows, and its words."""
        table = self.ui.wordsTable
        shown = looks(self.profile.name, words)
        table.setRowCount(len(shown))
        for row, look in enumerate(shown.values()):
            meaning = QTableWidgetItem(without_rule_ids(look.meaning))
            meaning.setFlags(Qt.ItemFlag.ItemIsEnabled)  # read-only: the rules decide it
            meaning.setData(Qt.ItemDataRole.UserRole, look.key)
            meaning.setToolTip(without_rule_ids(look.meaning))
            table.setItem(row, MEANING, meaning)
            table.setItem(row, WORDS, QTableWidgetItem(look.words))
        header = table.horizontalHeader()
        header.setSectionResizeMode(MEANING, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(WORDS, QHeaderView.ResizeMode.Interactive)
        table.setColumnWidth(WORDS, table.fontMetrics().horizontalAdvance("x" * 24))
        # rows as tall as their wrapped text, at whatever width the columns get, and never
        # shorter than the line edit that opens on them
        table.verticalHeader().setMinimumSectionSize(int(table.fontMetrics().height() * 1.9))
        header.sectionResized.connect(lambda *_: table.resizeRowsToContents())
        if shown:
            table.setCurrentCell(0, WORDS)
        self._words_given = self.player_words()

    def restore_words(self) -> None:
        own = looks(self.profile.name)
        table = self.ui.wordsTable
        for row in range(table.rowCount()):
            key = table.item(row, MEANING).data(Qt.ItemDataRole.UserRole)
            table.item(row, WORDS).setText(own[key].words)

    def words_changed(self) -> bool:
        return self.player_words() != self._words_given

    def player_words(self) -> dict[str, str]:
        """The words in the table, by state (the game's own included)."""
        table = self.ui.wordsTable
        return {table.item(row, MEANING).data(Qt.ItemDataRole.UserRole):
                table.item(row, WORDS).text().strip() for row in range(table.rowCount())}

    def _widget(self, key: str, setting) -> QWidget:
        name, tip = capital(key), without_rule_ids(setting.doc)
        if setting.choices:
            widget = combo([(capital(c), c) for c in setting.choices], name, tip)
            widget.currentIndexChanged.connect(self.revalidate)
        elif isinstance(setting.default, bool):
            widget = QCheckBox()
            widget.setAccessibleName(name)
            widget.setToolTip(tip)
            widget.toggled.connect(self.revalidate)
        else:
            low = setting.minimum if setting.minimum is not None else -20
            high = setting.maximum if setting.maximum is not None else 99
            widget = spin(low, high, setting.default, name, tip)
            widget.valueChanged.connect(self.revalidate)
        self.widgets[key] = widget
        return widget

    def _show(self, key: str, value) -> None:
        widget = self.widgets[key]
        if isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QComboBox):
            select_data(widget, value)
        else:
            widget.setValue(value)

    def value(self, key: str):
        widget = self.widgets[key]
        if isinstance(widget, QCheckBox):
            return widget.isChecked()
        if isinstance(widget, QComboBox):
            return widget.currentData()
        return widget.value()

    def rule_settings(self) -> dict:
        """The settings the GM edits here: not what the desk keeps for its own actions
        (the running encounter)."""
        return {k: s for k, s in self.profile.settings.items() if s.gm_edits}

    def restore_defaults(self) -> None:
        for key, setting in self.rule_settings().items():
            self._show(key, setting.default)

    def changed(self) -> dict:
        return {k: self.value(k) for k in self.widgets if self.value(k) != self.current[k]}

    def build(self) -> list[dict]:
        changed = self.changed()
        for key, value in changed.items():
            problem = self.profile.settings[key].check(key, value)
            if problem:
                raise Invalid(f"{capital(key)} {problem}.")
        return [{"type": "change_settings", "settings": changed}] if changed else []

    def settings_action(self) -> dict | None:
        """A change_settings action with only the changed keys, or None."""
        try:
            built = self.build()
        except Invalid:
            return None
        return built[0] if built else None

    def options(self) -> dict:
        """The campaign's options with the dice mode chosen here."""
        mode = "manual" if self.ui.manualDiceRadio.isChecked() else "app"
        return {**self.given_options, "dice_mode": mode}
