"""Adding a character to the desk or editing one's sheet, as the game's profile lists it.

Adding gives an `add_character` action with a fresh id made from the name;
editing gives an `edit_character` action with only the fields that changed.
The rules core checks the sheet and explains the edit before OK.
"""

from __future__ import annotations

import itertools

from PySide6.QtWidgets import QComboBox, QDialog, QLineEdit, QSpinBox, QWidget

from ...desk.explain import explain
from ...desk.library import new_id
from ...desk.players import chosen, seen_words, visibility
from ...desk.rolling import dice_sides
from ...errors import UserError
from ...profiles.parts import KIND_LABELS, words
from ..forms.ui_character_dialog import Ui_CharacterDialog
from .common import Invalid, Validated, combo, line, parse_names, select_data, spin

# the "Players see" choices after the kind's default (the first, None: left off the sheet)
PLAYERS_SEE = (("In full", "full"), ("As words only", "words"), ("Hidden", "hidden"))
A_KIND = {"pc": "a PC", "follower": "a follower", "npc": "an NPC", "monster": "a monster",
          "object": "an object"}
PIERCING = [("none", None), *((str(n), n) for n in range(1, 7)), ("x (equal to Prosperity)", "x")]


def plain_attack(attack: dict | None) -> dict | None:
    """An attack without empty keys, so an unchanged one compares equal."""
    if not attack:
        return None
    return {k: v for k, v in attack.items() if v not in (None, [], 0, False, "")}


# the sheet's fields and the attack, shared with the other dialogs that edit them (a
# creature template holds the same fields and attack) -----------------------------------
def field_widget(sheet_field) -> QWidget:
    """The input for one `SheetField`: a die's choice, a list of names, or a number."""
    name = words(sheet_field.key).capitalize().replace("Hp", "HP")
    kind, options, tip = sheet_field.kind, sheet_field.options, sheet_field.tip
    if kind == "die":
        box = combo([(d, d) for d in options], name, tip)
        select_data(box, "d6")
        return box
    if kind == "types":
        return line(name, "none", tip)
    special = "not tracked" if kind == "supplies" else ""
    return spin(*options, name, tip, special)


def field_value(widget: QWidget):
    if isinstance(widget, QSpinBox):
        value = widget.value()
        return None if widget.specialValueText() and value == widget.minimum() else value
    if isinstance(widget, QComboBox):
        return widget.currentData()
    return parse_names(widget.text(), "damage type")


def set_field(widget: QWidget, value) -> None:
    if isinstance(widget, QSpinBox):
        widget.setValue(widget.minimum() if value is None else int(value))
    elif isinstance(widget, QComboBox):
        select_data(widget, value)
    else:
        widget.setText(", ".join(words(v) for v in value or []))


def hide_attack_rows(ui, holds) -> None:
    """Only the attack rows the game's attacks hold (`profile.attack_fields`)."""
    form = ui.attackForm
    form.setRowVisible(ui.piercingCombo, "piercing" in holds)
    form.setRowVisible(ui.tagsEdit, "tags" in holds)
    form.setRowVisible(ui.damageTypeEdit, "damage_type" in holds)


def show_attack(ui, attack: dict | None) -> None:
    """`attack` in a form's attack box (attackBox, diceEdit, piercingCombo, tagsEdit,
    damageTypeEdit): ticked when there is one."""
    if not attack:
        return
    ui.attackBox.setChecked(True)
    ui.diceEdit.setText(str(attack.get("dice", "")))
    select_data(ui.piercingCombo, attack.get("piercing"))
    ui.tagsEdit.setText(", ".join(words(t) for t in attack.get("tags", [])))
    ui.damageTypeEdit.setText(words(attack.get("damage_type") or ""))


def read_attack(ui, holds) -> dict | None:
    """The attack a form's attack box holds (None when unticked); Invalid when bad."""
    if not ui.attackBox.isChecked():
        return None
    expr = ui.diceEdit.text().strip().lower()
    if not expr:
        raise Invalid("Give the attack's damage dice, such as d8+2, or untick Attack.")
    try:
        if not dice_sides(expr):
            raise Invalid(f"{expr} has no die: an attack's damage is dice, such as d8+2.")
    except UserError as err:
        raise Invalid(err.message) from None
    attack = {"dice": expr}
    if "piercing" in holds:
        attack["piercing"] = ui.piercingCombo.currentData()
    if "tags" in holds:
        attack["tags"] = parse_names(ui.tagsEdit.text(), "tag")
    if "damage_type" in holds:
        types = parse_names(ui.damageTypeEdit.text(), "damage type")
        if len(types) > 1:
            raise Invalid("An attack has one damage type.")
        attack["damage_type"] = types[0] if types else None
    return plain_attack(attack)


class CharacterDialog(Validated, QDialog):
    """Add (character None) or edit a character. Result: `action()`; None when an edit
    changes nothing."""

    def __init__(self, profile, parent: QWidget | None = None, character: dict | None = None,
                 existing_ids=(), settings: dict | None = None):
        super().__init__(parent)
        self.ui = Ui_CharacterDialog()
        self.ui.setupUi(self)
        self.init_validation()
        self.profile, self.character = profile, character
        self.system = profile.name
        self.existing = set(existing_ids) - ({character["id"]} if character else set())
        self.settings = profile.full_settings(settings)
        for kind in profile.kinds:
            self.ui.kindCombo.addItem(KIND_LABELS[kind], kind)
        self.ui.playersSeeCombo.addItem("", None)  # the kind's default, named by _name_default
        for value in PLAYERS_SEE:
            self.ui.playersSeeCombo.addItem(*value)
        self.ui.kindCombo.currentIndexChanged.connect(self._name_default)
        self._name_default()
        self.fields: dict[str, QWidget] = {}
        for sheet_field in profile.sheet:
            self.fields[sheet_field.key] = widget = field_widget(sheet_field)
            self.ui.sheetForm.addRow(sheet_field.label, widget)
        for value in PIERCING:
            self.ui.piercingCombo.addItem(*value)
        self.ui.sheetBox.setTitle(f"{profile.title} sheet")
        hide_attack_rows(self.ui, profile.attack_fields)
        self.initial = self._load(character) if character else {}
        self._last_max = self._value("max_hp") if "max_hp" in self.fields else None
        if character is None and "hp" in self.fields and "max_hp" in self.fields:
            self.fields["max_hp"].valueChanged.connect(self._hp_follows_max)
        self.setWindowTitle(f"Edit {character['name']}" if character else "Add a character")
        self._tab_order()
        for widget in (self.ui.nameEdit, self.ui.kindCombo, self.ui.playersSeeCombo,
                       self.ui.attackBox, self.ui.diceEdit,
                       self.ui.piercingCombo, self.ui.tagsEdit, self.ui.damageTypeEdit,
                       *self.fields.values()):
            self._watch(widget)
        self.ui.nameEdit.setFocus()
        self.revalidate()

    # building -----------------------------------------------------------------
    def _name_default(self) -> None:
        """The first "Players see" choice names the default of the kind chosen now."""
        kind = self.ui.kindCombo.currentData()
        text = {value: text for text, value in PLAYERS_SEE}[visibility({"kind": kind})]
        self.ui.playersSeeCombo.setItemText(
            0, f"{text} (the default for {A_KIND.get(kind, 'this kind')})")

    def _tab_order(self) -> None:
        chain = [self.ui.nameEdit, self.ui.kindCombo, self.ui.playersSeeCombo,
                 *self.fields.values(), self.ui.attackBox,
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
        return field_value(self.fields[key])

    def _set(self, key: str, value) -> None:
        set_field(self.fields[key], value)

    def _load(self, char: dict) -> dict:
        self.ui.nameEdit.setText(char.get("name", ""))
        select_data(self.ui.kindCombo, char.get("kind"))
        select_data(self.ui.playersSeeCombo, char.get("players_see"))
        self.ui.idLabel.setText(char["id"])
        initial = {}
        for sheet_field in self.profile.sheet:
            key = sheet_field.key
            self._set(key, char.get(sheet_field.source or key, char.get(key)))
            initial[key] = self._value(key)
        show_attack(self.ui, char.get("attack"))
        return initial

    def _attack(self) -> dict | None:
        return read_attack(self.ui, self.profile.attack_fields)

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
        seen = chosen(kind, self.ui.playersSeeCombo.currentData())
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
            if seen is not None:
                sheet["players_see"] = seen
            action = {"type": "add_character", "character": sheet}
        else:
            changes = {k: v for k, v in values.items() if v != self.initial.get(k)}
            if name != self.character.get("name"):
                changes["name"] = name
            if kind != self.character.get("kind"):
                changes["kind"] = kind
            if attack != plain_attack(self.character.get("attack")):
                changes["attack"] = attack
            if seen != chosen(kind, self.character.get("players_see")):
                changes["players_see"] = seen
            if not changes:
                return []
            action = {"type": "edit_character", "target": self.character["id"],
                      "changes": changes}
        return [action]

    def preview(self, actions: list[dict]) -> tuple[str | None, list[str]]:
        """Ask the rules core: a refused sheet says why; an accepted one explains itself."""
        chars = {self.character["id"]: self.character} if self.character else {}
        state = {"system": self.system, "settings": self.settings, "characters": chars}
        refusal, lines = explain(state, actions[0])
        sheet = actions[0].get("character", {})
        if refusal is None and sheet.get("players_see"):  # the rules say nothing of it on adding
            lines = [*lines, f"{sheet['name']}: {seen_words(sheet['players_see'])}"]
        return refusal, lines

    def action(self) -> dict | None:
        """The action to submit; None when nothing changed or the input is bad (a
        sheet the rules refuse is returned, with `problem` saying why)."""
        try:
            built = self.build()
        except Invalid:
            return None
        return built[0] if built else None
