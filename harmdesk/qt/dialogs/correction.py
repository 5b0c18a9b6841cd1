"""Correcting the past: the preview of a revert, an edit or a rewind, the form that edits an
entry, and the list of checkpoints to rewind to.

Nothing here changes the desk: the preview shows the service's `Correction` (each affected
character now and after, the entries struck with it and why, the later entries re-applied
with their dice, the changed ones marked) and the GM confirms or cancels; the window then
saves it through the controller. Every name is shown as plain text.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import datetime

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QSpinBox,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..forms.ui_correction import Ui_CorrectionDialog
from ..forms.ui_edit_entry import Ui_EditEntryDialog
from ..style import ERROR_STYLE
from .common import Invalid, capital, parse_faces

# what the confirming button says, by the correction's kind
CONFIRM = {"revert": "&Revert", "edit": "&Save edit", "rewind": "Re&wind"}
MOST_ROWS = 8  # lines a list or the table shows before it scrolls
MOST_LISTED = 200  # entries a list names; the rest are counted


def entries(count: int) -> str:
    return f"{count} entr{'y' if count == 1 else 'ies'}"


def title_of(correction) -> str:
    """"Revert #42", "Edit #42", "Rewind to #40" or "Rewind to the start"."""
    if correction.kind == "rewind":
        return "Rewind to the start" if not correction.step else \
            f"Rewind to #{correction.step}"
    return f"{correction.kind.capitalize()} #{correction.step}"


def intro_of(correction) -> str:
    """What the correction will do, in a few words, and that nothing changes yet."""
    kind, step = correction.kind, correction.step
    struck, dependants = len(correction.struck), len(correction.dependants)
    reapplied, changed = len(correction.reapplied), len(correction.changed)
    if kind == "rewind":
        since = "the start" if not step else f"#{step}"
        what = (f"Every entry after {since} is struck through ({entries(struck)}), as one "
                "step you can undo." if struck else f"Nothing was logged after {since}.")
    else:
        what = f"#{step} is struck through" if kind == "revert" else \
            f"#{step} is applied again as you edited it"
        if dependants:
            what += f", with the {entries(dependants)} that existed only because of it"
        if reapplied == 1:
            what += ("; the 1 entry after it that depends on it is applied again with its "
                     "dice as recorded")
        elif reapplied:
            what += (f"; the {entries(reapplied)} after it that depend on it are applied "
                     "again with their dice as recorded")
        if changed:
            what += f", {changed} of them with another outcome" if reapplied > 1 else \
                ", with another outcome"
        what += "."
    confirm = CONFIRM[kind].replace("&", "")
    return f"{correction.text}\n\n{what} The original entries stay in the log, struck " \
        f"through. Nothing changes until you press {confirm}."


def struck_line(struck) -> str:
    """"#47 Bran rolls Death's Door: no longer possible: …"."""
    return f"#{struck.seq} {struck.text}" + (f" ({struck.why})" if struck.why else "")


def reapplied_line(entry) -> str:
    """A changed entry's own line ("#47 Rhianna's hit on Bran: was 0 HP …, becomes 2 HP"),
    or the entry as it is applied again."""
    if entry.changed:
        return f"Changed: {entry.line}" if entry.line else \
            f"Changed: #{entry.seq} {entry.text}, now {entry.now_text}"
    return f"#{entry.seq} {entry.text}"


def struck_lines(correction) -> list[tuple[str, bool]]:
    """The struck entries, each with why: the first MOST_LISTED, then how many more."""
    lines = [(struck_line(s), False) for s in correction.struck[:MOST_LISTED]]
    more = len(correction.struck) - MOST_LISTED
    return lines + ([(f"… and {more} more {entries(more).split()[1]}", False)]
                    if more > 0 else [])


def reapplied_lines(correction) -> list[tuple[str, bool]]:
    """The entries applied again, marked (True) where the outcome changed: every changed
    one, and the others up to MOST_LISTED lines in all, then how many more."""
    room = max(0, MOST_LISTED - len(correction.changed))
    lines, left_out = [], 0
    for entry in correction.reapplied:
        if entry.changed or room > 0:
            lines.append((reapplied_line(entry), entry.changed))
            room -= 0 if entry.changed else 1
        else:
            left_out += 1
    if left_out:
        lines.append((f"… and {left_out} more {entries(left_out).split()[1]}, applied again "
                      "as recorded", False))
    return lines


class CorrectionDialog(QDialog):
    """The preview of `correction`; accepted: the GM confirms it. Escape cancels."""

    def __init__(self, correction, parent: QWidget | None = None):
        super().__init__(parent)
        self.ui = Ui_CorrectionDialog()
        self.ui.setupUi(self)
        self.correction = correction
        self.setWindowTitle(title_of(correction))
        self.ui.introLabel.setText(intro_of(correction))
        self.ui.messageLabel.setStyleSheet(ERROR_STYLE)
        self._fill_affected()
        self._fill_list(self.ui.struckBox, self.ui.struckList, struck_lines(correction),
                        "Struck through (they stay in the log, no longer counted)")
        self._fill_list(self.ui.reappliedBox, self.ui.reappliedList,
                        reapplied_lines(correction),
                        "Applied again as recorded, dice reused"
                        + (f" ({len(correction.changed)} changed)" if correction.changed
                           else ""))
        ok = self.ui.buttonBox.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(CONFIRM[correction.kind])
        ok.setObjectName("confirmButton")
        ok.setDefault(True)
        self.grow_to_fit()

    def _fill_affected(self) -> None:
        table, rows = self.ui.affectedTable, self.correction.affected
        table.setRowCount(len(rows))
        for r, affected in enumerate(rows):
            for c, text in enumerate((affected.name, affected.was, affected.now)):
                item = QTableWidgetItem(str(text))  # an item's text is never markup
                item.setToolTip(str(text))
                table.setItem(r, c, item)
        header = table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        table.setVisible(bool(rows))
        if not rows:
            self.ui.affectedBox.setTitle("No character's state changes")

    def _fill_list(self, box, widget: QListWidget, lines: list[tuple[str, bool]],
                   title: str) -> None:
        bold = QFont(widget.font())
        bold.setBold(True)
        widget.setResizeMode(QListView.ResizeMode.Adjust)  # lines wrap again as it widens
        for text, marked in lines:
            item = QListWidgetItem(text)
            item.setToolTip(text)
            if marked:
                item.setFont(bold)
            widget.addItem(item)
        box.setTitle(title)
        box.setVisible(bool(lines))

    def fit_heights(self) -> None:
        """The table and the lists as tall as their wrapped lines at the width they have
        now, up to MOST_ROWS lines; more scroll."""
        table = self.ui.affectedTable
        table.resizeRowsToContents()
        rows = min(table.rowCount(), MOST_ROWS)
        table.setFixedHeight(sum(table.rowHeight(r) for r in range(rows))
                             + table.horizontalHeader().height() + 2 * table.frameWidth() + 2)
        for widget in (self.ui.struckList, self.ui.reappliedList):
            width = widget.viewport().width() - 2 * widget.spacing() - 8
            heights = []
            for i in range(widget.count()):
                item = widget.item(i)
                bound = QFontMetrics(item.font()).boundingRect(
                    QRect(0, 0, max(width, 50), 100_000), int(Qt.TextFlag.TextWordWrap),
                    item.text())
                item.setSizeHint(QSize(max(width, 50), bound.height() + 4))
                heights.append(bound.height() + 4)
            widget.setFixedHeight(sum(heights[:MOST_ROWS]) + 2 * widget.frameWidth() + 2)
        # each box's own layout first: the dialog's reads their sizes
        for box in (self.ui.affectedBox, self.ui.struckBox, self.ui.reappliedBox):
            box.layout().invalidate()
            box.layout().activate()
        self.layout().invalidate()
        self.layout().activate()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.fit_heights()
        room = self.screen().availableGeometry().height()
        self.resize(self.width(), min(self.sizeHint().height(), room))  # no empty space

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.isVisible() and event.size().width() != event.oldSize().width():
            self.fit_heights()

    def lines(self, widget: QListWidget) -> list[str]:
        return [widget.item(i).text() for i in range(widget.count())]

    def grow_to_fit(self) -> None:
        """As wide as its words ask, within the screen; its height follows its lines once
        it is shown (`showEvent`)."""
        want = self.sizeHint().expandedTo(self.size())
        self.resize(min(want.width(), self.screen().availableGeometry().width()), self.height())


def offer_rewind(parent: QWidget | None, message: str, rewind_to: int) -> bool:
    """A refusal the later entries cannot stand without, with its way out: True when the
    GM chooses "Rewind to before #N"."""
    box = QMessageBox(QMessageBox.Icon.Warning, "HarmDesk cannot revert this", message,
                      QMessageBox.StandardButton.Close, parent)
    box.setObjectName("cannotStand")
    box.setTextFormat(Qt.TextFormat.PlainText)
    rewind = box.addButton(f"Rewind to before #{rewind_to + 1}…",
                           QMessageBox.ButtonRole.AcceptRole)
    rewind.setObjectName("rewindInstead")
    box.exec()
    chosen = box.clickedButton() is rewind
    box.deleteLater()
    return chosen


# the edit form ---------------------------------------------------------------------------

# the fields a damage entry logged without them may gain, by the tray's modifier toggle that
# sets them (the game's profile names its own), each with the value that means "not there"
# (left off the action unless changed)
MODIFIER_FIELDS = {"piercing": ("piercing", 0), "ignores_armor": ("ignores_armor", False),
                   "non_lethal": ("lethal", True), "non_lethal_knockout": ("lethal", True),
                   "attacker_weakened": ("attacker_weakened", False),
                   "direct": ("direct", False)}
MODIFIED = "damage"  # the action the toggles modify (every game's damage takes a `source`)


def offered(profile, kind: str) -> dict:
    """The fields an entry of `kind` may gain in the edit form: the game's damage modifiers
    and the attacker (`source`)."""
    if kind != MODIFIED or profile is None:
        return {}
    fields = dict(MODIFIER_FIELDS[m] for m in profile.modifiers if m in MODIFIER_FIELDS)
    return {**fields, "source": None}


# whole numbers that are never below 0 (the rules refuse them; the box cannot hold them)
COUNTS = {"amount", "piercing", "added_piercing", "points", "length", "supplies", "hp"}
FACES = {"rolls"}  # dice faces, typed as "3, 5"
BIGGEST = 9_999  # what every number field of the window holds (the rules' MOST)
NONE = "(nobody)"


class Field:
    """One field of the form: its path in the action ("changes", "armor"), its widget, and
    how to read its value (raising Invalid)."""

    def __init__(self, path: tuple[str, ...], widget: QWidget, read: Callable[[], object],
                 offered: bool = False, default=None):
        self.path, self.widget, self.read = path, widget, read
        self.offered, self.default = offered, default

    @property
    def label(self) -> str:
        return ".".join(self.path)


class EditEntryDialog(QDialog):
    """A form built from what entry `seq` was (`action`, its effective action): numbers,
    check boxes, dice faces, the targets among `characters` (id → sheet), the source, and
    the game's damage modifiers (`profile`'s) it was logged without.
    Accepted: read `action()`, the entry as it should have been."""

    def __init__(self, seq: int, action: dict, characters: dict, profile=None,
                 text: str = "", parent: QWidget | None = None):
        super().__init__(parent)
        self.ui = Ui_EditEntryDialog()
        self.ui.setupUi(self)
        self.seq, self.original, self.characters = seq, copy.deepcopy(action), characters
        self.setWindowTitle(f"Edit #{seq}")
        kind = str(action.get("type", "step"))
        self.ui.introLabel.setText(
            (f"#{seq} {text}\n\n" if text else f"#{seq}\n\n")
            + f"Change what this {capital(kind).lower()} was; the next step shows what "
              "follows from it before anything is saved.")
        self.ui.messageLabel.setStyleSheet(ERROR_STYLE)
        self.ui.messageLabel.setVisible(False)
        self.ui.fieldsScroll.viewport().setAutoFillBackground(False)
        self.ui.fieldsContents.setAutoFillBackground(False)
        self.fields: list[Field] = []
        form = self.ui.fieldsForm
        kind_label = QLabel(capital(kind))
        kind_label.setTextFormat(Qt.TextFormat.PlainText)
        form.addRow("Action:", kind_label)
        for key, value in action.items():
            if key != "type":
                self._add((key,), value)
        for key, default in offered(profile, kind).items():
            if key not in action:
                self._add((key,), default, offered=True)
        ok = self.ui.buttonBox.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("&Preview…")
        ok.setObjectName("previewButton")
        if self.fields:
            self.fields[0].widget.setFocus()

    # building the form -------------------------------------------------------------------
    def _add(self, path: tuple[str, ...], value, offered: bool = False) -> None:
        key = path[-1]
        if isinstance(value, dict) and value and not offered:
            for sub, inner in value.items():  # "changes.armor"
                self._add((*path, sub), inner)
            return
        widget, read = self._widget(path, value)
        name = ".".join(path)
        widget.setObjectName(f"field_{name.replace('.', '_')}")
        widget.setAccessibleName(name)
        self.fields.append(Field(path, widget, read, offered, value))
        label = QLabel(f"{capital(key) if len(path) == 1 else name}:")
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setBuddy(widget)
        self.ui.fieldsForm.addRow(label, widget)

    def _widget(self, path: tuple[str, ...], value) -> tuple[QWidget, Callable[[], object]]:
        key, name = path[-1], ".".join(path)
        if path == ("target",):
            return self._targets(value)
        if key == "source" and len(path) == 1:
            return self._source(value)
        if isinstance(value, bool):
            box = QCheckBox()
            box.setChecked(value)
            return box, box.isChecked
        if isinstance(value, int):
            spin = QSpinBox()
            spin.setRange(0 if key in COUNTS and value >= 0 else -BIGGEST, BIGGEST)
            spin.setValue(max(-BIGGEST, min(BIGGEST, value)))
            return spin, spin.value
        if isinstance(value, float):
            double = QDoubleSpinBox()
            double.setRange(-BIGGEST, BIGGEST)
            double.setValue(value)
            return double, double.value
        if isinstance(value, list) and (key in FACES or (value and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value))):
            edit = QLineEdit(", ".join(str(v) for v in value))
            edit.setPlaceholderText("the faces, such as 3, 5")
            return edit, lambda: parse_faces(edit.text(), name)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            edit = QLineEdit(", ".join(value))
            edit.setPlaceholderText("separated by commas")
            return edit, lambda: [p.strip() for p in edit.text().split(",") if p.strip()]
        if isinstance(value, str) or value is None:
            edit = QLineEdit("" if value is None else value)
            if value is None:
                edit.setPlaceholderText("none")
            return edit, lambda: edit.text().strip() or (None if value is None else "")
        kept = QLabel("kept as logged")  # attackers and the like: not edited here
        kept.setTextFormat(Qt.TextFormat.PlainText)
        return kept, lambda: copy.deepcopy(value)

    def _name(self, cid: str) -> str:
        char = self.characters.get(cid)
        return char["name"] if char else cid

    def _targets(self, value) -> tuple[QWidget, Callable[[], object]]:
        picked = [value] if isinstance(value, str) else [v for v in value or []
                                                          if isinstance(v, str)]
        ids = list(self.characters) + [cid for cid in picked if cid not in self.characters]
        widget = QListWidget()
        widget.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        for cid in ids:
            item = QListWidgetItem(self._name(cid))  # plain text, as typed
            item.setData(Qt.ItemDataRole.UserRole, cid)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if cid in picked else
                               Qt.CheckState.Unchecked)
            widget.addItem(item)
        rows = min(max(len(ids), 2), 6)
        widget.setMaximumHeight(widget.sizeHintForRow(0) * rows + 2 * widget.frameWidth() + 6)

        def read():
            chosen = [widget.item(i).data(Qt.ItemDataRole.UserRole)
                      for i in range(widget.count())
                      if widget.item(i).checkState() == Qt.CheckState.Checked]
            if not chosen:
                raise Invalid("Targets: tick at least one character.")
            return chosen[0] if len(chosen) == 1 else chosen

        return widget, read

    def _source(self, value) -> tuple[QWidget, Callable[[], object]]:
        box = QComboBox()
        box.addItem(NONE, None)
        ids = list(self.characters) + ([value] if isinstance(value, str)
                                       and value not in self.characters else [])
        for cid in ids:
            box.addItem(self._name(cid), cid)
        box.setCurrentIndex(max(0, box.findData(value)) if value is not None else 0)
        return box, box.currentData

    # reading it back ---------------------------------------------------------------------
    def action(self) -> dict:
        """The entry as the form says it should have been; Invalid names a bad field."""
        action = copy.deepcopy(self.original)
        for field in self.fields:
            value = field.read()
            if field.offered and value == field.default:
                continue  # a modifier left as it was is not added
            place = action
            for key in field.path[:-1]:
                place = place.setdefault(key, {})
            place[field.path[-1]] = value
        return action

    def show_problem(self, text: str) -> None:
        self.ui.messageLabel.setText(text)
        self.ui.messageLabel.setVisible(bool(text))

    def accept(self) -> None:
        try:
            self.action()
        except Invalid as err:
            self.show_problem(str(err))
            return
        self.show_problem("")
        super().accept()


# checkpoints ------------------------------------------------------------------------------
def when_of(made: str | None) -> str:
    """A checkpoint's moment in local time: "2 Dec 21:04"."""
    try:
        moment = datetime.fromisoformat(made).astimezone() if made else None
    except (TypeError, ValueError):
        moment = None
    return f"{moment.day} {moment:%b %H:%M}" if moment else ""


def checkpoint_line(point) -> str:
    """"Round 2 · 2 Dec 21:04 (after #40)"."""
    label = point.label or capital(point.kind)
    when = when_of(point.made)
    where = "the start" if not point.seq else f"after #{point.seq}"
    return " · ".join(p for p in (label, when) if p) + f" ({where})"


class CheckpointDialog(QDialog):
    """The checkpoints, newest first, to pick one to rewind to; read `chosen()`."""

    def __init__(self, checkpoints, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("CheckpointDialog")
        self.setWindowTitle("Rewind to a checkpoint")
        self.checkpoints = list(checkpoints)
        layout = QVBoxLayout(self)
        intro = QLabel("Rewind the desk to how it was at a checkpoint: everything after it "
                       "is struck through as one step, which you can undo. The next step "
                       "shows what changes before anything is saved.")
        intro.setWordWrap(True)
        intro.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(intro)
        self.list = QListWidget()
        self.list.setObjectName("checkpointList")
        self.list.setAccessibleName("Checkpoints, newest first")
        for point in self.checkpoints:
            item = QListWidgetItem(checkpoint_line(point))
            item.setData(Qt.ItemDataRole.UserRole, point.seq)
            self.list.addItem(item)
        layout.addWidget(self.list)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("&Preview…")
        ok.setEnabled(bool(self.checkpoints))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.list.itemActivated.connect(lambda _: self.accept())
        if self.checkpoints:
            self.list.setCurrentRow(0)
        self.list.setFocus()
        self.resize(max(self.sizeHint().width(), 440), self.sizeHint().height())

    def chosen(self):
        row = self.list.currentRow()
        return self.checkpoints[row] if 0 <= row < len(self.checkpoints) else None

