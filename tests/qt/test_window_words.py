"""The words a GM reads in the window: quick-entry messages and help, tooltips, sessions."""

import re

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QKeySequence, QTextDocument
from PySide6.QtTest import QTest

from harmdesk.desk import quick
from harmdesk.qt.desk_model import BAR, NAME

from . import kit
from .conftest import PARTY

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints",
                                        "This plugin does not support raise")

BOLD = "<b>Bold</b> & <img src=x>"
FF_PARTY = [{"id": "brute", "name": "Brann", "kind": "pc", "hp": 12, "might": 2,
             "block_bonus": 1},
            {"id": "troll", "name": "Troll", "kind": "monster", "hp": 20, "might": 3,
             "attack": {"dice": "d10+2", "damage_type": "bludgeoning"}}]


@pytest.fixture
def folder(tmp_path):
    return kit.make_folder(tmp_path, [("Desk", "stonetop", {"prosperity": 1}, PARTY),
                                      ("Gate", "freedom_fantasies", {}, FF_PARTY)])


def open_window(qtbot, folder, name="Desk"):
    return kit.open_window(qtbot, folder, name, size=(1280, 720))


def saved(folder, cid, key="hp", name="Desk"):
    return kit.saved(folder, name)[0][cid][key]


def rendered(tip: str) -> str:
    """What a tooltip shows, as Qt renders it."""
    doc = QTextDocument()
    doc.setHtml(tip)
    return doc.toPlainText()


def test_a_broken_dice_expression_reads_in_plain_words_and_the_field_keeps_its_width(
        qtbot, folder):
    window = open_window(qtbot, folder)
    entry, message = window.ui.quickEntry, window.ui.quickMessage
    width = entry.width()
    window.select_ids(["heavy"])
    entry.setText("d7+")
    assert not window.chips.apply_quick_entry()
    qtbot.waitUntil(lambda: message.shown() != "")
    kit.laid_out(qtbot, window)  # the message shows: the field is laid out again
    assert message.text() == "d7+ is not a dice expression: something is missing after +"
    assert not re.search(r"U_OP|LPAR|INTEGER|DECIMAL|\$END", message.text())
    assert entry.width() == width  # the message never squeezes the field
    assert message.fontMetrics().horizontalAdvance(message.shown()) <= message.width()
    assert rendered(message.toolTip()) == message.text()  # cut short, whole in the tooltip
    assert window.controller.stack.count() == 0 and saved(folder, "heavy") == 20
    window.controller.service.close()


@pytest.mark.parametrize("text, words", [
    ("-3", "-3 is negative: damage is 1 or more (for healing, type heal 3)"),
    ("0", "0 damage changes nothing: type 1 or more"),
    ("heal -2", "-2 is negative: healing is 1 or more (for damage, type 2)"),
    ("d4-5", "d4-5 can never come to more than 0 damage"),
])
def test_negative_zero_and_pointless_amounts_are_refused_before_any_dice_are_asked(
        qtbot, folder, text, words):
    window = open_window(qtbot, folder)
    asked = []
    window.controller.roll_provider = lambda action, need: asked.append(need)
    window.select_ids(["heavy"])
    window.ui.quickEntry.setText(text)
    assert not window.chips.apply_quick_entry()
    assert window.ui.quickMessage.text() == words
    assert asked == [] and window.controller.stack.count() == 0
    assert saved(folder, "heavy") == 20
    window.controller.service.close()


def test_the_quick_entry_hint_and_help_are_each_games_own(qtbot, folder):
    window = open_window(qtbot, folder, "Gate")
    assert "p1" not in window.ui.quickEntry.placeholderText()
    assert window.ui.quickEntry.placeholderText().startswith("9 direct · d8+3")
    assert "p1" not in window.tray.ui.typedEdit.placeholderText()
    assert window.ui.actionQuickHelp.shortcut() == QKeySequence("F1")
    window.ui.actionQuickHelp.trigger()
    dialog = window.play_menus.help_dialog
    assert dialog.isVisible() and not dialog.isModal()
    assert dialog.game() == "freedom_fantasies"
    table = dialog.ui.syntaxTable
    shown = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert shown == [f.example for f in quick.forms("freedom_fantasies")]
    assert "lose 3" not in shown and "7 p1" not in shown and "9 fire" in shown
    # every row is input the quick entry takes, in this game
    window.select_ids(["brute"])
    window.ui.quickEntry.setText(shown[-1])
    assert window.chips.apply_quick_entry()
    assert saved(folder, "brute", "damage", "Gate") == 9
    dialog.ui.gameCombo.setCurrentIndex(dialog.ui.gameCombo.findData("stonetop"))
    assert "7 p1" in [table.item(r, 0).text() for r in range(table.rowCount())]
    window.controller.service.close()


def test_names_in_tooltips_read_as_typed_never_as_markup(qtbot, folder):
    window = open_window(qtbot, folder)
    c = window.controller
    assert c.submit({"type": "edit_character", "target": "hagr", "changes": {"name": BOLD}})
    assert saved(folder, "hagr", "name") == BOLD
    tile = window.model.index(window.model.row_of("hagr"), 0)
    assert rendered(tile.data(Qt.ItemDataRole.ToolTipRole)).startswith(f"{BOLD}, Monster")
    assert tile.data(Qt.ItemDataRole.AccessibleDescriptionRole).startswith(f"{BOLD}, ")
    danger = next(ch for ch in window.tray.chips_in("dangers") if BOLD in ch.text())
    assert rendered(danger.toolTip()).startswith(f"{BOLD}: d10+3")
    assert rendered(window.step_tips.text("undo")).startswith("Undo: ")
    assert BOLD in rendered(window.step_tips.text("undo")), window.step_tips.text("undo")
    assert window.step_tips.text("redo") == "Nothing to redo"
    window.tray.ui.gangSlot.set_ids(["hagr"])
    assert window.tray.ui.gangSlot.members.textFormat() == Qt.TextFormat.PlainText
    log = window.log.model
    first = log.index(0, 0, log.index(0, 0))
    assert BOLD in rendered(first.data(Qt.ItemDataRole.ToolTipRole))
    window.controller.service.close()


def test_labels_buttons_and_chips_carry_no_rule_ids(qtbot, folder):
    window = open_window(qtbot, folder)
    window.tray.ui.gangSlot.set_ids(["hagr", "coedwig"])
    rule_id = re.compile(r"\b(ST|LA|FF)-\d")
    seen = []
    for widget in window.findChildren(object):
        for getter in ("text", "title", "toolTip", "windowTitle", "placeholderText"):
            value = getattr(widget, getter, None)
            if callable(value):
                try:
                    text = value()
                except TypeError:
                    continue
                if isinstance(text, str) and rule_id.search(text):
                    seen.append((widget.objectName(), text))
    assert seen == []
    assert window.tray.ui.gangSlot.deals.text().startswith("Deals d10+")
    window.controller.service.close()


def test_end_play_session_only_while_one_is_running(qtbot, folder):
    window = open_window(qtbot, folder)
    start, end = window.ui.actionStartSession, window.ui.actionEndSession
    assert start.isEnabled() and not end.isEnabled()
    window.controller.start_play_session("The hagr")
    assert not start.isEnabled() and end.isEnabled()
    store = window.controller.service.store
    campaign_id = window.controller.service.campaign.info.id
    assert store.open_play_session(campaign_id)["title"] == "The hagr"
    end.trigger()
    assert start.isEnabled() and not end.isEnabled()
    assert store.open_play_session(window.controller.service.campaign.info.id) is None
    window.controller.service.close()


def click_header(table, section):
    header = table.horizontalHeader()
    x = header.sectionViewportPosition(section) + header.sectionSize(section) // 2
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(x, header.height() // 2))


def test_the_table_shows_an_arrow_only_when_it_is_sorted_by_that_column(qtbot, folder):
    window = open_window(qtbot, folder)
    window.ui.actionShowTable.trigger()
    table, proxy = window.ui.table, window.sorted
    header = table.horizontalHeader()
    names = [proxy.index(r, NAME).data() for r in range(proxy.rowCount())]
    assert header.sortIndicatorSection() == -1 and proxy.sortColumn() == -1
    assert names == [c["name"] for c in PARTY]  # desk order, no arrow
    click_header(table, BAR)
    assert header.sortIndicatorSection() == BAR and proxy.sortColumn() == BAR
    hp = [proxy.index(r, BAR).data(Qt.ItemDataRole.UserRole) for r in range(proxy.rowCount())]
    assert hp == sorted(hp) and proxy.index(0, NAME).data() == "Coedwig"
    click_header(table, BAR)
    assert proxy.sortOrder() == Qt.SortOrder.DescendingOrder
    assert proxy.index(0, NAME).data() == "The Heavy"
    click_header(table, BAR)  # a third click: back to the desk's own order
    assert header.sortIndicatorSection() == -1
    assert [proxy.index(r, NAME).data() for r in range(proxy.rowCount())] == names
    # sorting is a view: the tiles and the saved desk keep their order
    assert window.model.ids() == [c["id"] for c in PARTY]
    store = window.controller.service.store
    assert list(store.characters(window.controller.service.campaign.info.id)) == window.model.ids()
    window.controller.service.close()
