"""Freedom Fantasies in the window: Momentum Points while Wounded (FF-2) from the tray's
chips, and objects repaired on the Technology page (FF-4, FF-12). Each is checked in the
model and in the saved campaign."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from harmdesk.profiles import profile_for
from harmdesk.qt.desk_model import MARKS, FactsRole
from harmdesk.qt.dialogs.moves import MovesDialog
from harmdesk.qt.tray_chips import mime_for

from . import kit
from .test_tiles import drop

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

FREEDOM = [
    {"id": "brann", "name": "Brann", "kind": "pc", "hp": 10, "damage": 12, "momentum": 1},
    {"id": "ysolde", "name": "Ysolde", "kind": "pc", "hp": 8, "supplies": 2},
    {"id": "door", "name": "Oak door", "kind": "object", "hp": 5, "damage": 7},
    {"id": "gate", "name": "Barred gate", "kind": "object", "hp": 4, "damage": 9},
]


@pytest.fixture
def folder(tmp_path):
    return kit.make_folder(tmp_path, [("Freedom", "freedom_fantasies", {}, FREEDOM)])


@pytest.fixture
def window(qtbot, folder):
    window = kit.open_window(qtbot, folder, "Freedom", size=(1300, 850))
    yield window
    window.controller.service.close()


def saved(folder, cid):
    return kit.saved(folder, "Freedom")[0][cid]


def facts(window, cid):
    return window.model.index(window.model.row_of(cid), 0).data(FactsRole)


def chip(window, text):
    found = next(c for c in window.tray.chips_in("moves") if c.text().startswith(text))
    return mime_for(found.chip())


def test_ff2_momentum_is_gained_and_spent_from_the_tray(window, folder):
    """FF-2: +1 Momentum, then a Wounded Action spends 1; the tile and the table show the
    points, the store keeps them; a character not Wounded is refused; undo gives it back."""
    assert "Momentum 1" in facts(window, "brann").extra
    drop(window.tiles, chip(window, "+1 Momentum"), "brann")
    assert saved(folder, "brann")["momentum"] == 2
    assert "Momentum 2" in facts(window, "brann").extra
    drop(window.tiles, chip(window, "Wounded Action"), "brann")
    assert saved(folder, "brann")["momentum"] == 1
    cell = window.model.index(window.model.row_of("brann"), MARKS).data()
    assert "Momentum 1" in cell
    drop(window.tiles, chip(window, "Wounded Action"), "ysolde")
    assert "not Wounded" in window.statusBar().currentMessage()
    assert saved(folder, "ysolde")["momentum"] == 0
    assert not any(x.startswith("Momentum") for x in facts(window, "ysolde").extra)
    window.undo_action.trigger()
    assert saved(folder, "brann")["momentum"] == 2
    assert "Momentum 2" in facts(window, "brann").extra


def test_ff12_the_technology_page_repairs_only_objects(qtbot, window, folder, monkeypatch):
    """FF-12: the Technology page lists the selected objects only (Brann is left out, said
    so); FF-4: the Destroyed gate's amount is locked; the door is repaired, 1 Supplies."""
    window.select_ids(["door", "gate", "brann"])

    def fill(dialog):
        item, = dialog.ui.movesList.findItems("Technology", Qt.MatchFlag.MatchExactly)
        dialog.ui.movesList.setCurrentItem(item)
        page = dialog.page()
        assert [c["id"] for c, _ in page.split] == ["door", "gate"]
        assert "Left out: Brann" in page.note()
        (_, door), (_, gate) = page.split
        assert not gate.isEnabled() and "magical means" in gate.toolTip()
        index = page.healer.findData("ysolde")
        page.healer.setCurrentIndex(index)
        page.roll.setValue(12)
        door.setValue(3)
        assert dialog.ok_button().isEnabled(), dialog.ui.messageLabel.text()
        # a thing is repaired, not "back on their feet"
        assert "Damage 7 · HP 5 → Damage 4 · HP 5 · repaired" in dialog.ui.previewLabel.text()
        assert dialog.actions() == [{"type": "technology", "healer": "ysolde", "roll": 12,
                                     "bonus": 0, "split": {"door": 3}}]
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(MovesDialog, "exec", fill)
    window.ui.actionMoves.trigger()
    door = saved(folder, "door")
    assert (door["damage"], door["broken"]) == (4, False)
    assert saved(folder, "ysolde")["supplies"] == 1
    assert saved(folder, "gate")["destroyed"] is True
    assert facts(window, "door").status == "ok"


def test_ff11_the_medicine_page_with_only_an_object_selected_says_where_to_go(qtbot, window):
    """FF-11 / FF-12: a Medicine check for a door alone asks for people instead."""
    dialog = MovesDialog(profile_for("freedom_fantasies"), window.controller.state, ["door"],
                         move="Medicine")
    qtbot.addWidget(dialog)
    assert dialog.page().split == []
    assert not dialog.ok_button().isEnabled()
    assert "Technology page" in dialog.ui.messageLabel.text()


def test_ff4_magical_repair_mends_a_destroyed_gate(qtbot, window, folder, monkeypatch):
    """FF-4: "cannot be repaired except by magical means": the Magical repair page sends a
    magical heal; the gate is no longer Destroyed, then no longer Broken; undo restores."""
    window.select_ids(["gate", "brann"])

    def fill(dialog):
        item, = dialog.ui.movesList.findItems("Magical repair", Qt.MatchFlag.MatchExactly)
        dialog.ui.movesList.setCurrentItem(item)
        page = dialog.page()
        assert [c["id"] for c, _ in page.amounts] == ["gate"]
        assert "Left out: Brann" in page.note()
        page.amounts[0][1].setValue(5)
        assert dialog.ok_button().isEnabled(), dialog.ui.messageLabel.text()
        assert dialog.actions() == [{"type": "heal", "target": "gate", "amount": 5,
                                     "magical": True}]
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(MovesDialog, "exec", fill)
    window.ui.actionMoves.trigger()
    gate = saved(folder, "gate")
    assert (gate["damage"], gate["destroyed"], gate["broken"]) == (4, False, False)
    assert facts(window, "gate").status == "ok"
    window.undo_action.trigger()
    assert saved(folder, "gate")["destroyed"] is True
    assert facts(window, "gate").status == "destroyed"
