"""The conditions dialog, per game: the actions it builds, its checks and its preview."""

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.profiles import profile_for
from harmdesk.qt.controller import DeskController
from harmdesk.qt.dialogs.condition import ConditionDialog
from harmdesk.rules.lux_aeterna.common import CONDITIONS
from harmdesk.store import Store

OK = QDialogButtonBox.StandardButton.Ok

STONETOP = [
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2,
     "debilities": ["weakened"], "wounds": ["broken arm"]},
    {"id": "vahid", "name": "Vahid", "kind": "pc", "max_hp": 16, "wounds": ["gash"]},
    {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 16, "armor": 2},
]
LUX = [
    {"id": "karis", "name": "Karis", "kind": "pc", "max_hp": 18,
     "conditions": [{"name": "frozen", "origin_level": 3}], "traumas": [7]},
    {"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 20},
]
FREEDOM = [
    {"id": "brute", "name": "Brann", "kind": "pc", "hp": 12, "immune": ["poison"],
     "resistant": ["fire"]},
    {"id": "tam", "name": "Tam", "kind": "pc", "hp": 10, "immune": ["poison"]},
]


@pytest.fixture
def desks(qtbot, tmp_path):
    store = Store.open(tmp_path)
    made = {}
    for system, sheets in (("stonetop", STONETOP), ("lux_aeterna", LUX),
                           ("freedom_fantasies", FREEDOM)):
        desk = DeskController()
        desk.set_service(Service.on(Campaign.create(store, system, system, {}, sheets)))
        made[system] = desk
    yield made
    store.close()


@pytest.fixture
def dialog(qtbot, desks):
    def make(system, targets, preset=None):
        desk = desks[system]
        dlg = ConditionDialog(profile_for(system), desk.state, targets, preset=preset)
        qtbot.addWidget(dlg)
        return dlg, desk
    return make


def ok_enabled(dlg):
    return dlg.ui.buttonBox.button(OK).isEnabled()


# Stonetop ---------------------------------------------------------------------------
def test_preset_debility_marks_it_on_every_target_and_submits(dialog):
    dlg, desk = dialog("stonetop", ["heavy", "vahid"], preset="dazed")
    page = dlg.page()
    assert page.title == "&Debility" and page.mode.value() == "mark"
    assert dlg.actions() == [{"type": "mark_debility", "target": ["heavy", "vahid"],
                              "debility": "dazed"}]
    assert "Vahid marks dazed" in dlg.ui.previewLabel.text()
    assert desk.submit(dlg.actions()[0])
    assert desk.state["characters"]["vahid"]["debilities"] == ["dazed"]


def test_debilities_read_with_their_rolls(dialog):
    dlg, _ = dialog("stonetop", ["heavy"])
    text = dlg.page().debility.buttons["weakened"].text().replace("&", "")
    assert text == "Weakened: disadvantage on STR and DEX rolls"


def test_preset_of_a_debility_everyone_has_offers_to_clear_it(dialog):
    dlg, _ = dialog("stonetop", ["heavy"], preset="weakened")
    assert dlg.page().mode.value() == "clear"
    assert dlg.actions() == [{"type": "clear_debility", "target": "heavy",
                              "debility": "weakened"}]


def test_clearing_applies_only_to_those_marked(dialog):
    dlg, _ = dialog("stonetop", ["heavy", "vahid"], preset="weakened")
    dlg.page().mode.set_value("clear")
    assert dlg.actions()[0]["target"] == "heavy"
    dlg.page().debility.set_value("miserable")
    assert dlg.actions() == []
    assert "Nobody selected is miserable" in dlg.ui.messageLabel.text()
    assert not ok_enabled(dlg)


def test_the_rules_refuse_a_monster_debility_inline(dialog):
    dlg, _ = dialog("stonetop", ["hagr"], preset="dazed")
    assert "monsters never mark debilities" in dlg.ui.messageLabel.text()
    assert not ok_enabled(dlg)


def test_a_wound_needs_words(qtbot, dialog):
    dlg, _desk = dialog("stonetop", ["vahid"])
    dlg.ui.tabs.setCurrentIndex(1)
    page = dlg.page()
    assert "Describe the wound" in dlg.ui.messageLabel.text() and not ok_enabled(dlg)
    qtbot.keyClicks(page.text, "  cracked rib ")
    assert dlg.actions() == [{"type": "add_wound", "target": "vahid", "text": "cracked rib"}]
    assert ok_enabled(dlg)


def test_removing_a_wound_picks_from_the_characters_wounds(dialog):
    dlg, desk = dialog("stonetop", ["heavy", "vahid"])
    dlg.ui.tabs.setCurrentIndex(1)
    page = dlg.page()
    page.mode.set_value("remove")
    assert [page.wound.itemText(i) for i in range(page.wound.count())] == ["broken arm", "gash"]
    page.wound.setCurrentIndex(1)
    assert dlg.actions() == [{"type": "remove_wound", "target": "vahid", "text": "gash"}]
    assert desk.submit(dlg.actions()[0])
    assert desk.state["characters"]["vahid"]["wounds"] == []


# Lux Aeterna ------------------------------------------------------------------------
def test_every_condition_is_offered_in_words(dialog):
    dlg, _ = dialog("lux_aeterna", ["sara"])
    names = dlg.page().name
    assert [names.itemData(i) for i in range(names.count())] == list(CONDITIONS)
    assert names.itemText(names.findData("ongoing_damage")) == "Ongoing damage"


def test_add_condition_with_level_amount_and_rounds(dialog):
    dlg, desk = dialog("lux_aeterna", ["sara"], preset="ongoing_damage")
    page = dlg.page()
    assert page.amount.isEnabled() and page.level.isEnabled()
    page.level.setValue(2)
    page.amount.setValue(3)
    page.rounds.setValue(4)
    assert dlg.actions() == [{"type": "add_condition", "target": "sara",
                              "name": "ongoing_damage", "origin_level": 2, "amount": 3,
                              "rounds": 4}]
    assert "3 HP per turn" in dlg.ui.previewLabel.text()
    assert desk.submit(dlg.actions()[0])


def test_a_boon_has_no_save_difficulty_or_amount(dialog):
    dlg, _ = dialog("lux_aeterna", ["sara"], preset="haste")
    page = dlg.page()
    assert not page.level.isEnabled() and not page.amount.isEnabled()
    assert dlg.actions() == [{"type": "add_condition", "target": "sara", "name": "haste"}]
    assert page.hint.text() == "A boon: no Save ends it."


def test_remove_lists_only_conditions_a_trauma_did_not_bring(dialog):
    dlg, _ = dialog("lux_aeterna", ["karis"])
    dlg.ui.tabs.setCurrentIndex(1)
    combo = dlg.page().name
    assert [combo.itemData(i) for i in range(combo.count())] == ["frozen"]  # not staggered
    assert dlg.actions() == [{"type": "remove_condition", "target": "karis", "name": "frozen"}]


def test_save_shows_progress_and_counts_bumps(dialog):
    dlg, desk = dialog("lux_aeterna", ["karis"])
    dlg.ui.tabs.setCurrentIndex(2)
    page = dlg.page()
    assert page.progress.text() == "0 Bumps of Difficulty 3"
    page.bumps.setValue(2)
    assert dlg.actions() == [{"type": "save", "target": "karis", "condition": "frozen",
                              "bumps": 2}]
    assert "0 + 2 = 2 of 3 Bumps" in dlg.ui.previewLabel.text()
    assert desk.submit(dlg.actions()[0])
    again = ConditionDialog(profile_for("lux_aeterna"), desk.state, ["karis"])
    again.ui.tabs.setCurrentIndex(2)
    assert again.page().progress.text() == "2 Bumps of Difficulty 3"
    again.deleteLater()


def test_save_with_nothing_to_save_against(dialog):
    dlg, _ = dialog("lux_aeterna", ["sara"])
    dlg.ui.tabs.setCurrentIndex(2)
    assert dlg.actions() == []
    assert "a Save can end" in dlg.ui.messageLabel.text()


# Freedom Fantasies ------------------------------------------------------------------
def test_protection_needs_a_source(qtbot, dialog):
    dlg, desk = dialog("freedom_fantasies", ["brute"])
    page = dlg.page()
    assert "Name the source" in dlg.ui.messageLabel.text() and not ok_enabled(dlg)
    page.points.setValue(4)
    qtbot.keyClicks(page.source, "ward")
    page.keep.set_value("old")
    assert dlg.actions() == [{"type": "grant_protection", "target": "brute", "points": 4,
                              "source": "ward", "keep": "old"}]
    assert desk.submit(dlg.actions()[0])
    assert desk.state["characters"]["brute"]["protection"] == 4


def test_traits_edit_only_the_lists_that_changed(dialog):
    dlg, desk = dialog("freedom_fantasies", ["brute", "tam"])
    dlg.ui.tabs.setCurrentIndex(1)
    page = dlg.page()
    assert page.edits["immune"].text() == "poison"  # shared by both
    assert page.edits["resistant"].text() == ""     # differs: left alone unless typed
    assert dlg.actions() == []
    page.edits["vulnerable"].setText("Fire, cold iron")
    assert dlg.actions() == [{"type": "edit_character", "target": ["brute", "tam"],
                              "changes": {"vulnerable": ["fire", "cold_iron"]}}]
    page.edits["immune"].setText("none")
    assert dlg.actions()[0]["changes"]["immune"] == []
    assert desk.submit(dlg.actions()[0])
    assert desk.state["characters"]["tam"]["vulnerable"] == ["cold_iron", "fire"]


def test_a_bad_damage_type_is_refused_inline(dialog):
    dlg, _ = dialog("freedom_fantasies", ["brute"])
    dlg.ui.tabs.setCurrentIndex(1)
    dlg.page().edits["vulnerable"].setText("fire!")
    assert "'fire!' is not a damage type" in dlg.ui.messageLabel.text()
    assert not ok_enabled(dlg)


def test_no_targets_is_refused(dialog):
    dlg, _ = dialog("stonetop", [])
    assert dlg.actions() == []
    assert "Select one or more characters" in dlg.ui.messageLabel.text()
