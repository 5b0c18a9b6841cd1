"""Starting an encounter, and the Save a character may roll as its turn ends.

`StartEncounterDialog` lists the desk's characters (the living ticked), takes an
initiative per character where the game has one (typed, or rolled by HarmDesk: the
rolls are stored in the action, the rules never roll), orders them by it and lets the
GM drag them; `action()` is the `start_encounter` action. `TurnSaveDialog` asks for the
condition and the Bumps of a Save, or lets the GM skip it (`choice()`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QSpinBox,
    QStyledItemDelegate,
    QTreeWidgetItem,
)

from ...desk.rolling import dice_sides, dice_total, roll_faces
from ...errors import UserError
from ..plain import plain_tip
from ..style import ERROR_STYLE

ID_ROLE = Qt.ItemDataRole.UserRole + 1
NAME, INITIATIVE = range(2)
LOWEST, HIGHEST = -99, 999  # an initiative the GM may type


class InitiativeEditor(QStyledItemDelegate):
    """Only the initiative column is typed into, as a whole number."""

    def createEditor(self, parent, option, index):
        if index.column() != INITIATIVE:
            return None
        editor = QSpinBox(parent)
        editor.setRange(LOWEST, HIGHEST)
        editor.setAccessibleName("Initiative")
        return editor

    def setEditorData(self, editor, index):
        value = index.data(Qt.ItemDataRole.EditRole)
        editor.setValue(int(value) if str(value or "").lstrip("-").isdigit() else 0)

    def setModelData(self, editor, model, index):
        editor.interpretText()
        model.setData(index, str(editor.value()), Qt.ItemDataRole.EditRole)


class StartEncounterDialog(QDialog):
    def __init__(self, profile, state: dict, rng=None, parent=None):
        from ..forms.ui_start_encounter_dialog import Ui_StartEncounterDialog
        super().__init__(parent)
        self.ui = Ui_StartEncounterDialog()
        self.ui.setupUi(self)
        self.profile, self.clock, self.rng = profile, profile.clock, rng
        self.initiative = self.clock.initiative
        ok = self.ui.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("&Start encounter")
        self.ui.buttons.accepted.connect(self._accept)
        self.ui.buttons.rejected.connect(self.reject)
        self.ui.introLabel.setText(
            "Tick who takes part. Type or roll each initiative: the order follows it, "
            "highest first, and you can drag anyone to another place. The first in the "
            "order begins their turn at once." if self.initiative else
            f"{profile.title} has no initiative: the spotlight moves as the fiction "
            "says. Tick who takes part; the bar marks who has acted each round.")
        self.ui.dice.setText(self.clock.initiative_dice)
        for widget in (self.ui.diceLabel, self.ui.dice, self.ui.rollButton):
            widget.setVisible(self.initiative)
        self.ui.rollButton.clicked.connect(self.roll)
        people = self.ui.people
        people.setItemDelegate(InitiativeEditor(people))
        people.setColumnHidden(INITIATIVE, not self.initiative)
        people.header().setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        people.header().setStretchLastSection(False)
        # dropped between rows only: a character never becomes another's child
        people.invisibleRootItem().setFlags(Qt.ItemFlag.ItemIsDropEnabled
                                            | Qt.ItemFlag.ItemIsEnabled)
        ended = profile.report.ended
        for cid, char in state["characters"].items():
            item = QTreeWidgetItem([char["name"], ""])
            item.setData(NAME, ID_ROLE, cid)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                          | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsDragEnabled
                          | Qt.ItemFlag.ItemIsEditable)
            out = bool(ended(char)) or char.get("kind") in profile.object_kinds
            item.setCheckState(NAME, Qt.CheckState.Unchecked if out else Qt.CheckState.Checked)
            item.setToolTip(NAME, plain_tip(f"{char['name']} is out of the fight")
                            if ended(char) else "")
            item.setTextAlignment(INITIATIVE, Qt.AlignmentFlag.AlignRight
                                  | Qt.AlignmentFlag.AlignVCenter)
            people.addTopLevelItem(item)
        people.resizeColumnToContents(INITIATIVE)
        heading = self.fontMetrics().horizontalAdvance("Initiative 00")
        people.setColumnWidth(INITIATIVE, max(people.columnWidth(INITIATIVE), heading))
        people.itemChanged.connect(self._changed)
        if people.topLevelItemCount():
            people.setCurrentItem(people.topLevelItem(0))
        self._desk_order = list(state["characters"])

    # the rows ----------------------------------------------------------------------
    def _items(self) -> list[QTreeWidgetItem]:
        people = self.ui.people
        return [people.topLevelItem(i) for i in range(people.topLevelItemCount())]

    @staticmethod
    def _initiative_of(item) -> int | None:
        text = item.text(INITIATIVE).strip()
        try:
            return int(text)
        except ValueError:
            return None

    def _changed(self, item, column) -> None:
        if column == INITIATIVE:
            self.sort_by_initiative()

    def sort_by_initiative(self) -> None:
        """Highest first; those without one after, ties and the rest in desk order."""
        people = self.ui.people
        items = self._items()
        current = people.currentItem()
        rank = {cid: n for n, cid in enumerate(self._desk_order)}

        def key(item):
            value = self._initiative_of(item)
            return (value is None, -(value or 0), rank.get(item.data(NAME, ID_ROLE), 0))

        ordered = sorted(items, key=key)
        if ordered == items:
            return
        people.blockSignals(True)
        for _ in range(people.topLevelItemCount()):
            people.takeTopLevelItem(0)
        people.addTopLevelItems(ordered)
        people.blockSignals(False)
        if current is not None:
            people.setCurrentItem(current)

    def roll(self) -> bool:
        """HarmDesk rolls the dice for each ticked character without an initiative."""
        expr = self.ui.dice.text().strip()
        try:
            if not dice_sides(expr):  # read first: UserError names what is wrong
                raise UserError(f"{expr or 'nothing'} has no dice to roll")
            rolled = {id(item): dice_total(expr, roll_faces(expr, self.rng)).total
                      for item in self._items() if self._takes_part(item)
                      and self._initiative_of(item) is None}
        except UserError as err:
            self.show_message(f"Initiative dice: {err}")
            return False
        if not rolled:
            self.show_message("Everyone taking part has an initiative already; clear one to "
                              "roll it again.", error=False)
            return False
        self.ui.people.blockSignals(True)
        for item in self._items():
            if id(item) in rolled:
                item.setText(INITIATIVE, str(rolled[id(item)]))
        self.ui.people.blockSignals(False)
        self.sort_by_initiative()
        self.show_message(f"Rolled {expr} for {len(rolled)} of them; type over any to change it.",
                          error=False)
        return True

    @staticmethod
    def _takes_part(item) -> bool:
        return item.checkState(NAME) == Qt.CheckState.Checked

    def show_message(self, text: str, error: bool = True) -> None:
        self.ui.message.setStyleSheet(ERROR_STYLE if error else "")
        self.ui.message.setText(text)

    # the result ------------------------------------------------------------------------
    def order(self) -> list[str]:
        return [item.data(NAME, ID_ROLE) for item in self._items() if self._takes_part(item)]

    def action(self) -> dict | None:
        """The `start_encounter` action; None when nobody takes part."""
        order = self.order()
        if not order:
            return None
        action = {"type": "start_encounter", "mode": self.clock.mode, "order": order}
        if self.initiative:
            given = {item.data(NAME, ID_ROLE): self._initiative_of(item)
                     for item in self._items() if self._takes_part(item)}
            given = {cid: value for cid, value in given.items() if value is not None}
            if given:
                action["initiative"] = given
        return action

    def _accept(self) -> None:
        if not self.order():
            self.show_message("Tick at least one character to take part.")
            return
        self.accept()


class TurnSaveDialog(QDialog):
    """`name` may roll a Save as the turn ends: `saves` are (condition, label) pairs.
    `choice()` after OK: (condition, bumps); after Skip: None. `next_turn` False: the
    turn ends outside an encounter (the End turn chip), and no next turn follows. `odds`:
    what tilts the roll ("Disadvantage: Chronic Pain"), shown above the Bumps."""

    def __init__(self, name: str, saves, rule: str, parent=None, next_turn: bool = True,
                 odds: str = ""):
        from ..forms.ui_turn_save_dialog import Ui_TurnSaveDialog
        super().__init__(parent)
        self.ui = Ui_TurnSaveDialog()
        self.ui.setupUi(self)
        self.skipped = False
        self.ui.promptLabel.setText(f"{name} may roll a Save against one condition"
                                    + (f" ({rule})." if rule else "."))
        self.ui.oddsLabel.setText(f"{odds}." if odds else "")
        self.ui.oddsLabel.setVisible(bool(odds))
        for condition, label in saves:
            self.ui.condition.addItem(label, condition)
        ok = self.ui.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("&Save and next turn" if next_turn else "&Save and end the turn")
        self.skip_button = self.ui.buttons.addButton("S&kip the Save",
                                                     QDialogButtonBox.ButtonRole.ActionRole)
        self.skip_button.setToolTip("Next turn without a Save" if next_turn
                                    else "End the turn without a Save")
        self.skip_button.clicked.connect(self._skip)
        self.ui.buttons.accepted.connect(self.accept)
        self.ui.buttons.rejected.connect(self.reject)
        self.ui.bumps.setFocus()
        self.ui.bumps.selectAll()

    def _skip(self) -> None:
        self.skipped = True
        self.accept()

    def choice(self) -> tuple[str, int] | None:
        if self.skipped:
            return None
        self.ui.bumps.interpretText()
        return self.ui.condition.currentData(), self.ui.bumps.value()


def ask_turn_save(parent, name: str, saves, rule: str, odds: str = "", next_turn: bool = True):
    """(condition, bumps) for the Save `name` may roll as their turn ends, None to skip
    it, False when the GM cancels."""
    dialog = TurnSaveDialog(name, saves, rule, parent, next_turn=next_turn, odds=odds)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return dialog.choice()
    finally:
        dialog.deleteLater()
