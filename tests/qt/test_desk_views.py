"""View → Player display full screen (F11 in the GM's window) and View → Compact tiles."""

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from harmdesk.qt import window_memory
from harmdesk.qt.desk_model import FactsRole
from harmdesk.qt.tile_delegate import COMPACT_SIZE, banner_words
from harmdesk.qt.tiles import COMPACT_KEY

from . import kit
from .test_player_fit import CROWD
from .test_player_window import opened

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_f11_in_the_gms_window_fills_the_players_screen_and_gives_it_back(qtbot, window):
    display = opened(qtbot, window)
    kit.active(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F11)  # never a click into the players' window
    qtbot.waitUntil(display.isFullScreen)
    assert QApplication.activeWindow() is window and not display.isActiveWindow()
    assert display.ui.actionFullScreen.isChecked()
    qtbot.keyClick(window, Qt.Key.Key_F11)
    qtbot.waitUntil(lambda: not display.isFullScreen())
    assert display.isVisible() and QApplication.activeWindow() is window


def test_f11_with_the_players_display_closed_opens_it_full_screen(qtbot, window):
    kit.active(qtbot, window)
    assert window.player_display.display is None
    qtbot.keyClick(window, Qt.Key.Key_F11)
    qtbot.waitUntil(lambda: window.player_display.display is not None
                    and window.player_display.display.isFullScreen())
    assert window.ui.actionPlayerDisplay.isChecked()


def test_the_view_menu_holds_both_beside_their_neighbours(window):
    names = [a.objectName() for a in window.ui.menuView.actions()]
    assert names.index("actionCompactTiles") == names.index("actionShowTable") + 1
    assert names.index("actionPlayerFullScreen") == names.index("actionPlayerDisplay") + 1
    assert window.play_menus.players_full_screen.shortcut().toString() == "F11"


def tiles_in_sight(window) -> int:
    """The tiles whole inside the desk's viewport, at its scroll position."""
    view = window.tiles
    room = QRect(0, 0, view.viewport().width(), view.viewport().height())
    return sum(room.contains(view.visualRect(view.model().index(r, 0)))
               for r in range(view.model().rowCount()))


@pytest.fixture
def crowd(tmp_path):
    return kit.make_folder(tmp_path, [("Desk", "stonetop", {"prosperity": 1}, CROWD)])


def test_compact_tiles_show_more_of_the_desk_and_are_remembered(qtbot, crowd):
    window = kit.open_window(qtbot, crowd, size=(1280, 720))
    full = tiles_in_sight(window)
    assert 0 < full < 16
    window.play_menus.compact_tiles.trigger()
    qtbot.waitUntil(lambda: tiles_in_sight(window) >= full * 3 // 2)
    compact = tiles_in_sight(window)
    assert window_memory.settings().value(COMPACT_KEY) in (True, "true")  # the folder's
    window.controller.service.close()
    window.close()

    again = kit.open_window(qtbot, crowd, size=(1280, 720))
    try:
        assert again.tiles.compact and again.play_menus.compact_tiles.isChecked()
        qtbot.waitUntil(lambda: tiles_in_sight(again) == compact)
        again.play_menus.compact_tiles.trigger()  # and back to full tiles
        qtbot.waitUntil(lambda: tiles_in_sight(again) == full)
        assert window_memory.settings().value(COMPACT_KEY) in (False, "false")
    finally:
        again.controller.service.close()


def test_an_end_state_banner_on_a_compact_tile_is_never_clipped(view):
    room = COMPACT_SIZE.width() - 4 - view.fontMetrics().height() * 1.5  # its inner width
    font, words = banner_words("Dying — Death's Door", view.font(), room)
    assert words == "DYING — DEATH'S DOOR"  # a little smaller, and whole
    assert QFontMetrics(font).horizontalAdvance(words) <= room
    font, words = banner_words("Story ended — out of the story for good", view.font(), room)
    assert words.endswith("…") and QFontMetrics(font).horizontalAdvance(words) <= room


ENDED = {  # a game: one character at an end state with badges, and the steps to it
    "lux_aeterna": ([{"id": "maelis", "name": "Maelis", "kind": "pc", "max_hp": 20,
                      "traumas": [5, 9]}],
                    [{"type": "damage", "target": "maelis", "amount": 30},
                     {"type": "add_condition", "target": "maelis", "name": "dazed",
                      "origin_level": 3}]),
    "freedom_fantasies": ([{"id": "brann", "name": "Brann", "kind": "pc", "hp": 10,
                            "damage": 12, "momentum": 1, "supplies": 2}], []),
}


@pytest.mark.parametrize("system", sorted(ENDED))
def test_a_compact_tiles_badges_never_run_under_its_end_state(qtbot, tmp_path, monkeypatch,
                                                              system):
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QStyleOptionViewItem

    from harmdesk.qt.tile_delegate import TileDelegate, banner_height

    party, steps = ENDED[system]
    window = kit.open_window(qtbot, kit.make_folder(tmp_path, [("End", system, {}, party)]),
                             name="End")
    controller, view = window.controller, window.tiles
    model = view.model()
    for step in steps:
        assert controller.submit(step)
    view.set_compact(True)
    drawn = {}

    def badges(self, painter, inner, y, *args, **kwargs):
        drawn["badges_from"] = y
        drawn["badges_to"] = painted(self, painter, inner, y, *args, **kwargs)
        return drawn["badges_to"]

    def banner(self, painter, inner, label, colour, font):
        drawn["banner"] = (label, inner.bottom() - banner_height(font))
        shown(self, painter, inner, label, colour, font)

    painted, shown = TileDelegate._paint_badges, TileDelegate._banner
    monkeypatch.setattr(TileDelegate, "_paint_badges", badges)
    monkeypatch.setattr(TileDelegate, "_banner", banner)
    index = model.index(0, 0)
    option = QStyleOptionViewItem()
    view.itemDelegate().initStyleOption(option, index)
    option.font, option.fontMetrics = view.font(), view.fontMetrics()
    option.palette = view.palette()
    size = view.itemDelegate().sizeHint(option, index)
    option.rect = QRect(0, 0, size.width(), size.height())
    image = QImage(size, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        view.itemDelegate().paint(painter, option, index)
    finally:
        painter.end()
    label, banner_top = drawn["banner"]
    assert label.startswith(index.data(FactsRole).status_label)
    if "badges_to" in drawn:  # a row of them above the banner
        assert drawn["badges_to"] <= banner_top
    else:  # counted on it
        facts = index.data(FactsRole)
        assert label.endswith(f"+{len(facts.badges + facts.extra)}")
    window.controller.service.close()
