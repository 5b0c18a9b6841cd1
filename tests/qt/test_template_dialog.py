"""The template editor: what it writes is what `read_template` makes of the form, a field
left blank is asked for later and says so, a starter quotes its source read-only, and an
edit says tiles already on the desk keep what they were given."""

import dataclasses

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QLineEdit, QPlainTextEdit, QSpinBox

from harmdesk.desk.library import read_template, starters
from harmdesk.profiles import profile_for
from harmdesk.qt.dialogs.template import EDIT_NOTE, TO_FILL_IN, TemplateDialog

NAME = "<b>Bold</b> & <img src=x>"


@pytest.fixture
def stonetop():
    return profile_for("stonetop")


def editor(qtbot, profile, template=None, campaign="Desk"):
    dialog = TemplateDialog(profile, campaign, None, template)
    qtbot.addWidget(dialog)
    return dialog


def ok(dialog):
    return dialog.ui.buttonBox.button(QDialogButtonBox.StandardButton.Ok)


def test_a_new_template_is_what_the_form_holds(qtbot, stonetop):
    dialog = editor(qtbot, stonetop)
    ui = dialog.ui
    ui.nameEdit.setText(f"  {NAME} ")
    ui.kindCombo.setCurrentIndex(ui.kindCombo.findData("monster"))
    ui.hpEdit.setText("2d6+2")
    dialog.fields["armor"].setValue(1)
    ui.attackBox.setChecked(True)
    ui.diceEdit.setText("d6")
    ui.piercingCombo.setCurrentIndex(ui.piercingCombo.findData(1))
    ui.tagsEdit.setText("forceful")
    ui.countSpin.setValue(6)
    ui.notesEdit.setPlainText("thorn-spirits")
    assert ok(dialog).isEnabled() and ok(dialog).text() == "&Save"
    made = dialog.template()
    assert (made.id, made.system, made.name, made.kind, made.hp, made.count, made.notes) == \
        (None, "stonetop", NAME, "monster", "2d6+2", 6, "thorn-spirits")
    assert made.sheet == {"armor": 1}
    assert made.attack == {"dice": "d6", "piercing": 1, "tags": ["forceful"]}
    assert made.campaign is None and made.missing() == []
    assert not ui.missingLabel.isVisible() and ui.missingLabel.text() == ""


def test_keep_to_this_campaign_names_it(qtbot, stonetop):
    dialog = editor(qtbot, stonetop, campaign="Night & Day")
    dialog.ui.nameEdit.setText("Coedwig")
    dialog.ui.hpEdit.setText("3")
    assert dialog.template().campaign is None
    assert dialog.ui.keepCheck.text() == "Keep to this campaign (Night && Day)"
    dialog.ui.keepCheck.setChecked(True)
    assert dialog.template().campaign == "Night & Day"


def test_bad_dice_keep_save_off_with_the_cores_own_words(qtbot, stonetop):
    dialog = editor(qtbot, stonetop)
    dialog.ui.nameEdit.setText("Coedwig")
    dialog.ui.hpEdit.setText("2d")
    with pytest.raises(Exception) as refused:
        read_template("stonetop", {**dialog.data(), "hp": "2d"}, "the template")
    assert not ok(dialog).isEnabled()
    assert dialog.template() is None
    shown = dialog.ui.messageLabel.text()
    assert shown and shown == refused.value.message  # the core's words, not the window's
    dialog.ui.hpEdit.setText("2d6")
    assert ok(dialog).isEnabled() and dialog.ui.messageLabel.text() == ""


def test_a_template_needs_a_name(qtbot, stonetop):
    dialog = editor(qtbot, stonetop)
    assert not ok(dialog).isEnabled()
    assert "name" in dialog.ui.messageLabel.text()


def test_hp_and_a_harm_field_left_blank_are_asked_for_later(qtbot, stonetop):
    dialog = editor(qtbot, stonetop)
    dialog.ui.nameEdit.setText("Hagr")
    armor = dialog.fields["armor"]
    assert isinstance(armor, QSpinBox)
    armor.setValue(armor.minimum())
    assert armor.text() == TO_FILL_IN
    made = dialog.template()
    assert made.hp is None and "armor" not in made.sheet
    missing = made.missing()
    assert "HP" in missing and len(missing) == 2
    assert dialog.ui.missingLabel.isVisibleTo(dialog)
    assert all(label in dialog.ui.missingLabel.text() for label in missing)
    assert ok(dialog).isEnabled()  # blank is allowed: the add dialog asks


def test_a_starter_shows_its_source_read_only_and_keeps_it(qtbot, stonetop):
    starter = next(t for t in starters("stonetop") if t.name.lower().startswith("coedwig"))
    saved = dataclasses.replace(starter, id=7)
    dialog = editor(qtbot, stonetop, saved)
    source = dialog.ui.sourceLabel
    assert isinstance(source, QLabel) and source.text() == starter.source
    assert source.textFormat() == Qt.TextFormat.PlainText and source.isVisibleTo(dialog)
    assert not dialog.findChildren(QLineEdit, "sourceLabel")
    made = dialog.template()
    assert made.source == starter.source and made.id == 7
    assert made.attack == starter.attack and made.hp == starter.hp
    assert made.missing() == starter.missing()


def test_editing_says_tiles_keep_what_they_were_given(qtbot, stonetop):
    new = editor(qtbot, stonetop)
    assert not new.ui.copiesLabel.isVisibleTo(new)
    starter = starters("stonetop")[0]
    from_a_tile = editor(qtbot, stonetop, starter)  # Save as template: not saved yet
    assert not from_a_tile.ui.copiesLabel.isVisibleTo(from_a_tile)
    edited = editor(qtbot, stonetop, dataclasses.replace(starter, id=3))
    assert edited.ui.copiesLabel.isVisibleTo(edited)
    assert edited.ui.copiesLabel.text() == EDIT_NOTE
    assert "Tiles already on the desk keep what they were given" in EDIT_NOTE


def test_each_game_offers_its_own_harm_fields(qtbot):
    for system in ("stonetop", "lux_aeterna", "freedom_fantasies"):
        profile = profile_for(system)
        dialog = editor(qtbot, profile)
        assert list(dialog.fields) == [f.key for f in profile.library.fields], system
        form = dialog.ui.sheetForm
        assert form.rowCount() == len(profile.library.fields)
        kinds = [dialog.ui.kindCombo.itemData(i) for i in range(dialog.ui.kindCombo.count())]
        assert set(kinds) <= {"npc", "monster", "follower"} and "monster" in kinds


def test_a_name_in_markup_reads_as_typed(qtbot, stonetop):
    dialog = editor(qtbot, stonetop, dataclasses.replace(starters("stonetop")[0], id=1,
                                                         name=NAME))
    assert dialog.ui.nameEdit.text() == NAME
    assert dialog.windowTitle() == f"Edit the template {NAME}"
    for label in dialog.findChildren(QLabel):
        if label.text() and label.objectName().endswith("Label"):
            assert label.textFormat() == Qt.TextFormat.PlainText, label.objectName()
    assert isinstance(dialog.ui.notesEdit, QPlainTextEdit)
