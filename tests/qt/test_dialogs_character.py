"""Adding and editing characters: ids, changed-only edits, attacks, the rules' checks."""

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.demo import ensure_demo
from harmdesk.desk.library import new_id
from harmdesk.desk.service import Service
from harmdesk.profiles import profile_for
from harmdesk.qt.controller import DeskController
from harmdesk.qt.dialogs.character import CharacterDialog
from harmdesk.store import Store

OK = QDialogButtonBox.StandardButton.Ok


@pytest.fixture
def desks(qtbot, tmp_path):
    store = Store.open(tmp_path)
    ensure_demo(store)
    made = {}
    for info in store.campaigns():
        desk = DeskController()
        desk.set_service(Service.on(Campaign.open(store, info["name"])))
        made[info["system"]] = desk
    yield made
    store.close()


@pytest.fixture
def dialog(qtbot):
    def make(system, **kwargs):
        dlg = CharacterDialog(profile_for(system), **kwargs)
        qtbot.addWidget(dlg)
        return dlg
    return make


def test_new_ids_are_readable_and_unique():
    assert new_id("The Heavy", ["heavy"]) == "the_heavy"
    assert new_id("The Heavy", ["the_heavy", "the_heavy_2"]) == "the_heavy_3"
    assert new_id("Éowyn of Rohan!", []) == "eowyn_of_rohan"
    assert new_id("???", []) == "character"


def test_add_a_stonetop_character_with_an_attack(qtbot, dialog, desks):
    desk = desks["stonetop"]
    dlg = dialog("stonetop", existing_ids=list(desk.state["characters"]))
    assert "Give the character a name" in dlg.ui.messageLabel.text()
    assert not dlg.ui.buttonBox.button(OK).isEnabled()
    qtbot.keyClicks(dlg.ui.nameEdit, "Hagr")  # "hagr" is taken on the demo desk
    dlg.ui.kindCombo.setCurrentIndex(dlg.ui.kindCombo.findData("monster"))
    dlg.fields["max_hp"].setValue(18)
    assert dlg.fields["hp"].value() == 18  # HP now follows the maximum while adding
    dlg.fields["armor"].setValue(2)
    dlg.ui.attackBox.setChecked(True)
    qtbot.keyClicks(dlg.ui.diceEdit, "d10+3")
    dlg.ui.piercingCombo.setCurrentIndex(dlg.ui.piercingCombo.findData("x"))
    qtbot.keyClicks(dlg.ui.tagsEdit, "Forceful, messy")
    action = dlg.action()
    assert action == {"type": "add_character", "character": {
        "id": "hagr_2", "name": "Hagr", "kind": "monster", "max_hp": 18, "armor": 2,
        "attack": {"dice": "d10+3", "piercing": "x", "tags": ["forceful", "messy"]}}}
    assert dlg.ui.idLabel.text() == "hagr_2"
    assert dlg.ui.previewLabel.text() == "Hagr joins the desk"
    assert desk.submit(action)
    assert desk.state["characters"]["hagr_2"]["attack"]["piercing"] == "x"


def test_supplies_not_tracked_is_left_out_and_a_number_is_kept(qtbot, dialog):
    dlg = dialog("stonetop")
    qtbot.keyClicks(dlg.ui.nameEdit, "Afon")
    assert "supplies" not in dlg.action()["character"]
    assert dlg.fields["supplies"].text() == "not tracked"
    dlg.fields["supplies"].setValue(3)
    assert dlg.action()["character"]["supplies"] == 3


def test_bad_dice_are_refused_inline(qtbot, dialog):
    dlg = dialog("lux_aeterna")
    qtbot.keyClicks(dlg.ui.nameEdit, "Wraith")
    dlg.ui.attackBox.setChecked(True)
    assert "Give the attack's damage dice" in dlg.ui.messageLabel.text()
    qtbot.keyClicks(dlg.ui.diceEdit, "2d6+")
    assert "2d6+ is not a dice expression: something is missing after +" in \
        dlg.ui.messageLabel.text()
    dlg.ui.diceEdit.setText("5")
    assert "has no die" in dlg.ui.messageLabel.text()
    dlg.ui.diceEdit.setText("2d6+2")
    assert dlg.problem is None and dlg.ui.buttonBox.button(OK).isEnabled()


def test_the_rules_check_the_sheet(qtbot, dialog):
    dlg = dialog("stonetop")
    qtbot.keyClicks(dlg.ui.nameEdit, "Reeve")
    dlg.ui.kindCombo.setCurrentIndex(dlg.ui.kindCombo.findData("npc"))
    dlg.fields["hp"].setValue(30)  # above max HP 10
    assert "`hp` must be at most 10" in dlg.ui.messageLabel.text()
    assert not dlg.ui.buttonBox.button(OK).isEnabled()


def test_edit_sends_only_changed_fields(dialog, desks):
    desk = desks["stonetop"]
    hagr = desk.state["characters"]["hagr"]
    dlg = dialog("stonetop", character=hagr, existing_ids=list(desk.state["characters"]))
    assert dlg.action() is None  # opening changes nothing
    assert dlg.ui.previewLabel.text() == "Nothing changes."
    assert dlg.ui.attackBox.isChecked() and dlg.ui.diceEdit.text() == "d10+3"
    lower = hagr["hp"] - 1  # below the current HP, which the rules lower with it
    dlg.fields["max_hp"].setValue(lower)
    assert dlg.action() == {"type": "edit_character", "target": "hagr",
                            "changes": {"max_hp": lower}}
    assert (f"HP {hagr['hp']} → {lower} (lowered with the maximum)"
            in dlg.ui.previewLabel.text())
    dlg.ui.nameEdit.setText("Old Hagr")
    dlg.ui.attackBox.setChecked(False)
    assert dlg.action()["changes"] == {"max_hp": lower, "name": "Old Hagr", "attack": None}
    assert desk.submit(dlg.action())
    assert "attack" not in desk.state["characters"]["hagr"]
    assert desk.state["characters"]["hagr"]["hp"] == lower


def test_lux_aeterna_edit_reads_the_sheet_not_the_current_values(dialog, desks):
    desk = desks["lux_aeterna"]
    char = dict(next(iter(desk.state["characters"].values())))
    # an Open Wound makes the current die smaller than the sheet's; spent dice fewer
    char.update(base_resolve_die="d8", resolve_die="d6", resolve_dice_max=3, resolve_dice=1)
    dlg = dialog("lux_aeterna", character=char)
    assert dlg.fields["resolve_die"].currentData() == "d8"
    assert dlg.fields["resolve_dice"].value() == 3
    assert dlg.action() is None
    dlg.fields["save_score"].setValue(char["save_score"] + 1)
    assert dlg.action()["changes"] == {"save_score": char["save_score"] + 1}


def test_freedom_fantasies_sheet_and_typed_attack(qtbot, dialog, desks):
    desk = desks["freedom_fantasies"]
    dlg = dialog("freedom_fantasies", existing_ids=list(desk.state["characters"]))
    assert dlg.ui.attackForm.isRowVisible(dlg.ui.damageTypeEdit)
    assert not dlg.ui.attackForm.isRowVisible(dlg.ui.piercingCombo)
    qtbot.keyClicks(dlg.ui.nameEdit, "Fire imp")
    dlg.fields["might"].setValue(-1)
    dlg.fields["immune"].setText("fire")
    dlg.fields["vulnerable"].setText("cold, holy water")
    dlg.ui.attackBox.setChecked(True)
    dlg.ui.diceEdit.setText("d6+1")
    dlg.ui.damageTypeEdit.setText("Fire")
    sheet = dlg.action()["character"]
    assert sheet["might"] == -1 and sheet["immune"] == ["fire"]
    assert sheet["vulnerable"] == ["cold", "holy_water"]
    assert sheet["attack"] == {"dice": "d6+1", "damage_type": "fire"}
    assert desk.submit(dlg.action())
    assert desk.state["characters"]["fire_imp"]["block"] == -1


def test_tab_order_runs_through_the_sheet(dialog):
    dlg = dialog("stonetop")
    assert dlg.ui.nameEdit.nextInFocusChain() is not None
    order, widget = [], dlg.ui.nameEdit
    for _ in range(8):
        widget = widget.nextInFocusChain()
        order.append(widget)
    assert order.index(dlg.ui.kindCombo) < order.index(dlg.ui.playersSeeCombo) < \
        order.index(dlg.fields["max_hp"])
