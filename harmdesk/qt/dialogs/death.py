"""The GM's ruling on life and death for the selected characters (`set_death`).

Stonetop: any of the five death states, with the HP the GM chooses (ST-6, ST-7): Garet
healed to 4/8 while out of the action comes back in only this way. Lux Aeterna: the dead
are brought back with the HP (and Strain) the GM chooses, or the living ruled dead
(LA-4, LA-10). Freedom Fantasies has no such ruling: an ended Story stays ended (FF-3).
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QHBoxLayout, QVBoxLayout, QWidget

from ...vocabulary import DEATH_WORDS
from ..forms.ui_death_dialog import Ui_DeathDialog
from .common import (
    Choice,
    Desk,
    Invalid,
    Validated,
    form_layout,
    note_label,
    rules_refusal,
    spin,
    target_value,
)

# ST-6, ST-7: each state as the GM reads it.
STONETOP_STATES = {
    "none": "&None: in the action",
    "dying": "D&ying: at Death's Door, 0 HP",
    "out_of_action": "&Out of the action: unconscious, trapped, disabled",
    "fate_pending": "&Fate pending: Death's Door 6−, the choice is theirs",
    "dead": "D&ead",
}


def shared(values) -> object:
    """The one value everybody has, or None when they differ."""
    values = set(values)
    return next(iter(values)) if len(values) == 1 else None


class DeathDialog(Validated, QDialog):
    """Result: `actions()` (one `set_death` for those whose state changes)."""

    def __init__(self, system: str, state: dict, targets, parent: QWidget | None = None):
        super().__init__(parent)
        self.ui = Ui_DeathDialog()
        self.ui.setupUi(self)
        self.init_validation()
        self.system = system
        self.desk = Desk(state, tuple(targets))
        self.preview_state = state
        self.strain = None
        layout = QVBoxLayout(self.ui.ruling)
        layout.setContentsMargins(0, 0, 0, 0)
        chars = self.desk.chars()
        if system == "stonetop":
            self.state = Choice("Death state (a GM ruling)",
                                [(label, key) for key, label in STONETOP_STATES.items()])
            self.state.set_value(shared(c["death"] for c in chars) or "none")
            low = 0
        elif system == "lux_aeterna":
            self.state = Choice("A GM ruling", [
                ("&Alive: bring them back with the HP you choose", False),
                ("&Dead", True)])
            self.state.set_value(shared(c["dead"] for c in chars) is False)
            low = -999  # HP Debt (LA-3)
        else:
            self.state = None
        if self.state is None:
            layout.addWidget(note_label("Freedom Fantasies has no death state to rule on: an "
                                        "ended Story stays ended (FF-3). Undo a mistaken hit "
                                        "with Ctrl+Z, or correct Damage in the table."))
        else:
            layout.addWidget(self.state)
            form = form_layout()
            most = min((c["max_hp"] for c in chars), default=1)
            self.set_hp = QCheckBox("Set &HP to")
            self.hp = spin(low, most, max(low, min(most, chars[0]["hp"])) if chars else 0,
                           "HP after the ruling", f"HP, at most {most} (max HP)")
            form.addRow(self.row(self.set_hp, self.hp))
            self.state.changed.connect(self.revalidate)
            self.set_hp.toggled.connect(self.hp.setEnabled)
            self.set_hp.toggled.connect(self.revalidate)
            self.hp.valueChanged.connect(self.revalidate)
            self.hp.setEnabled(False)
            if system == "lux_aeterna":
                top = min((c["max_strain"] for c in chars), default=3)
                self.set_strain = QCheckBox("Set &Strain to")
                self.strain = spin(0, top, 0, "Strain after the ruling",
                                   f"Strain, at most {top}: a Wounded character dies at the "
                                   "start of a turn with maximum Strain (LA-6)")
                form.addRow(self.row(self.set_strain, self.strain))
                self.set_strain.toggled.connect(self.strain.setEnabled)
                self.set_strain.toggled.connect(self.revalidate)
                self.strain.valueChanged.connect(self.revalidate)
                self.strain.setEnabled(False)
            layout.addLayout(form)
            self.state.changed.connect(self.sync)
            self.sync()
        layout.addStretch(1)
        self.ui.targetsLabel.setText("For: " + "; ".join(self.now(c) for c in chars))
        self.setWindowTitle(f"Death state — {self.desk.names()}")
        self.revalidate()

    def now(self, char: dict) -> str:
        """A character as the ruling finds them: "Garet (out of the action, 4/8 HP)"."""
        if self.system == "stonetop":
            where = DEATH_WORDS[char["death"]]
        elif self.system == "lux_aeterna":
            where = "dead" if char["dead"] else "alive"
        else:
            return char["name"]
        hp = str(char["hp"]).replace("-", "\u2212")
        return f"{char['name']} ({where}, {hp}/{char['max_hp']} HP)"

    def sync(self) -> None:
        """HP and Strain go with a ruling that leaves the character alive and not dying."""
        value = self.state.value()
        free = value is False if self.system == "lux_aeterna" else value != "dying"
        for box in (self.set_hp, getattr(self, "set_strain", None)):
            if box is not None:
                box.setEnabled(free)
                if not free:
                    box.setChecked(False)

    @staticmethod
    def row(box: QCheckBox, field: QWidget) -> QWidget:
        holder = QWidget()
        row = QHBoxLayout(holder)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(box)
        row.addWidget(field)
        row.addStretch(1)
        return holder

    def _changing(self, ids: list[str], value, hp) -> list[str]:
        """Those the ruling changes: another state, or (for Stonetop) other HP."""
        chars = self.desk.characters
        if self.system == "lux_aeterna":
            return [c for c in ids if chars[c]["dead"] != value]
        return [c for c in ids if chars[c]["death"] != value
                or (hp is not None and chars[c]["hp"] != hp)]

    def build(self) -> list[dict]:
        ids = self.desk.need_targets()
        if self.state is None:
            raise Invalid("Freedom Fantasies has no death state to rule on.")
        value = self.state.value()
        hp = self.hp.value() if self.set_hp.isChecked() else None
        key = "dead" if self.system == "lux_aeterna" else "death"
        action = {"type": "set_death", key: value}
        if hp is not None:
            action["hp"] = hp
        if self.strain is not None and self.set_strain.isChecked():
            action["strain"] = self.strain.value()
        changing = self._changing(ids, value, hp)
        if not changing:
            raise Invalid(rules_refusal(self.desk.state, {**action, "target": ids[0]})
                          or "Nothing changes.")
        return [{**action, "target": target_value(changing)}]

    def actions(self) -> list[dict]:
        try:
            return self.build()
        except Invalid:
            return []
