"""Adding a character to the desk or editing one's sheet, per game.

Adding gives an `add_character` action with a fresh id made from the name;
editing gives an `edit_character` action with only the fields that changed.
The rules core checks the sheet and explains the edit before OK.
"""

from __future__ import annotations

import itertools
import re
import unicodedata

from PySide6.QtWidgets import QComboBox, QDialog, QLineEdit, QSpinBox, QWidget

from ...display import KIND_LABELS
from ...errors import UserError
from ...session import dice_sides, explain
from ...vocabulary import DIE_CHAIN, full_settings, system_named
from ..forms.ui_character_dialog import Ui_CharacterDialog
from .common import (
    Invalid,
    Validated,
    combo,
    line,
    parse_names,
    select_data,
    spin,
    words,
)

NOT_TRACKED = -1  # the supplies spin box's "not tracked" (null) value

# (key, label, kind, options): the sheet fields a GM sets, per game
SHEETS = {
    "stonetop": (
        ("max_hp", "&Max HP:", "int", (1, 999, 10)), ("hp", "&HP now:", "int", (0, 999, 10)),
        ("armor", "A&rmor:", "int", (0, 20, 0)),
        ("supplies", "&Supplies:", "supplies", (NOT_TRACKED, 99, NOT_TRACKED)),
    ),
    "lux_aeterna": (
        ("max_hp", "&Max HP:", "int", (1, 999, 10)),
        ("max_strain", "Max St&rain:", "int", (1, 20, 3)),
        ("save_score", "Sa&ve score:", "int", (-20, 50, 0)),
        ("resolve_die", "Resolve &die:", "die", DIE_CHAIN),
        ("resolve_dice", "Resolve di&ce:", "int", (0, 20, 0)),
    ),
    "freedom_fantasies": (
        ("hp", "&HP (the limit):", "int", (1, 999, 10)),
        ("might", "&Might:", "int", (-10, 30, 0)),
        ("block_bonus", "&Block Bonus:", "int", (-10, 30, 0)),
        ("immune", "&Immune to:", "types", ()), ("resistant", "&Resistant to:", "types", ()),
        ("vulnerable", "&Vulnerable to:", "types", ()),
        ("supplies", "&Supplies:", "supplies", (NOT_TRACKED, 99, NOT_TRACKED)),
    ),
}
TIPS = {
    "max_hp": "Maximum Hit Points", "hp": "Current Hit Points",
    "armor": "Armor subtracts from each hit (less piercing)",
    "supplies": "Uses of supplies; 'not tracked' leaves them to the table",
    "max_strain": "Strain at which a Wounded character dies",
    "save_score": "Added to Saves and the Brush with Death roll",
    "resolve_die": "The size of the Resolve dice on the sheet",
    "resolve_dice": "How many Resolve dice the character has",
    "might": "Might, part of the Block Rating", "block_bonus": "Block Bonus from armor",
    "immune": "Damage types that do nothing, separated by commas",
    "resistant": "Damage types that are halved, separated by commas",
    "vulnerable": "Damage types that are doubled, separated by commas",
}
# where an edited character keeps the sheet's value (the state holds the current one)
SHEET_SOURCE = {"resolve_die": "base_resolve_die", "resolve_dice": "resolve_dice_max"}
PIERCING = [("none", None), *((str(n), n) for n in range(1, 7)), ("x (equal to Prosperity)", "x")]


def new_id(name: str, existing) -> str:
    """A readable, unique id from a name: "The Heavy" -> the_heavy (the_heavy_2 if taken)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    base = re.sub(r"[^a-z0-9]+", "_", plain.lower()).strip("_") or "character"
    taken, candidate, n = set(existing), base, 2
    while candidate in taken:
        candidate, n = f"{base}_{n}", n + 1
    return candidate


def plain_attack(attack: dict | None) -> dict | None:
    """An attack without empty keys, so an unchanged one compares equal."""
    if not attack:
        return None
    return {k: v for k, v in attack.items() if v not in (None, [], 0, False, "")}


class CharacterDialog(Validated, QDialog):
    """Add (character None) or edit a character. Result: `action()`; None when an edit
    changes nothing."""

    def __init__(self, system: str, parent: QWidget | None = None, character: dict | None = None,
                 existing_ids=(), settings: dict | None = None):
        super().__init__(parent)
        self.ui = Ui_CharacterDialog()
        self.ui.setupUi(self)
        self.init_validation()
        self.system, self.character = system, character
        self.existing = set(existing_ids) - ({character["id"]} if character else set())
        self.settings = full_settings(system_named(system), settings or {})
        for kind in system_named(system).kinds:
            self.ui.kindCombo.addItem(KIND_LABELS[kind], kind)
        self.fields: dict[str, QWidget] = {}
        for key, label, kind, options in SHEETS[system]:
            self.fields[key] = widget = self._field(key, kind, options)
            self.ui.sheetForm.addRow(label, widget)
        for value in PIERCING:
            self.ui.piercingCombo.addItem(*value)
        self.ui.sheetBox.setTitle(f"{system_named(system).title} sheet")
        self._hide_attack_rows()
        self.initial = self._load(character) if character else {}
        self._last_max = self._value("max_hp") if "max_hp" in self.fields else None
        if character is None and "hp" in self.fields and "max_hp" in self.fields:
            self.fields["max_hp"].valueChanged.connect(self._hp_follows_max)
        self.setWindowTitle(f"Edit {character['name']}" if character else "Add a character")
        self._tab_order()
        for widget in (self.ui.nameEdit, self.ui.kindCombo, self.ui.attackBox, self.ui.diceEdit,
                       self.ui.piercingCombo, self.ui.tagsEdit, self.ui.damageTypeEdit,
                       *self.fields.values()):
            self._watch(widget)
        self.ui.nameEdit.setFocus()
        self.revalidate()

    # building -----------------------------------------------------------------
    def _field(self, key: str, kind: str, options) -> QWidget:
        name = words(key).capitalize().replace("Hp", "HP")
        if kind == "die":
            box = combo([(d, d) for d in options], name, TIPS.get(key, ""))
            select_data(box, "d6")
            return box
        if kind == "types":
            return line(name, "none", TIPS.get(key, ""))
        special = "not tracked" if kind == "supplies" else ""
        return spin(*options, name, TIPS.get(key, ""), special)

    def _hide_attack_rows(self) -> None:
        form, ui = self.ui.attackForm, self.ui
        form.setRowVisible(ui.piercingCombo, self.system == "stonetop")
        form.setRowVisible(ui.tagsEdit, self.system == "stonetop")
        form.setRowVisible(ui.damageTypeEdit, self.system == "freedom_fantasies")

    def _tab_order(self) -> None:
        chain = [self.ui.nameEdit, self.ui.kindCombo, *self.fields.values(), self.ui.attackBox,
                 self.ui.diceEdit, self.ui.piercingCombo, self.ui.tagsEdit,
                 self.ui.damageTypeEdit]
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _watch(self, widget: QWidget) -> None:
        if isinstance(widget, QSpinBox):
            widget.valueChanged.connect(self.revalidate)
        elif isinstance(widget, QComboBox):
            widget.currentIndexChanged.connect(self.revalidate)
        elif isinstance(widget, QLineEdit):
            widget.textChanged.connect(self.revalidate)
        else:
            widget.toggled.connect(self.revalidate)

    def _hp_follows_max(self, value: int) -> None:
        """While adding, HP now stays at the maximum unless the GM sets it apart."""
        hp = self.fields["hp"]
        if hp.value() == self._last_max:
            hp.setValue(value)
        self._last_max = value

    # values -------------------------------------------------------------------
    def _value(self, key: str):
        widget = self.fields[key]
        if isinstance(widget, QSpinBox):
            value = widget.value()
            return None if widget.specialValueText() and value == widget.minimum() else value
        if isinstance(widget, QComboBox):
            return widget.currentData()
        return parse_names(widget.text(), "damage type")

    def _set(self, key: str, value) -> None:
        widget = self.fields[key]
        if isinstance(widget, QSpinBox):
            widget.setValue(widget.minimum() if value is None else int(value))
        elif isinstance(widget, QComboBox):
            select_data(widget, value)
        else:
            widget.setText(", ".join(words(v) for v in value or []))

    def _load(self, char: dict) -> dict:
        self.ui.nameEdit.setText(char.get("name", ""))
        select_data(self.ui.kindCombo, char.get("kind"))
        self.ui.idLabel.setText(char["id"])
        initial = {}
        for key in self.fields:
            value = char.get(SHEET_SOURCE.get(key, key), char.get(key))
            self._set(key, value)
            initial[key] = self._value(key)
        attack = char.get("attack")
        if attack:
            self.ui.attackBox.setChecked(True)
            self.ui.diceEdit.setText(str(attack.get("dice", "")))
            select_data(self.ui.piercingCombo, attack.get("piercing"))
            self.ui.tagsEdit.setText(", ".join(words(t) for t in attack.get("tags", [])))
            self.ui.damageTypeEdit.setText(words(attack.get("damage_type") or ""))
        return initial

    def _attack(self) -> dict | None:
        if not self.ui.attackBox.isChecked():
            return None
        expr = self.ui.diceEdit.text().strip().lower()
        if not expr:
            raise Invalid("Give the attack's damage dice, such as d8+2, or untick Attack.")
        try:
            if not dice_sides(expr):
                raise Invalid(f"{expr} has no die: an attack's damage is dice, such as d8+2.")
        except UserError as err:
            raise Invalid(err.message) from None
        attack = {"dice": expr}
        if self.system == "stonetop":
            attack["piercing"] = self.ui.piercingCombo.currentData()
            attack["tags"] = parse_names(self.ui.tagsEdit.text(), "tag")
        if self.system == "freedom_fantasies":
            types = parse_names(self.ui.damageTypeEdit.text(), "damage type")
            if len(types) > 1:
                raise Invalid("An attack has one damage type.")
            attack["damage_type"] = types[0] if types else None
        return plain_attack(attack)

    def character_id(self) -> str:
        if self.character:
            return self.character["id"]
        return new_id(self.ui.nameEdit.text().strip(), self.existing)

    # the result ---------------------------------------------------------------
    def build(self) -> list[dict]:
        name = self.ui.nameEdit.text().strip()
        if not name:
            raise Invalid("Give the character a name.")
        kind = self.ui.kindCombo.currentData()
        values = {key: self._value(key) for key in self.fields}
        attack = self._attack()
        if self.character is None:
            self.ui.idLabel.setText(self.character_id())
            sheet = {"id": self.character_id(), "name": name, "kind": kind}
            for key, value in values.items():
                if key == "hp" and "max_hp" in values and value == values["max_hp"]:
                    continue  # hp defaults to max_hp
                if value not in (None, []):
                    sheet[key] = value
            if attack:
                sheet["attack"] = attack
            action = {"type": "add_character", "character": sheet}
        else:
            changes = {k: v for k, v in values.items() if v != self.initial.get(k)}
            if name != self.character.get("name"):
                changes["name"] = name
            if kind != self.character.get("kind"):
                changes["kind"] = kind
            if attack != plain_attack(self.character.get("attack")):
                changes["attack"] = attack
            if not changes:
                return []
            action = {"type": "edit_character", "target": self.character["id"],
                      "changes": changes}
        return [action]

    def preview(self, actions: list[dict]) -> tuple[str | None, list[str]]:
        """Ask the rules core: a refused sheet says why; an accepted one explains itself."""
        chars = {self.character["id"]: self.character} if self.character else {}
        state = {"system": self.system, "settings": self.settings, "characters": chars}
        return explain(state, actions[0])

    def action(self) -> dict | None:
        """The action to submit; None when nothing changed or the input is bad (a
        sheet the rules refuse is returned, with `problem` saying why)."""
        try:
            built = self.build()
        except Invalid:
            return None
        return built[0] if built else None
