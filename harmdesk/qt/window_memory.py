"""What the window remembers between runs: its size, place, maximised state and docks.

Each data folder has its own store of these (`settings()`), in the user's settings folder,
so one folder's layout, or its players' display, never shows up on another's desk.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from PySide6.QtCore import QByteArray, QLockFile, QPoint, QSettings, QSize, QTimer

DEFAULT_SIZE = QSize(1280, 800)  # on a first start, shrunk to fit the screen
TITLE_ROOM = 48  # the window manager's title bar, which the available geometry includes
STATE_VERSION = 1  # of the saved dock layout; a new number forgets the old layout
MIN_DOCK_WIDTH = 220  # a side dock narrower than this shows nothing a GM can use
SIDE_DOCKS = ("trayDock", "logDock")  # whose widths are kept exactly
FOLDERS = "folders"  # beside the app's own settings file: one file per data folder

WORDS = "players/words"  # the players' display's words of each game (player_words.py)

_data_folder: Path | None = None


def use_folder(folder) -> None:
    """The data folder whose window state `settings()` reads and writes from now on."""
    global _data_folder
    _data_folder = Path(folder).resolve()


def current_folder() -> Path | None:
    return _data_folder


def settings_file(folder: Path) -> Path:
    """The file of `folder`'s window state: its name and a digest of its whole path, in a
    `folders` folder beside the app's settings file (`~/.config/HarmDesk` on Linux)."""
    shared = QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                       "HarmDesk", "HarmDesk")
    digest = hashlib.sha256(str(folder).encode("utf-8")).hexdigest()[:16]
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", folder.name)[:40] or "folder"
    return Path(shared.fileName()).parent / FOLDERS / f"{name}-{digest}.ini"


def settings() -> QSettings:
    """Where the window remembers its size, maximised state and dock layout, and the
    players' display its own: the open data folder's file (before a folder is known,
    the app's own settings)."""
    if _data_folder is None:
        return QSettings("HarmDesk", "HarmDesk")
    remembered = QSettings(str(settings_file(_data_folder)), QSettings.Format.IniFormat)
    if remembered.value("folder/path") is None:  # a new file
        remembered.setValue("folder/path", str(_data_folder))  # whose it is, to a reader
        keep_words(QSettings("HarmDesk", "HarmDesk"), remembered)
    return remembered


def keep_words(shared: QSettings, remembered: QSettings) -> None:
    """The players' words a GM gave each game before each folder had its own settings."""
    shared.beginGroup(WORDS)
    words = {key: shared.value(key) for key in shared.childKeys()}
    shared.endGroup()
    for key, value in words.items():
        remembered.setValue(f"{WORDS}/{key}", value)


def claim_place() -> QLockFile | None:
    """The open data folder's place on the screen, held while the window is open; None
    when another HarmDesk window on the same folder holds it (or no folder is known)."""
    if _data_folder is None:
        return None
    path = settings_file(_data_folder).with_suffix(".lock")
    path.parent.mkdir(parents=True, exist_ok=True)
    lock = QLockFile(str(path))
    lock.setStaleLockTime(0)  # a window stays open for hours; a dead one's lock is stale
    return lock if lock.tryLock(0) else None


def restore_geometry(window, second: bool = False) -> None:
    """The size, place and maximised state of the last run; on a first start, a size
    that fits the screen (a 1280×720 laptop shows all of the desk unmaximised).
    A `second` window on the same folder opens a title bar lower and to the right."""
    geometry = settings().value("window/geometry")
    if isinstance(geometry, QByteArray) and window.restoreGeometry(geometry):
        if second and not window.isMaximized():
            step_aside(window)
        return
    room = window.screen().availableGeometry()
    window.resize(min(DEFAULT_SIZE.width(), room.width()),
                  min(DEFAULT_SIZE.height(), room.height() - TITLE_ROOM))
    window.move(room.center() - window.rect().center())
    if second:
        step_aside(window)


def step_aside(window) -> None:
    """Down and right of where the first window is, by a title bar's height; up and left
    instead where the screen has no room for that."""
    room = window.screen().availableGeometry()
    frame = window.frameGeometry()
    offset = QPoint(TITLE_ROOM, TITLE_ROOM)
    moved = frame.translated(offset)
    if not room.contains(moved):
        moved = frame.translated(-offset)
    window.move(moved.topLeft() if room.contains(moved) else frame.topLeft() + offset)


def restore_docks(window) -> bool:
    """The docks and toolbar as they were; False on a first start (nothing saved)."""
    remembered = settings()
    state = remembered.value("window/state")
    if not isinstance(state, QByteArray) or not window.restoreState(state, STATE_VERSION):
        return False
    widths = saved_widths(remembered)
    closed = [dock for dock in side_docks(window) if dock.isHidden()]
    # Qt lays a restored state out on its next pass, which shares the width out afresh
    # and shows a closed dock, as a sliver, when a window manager has shown the window
    # already: the saved widths and closed docks are put back after that pass
    put_widths(window, widths)
    folder = _data_folder
    QTimer.singleShot(0, window, lambda: put_back(window, widths, closed)
                      if _data_folder == folder else None)  # unless another folder came
    return True


def saved_widths(remembered: QSettings) -> dict[str, int]:
    widths = {}
    for name in SIDE_DOCKS:
        try:
            widths[name] = max(MIN_DOCK_WIDTH, int(remembered.value(f"window/{name}Width")))
        except (TypeError, ValueError):
            continue
    return widths


def side_docks(window) -> list:
    from PySide6.QtWidgets import QDockWidget
    return [dock for dock in (window.findChild(QDockWidget, name) for name in SIDE_DOCKS)
            if dock is not None]


def put_back(window, widths: dict[str, int], closed: list) -> None:
    """The side docks as saved, once Qt has laid the restored state out."""
    for dock in closed:
        dock.hide()
    put_widths(window, widths)


def put_widths(window, widths: dict[str, int]) -> None:
    """The shown side docks at `widths` (a dock's own minimum still holds)."""
    from PySide6.QtCore import Qt
    docks = [d for d in side_docks(window)
             if d.objectName() in widths and d.isVisible() and not d.isFloating()]
    if docks:
        window.resizeDocks(docks, [widths[d.objectName()] for d in docks],
                           Qt.Orientation.Horizontal)


def remember(window, docks: bool) -> None:
    remembered = settings()
    remembered.setValue("window/geometry", window.saveGeometry())
    if docks:  # the dock layout, once there are docks
        remembered.setValue("window/state", window.saveState(STATE_VERSION))
        for dock in side_docks(window):
            if dock.isVisible() and not dock.isFloating():  # a closed dock keeps its width
                remembered.setValue(f"window/{dock.objectName()}Width",
                                    max(MIN_DOCK_WIDTH, dock.width()))


def first_widths(window) -> dict[str, int]:
    """The side docks' widths on a first start: the tray as narrow as its chips allow,
    the log as wide as it asks to be."""
    widths = {}
    for dock in side_docks(window):
        hint = dock.widget().minimumSizeHint() if dock.objectName() == "trayDock" \
            else dock.widget().sizeHint()
        widths[dock.objectName()] = max(MIN_DOCK_WIDTH, hint.width())
    return widths
