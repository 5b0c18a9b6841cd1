"""Every GM control the rules need, reached in the window: Grant Endurance with the keep-or-
take question (LA-2), the death state as a GM ruling (ST-6, ST-7, LA-10), Tend's Defy Danger
result (ST-15), and corrections typed into the table. Each is checked in the model and in
the saved campaign, and undone."""


import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog

from harmdesk.profiles import profile_for
from harmdesk.qt.desk_model import BAR, BUFFER, GUARD, MARKS, STATUS, NoticeRole
from harmdesk.qt.dialogs.death import DeathDialog
from harmdesk.qt.dialogs.moves import MovesDialog

from . import kit

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

STONETOP = [
    {"id": "blodwen", "name": "Blodwen", "kind": "pc", "max_hp": 16, "supplies": 3},
    {"id": "garet", "name": "Garet", "kind": "follower", "max_hp": 8, "hp": 0,
     "death": "out_of_action"},
    {"id": "dai", "name": "Dai", "kind": "follower", "max_hp": 8, "hp": 0, "death": "dying",
     "wounds": ["leg slashed open"]},
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2},
]
LUX = [
    {"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 20, "endurance": 5,
     "resolve_dice": 2},
    {"id": "pau", "name": "Pau", "kind": "pc", "max_hp": 16},
    {"id": "roche", "name": "Roche", "kind": "pc", "max_hp": 14, "hp": -7, "wounded": True,
     "strain": 3, "dead": True},
]
FREEDOM = [{"id": "brann", "name": "Brann", "kind": "pc", "hp": 10, "damage": 4}]


@pytest.fixture
def folder(tmp_path):
    return kit.make_folder(tmp_path, [("Stonetop", "stonetop", {}, STONETOP),
                                      ("Lux", "lux_aeterna", {}, LUX),
                                      ("Freedom", "freedom_fantasies", {}, FREEDOM)])


@pytest.fixture
def opened(qtbot, folder):
    windows = []

    def open_window(name):
        window = kit.open_window(qtbot, folder, name)
        windows.append(window)
        return window
    yield open_window
    for window in windows:
        window.controller.service.close()


def saved(folder, campaign, cid):
    """The character as the campaign's store has it now."""
    return kit.saved(folder, campaign)[0][cid]


def cell(window, cid, column):
    model = window.model
    return model.index(model.row_of(cid), column).data()


def choose(dialog, title):
    """Click the move named `title` in the dialog's list, as the GM does."""
    item, = dialog.ui.movesList.findItems(title, Qt.MatchFlag.MatchExactly)
    dialog.ui.movesList.setCurrentItem(item)
    assert dialog.page().title == title


def accept_with(monkeypatch, dialog_class, fill):
    """Run `fill(dialog)` where the GM would, then press OK (which must be enabled)."""
    def exec_(dialog):
        fill(dialog)
        assert dialog.ok_button().isEnabled(), dialog.ui.messageLabel.text()
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(dialog_class, "exec", exec_)


# the death state -----------------------------------------------------------------------
def test_garet_healed_to_4_is_ruled_back_in_the_action_from_the_tile_menu(
        opened, folder, monkeypatch):
    """ST-6/ST-7: healing does not clear out of the action; the tile's menu reaches the GM
    ruling that does, and undo restores it."""
    window = opened("Stonetop")
    window.select_ids(["garet"])
    window.ui.quickEntry.setText("heal 4")
    assert window.chips.apply_quick_entry()
    assert (saved(folder, "Stonetop", "garet")["hp"], cell(window, "garet", STATUS)) == \
        (4, "Out of the action")
    window.select_ids(["heavy"])
    tile = window.tiles.visualRect(window.model.index(window.model.row_of("garet"), 0))
    menu = window.context_menu(window.tiles, tile.center())
    assert window.selected_ids() == ["garet"]  # the right-clicked tile is the target
    assert "&Death state…" in [a.text() for a in menu.actions()]
    accept_with(monkeypatch, DeathDialog, lambda d: d.state.set_value("none"))
    next(a for a in menu.actions() if a.text() == "&Death state…").trigger()
    garet = saved(folder, "Stonetop", "garet")
    assert (garet["hp"], garet["death"]) == (4, "none")
    assert cell(window, "garet", STATUS) == ""
    assert "GM ruling: Garet out of the action → in the action" in \
        window.statusBar().currentMessage()
    window.undo_action.trigger()
    assert saved(folder, "Stonetop", "garet")["death"] == "out_of_action"
    assert cell(window, "garet", STATUS) == "Out of the action"


def test_the_death_state_dialog_refuses_in_the_rules_words(qtbot, opened):
    """ST-6: back in the action at 0 HP is refused with the reason; with HP it is allowed;
    someone already in that state is not ruled again."""
    window = opened("Stonetop")
    state = window.controller.state
    dialog = DeathDialog(profile_for("stonetop"), state, ["garet"])
    qtbot.addWidget(dialog)
    dialog.state.set_value("none")
    assert not dialog.ok_button().isEnabled()
    assert "needs 1 HP or more" in dialog.ui.messageLabel.text()
    dialog.set_hp.setChecked(True)
    dialog.hp.setValue(2)
    assert dialog.actions() == [{"type": "set_death", "death": "none", "hp": 2,
                                 "target": "garet"}]
    assert "0 → 2 HP" in dialog.ui.previewLabel.text()
    dialog.state.set_value("dying")
    assert not dialog.set_hp.isEnabled()  # dying is at 0 HP
    heavy = DeathDialog(profile_for("stonetop"), state, ["heavy", "garet"])
    qtbot.addWidget(heavy)
    heavy.state.set_value("out_of_action")
    assert heavy.actions()[0]["target"] == "heavy"  # Garet is already out of the action


def test_a_dead_lux_character_is_brought_back_by_the_gm(qtbot, opened, folder, monkeypatch):
    """LA-10: a dead character refuses healing; the GM's ruling brings Roche back at the HP
    chosen, awake and no longer Wounded; undo makes him dead again."""
    window = opened("Lux")
    window.select_ids(["roche"])
    window.ui.quickEntry.setText("heal 2")
    assert not window.chips.apply_quick_entry()
    assert "dead" in window.statusBar().currentMessage()

    def bring_back(dialog):
        assert dialog.state.value() is False  # Alive is offered for the dead
        dialog.set_hp.setChecked(True)
        dialog.hp.setValue(3)
    accept_with(monkeypatch, DeathDialog, bring_back)
    kit.active(qtbot, window)  # a shortcut takes keys in the active window only
    QTest.keyClick(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)  # Play → Death state…
    roche = saved(folder, "Lux", "roche")
    assert (roche["dead"], roche["hp"], roche["conscious"], roche["wounded"]) == \
        (False, 3, True, False)
    assert (cell(window, "roche", BAR), cell(window, "roche", STATUS)) == ("3/14 HP", "")
    window.undo_action.trigger()
    assert saved(folder, "Lux", "roche")["dead"] is True
    assert cell(window, "roche", STATUS) == "Dead"


def test_freedom_fantasies_has_no_death_state_to_rule_on(opened):
    """FF-3: an ended Story stays ended, so the ruling is not offered."""
    window = opened("Freedom")
    assert not window.ui.actionDeathState.isEnabled()
    assert window.ui.actionMoves.isEnabled()


# Grant Endurance ---------------------------------------------------------------------
def test_grant_endurance_asks_who_keeps_the_old_and_undoes_in_one_step(
        opened, folder, monkeypatch):
    """LA-2: Sara still has 5 Endurance and is asked: she keeps the old 5 and foregoes the
    new 3 (never 8); Pau has none and takes 3. One undo reverts both."""
    window = opened("Lux")
    window.select_ids(["sara", "pau"])

    def grant(dialog):
        choose(dialog, "Grant Endurance")
        page = dialog.page()
        page.amount.setValue(3)
        assert list(page.keep) == ["sara"]  # only someone holding Endurance is asked
        box = page.keep["sara"]
        assert [box.itemText(i) for i in range(box.count())] == [
            "take the new 3 (overwrites the old 5)", "keep the old 5 (forego the new 3)"]
        box.setCurrentIndex(1)
    accept_with(monkeypatch, MovesDialog, grant)
    window.ui.actionMoves.trigger()
    assert (saved(folder, "Lux", "sara")["endurance"],
            saved(folder, "Lux", "pau")["endurance"]) == (5, 3)
    assert (cell(window, "sara", BUFFER), cell(window, "pau", BUFFER)) == ("5", "3")
    window.undo_action.trigger()
    assert saved(folder, "Lux", "pau")["endurance"] == 0
    assert cell(window, "pau", BUFFER) == "0"


# Tend ----------------------------------------------------------------------------------
def test_tend_with_a_7_9_and_the_cost_spends_a_second_supply(opened, folder, monkeypatch):
    """ST-15 / ST-T12: Dai's wound tended with Defy Danger; a 7–9 and the player takes the
    cost: two uses of Blodwen's supplies, Dai awake at 4 HP. Undo restores both."""
    window = opened("Stonetop")
    window.select_ids(["dai"])

    def tend(dialog):
        choose(dialog, "Tend")
        page = dialog.page()
        page.wound.setCurrentIndex(1)
        page.becomes.setText("leg stitched")
        page.payer.setCurrentIndex(page.payer.findData("blodwen"))
        page.roll.set_value("7-9")
        page.pick.set_value("cost")
        page.heal.setValue(4)
        page.after.setCurrentIndex(page.after.findData("none"))
    accept_with(monkeypatch, MovesDialog, tend)
    window.ui.actionMoves.trigger()
    dai = saved(folder, "Stonetop", "dai")
    assert (dai["hp"], dai["death"]) == (4, "none")
    assert [w["text"] for w in dai["wounds"]] == ["leg stitched"]
    assert saved(folder, "Stonetop", "blodwen")["supplies"] == 1
    assert (cell(window, "dai", BAR), cell(window, "blodwen", BUFFER)) == ("4/8 HP", "1")
    window.undo_action.trigger()
    assert (saved(folder, "Stonetop", "dai")["death"],
            saved(folder, "Stonetop", "blodwen")["supplies"]) == ("dying", 3)


def test_tend_page_lesser_success_and_a_miss(qtbot, opened):
    """ST-15: the page sends the result; the rules preview the lesser success (stable at
    0 HP, one supply) and the miss (nothing taken care of, the GM makes a move)."""
    window = opened("Stonetop")
    dialog = MovesDialog(profile_for("stonetop"), window.controller.state, ["dai"], move="Tend")
    qtbot.addWidget(dialog)
    page = dialog.page()
    assert not dialog.ok_button().isEnabled() and "Choose what is tended" in \
        dialog.ui.messageLabel.text()
    page.wound.setCurrentIndex(1)
    page.heal.setValue(4)
    page.after.setCurrentIndex(page.after.findData("none"))
    assert not page.pick.isEnabled()
    page.roll.set_value("7-9")
    assert page.pick.isEnabled()
    page.pick.set_value("lesser")
    action = dialog.actions()[0]
    assert (action["defy_danger"], action["pick"], action["supplies"]) == ("7-9", "lesser", 1)
    assert "stable, but out of the action" in dialog.ui.previewLabel.text()
    page.roll.set_value("6-")
    assert "pick" not in dialog.actions()[0]
    assert "the GM makes a move" in dialog.ui.previewLabel.text()


# the table -----------------------------------------------------------------------------
def test_hp_and_supplies_are_corrected_in_the_table_and_undone(opened, folder):
    """ST-16: HP and supplies typed into the table are logged GM corrections; text or a
    value out of range is refused with a clear message and changes nothing."""
    window = opened("Stonetop")
    window.ui.actionShowTable.trigger()
    table, model = window.sorted, window.model
    heavy = table.mapFromSource(model.index(model.row_of("heavy"), BAR))
    assert heavy.flags() & Qt.ItemFlag.ItemIsEditable
    assert not table.mapFromSource(model.index(0, MARKS)).flags() & Qt.ItemFlag.ItemIsEditable
    assert heavy.data(Qt.ItemDataRole.EditRole) == "20"  # the editor starts from the number
    assert table.setData(heavy, "12")
    assert saved(folder, "Stonetop", "heavy")["hp"] == 12
    assert cell(window, "heavy", BAR) == "12/20 HP"
    assert not table.setData(heavy, "twelve")
    assert "The Heavy's HP takes a whole number" in window.statusBar().currentMessage()
    assert "whole number" in model.index(model.row_of("heavy"), 0).data(NoticeRole)
    assert not table.setData(heavy, "21")
    assert "from 0 to max HP 20" in window.statusBar().currentMessage()
    assert saved(folder, "Stonetop", "heavy")["hp"] == 12
    blodwen = table.mapFromSource(model.index(model.row_of("blodwen"), BUFFER))
    assert table.setData(blodwen, "")  # supplies no longer tracked
    assert saved(folder, "Stonetop", "blodwen")["supplies"] is None
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert (saved(folder, "Stonetop", "heavy")["hp"],
            saved(folder, "Stonetop", "blodwen")["supplies"]) == (20, 3)
    assert cell(window, "blodwen", BUFFER) == "3"


def test_lux_values_are_corrected_in_the_table(opened, folder):
    """LA-3: HP below 0 typed with a real minus sign; LA-2 Endurance and LA-12 Resolve
    corrected within the sheet; a dead character is brought back first (LA-10)."""
    window = opened("Lux")
    model = window.model
    assert model.setData(model.index(model.row_of("sara"), BAR), "−3")
    sara = saved(folder, "Lux", "sara")
    assert (sara["hp"], sara["conscious"]) == (-3, False)
    assert cell(window, "sara", BAR) == "−3/20 HP (debt 3)"
    assert model.setData(model.index(model.row_of("sara"), BUFFER), "2")
    assert model.setData(model.index(model.row_of("sara"), GUARD), "1")
    sara = saved(folder, "Lux", "sara")
    assert (sara["endurance"], sara["resolve_dice"]) == (2, 1)
    assert not model.setData(model.index(model.row_of("sara"), GUARD), "3")
    assert "from 0 to 2" in window.statusBar().currentMessage()
    assert not model.setData(model.index(model.row_of("roche"), BAR), "4")
    assert "brings them back first" in window.statusBar().currentMessage()
    window.undo_action.trigger()
    assert saved(folder, "Lux", "sara")["endurance"] == 2
    assert saved(folder, "Lux", "sara")["resolve_dice"] == 2


def test_freedom_damage_is_corrected_in_the_table(opened, folder):
    """FF-2: Damage typed into the table makes Brann Wounded; FF-9: Protection needs its
    one source first."""
    freedom = opened("Freedom")
    model = freedom.model
    assert model.setData(model.index(model.row_of("brann"), BAR), "11")
    assert saved(folder, "Freedom", "brann")["wounded"] is True
    assert cell(freedom, "brann", STATUS) == "Wounded"
    assert not model.setData(model.index(model.row_of("brann"), BUFFER), "2")
    assert "one source" in freedom.statusBar().currentMessage()
    assert saved(folder, "Freedom", "brann")["protection"] == 0
    freedom.undo_action.trigger()
    assert saved(folder, "Freedom", "brann")["damage"] == 4
