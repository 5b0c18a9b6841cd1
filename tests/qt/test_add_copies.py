"""Copies of library templates from the GM's window: the add dialog (its HP choices,
numbering, hidden box, blanks to fill in, warnings and preview, all as the service plans
them), the desk's drop of a template, the (+) on a copy, selecting a template's copies
(Ctrl+Shift+G and the tile's menu), the group dragged into the gang slot, and showing the
hidden to the players. Each add is checked in the model, the undo stack and the saved log,
and undone."""

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

from harmdesk.desk import chips
from harmdesk.desk.library import read_template
from harmdesk.desk.players import visibility
from harmdesk.qt.dialogs.add_copies import AddCopiesDialog
from harmdesk.qt.tray_chips import mime_for

from . import kit

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

COEDWIG = {"name": "Coedwig", "kind": "monster", "hp": "3", "sheet": {"armor": 0},
           "attack": {"dice": "d6", "piercing": 1}, "count": 6, "notes": "thorn-spirits"}
BIRDWRAIG = {"name": "Birdwraig", "kind": "monster", "hp": "2d6", "sheet": {"armor": 1},
             "attack": {"dice": "d8+3", "tags": ["forceful"]}, "count": 1}


def saved_template(window, data):
    service = window.controller.service
    return service.save_template(read_template("stonetop", data))


def dialog_for(qtbot, window, data) -> AddCopiesDialog:
    dialog = AddCopiesDialog(window.controller.service, saved_template(window, data), window)
    qtbot.addWidget(dialog)
    return dialog


def ok(dialog):
    return dialog.ui.buttonBox.button(QDialogButtonBox.StandardButton.Ok)


def lines(dialog) -> list[str]:
    return dialog.ui.previewLabel.text().splitlines()


def names(window) -> list[str]:
    chars = window.controller.state["characters"]
    return [chars[cid]["name"] for cid in window.model.ids()]


def applied(folder):
    return [entry for entry in kit.saved(folder)[1] if not entry.undone]


def copies_on_desk(window, name) -> list[str]:
    chars = window.controller.state["characters"]
    return [cid for cid in window.model.ids() if chars[cid]["name"].startswith(name + " ")]


def add(qtbot, window, data, count=None, fill=None) -> list[str]:
    """Open the window's add dialog for a new template of `data` and press OK."""
    template = saved_template(window, data)
    assert window.copies.ask(template.id)
    dialog = window.copies.dialog
    if count is not None:
        dialog.ui.count.setValue(count)
    if fill is not None:
        fill(dialog)
    assert ok(dialog).isEnabled(), dialog.ui.messageLabel.text()
    before = set(window.model.ids())
    ok(dialog).click()
    qtbot.waitUntil(lambda: window.copies.dialog is None)
    return [cid for cid in window.model.ids() if cid not in before]


# the dialog -------------------------------------------------------------------------------
def test_the_dialog_starts_from_the_templates_count_and_hides_a_monster(qtbot, window):
    dialog = dialog_for(qtbot, window, COEDWIG)
    assert dialog.ui.count.value() == 6
    assert (dialog.ui.count.minimum(), dialog.ui.count.maximum()) == (1, 50)
    assert dialog.ui.hidden.isChecked()
    assert lines(dialog) == [f"Coedwig {n}: 3 HP" for n in range(1, 7)]
    assert ok(dialog).isEnabled()
    dialog.ui.count.setValue(2)
    assert lines(dialog) == ["Coedwig 1: 3 HP", "Coedwig 2: 3 HP"]
    assert dialog.copies().names == ["Coedwig 1", "Coedwig 2"]


def test_an_npc_is_shown_to_the_players_by_default(qtbot, window):
    dialog = dialog_for(qtbot, window, {**COEDWIG, "name": "Guard", "kind": "npc"})
    assert not dialog.ui.hidden.isChecked()
    assert not any("players_see" in a["character"] and
                   a["character"]["players_see"] == "hidden" for a in dialog.copies().actions)
    dialog.ui.hidden.setChecked(True)
    assert all(a["character"].get("players_see") == "hidden" for a in dialog.copies().actions)


def test_a_number_of_hp_is_simply_fixed(qtbot, window):
    dialog = dialog_for(qtbot, window, COEDWIG)
    ui = dialog.ui
    assert ui.hpFixed.isChecked() and not ui.hpRoll.isEnabled() and not ui.hpAverage.isEnabled()
    assert not ui.fixedHp.isVisibleTo(dialog)
    assert dialog.request().hp == "fixed" and dialog.request().fixed_hp is None


def test_dice_hp_is_rolled_for_each_copy_with_the_faces_shown_or_fixed(qtbot, window):
    dialog = dialog_for(qtbot, window, {**BIRDWRAIG, "count": 3})
    ui = dialog.ui
    assert ui.hpRoll.isEnabled() and ui.hpAverage.isEnabled() and ui.hpAverage.isChecked()
    average = dialog.copies().hp
    assert len(set(average)) == 1 and lines(dialog)[0] == f"Birdwraig 1: {average[0]} HP"
    ui.hpRoll.setChecked(True)
    plan = dialog.copies()
    assert all(len(faces) == 2 and sum(faces) == hp
               for faces, hp in zip(plan.faces, plan.hp, strict=True))
    assert lines(dialog)[1] == (f"Birdwraig 2: {plan.hp[1]} HP (rolled "
                                f"{plan.faces[1][0]} {plan.faces[1][1]})")
    ui.count.setValue(2)  # another box changed: the dice are not rolled anew
    assert dialog.copies().faces == plan.faces[:2]
    ui.hpFixed.setChecked(True)
    ui.fixedHp.setValue(9)
    assert dialog.copies().hp == [9, 9] and lines(dialog) == ["Birdwraig 1: 9 HP",
                                                               "Birdwraig 2: 9 HP"]


def test_hp_dice_that_can_roll_zero_warn_and_need_the_gms_yes(qtbot, window):
    dialog = dialog_for(qtbot, window, {**COEDWIG, "hp": "d4-3", "count": 2})
    ui = dialog.ui
    assert "d4-3" in ui.warningLabel.text() and ui.warningLabel.isVisibleTo(dialog)
    assert not ok(dialog).isEnabled() and ui.messageLabel.text()
    assert dialog.copies() is None
    assert ui.allowZero.isVisibleTo(dialog)
    ui.allowZero.setChecked(True)
    assert ok(dialog).isEnabled() and dialog.copies() is not None
    assert dialog.copies().problem is None and min(dialog.copies().hp) <= 0


def test_a_blank_the_template_leaves_is_asked_for(qtbot, window):
    dialog = dialog_for(qtbot, window, {**COEDWIG, "hp": None, "sheet": {}})
    ui = dialog.ui
    assert ui.missingBox.isVisibleTo(dialog)
    assert set(dialog.extra_boxes) >= {"hp", "armor"}
    assert not ok(dialog).isEnabled()
    dialog.extra_boxes["hp"].setText("2d6")
    assert ui.hpRoll.isEnabled() and ok(dialog).isEnabled(), ui.messageLabel.text()
    dialog.extra_boxes["armor"].setValue(1)
    sheet = dialog.copies().actions[0]["character"]
    assert sheet["armor"] == 1
    dialog.extra_boxes["hp"].setText("4")
    assert not ui.hpRoll.isEnabled() and dialog.copies().hp == [4] * 6


def test_a_count_outside_the_range_cannot_be_typed(qtbot, window):
    dialog = dialog_for(qtbot, window, COEDWIG)
    dialog.show()
    dialog.ui.count.setFocus()
    dialog.ui.count.selectAll()
    QTest.keyClicks(dialog.ui.count, "99")
    assert dialog.ui.count.value() <= 50


def test_names_typed_with_markup_are_shown_as_typed(qtbot, window):
    dialog = dialog_for(qtbot, window, {**COEDWIG, "name": "<b>Thorn</b>", "count": 1})
    assert dialog.ui.previewLabel.textFormat() == Qt.TextFormat.PlainText
    assert dialog.ui.templateLabel.textFormat() == Qt.TextFormat.PlainText
    assert lines(dialog) == ["<b>Thorn</b> 1: 3 HP"]  # even a lone copy is numbered


# adding from the window ----------------------------------------------------------------------
def test_six_copies_are_one_step_in_the_log_and_undo_takes_all_six(qtbot, window, folder):
    steps, rows = window.controller.stack.count(), len(applied(folder))
    added = add(qtbot, window, COEDWIG)
    assert [window.controller.state["characters"][c]["name"] for c in added] == \
        [f"Coedwig {n}" for n in range(1, 7)]
    assert window.controller.stack.count() == steps + 1
    log = applied(folder)
    assert len({entry.step for entry in log[rows:]}) == 1  # one step, whatever its rows
    chars = kit.saved(folder)[0]
    assert all(chars[c].get("players_see") == "hidden" for c in added)
    assert all(chars[c]["attack"] == {"dice": "d6", "piercing": 1} for c in added)
    assert "Coedwig 1" in window.controller.stack.undoText()
    window.undo_action.trigger()
    assert not copies_on_desk(window, "Coedwig")
    assert not set(added) & set(kit.saved(folder)[0])
    window.redo_action.trigger()
    assert len(copies_on_desk(window, "Coedwig")) == 6


def test_the_lowest_free_numbers_are_filled_again_or_the_count_goes_up(qtbot, window):
    added = add(qtbot, window, COEDWIG, count=3)
    second = added[1]
    assert window.controller.submit({"type": "remove_character", "target": second})
    again = add(qtbot, window, {**COEDWIG, "name": "Coedwig"}, count=1)
    chars = window.controller.state["characters"]
    assert chars[again[0]]["name"] == "Coedwig 2"
    up = add(qtbot, window, COEDWIG, count=1,
             fill=lambda d: d.ui.numbering.setCurrentIndex(d.ui.numbering.findData("up")))
    assert window.controller.state["characters"][up[0]]["name"] == "Coedwig 4"


# the (+) on a copy --------------------------------------------------------------------------
def tile_rect(window, cid):
    return window.tiles.visualRect(window.model.index(window.model.row_of(cid), 0))


def plus_point(window, cid) -> QPoint:
    from harmdesk.qt.tile_delegate import TileDelegate
    rect = TileDelegate.plus_rect(tile_rect(window, cid).toRectF(), window.tiles.font())
    return rect.center().toPoint()


def test_the_plus_adds_one_more_hidden_copy_and_leaves_the_selection(qtbot, window, folder):
    added = add(qtbot, window, {**COEDWIG, "count": 2})
    window.select_ids(["hagr"])
    steps = window.controller.stack.count()
    QTest.mouseClick(window.tiles.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, plus_point(window, added[0]))
    qtbot.waitUntil(lambda: len(copies_on_desk(window, "Coedwig")) == 3)
    new = next(c for c in copies_on_desk(window, "Coedwig") if c not in added)
    assert window.controller.state["characters"][new]["name"] == "Coedwig 3"
    assert kit.saved(folder)[0][new].get("players_see") == "hidden"
    assert window.controller.stack.count() == steps + 1
    assert window.selected_ids() == ["hagr"]  # a click on the (+) selects nothing
    window.undo_action.trigger()
    assert len(copies_on_desk(window, "Coedwig")) == 2


def test_only_a_copy_has_a_plus_and_a_click_on_the_tile_still_selects(qtbot, window):
    added = add(qtbot, window, {**COEDWIG, "count": 1})
    tiles = window.tiles
    assert tiles.plus_at(plus_point(window, added[0])) == added[0]
    assert tiles.plus_at(plus_point(window, "hagr")) is None
    QTest.mouseClick(tiles.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.NoModifier, tile_rect(window, added[0]).center())
    assert window.selected_ids() == added
    assert len(copies_on_desk(window, "Coedwig")) == 1


# a group of copies ---------------------------------------------------------------------------
def test_ctrl_shift_g_selects_every_copy_of_the_current_tiles_template(qtbot, window):
    kit.active(qtbot, window)
    added = add(qtbot, window, COEDWIG)
    other = add(qtbot, window, {**BIRDWRAIG, "count": 1})
    window.tiles.setFocus()
    window.tiles.setCurrentIndex(window.model.index(window.model.row_of(added[2]), 0))
    QTest.keyClick(window.tiles, Qt.Key.Key_G,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.selected_ids() == added
    assert other[0] not in window.selected_ids()


def test_the_tile_menu_names_the_template_and_selects_its_copies(qtbot, window):
    added = add(qtbot, window, COEDWIG)
    window.select_ids([added[0]])
    index = window.model.index(window.model.row_of(added[0]), 0)
    menu = window.context_menu(window.tiles, window.tiles.visualRect(index).center())
    entry = next(a for a in menu.actions() if a.objectName() == "selectCopiesEntry")
    assert entry.text().split("\t")[0] == "Select copies of Coedwig"
    entry.trigger()
    assert window.selected_ids() == added
    hagr = window.model.index(window.model.row_of("hagr"), 0)
    menu = window.context_menu(window.tiles, window.tiles.visualRect(hagr).center())
    assert not any(a.objectName() == "selectCopiesEntry" for a in menu.actions())


def test_the_selected_group_is_dragged_whole_into_the_gang_slot(qtbot, window):
    """ST-2: six coedwig and a birdwraig gang up: d8+9, 1 piercing, forceful."""
    coedwig = add(qtbot, window, COEDWIG)
    birdwraig = add(qtbot, window, {**BIRDWRAIG, "count": 1})
    window.copies.select_copies(coedwig[0])
    chip = window.tiles.drag_chip()
    assert chip["attackers"] == coedwig
    slot = window.tray.ui.gangSlot
    for payload in (chip, {"label": "b", "attackers": birdwraig}):
        mime = mime_for(payload)
        event = QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime,
                           Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        slot.dropEvent(event)
    assert slot.ids() == coedwig + birdwraig
    qtbot.waitUntil(lambda: "d8+9" in slot.deals.text())
    assert slot.deals.text() == "Deals d8+9, 1 piercing, forceful"
    preview = window.controller.service.preview(slot.chip(), ["heavy"])
    assert "d8+9, 1 piercing, forceful" in " ".join(preview["heavy"][:2])


def test_show_to_the_players_reveals_the_selected_in_one_step(qtbot, window, folder):
    added = add(qtbot, window, COEDWIG, count=3)
    window.select_ids(added)
    steps = window.controller.stack.count()
    assert window.copies.reveal()
    chars = window.controller.state["characters"]
    assert all(visibility(chars[c]) != "hidden" for c in added)
    assert window.controller.stack.count() == steps + 1
    window.undo_action.trigger()
    chars = window.controller.state["characters"]
    assert all(visibility(chars[c]) == "hidden" for c in added)


# the desk's drop of a template ---------------------------------------------------------------
def template_mime(tid) -> QMimeData:
    library_model = pytest.importorskip("harmdesk.qt.library_model")
    return library_model.mime_for(tid)


def test_a_template_dropped_anywhere_on_the_desk_opens_the_add_dialog(qtbot, window):
    template = saved_template(window, COEDWIG)
    mime = template_mime(template.id)
    tiles = window.tiles
    empty = QPointF(tiles.viewport().width() - 3, tiles.viewport().height() - 3)
    enter = QDragEnterEvent(empty.toPoint(), Qt.DropAction.CopyAction, mime,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    tiles.dragEnterEvent(enter)
    assert enter.isAccepted()
    drop = QDropEvent(empty, Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                      Qt.KeyboardModifier.NoModifier)
    tiles.dropEvent(drop)
    assert drop.isAccepted()
    qtbot.waitUntil(lambda: window.copies.dialog is not None)
    assert window.copies.dialog.template.id == template.id


def test_a_chip_drag_is_still_a_chip_and_a_foreign_drag_is_refused(window):
    tiles = window.tiles
    mime = QMimeData()
    mime.setData("application/x-harmdesk-template+json", b'{"template": "x"}')
    enter = QDragEnterEvent(QPoint(5, 5), Qt.DropAction.CopyAction, mime,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    pytest.importorskip("harmdesk.qt.library_model")
    tiles.dragEnterEvent(enter)
    assert not enter.isAccepted()
    chip = mime_for(chips.action_chip("3", {"type": "damage", "amount": 3}))
    enter = QDragEnterEvent(QPoint(5, 5), Qt.DropAction.CopyAction, chip,
                            Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    tiles.dragEnterEvent(enter)
    assert enter.isAccepted()
