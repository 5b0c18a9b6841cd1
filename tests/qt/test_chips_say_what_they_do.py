"""What the desk asks and shows around a chip, on the real window: the roll dialog names
the attack it rolls for, a preview prints a real minus sign, the End turn chip offers the
Save that Rests and moves offers, and the quick entry forgets what was typed for another
campaign. Each checked on the window and, where a step is saved, in the database."""

import pytest
from PySide6.QtWidgets import QDialog

from harmdesk.desk import chips
from harmdesk.qt.desk_model import PreviewRole
from harmdesk.qt.dialogs.dice import DiceDialog
from harmdesk.qt.dialogs.encounter import TurnSaveDialog

from .kit import make_folder, open_window, saved
from .test_tiles import drop, hover, mime_for

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

PARTY = [
    {"id": "maelis", "name": "Maelis", "kind": "pc", "max_hp": 20, "hp": 2},
    {"id": "karis", "name": "Karis", "kind": "pc", "max_hp": 18},
    {"id": "wraith", "name": "the wraith", "kind": "monster", "max_hp": 10,
     "attack": {"dice": "d8"}},
]
STONETOP = [{"id": "caradoc", "name": "Caradoc", "kind": "pc", "max_hp": 16}]
END_TURN = chips.action_chip("End turn", {"type": "end_turn"})


@pytest.fixture
def window(qtbot, tmp_path):
    make_folder(tmp_path, [("Desk", "lux_aeterna", {}, PARTY),
                           ("Steading", "stonetop", {"prosperity": 1}, STONETOP)])
    window = open_window(qtbot, tmp_path, size=(1300, 850))
    window.folder = tmp_path
    yield window
    window.controller.service.close()


def tile(window, cid):
    return window.model.index(window.model.row_of(cid), 0)


def test_the_roll_dialog_names_the_attack_it_rolls_for(window, monkeypatch):
    window.controller.service.set_options({"dice_mode": "manual"})
    asked = []

    def exec_(dialog):
        asked.append(dialog.ui.promptLabel.text())
        dialog.spins[0].setValue(3)
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(DiceDialog, "exec", exec_)
    drop(window.tiles, mime_for(chips.attack_chip(["wraith"])), "karis")
    assert asked == ["the wraith's attack — Karis: roll d8 and enter the face each die shows."]
    chars, log = saved(window.folder)
    assert log[-1].action["rolls"] == [3] and chars["karis"]["hp"] == 15


def test_the_odds_preview_prints_a_real_minus_sign(window):
    """9 damage on Maelis at 2 HP: the Trauma d20 is not rolled yet, so the preview gives
    the odds, and the HP it reaches are below zero."""
    hover(window.tiles, mime_for(chips.action_chip("9", {"type": "damage", "amount": 9})),
          "maelis")
    line, _, ok = tile(window, "maelis").data(PreviewRole)
    assert ok and line.startswith("2 \u2192 \u22127 HP"), line
    assert "-" not in line


def answer_save(monkeypatch, answer):
    """The Save prompt answered with (condition index, bumps), "skip" or "cancel"."""
    asked = []

    def exec_(dialog):
        asked.append((dialog.ui.promptLabel.text(), dialog.ui.buttons.buttons()[0].text()))
        if answer == "cancel":
            return QDialog.DialogCode.Rejected
        if answer == "skip":
            dialog.skipped = True
        else:
            dialog.ui.condition.setCurrentIndex(answer[0])
            dialog.ui.bumps.setValue(answer[1])
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(TurnSaveDialog, "exec", exec_)
    return asked


def frozen(window) -> list[dict]:
    assert window.controller.submit({"type": "add_condition", "target": "karis",
                                     "name": "frozen", "origin_level": 2})
    return saved(window.folder)[1]


def test_the_end_turn_chip_outside_an_encounter_offers_the_save(window, monkeypatch):
    steps = len(frozen(window))
    asked = answer_save(monkeypatch, (0, 1))
    drop(window.tiles, mime_for(END_TURN), "karis")
    assert len(asked) == 1 and asked[0][0].startswith("Karis may roll a Save")
    chars, log = saved(window.folder)
    assert len(log) == steps + 1
    assert log[-1].action == {"type": "end_turn", "target": "karis", "condition": "frozen",
                              "bumps": 1}
    assert [c["bumps"] for c in chars["karis"]["conditions"] if c["name"] == "frozen"] == [1]


def test_cancelling_the_end_turn_save_ends_no_turn_and_skip_ends_it_without(window,
                                                                            monkeypatch):
    steps = len(frozen(window))
    answer_save(monkeypatch, "cancel")
    drop(window.tiles, mime_for(END_TURN), "karis")
    assert len(saved(window.folder)[1]) == steps
    answer_save(monkeypatch, "skip")
    drop(window.tiles, mime_for(END_TURN), "karis")
    log = saved(window.folder)[1]
    assert len(log) == steps + 1 and log[-1].action == {"type": "end_turn", "target": "karis"}
    asked = answer_save(monkeypatch, "cancel")
    drop(window.tiles, mime_for(END_TURN), "maelis")  # nothing to save against: not asked
    assert asked == [] and len(saved(window.folder)[1]) == steps + 2


def test_the_quick_entry_forgets_another_campaigns_text_and_error(window, qtbot):
    window.ui.quickEntry.setText("d8+")
    assert not window.chips.apply_quick_entry()
    assert window.ui.quickMessage.text() and not window.ui.quickMessage.isHidden()
    window.campaign_menus.open_named("Steading")
    qtbot.waitUntil(lambda: window.controller.service.name == "Steading")
    assert window.ui.quickEntry.text() == ""
    assert window.ui.quickMessage.text() == "" and window.ui.quickMessage.isHidden()
    window.ui.quickEntry.setText("7 p1")  # the same campaign again keeps what was typed
    window.controller.campaignChanged.emit()
    assert window.ui.quickEntry.text() == "7 p1"


def test_ctrl_m_on_a_dying_pc_opens_on_deaths_door(window, qtbot, monkeypatch):
    from harmdesk.qt.dialogs.moves import MovesDialog
    window.campaign_menus.open_named("Steading")
    qtbot.waitUntil(lambda: window.controller.service.name == "Steading")
    assert window.controller.submit({"type": "set_death", "target": "caradoc",
                                     "death": "dying"})
    opened = []

    def exec_(dialog):
        opened.append(dialog.page().title)
        return QDialog.DialogCode.Rejected
    monkeypatch.setattr(MovesDialog, "exec", exec_)
    window.select_ids(["caradoc"])
    window.ui.actionMoves.trigger()
    assert opened == ["Death's Door"]  # not Recover, which the rules refuse the dying
