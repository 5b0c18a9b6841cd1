"""Entering the faces of physical dice ("I roll my own dice" mode), and asking
before a clicked chip is applied.

One spin box per die of the expression, each limited to its die's size, so a
face that cannot be rolled cannot be typed. Each opens empty: no face is assumed, and
Enter with one still empty asks for it instead of applying. The total is read by the rules
core's dice module, never added up here. Given the action the roll is for, the
dialog also shows what it will do with the faces entered ("Caradoc: 16/16 HP →
10/16 HP") and the tags it carries ("1 piercing, forceful, non-lethal"), as the
rules core previews them.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QLabel, QWidget

from ...desk.actions import Action
from ...desk.explain import outcome_lines, tag_words
from ...desk.rolling import dice_sides, dice_total, roll_value
from ...errors import UserError
from ...profiles.parts import without_rule_ids
from ..forms.ui_dice_dialog import Ui_DiceDialog
from .common import FaceBox, Invalid, Validated

# (the faces entered, or None with no dice to enter) -> (refusal, lines, details)
Outcome = Callable[["list[int] | None"], "tuple[str | None, list[str], list[str]]"]

ROWS_PER_COLUMN = 6  # more dice than this wrap into another column


class DiceDialog(Validated, QDialog):
    """Ask for the faces rolled for `expr`. Result: `faces()`.

    `outcome(faces)` shows what they will do and `tags` what the action carries.
    `applying` (a chip's label) makes it the dialog that asks before applying: its
    button says Apply, and an empty `expr` leaves no dice to enter."""

    def __init__(self, expr: str, parent: QWidget | None = None, label: str = "", *,
                 outcome: Outcome | None = None, tags=(), applying: str = ""):
        super().__init__(parent)
        self.ui = Ui_DiceDialog()
        self.ui.setupUi(self)
        self.init_validation()
        self.expr = expr
        self.spins: list[FaceBox] = []
        self.die_names: list[str] = []
        self.asked = False  # Enter was pressed with a face still empty
        self.outcome = outcome
        try:
            sizes = dice_sides(expr) if expr or not applying else []
        except UserError as err:
            sizes, self.bad_expr = [], err.message
        else:
            self.bad_expr = None if sizes or not expr else f"{expr} has no dice to roll"
        what = f"{label}: " if label else ""
        roll = f"roll {expr} and enter the face each die shows."
        if applying:
            self.ui.promptLabel.setText(f"Apply {applying}?" + (f" First {roll}" if expr else ""))
            self.setWindowTitle(f"Apply {applying}")
            self.ok_button().setText("&Apply")
        else:
            self.ui.promptLabel.setText(f"{what}{roll}")
            self.setWindowTitle(f"Roll {expr}")
        self.ui.tagsLabel.setText(f"Tags: {', '.join(tags)}" if tags else "")
        self.ui.tagsLabel.setVisible(bool(tags))
        self.ui.totalLabel.setVisible(bool(sizes))
        self.ui.outcomeLabel.setVisible(outcome is not None)
        self.ui.detailLabel.setVisible(outcome is not None)
        for i, size in enumerate(sizes):
            name = f"die {i + 1}, a d{size}" if len(sizes) > 1 else f"the d{size}"
            box = FaceBox(size, f"Face of {name}", f"What {name} shows (1 to {size})")
            caption = QLabel(f"Die &{i + 1} (d{size}):" if i < 9 else f"Die {i + 1} (d{size}):")
            caption.setBuddy(box)
            row, col = i % ROWS_PER_COLUMN, 2 * (i // ROWS_PER_COLUMN)
            self.ui.facesGrid.addWidget(caption, row, col)
            self.ui.facesGrid.addWidget(box, row, col + 1)
            box.valueChanged.connect(self.revalidate)
            self.die_names.append(f"{name} (1 to {size})")
            box.lineEdit().selectAll()
            self.spins.append(box)
        if self.spins:
            self.spins[0].setFocus()
        self.revalidate()

    def faces(self) -> list[int]:
        return [box.value() for box in self.spins]

    def missing(self) -> list[int]:
        """The dice (by position) whose face is still empty."""
        return [i for i, box in enumerate(self.spins) if box.face() is None]

    def build(self) -> list[dict]:
        if self.bad_expr:
            raise Invalid(self.bad_expr)
        empty = self.missing()
        if empty:
            self.ui.totalLabel.setText("Total: —")
            if self.outcome is not None:  # the odds over every face, until they are typed
                self.show_outcome(None)
            raise Invalid(f"Type the face of {self.die_names[empty[0]]}, then press Enter.")
        if self.spins:
            try:
                result = dice_total(self.expr, self.faces())
            except UserError as err:
                raise Invalid(err.message) from None
            self.ui.totalLabel.setText(f"Total: {result.text}")
        if self.outcome is not None:
            refusal = self.show_outcome(self.faces() if self.spins else None)
            if refusal:
                raise Invalid(refusal)
        return []

    def show_outcome(self, faces: list[int] | None) -> str | None:
        """Show what `faces` will do (None: the odds over every face); the refusal."""
        refusal, lines, details = self.outcome(faces)
        self.ui.outcomeLabel.setText("\n".join(lines) or "—")
        self.ui.detailLabel.setText("\n".join(details))
        return refusal

    def revalidate(self, *args) -> None:
        super().revalidate(*args)
        if self.missing() and not self.asked:
            # a face not typed yet is a question still open, not a mistake: no red
            # message, and Enter asks for it (see `accept`)
            self.ui.messageLabel.setVisible(False)
            self.ok_button().setEnabled(True)

    def accept(self) -> None:
        empty = self.missing()
        if empty:
            self.asked = True
            self.revalidate()
            box = self.spins[empty[0]]
            box.setFocus()
            box.selectAll()
            return
        super().accept()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.spins:
            self.spins[0].setFocus()
            self.spins[0].selectAll()


def ask_faces(parent: QWidget | None, expr: str, label: str = "", **shown) -> list[int] | None:
    """Run the dialog; the faces entered, or None when the GM cancels. `shown`: the
    dialog's `outcome` and `tags`."""
    dialog = DiceDialog(expr, parent, label, **shown)
    try:
        if dialog.exec() == QDialog.DialogCode.Accepted:
            return dialog.faces()
        return None
    finally:
        dialog.deleteLater()


def manual_roll_provider(parent: QWidget | None, name_of=None, state_of=None):
    """A `DeskController.roll_provider` that asks the GM for each missing roll.

    `need` is the `RollNeed` the rules ask for: a `rolls` need takes the faces; any
    other (a Death's Door `roll`) takes their total.
    `name_of(id)` names the character the roll is for; `state_of()` is the desk the
    action applies to (or None), for the dialog to show what the faces will do.
    """

    def provide(action, need):
        # whose roll: the rules' own word, else the action's one target
        targets = Action.of(action).targets
        target = need.target or (targets[0] if len(targets) == 1 else None)
        who = (name_of(target) if name_of else target) if target else ""
        label = " — ".join(p for p in (roll_for(action, need, name_of), who) if p)
        state = state_of() if state_of else None
        shown = {} if state is None else {"outcome": outcome_of(state, action, need),
                                          "tags": tag_words(action, state)}
        faces = ask_faces(parent, need.dice, label, **shown)
        if faces is None:
            return None
        return roll_value(need, faces)

    return provide


# what an action's own dice are, by its type, when nobody's attack rolls them
OWN_DICE = {"damage": "damage", "gang_damage": "gang-up damage", "heal": "healing",
            "lose_hp": "HP loss"}


def roll_for(action, need, name_of=None) -> str:
    """What a roll is for, as the GM knows the chip: "the wraith's attack" for an
    attacker's dice, "healing" for a heal's; any other roll the rules ask for in their
    words ("Trauma table")."""
    action = Action.of(action)
    if need.key == "rolls" and need.dice == action.get("dice"):
        source = action.get("source")
        if source:
            return f"{name_of(source) if name_of else source}'s attack"
        if action.type in OWN_DICE:
            return OWN_DICE[action.type]
    return without_rule_ids(need.why)


def outcome_of(state: dict, action, need) -> Outcome:
    """What `action` will do on `state` with the faces entered for `need` (the odds
    over every face when there are none), for the dialog to show."""
    return lambda faces: outcome_lines(state, action, need, faces)


class ApplyDialog(DiceDialog):
    """What a clicked chip asks before it is applied: what `action` will do to the
    selected tiles, its tags, and with `need` (the GM rolls their own dice) the faces;
    `rolled_on_apply` names the dice HarmDesk will roll instead. Apply accepts; read
    `action()`."""

    def __init__(self, state: dict, action, label: str, parent: QWidget | None = None,
                 need=None, rolled_on_apply: str = ""):
        action, chars = Action.of(action), state["characters"]
        names = [chars[c]["name"] if c in chars else c for c in action.targets]
        whom = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]
        super().__init__(need.dice if need else "", parent,
                         outcome=outcome_of(state, action, need),
                         tags=tag_words(action, state), applying=f"{label} to {whom}")
        self.setWindowTitle(f"Apply {label}")
        if rolled_on_apply:
            self.ui.promptLabel.setText(f"{self.ui.promptLabel.text()} HarmDesk rolls "
                                        f"{rolled_on_apply} when you apply.")
        self.base, self.need = action, need

    def action(self):
        """The `Action` to apply, with the faces entered when the GM rolls."""
        if self.need is None or not self.spins:
            return self.base
        return self.base.with_fields(**{self.need.key: roll_value(self.need, self.faces())})
