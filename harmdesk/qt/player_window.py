"""The players' display: a second top-level window for the table's TV or a second screen.

It shows the cards of `PlayerModel` (the party in full, everyone else as words, the hidden
not at all) and a banner with what just happened. `PlayerDisplay` gives it its life beside
the GM's window: View → Player display shows and hides it, F11 there (View → Player
display full screen) fills its screen or gives it back a window, it never takes the focus from
the GM, it closes with the GM's window without keeping the app alive, and it remembers its
screen, size and full screen (and whether it was open) between runs.
"""

from __future__ import annotations

import math

from PySide6.QtCore import (
    QByteArray,
    QEasingCurve,
    QObject,
    QPropertyAnimation,
    QRectF,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import QFontDatabase, QFontMetricsF, QGuiApplication, QPalette
from PySide6.QtWidgets import QGraphicsOpacityEffect, QLabel, QWidget

from ..resources import resource_path
from . import window_memory
from .forms.ui_player_window import Ui_PlayerWindow
from .player_delegate import (
    BACKGROUND,
    DIM,
    TEXT,
    WRAP,
    CardDelegate,
    card_grid,
    fitted,
    pixel_font,
)
from .player_model import HighlightRole, PlayerModel

BANNER_MS = 5000  # how long the newest announcement stays before it fades
PAGE_MS = 8000  # how long a page of cards shows, when they take more than one
FADE_MS = 800
APPEARING_MS = 1000  # an activation this soon after it appears is not the GM's doing
FIRST_SHARE = 0.6  # a first window on the GM's own screen: this share of it
KEYS = {"geometry": "players/geometry", "screen": "players/screen",
        "full": "players/fullscreen", "open": "players/open"}
WINDOW_STYLE = ("QWidget#PlayerWindow, QListView#cards {{ background: {ground}; "
                "color: {text}; border: none; }}")
BANNER = "#22303C"
BANNER_STYLE = ("QLabel#banner {{ color: {text}; background: {ground}; "
                "border-bottom: {line}px solid #F0E442; padding: 0 {pad}px; }}")
_family: str | None = None


def card_family() -> str:
    """The shipped DejaVu Sans, which has every tone's symbol; the default font when the
    file cannot be read (the symbols may then be missing, never the words)."""
    global _family
    if _family is None:
        found = QFontDatabase.addApplicationFont(str(resource_path("fonts", "DejaVuSans.ttf")))
        QFontDatabase.addApplicationFont(str(resource_path("fonts", "DejaVuSans-Bold.ttf")))
        families = QFontDatabase.applicationFontFamilies(found) if found >= 0 else []
        _family = families[0] if families else QGuiApplication.font().family()
    return _family


def dark_palette() -> QPalette:
    palette = QPalette()
    for role in (QPalette.ColorRole.Window, QPalette.ColorRole.Base,
                 QPalette.ColorRole.AlternateBase, QPalette.ColorRole.Button):
        palette.setColor(role, BACKGROUND)
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text,
                 QPalette.ColorRole.ButtonText):
        palette.setColor(role, TEXT)
    return palette


def banner_edges(text: int) -> tuple[int, int]:
    """The banner's line under it and its room either side, for words of `text` pixels."""
    return max(2, text // 8), text // 2


class PlayerWindow(QWidget):
    """The cards and the banner, dark; F11 toggles full screen and Esc leaves it."""

    def __init__(self, controller, parent: QWidget | None = None):
        super().__init__(parent, Qt.WindowType.Window)
        self.ui = Ui_PlayerWindow()
        self.ui.setupUi(self)
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self.setPalette(dark_palette())
        self.setAutoFillBackground(True)
        # a TV has no scroll bar: the cards are fitted, or paged (`fit_cards`)
        self.ui.cards.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # the app's style sheet would paint the list light, whatever the palette says
        self.setStyleSheet(WINDOW_STYLE.format(ground=BACKGROUND.name(), text=TEXT.name()))
        self.banner_ms = BANNER_MS
        self.model = PlayerModel(controller, parent=self)
        self.delegate = CardDelegate(self)
        self.delegate.family = card_family()
        view = self.ui.cards
        view.setItemDelegate(self.delegate)
        view.setModel(self.model)
        view.viewport().setAutoFillBackground(True)
        for signal in (self.model.modelReset, self.model.rowsInserted, self.model.rowsRemoved):
            signal.connect(self.fit_cards)
        self._said: list[str] = []  # announcements of the step being taken
        self._say = QTimer(self)  # once the step's announcements are all in
        self._say.setSingleShot(True)
        self._say.setInterval(0)
        self._say.timeout.connect(self._show_said)
        self.model.announced.connect(self.announce)
        self._fade = QGraphicsOpacityEffect(self.ui.banner)
        self.ui.banner.setGraphicsEffect(self._fade)
        self._fading = QPropertyAnimation(self._fade, b"opacity", self)
        self._fading.setDuration(FADE_MS)
        self._fading.setEasingCurve(QEasingCurve.Type.InQuad)
        self._fading.setStartValue(1.0)
        self._fading.setEndValue(0.0)
        self._fading.finished.connect(self._cleared)
        self._shown_for = QTimer(self)
        self._shown_for.setSingleShot(True)
        self._shown_for.timeout.connect(self._fading.start)
        self.ui.actionFullScreen.triggered.connect(self.toggle_full_screen)
        self.ui.actionLeaveFullScreen.triggered.connect(self.leave_full_screen)
        self.page_ms = PAGE_MS
        self.page, self.per_page = 0, 1
        self._turning = QTimer(self)
        self._turning.setSingleShot(True)
        self._turning.timeout.connect(self._turn_page)
        self._turn_to = QTimer(self)  # once the step has picked out what it changed
        self._turn_to.setSingleShot(True)
        self._turn_to.setInterval(0)
        self._turn_to.timeout.connect(self._changed_cards)
        for signal in (self.model.dataChanged, self.model.rowsInserted):
            signal.connect(lambda *_: self._turn_to.start())
        self.pager = self._pager()
        self.fit_cards()

    def _pager(self) -> QLabel:
        """Under the cards, which page of them shows, when they take more than one."""
        pager = QLabel(self)
        pager.setObjectName("pager")
        pager.setAccessibleName("Page of cards")
        pager.setAlignment(Qt.AlignmentFlag.AlignCenter)
        pager.setStyleSheet(f"QLabel#pager {{ color: {DIM.name()}; }}")
        pager.hide()
        self.layout().addWidget(pager)
        return pager

    # full screen -----------------------------------------------------------------------
    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.fill_screen()

    def fill_screen(self) -> None:
        """Full screen, without taking the keyboard from the GM's window, as
        showFullScreen() would."""
        self.setWindowState(self.windowState() & ~Qt.WindowState.WindowMaximized
                            | Qt.WindowState.WindowFullScreen)
        self.show()

    def leave_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        self.ui.actionFullScreen.setChecked(self.isFullScreen())

    # the banner ------------------------------------------------------------------------
    def announce(self, text: str) -> None:
        """Show `text` in the banner; several in one step are shown together."""
        self._said.append(text)
        self._say.start()

    def _show_said(self) -> None:
        said, self._said = self._said, []
        if not said:
            return
        self._fading.stop()
        self._fade.setOpacity(1.0)
        self.ui.banner.setText("  ·  ".join(said))
        self.ui.banner.setAccessibleDescription(self.ui.banner.text())
        self.fit_cards()
        self._shown_for.start(self.banner_ms)

    def _cleared(self) -> None:
        self.ui.banner.clear()
        self.ui.banner.setAccessibleDescription("")
        self.fit_cards()

    # fitting the cards to the window ---------------------------------------------------
    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit_cards()

    def fit_cards(self, *_) -> None:
        """Cards and fonts as large as the window allows, with no scroll bar: a page of
        them at a time when they cannot all be read at once. The banner grows with them."""
        self._fit_banner()
        view = self.ui.cards
        count = self.model.rowCount()
        width, height = self.width(), self.height() - self.ui.banner.height()
        size, gap, _, per_page = card_grid(count, width - 2, height - 2)
        if per_page < count:  # the page's number takes a line under the cards
            self.pager.setFont(self._banner_font(max(12, self.ui.banner.height() // 4)))
            height -= self.pager.sizeHint().height()
            size, gap, _, per_page = card_grid(count, width - 2, height - 2)
        self.per_page = per_page
        self.pager.setVisible(per_page < count)
        # each card in a cell of the grid, the gap split around it
        cell = QSize(size.width() + gap, size.height() + gap)
        if (size, cell) != (self.delegate.size, view.gridSize()):
            self.delegate.size = size
            view.setGridSize(cell)
            view.setViewportMargins(gap // 2, gap // 2, 0, 0)
        self.show_page(self.page)

    def _fit_banner(self) -> None:
        """The banner's words in a font that fits its width, on one line where they can
        be read so, else wrapped; it grows to hold them, never cutting a line."""
        banner = self.ui.banner
        text = self._banner_px = max(16, self.height() // 24)
        line, pad = banner_edges(text)
        room = max(1, self.width() - 2 * pad)
        said = banner.text() or "W"
        font = fitted(self.delegate.family, text, said, room)
        if QFontMetricsF(font).horizontalAdvance(said) > room:  # two lines read better
            font = fitted(self.delegate.family, text, said, room, text * 2.6)
        banner.setFont(font)
        needed = QFontMetricsF(font).boundingRect(QRectF(0, 0, room, 1e6), WRAP, said).height()
        banner.setFixedHeight(max(text * 2, math.ceil(needed) + line + text // 4))
        self._style_banner()

    # pages of cards that turn on their own ------------------------------------------------
    def show_page(self, page: int) -> None:
        """Show the `page`-th page of cards (counted around), hide the others."""
        count = self.model.rowCount()
        pages = max(1, math.ceil(count / max(self.per_page, 1)))
        self.page = page % pages
        first = self.page * self.per_page
        for row in range(count):
            self.ui.cards.setRowHidden(row, not first <= row < first + self.per_page)
        self.pager.setText(f"{self.page + 1} / {pages}")
        if pages > 1 and not self._turning.isActive():
            self._turning.start(self.page_ms)
        elif pages == 1:
            self._turning.stop()

    def _turn_page(self) -> None:
        self.show_page(self.page + 1)

    def _changed_cards(self) -> None:
        """A card that just changed (or was just revealed) is turned to, so the players
        see it with the banner."""
        if self.per_page >= self.model.rowCount():
            return
        shown = range(self.page * self.per_page, (self.page + 1) * self.per_page)
        picked = [row for row in range(self.model.rowCount())
                  if self.model.index(row).data(HighlightRole)]
        if picked and not any(row in shown for row in picked):
            self._turning.stop()
            self.show_page(picked[0] // self.per_page)

    def _style_banner(self) -> None:
        """On its own band while it says something; the window's ground when it is quiet."""
        said = bool(self.ui.banner.text())
        line, pad = banner_edges(self._banner_px)
        self.ui.banner.setStyleSheet(BANNER_STYLE.format(
            text=TEXT.name(), ground=BANNER if said else BACKGROUND.name(),
            line=line if said else 0, pad=pad))

    def _banner_font(self, pixels: int):
        return pixel_font(self.delegate.family, pixels, bold=True)


def first_screen(screens: list, gm_screen):
    """On a first opening, a screen other than the GM's, if there is one."""
    return next((s for s in screens if s is not gm_screen), None)


class PlayerDisplay(QObject):
    """The player window's life beside the GM's `window` and its View → Player display."""

    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self.display: PlayerWindow | None = None
        self._closing_desk = False
        self.action = window.ui.actionPlayerDisplay
        self.appearing = QTimer(self)  # while running, an activation is the platform's
        self.appearing.setSingleShot(True)
        self.appearing.setInterval(APPEARING_MS)
        self.action.toggled.connect(self.set_shown)
        if window_memory.settings().value(KEYS["open"]) in (True, "true"):
            QTimer.singleShot(0, self, self._reopen)

    def _reopen(self) -> None:
        if self.w.isVisible() and not self._closing_desk:
            self.action.setChecked(True)

    def set_shown(self, shown: bool) -> None:
        if shown:
            self.show()
        elif self.display is not None and self.display.isVisible():
            self.display.close()

    def toggle_full_screen(self) -> None:
        """F11 in the GM's window: the players' display full screen, or back to a window;
        a closed one opens full screen. The GM's window keeps the focus."""
        if self.display is not None and self.display.isVisible():
            self.appearing.start()  # a window manager that activates it anyway: see show()
            self.display.toggle_full_screen()
            return
        self.action.setChecked(True)
        if self.display is not None and not self.display.isFullScreen():
            self.display.fill_screen()

    def show(self) -> None:
        if self.display is None:
            self.display = PlayerWindow(self.w.controller, self.w)
            self.display.installEventFilter(self)
            # Ctrl+Shift+P in the players' window hides it again
            self.display.addAction(self.action)
        if self.display.isVisible():
            return
        full = self.place()
        # WA_ShowWithoutActivating asks the window system not to activate it; one that
        # does so anyway, as it appears, gives the focus straight back to the GM
        self.appearing.start()
        if full:
            self.display.fill_screen()
        else:
            self.display.show()

    def place(self) -> bool:
        """Put the window where it was (its screen by name); on a first opening, full
        screen on a screen other than the GM's, if there is one. True for full screen."""
        remembered = window_memory.settings()
        screens = QGuiApplication.screens()
        named = next((s for s in screens if s.name() == remembered.value(KEYS["screen"])),
                     None)
        geometry = remembered.value(KEYS["geometry"])
        if isinstance(geometry, QByteArray) and self.display.restoreGeometry(geometry):
            if named is not None and named is not self.display.screen():
                area = named.availableGeometry()
                self.display.move(area.center() - self.display.rect().center())
            return remembered.value(KEYS["full"]) in (True, "true")
        other = first_screen(screens, self.w.screen())
        screen = other or self.w.screen()
        area = screen.availableGeometry()
        share = 0.85 if other else FIRST_SHARE
        self.display.resize(int(area.width() * share), int(area.height() * share))
        self.display.move(area.center() - self.display.rect().center())
        return other is not None

    def remember(self, shown: bool) -> None:
        remembered = window_memory.settings()
        if self.display is not None:
            remembered.setValue(KEYS["geometry"], self.display.saveGeometry())
            remembered.setValue(KEYS["screen"], self.display.screen().name())
            remembered.setValue(KEYS["full"], self.display.isFullScreen())
        remembered.setValue(KEYS["open"], shown)

    def eventFilter(self, obj, event) -> bool:
        """The action's check follows the window, also when the GM closes it."""
        if obj is self.display:
            kind = event.type()
            if kind == event.Type.Close and not self._closing_desk:
                self.remember(False)
            if kind in (event.Type.Show, event.Type.Hide) and not event.spontaneous():
                self.action.setChecked(kind == event.Type.Show)
            if kind == event.Type.WindowActivate and self.appearing.isActive():
                self.appearing.stop()
                self.w.activateWindow()
        return False

    def desk_closing(self) -> None:
        """The GM's window closes: remember whether the players' window was open, and
        close it with it."""
        self._closing_desk = True
        shown = self.display is not None and self.display.isVisible()
        self.remember(shown)
        if shown:
            self.display.close()
