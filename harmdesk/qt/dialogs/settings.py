"""A campaign's rule settings and who rolls the dice.

Every rule setting of the game comes from the rules core (through the game's display
profile, `Profile.settings`), with its doc as the explanation, so a new setting appears
here by itself.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QWidget,
)

from ...session import without_rule_ids
from ..forms.ui_settings_dialog import Ui_SettingsDialog
from .common import Invalid, Validated, capital, combo, note_label, select_data, spin

RESERVED_KEYS = set("hiocr")  # HarmDesk rolls, I roll, OK, Cancel, Restore defaults


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
                 parent: QWidget | None = None):
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
        for key, setting in profile.settings.items():
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
        self.revalidate()

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

    def restore_defaults(self) -> None:
        for key, setting in self.profile.settings.items():
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
