"""Writing or changing a creature template: its name, kind, notes, HP (a number or dice),
the game's harm fields (`profile.library.fields`), its attack and its default count.

The fields and the attack box are the character dialog's own (`character.field_widget`,
`read_attack`, …). A field left blank is "still to fill in": the add dialog asks for it.
`harmdesk.desk.library.read_template` checks the whole template, as it checks an import,
and its message shows under the form; nothing here decides what a template may hold.
"""

from __future__ import annotations

import dataclasses

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QSpinBox, QWidget

from ...errors import UserError
from ...profiles.parts import KIND_LABELS
from ..forms.ui_template_dialog import Ui_TemplateDialog
from .character import (
    PIERCING,
    field_value,
    field_widget,
    hide_attack_rows,
    read_attack,
    set_field,
    show_attack,
)
from .common import Invalid, Validated, select_data, watch

KINDS = ("npc", "monster", "follower")  # a template's kinds, in the menu's order
TO_FILL_IN = "to fill in"  # a number field left blank: asked when copies are added
EDIT_NOTE = ("Tiles already on the desk keep what they were given: editing the template "
             "changes only copies added later.")


def blank_field(sheet_field) -> QWidget:
    """A harm field that may be left blank (a number's lowest step below its range
    reads "to fill in"; `field_value` gives None for it)."""
    widget = field_widget(sheet_field)
    if isinstance(widget, QSpinBox) and not widget.specialValueText():
        widget.setMinimum(widget.minimum() - 1)
        widget.setSpecialValueText(TO_FILL_IN)
    return widget


class TemplateDialog(Validated, QDialog):
    """Write a template (`template` None, or one not saved yet: Save as template) or
    change one. Result: `template()`, a `Template` ready for `Service.save_template`."""

    def __init__(self, profile, campaign: str, parent: QWidget | None = None,
                 template=None):
        super().__init__(parent)
        self.ui = Ui_TemplateDialog()
        self.ui.setupUi(self)
        self.init_validation()
        self.profile, self.campaign, self.original = profile, campaign, template
        self.ui.buttonBox.button(QDialogButtonBox.StandardButton.Ok).setText("&Save")
        for kind in KINDS:
            if kind in profile.kinds:
                self.ui.kindCombo.addItem(KIND_LABELS[kind], kind)
        self.fields: dict[str, QWidget] = {}
        for sheet_field in profile.library.fields:
            self.fields[sheet_field.key] = widget = blank_field(sheet_field)
            self.ui.sheetForm.addRow(sheet_field.label, widget)
        self.ui.sheetBox.setTitle(f"{profile.title} harm")
        self.ui.sheetBox.setVisible(bool(self.fields))
        for value in PIERCING:
            self.ui.piercingCombo.addItem(*value)
        hide_attack_rows(self.ui, profile.attack_fields)
        self.ui.keepCheck.setText(f"Keep to this campaign ({campaign})".replace("&", "&&"))
        editing = template is not None and template.id is not None
        self.ui.copiesLabel.setText(EDIT_NOTE if editing else "")
        self.ui.copiesLabel.setVisible(editing)
        if template is not None:
            self._load(template)
        else:
            select_data(self.ui.kindCombo, "monster")
            for sheet_field in profile.library.fields:  # a new template starts at the defaults
                if len(sheet_field.options) == 3:
                    set_field(self.fields[sheet_field.key], sheet_field.options[2])
        source = template.source if template is not None else ""
        self.ui.sourceLabel.setText(source)
        self.ui.sourceCaption.setVisible(bool(source))
        self.ui.sourceLabel.setVisible(bool(source))
        if editing:
            self.setWindowTitle(f"Edit the template {template.name}")
        elif template is not None:
            self.setWindowTitle(f"Save {template.name} as a template")
        else:
            self.setWindowTitle("New creature template")
        watch(self.revalidate, self.ui.nameEdit, self.ui.kindCombo, self.ui.hpEdit,
              self.ui.countSpin, self.ui.keepCheck, self.ui.attackBox, self.ui.diceEdit,
              self.ui.piercingCombo, self.ui.tagsEdit, self.ui.damageTypeEdit,
              *self.fields.values())
        self.ui.notesEdit.textChanged.connect(self.revalidate)
        self.ui.nameEdit.setFocus()
        self._built = None
        self.revalidate()

    def _load(self, template) -> None:
        self.ui.nameEdit.setText(template.name)
        select_data(self.ui.kindCombo, template.kind)
        self.ui.hpEdit.setText(template.hp or "")
        self.ui.countSpin.setValue(template.count)
        self.ui.keepCheck.setChecked(template.campaign is not None)
        self.ui.notesEdit.setPlainText(template.notes)
        for key, widget in self.fields.items():
            set_field(widget, template.sheet.get(key))
        show_attack(self.ui, template.attack)

    # the result -------------------------------------------------------------------------
    def data(self) -> dict:
        """The template as export writes it, from the form."""
        sheet = {}
        for key, widget in self.fields.items():
            value = field_value(widget)
            if value not in (None, []):
                sheet[key] = value
        hp = self.ui.hpEdit.text().strip()
        data = {"name": self.ui.nameEdit.text().strip(), "kind": self.ui.kindCombo.currentData(),
                "notes": self.ui.notesEdit.toPlainText().strip(), "hp": hp or None,
                "sheet": sheet, "attack": read_attack(self.ui, self.profile.attack_fields),
                "count": self.ui.countSpin.value()}
        if self.original is not None and self.original.source:
            data["source"] = self.original.source
        return data

    def build(self) -> list:
        from ...desk.library import read_template
        data = self.data()
        if not data["name"]:
            raise Invalid("Give the template a name.")
        try:
            built = read_template(self.profile.name, data, "the template")
        except UserError as err:
            raise Invalid(err.message) from None
        tid = self.original.id if self.original is not None else None
        campaign = self.campaign if self.ui.keepCheck.isChecked() else None
        self._built = dataclasses.replace(built, id=tid, campaign=campaign)
        return [self._built]

    def preview(self, actions: list) -> tuple[str | None, list[str]]:
        return None, []

    def revalidate(self, *_args) -> None:
        self._built = None
        super().revalidate()
        missing = self._built.missing() if self._built is not None else []
        self.ui.missingLabel.setText(
            f"Still to fill in: {', '.join(missing)}. The add dialog asks for "
            f"{'it' if len(missing) == 1 else 'them'} when copies are added."
            if missing else "")
        self.ui.missingLabel.setVisible(bool(missing))

    def template(self):
        """The template the form holds, or None while it is not one."""
        try:
            return self.build()[0]
        except Invalid:
            return None
