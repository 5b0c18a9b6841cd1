"""The Start encounter dialog (who takes part, initiative typed or rolled, the order) and
the end-of-turn Save prompt (LA-14), read through the actions they build."""

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from harmdesk import rules
from harmdesk.desk.rolling import roll_faces
from harmdesk.profiles import profile_for
from harmdesk.qt.dialogs.encounter import (
    INITIATIVE,
    NAME,
    StartEncounterDialog,
    TurnSaveDialog,
)

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LUX = [
    {"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 20},
    {"id": "pau", "name": "Pau", "kind": "pc", "max_hp": 16},
    {"id": "brann", "name": "Brann", "kind": "pc", "max_hp": 12},
    {"id": "wraith", "name": "Ice wraith", "kind": "monster", "max_hp": 40},
]
STONETOP = [
    {"id": "caradoc", "name": "Caradoc", "kind": "pc", "max_hp": 16},
    {"id": "coedwig", "name": "Coedwig", "kind": "monster", "max_hp": 3, "hp": 0,
     "death": "dead"},
    {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 16},
]


def desk(system, party):
    state = rules.new_state(system, {}, party)
    if system == "lux_aeterna":  # Brann is dead, by the GM's ruling
        state = rules.apply(state, {"type": "set_death", "target": "brann",
                                    "dead": True}).state
    return state


def rows(dialog):
    people = dialog.ui.people
    return [(people.topLevelItem(i).text(NAME), people.topLevelItem(i).text(INITIATIVE),
             people.topLevelItem(i).checkState(NAME) == Qt.CheckState.Checked)
            for i in range(people.topLevelItemCount())]


def item(dialog, name):
    people = dialog.ui.people
    return next(people.topLevelItem(i) for i in range(people.topLevelItemCount())
                if people.topLevelItem(i).text(NAME) == name)


@pytest.fixture
def lux(qtbot):
    dialog = StartEncounterDialog(profile_for("lux_aeterna"), desk("lux_aeterna", LUX),
                                  random.Random(7))
    qtbot.addWidget(dialog)
    return dialog


def test_the_living_take_part_and_the_dead_are_left_unticked(lux):
    assert rows(lux) == [("Sara", "", True), ("Pau", "", True), ("Brann", "", False),
                         ("Ice wraith", "", True)]
    assert lux.action() == {"type": "start_encounter", "mode": "turns",
                            "order": ["sara", "pau", "wraith"]}


def test_roll_fills_only_the_empty_initiatives_from_the_apps_roller_and_orders_by_them(lux):
    item(lux, "Pau").setText(INITIATIVE, "12")  # rolled at the table and typed
    expected = random.Random(7)
    sara, wraith = (roll_faces("d20", expected)[0] for _ in range(2))
    assert lux.roll()
    action = lux.action()
    assert action["initiative"] == {"sara": sara, "pau": 12, "wraith": wraith}
    # highest first; those equal keep the desk's order
    by = {"sara": sara, "pau": 12, "wraith": wraith}
    assert action["order"] == sorted(by, key=lambda cid: -by[cid])
    assert "Rolled d20 for 2" in lux.ui.message.text()
    assert not lux.roll()  # everyone has one now: nothing is rolled over a typed one
    assert lux.action()["initiative"]["pau"] == 12


def test_typed_initiative_reorders_and_a_drag_afterwards_is_kept(lux, qtbot):
    people = lux.ui.people
    for name, value in (("Sara", "3"), ("Pau", "15"), ("Ice wraith", "9")):
        index = people.indexFromItem(item(lux, name), INITIATIVE)
        people.model().setData(index, value)  # as the spin box's editor writes it
    assert lux.action()["order"] == ["pau", "wraith", "sara"]
    # the GM drags Sara up: taken out and put first, as InternalMove does
    sara = people.takeTopLevelItem(people.indexOfTopLevelItem(item(lux, "Sara")))
    people.insertTopLevelItem(0, sara)
    assert lux.action() == {"type": "start_encounter", "mode": "turns",
                            "order": ["sara", "pau", "wraith"],
                            "initiative": {"sara": 3, "pau": 15, "wraith": 9}}


def test_only_the_initiative_column_is_edited_and_as_a_whole_number(lux):
    delegate = lux.ui.people.itemDelegate()
    people = lux.ui.people
    name = people.indexFromItem(item(lux, "Sara"), NAME)
    assert delegate.createEditor(people.viewport(), None, name) is None
    editor = delegate.createEditor(people.viewport(), None,
                                   people.indexFromItem(item(lux, "Sara"), INITIATIVE))
    assert (editor.minimum(), editor.maximum()) == (-99, 999)
    editor.deleteLater()


def test_bad_initiative_dice_are_named_and_nothing_is_rolled(lux):
    lux.ui.dice.setText("d20/2")
    assert not lux.roll()
    assert "Initiative dice:" in lux.ui.message.text()
    assert "initiative" not in lux.action()


def test_nobody_ticked_cannot_start(lux, qtbot):
    for name in ("Sara", "Pau", "Ice wraith"):
        item(lux, name).setCheckState(NAME, Qt.CheckState.Unchecked)
    lux.show()
    lux.ui.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert lux.result() != QDialog.DialogCode.Accepted and lux.isVisible()
    assert lux.ui.message.text() == "Tick at least one character to take part."
    assert lux.action() is None


def test_stonetop_has_no_initiative_only_the_spotlight(qtbot):
    dialog = StartEncounterDialog(profile_for("stonetop"), desk("stonetop", STONETOP))
    qtbot.addWidget(dialog)
    assert dialog.ui.people.isColumnHidden(INITIATIVE)
    assert dialog.ui.rollButton.isHidden() and dialog.ui.dice.isHidden()
    assert "Stonetop has no initiative" in dialog.ui.introLabel.text()
    assert dialog.action() == {"type": "start_encounter", "mode": "spotlight",
                               "order": ["caradoc", "hagr"]}  # the dead Coedwig unticked


def test_the_save_prompt_names_the_rule_and_carries_the_condition_and_bumps(qtbot):
    dialog = TurnSaveDialog("Karis", (("frozen", "Frozen: 5 of 8 Bumps so far"),
                                      ("charmed", "Charmed: 0 of 3 Bumps so far")),
                            "once per round, when the turn ends")
    qtbot.addWidget(dialog)
    assert dialog.ui.promptLabel.text() == ("Karis may roll a Save against one condition "
                                            "(once per round, when the turn ends).")
    assert dialog.ui.condition.currentText() == "Frozen: 5 of 8 Bumps so far"
    dialog.ui.condition.setCurrentIndex(1)
    dialog.ui.bumps.setValue(3)
    dialog.ui.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.choice() == ("charmed", 3)


def test_skipping_the_save_accepts_without_one(qtbot):
    dialog = TurnSaveDialog("Karis", (("frozen", "Frozen: 5 of 8 Bumps so far"),), "")
    qtbot.addWidget(dialog)
    dialog.skip_button.click()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.choice() is None


def test_la14_the_prompt_lists_only_what_a_save_can_end_and_not_twice_a_round():
    # "Once per round when your turn ends, you may roll your Save to end a status
    # condition that a Save can end." (LA-14)
    state = desk("lux_aeterna", [{"id": "karis", "name": "Karis", "kind": "pc",
                                  "max_hp": 18}])
    karis = state["characters"]["karis"]
    for spec in ({"name": "frozen", "origin_level": 8}, {"name": "prone"}):
        state = rules.apply(state, {"type": "add_condition", "target": "karis",
                                    **spec}).state
    karis = state["characters"]["karis"]
    saves = profile_for("lux_aeterna").clock.turn_saves
    fighting = {**state["settings"], "encounter": {"mode": "turns", "order": ["karis"],
                                                   "round": 2, "turn": 0, "acted": []}}
    listed = saves(karis, fighting)
    assert [name for name, _ in listed] == [c["name"] for c in karis["conditions"]
                                            if c["save_ends"] and not c.get("from_trauma")]
    assert ("frozen", "Frozen: 0 of 8 Bumps so far") in listed
    assert saves({**karis, "saved_round": 2}, fighting) == ()  # she has Saved this round
    assert saves({**karis, "saved_round": 1}, fighting) == listed
    assert profile_for("stonetop").clock.turn_saves(karis, fighting) == ()
