"""The main window: loading off-thread, the keyboard path, undo across a restart, the table."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from harmdesk.qt.desk_model import BAR, GUARD, NAME, HighlightRole, NoticeRole
from harmdesk.qt.main_window import MainWindow

from . import kit
from .kit import open_window, writable

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def close(window):
    window.controller.service.close()


def saved(folder, cid, key="hp"):
    return kit.saved(folder)[0][cid][key]


def test_the_window_loads_the_campaign_off_the_gui_thread(qtbot, folder):
    window = open_window(qtbot, folder)
    assert window.tiles.model().rowCount() == 5
    assert window.windowTitle() == "Desk — HarmDesk"
    window.controller.start_play_session("The hagr")
    assert window.windowTitle() == "Desk — Session 1: The hagr — HarmDesk"
    close(window)


def test_the_tiles_show_a_snapshot_first_and_keep_changes_until_the_store_opens(
        qtbot, folder):
    window = MainWindow()
    qtbot.addWidget(window)
    window.campaign_menus.load(folder, "Desk")
    # at once, before the worker has imported and opened the store
    assert window.controller.campaign.loading
    assert window.tiles.model().rowCount() == 5
    assert window.tiles.acceptDrops()
    # kept, not refused, and saved once the store has opened (armor 2)
    assert window.controller.submit({"type": "damage", "target": "heavy", "amount": 3})
    assert "Refused" not in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: writable(window), timeout=20000)
    assert saved(folder, "heavy") == 19
    assert window.controller.submit({"type": "damage", "target": "heavy", "amount": 3})
    assert saved(folder, "heavy") == 18
    close(window)


def test_keyboard_path_select_with_arrows_and_type_damage(qtbot, folder):
    window = open_window(qtbot, folder)
    kit.active(qtbot, window)  # the shortcuts, and the focus, need the active window
    tiles = window.tiles
    tiles.setFocus()
    tiles.setCurrentIndex(tiles.model().index(0, 0))  # Caradoc
    QTest.keyClick(tiles, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)  # + The Heavy
    assert window.selected_ids() == ["caradoc", "heavy"]
    QTest.keyClick(window, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert window.ui.quickEntry.hasFocus()
    QTest.keyClicks(window.ui.quickEntry, "7 p1")
    QTest.keyClick(window.ui.quickEntry, Qt.Key.Key_Return)
    # armor 1 − 1 piercing = 0 for Caradoc, 2 − 1 = 1 for the Heavy
    assert (saved(folder, "caradoc"), saved(folder, "heavy")) == (9, 14)
    assert window.ui.quickEntry.text() == ""
    # the keys go where the keyboard is, the emptied quick entry: they undo the step
    assert window.ui.quickEntry.hasFocus()
    QTest.keyClick(window.ui.quickEntry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert (saved(folder, "caradoc"), saved(folder, "heavy")) == (16, 20)
    assert window.ui.quickEntry.text() == ""
    QTest.keyClick(window.ui.quickEntry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    assert saved(folder, "heavy") == 14
    close(window)


def test_a_bad_quick_entry_shows_an_inline_message_and_changes_nothing(qtbot, folder):
    window = open_window(qtbot, folder)
    window.select_ids(["heavy"])
    window.ui.quickEntry.setText("d8+")
    assert not window.chips.apply_quick_entry()
    assert window.ui.quickMessage.text() == \
        "d8+ is not a dice expression: something is missing after +"
    window.ui.quickEntry.setText("5")
    window.select_ids([])
    assert not window.chips.apply_quick_entry()
    assert "select one or more tiles" in window.ui.quickMessage.text()
    assert window.controller.stack.count() == 0 and saved(folder, "heavy") == 20
    close(window)


def test_a_refusal_reaches_the_tile_and_the_status_bar(qtbot, folder):
    window = open_window(qtbot, folder)
    window.select_ids(["caradoc"])
    recover = {"label": "Recover", "action": {"type": "recover"}}
    assert not window.chips.apply_chip_to_selection(recover)
    assert "full HP" in window.statusBar().currentMessage()
    close(window)


def test_undo_history_survives_a_restart(qtbot, folder):
    window = open_window(qtbot, folder)
    window.select_ids(["heavy"])
    for amount in ("5", "6"):
        window.ui.quickEntry.setText(amount)
        assert window.chips.apply_quick_entry()
    window.controller.stack.undo()
    close(window)
    window.close()
    again = open_window(qtbot, folder)
    stack = again.controller.stack
    assert (stack.count(), stack.index()) == (2, 1)
    assert "The Heavy takes 5 damage" in stack.text(0)
    assert saved(folder, "heavy") == 17
    stack.redo()
    assert saved(folder, "heavy") == 13
    stack.undo()
    stack.undo()
    assert saved(folder, "heavy") == 20
    close(again)


def test_dice_are_rolled_by_harmdesk_and_stored_as_faces(qtbot, folder):
    window = open_window(qtbot, folder)
    window.select_ids(["heavy"])
    window.ui.quickEntry.setText("d8+3")
    assert window.chips.apply_quick_entry()
    entry, = window.controller.service.log()
    face = entry.action["rolls"][0]
    assert saved(folder, "heavy") == 20 - max(0, face + 3 - 2)
    close(window)


def test_in_manual_dice_mode_the_gm_types_the_faces(qtbot, folder, monkeypatch):
    window = open_window(qtbot, folder)
    window.controller.campaign.set_options({"dice_mode": "manual"})
    asked = []
    monkeypatch.setattr("harmdesk.qt.dialogs.dice.ask_faces",
                        lambda parent, expr, label, **shown: asked.append((expr, label)) or [6])
    window.select_ids(["heavy"])
    window.ui.quickEntry.setText("d8+3")
    assert window.chips.apply_quick_entry()
    assert asked and asked[0][0] == "d8+3"
    assert saved(folder, "heavy") == 20 - (6 + 3 - 2)
    monkeypatch.setattr("harmdesk.qt.dialogs.dice.ask_faces",
                        lambda parent, expr, label, **shown: None)
    window.ui.quickEntry.setText("d8")
    assert not window.chips.apply_quick_entry()  # cancelled: nothing happens
    assert window.controller.stack.count() == 1
    close(window)


def test_the_table_is_a_sortable_editable_view_of_the_same_model(qtbot, folder):
    window = open_window(qtbot, folder)
    window.ui.actionShowTable.trigger()
    assert window.ui.pages.currentIndex() == 1
    table = window.sorted
    table.sort(BAR, Qt.SortOrder.AscendingOrder)
    assert table.index(0, NAME).data() == "Coedwig"  # 3 HP sorts before 16 by number
    heavy = next(table.index(r, GUARD) for r in range(table.rowCount())
                 if table.index(r, NAME).data() == "The Heavy")
    assert table.setData(heavy, 3)
    assert saved(folder, "heavy", "armor") == 3
    window.controller.stack.undo()
    assert saved(folder, "heavy", "armor") == 2
    assert not table.setData(table.index(0, BAR), "99")  # above the Coedwig's max HP 3
    assert saved(folder, "coedwig") == 3 and "max HP 3" in window.statusBar().currentMessage()
    close(window)


def test_selecting_a_log_entry_highlights_its_characters(qtbot, folder):
    window = open_window(qtbot, folder)
    window.select_ids(["heavy", "vahid"])
    window.ui.quickEntry.setText("2")
    window.chips.apply_quick_entry()
    window.log.highlight.emit(["heavy"])
    model = window.model
    assert model.index(model.row_of("heavy"), 0).data(HighlightRole) is True
    assert model.index(model.row_of("vahid"), 0).data(HighlightRole) is False
    close(window)


def test_a_corrupt_data_file_shows_a_message_not_a_traceback(qtbot, tmp_path, monkeypatch):
    (tmp_path / "harmdesk.sqlite").write_bytes(b"not a database at all" * 100)
    shown = []
    monkeypatch.setattr("harmdesk.qt.window_menus.QMessageBox.critical",
                        lambda parent, title, text: shown.append(text))
    window = MainWindow()
    qtbot.addWidget(window)
    window.campaign_menus.load(tmp_path)
    qtbot.waitUntil(lambda: bool(shown), timeout=20000)
    assert "untouched" in shown[0] and "Traceback" not in shown[0]
    assert window.controller.campaign is None


def test_file_export_session_summary_writes_the_pdf_off_the_gui_thread(qtbot, folder, tmp_path,
                                                                      monkeypatch):
    window = open_window(qtbot, folder)
    window.controller.start_play_session("The hagr")
    window.select_ids(["heavy"])
    window.ui.quickEntry.setText("5")
    window.chips.apply_quick_entry()
    target = tmp_path / "tonight.pdf"
    monkeypatch.setattr("harmdesk.qt.export_summary.QFileDialog.getSaveFileName",
                        lambda *a, **k: (str(target), "PDF files (*.pdf)"))
    offered = []
    monkeypatch.setattr("harmdesk.qt.export_summary.offer_to_open",
                        lambda parent, path: offered.append(path))
    window.ui.actionExportSummary.trigger()
    qtbot.waitUntil(lambda: bool(offered), timeout=30000)
    assert offered == [str(target)] and target.read_bytes()[:5] == b"%PDF-"
    close(window)


def test_the_table_proxy_passes_the_model_tester(qtbot, folder, qtmodeltester):
    window = open_window(qtbot, folder)
    qtmodeltester.check(window.sorted, force_py=True)
    close(window)


def test_a_chip_that_cannot_become_an_action_is_refused_on_the_tile(qtbot, folder):
    window = open_window(qtbot, folder)
    assert not window.chips.apply_chip({"label": "Hagr", "attackers": ["hagr"]}, ["hagr"])
    model = window.model
    assert "cannot attack itself" in model.index(model.row_of("hagr"), 0).data(NoticeRole)
    assert "cannot attack itself" in window.statusBar().currentMessage()
    close(window)


def test_the_tile_viewport_accepts_drops(qtbot, folder):
    # drops arrive at the viewport; a static icon-mode list view turns its drops off
    window = open_window(qtbot, folder)
    assert window.tiles.acceptDrops()
    assert window.tiles.viewport().acceptDrops()
    close(window)
