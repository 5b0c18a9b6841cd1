"""Start-up: arguments, QApplication, the main window, then the campaign off-thread.

The window paints first, as an empty window; then it builds its layout, menus, tray
and log, and the store is opened in a worker thread (on plain sqlite3: SQLModel
loads only to create or upgrade a file).
"""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from .resources import resource_path


def make_app(argv: list[str] | None = None, dressed: bool = True) -> QApplication:
    """The application; `dressed=False` leaves the icon and stylesheet for `dress()`,
    after the first paint (a stylesheet slows down building every widget)."""
    app = QApplication.instance() or QApplication(argv or sys.argv[:1])
    app.setApplicationName("HarmDesk")
    app.setOrganizationName("HarmDesk")
    from .qt.wheel import install_wheel_policy
    install_wheel_policy(app)  # the wheel changes a value only once the GM chose the box
    if dressed:
        dress(app)
    return app


def dress(app: QApplication) -> None:
    """HarmDesk's icon and its few style touches."""
    from PySide6.QtGui import QIcon
    app.setWindowIcon(QIcon(str(resource_path("icons", "harmdesk.svg"))))
    style = resource_path("harmdesk.qss")
    if style.exists():
        app.setStyleSheet(style.read_text(encoding="utf-8"))


def run_gui(data_dir=None, campaign: str | None = None) -> int:
    app = make_app(dressed=False)
    from .qt.main_window import MainWindow
    window = MainWindow(deferred=True)
    from .qt.bug_report import BugHook
    BugHook(window).install()  # a bug shows its report instead of killing the desk
    from .store.paths import data_dir as folder_of  # light: no store is opened here
    window.restore_window(folder_of(data_dir))  # the window state is the data folder's
    window.show()

    def after_first_paint():
        dress(app)
        window.finish_setup()
        window.campaign_menus.load(data_dir, campaign)

    if os.environ.get("HARMDESK_FIRST_PAINT_PROBE"):
        # for the start-up benchmark of the frozen app: report the first frame (the empty
        # window), then the desk's (layout, menus, tray and log, no campaign yet), then the
        # desk's with the campaign's tiles painted on it, then quit
        def first_paint():
            print(f"first-paint {time.time()}", flush=True)
            dress(app)
            window.finish_setup()
            app.installEventFilter(desk_paint)

        def desk_painted():
            print(f"desk-paint {time.time()}", flush=True)
            app.installEventFilter(tiles_paint)
            window.campaign_menus.load(data_dir, campaign)

        # the next frame of the window, then the tile view's first with a tile in it
        desk_paint = _AfterPaint(lambda obj: obj.window() is window, desk_painted)
        tiles_paint = _AfterPaint(
            lambda obj: obj is window.tiles.viewport() and window.tiles.model().rowCount() > 0,
            lambda: (print(f"tiles-paint {time.time()}", flush=True), app.quit()))
        window.firstPainted.connect(first_paint)
    else:
        window.firstPainted.connect(after_first_paint)
    return app.exec()


class _AfterPaint(QObject):
    """Filters the application's events and calls `then` once a widget that `painted(obj)`
    accepts is painted: queued at that paint, it runs after the rest of its frame."""

    def __init__(self, painted, then):
        super().__init__()
        self._painted, self._then = painted, then

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.Paint and isinstance(obj, QWidget) \
                and self._painted(obj):
            QApplication.instance().removeEventFilter(self)
            QTimer.singleShot(0, self._then)
        return False
