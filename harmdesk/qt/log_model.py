"""The log dock's model: a two-level tree (sessions, then the events of their steps).

It is built from the newest page of the store's log per refresh, older pages read in
as the GM scrolls to the bottom (`read_older`); `data()` only reads that cache. (Not
Qt's canFetchMore: QTreeView lays out its top level by fetching until it fills the
view, which here would read a page on every step.) Each step is followed in place:
its rows inserted on top, marked undone or redone, or the undone rows it replaced
removed, so a long night costs no more per step than a short one.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import QFont, QGuiApplication, QPalette

from ..values import ChangeKind
from .log_rows import OLDER, OUTSIDE, Group, Row, build_groups, group_of, rows_of
from .tooltips import plain_tip

TEXT, TIME = range(2)
HEADERS = ("Event", "Time")
TargetsRole = Qt.ItemDataRole.UserRole + 1   # ids of every character the event's step touched
EntryIdRole = Qt.ItemDataRole.UserRole + 2   # the log entry's id
GroupKeyRole = Qt.ItemDataRole.UserRole + 3  # a group's stable key (session id, "outside")
UndoneRole = Qt.ItemDataRole.UserRole + 4    # the event's step is undone (and can be redone)
LIMIT = 100  # log rows read at first, and then per page as the GM scrolls down

# the view asks these of every row it lays out or paints after each step: looked up once
DISPLAY, TOOLTIP, FONT, FOREGROUND, ALIGNMENT = (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.TextAlignmentRole)
NO_FLAGS = Qt.ItemFlag.NoItemFlags
GROUP_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
OLDER_FLAGS = Qt.ItemFlag.ItemIsEnabled
# an event never has rows under it: the tree then lays it out without asking for any
EVENT_FLAGS = GROUP_FLAGS | Qt.ItemFlag.ItemNeverHasChildren
RIGHT_TOP = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)


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
        if change.kind is ChangeKind.APPLY and self._replace_undone(change.entries):
            return
        if change.kind is ChangeKind.APPLY and not self._drop_undone():
            self.refresh()
            return
        for entry in change.entries:
            if not self._follow(change.kind, entry):
                self.refresh()  # outside any session, or an older session: read it all again
                return

    def _replace_undone(self, entries) -> bool:
        """A new step in the newest session replaced the undone steps on top of it: its
        rows take their places, changed in place (the tree then repaints those rows
        only, rather than laying out and painting the whole log again); only a
        difference in count is inserted or removed. False, touching nothing, when the
        undone rows are not just those on top of the newest session or one of them is
        selected or current (the view's picks must not pass to another step)."""
        campaign, group = self.controller.campaign, self._groups[0] if self._groups else None
        if campaign is None or group is None or not entries \
                or any(e.session_id is None or e.session_id != group.key for e in entries):
            return False
        gone = next((i for i, r in enumerate(group.rows) if not r.undone), len(group.rows))
        if gone == 0 or any(r.undone for g in self._groups for r in g.rows[gone if g is
                                                                            group else 0:]):
            return False
        if any(i.internalId() == 1 and i.row() < gone for i in self.persistentIndexList()):
            return False
        new: list[Row] = []
        for entry in entries:  # each entry on top of the one before, as _follow puts them
            new = list(rows_of(entry, campaign.profile)) + new
        parent, kept = self.index(0, 0), min(gone, len(new))
        if kept:
            group.rows[:kept] = new[:kept]
            self.dataChanged.emit(self.index(0, 0, parent),
                                  self.index(kept - 1, len(HEADERS) - 1, parent))
        if len(new) > kept:
            self.beginInsertRows(parent, kept, len(new) - 1)
            group.rows[kept:kept] = new[kept:]
            self.endInsertRows()
        elif gone > kept:
            self.beginRemoveRows(parent, kept, gone - 1)
            del group.rows[kept:gone]
            self.endRemoveRows()
        group.moment = max([group.moment] + [e.applied_at or "" for e in entries])
        return True

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
        if not 0 <= column < len(HEADERS) or row < 0:
            return QModelIndex()
        if not parent.isValid():
            if row >= len(self._groups):
                return QModelIndex()
            return self.createIndex(row, column, 0)
        group = parent.row()
        if parent.column() != 0 or parent.internalId() != 0 \
                or row >= len(self._groups[group].rows):
            return QModelIndex()
        return self.createIndex(row, column, group + 1)

    def parent(self, index=QModelIndex()):
        group = index.internalId() if index.isValid() else 0
        return self.createIndex(group - 1, 0, 0) if group else QModelIndex()

    def rowCount(self, parent=QModelIndex()) -> int:
        if not parent.isValid():
            return len(self._groups)
        if parent.internalId() != 0 or parent.column() != 0:
            return 0
        return len(self._groups[parent.row()].rows)

    def hasChildren(self, parent=QModelIndex()) -> bool:
        return self.rowCount(parent) > 0

    def columnCount(self, parent=QModelIndex()) -> int:
        return len(HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(HEADERS):
            return HEADERS[section]
        return None

    def flags(self, index):
        if not index.isValid():
            return NO_FLAGS
        if index.internalId() != 0:
            return EVENT_FLAGS
        return OLDER_FLAGS if self._groups[index.row()].key == OLDER else GROUP_FLAGS

    def data(self, index, role=DISPLAY):
        if not index.isValid():
            return None
        group_row, row = index.internalId() - 1, index.row()
        if group_row < 0:
            if not 0 <= row < len(self._groups):
                return None
            return self._group_data(self._groups[row], index.column(), role)
        if not 0 <= group_row < len(self._groups):
            return None
        rows = self._groups[group_row].rows
        if not 0 <= row < len(rows):
            return None
        return self._row_data(rows[row], index.column(), role)

    def _group_data(self, group: Group, column: int, role):
        if role == DISPLAY:
            return group.title if column == TEXT else ""
        if role == TOOLTIP:
            return plain_tip(group.tooltip) if column == TEXT else f"{len(group.rows)} events"
        if role == FONT:
            return self._italic if group.key == OLDER else self._bold
        if role == TargetsRole:
            return []
        if role == GroupKeyRole:
            return group.key
        return None

    def _row_data(self, row: Row, column: int, role):
        if role == DISPLAY:
            return row.text if column == TEXT else "undone" if row.undone else row.time
        if role == TOOLTIP:
            lines = [f"{row.when}: {row.text}" if row.when else row.text]
            if row.undone:
                lines.append("Undone. Double-click to redo up to here.")
            if row.rules:
                lines.append(f"Rules: {row.rules}")
            return plain_tip("\n".join(lines))
        if row.undone and role == FONT:
            return self._struck
        if row.undone and role == FOREGROUND:
            return QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        if role == UndoneRole:
            return row.undone
        if role == TargetsRole:
            return list(row.targets)
        if role == EntryIdRole:
            return row.entry_id
        if role == ALIGNMENT and column == TIME:
            return RIGHT_TOP
        return None
