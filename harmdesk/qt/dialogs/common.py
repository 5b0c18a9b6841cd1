"""What every HarmDesk dialog shares: inline validation, the rules' preview, small builders.

A dialog never does rules arithmetic. It builds actions from its widgets, asks the
rules core (through `harmdesk.desk.preview`) what they would do, and shows that text.
Bad input raises `Invalid` with a sentence for the red message label.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ...desk.explain import preview_lines
from ...desk.quick import is_rules_name, rules_name
from ...profiles.parts import words
from ..style import ERROR_STYLE


class Invalid(ValueError):
    """The dialog's input cannot become an action yet; the text says why."""


def capital(name: str) -> str:
    """ongoing_damage -> Ongoing damage; zero_hp_ends -> Zero HP ends; gm_decides -> GM
    decides."""
    text = re.sub(r"\bgm\b", "GM", re.sub(r"\bhp\b", "HP", words(name)))
    return text[:1].upper() + text[1:]


def target_value(ids: list[str]):
    """One id alone, several as a list: the shape the rules and the chips use."""
    return ids[0] if len(ids) == 1 else list(ids)


def parse_names(text: str, what: str) -> list[str]:
    """A comma-separated list of names (damage types, tags), each snake_case."""
    out: list[str] = []
    for part in text.split(","):
        if not part.strip():
            continue
        name = rules_name(part)
        if not is_rules_name(name):
            raise Invalid(f"{part.strip()!r} is not a {what}: use letters, digits and spaces")
        if name not in out:
            out.append(name)
    return out


def parse_faces(text: str, whose: str) -> list[int]:
    """Die faces typed as "3 5" or "3, 5"."""
    parts = [p for p in re.split(r"[\s,;+]+", text.strip()) if p]
    if not all(p.isdigit() for p in parts):
        raise Invalid(f"{whose}: type the faces as whole numbers, such as 3 5.")
    return [int(p) for p in parts]


@dataclass(frozen=True)
class Desk:
    """The desk a dialog works on: the state, the selected characters, and the
    random source for rolls HarmDesk makes (None: the system's; tests pass their own),
    the game's display profile, for the rules' word lists, and tonight's play session
    (for what works once per session)."""

    state: dict
    targets: tuple[str, ...]
    rng: object = None
    profile: object = None
    play_session: int | None = None  # tonight's play session's number, if one is open

    @property
    def system(self) -> str:
        return self.state["system"]

    @property
    def characters(self) -> dict:
        return self.state["characters"]

    def chars(self, ids=None) -> list[dict]:
        ids = self.targets if ids is None else ids
        return [self.characters[c] for c in ids if c in self.characters]

    def name(self, cid: str) -> str:
        char = self.characters.get(cid)
        return char["name"] if char else cid

    def names(self, ids=None) -> str:
        return ", ".join(c["name"] for c in self.chars(ids)) or "nobody"

    def need_targets(self) -> list[str]:
        ids = [c for c in self.targets if c in self.characters]
        if not ids:
            raise Invalid("Select one or more characters on the desk first.")
        return ids


PREVIEW_LINES = (5, 12)  # a dialog's preview shows at least, and at most, this many lines


class Validated:
    """Mixin for a QDialog built from a form with `buttonBox`, `messageLabel` and,
    optionally, `previewLabel`. Subclasses implement `build()` -> list of actions
    (raising Invalid) and may set `self.preview_state` to preview them."""

    preview_state: dict | None = None

    def init_validation(self) -> None:
        self.ui.messageLabel.setStyleSheet(ERROR_STYLE)
        self.ui.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        for name in ("previewLabel", "targetsLabel"):  # they show names, never markup
            label = getattr(self.ui, name, None)
            if label is not None:
                label.setTextFormat(Qt.TextFormat.PlainText)
        scroll = getattr(self.ui, "previewScroll", None)
        if scroll is not None:  # the preview reads as part of its group, not a white box
            scroll.viewport().setAutoFillBackground(False)
            self.ui.previewContents.setAutoFillBackground(False)
            # room for a party's worth of lines, whatever the font; more scrolls
            line = scroll.fontMetrics().lineSpacing()
            scroll.setMinimumHeight(line * PREVIEW_LINES[0] + 4)
            scroll.setMaximumHeight(line * PREVIEW_LINES[1] + 4)
        self.problem: str | None = None

    def grow_to_fit(self) -> None:
        """Grow to what the contents ask for (a party's preview, a large font), within
        the screen, so nothing starts cut off."""
        want = self.sizeHint().expandedTo(self.size())
        room = self.screen().availableGeometry().size()
        self.resize(min(want.width(), room.width()), min(want.height(), room.height()))

    def ok_button(self):
        return self.ui.buttonBox.button(QDialogButtonBox.StandardButton.Ok) or \
            self.ui.buttonBox.button(QDialogButtonBox.StandardButton.Open)

    def build(self) -> list[dict]:
        raise NotImplementedError

    def extra_note(self) -> str:
        return ""

    def preview(self, actions: list[dict]) -> tuple[str | None, list[str]]:
        """(the rules' refusal or None, what the actions would do, line by line)."""
        if self.preview_state is None:
            return None, []
        return preview_lines(self.preview_state, actions)

    def revalidate(self, *_args) -> None:
        """Rebuild the actions, show the preview or the reason they cannot be made."""
        problem, lines = None, []
        try:
            actions = self.build()
        except Invalid as err:
            problem, actions = str(err), []
        if problem is None and actions:
            problem, lines = self.preview(actions)
        label = getattr(self.ui, "previewLabel", None)
        if label is not None:
            note = self.extra_note()
            text = "\n".join([*lines, *([note] if note else [])])
            label.setText(text or ("—" if problem else "Nothing changes."))
        self.problem = problem
        self.ui.messageLabel.setText(problem or "")
        self.ui.messageLabel.setVisible(bool(problem))
        button = self.ok_button()
        if button is not None:
            button.setEnabled(problem is None)

    def accept(self) -> None:
        self.revalidate()
        if self.problem is None:
            QDialog.accept(self)


def watch(slot, *widgets: QWidget) -> None:
    """Call `slot()` (without the new value) whenever any of these input widgets changes."""
    def call(*_):
        slot()

    for w in widgets:
        if isinstance(w, (QSpinBox, QDoubleSpinBox)):
            w.valueChanged.connect(call)
        elif isinstance(w, QComboBox):
            w.currentIndexChanged.connect(call)
            if w.isEditable():
                w.editTextChanged.connect(call)
        elif isinstance(w, QLineEdit):
            w.textChanged.connect(call)
        elif isinstance(w, (QCheckBox, QRadioButton)):
            w.toggled.connect(call)
        elif hasattr(w, "changed"):
            w.changed.connect(call)


def spin(minimum: int, maximum: int, value: int, name: str, tip: str = "",
         special: str = "") -> QSpinBox:
    """A spin box; `special` names the value at `minimum` ("not tracked", "none")."""
    box = QSpinBox()
    box.setRange(minimum, maximum)
    box.setValue(value)
    box.setAccessibleName(name)
    box.setToolTip(tip or name)
    if special:
        box.setSpecialValueText(special)
    return box


class FaceBox(QSpinBox):
    """The face a die shows, empty until the GM types it: no face is ever assumed (a 1
    on the Trauma table is death). `face()` is None while it is empty."""

    EMPTY = 0  # the value that stands for "not typed yet"; no die shows 0

    def __init__(self, sides: int, name: str, tip: str = ""):
        super().__init__()
        self.setRange(self.EMPTY, sides)
        self.setValue(self.EMPTY)
        self.setAccessibleName(name)
        self.setToolTip(tip or name)

    def face(self) -> int | None:
        return None if self.value() == self.EMPTY else self.value()

    def textFromValue(self, value: int) -> str:
        return "" if value == self.EMPTY else str(value)

    def valueFromText(self, text: str) -> int:
        return int(text) if text.strip() else self.EMPTY

    def validate(self, text: str, pos: int):
        if not text.strip():
            return QValidator.State.Acceptable, text, pos
        return super().validate(text, pos)


def combo(items, name: str, tip: str = "") -> QComboBox:
    """A combo box of (label, data) pairs."""
    box = QComboBox()
    for label, data in items:
        box.addItem(label, data)
    box.setAccessibleName(name)
    box.setToolTip(tip or name)
    return box


def select_data(box: QComboBox, data) -> bool:
    index = box.findData(data)
    if index >= 0:
        box.setCurrentIndex(index)
    return index >= 0


def line(name: str, placeholder: str = "", tip: str = "") -> QLineEdit:
    edit = QLineEdit()
    edit.setAccessibleName(name)
    edit.setPlaceholderText(placeholder)
    edit.setToolTip(tip or name)
    return edit


def form_layout(parent: QWidget | None = None) -> QFormLayout:
    """A form whose spin boxes and combo boxes keep their size; text fields grow."""
    form = QFormLayout(parent) if parent is not None else QFormLayout()
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
    return form


def note_label(text: str = "") -> QLabel:
    """A small grey explanation under a field."""
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setStyleSheet("color: palette(placeholder-text);")
    return label


class Page(QWidget):
    """One tab or move of a dialog: widgets in, actions out.

    `actions()` raises Invalid for bad input; `note()` adds a line to the preview
    (a roll HarmDesk will make, a character left out and why)."""

    changed = Signal()
    title = ""
    tip = ""
    names: tuple[str, ...] = ()  # rules names this page handles (for a preset)

    def __init__(self, desk: Desk, parent: QWidget | None = None):
        super().__init__(parent)
        self.desk = desk
        self.setAccessibleName(self.title)
        self.setToolTip(self.tip)

    def watch(self, *widgets: QWidget) -> None:
        watch(self.changed.emit, *widgets)

    def actions(self) -> list[dict]:
        raise NotImplementedError

    def note(self) -> str:
        return ""

    def preset(self, name: str) -> bool:
        """Pre-select rules name `name` on this page; False when it is not here."""
        return False

    def called_for(self) -> bool:
        """Whether this is the move the selection calls for (Death's Door for the dying),
        to open on it before any other the rules allow."""
        return False


class Choice(QGroupBox):
    """A titled group of radio buttons, one per (label, data[, tooltip]); `value()`."""

    changed = Signal()

    def __init__(self, title: str, items, horizontal: bool = False,
                 parent: QWidget | None = None):
        super().__init__(title, parent)
        self.setAccessibleName(title.replace("&", ""))
        layout = QHBoxLayout(self) if horizontal else QVBoxLayout(self)
        self.buttons: dict = {}
        for item in items:
            label, data = item[0], item[1]
            button = QRadioButton(label)
            button.setToolTip(item[2] if len(item) > 2 else label.replace("&", ""))
            button.toggled.connect(lambda on: on and self.changed.emit())
            layout.addWidget(button)
            self.buttons[data] = button
        if horizontal:
            layout.addStretch(1)
        if self.buttons:
            next(iter(self.buttons.values())).setChecked(True)

    def value(self):
        return next((d for d, b in self.buttons.items() if b.isChecked()), None)

    def set_value(self, data) -> bool:
        if data in self.buttons:
            self.buttons[data].setChecked(True)
            return True
        return False


class Rows(QWidget):
    """A grid with a header and one row of widgets per character (Make Camp, rests)."""

    def __init__(self, headers: tuple[str, ...], parent: QWidget | None = None):
        super().__init__(parent)
        from PySide6.QtWidgets import QGridLayout

        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        for col, text in enumerate(headers):
            label = QLabel(f"<b>{text}</b>")
            self.grid.addWidget(label, 0, col)
        self.count = 0

    def add(self, char: dict, *widgets: QWidget) -> None:
        self.count += 1
        name = QLabel(char["name"])
        name.setTextFormat(Qt.TextFormat.PlainText)
        self.grid.addWidget(name, self.count, 0)
        for col, widget in enumerate(widgets, start=1):
            if widget is not None:
                widget.setAccessibleName(f"{widget.accessibleName()} for {char['name']}")
                self.grid.addWidget(widget, self.count, col)

    def finish(self) -> None:
        self.grid.setRowStretch(self.count + 1, 1)
        self.grid.setColumnStretch(self.grid.columnCount(), 1)
