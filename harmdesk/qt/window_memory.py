"""What the window remembers between runs: its size, place, maximised state and docks."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings, QSize

DEFAULT_SIZE = QSize(1280, 800)  # on a first start, shrunk to fit the screen
TITLE_ROOM = 48  # the window manager's title bar, which the available geometry includes
STATE_VERSION = 1  # of the saved dock layout; a new number forgets the old layout


def settings() -> QSettings:
    """Where the window remembers its size, maximised state and dock layout."""
    return QSettings("HarmDesk", "HarmDesk")


def restore_geometry(window) -> None:
    """The size, place and maximised state of the last run; on a first start, a size
    that fits the screen (a 1280×720 laptop shows all of the desk unmaximised)."""
    geometry = settings().value("window/geometry")
    if isinstance(geometry, QByteArray) and window.restoreGeometry(geometry):
        return
    room = window.screen().availableGeometry()
    window.resize(min(DEFAULT_SIZE.width(), room.width()),
                  min(DEFAULT_SIZE.height(), room.height() - TITLE_ROOM))
    window.move(room.center() - window.rect().center())


def restore_docks(window) -> None:
    state = settings().value("window/state")
    if isinstance(state, QByteArray):
        window.restoreState(state, STATE_VERSION)


def remember(window, docks: bool) -> None:
    remembered = settings()
    remembered.setValue("window/geometry", window.saveGeometry())
    if docks:  # the dock layout, once there are docks
        remembered.setValue("window/state", window.saveState(STATE_VERSION))
