"""The log dock: every event with its explanation, grouped by play session, newest first.

LogModel is a two-level tree (sessions, then the events of their steps) built
from the newest page of the store's log per refresh, older pages read in as the GM
scrolls to the bottom (`read_older`); `data()` only reads that cache. (Not Qt's
canFetchMore: QTreeView lays out its top level by fetching until it fills the view,
which here would read a page on every step.)
Undone steps stay, struck through, until a new step replaces them; the GM can
redo up to one of them from the log. LogDock shows it with a filter and tells
the window, through `highlight(list)`, which characters the selected event touched.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import (
    QAbstractItemModel,
    QItemSelectionModel,
    QModelIndex,
    QSize,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import QHeaderView, QMenu, QWidget

from ..values import ChangeKind
from .forms.ui_log_dock import Ui_LogDock
from .log_rows import (  # noqa: F401 (the dock's rows, named here too)
    OLDER,
    OUTSIDE,
    Group,
    Row,
    build_groups,
    group_of,
    local,
    older_group,
    rows_of,
    session_title,
    step_targets,
)
from .tooltips import plain_tip
from .wrap_delegate import WrapDelegate

TEXT, TIME = range(2)
HEADERS = ("Event", "Time")
TargetsRole = Qt.ItemDataRole.UserRole + 1   # ids of every character the event's step touched
EntryIdRole = Qt.ItemDataRole.UserRole + 2   # the log entry's id
GroupKeyRole = Qt.ItemDataRole.UserRole + 3  # a group's stable key (session id, "outside")
UndoneRole = Qt.ItemDataRole.UserRole + 4    # the event's step is undone (and can be redone)
LIMIT = 100  # log rows read at first, and then per page as the GM scrolls down


class LogModel(QAbstractItemModel):
    """Top level: sessions (internal id 0); children: events (internal id = group row + 1)."""

    def __init__(self, controller, parent=None, limit: int = LIMIT):
        super().__init__(parent)
        self.controller = controller
        self.limit = limit
        self._groups: list[Group] = []
        self._sessions: dict = {}  # the campaign's play sessions by id
        self._oldest: int | None = None  # the seq of the oldest log row read
        self._read = 0  # log rows read since the campaign opened, pages scrolled in too
        self._bold = QFont()
        self._bold.setBold(True)
        self._italic = QFont()
        self._italic.setItalic(True)
        self._struck = QFont()
        self._struck.setStrikeOut(True)
        controller.changed.connect(self.on_change)
        controller.campaignChanged.connect(self._opened)
        controller.sessionChanged.connect(self.refresh)
        self._opened()

    def _opened(self) -> None:
        self._read = 0  # another campaign: its newest page only
        self.refresh()

    def refresh(self, *_) -> None:
        """Read the log again, as deep as the GM has scrolled into it."""
        campaign = self.controller.campaign
        groups: list[Group] = []
        self._sessions, self._oldest = {}, None
        if campaign is not None:
            entries, more = self._page(None, max(self.limit, self._read))
            self._read = len(entries)
            sessions = campaign.sessions()
            self._sessions = {s["id"]: s for s in sessions}
            groups = build_groups(sessions, entries[::-1], more, campaign.profile)
        self.beginResetModel()
        self._groups = groups
        self.endResetModel()

    def _page(self, before: int | None, count: int) -> tuple[list, bool]:
        """`count` log rows older than `before`, newest first, and whether older ones
        remain."""
        entries = self.controller.campaign.log_page(before, count + 1)
        kept = entries[:count]
        if kept:
            self._oldest = kept[-1].seq
        return kept, len(entries) > count

    # older pages, read as the view scrolls to the bottom ------------------------
    def has_older(self) -> bool:
        return bool(self._groups) and self._groups[-1].key == OLDER

    def read_older(self) -> None:
        """Read the next older page: its rows go under their sessions, after the rows
        shown; sessions not shown yet come before the "older steps" row."""
        campaign = self.controller.campaign
        if not self.has_older() or campaign is None:
            return
        entries, more = self._page(self._oldest, self.limit)
        self._read += len(entries)
        added: dict[object, list[Row]] = {}
        for entry in entries:  # newest first, as the groups list them
            key = entry.session_id if entry.session_id in self._sessions else OUTSIDE
            added.setdefault(key, []).extend(rows_of(entry, campaign.profile))
        for key, rows in added.items():
            self._append(key, rows)
        if not more:
            last = len(self._groups) - 1
            self.beginRemoveRows(QModelIndex(), last, last)
            self._groups.pop()
            self.endRemoveRows()

    def _append(self, key, rows: list[Row]) -> None:
        row = next((i for i, g in enumerate(self._groups) if g.key == key), None)
        if row is None:  # an older session: a new group above the "older steps" row
            group = group_of(self._sessions.get(key))
            row = len(self._groups) - 1
            self.beginInsertRows(QModelIndex(), row, row)
            self._groups.insert(row, group)
            self.endInsertRows()
        group = self._groups[row]
        first = len(group.rows)
        self.beginInsertRows(self.index(row, 0), first, first + len(rows) - 1)
        group.rows.extend(rows)
        self.endInsertRows()

    def on_change(self, change) -> None:
        """A step applied, undone or redone in the newest session: insert or mark just
        that step's rows, without reading the store, so a long night stays quick and the
        view keeps its place and selection."""
        if change.kind is ChangeKind.APPLY and not self._drop_undone():
            self.refresh()
            return
        for entry in change.entries:
            if not self._follow(change.kind, entry):
                self.refresh()  # outside any session, or an older session: read it all again
                return

    def _drop_undone(self) -> bool:
        """A new step replaced the undone steps, as the store did: remove their rows in
        place, a run of rows at a time. False when a group would be left empty (the
        steps outside any session): the log must then be read again."""
        runs = []  # (group row, first, last), bottom up so earlier rows keep their place
        for g, group in enumerate(self._groups):
            gone = [i for i, r in enumerate(group.rows) if r.undone]
            if gone and len(gone) == len(group.rows) and group.key == OUTSIDE:
                return False
            for i in reversed(gone):
                if runs and runs[-1][0] == g and runs[-1][1] == i + 1:
                    runs[-1] = (g, i, runs[-1][2])
                else:
                    runs.append((g, i, i))
        for g, first, last in sorted(runs, reverse=True):
            self.beginRemoveRows(self.index(g, 0), first, last)
            del self._groups[g].rows[first:last + 1]
            self.endRemoveRows()
        return True

    def _follow(self, kind: ChangeKind, entry) -> bool:
        """Insert (apply) one log entry's rows on top, or mark them undone or redone;
        False if it is not in the newest session."""
        campaign = self.controller.campaign
        group = self._groups[0] if self._groups else None
        if campaign is None or entry.session_id is None or group is None \
                or group.key != entry.session_id:
            return False
        parent = self.index(0, 0)
        if kind in (ChangeKind.UNDO, ChangeKind.REDO):
            rows = [i for i, r in enumerate(group.rows) if r.entry_id == entry.id]
            if not rows:
                return False
            for i in rows:
                group.rows[i] = replace(group.rows[i], undone=kind is ChangeKind.UNDO)
            self.dataChanged.emit(self.index(rows[0], 0, parent),
                                  self.index(rows[-1], len(HEADERS) - 1, parent))
            return True
        rows = list(rows_of(entry, campaign.profile))
        if not rows:
            return True
        self.beginInsertRows(parent, 0, len(rows) - 1)
        group.rows = rows + group.rows
        self.endInsertRows()
        group.moment = max(group.moment, entry.applied_at or "")
        return True

    def event_count(self) -> int:
        return sum(len(g.rows) for g in self._groups)

    # the tree -------------------------------------------------------------------
    def index(self, row, column, parent=QModelIndex()):
        # bounds checked here rather than with hasIndex(): the proxy asks for every row
        if not 0 <= column < len(HEADERS) or row < 0 or row >= self.rowCount(parent):
            return QModelIndex()
        return self.createIndex(row, column, parent.row() + 1 if parent.isValid() else 0)

    def parent(self, index=QModelIndex()):
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent=QModelIndex()) -> int:
        if not parent.isValid():
            return len(self._groups)
        if parent.column() != 0 or parent.internalId() != 0:
            return 0
        return len(self._groups[parent.row()].rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return len(HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(HEADERS):
            return HEADERS[section]
        return None

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        if index.internalId() == 0 and self._groups[index.row()].key == OLDER:
            return Qt.ItemFlag.ItemIsEnabled
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if index.internalId() == 0:
            if not 0 <= index.row() < len(self._groups):
                return None
            return self._group_data(self._groups[index.row()], index.column(), role)
        group_row = index.internalId() - 1
        if not 0 <= group_row < len(self._groups) or \
                not 0 <= index.row() < len(self._groups[group_row].rows):
            return None
        return self._row_data(self._groups[group_row].rows[index.row()], index.column(), role)

    def _group_data(self, group: Group, column: int, role):
        if role == Qt.ItemDataRole.DisplayRole:
            return group.title if column == TEXT else ""
        if role == Qt.ItemDataRole.ToolTipRole:
            return plain_tip(group.tooltip) if column == TEXT else f"{len(group.rows)} events"
        if role == Qt.ItemDataRole.FontRole:
            return self._italic if group.key == OLDER else self._bold
        if role == TargetsRole:
            return []
        if role == GroupKeyRole:
            return group.key
        return None

    def _row_data(self, row: Row, column: int, role):
        if role == Qt.ItemDataRole.DisplayRole:
            return row.text if column == TEXT else "undone" if row.undone else row.time
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [f"{row.when}: {row.text}" if row.when else row.text]
            if row.undone:
                lines.append("Undone. Double-click to redo up to here.")
            if row.rules:
                lines.append(f"Rules: {row.rules}")
            return plain_tip("\n".join(lines))
        if row.undone and role == Qt.ItemDataRole.FontRole:
            return self._struck
        if row.undone and role == Qt.ItemDataRole.ForegroundRole:
            return QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        if role == UndoneRole:
            return row.undone
        if role == TargetsRole:
            return list(row.targets)
        if role == EntryIdRole:
            return row.entry_id
        if role == Qt.ItemDataRole.TextAlignmentRole and column == TIME:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        return None


class LogDock(QWidget):
    """The log view. Signal `highlight(list)`: the character ids of the selected event."""

    highlight = Signal(list)

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
        tree.setItemDelegate(WrapDelegate(tree))
        tree.header().setStretchLastSection(False)
        # rows wrap to the column's width, so their heights must follow it
        tree.header().sectionResized.connect(lambda *_: tree.scheduleDelayedItemsLayout())
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
        redo = menu.addAction("&Redo up to here")
        redo.setEnabled(bool(index.data(UndoneRole)) and not self.controller.read_only)
        redo.triggered.connect(lambda: self.redo_at(index))
        return menu

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
