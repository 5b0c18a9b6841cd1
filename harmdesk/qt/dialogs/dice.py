"""Entering the faces of physical dice ("I roll my own dice" mode).

One spin box per die of the expression, each limited to its die's size, so a
face that cannot be rolled cannot be typed. The total is read by the rules
core's dice module, never added up here.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QLabel, QWidget

from ...display import without_rule_ids
from ...rolling import value_for
from ...rules import Refused, dice
from ..forms.ui_dice_dialog import Ui_DiceDialog
from .common import Invalid, Validated, spin

ROWS_PER_COLUMN = 6  # more dice than this wrap into another column


class DiceDialog(Validated, QDialog):
    """Ask for the faces rolled for `expr`. Result: `faces()`."""

    def __init__(self, expr: str, parent: QWidget | None = None, label: str = ""):
        super().__init__(parent)
        self.ui = Ui_DiceDialog()
        self.ui.setupUi(self)
        self.init_validation()
        self.expr = expr
        self.spins = []
        try:
            sizes = dice.sides(expr)
        except Refused as err:
            sizes, self.bad_expr = [], err.reason
        else:
            self.bad_expr = None if sizes else f"{expr} has no dice to roll"
        what = f"{label}: " if label else ""
        self.ui.promptLabel.setText(f"{what}roll {expr} and enter the face each die shows.")
        self.setWindowTitle(f"Roll {expr}")
        for i, size in enumerate(sizes):
            name = f"die {i + 1}, a d{size}" if len(sizes) > 1 else f"the d{size}"
            box = spin(1, size, 1, f"Face of {name}", f"What {name} shows (1 to {size})")
            caption = QLabel(f"Die &{i + 1} (d{size}):" if i < 9 else f"Die {i + 1} (d{size}):")
            caption.setBuddy(box)
            row, col = i % ROWS_PER_COLUMN, 2 * (i // ROWS_PER_COLUMN)
            self.ui.facesGrid.addWidget(caption, row, col)
            self.ui.facesGrid.addWidget(box, row, col + 1)
            box.valueChanged.connect(self.revalidate)
            box.lineEdit().selectAll()
            self.spins.append(box)
        if self.spins:
            self.spins[0].setFocus()
        self.revalidate()

    @classmethod
    def ask(cls, parent: QWidget | None, expr: str, label: str = "") -> list[int] | None:
        """Run the dialog; the faces entered, or None when the GM cancels."""
        return ask_faces(parent, expr, label)

    def faces(self) -> list[int]:
        return [box.value() for box in self.spins]

    def build(self) -> list[dict]:
        if self.bad_expr:
            raise Invalid(self.bad_expr)
        try:
            result = dice.total(self.expr, self.faces())
        except Refused as err:
            raise Invalid(err.reason) from None
        self.ui.totalLabel.setText(f"Total: {result.text}")
        return []

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.spins:
            self.spins[0].setFocus()
            self.spins[0].selectAll()


def ask_faces(parent: QWidget | None, expr: str, label: str = "") -> list[int] | None:
    """Run the dialog; the faces entered, or None when the GM cancels."""
    dialog = DiceDialog(expr, parent, label)
    try:
        if dialog.exec() == QDialog.DialogCode.Accepted:
            return dialog.faces()
        return None
    finally:
        dialog.deleteLater()


def manual_roll_provider(parent: QWidget | None, name_of=None):
    """A `DeskController.roll_provider` that asks the GM for each missing roll.

    `need` comes from the rules core: {"key", "dice", "why", "target"?}. A `rolls`
    key takes the faces; any other key (a Death's Door `roll`) takes their total.
    `name_of(id)` names the character the roll is for.
    """

    def provide(action: dict, need: dict):
        target = need.get("target")
        who = (name_of(target) if name_of else target) if target else ""
        label = " — ".join(p for p in (without_rule_ids(need.get("why", "")), who) if p)
        faces = ask_faces(parent, need["dice"], label)
        if faces is None:
            return None
        return value_for(need, faces)

    return provide
