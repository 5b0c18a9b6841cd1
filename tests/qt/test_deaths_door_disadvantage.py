"""Death's Door with a debility's disadvantage: named on the page, asked for as three dice
where the GM types their own, and rolled that way when HarmDesk rolls (ST-7, ST-13)."""

import random

import pytest
from PySide6.QtWidgets import QDialog

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.profiles import profile_for
from harmdesk.qt.controller import DeskController
from harmdesk.qt.dialogs import dice as dice_dialogs
from harmdesk.qt.dialogs.dice import manual_roll_provider
from harmdesk.qt.dialogs.moves import MovesDialog
from harmdesk.store import Store

HEAVY = {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "hp": 0,
         "death": "dying", "moves": ["hard_to_kill"], "debilities": ["miserable"]}


@pytest.fixture
def desk(qtbot, tmp_path):
    store = Store.open(tmp_path)
    controller = DeskController()
    controller.set_service(Service.on(Campaign.create(store, "T", "stonetop", {}, [HEAVY])))
    yield controller
    controller.service.close()
    store.close()


def deaths_door(qtbot, desk):
    dlg = MovesDialog(profile_for("stonetop"), desk.state, ["heavy"], move="Death's Door",
                      rng=random.Random(7))
    qtbot.addWidget(dlg)
    return dlg, dlg.page().adds["heavy"]


def test_st13_the_page_names_the_disadvantage_of_con_while_miserable(qtbot, desk):
    """ST-13: miserable is disadvantage on +CON; ST-7: Hard to Kill may roll +CON. The
    page says so once +CON is chosen, and not for +nothing."""
    dlg, adds = deaths_door(qtbot, desk)
    assert adds.currentData() is None  # +nothing, as before
    assert "disadvantage" not in dlg.ui.previewLabel.text()
    assert "2d6 will be rolled for The Heavy" in dlg.ui.previewLabel.text()
    adds.setCurrentIndex(adds.findData(1))
    assert dlg.actions() == [{"type": "deaths_door", "target": "heavy", "con": 1}]
    text = dlg.ui.previewLabel.text()
    assert ("The Heavy rolls with disadvantage (+CON while miserable): 3d6, drop the "
            "highest (will be rolled after OK)") in text
    assert "2d6 will be rolled" not in text
    assert "ST-" not in text
    dlg.page().fields[0][1].setText("9")
    assert "the total typed is after dropping it" in dlg.ui.previewLabel.text()


def test_st13_where_the_gm_types_their_dice_three_are_asked_and_the_highest_dropped(
        qtbot, desk, monkeypatch):
    """ST-13: the dice dialog for the Heavy's +CON Death's Door while miserable asks for
    three d6 and says why; 6, 5, 3 keeps 5 + 3, +1 CON = 9: out of the action (the same
    faces without disadvantage would be 12, back at 1 HP)."""
    seen = []

    def exec_(dialog):
        seen.append((dialog.windowTitle(), dialog.ui.promptLabel.text(),
                     [box.maximum() for box in dialog.spins]))
        for box, face in zip(dialog.spins, (6, 5, 3), strict=True):
            box.setValue(face)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dice_dialogs.DiceDialog, "exec", exec_)
    desk.roll_provider = manual_roll_provider(
        None, lambda cid: desk.state["characters"][cid]["name"], lambda: desk.state)
    dlg, adds = deaths_door(qtbot, desk)
    adds.setCurrentIndex(adds.findData(1))
    assert desk.submit_many(dlg.actions(), dlg.title()) == 1
    ((title, prompt, sizes),) = seen
    assert sizes == [6, 6, 6]
    assert "with disadvantage: miserable" in prompt and "The Heavy" in prompt
    assert "ST-" not in prompt + title
    heavy = desk.state["characters"]["heavy"]
    assert (heavy["hp"], heavy["death"]) == (0, "out_of_action")
    logged = desk.service.store.log(desk.service.campaign.info.id)[-1].action
    assert logged["rolls"] == [6, 5, 3] and logged["con"] == 1  # replays exactly


def test_st13_harmdesk_rolls_three_dice_while_miserable(qtbot, desk):
    """ST-13: when HarmDesk rolls, the +CON Death's Door of someone miserable is three
    faces, the highest dropped, and the faces are kept for the replay."""
    asked = []

    def provide(action, need):
        asked.append((need.key, need.dice))
        return [2, 6, 6]

    desk.roll_provider = provide
    dlg, adds = deaths_door(qtbot, desk)
    adds.setCurrentIndex(adds.findData(2))
    assert desk.submit_many(dlg.actions(), dlg.title()) == 1
    assert asked == [("rolls", "3d6kl2")]
    heavy = desk.state["characters"]["heavy"]
    assert (heavy["hp"], heavy["death"]) == (1, "none")  # 2 + 6 + 2 CON = 10


def test_st11_a_wound_naming_deaths_door_rolls_it_with_disadvantage(qtbot, tmp_path):
    """ST-11: a wound's "disadvantage" on a named move holds for Death's Door too: the
    page says so and HarmDesk rolls three dice, dropping the highest."""
    store = Store.open(tmp_path)
    sheet = {"id": "garet", "name": "Garet", "kind": "pc", "max_hp": 10, "hp": 0,
             "death": "dying", "wounds": [{"text": "slashed leg",
                                           "disadvantage": ["Death's Door"]}]}
    desk = DeskController()
    desk.set_service(Service.on(Campaign.create(store, "G", "stonetop", {}, [sheet])))
    dlg = MovesDialog(profile_for("stonetop"), desk.state, ["garet"], move="Death's Door",
                      rng=random.Random(7))
    qtbot.addWidget(dlg)
    text = dlg.ui.previewLabel.text()
    assert "Garet rolls with disadvantage (the wound slashed leg): 3d6, drop the highest" in text
    assert "Garet's wounds: Death's Door with disadvantage." in text
    asked = []
    desk.roll_provider = lambda action, need: asked.append(need.dice) or [6, 6, 3]
    assert desk.submit_many(dlg.actions(), dlg.title()) == 1
    assert asked == ["3d6kl2"]
    assert desk.state["characters"]["garet"]["death"] == "out_of_action"  # 6 + 3 = 9
    desk.service.close()
    store.close()
