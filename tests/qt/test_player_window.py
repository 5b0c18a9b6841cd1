"""The players' window beside the GM's: View → Player display, the focus left with the GM,
full screen, and what it remembers between runs."""

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication

from harmdesk.qt import window_memory
from harmdesk.qt.player_delegate import MIN_UNIT, card_grid
from harmdesk.qt.player_model import BarRole, WordsRole
from harmdesk.qt.player_window import KEYS, first_screen

from . import kit

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def opened(qtbot, window):
    """View → Player display, as the GM chooses it, with the GM's window active."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.ui.actionPlayerDisplay.trigger()
    display = window.player_display.display
    kit.exposed(qtbot, display)
    # until the window system has had its say on the new window's focus (a platform
    # that activates it anyway sees the focus handed straight back)
    qtbot.waitUntil(lambda: not window.player_display.appearing.isActive(), timeout=20000)
    return display


def cards(display) -> dict[str, str]:
    model = display.model
    return {model.index(r).data(): model.index(r).data(WordsRole)
            for r in range(model.rowCount())}


def test_view_player_display_opens_the_players_window_and_the_gm_keeps_the_focus(
        qtbot, window):
    display = opened(qtbot, window)
    assert display.isVisible() and display.isWindow()
    assert display.windowTitle() == "HarmDesk — for the players"
    assert window.ui.actionPlayerDisplay.isChecked()
    assert QApplication.activeWindow() is window and window.isActiveWindow()
    assert not display.isActiveWindow()
    assert cards(display) == {"Caradoc": "unhurt", "The Heavy": "unhurt", "Vahid": "unhurt",
                              "Hagr": "unhurt", "Coedwig": "unhurt"}
    # dark, whatever the desktop's theme
    assert display.palette().color(display.backgroundRole()).lightness() < 40
    assert not display.testAttribute(Qt.WidgetAttribute.WA_QuitOnClose)


def test_a_step_in_the_gms_window_shows_at_once_in_the_players(qtbot, window, folder):
    display = opened(qtbot, window)
    window.select_ids(["vahid"])
    window.ui.quickEntry.setText("30")
    window.chips.apply_quick_entry()
    # ST-6: 0 HP from a lethal source: dying, at Death's Door
    qtbot.waitUntil(lambda: display.ui.banner.text() == "Vahid is at Death's Door")
    assert cards(display)["Vahid"] == "at Death's Door"
    assert display.model.index(2).data(BarRole) == (0, 16, "0/16 HP")
    chars, log = kit.saved(folder)
    assert chars["vahid"]["death"] == "dying" and log[-1].action["target"] == "vahid"
    # undone in the GM's window, undone in the players'
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: display.ui.banner.text() == "Vahid is unhurt")
    assert cards(display)["Vahid"] == "unhurt"
    assert kit.saved(folder)[0]["vahid"]["death"] == "none"


def test_the_banner_says_every_change_of_a_step_then_clears(qtbot, window):
    display = opened(qtbot, window)
    display.banner_ms = 30
    assert window.controller.submit({"type": "damage", "target": ["caradoc", "hagr"],
                                     "amount": 10})
    qtbot.waitUntil(lambda: display.ui.banner.text() != "")
    assert display.ui.banner.text() == "Caradoc is badly hurt  ·  Hagr is badly hurt"
    assert display.ui.banner.accessibleDescription() == display.ui.banner.text()
    qtbot.waitUntil(lambda: display.ui.banner.text() == "", timeout=20000)


def test_closing_the_players_window_unchecks_the_action_and_it_opens_again(
        qtbot, window, own_qsettings):
    display = opened(qtbot, window)
    display.close()
    assert not display.isVisible()
    assert not window.ui.actionPlayerDisplay.isChecked()
    assert window_memory.settings().value(KEYS["open"]) in (False, "false")
    window.ui.actionPlayerDisplay.trigger()
    kit.exposed(qtbot, display)
    assert window.ui.actionPlayerDisplay.isChecked()
    window.ui.actionPlayerDisplay.trigger()  # and Ctrl+Shift+P's action hides it again
    assert not display.isVisible()


def test_f11_fills_the_screen_and_escape_leaves_it(qtbot, window):
    display = opened(qtbot, window)
    display.activateWindow()
    qtbot.waitUntil(display.isActiveWindow)
    qtbot.keyClick(display, Qt.Key.Key_F11)
    qtbot.waitUntil(display.isFullScreen)
    assert display.ui.actionFullScreen.isChecked()
    qtbot.keyClick(display, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not display.isFullScreen())
    assert not display.ui.actionFullScreen.isChecked()
    qtbot.keyClick(display, Qt.Key.Key_Escape)  # Esc in a window does nothing more
    assert display.isVisible() and not display.isFullScreen()


def test_it_closes_with_the_gms_window_and_opens_again_as_it_was(qtbot, window, folder):
    display = opened(qtbot, window)
    display.resize(520, 330)
    qtbot.waitUntil(lambda: display.size().toTuple() == (520, 330))
    window.controller.service.close()
    window.close()
    assert not display.isVisible()
    assert window_memory.settings().value(KEYS["open"]) in (True, "true")

    again = kit.open_window(qtbot, folder)
    qtbot.waitUntil(lambda: again.player_display.display is not None
                    and again.player_display.display.isVisible())
    shown = again.player_display.display
    assert shown.size().toTuple() == (520, 330) and not shown.isFullScreen()
    assert again.ui.actionPlayerDisplay.isChecked()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is again)
    assert not shown.isActiveWindow()
    shown.showFullScreen()
    qtbot.waitUntil(shown.isFullScreen)
    again.controller.service.close()
    again.close()

    third = kit.open_window(qtbot, folder)
    qtbot.waitUntil(lambda: third.player_display.display is not None
                    and third.player_display.display.isVisible())
    assert third.player_display.display.isFullScreen()
    third.player_display.display.close()
    third.controller.service.close()
    third.close()
    fourth = kit.open_window(qtbot, folder)  # its event loop ran while the store opened
    assert fourth.player_display.display is None
    assert not fourth.ui.actionPlayerDisplay.isChecked()
    fourth.controller.service.close()


class Screen:
    def __init__(self, name):
        self._name = name

    def name(self):
        return self._name


def test_a_first_opening_goes_to_a_screen_other_than_the_gms():
    laptop, tv = Screen("eDP-1"), Screen("HDMI-1")
    assert first_screen([laptop, tv], laptop) is tv
    assert first_screen([tv, laptop], laptop) is tv
    assert first_screen([laptop], laptop) is None


@pytest.mark.parametrize("count", [1, 4, 6, 12])
def test_the_cards_fill_the_window_and_grow_with_it(count):
    small = card_grid(count, 1280, 650)
    large = card_grid(count, 3840, 2000)
    for grid, (width, height) in ((small, (1280, 650)), (large, (3840, 2000))):
        size, gap, unit, per_page = grid
        columns = (width - gap) // (size.width() + gap)
        rows = -(-count // columns)
        assert per_page == count and rows * (size.height() + gap) + gap <= height
        assert columns * (size.width() + gap) + gap <= width
        assert unit >= MIN_UNIT
    assert large.unit > 2.5 * small.unit  # the fonts follow the unit


def test_too_many_cards_for_the_window_take_pages_at_a_legible_size():
    grid = card_grid(30, 640, 400)
    assert grid.per_page < 30 and grid.unit >= MIN_UNIT
    assert grid.size.height() >= MIN_UNIT


def test_the_window_fits_its_cards_to_itself(qtbot, window):
    display = opened(qtbot, window)
    display.resize(700, 450)
    qtbot.waitUntil(lambda: display.size().toTuple() == (700, 450))
    view = display.ui.cards
    rects = [view.visualRect(display.model.index(r)) for r in range(display.model.rowCount())]
    room = QRect(0, 0, view.viewport().width(), view.viewport().height())
    assert all(room.contains(r) for r in rects)  # all five cards show, none cut
    assert not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    display.resize(1400, 900)
    qtbot.waitUntil(lambda: view.visualRect(display.model.index(0)).width() > rects[0].width())


def test_it_stays_dark_under_the_apps_style_sheet(qtbot, window):
    from harmdesk.app import dress
    app = QApplication.instance()
    dress(app)  # as the app dresses itself after its first frame
    try:
        display = opened(qtbot, window)
        display.resize(900, 500)
        qtbot.waitUntil(lambda: display.size().toTuple() == (900, 500))
        image = display.grab().toImage()
        corner = image.pixelColor(image.width() - 3, image.height() - 3)  # below the cards
        assert corner.lightness() < 40, corner.name()
    finally:
        app.setStyleSheet("")
