"""The main window: tiles and table over one model, the tray, the log, quick entry, undo.

The window only wires widgets to the controller: every number comes from the
rules core, every change goes through `DeskController.submit`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QItemSelectionModel,
    QObject,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMessageBox

from . import window_memory
from .window_chips import ChipDrops

STATISTICS = 2  # the pages: the tiles, the table, the statistics

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu

    from .controller import DeskController

# The rules, the session, the models, the compiled layout and even the `Qt` namespace
# and the Qt classes with many enums (which take longer to load than a bare window
# takes to paint) are imported where they are used, after the first frame: an empty
# window.


class EmptyFieldPassesUndo(QObject):
    """Ctrl+Z and Ctrl+Shift+Z in an empty line edit undo and redo steps of play.

    A line edit claims the undo keys for its own typing even when empty, so after
    Enter applied a quick entry, Ctrl+Z would only bring the typed text back."""

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and not obj.text() and (
                event.matches(QKeySequence.StandardKey.Undo)
                or event.matches(QKeySequence.StandardKey.Redo)):
            event.ignore()  # not the field's: the window's shortcuts take it
            return True
        return False


class MainWindow(QMainWindow):
    firstPainted = Signal()  # once, just after the window's first frame

    def __init__(self, controller: DeskController | None = None,
                 rng: random.Random | None = None, deferred: bool = False):
        """`deferred`: leave the layout, menus, controller, tray and log to
        `finish_setup()`, so the first frame (an empty window) comes as soon as a bare
        window's would."""
        self._painted = False  # before anything that sends events
        super().__init__()
        self.setObjectName("MainWindow")
        self.setWindowTitle("HarmDesk")
        self.resize(window_memory.DEFAULT_SIZE)  # until restore_window() sizes it
        self._controller = controller
        self.rng = rng or random.SystemRandom()
        self.chips = ChipDrops(self)  # chips dropped, clicked and hovered; the quick entry
        self.ui = None
        self.campaign_menus = None
        self.play_menus = None
        self.player_display = None  # the players' window's life, once the menus exist
        self.encounter = None  # the encounter bar and its actions, once the menus exist
        self.corrections = None  # revert, edit and rewind, once the log and menus exist
        self.library = None  # the creature library's dock and menu, once the menus exist
        self.copies = None  # copies of library templates on the desk, once the menus exist
        self._remembered_folder = None  # the data folder whose layout the window shows
        self._place = None  # that folder's place on the screen, while this window holds it
        self.second_window = False
        if not deferred:
            self.finish_setup()

    def event(self, event):
        if not self._painted and event.type() == QEvent.Type.Paint:
            self._painted = True
            QTimer.singleShot(0, self.firstPainted.emit)
        return super().event(event)

    def finish_setup(self) -> None:
        if self.campaign_menus is not None:
            return
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QHeaderView

        from .controller import DeskController
        from .desk_model import MARKS, DeskModel, DeskSortModel
        from .forms.ui_main_window import Ui_MainWindow
        from .tiles import TileView  # with its painter: not needed for the first paint
        self.ui = Ui_MainWindow()
        self.ui.setupUi(self)  # no size of its own: the window keeps the one it has
        self.controller = self._controller or DeskController(self)
        self._setup_undo()
        self._setup_views()
        self.update_title()
        self.update_enabled()
        self.model = DeskModel(self.controller, self)
        self.tiles = TileView(self.controller, self)
        self.tiles.setModel(self.model)
        self.ui.tilesLayout.addWidget(self.tiles)
        self.sorted = DeskSortModel(self)
        self.sorted.setSourceModel(self.model)
        self.ui.table.setModel(self.sorted)
        self.ui.table.setWordWrap(False)
        header = self.ui.table.horizontalHeader()
        # sized when the table is shown, not by measuring every cell on each change
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(MARKS, QHeaderView.ResizeMode.Stretch)
        # desk order, with no arrow, until a header is clicked; a third click goes back to it
        header.setSortIndicatorClearable(True)
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self._setup_docks()
        self._connect()
        from .window_menus import CampaignMenus, PlayMenus
        self.campaign_menus = CampaignMenus(self)
        self.play_menus = PlayMenus(self)
        from .statistics_page import StatisticsPage
        self.statistics = StatisticsPage(self)  # reads through the campaign menus' runner
        from .player_window import PlayerDisplay
        from .window_players import PlayersSee
        self.player_display = PlayerDisplay(self)
        self.players_see = PlayersSee(self)
        from .window_encounter import Encounter
        self.encounter = Encounter(self)
        from .window_corrections import Corrections
        self.corrections = Corrections(self)  # the log's menu and Edit → Rewind
        from .window_library import Library
        self.library = Library(self)
        from .window_copies import WindowCopies
        self.copies = WindowCopies(self)  # copies of library templates (after the library)
        from .window_menus import ViewMenus
        self.view_menus = ViewMenus(self)
        self.first_layout = self.saveState(window_memory.STATE_VERSION)
        window_memory.restore_docks(self)  # the docks exist only now

    # remembered between runs ----------------------------------------------------------
    def restore_window(self, data_folder=None) -> None:
        """The size and place `data_folder` remembers (its docks come with the layout)."""
        if data_folder is not None:
            window_memory.use_folder(data_folder)
            self._remembered_folder = window_memory.current_folder()
            self._claim_place()
            self._follow_folder_view()
        window_memory.restore_geometry(self, second=self.second_window)

    def _follow_folder_view(self) -> None:
        """The tile size the data folder remembers (the tiles were built before it was
        known); the View menu's tick follows, and its signal resizes the tiles. Before the
        desk is built there is nothing to follow: the tiles read it when they are built."""
        if self.play_menus is None:
            return
        from .tiles import remembered_compact  # the tiles' module is loaded by now
        self.play_menus.compact_tiles.setChecked(remembered_compact())

    def _claim_place(self) -> None:
        """A window opened on a data folder another HarmDesk window has open is a second
        window: it opens beside that one, and leaves the layout that one remembers alone."""
        if self._place is not None:
            self._place.unlock()
        self._place = window_memory.claim_place()
        self.second_window = self._place is None

    def use_data_folder(self, data_folder) -> None:
        """The desk opens `data_folder`: its own remembered docks, or the first-start
        layout when it remembers none (never the docks another folder left)."""
        window_memory.use_folder(data_folder)
        if window_memory.current_folder() == self._remembered_folder:
            return
        self._remembered_folder = window_memory.current_folder()
        self._claim_place()
        self._follow_folder_view()
        if not window_memory.restore_docks(self):
            self.reset_layout()

    def reset_layout(self) -> None:
        """View → Reset layout: the docks and toolbar as on a first start."""
        self.restoreState(self.first_layout, window_memory.STATE_VERSION)
        for dock in window_memory.side_docks(self):
            dock.setFloating(False)
            dock.show()
        self.ui.toolbar.show()
        self.encounter.dock.setVisible(self.encounter.encounter is not None)
        widths = window_memory.first_widths(self)
        window_memory.put_widths(self, widths)
        QTimer.singleShot(0, self, lambda: window_memory.put_widths(self, widths))

    def closeEvent(self, event) -> None:
        if not self.second_window:
            window_memory.remember(self, docks=self.campaign_menus is not None)
        if self._place is not None:
            self._place.unlock()
        if self.player_display is not None:
            self.player_display.desk_closing()
        super().closeEvent(event)

    # building -------------------------------------------------------------------
    def _setup_undo(self) -> None:
        stack = self.controller.stack
        # the window's own actions, not the stack's: a read-only window disables them
        # although its stack holds the log's steps
        self.undo_action = QAction("&Undo", self)
        self.undo_action.setShortcut(QKeySequence("Ctrl+Z"))
        self.undo_action.triggered.connect(stack.undo)
        self.redo_action = QAction("&Redo", self)
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.redo_action.triggered.connect(stack.redo)
        first = self.ui.menuEdit.actions()[0]
        self.ui.menuEdit.insertActions(first, [self.undo_action, self.redo_action])
        self.ui.menuEdit.insertSeparator(first)
        # the toolbar says just Undo and Redo; what they undo is in the tooltip and the menu
        self.undo_button = QAction(QIcon.fromTheme("edit-undo"), "Undo", self)
        self.redo_button = QAction(QIcon.fromTheme("edit-redo"), "Redo", self)
        self.undo_button.triggered.connect(self.undo_action.trigger)
        self.redo_button.triggered.connect(self.redo_action.trigger)
        stack.canUndoChanged.connect(self.update_undo)
        stack.canRedoChanged.connect(self.update_undo)
        self.update_undo()
        first = self.ui.toolbar.actions()[0]
        self.ui.toolbar.insertActions(first, [self.undo_button, self.redo_button])
        self.ui.toolbar.insertSeparator(first)
        # their tooltips name the step, asked for on hover: a tooltip set on each step
        # would lay the toolbar, and so the whole window, out again after every drop
        from .tooltips import StepName, StepTips
        StepName(self.undo_action, "&Undo", stack.undoTextChanged, stack.undoText())
        StepName(self.redo_action, "&Redo", stack.redoTextChanged, stack.redoText())
        self.step_tips = StepTips(stack, {
            self.ui.toolbar.widgetForAction(self.undo_button): "undo",
            self.ui.toolbar.widgetForAction(self.redo_button): "redo"}, self, self.why_no_undo)

    def why_no_undo(self) -> str:
        """Why Undo and Redo are off in a read-only window ("" where they work)."""
        if not self.controller.read_only:
            return ""
        return (f"Undo and Redo work only in the window that saves: this one is read-only "
                f"({self.controller.service.why_read_only}).")

    def update_undo(self, *_) -> None:
        """Undo and Redo on where there is a step to undo or redo and the window saves."""
        stack, why = self.controller.stack, self.why_no_undo()
        for actions, can in (((self.undo_action, self.undo_button), stack.canUndo()),
                             ((self.redo_action, self.redo_button), stack.canRedo())):
            for action in actions:
                action.setEnabled(can and not why)
                action.setStatusTip(why)

    def _setup_views(self) -> None:
        from PySide6.QtGui import QActionGroup
        group = QActionGroup(self)
        for action in (self.ui.actionShowTiles, self.ui.actionShowTable,
                       self.ui.actionShowStatistics):
            group.addAction(action)
        self.ui.actionShowTiles.setChecked(True)
        self.ui.actionShowTiles.triggered.connect(lambda: self.show_page(0))
        self.ui.actionShowTable.triggered.connect(lambda: self.show_page(1))
        self.ui.actionShowStatistics.triggered.connect(lambda: self.show_page(STATISTICS))

    def _setup_docks(self) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QDockWidget

        from .log_dock import LogDock
        from .tray import TrayWidget
        self.tray = TrayWidget(self.controller, self)
        self.log = LogDock(self.controller, self)
        for title, widget, area, name in (
                ("Tray", self.tray, Qt.DockWidgetArea.LeftDockWidgetArea, "trayDock"),
                ("Log", self.log, Qt.DockWidgetArea.RightDockWidgetArea, "logDock")):
            dock = QDockWidget(title, self)
            dock.setObjectName(name)
            dock.setWidget(widget)
            dock.setMinimumWidth(window_memory.MIN_DOCK_WIDTH)  # never a sliver
            self.addDockWidget(area, dock)
            self.ui.menuView.addAction(dock.toggleViewAction())

    def _connect(self) -> None:
        from PySide6.QtCore import Qt
        c, ui = self.controller, self.ui
        c.refused.connect(self.on_refused)
        c.failed.connect(self.on_failed)
        c.changed.connect(self.on_changed)
        c.campaignChanged.connect(self.update_title)
        c.campaignChanged.connect(self.update_enabled)
        c.campaignChanged.connect(self._fit_shown_table)
        c.playSessionChanged.connect(self.update_title)
        c.playSessionChanged.connect(self.update_enabled)
        self.chips.connect()
        self.log.highlight.connect(self.model.set_highlight)
        self._undo_keys = EmptyFieldPassesUndo(self)
        ui.quickEntry.installEventFilter(self._undo_keys)
        ui.actionSelectAll.triggered.connect(self.select_all)
        ui.actionQuit.triggered.connect(self.close)
        for view in (self.tiles, ui.table):
            view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
            view.customContextMenuRequested.connect(
                lambda pos, view=view: self._popup(view, pos))

    # views and selection -----------------------------------------------------------
    def show_page(self, page: int) -> None:
        ids = self.selected_ids()
        self.ui.pages.setCurrentIndex(page)
        if page == 1:
            self.fit_table()
        (self.ui.actionShowTiles, self.ui.actionShowTable,
         self.ui.actionShowStatistics)[page].setChecked(True)
        self.select_ids(ids)
        if page == STATISTICS:
            self.statistics.arrive()

    def fit_table(self) -> None:
        """Size the table's columns to what they hold now (on showing it; the GM can
        drag them wider)."""
        from .desk_model import MARKS
        table = self.ui.table
        for column in range(self.sorted.columnCount()):
            if column != MARKS:
                table.resizeColumnToContents(column)

    def _fit_shown_table(self) -> None:
        if self.ui.pages.currentIndex() == 1:
            self.fit_table()

    def selected_ids(self) -> list[str]:
        if self.ui.pages.currentIndex() == 0:
            return self.tiles.selected_ids()
        from .desk_model import IdRole
        rows = self.ui.table.selectionModel().selectedRows(0)
        in_order = sorted(rows, key=lambda r: self.sorted.mapToSource(r).row())
        return [r.data(IdRole) for r in in_order]

    def select_ids(self, ids) -> None:
        selection = QItemSelection()
        for cid in ids:
            if cid in self.model.ids():
                index = self.model.index(self.model.row_of(cid), 0)
                selection.select(index, index)
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | \
            QItemSelectionModel.SelectionFlag.Rows
        if self.ui.pages.currentIndex() == 0:
            self.tiles.selectionModel().select(selection, flags)
        else:
            self.ui.table.selectionModel().select(self.sorted.mapSelectionFromSource(selection),
                                                  flags)

    def select_all(self) -> None:
        self.select_ids(self.model.ids())

    def context_menu(self, view, pos) -> QMenu | None:
        """A right click on a tile or a row: what a GM does to that character (or to the
        selection it belongs to). None over empty space."""
        index = view.indexAt(pos)
        if not index.isValid():
            return None
        from .desk_model import IdRole
        if index.data(IdRole) not in self.selected_ids():
            self.select_ids([index.data(IdRole)])
        from PySide6.QtWidgets import QMenu
        ui, menu = self.ui, QMenu(self)
        for action in (ui.actionConditions, ui.actionMoves, ui.actionDeathState, None,
                       ui.actionEditCharacter, ui.actionRemoveCharacter):
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        menu.addSeparator()
        self.players_see.add_to(menu)
        self.library.add_to(menu)
        self.copies.add_to(menu)
        return menu

    def _popup(self, view, pos) -> None:
        menu = self.context_menu(view, pos)
        if menu is not None:
            menu.exec(view.viewport().mapToGlobal(pos))
            menu.deleteLater()

    # feedback -------------------------------------------------------------------
    def on_refused(self, reason: str, ids: list) -> None:
        self.statusBar().showMessage(f"Refused: {reason}", 10000)
        if self.ui.quickEntry.hasFocus() or self.ui.quickEntry.text():
            self.chips.show_quick_message(reason)  # the tiles hear of it from the controller

    def on_failed(self, message: str) -> None:
        from .plain import plain_message
        QMessageBox.warning(self, "HarmDesk could not save", plain_message(message))

    def on_changed(self, change) -> None:
        from ..desk.actions import ChangeKind
        if change.said:
            self.statusBar().showMessage(change.said, 10000)
        elif change.kind is ChangeKind.REDO:
            stack = self.controller.stack
            self.statusBar().showMessage(f"Redo: {stack.text(stack.index())}", 5000)
        elif change.kind is ChangeKind.UNDO:
            self.statusBar().showMessage("Undone.", 5000)
        self.update_title()

    def update_title(self) -> None:
        campaign = self.controller.campaign
        if campaign is None:
            self.setWindowTitle("HarmDesk")
            return
        parts = [campaign.name]
        session = campaign.play_session
        if session:
            title = f"Session {session['number']}"
            if session.get("title"):
                title += f": {session['title']}"
            parts.append(title)
        if self.controller.read_only:
            parts.append("read-only")
        self.setWindowTitle(" — ".join(parts) + " — HarmDesk")
        self.setWindowModified(False)

    def update_enabled(self) -> None:
        self.update_undo()
        has = self.controller.campaign is not None
        writable = has and not self.controller.read_only
        profile = self.controller.profile
        for action in (self.ui.actionAddCharacter, self.ui.actionEditCharacter,
                       self.ui.actionRemoveCharacter, self.ui.actionConditions,
                       self.ui.actionMoves, self.ui.actionSettings):
            action.setEnabled(writable)
        in_play = writable and bool(self.controller.campaign.play_session)
        self.ui.actionStartSession.setEnabled(writable and not in_play)
        self.ui.actionEndSession.setEnabled(in_play)
        self.ui.actionEndScene.setEnabled(writable and profile.ends_scenes)
        # a game may have no death state to rule on (an ended Story stays ended, FF-3)
        self.ui.actionDeathState.setEnabled(writable and profile.death_ruling is not None)
        for action in (self.ui.actionExport, self.ui.actionExportSummary,
                       self.ui.actionExportRecap):
            action.setEnabled(has)
        if self.corrections is not None:
            self.corrections.update_enabled()
        self.ui.quickEntry.setEnabled(writable)
        self.ui.quickApply.setEnabled(writable)
        if profile is not None:
            from ..desk import quick  # the quick entry's words, once a campaign shows
            self.ui.quickEntry.setPlaceholderText(quick.hint(self.controller.system))
