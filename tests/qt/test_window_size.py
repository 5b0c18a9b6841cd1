"""The window on small and large screens: remembered size and docks, all within reach."""

import random

import pytest
from PySide6.QtCore import QByteArray, QRect, QSettings, Qt
from PySide6.QtWidgets import QToolButton

from harmdesk.qt import window_memory
from harmdesk.qt.main_window import MainWindow

from . import kit
from .conftest import PARTY
from .test_window_words import FF_PARTY

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LUX_PARTY = [{"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 20},
             {"id": "wraith", "name": "Ice wraith", "kind": "monster", "max_hp": 40,
              "attack": {"dice": "2d6+2"}}]
GAMES = {"Desk": "stonetop", "Belhaven": "lux_aeterna", "Gate": "freedom_fantasies"}


@pytest.fixture
def folder(tmp_path):
    return kit.make_folder(tmp_path, [("Desk", "stonetop", {"prosperity": 1}, PARTY),
                                      ("Belhaven", "lux_aeterna", {}, LUX_PARTY),
                                      ("Gate", "freedom_fantasies", {}, FF_PARTY)])


def open_window(qtbot, folder, name="Desk", size=None):
    window = MainWindow(rng=random.Random(5))
    qtbot.addWidget(window, before_close_func=kit.shut)
    if size:
        window.resize(*size)
    else:
        window.restore_window(folder)
    window.show()
    window.campaign_menus.load(folder, name)
    qtbot.waitUntil(lambda: kit.writable(window), timeout=20000)
    kit.laid_out(qtbot, window)
    return window


def shut(window):
    window.controller.service.close()
    window.close()


def inside(window, widget) -> bool:
    """The widget is shown, and all of it lies within the window."""
    if not widget.isVisible():
        return False
    top_left = widget.mapTo(window, widget.rect().topLeft())
    return window.rect().contains(QRect(top_left, widget.size()))


def test_size_maximised_state_and_dock_layout_are_remembered(qtbot, folder, own_qsettings):
    window = open_window(qtbot, folder, size=(760, 450))  # within the offscreen 800×600
    log_dock = window.findChild(object, "logDock")
    tray_dock = window.findChild(object, "trayDock")
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, log_dock)
    tray_dock.hide()
    size = window.size().toTuple()
    assert size[1] == 450  # not the size a first start picks
    shut(window)
    remembered = QSettings(str(window_memory.settings_file(folder.resolve())),
                           QSettings.Format.IniFormat)  # the data folder's own
    assert isinstance(remembered.value("window/geometry"), QByteArray)
    assert isinstance(remembered.value("window/state"), QByteArray)
    assert remembered.fileName().startswith(own_qsettings)  # never the user's own settings

    again = open_window(qtbot, folder)
    # the height as it was; the width too, but that Qt keeps it on the 800-wide screen
    screen = again.screen().availableGeometry().width()
    assert again.height() == size[1] and abs(again.width() - min(size[0], screen)) <= 2
    assert not again.isMaximized()
    assert again.dockWidgetArea(again.findChild(object, "logDock")) == \
        Qt.DockWidgetArea.LeftDockWidgetArea
    assert not again.findChild(object, "trayDock").isVisible()
    again.showMaximized()
    qtbot.waitUntil(again.isMaximized)
    shut(again)

    third = open_window(qtbot, folder)
    assert third.windowState() & Qt.WindowState.WindowMaximized
    shut(third)


def test_a_first_start_fits_a_1280_by_720_screen(qtbot, monkeypatch):
    class Laptop:  # a 1280×720 screen with a 32-pixel panel
        def availableGeometry(self):
            return QRect(0, 32, 1280, 688)

    window = MainWindow()
    qtbot.addWidget(window)
    monkeypatch.setattr(window, "screen", lambda: Laptop())
    window.restore_window()
    assert window.width() <= 1280
    assert window.height() + window_memory.TITLE_ROOM <= 688  # the title bar fits too
    assert QRect(0, 32, 1280, 688).contains(window.geometry())


@pytest.mark.parametrize("name", list(GAMES))
def test_at_1280_by_720_everything_is_within_reach(qtbot, folder, name):
    window = open_window(qtbot, folder, name, size=(1280, 720))
    ui = window.ui
    window.select_ids([window.model.ids()[0]])
    ui.quickEntry.setText("d7+")
    window.chips.apply_quick_entry()
    kit.laid_out(qtbot, window)  # with the message shown
    for widget in (ui.quickEntry, ui.quickApply, ui.quickMessage, ui.menubar, ui.toolbar,
                   window.tiles, window.tray, window.log):
        assert inside(window, widget), widget.objectName() or type(widget).__name__
    assert ui.quickEntry.width() >= 240
    # every toolbar button shows, none is pushed into an overflow menu
    extension = [b for b in ui.toolbar.findChildren(QToolButton)
                 if b.objectName() == "qt_toolbar_ext_button"]
    assert not any(b.isVisible() for b in extension)
    # a whole row of tiles shows, and the tray scrolls to its last section
    first = window.tiles.visualRect(window.model.index(0, 0))
    assert window.tiles.viewport().rect().contains(first)
    area = window.tray.ui.scrollArea
    last = next(g for g in (window.tray.ui.gangGroup, window.tray.ui.conditionsGroup,
                            window.tray.ui.movesGroup) if not g.isHidden())
    area.ensureWidgetVisible(last)
    assert not last.visibleRegion().isEmpty()
    shut(window)


CROWD = [{"id": f"pc{n}", "name": f"Hero {n}", "kind": "pc", "max_hp": 16} for n in range(24)]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_tiles_fill_the_rows_of_the_desk(qtbot, tmp_path, size):
    folder = kit.make_folder(tmp_path, [("Crowd", "stonetop", {}, CROWD)])
    window = open_window(qtbot, folder, "Crowd", size=size)
    view = window.tiles
    qtbot.waitUntil(lambda: view.visualRect(window.model.index(0, 0)).width()
                    == view.itemDelegate().width)
    rects = [view.visualRect(window.model.index(r, 0)) for r in range(window.model.rowCount())]
    first_row = [r for r in rects if r.top() == rects[0].top()]
    assert 1 < len(first_row) < len(rects) == len(CROWD)  # more tiles than one row holds
    # the first row is full: the gap left is the scroll bar's
    assert view.viewport().width() - first_row[-1].right() < 40
    shut(window)
