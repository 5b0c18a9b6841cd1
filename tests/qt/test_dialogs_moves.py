"""Rests and moves, per game: rows per character, rolls, splits, and one undoable step."""

import random

import pytest
from PySide6.QtWidgets import QDialogButtonBox, QLabel

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.profiles import profile_for
from harmdesk.qt.controller import DeskController
from harmdesk.qt.dialogs.moves import MovesDialog
from harmdesk.store import Store

OK = QDialogButtonBox.StandardButton.Ok

STONETOP = [
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "hp": 0, "death": "dying",
     "moves": ["hard_to_kill"], "debilities": ["weakened"]},
    {"id": "vahid", "name": "Vahid", "kind": "pc", "max_hp": 16, "hp": 6,
     "debilities": ["dazed", "weakened"], "wounds": ["gash"], "supplies": 2},
    {"id": "afon", "name": "Afon", "kind": "follower", "max_hp": 8, "hp": 3},
    {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 16, "hp": 5},
]
LUX = [
    {"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 20, "hp": 10, "resolve_die": "d8",
     "resolve_dice": 3},
    {"id": "pau", "name": "Pau", "kind": "pc", "max_hp": 16, "resolve_dice": 2},
    {"id": "roche", "name": "Roche", "kind": "pc", "max_hp": 14, "hp": 4, "traumas": [6, 10],
     "trauma_bumps": 3},
]
FREEDOM = [
    {"id": "brute", "name": "Brann", "kind": "pc", "hp": 12, "damage": 7},
    {"id": "tam", "name": "Tam", "kind": "pc", "hp": 10, "damage": 5},
    {"id": "ysolde", "name": "Ysolde", "kind": "pc", "hp": 8, "supplies": 2},
    {"id": "gate", "name": "Barred gate", "kind": "object", "hp": 10},
]


@pytest.fixture
def desks(qtbot, tmp_path):
    store = Store.open(tmp_path)
    made = {}
    for system, sheets in (("stonetop", STONETOP), ("lux_aeterna", LUX),
                           ("freedom_fantasies", FREEDOM)):
        desk = DeskController()
        desk.set_service(Service.on(Campaign.create(store, system, system, {"prosperity": 1}
                                          if system == "stonetop" else {}, sheets)))
        made[system] = desk
    yield made
    store.close()


@pytest.fixture
def dialog(qtbot, desks):
    def make(system, targets, move):
        desk = desks[system]
        dlg = MovesDialog(profile_for(system), desk.state, targets, move=move, rng=random.Random(7))
        qtbot.addWidget(dlg)
        assert dlg.page().title == move
        return dlg, desk
    return make


def ok_enabled(dlg):
    return dlg.ui.buttonBox.button(OK).isEnabled()


def test_each_game_lists_its_own_moves(qtbot, desks):
    dlg = MovesDialog(profile_for("lux_aeterna"), desks["lux_aeterna"].state, ["sara"])
    qtbot.addWidget(dlg)
    assert dlg.moves() == ["Short Rest", "Roll Resolve", "Full Rest", "Medical aid",
                           "Stabilize", "Start of turn", "End of turn", "End the scene",
                           "Grant Endurance", "A new day"]
    assert dlg.ui.movesList.count() == 10
    dlg.ui.movesList.setCurrentRow(7)
    assert dlg.actions() == [{"type": "end_scene"}]


# Stonetop ---------------------------------------------------------------------------
def test_make_camp_one_row_per_pc_and_follower(dialog):
    dlg, _desk = dialog("stonetop", ["heavy", "vahid", "afon", "hagr"], "Make Camp")
    page = dlg.page()
    assert [row[0]["id"] for row in page.fields] == ["heavy", "vahid", "afon"]
    vahid = page.fields[1]
    assert [vahid[1].itemData(i) for i in range(vahid[1].count())] == [None, "dazed",
                                                                        "weakened"]
    assert "Hagr is not a PC or follower" in dlg.ui.previewLabel.text()


def test_make_camp_builds_one_action_each_and_submits_as_one_step(dialog):
    dlg, desk = dialog("stonetop", ["vahid", "afon"], "Make Camp")
    (_, pick, _bedroll, _fed), (_, _, afon_bedroll, _) = dlg.page().fields
    pick.setCurrentIndex(pick.findData("weakened"))
    afon_bedroll.setValue(4)
    assert dlg.actions() == [
        {"type": "make_camp", "target": "vahid", "choice": "debility", "debility": "weakened"},
        {"type": "make_camp", "target": "afon", "choice": "hp", "bedroll": 4}]
    assert dlg.title() == "Make Camp: Vahid, Afon"
    before = desk.stack.index()
    assert desk.submit_many(dlg.actions(), dlg.title()) == 2
    assert desk.stack.index() == before + 1  # one undoable step
    assert desk.state["characters"]["vahid"]["debilities"] == ["dazed"]
    assert desk.state["characters"]["afon"]["hp"] == 8
    desk.stack.undo()
    assert desk.state["characters"]["vahid"]["debilities"] == ["dazed", "weakened"]


def test_make_camp_unfed_gets_nothing_in_the_rules_words(dialog):
    dlg, _ = dialog("stonetop", ["vahid", "afon"], "Make Camp")
    dlg.page().fields[0][3].setChecked(False)
    assert [a["target"] for a in dlg.actions()] == ["afon"]
    assert "Vahid did not eat and drink their fill" in dlg.ui.previewLabel.text()
    dlg.page().fields[1][3].setChecked(False)
    assert dlg.actions() == [] and not ok_enabled(dlg)
    assert "did not eat and drink" in dlg.ui.messageLabel.text()


def test_deaths_door_left_empty_lets_the_rules_ask_and_previews_the_odds(dialog):
    dlg, desk = dialog("stonetop", ["heavy", "vahid"], "Death's Door")
    assert dlg.actions() == [{"type": "deaths_door", "target": "heavy"}]
    text = dlg.ui.previewLabel.text()
    assert "2d6 will be rolled for The Heavy" in text
    assert "Not dying, so no Death's Door: Vahid" in text
    assert "1 in" in text or "%" in text  # exact odds over 2d6
    desk.roll_provider = lambda action, need: 11 if need.key == "roll" else None
    assert desk.submit_many(dlg.actions(), dlg.title()) == 1
    assert desk.state["characters"]["heavy"]["hp"] == 1


def test_deaths_door_typed_total_and_hard_to_kill(dialog):
    dlg, _desk = dialog("stonetop", ["heavy"], "Death's Door")
    _, roll, hard, automatic = dlg.page().fields[0]
    assert automatic is None  # The Heavy has no Never Gonna Keep Me Down
    assert [hard.itemData(i) for i in range(hard.count())] == [None, "dazed", "miserable"]
    roll.setText("8")
    hard.setCurrentIndex(hard.findData("dazed"))
    assert dlg.actions() == [{"type": "deaths_door", "target": "heavy", "roll": 8,
                              "debility": "dazed"}]
    assert "Hard to Kill: marks dazed" in dlg.ui.previewLabel.text()
    roll.setText("11")
    assert "only on a 7–9" in dlg.ui.messageLabel.text() and not ok_enabled(dlg)


def test_st7_never_gonna_keep_me_down_is_an_automatic_10_once_per_session(qtbot, tmp_path):
    """ST-7: "The Would-Be Hero's *Never Gonna Keep Me Down* gives an automatic 10+ once per
    session": the page offers it, the open play session's number goes with it, and the
    second use in that session is refused."""
    store = Store.open(tmp_path)
    sheet = {"id": "wren", "name": "Wren", "kind": "pc", "max_hp": 14, "hp": 0,
             "death": "dying", "moves": ["never_gonna_keep_me_down"]}
    desk = DeskController()
    desk.set_service(Service.on(Campaign.create(store, "ngkmd", "stonetop", {}, [sheet])))
    desk.service.start_play_session("One")
    dlg = MovesDialog(profile_for("stonetop"), desk.state, ["wren"], move="Death's Door",
                      rng=random.Random(7))
    qtbot.addWidget(dlg)
    dlg.page().fields[0][3].setChecked(True)
    # without tonight's session the page cannot say which session spends it
    assert "start a play session first" in dlg.ui.messageLabel.text() and not ok_enabled(dlg)
    dlg = MovesDialog(profile_for("stonetop"), desk.state, ["wren"], move="Death's Door",
                      rng=random.Random(7), play_session=desk.service.play_session["number"])
    qtbot.addWidget(dlg)
    _, roll, _, automatic = dlg.page().fields[0]
    automatic.setChecked(True)
    assert not roll.isEnabled() and ok_enabled(dlg)
    assert dlg.actions() == [{"type": "deaths_door", "target": "wren", "automatic": True,
                              "session": 1}]
    assert "2d6 will be rolled" not in dlg.ui.previewLabel.text()
    assert "automatic 10+" in dlg.ui.previewLabel.text()
    assert desk.submit_many(dlg.actions(), dlg.title()) == 1
    wren = desk.state["characters"]["wren"]
    assert (wren["hp"], wren["death"]) == (1, "none")
    logged = store.log(desk.service.campaign.info.id)[-1].action
    assert logged["automatic"] is True and logged["session"] == 1
    # dying again in the same session: the move is spent until the next one
    assert desk.submit({"type": "damage", "target": "wren", "amount": 5})
    refusals = []
    desk.refused.connect(lambda reason, _ids: refusals.append(reason))
    assert not desk.submit({"type": "deaths_door", "target": "wren", "automatic": True})
    assert refusals and "once per session" in refusals[0]
    desk.service.close()
    store.close()


def test_deaths_door_with_nobody_dying(dialog):
    dlg, _ = dialog("stonetop", ["vahid"], "Death's Door")
    assert dlg.actions() == []
    assert "Vahid is not dying" in dlg.ui.messageLabel.text()


def test_st13_recover_offers_the_debilities_of_the_profile_it_is_given(qtbot, desks):
    """The page reads the game's word list from the profile, not from a module of its own:
    a profile naming only dazed offers only dazed, though Vahid is weakened too."""
    from dataclasses import replace
    only_dazed = replace(profile_for("stonetop"), debilities=("dazed",))
    dlg = MovesDialog(only_dazed, desks["stonetop"].state, ["vahid"], move="Recover")
    qtbot.addWidget(dlg)
    combo = dlg.page().debility
    assert [combo.itemData(i) for i in range(combo.count())] == [None, "dazed"]
    full = MovesDialog(profile_for("stonetop"), desks["stonetop"].state, ["vahid"],
                       move="Recover")
    qtbot.addWidget(full)
    combo = full.page().debility
    assert [combo.itemData(i) for i in range(combo.count())] == [None, "dazed", "weakened"]


def test_recover_tends_a_debility_and_names_the_payer(dialog):
    dlg, desk = dialog("stonetop", ["vahid"], "Recover")
    page = dlg.page()
    page.debility.setCurrentIndex(page.debility.findData("dazed"))
    page.payer.setCurrentIndex(page.payer.findData("vahid"))
    assert dlg.actions() == [{"type": "recover", "target": "vahid", "debility": "dazed",
                              "supplies_from": "vahid"}]
    assert "regains 4 + " in dlg.ui.previewLabel.text()
    assert desk.submit_many(dlg.actions(), dlg.title())
    assert desk.state["characters"]["vahid"]["supplies"] == 1


def test_npc_rest_amount_only_for_a_few_minutes(dialog):
    dlg, _ = dialog("stonetop", ["hagr"], "NPC rest")
    page = dlg.page()
    assert dlg.actions() == [{"type": "rest", "target": "hagr", "length": "minutes",
                              "amount": 4}]
    page.length.set_value("night")
    assert not page.amount.isEnabled()
    assert dlg.actions() == [{"type": "rest", "target": "hagr", "length": "night"}]
    assert "5 → 13 HP" in dlg.ui.previewLabel.text()


def test_npc_rest_takes_the_gms_number_beyond_the_guide(dialog):
    """ST-12: 3–5 HP is the guide; two minutes' worth, 2 HP, is the GM's to give."""
    dlg, desk = dialog("stonetop", ["hagr"], "NPC rest")
    dlg.page().amount.setValue(2)
    assert dlg.actions() == [{"type": "rest", "target": "hagr", "length": "minutes",
                              "amount": 2}]
    before = desk.state["characters"]["hagr"]["hp"]
    assert desk.submit_many(dlg.actions(), dlg.title())
    assert desk.state["characters"]["hagr"]["hp"] == before + 2


def test_convalesce_heals_only_the_checked_wounds_each_has(dialog):
    dlg, _ = dialog("stonetop", ["vahid", "afon"], "Convalesce")
    dlg.page().healed["gash"].setChecked(True)
    assert dlg.actions() == [{"type": "convalesce", "target": "vahid", "healed_wounds": ["gash"]},
                             {"type": "convalesce", "target": "afon"}]


# Lux Aeterna ------------------------------------------------------------------------
def test_short_rest_typed_faces_and_faces_rolled_once(dialog):
    dlg, desk = dialog("lux_aeterna", ["sara", "pau"], "Short Rest")
    (_, count, faces), (_, pau_count, _) = dlg.page().fields
    assert count.value() == 1 and pau_count.value() == 0  # Pau is at full HP
    count.setValue(2)
    rolled = dlg.actions()[0]["resolve_rolls"]
    assert len(rolled) == 2 and all(1 <= f <= 8 for f in rolled)
    assert dlg.actions()[0]["resolve_rolls"] == rolled  # the preview shows what OK applies
    assert "HarmDesk rolled 2d8 for Sara" in dlg.ui.previewLabel.text()
    faces.setText("3 9")
    assert "cannot show 9" in dlg.ui.messageLabel.text() and not ok_enabled(dlg)
    faces.setText("3")
    assert "type 2 faces" in dlg.ui.messageLabel.text()
    faces.setText("3, 5")
    assert dlg.actions() == [{"type": "short_rest", "target": "sara", "resolve_rolls": [3, 5]}]
    assert desk.submit_many(dlg.actions(), dlg.title())
    assert desk.state["characters"]["sara"]["hp"] == 18


def test_full_rest_picks_the_trauma_to_heal(dialog):
    dlg, desk = dialog("lux_aeterna", ["roche"], "Full Rest")
    _, bumps, heal = dlg.page().fields[0]
    assert bumps.isEnabled() and heal.isEnabled()
    bumps.setValue(2)
    assert "choose the Trauma to heal" in dlg.ui.messageLabel.text()
    heal.setCurrentIndex(heal.findData(6))
    assert heal.currentText() == "6 Open Wound"
    assert dlg.actions() == [{"type": "full_rest", "target": "roche", "trauma_bumps": 2,
                              "heal_trauma": 6}]
    assert desk.submit_many(dlg.actions(), dlg.title())
    assert desk.state["characters"]["roche"]["traumas"] == [10]


def test_start_turn_is_one_action_per_character(dialog):
    dlg, _ = dialog("lux_aeterna", ["sara", "roche"], "Start of turn")
    assert dlg.actions() == [{"type": "start_turn", "target": "sara"},
                             {"type": "start_turn", "target": "roche"}]


# Freedom Fantasies ------------------------------------------------------------------
def test_medicine_split_with_a_running_total(dialog):
    dlg, desk = dialog("freedom_fantasies", ["ysolde", "brute", "tam"], "Medicine")
    page = dlg.page()
    assert page.healer.currentData() == "ysolde"  # the first selected
    assert "Type the face of the d20" in dlg.ui.messageLabel.text() and not ok_enabled(dlg)
    page.roll.setValue(12)
    page.bonus.setValue(2)
    _, (_, brute), (_, tam) = page.split
    assert brute.maximum() == 7 and tam.maximum() == 5
    brute.setValue(7)
    tam.setValue(5)
    assert page.total.text() == "Split: 12 of the 12 rolled"
    # FF-11: healing reaches only those Adjacent to the healer: the GM is asked
    assert "Are Brann and Tam Adjacent to the healer?" in dlg.ui.messageLabel.text()
    assert not ok_enabled(dlg)
    page.adjacent["brute"].setChecked(True)
    page.adjacent["tam"].setChecked(True)
    assert dlg.actions() == [{"type": "medicine", "healer": "ysolde", "roll": 12, "bonus": 2,
                              "split": {"brute": 7, "tam": 5}, "adjacent": ["brute", "tam"]}]
    page.roll.setValue(11)
    assert page.total.text() == "Split: 12 of the 11 rolled"
    assert "more than the d20 roll 11" in dlg.ui.messageLabel.text() and not ok_enabled(dlg)
    page.roll.setValue(12)
    assert desk.submit_many(dlg.actions(), dlg.title())
    assert desk.state["characters"]["tam"]["damage"] == 0
    assert desk.state["characters"]["ysolde"]["supplies"] == 1


def test_the_medicine_healer_is_one_the_gm_selected(dialog):
    """Never someone the GM did not select: a selected PC first, else no healer until the
    GM chooses one; and the d20 opens empty, no face assumed."""
    dlg, _ = dialog("freedom_fantasies", ["gate", "tam", "brute"], "Medicine")
    page = dlg.page()
    assert page.healer.currentData() == "tam"
    assert page.roll.text() == "" and page.roll.face() is None
    dlg, _ = dialog("freedom_fantasies", ["gate"], "Technology")
    page = dlg.page()
    assert page.healer.currentData() is None
    assert "Choose the healer" in dlg.ui.messageLabel.text() and not ok_enabled(dlg)
    page.healer.setCurrentIndex(page.healer.findData("ysolde"))
    page.roll.setValue(9)
    assert dlg.actions() and dlg.actions()[0]["healer"] == "ysolde"


@pytest.mark.parametrize("targets, opens", [
    (["heavy"], "Death's Door"),          # dying: nothing but Death's Door applies
    (["vahid", "heavy"], "Death's Door"),
    (["garet"], "Tend"),                  # out of the action: tended back in
    (["vahid"], "Recover"),
    (["hagr"], "NPC rest"),               # the first move the rules allow a monster
])
def test_rests_and_moves_open_on_what_the_selection_allows(desks, targets, opens):
    desk = desks["stonetop"]
    desk.submit({"type": "add_character", "character": {
        "id": "garet", "name": "Garet", "kind": "pc", "max_hp": 8, "hp": 4,
        "death": "out_of_action"}})
    dlg = MovesDialog(profile_for("stonetop"), desk.state, targets)
    try:
        assert dlg.page().title == opens
        assert dlg.ui.movesList.currentItem().text() == opens
        if opens == "Tend":
            assert dlg.page().who.currentData() == "garet"
    finally:
        dlg.deleteLater()


def test_long_rest_for_everyone_has_no_target(dialog):
    dlg, _ = dialog("freedom_fantasies", ["brute", "gate"], "Long Rest")
    assert "object and cannot take a Long Rest" in dlg.ui.messageLabel.text()
    dlg.page().who.set_value("everyone")
    assert dlg.actions() == [{"type": "long_rest"}]
    assert dlg.problem is None and dlg.title() == "Long Rest"


def test_moves_need_a_selection(dialog):
    dlg, _ = dialog("freedom_fantasies", [], "Short Rest")
    assert dlg.actions() == []
    assert "Select one or more characters" in dlg.ui.messageLabel.text()


def test_full_rest_for_a_party_is_one_night_saved_and_undone(dialog, desks):
    """LA-13: one full_rest for everyone (each one's Bumps by id), so the day moves on once;
    the model and the store agree, and undo takes the day back."""
    dlg, desk = dialog("lux_aeterna", ["sara", "roche"], "Full Rest")
    assert "day 1 ends" in dlg.page().findChildren(QLabel)[-1].text()
    _, bumps, heal = dlg.page().fields[1]
    bumps.setValue(2)
    heal.setCurrentIndex(heal.findData(6))
    assert dlg.actions() == [{"type": "full_rest", "target": ["sara", "roche"],
                              "trauma_bumps": {"roche": 2}, "heal_trauma": {"roche": 6}}]
    assert desk.submit_many(dlg.actions(), dlg.title())
    store = desk.campaign.campaign.store
    info = store.campaign("lux_aeterna")
    assert desk.state["settings"]["day"] == info.settings["day"] == 2
    assert store.characters(info.id)["sara"]["hp"] == 20
    desk.stack.undo()
    assert desk.state["settings"]["day"] == store.campaign("lux_aeterna").settings["day"] == 1


def test_a_new_day_needs_no_selection(dialog, desks):
    dlg, desk = dialog("lux_aeterna", [], "A new day")
    assert dlg.actions() == [{"type": "new_day"}] and dlg.problem is None
    assert desk.submit_many(dlg.actions(), dlg.title())
    assert desk.campaign.campaign.store.campaign("lux_aeterna").settings["day"] == 2
    again = MovesDialog(profile_for("lux_aeterna"), desk.state, [], move="Medical aid")
    assert "today is day 2" in " ".join(label.text() for label in again.findChildren(QLabel))
    again.deleteLater()
