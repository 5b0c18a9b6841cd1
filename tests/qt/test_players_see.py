"""What the players see, chosen in the GM's window: the tiles' "Players see" menu, Ctrl+R
(reveal or hide), the tile's marker and the table's column, the character dialog's choice
and the campaign settings' words table. Each is checked in the model and in the saved
campaign, and undone."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QComboBox, QDialog, QMenu

from harmdesk.desk.players import looks
from harmdesk.qt import player_words
from harmdesk.qt.desk_model import PLAYERS, SeenRole
from harmdesk.qt.dialogs.character import CharacterDialog
from harmdesk.qt.dialogs.common import select_data
from harmdesk.qt.dialogs.settings import SettingsDialog
from harmdesk.qt.tile_delegate import SEEN_TAGS
from harmdesk.resources import resource_path
from harmdesk.store import Store

from . import kit
from .test_gm_controls import accept_with  # the GM's dialogs, accepted

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def seen(window, cid):
    model = window.model
    return model.index(model.row_of(cid), 0).data(SeenRole)


def saved(folder, cid):
    """players_see as the campaign's store has it now (None: the kind's default)."""
    return kit.saved(folder)[0][cid].get("players_see")


def applied(folder):
    """The log rows in force, oldest first."""
    return [entry for entry in kit.saved(folder)[1] if not entry.undone]


def players_menu(window, cid) -> QMenu:
    """The right-click menu's "Players see" submenu on `cid`'s tile."""
    index = window.model.index(window.model.row_of(cid), 0)
    menu = window.context_menu(window.tiles, window.tiles.visualRect(index).center())
    sub = menu.findChild(QMenu, "playersSeeMenu")
    assert sub is not None and sub.menuAction() in menu.actions()
    return sub


def entry(sub: QMenu, text: str):
    return next(a for a in sub.actions() if a.text().replace("&", "") == text)


def checked(sub: QMenu) -> list[str]:
    return [a.text().replace("&", "") for a in sub.actions() if a.isChecked()]


# the tiles' menu -------------------------------------------------------------------------
def test_the_tile_menu_hides_two_monsters_as_one_step_and_undo_shows_them_again(
        window, folder):
    window.select_ids(["hagr", "coedwig"])
    sub = players_menu(window, "hagr")
    assert window.selected_ids() == ["hagr", "coedwig"]  # a selected tile keeps the selection
    assert checked(sub) == ["As words only"]  # both monsters, shown as words by default
    steps = window.controller.stack.count()
    entry(sub, "Hidden").trigger()
    assert (saved(folder, "hagr"), saved(folder, "coedwig")) == ("hidden", "hidden")
    step = applied(folder)[-1]
    assert step.action == {"type": "edit_character", "target": ["hagr", "coedwig"],
                           "changes": {"players_see": "hidden"}}
    assert [e["text"] for e in step.events] == ["Hagr: hidden from the players",
                                                "Coedwig: hidden from the players"]
    assert window.controller.stack.count() == steps + 1
    assert (seen(window, "hagr"), seen(window, "coedwig")) == ("hidden", "hidden")
    assert window.statusBar().currentMessage() == \
        "Hagr and Coedwig are hidden from the players."
    window.undo_action.trigger()
    assert (saved(folder, "hagr"), saved(folder, "coedwig")) == (None, None)
    assert (seen(window, "hagr"), seen(window, "coedwig")) == ("words", "words")


def test_the_menu_checks_a_choice_only_when_the_selection_agrees(window, folder):
    window.select_ids(["heavy", "hagr"])
    assert checked(players_menu(window, "heavy")) == []  # in full and as words: no check
    window.select_ids(["heavy"])
    sub = players_menu(window, "heavy")
    assert checked(sub) == ["In full"]
    entry(sub, "As words only").trigger()  # a PC shown as words is kept on the sheet
    assert saved(folder, "heavy") == "words" and seen(window, "heavy") == "words"
    assert checked(players_menu(window, "heavy")) == ["As words only"]
    steps = len(applied(folder))
    entry(players_menu(window, "heavy"), "As words only").trigger()  # again: nothing to do
    assert len(applied(folder)) == steps
    assert window.statusBar().currentMessage() == \
        "The Heavy is already shown to the players as words only."
    entry(players_menu(window, "heavy"), "In full").trigger()  # the PC's default: left off
    assert saved(folder, "heavy") is None and seen(window, "heavy") == "full"
    assert applied(folder)[-1].events[-1]["text"] == \
        "The Heavy: shown to the players in full (as by default)"


def test_the_tables_menu_reaches_players_see_too(window, folder):
    window.show_page(1)
    table = window.ui.table
    row = window.sorted.mapFromSource(window.model.index(window.model.row_of("coedwig"), 0))
    menu = window.context_menu(table, table.visualRect(row).center())
    assert window.selected_ids() == ["coedwig"]
    entry(menu.findChild(QMenu, "playersSeeMenu"), "Hidden").trigger()
    assert saved(folder, "coedwig") == "hidden"
    assert window.sorted.index(row.row(), PLAYERS).data() == "Hidden"


def test_the_tables_players_see_cell_is_chosen_from_the_three(qtbot, window, folder):
    window.show_page(1)
    table = window.ui.table
    index = window.sorted.mapFromSource(window.model.index(window.model.row_of("hagr"),
                                                           PLAYERS))
    table.setCurrentIndex(index)
    table.edit(index)
    combo = table.indexWidget(index)  # the open editor
    assert isinstance(combo, QComboBox) and combo.currentData() == "words"
    assert [combo.itemText(i) for i in range(combo.count())] == \
        ["In full", "Words only", "Hidden"]
    combo.setCurrentIndex(combo.findData("hidden"))
    combo.activated.emit(combo.currentIndex())  # picked: applied without Enter
    assert saved(folder, "hagr") == "hidden" and index.data() == "Hidden"
    table.edit(index)
    combo = table.indexWidget(index)  # the open editor
    combo.setCurrentIndex(combo.findData("words"))
    combo.activated.emit(combo.currentIndex())
    assert saved(folder, "hagr") is None  # a monster's default: left off the sheet
    assert [e.action["changes"] for e in applied(folder)] == [
        {"players_see": "hidden"}, {"players_see": None}]


# Ctrl+R ----------------------------------------------------------------------------------
def test_ctrl_r_hides_the_selection_then_reveals_it_and_undo_hides_it_again(qtbot, window,
                                                                           folder):
    assert window.ui.actionRevealToPlayers.shortcut() == QKeySequence("Ctrl+R")
    window.select_ids(["hagr"])
    kit.active(qtbot, window)  # a shortcut takes keys in the active window only
    window.tiles.setFocus()
    QTest.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert saved(folder, "hagr") == "hidden" and seen(window, "hagr") == "hidden"
    assert window.statusBar().currentMessage() == "Hagr is hidden from the players."
    QTest.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert saved(folder, "hagr") is None and seen(window, "hagr") == "words"
    assert window.statusBar().currentMessage() == "Hagr is revealed to the players."
    step = applied(folder)[-1]
    assert step.action == {"type": "edit_character", "target": "hagr",
                           "changes": {"players_see": None}}
    assert step.events[-1]["text"] == \
        "Hagr: shown to the players as words only (as by default)"
    window.undo_action.trigger()  # undoing the reveal hides it again
    assert saved(folder, "hagr") == "hidden" and seen(window, "hagr") == "hidden"
    assert [e.action["changes"] for e in applied(folder)] == [{"players_see": "hidden"}]


def test_ctrl_r_reveals_only_the_hidden_when_any_selected_is_hidden(window, folder):
    window.select_ids(["heavy"])
    assert window.players_see.choose("hidden")
    window.select_ids(["coedwig"])
    assert window.players_see.choose("full")  # a monster the players see in full stays so
    window.select_ids(["heavy", "coedwig", "hagr"])
    steps = len(applied(folder))
    window.ui.actionRevealToPlayers.trigger()
    assert len(applied(folder)) == steps + 1
    assert applied(folder)[-1].action["target"] == "heavy"
    assert (saved(folder, "heavy"), saved(folder, "coedwig"), saved(folder, "hagr")) == \
        (None, "full", None)
    assert window.statusBar().currentMessage() == "The Heavy is revealed to the players."
    window.ui.actionRevealToPlayers.trigger()  # none hidden now: all three are hidden
    assert {saved(folder, c) for c in ("heavy", "coedwig", "hagr")} == {"hidden"}
    assert window.statusBar().currentMessage() == \
        "The Heavy, Hagr and Coedwig are hidden from the players."  # in the desk's order


def test_ctrl_r_with_nothing_selected_says_what_to_do_and_saves_nothing(window, folder):
    window.select_ids([])
    window.ui.actionRevealToPlayers.trigger()
    assert window.statusBar().currentMessage().startswith("Select one or more tiles first")
    assert applied(folder) == [] and window.controller.stack.count() == 0


def test_a_read_only_campaign_refuses_to_hide_anyone(qtbot, folder):
    other = Store.open(folder)  # another HarmDesk writes to this folder
    try:
        window = kit.open_window(qtbot, folder)
        assert window.controller.read_only
        assert not window.ui.actionRevealToPlayers.isEnabled()
        window.select_ids(["hagr"])
        sub = players_menu(window, "hagr")
        assert not any(a.isEnabled() for a in sub.actions())
        assert not window.players_see.reveal_or_hide()
        assert window.statusBar().currentMessage().startswith(
            "Refused: This campaign is open read-only")
        assert seen(window, "hagr") == "words"
        window.controller.service.close()
    finally:
        other.close()
    assert saved(folder, "hagr") is None and applied(folder) == []


# what the GM sees ------------------------------------------------------------------------
def test_the_tile_and_the_table_say_who_the_players_cannot_see(window, folder):
    model = window.model
    row = model.row_of("hagr")
    before = model.index(row, 0).data(Qt.ItemDataRole.AccessibleDescriptionRole)
    assert before.endswith("; shown to the players as words only")
    window.tiles.setFocus()
    window.select_ids(["caradoc"])
    shown = window.tiles.viewport().grab(window.tiles.visualRect(model.index(row, 0))).toImage()
    window.select_ids(["hagr"])
    assert window.players_see.reveal_or_hide()
    window.select_ids(["caradoc"])
    hidden = window.tiles.viewport().grab(window.tiles.visualRect(model.index(row, 0))).toImage()
    assert hidden != shown  # the marker is painted
    description = model.index(row, 0).data(Qt.ItemDataRole.AccessibleDescriptionRole)
    assert description.startswith("Hagr, Monster") and \
        description.endswith("; hidden from the players")
    assert model.headerData(PLAYERS, Qt.Orientation.Horizontal) == "Players see"
    assert model.index(row, PLAYERS).data() == "Hidden"
    assert model.index(model.row_of("heavy"), PLAYERS).data() == "In full"
    # a PC in full, as usual, is not said on every tile
    assert "players" not in model.index(model.row_of("heavy"), 0).data(
        Qt.ItemDataRole.AccessibleDescriptionRole)
    assert saved(folder, "hagr") == "hidden"


def test_the_markers_glyphs_are_in_the_shipped_font(qtbot):
    font_id = QFontDatabase.addApplicationFont(str(resource_path("fonts", "DejaVuSans.ttf")))
    family = QFontDatabase.applicationFontFamilies(font_id)[0]
    metrics = QFontMetrics(QFont(family))
    for tag in SEEN_TAGS.values():
        assert metrics.inFontUcs4(ord(tag[0])), tag
    assert not metrics.inFontUcs4(0x1F441)  # the check can fail: the eye emoji is not


# the character dialog --------------------------------------------------------------------


def test_a_new_monster_is_added_hidden_from_the_character_dialog(window, folder, monkeypatch):
    def fill(dialog):
        dialog.ui.nameEdit.setText("Drowned Hagr")
        select_data(dialog.ui.kindCombo, "monster")
        combo = dialog.ui.playersSeeCombo
        assert combo.itemText(0) == "As words only (the default for a monster)"
        select_data(dialog.ui.kindCombo, "pc")
        assert combo.itemText(0) == "In full (the default for a PC)"
        select_data(dialog.ui.kindCombo, "monster")
        select_data(combo, "hidden")
        assert "Drowned Hagr: hidden from the players" in dialog.ui.previewLabel.text()
    accept_with(monkeypatch, CharacterDialog, fill)
    assert window.play_menus.add_character()
    assert saved(folder, "drowned_hagr") == "hidden"
    assert seen(window, "drowned_hagr") == "hidden"
    window.select_ids(["drowned_hagr"])
    window.ui.actionRevealToPlayers.trigger()  # revealed with one key
    assert saved(folder, "drowned_hagr") is None and seen(window, "drowned_hagr") == "words"


def test_a_monster_added_as_by_default_carries_no_choice_on_its_sheet(
        window, folder, monkeypatch):
    def fill(dialog):
        dialog.ui.nameEdit.setText("Wolf")
        select_data(dialog.ui.kindCombo, "monster")
        select_data(dialog.ui.playersSeeCombo, "words")  # the default, chosen by name
    accept_with(monkeypatch, CharacterDialog, fill)
    assert window.play_menus.add_character()
    assert "players_see" not in kit.saved(folder)[0]["wolf"]
    assert applied(folder)[-1].action["character"].get("players_see", "absent") == "absent"


def test_editing_a_character_shows_and_changes_what_the_players_see(
        window, folder, monkeypatch):
    window.select_ids(["hagr"])
    assert window.players_see.choose("hidden")

    def fill(dialog):
        assert dialog.ui.playersSeeCombo.currentData() == "hidden"
        select_data(dialog.ui.playersSeeCombo, "full")
        assert dialog.action() == {"type": "edit_character", "target": "hagr",
                                   "changes": {"players_see": "full"}}
    accept_with(monkeypatch, CharacterDialog, fill)
    assert window.play_menus.edit_character()
    assert saved(folder, "hagr") == "full" and seen(window, "hagr") == "full"
    assert window.model.index(window.model.row_of("hagr"), PLAYERS).data() == "In full"

    def untouched(dialog):
        assert dialog.ui.playersSeeCombo.currentData() == "full"
        assert dialog.action() is None  # opening changes nothing
    accept_with(monkeypatch, CharacterDialog, untouched)
    assert not window.play_menus.edit_character()


# the words table -------------------------------------------------------------------------
def words_row(dialog, key):
    table = dialog.ui.wordsTable
    return next(r for r in range(table.rowCount())
                if table.item(r, 0).data(Qt.ItemDataRole.UserRole) == key)


def test_the_settings_page_saves_the_gms_words_on_ok(qtbot, window, monkeypatch):
    table_keys = list(looks("stonetop"))

    def fill(dialog):
        table = dialog.ui.wordsTable
        assert [table.item(r, 0).data(Qt.ItemDataRole.UserRole)
                for r in range(table.rowCount())] == table_keys
        row = words_row(dialog, "badly_hurt")
        assert table.item(row, 0).text() == \
            "at half their HP or less, or with a debility or a wound marked"
        assert not table.item(row, 0).flags() & Qt.ItemFlag.ItemIsEditable
        assert table.item(row, 1).flags() & Qt.ItemFlag.ItemIsEditable
        assert "(ST-7)" not in table.item(words_row(dialog, "deaths_door"), 0).text()
        table.item(row, 1).setText("bloodied")
    accept_with(monkeypatch, SettingsDialog, fill)
    with qtbot.waitSignal(player_words.shared().changed) as told:
        assert window.play_menus.settings()
    assert told.args == ["stonetop"]
    assert player_words.shared().words("stonetop") == {"badly_hurt": "bloodied"}
    assert window.controller.stack.count() == 0  # the words are no step of play

    def restore(dialog):
        row = words_row(dialog, "badly_hurt")
        assert dialog.ui.wordsTable.item(row, 1).text() == "bloodied"  # shown again
        dialog.ui.restoreWordsButton.click()
        assert dialog.ui.wordsTable.item(row, 1).text() == "badly hurt"
    accept_with(monkeypatch, SettingsDialog, restore)
    assert window.play_menus.settings()
    assert player_words.shared().words("stonetop") == {}


def test_cancel_keeps_the_old_words(qtbot, window, monkeypatch):
    player_words.shared().set_words("stonetop", {"hurt": "grazed"})

    def cancel(dialog):
        dialog.ui.wordsTable.item(words_row(dialog, "hurt"), 1).setText("scratched")
        return QDialog.DialogCode.Rejected
    monkeypatch.setattr(SettingsDialog, "exec", cancel)
    with qtbot.assertNotEmitted(player_words.shared().changed):
        assert not window.play_menus.settings()
    assert player_words.shared().words("stonetop") == {"hurt": "grazed"}
