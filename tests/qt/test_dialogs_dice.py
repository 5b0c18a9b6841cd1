"""The physical-dice dialog and the roll provider built on it."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from harmdesk.desk.actions import Action, RollNeed
from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.qt.controller import DeskController
from harmdesk.qt.dialogs import dice as dice_dialogs
from harmdesk.qt.dialogs.dice import DiceDialog, manual_roll_provider
from harmdesk.store import Store

# the offscreen platform cannot pass a shown dialog's size hints on; nothing is wrong
OFFSCREEN_SHOW = pytest.mark.qt_log_ignore("does not support propagateSizeHints")
OK = QDialogButtonBox.StandardButton.Ok


@pytest.fixture
def dialog(qtbot):
    def make(expr, label=""):
        widget = DiceDialog(expr, label=label)
        qtbot.addWidget(widget)
        return widget
    return make


def test_one_spin_box_per_die_limited_to_its_size(dialog):
    dlg = dialog("2d6+d4")
    assert [box.maximum() for box in dlg.spins] == [6, 6, 4]
    assert all(box.face() is None and box.text() == "" for box in dlg.spins)  # no face assumed
    dlg.spins[0].setValue(9)  # clamped: a d6 cannot show 9
    assert dlg.faces()[0] == 6


@OFFSCREEN_SHOW
def test_enter_on_an_empty_face_asks_for_it(qtbot, dialog):
    """A Trauma d20 never opens on 1 (instant death): it opens empty, and Enter asks for
    the face instead of applying."""
    dlg = dialog("d20", "Trauma table")
    with qtbot.waitExposed(dlg):
        dlg.show()
    with qtbot.waitActive(dlg):
        dlg.activateWindow()
    box = dlg.spins[0]
    assert box.text() == "" and not dlg.ui.messageLabel.isVisible()
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert dlg.isVisible() and dlg.result() != QDialog.DialogCode.Accepted
    assert dlg.ui.messageLabel.isVisible()
    assert dlg.ui.messageLabel.text() == "Type the face of the d20 (1 to 20), then press Enter."
    qtbot.keyClicks(box.lineEdit(), "14")
    assert not dlg.ui.messageLabel.isVisible()
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert dlg.result() == QDialog.DialogCode.Accepted and dlg.faces() == [14]


def test_total_is_read_by_the_rules_dice_module(dialog):
    dlg = dialog("2d6+3", "Death's Door")
    dlg.spins[0].setValue(4)
    dlg.spins[1].setValue(5)
    assert dlg.faces() == [4, 5]
    assert dlg.ui.totalLabel.text() == "Total: 2d6 (4, 5) + 3 = 12"
    assert "Death's Door" in dlg.ui.promptLabel.text()


def test_keep_highest_total_differs_from_a_sum(dialog):
    dlg = dialog("2d8kh1")
    dlg.spins[0].setValue(3)
    dlg.spins[1].setValue(7)
    assert dlg.ui.totalLabel.text().endswith("= 7")


@OFFSCREEN_SHOW
def test_focus_starts_in_the_first_box_and_enter_accepts(qtbot, dialog):
    dlg = dialog("d10+3")
    with qtbot.waitExposed(dlg):
        dlg.show()
    with qtbot.waitActive(dlg):
        dlg.activateWindow()
    qtbot.waitUntil(lambda: dlg.focusWidget() is not None)
    assert dlg.focusWidget() in (dlg.spins[0], dlg.spins[0].lineEdit())
    qtbot.keyClicks(dlg.spins[0].lineEdit(), "7")
    qtbot.keyClick(dlg.spins[0].lineEdit(), Qt.Key.Key_Return)
    assert dlg.result() == QDialog.DialogCode.Accepted
    assert dlg.faces() == [7]


def test_an_expression_that_cannot_be_replayed_is_refused_inline(dialog):
    dlg = dialog("d6e6")
    assert dlg.spins == []
    assert "cannot be replayed" in dlg.ui.messageLabel.text()
    assert not dlg.ui.buttonBox.button(OK).isEnabled()
    dlg.accept()
    assert dlg.result() != QDialog.DialogCode.Accepted


def test_many_dice_wrap_into_columns(dialog):
    dlg = dialog("8d4")
    grid = dlg.ui.facesGrid
    assert grid.columnCount() == 4  # two label+box pairs
    assert len(dlg.faces()) == 8


@pytest.fixture
def desk(qtbot, tmp_path):
    store = Store.open(tmp_path)
    sheets = [{"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2}]
    controller = DeskController()
    controller.set_service(Service.on(Campaign.create(store, "T", "stonetop", {"prosperity": 1},
                                                      sheets)))
    yield controller
    store.close()


def test_manual_provider_gives_faces_or_their_total(monkeypatch, desk):
    asked = []

    def fake_ask(parent, expr, label):
        asked.append((expr, label))
        return [6, 5]

    monkeypatch.setattr(dice_dialogs, "ask_faces", fake_ask)
    desk.roll_provider = manual_roll_provider(
        None, lambda cid: desk.state["characters"][cid]["name"])
    assert desk.submit({"type": "set_death", "target": "heavy", "death": "dying"})
    assert desk.submit({"type": "deaths_door", "target": "heavy"})
    assert asked == [("2d6", "Death's Door — The Heavy")]
    heavy = desk.state["characters"]["heavy"]
    assert heavy["death"] == "none" and heavy["hp"] == 1  # 6 + 5 = 11: 10+, back at 1 HP
    provide = manual_roll_provider(None)
    assert provide(Action("damage"), RollNeed("rolls", "2d6")) == [6, 5]


def test_manual_provider_cancel_cancels_the_action(monkeypatch, desk):
    monkeypatch.setattr(dice_dialogs, "ask_faces", lambda *a: None)
    desk.roll_provider = manual_roll_provider(None)
    assert not desk.submit({"type": "damage", "target": "heavy", "dice": "d8"})
    assert desk.state["characters"]["heavy"]["hp"] == 20


def test_the_dialog_shows_what_the_faces_will_do_and_the_tags(dialog, qtbot):
    seen = []

    def outcome(faces):
        seen.append(faces)
        if faces is None:  # no face typed yet: the odds over every face
            return None, ["The Heavy: 20 → 14–20 HP"], []
        if faces == [1]:
            return "no damage to take", [], []
        return None, [f"The Heavy: 20/20 HP → {22 - faces[0]}/20 HP"], ["armor 2"]

    dlg = DiceDialog("d8", label="damage", outcome=outcome, tags=["1 piercing", "forceful"])
    qtbot.addWidget(dlg)
    assert dlg.ui.tagsLabel.text() == "Tags: 1 piercing, forceful"
    assert dlg.ui.outcomeLabel.text() == "The Heavy: 20 → 14–20 HP" and seen == [None]
    dlg.spins[0].setValue(6)
    assert dlg.ui.outcomeLabel.text() == "The Heavy: 20/20 HP → 16/20 HP"
    assert dlg.ui.detailLabel.text() == "armor 2" and seen[-1] == [6]
    dlg.spins[0].setValue(1)  # the rules refuse: said, and OK waits
    assert dlg.ui.messageLabel.text() == "no damage to take"
    assert not dlg.ui.buttonBox.button(OK).isEnabled()


def test_the_drop_dice_dialog_gets_the_outcome_and_tags_of_its_action(monkeypatch, desk):
    shown = {}

    def fake_ask(parent, expr, label, **kw):
        shown.update(kw)
        return [6]

    monkeypatch.setattr(dice_dialogs, "ask_faces", fake_ask)
    desk.roll_provider = manual_roll_provider(
        None, lambda cid: desk.state["characters"][cid]["name"], lambda: desk.rolling_on)
    assert desk.submit({"type": "damage", "target": "heavy", "dice": "d8", "piercing": 1,
                        "lethal": False, "tags": ["forceful"]})
    assert shown["tags"] == ["1 piercing", "forceful", "non-lethal"]
    # what 3 would have done, on the desk as it was when the roll was asked for
    refusal, lines, details = shown["outcome"]([3])
    assert refusal is None and lines == ["The Heavy: 20/20 HP → 18/20 HP"]
    assert "armor 2 − 1 piercing = 1" in details[0]
    assert desk.state["characters"]["heavy"]["hp"] == 15 and desk.rolling_on is None


def test_in_a_series_the_roll_is_shown_on_the_desk_after_the_steps_before_it(monkeypatch,
                                                                             desk):
    lines = []

    def fake_ask(parent, expr, label, **kw):
        lines.extend(kw["outcome"]([4])[1])
        return [4]

    monkeypatch.setattr(dice_dialogs, "ask_faces", fake_ask)
    desk.roll_provider = manual_roll_provider(None, None, lambda: desk.rolling_on)
    assert desk.submit_many([{"type": "damage", "target": "heavy", "amount": 7},
                             {"type": "damage", "target": "heavy", "dice": "d6"}], "Two") == 2
    assert lines == ["The Heavy: 15/20 HP → 13/20 HP"]  # after the first 7 (5 lost)
    assert desk.state["characters"]["heavy"]["hp"] == 13
