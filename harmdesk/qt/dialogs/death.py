"""The GM's ruling on life and death for the selected characters (`set_death`), as the
game's display profile reads it (`Profile.death_ruling`).

Stonetop: any of the five death states, with the HP the GM chooses (ST-6, ST-7): Garet
healed to 4/8 while out of the action comes back in only this way. Lux Aeterna: the dead
are brought back with the HP (and Strain) the GM chooses, or the living ruled dead
(LA-4, LA-10). Freedom Fantasies has no such ruling: an ended Story stays ended (FF-3).
"""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QHBoxLayout, QVBoxLayout, QWidget

from ...desk.explain import refusal as rules_refusal
from ...desk.moves import ruling_hp, ruling_strain_top
from ..forms.ui_death_dialog import Ui_DeathDialog
from .common import Choice, Desk, Invalid, Validated, form_layout, note_label, spin, target_value


class DeathDialog(Validated, QDialog):
    """Result: `actions()` (one `set_death` for those whose state changes)."""

    def __init__(self, profile, state: dict, targets, parent: QWidget | None = None):
        super().__init__(parent)
        self.ui = Ui_DeathDialog()
        self.ui.setupUi(self)
        self.init_validation()
        self.profile = profile
        self.ruling = ruling = profile.death_ruling
        self.desk = Desk(state, tuple(targets))
        self.preview_state = state
        self.strain = None
        layout = QVBoxLayout(self.ui.ruling)
        layout.setContentsMargins(0, 0, 0, 0)
        chars = self.desk.chars()
        self.state = None
        if ruling is None:
            layout.addWidget(note_label(profile.no_death_ruling))
        else:
            self.state = Choice(ruling.heading, list(ruling.choices))
            self.state.set_value(ruling.proposed(chars))
            low, most, proposed = ruling_hp(chars, ruling.lowest_hp)
            layout.addWidget(self.state)
            form = form_layout()
            self.set_hp = QCheckBox("Set &HP to")
            self.hp = spin(low, most, proposed, "HP after the ruling",
                           f"HP, at most {most} (max HP)")
            form.addRow(self.row(self.set_hp, self.hp))
            self.state.changed.connect(self.revalidate)
            self.set_hp.toggled.connect(self.hp.setEnabled)
            self.set_hp.toggled.connect(self.revalidate)
            self.hp.valueChanged.connect(self.revalidate)
            self.hp.setEnabled(False)
            if ruling.sets_strain:
                top = ruling_strain_top(chars)
                self.set_strain = QCheckBox("Set &Strain to")
                self.strain = spin(0, top, 0, "Strain after the ruling",
                                   f"Strain, at most {top}: a Wounded character dies at the "
                                   "start of a turn with maximum Strain")
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
        if self.ruling is None:
            return char["name"]
        where = self.ruling.where(char)
        hp = str(char["hp"]).replace("-", "\u2212")
        return f"{char['name']} ({where}, {hp}/{char['max_hp']} HP)"

    def sync(self) -> None:
        """HP and Strain go with a ruling that leaves the character alive and not dying."""
        free = self.ruling.alive(self.state.value())
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
        """Those the ruling changes: another state, or (where the game says so) other HP."""
        chars = self.desk.characters
        return [c for c in ids if self.ruling.changes(chars[c], value, hp)]

    def build(self) -> list[dict]:
        ids = self.desk.need_targets()
        if self.ruling is None:
            raise Invalid(f"{self.profile.title} has no death state to rule on.")
        value = self.state.value()
        hp = self.hp.value() if self.set_hp.isChecked() else None
        action = {"type": "set_death", self.ruling.key: value}
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
