"""The log dock: every event with its explanation, grouped by play session, newest first.

The rows come from LogModel (log_model.py). Undone steps stay, struck through, until
a new step replaces them; the GM can redo up to one of them from the log. LogDock
shows the model with a filter and tells the window, through `highlight(list)`, which
characters the selected event touched. Its right-click menu (and Del) asks the window,
through `correct(kind, seq)`, to revert, edit or rewind to an entry, and through
`markCheckpoint(seq)` to mark the desk as it was after one.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QItemSelectionModel,
    QModelIndex,
    QPoint,
    QSize,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHeaderView, QMenu, QWidget

from .forms.ui_log_dock import Ui_LogDock
from .log_model import (
    LIMIT,
    TEXT,
    TIME,
    CorrectionRole,
    EntryIdRole,
    GroupKeyRole,
    LogModel,
    SeqRole,
    StruckRole,
    TargetsRole,
    UndoneRole,
)
from .log_rows import (
    OLDER,
)
from .row_sizes import RowSizes

# the corrections an entry's menu offers: (kind, the menu's words)
CORRECTIONS = (("revert", "Re&vert this entry…"), ("edit", "&Edit this entry…"),
               ("rewind", "Re&wind to here…"))


class LogDock(QWidget):
    """The log view. Signals: `highlight(list)`, the character ids of the selected event;
    `correct(kind, seq)`, the GM asks to revert ("revert"), edit ("edit") or rewind to
    ("rewind") log row `seq`; `markCheckpoint(seq)`, to mark a checkpoint after row `seq`."""

    highlight = Signal(list)
    correct = Signal(str, int)
    markCheckpoint = Signal(int)

    def __init__(self, controller, parent: QWidget | None = None, limit: int = LIMIT):
        super().__init__(parent)
        self.controller = controller
        self.ui = Ui_LogDock()
        self.ui.setupUi(self)
        self.model = LogModel(controller, self, limit)
        # the filter's proxy sits between the model and the tree only while the GM
        # filters: kept in place, it re-maps every row it has seen on each step
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setRecursiveFilteringEnabled(True)  # a matching event keeps its session
        self.proxy.setAutoAcceptChildRows(True)  # a matching session keeps its events
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(TEXT)
        tree = self.ui.tree
        tree.header().setStretchLastSection(False)
        # rows wrap to the column's width: the model keeps each one's height for it
        self.sizes = RowSizes(tree)
        self.model.measure = self.sizes
        self.model.remeasure()
        self.model.lowest_shown = self.lowest_shown  # the rows in view stay in the model
        tree.header().sectionResized.connect(self._resized)
        # each step moves the scroll bar: filled with the window's colour it hides what is
        # under it, so the dock and the window beneath are not painted again with it
        tree.verticalScrollBar().setAutoFillBackground(True)
        self._expanded: set = set()
        self._shown: list = []
        self.model.modelAboutToBeReset.connect(self._remember_expanded)
        self._show_model(self.model)
        tree.doubleClicked.connect(self.redo_at)
        tree.activated.connect(self._activated)
        tree.verticalScrollBar().valueChanged.connect(self._scrolled)
        tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        tree.customContextMenuRequested.connect(self._show_menu)
        self.ui.filterEdit.textChanged.connect(self.set_filter)
        # Del on the selected entry: Revert (the log's own key, not the window's Ctrl+Del)
        self.revert_key = QAction("Revert the selected entry", tree)
        self.revert_key.setShortcut(QKeySequence(QKeySequence.StandardKey.Delete))
        self.revert_key.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.revert_key.triggered.connect(self.revert_selected)
        tree.addAction(self.revert_key)
        self._after_reset(first=True)

    def shown(self) -> QAbstractItemModel:
        """The model the tree shows: the log's own, or the filter's proxy over it."""
        return self.ui.tree.model()

    def _show_model(self, model: QAbstractItemModel) -> None:
        """Put `model` under the tree, its columns sized and its signals connected after
        the tree's own (so a reset re-expands what the tree's reset collapsed)."""
        tree, old = self.ui.tree, self.ui.tree.model()
        if old is model:
            return
        selection = tree.selectionModel()
        if old is not None:
            old.modelReset.disconnect(self._after_reset)
        tree.setModel(model)
        if selection is not None:
            selection.deleteLater()  # the view made a new one and leaves the old to us
        header = tree.header()  # the header forgets its sections with the model
        header.setSectionResizeMode(TEXT, QHeaderView.ResizeMode.Stretch)
        # a fixed width for "12:34" and "undone", so no step measures every row again
        header.setSectionResizeMode(TIME, QHeaderView.ResizeMode.Fixed)
        metrics = tree.fontMetrics()
        header.resizeSection(TIME, max(metrics.horizontalAdvance(t) for t in ("00:00", "undone"))
                             + 3 * metrics.averageCharWidth())
        model.modelReset.connect(self._after_reset)
        tree.selectionModel().selectionChanged.connect(self._selection_changed)

    def _resized(self, column: int, old: int, new: int) -> None:
        if column == TEXT and old != new:
            self.sizes.column = new
            self.model.remeasure()
            self.ui.tree.scheduleDelayedItemsLayout()

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()  # wide enough for an explanation on two or three lines
        return QSize(max(380, hint.width()), hint.height())

    def set_filter(self, text: str) -> None:
        text = text.strip()
        if text and self.shown() is not self.proxy:
            self.proxy.setSourceModel(self.model)
            self.proxy.setFilterFixedString(text)
            self._switch(self.proxy)
        elif text:
            self.proxy.setFilterFixedString(text)
        elif self.shown() is self.proxy:
            self._switch(self.model)
            self.proxy.setSourceModel(None)
        self._expand_for_filter()

    def _switch(self, model) -> None:
        """Show `model` (the log's, or the filter's proxy), keeping the selected row and
        the sessions the GM opened."""
        tree, old = self.ui.tree, self.shown()
        rows = tree.selectionModel().selectedRows(TEXT)
        picked = rows[0] if rows else QModelIndex()
        if old is self.proxy:
            picked = self.proxy.mapToSource(picked)
        else:
            self._remember_expanded()  # what the GM had open, to open again after the filter
        self._show_model(model)
        if model is self.proxy:
            picked = self.proxy.mapFromSource(picked)
        else:
            self._expand_remembered()
        if picked.isValid():
            tree.selectionModel().select(picked, QItemSelectionModel.SelectionFlag.ClearAndSelect
                                         | QItemSelectionModel.SelectionFlag.Rows)
            tree.scrollTo(picked)
        self._selection_changed()  # a row the filter hides is no longer picked out

    def _expand_for_filter(self) -> None:
        if self.ui.filterEdit.text().strip():
            self.ui.tree.expandAll()  # show every match, not just its session
        self._show_status()

    def _remember_expanded(self) -> None:
        tree, shown = self.ui.tree, self.shown()
        if shown is self.proxy:
            return  # while filtering every session is open: keep what the GM had
        self._expanded = {shown.index(r, 0).data(GroupKeyRole)
                          for r in range(shown.rowCount()) if tree.isExpanded(shown.index(r, 0))}

    def _after_reset(self, first: bool = False) -> None:
        if self.ui.filterEdit.text().strip():
            self.ui.tree.expandAll()
        else:
            self._expand_remembered()
        if self._shown:
            self._shown = []
            self.highlight.emit([])  # the selection went with the reset
        self._show_status()

    def _expand_remembered(self) -> None:
        tree, shown = self.ui.tree, self.shown()
        for r in range(shown.rowCount()):
            index = shown.index(r, 0)
            if r == 0 or index.data(GroupKeyRole) in self._expanded:
                tree.expand(index)  # the newest session is always open

    def _selection_changed(self, *_) -> None:
        rows = self.ui.tree.selectionModel().selectedRows(TEXT)
        ids = list(rows[0].data(TargetsRole) or []) if rows else []
        if ids != self._shown:
            self._shown = ids
            self.highlight.emit(ids)

    def lowest_shown(self) -> QModelIndex:
        """The lowest row of the log the tree shows, in the log's own model (invalid while
        the tree is hidden): the last row there is when the rows end above its bottom."""
        tree, shown = self.ui.tree, self.shown()
        if not tree.isVisible() or shown.rowCount() == 0:
            return QModelIndex()
        index = tree.indexAt(QPoint(0, tree.viewport().height() - 1))
        if not index.isValid():
            index = shown.index(shown.rowCount() - 1, 0)
            if tree.isExpanded(index) and shown.rowCount(index):
                index = shown.index(shown.rowCount(index) - 1, 0, index)
        index = index.siblingAtColumn(TEXT)
        return self.proxy.mapToSource(index) if shown is self.proxy else index

    def _scrolled(self, value: int) -> None:
        if value == self.ui.tree.verticalScrollBar().maximum() and self.model.has_older():
            self.model.read_older()

    def _activated(self, index) -> None:
        if index.data(GroupKeyRole) == OLDER:  # Enter or a double-click on the last row
            self.model.read_older()

    def redo_at(self, index) -> bool:
        """Redo every undone step up to the one `index` shows; nothing for a step in force."""
        if not index.data(UndoneRole) or self.controller.read_only:
            return False
        return self.controller.redo_through(index.data(EntryIdRole))

    def _show_menu(self, pos) -> None:
        tree = self.ui.tree
        menu = self.context_menu(tree.indexAt(pos))
        menu.exec(tree.viewport().mapToGlobal(pos))
        menu.deleteLater()

    def context_menu(self, index) -> QMenu:
        """The row's menu (the selected row's, from the keyboard's menu key)."""
        rows = self.ui.tree.selectionModel().selectedRows(TEXT)
        index = index if index.isValid() else rows[0] if rows else index
        menu = QMenu(self)
        menu.setToolTipsVisible(True)  # a greyed item says why
        seq = index.data(SeqRole) if index.isValid() else None
        for kind, words in CORRECTIONS:
            action = menu.addAction(words)
            action.setObjectName(f"{kind}Entry")
            why = self.why_not(index)
            action.setEnabled(not why)
            action.setToolTip(why)
            action.triggered.connect(lambda _=False, kind=kind: self.correct.emit(kind, seq))
        mark = menu.addAction("&Mark checkpoint here")
        mark.setObjectName("markCheckpoint")
        why = self.why_read_only() or ("" if index.isValid() and not index.data(UndoneRole)
                                       else "Pick an entry of the log that is not undone.")
        mark.setEnabled(not why)
        mark.setToolTip(why or "Mark the desk as it was after this entry, to rewind to it")
        mark.triggered.connect(lambda: self.markCheckpoint.emit(seq))
        menu.addSeparator()
        redo = menu.addAction("&Redo up to here")
        redo.setEnabled(bool(index.data(UndoneRole)) and not self.controller.read_only)
        redo.triggered.connect(lambda: self.redo_at(index))
        return menu

    def why_read_only(self) -> str:
        if self.controller.campaign is None:
            return "No campaign is open."
        if self.controller.read_only:
            return (f"This window is read-only ({self.controller.service.why_read_only}): "
                    "corrections are saved only by the window that saves.")
        return ""

    def why_not(self, index) -> str:
        """Why the entry `index` shows cannot be reverted, edited or rewound to ("" when it
        can)."""
        seq = index.data(SeqRole) if index.isValid() else None
        if not seq:
            return "Pick an entry of the log first."
        why = self.why_read_only()
        if why:
            return why
        struck = index.data(StruckRole)
        if struck:
            return f"#{seq} was struck by #{struck}: undo #{struck} instead."
        if index.data(CorrectionRole):
            return f"#{seq} is a correction: undo it (Ctrl+Z) instead."
        if index.data(UndoneRole):
            return f"#{seq} is undone: redo it first (double-click it)."
        return ""

    def selected_seq(self) -> int | None:
        rows = self.ui.tree.selectionModel().selectedRows(TEXT)
        return rows[0].data(SeqRole) if rows else None

    def revert_selected(self) -> bool:
        """Del: Revert the selected entry (the status bar says why not, when it cannot)."""
        rows = self.ui.tree.selectionModel().selectedRows(TEXT)
        if not rows or not rows[0].data(SeqRole):
            return False
        why = self.why_not(rows[0])
        if why:
            self.ui.statusLabel.setText(why)
            self.ui.statusLabel.setVisible(True)
            return False
        self.correct.emit("revert", rows[0].data(SeqRole))
        return True

    def _show_status(self) -> None:
        label, text = self.ui.statusLabel, ""
        if self.controller.campaign is None:
            text = "No campaign is open."
        elif self.model.event_count() == 0:
            text = "Nothing has happened yet: the log fills as you play."
        elif self.ui.filterEdit.text().strip() and self.shown().rowCount() == 0:
            text = f"Nothing in the log matches “{self.ui.filterEdit.text().strip()}”."
        label.setText(text)
        label.setVisible(bool(text))
