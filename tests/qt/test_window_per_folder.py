"""What the window remembers is its data folder's: two folders keep their own layouts, one
folder's closed docks never hide another's, a second window on the same folder opens
beside the first, and a read-only window's Undo and Redo are off and say why."""

import pytest
from PySide6.QtCore import QPoint, QSettings

from harmdesk.qt import window_memory
from harmdesk.qt.main_window import MainWindow
from harmdesk.store import Store

from . import kit
from .conftest import PARTY

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def folders(tmp_path):
    """Two data folders, each with its own campaign "Desk"."""
    return [kit.make_folder(tmp_path / name, [("Desk", "stonetop", {"prosperity": 1}, PARTY)])
            for name in ("home", "club")]


def open_on(qtbot, folder):
    return kit.open_window(qtbot, folder, size=(760, 450))


def quit_window(window) -> None:
    """As Ctrl+Q does: the store closed, the window closed (which remembers its layout)."""
    kit.shut(window)
    window.controller.service.close()
    window.close()


def dock(window, name: str):
    return window.findChild(object, name)


def test_two_data_folders_keep_their_own_layouts(qtbot, folders, own_qsettings):
    home, club = folders
    window = open_on(qtbot, home)
    dock(window, "logDock").hide()
    quit_window(window)

    window = open_on(qtbot, club)
    # the home folder's closed log is not the club's
    assert dock(window, "logDock").isVisible() and dock(window, "trayDock").isVisible()
    dock(window, "trayDock").hide()
    quit_window(window)

    window = open_on(qtbot, home)
    assert not dock(window, "logDock").isVisible() and dock(window, "trayDock").isVisible()
    quit_window(window)
    window = open_on(qtbot, club)
    assert dock(window, "logDock").isVisible() and not dock(window, "trayDock").isVisible()
    quit_window(window)

    files = [window_memory.settings_file(folder.resolve()) for folder in folders]
    assert files[0] != files[1] and all(f.exists() for f in files)
    assert all(str(f).startswith(own_qsettings) for f in files)  # never the user's own
    for folder, file in zip(folders, files, strict=True):
        assert QSettings(str(file), QSettings.Format.IniFormat).value("folder/path") == \
            str(folder.resolve())


def test_a_window_opening_another_folder_shows_that_folders_layout(qtbot, folders):
    home, club = folders
    window = open_on(qtbot, home)
    dock(window, "logDock").hide()
    quit_window(window)
    window = open_on(qtbot, home)
    assert not dock(window, "logDock").isVisible()
    window.campaign_menus.load(club, "Desk")  # it remembers nothing yet: the first layout
    qtbot.waitUntil(lambda: dock(window, "logDock").isVisible())
    assert dock(window, "trayDock").isVisible() and window.ui.toolbar.isVisible()
    quit_window(window)


def test_a_second_window_on_the_same_folder_opens_beside_the_first(qtbot, folders):
    home, _ = folders
    first = MainWindow(deferred=True)
    qtbot.addWidget(first)
    first.restore_window(home)
    first.show()
    second = MainWindow(deferred=True)
    qtbot.addWidget(second)
    second.restore_window(home)
    second.show()
    assert not first.second_window and second.second_window
    step = second.pos() - first.pos()
    assert step in (QPoint(window_memory.TITLE_ROOM, window_memory.TITLE_ROOM),
                    QPoint(-window_memory.TITLE_ROOM, -window_memory.TITLE_ROOM))
    where = first.pos()
    second.close()  # the second leaves the first's place alone...
    first.close()
    third = MainWindow(deferred=True)
    qtbot.addWidget(third)
    third.restore_window(home)
    # ...and the first gave it back: where it was, not a title bar aside
    assert not third.second_window
    assert (third.pos() - where).manhattanLength() < window_memory.TITLE_ROOM
    third.close()


def test_a_read_only_window_has_undo_and_redo_off_and_says_why(qtbot, folders):
    home, _ = folders
    window = open_on(qtbot, home)
    assert window.controller.submit({"type": "damage", "target": "caradoc", "amount": 2})
    assert window.controller.submit({"type": "damage", "target": "caradoc", "amount": 1})
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: window.controller.stack.canRedo())
    quit_window(window)

    other = Store.open(home)  # another HarmDesk writes to the folder: this one reads
    try:
        window = open_on(qtbot, home)
        stack = window.controller.stack
        assert window.controller.read_only and stack.canUndo() and stack.canRedo()
        for action in (window.undo_action, window.redo_action, window.undo_button,
                       window.redo_button):
            assert not action.isEnabled()
            assert "read-only" in action.statusTip()
        assert "read-only" in window.step_tips.text("undo")
        assert "read-only" in window.step_tips.text("redo")
    finally:
        other.close()
    window.campaign_menus.writer_wait.button.click()  # Try again: the folder is free now
    qtbot.waitUntil(lambda: not window.controller.read_only, timeout=20000)
    qtbot.waitUntil(window.undo_action.isEnabled)
    assert window.redo_action.isEnabled() and window.undo_action.statusTip() == ""
    quit_window(window)


def test_a_folders_first_settings_keep_the_players_words_given_before(qtbot, folders):
    from harmdesk.qt.player_words import PlayerWords
    QSettings("HarmDesk", "HarmDesk").setValue("players/words/stonetop",
                                               '{"deaths_door": "on the brink"}')
    window_memory.use_folder(folders[0])
    assert PlayerWords().words("stonetop").get("deaths_door") == "on the brink"
    PlayerWords().set_words("stonetop", {"deaths_door": "fading"})  # kept for this folder now
    window_memory.use_folder(folders[1])
    assert PlayerWords().words("stonetop").get("deaths_door") == "on the brink"
    window_memory.use_folder(folders[0])
    assert PlayerWords().words("stonetop").get("deaths_door") == "fading"


def test_compact_tiles_are_the_data_folders_choice(qtbot, folders):
    home, club = folders
    window = open_on(qtbot, home)
    window.play_menus.compact_tiles.trigger()
    assert window.tiles.compact
    window.campaign_menus.load(club, "Desk")  # the club never chose compact tiles
    qtbot.waitUntil(lambda: not window.tiles.compact)
    assert not window.play_menus.compact_tiles.isChecked()
    window.campaign_menus.load(home, "Desk")
    qtbot.waitUntil(lambda: window.tiles.compact)
    assert window.play_menus.compact_tiles.isChecked()
    quit_window(window)
