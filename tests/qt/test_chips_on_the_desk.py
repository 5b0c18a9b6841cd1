"""Chips on the real window: the toggles reach every damage chip, a click only asks, a hovered
chip previews on the selected tiles, and the Apply dialog shows the outcome and the tags."""

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QEnterEvent
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from harmdesk.desk import chips
from harmdesk.errors import UserError
from harmdesk.qt.desk_model import FactsRole, PreviewRole
from harmdesk.qt.tray_chips import mime_for

from .kit import saved
from .test_tiles import drop

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
APPLY = QDialogButtonBox.StandardButton.Ok
CANCEL = QDialogButtonBox.StandardButton.Cancel


def tile(window, cid):
    return window.model.index(window.model.row_of(cid), 0)


def chip_named(window, section, text):
    return next(c for c in window.tray.chips_in(section) if c.text().startswith(text))


def near_death(window, cid="vahid", hp=2):
    chars = window.controller.state["characters"]
    loss = chars[cid]["hp"] - hp
    assert window.controller.submit({"type": "lose_hp", "target": cid, "amount": loss})


# the toggles reach every damage chip ---------------------------------------------------------
def test_non_lethal_holds_for_a_prepared_danger(window, folder):
    near_death(window)
    window.tray.ui.nonLethalCheck.setChecked(True)
    hagr = chip_named(window, "dangers", "Hagr")
    assert hagr.takes == "non-lethal" and "+ non-lethal" in hagr.toolTip()
    mime = mime_for(hagr.chip())
    drop(window.tiles, mime, "vahid")
    # d10+3 takes Vahid's last 2 HP: a PC out of the action, not dying (ST-6)
    assert tile(window, "vahid").data(FactsRole).status_label == "Out of the action"
    chars, log = saved(folder)
    assert chars["vahid"]["hp"] == 0 and chars["vahid"]["death"] == "out_of_action"
    assert log[-1].action["lethal"] is False and log[-1].action["source"] == "hagr"


def test_non_lethal_holds_for_a_monster_tile_dragged_onto_a_character(window, folder,
                                                                      monkeypatch):
    near_death(window)
    window.tray.ui.nonLethalCheck.setChecked(True)
    window.tray.ui.piercingSpin.setValue(1)
    dragged = []

    class Drag:  # QDrag.exec cannot be driven from a test: keep what the tile would carry
        def __init__(self, source):
            pass

        def setMimeData(self, mime):
            dragged.append(mime)

        def exec(self, action):
            return action

    monkeypatch.setattr("harmdesk.qt.tiles.QDrag", Drag)
    window.select_ids(["hagr"])
    window.tiles.startDrag(Qt.DropAction.CopyAction)
    assert chips.decode(dragged[0].data(chips.MIME_TYPE).data())["attackers"] == ["hagr"]
    drop(window.tiles, dragged[0], "vahid")
    assert tile(window, "vahid").data(FactsRole).status_label == "Out of the action"
    chars, log = saved(folder)
    assert chars["vahid"]["death"] == "out_of_action"
    assert log[-1].action["lethal"] is False and log[-1].action["piercing"] == 1


def test_without_the_toggle_the_same_attack_is_lethal(window, folder):
    near_death(window)
    drop(window.tiles, mime_for(chip_named(window, "dangers", "Hagr").chip()), "vahid")
    assert saved(folder)[0]["vahid"]["death"] == "dying"


def test_a_bad_modifier_refuses_the_attack_with_its_reason(window, folder):
    window.tray.modifiers = lambda: (_ for _ in ()).throw(UserError("fire! is not a name"))
    window.tiles.modifiers = window.tray.modifiers
    drop(window.tiles, mime_for(chips.attack_chip(["hagr"])), "vahid")
    assert "fire! is not a name" in window.statusBar().currentMessage()
    assert saved(folder)[1] == []


# hovering a chip ---------------------------------------------------------------------------
def enter(widget):
    point = QPointF(4, 4)
    QApplication.sendEvent(widget, QEnterEvent(point, point, point))


def leave(widget):
    QApplication.sendEvent(widget, QEvent(QEvent.Type.Leave))


def test_hovering_a_chip_previews_it_on_the_selected_tiles_and_leaving_clears(window, folder):
    window.tray.ui.nonLethalCheck.setChecked(True)
    window.select_ids(["caradoc", "heavy"])
    d8 = chip_named(window, "severity", "d8")
    enter(d8)
    line, detail, ok = tile(window, "heavy").data(PreviewRole)
    assert ok and line.startswith("20 → ") and "non-lethal" in detail
    assert tile(window, "caradoc").data(PreviewRole)[0].startswith("16 → ")
    assert tile(window, "vahid").data(PreviewRole) is None  # not selected
    window.select_ids(["vahid"])  # the selection changes under the resting mouse
    assert tile(window, "heavy").data(PreviewRole) is None
    assert tile(window, "vahid").data(PreviewRole)[0].startswith("16 → ")
    leave(d8)
    assert all(tile(window, c).data(PreviewRole) is None for c in window.model.ids())
    assert saved(folder)[1] == [] and window.controller.stack.count() == 0


def test_hovering_a_refused_chip_says_why_on_the_tile(window):
    window.select_ids(["caradoc"])
    enter(chip_named(window, "moves", "Recover"))
    line, _, ok = tile(window, "caradoc").data(PreviewRole)
    assert not ok and "full HP" in line


# clicking a chip ---------------------------------------------------------------------------
def test_a_click_on_a_chip_alone_changes_nothing(qtbot, window, folder):
    window.select_ids(["caradoc"])  # as on a first start
    qtbot.mouseClick(chip_named(window, "severity", "d10"), Qt.MouseButton.LeftButton)
    dialog = window.chips.apply_dialog
    assert dialog is not None and dialog.isVisible()
    chars, log = saved(folder)
    assert chars["caradoc"]["hp"] == 16 and log == [] and window.controller.stack.count() == 0
    dialog.ui.buttonBox.button(CANCEL).click()
    assert window.chips.apply_dialog is None
    assert saved(folder)[1] == [] and window.controller.stack.count() == 0
    assert tile(window, "caradoc").data(PreviewRole) is None


def test_the_dialog_shows_the_outcome_and_tags_and_apply_saves_one_step(qtbot, window, folder):
    window.controller.campaign.set_options({"dice_mode": "manual"})
    window.tray.ui.nonLethalCheck.setChecked(True)
    window.select_ids(["caradoc"])
    qtbot.mouseClick(chip_named(window, "dangers", "Hagr"), Qt.MouseButton.LeftButton)
    dialog = window.chips.apply_dialog
    assert dialog.ui.tagsLabel.text() == "Tags: forceful, non-lethal"
    assert "to Caradoc?" in dialog.ui.promptLabel.text()
    dialog.spins[0].setValue(7)
    # 7 + 3 = 10, less armor 1: 9 lost
    assert dialog.ui.outcomeLabel.text() == "Caradoc: 16/16 HP → 7/16 HP"
    assert "non-lethal" in dialog.ui.detailLabel.text()
    assert tile(window, "caradoc").data(PreviewRole) is not None  # the tile previews it too
    assert saved(folder)[1] == []
    dialog.ui.buttonBox.button(APPLY).click()
    chars, log = saved(folder)
    assert chars["caradoc"]["hp"] == 7 and len(log) == 1
    assert log[0].action["rolls"] == [7] and log[0].action["lethal"] is False
    assert window.controller.stack.count() == 1
    assert tile(window, "caradoc").data(FactsRole).bar.text == "7/16 HP"


def test_with_harmdesk_rolling_the_dialog_gives_the_odds_and_apply_rolls_once(qtbot, window,
                                                                            folder):
    window.select_ids(["caradoc", "heavy"])
    chip = chip_named(window, "severity", "d4")
    chip.setFocus()
    qtbot.keyClick(chip, Qt.Key.Key_Return)  # the keyboard asks just as a click does
    dialog = window.chips.apply_dialog
    assert dialog.spins == []
    assert dialog.ui.promptLabel.text() == ("Apply d4 to Caradoc and The Heavy? HarmDesk rolls "
                                            "d4 when you apply.")
    # d4 less armor 1 and 2: 13–16 HP left and 16–20
    assert dialog.ui.outcomeLabel.text().split("\n") == ["Caradoc: 16 → 13–16 HP",
                                                       "The Heavy: 20 → 18–20 HP"]
    assert saved(folder)[1] == []
    dialog.ui.buttonBox.button(APPLY).click()
    chars, log = saved(folder)
    assert len(log) == 1 and len(log[0].action["rolls"]) == 1
    face = log[0].action["rolls"][0]
    assert (chars["caradoc"]["hp"], chars["heavy"]["hp"]) == (16 - max(0, face - 1),
                                                             20 - max(0, face - 2))
    assert window.controller.stack.count() == 1


def test_a_chip_the_rules_refuse_opens_no_dialog(window, folder):
    window.select_ids(["caradoc"])
    recover = {"label": "Recover", "action": {"type": "recover"}}
    assert not window.chips.apply_chip_to_selection(recover)
    assert window.chips.apply_dialog is None and "full HP" in window.statusBar().currentMessage()
