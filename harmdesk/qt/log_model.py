"""The log dock's model: a two-level tree (sessions, then the events of their steps).

A QStandardItemModel, so the view's many questions while it lays out and paints (data,
index, parent, flags, sizes) are answered in C++: each row's roles, its tooltip and its
height for the column's width are set once, when the row comes in. The groups and rows
of log_rows.py are kept beside the items, to follow each step.

It is built from the newest page of the store's log per refresh, older pages read in
as the GM scrolls to the bottom (`read_older`). (Not Qt's canFetchMore: QTreeView lays
out its top level by fetching until it fills the view, which here would read a page on
every step.) Each step is followed in place: its rows inserted on top, marked undone or
redone, or the undone rows it replaced removed, so a long night costs no more per step
than a short one. The rows held stay a few pages deep: once the steps followed on top
make them twice what was read (a page, or as deep as the GM scrolled), the oldest are
let go, to be read again as the GM scrolls to them, as a refresh would read them. (A
tree lays all its open rows out again on each row put into an open group: without this
each drop of a night would cost more than the one before.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QModelIndex, QSize, Qt
from PySide6.QtGui import QFont, QGuiApplication, QPalette, QStandardItem, QStandardItemModel

from ..desk.actions import ChangeKind
from .log_rows import (
    OLDER,
    OUTSIDE,
    Group,
    Row,
    build_groups,
    group_of,
    older_group,
    rows_of,
)
from .plain import plain_tip

TEXT, TIME = range(2)
HEADERS = ("Event", "Time")
TargetsRole = Qt.ItemDataRole.UserRole + 1   # ids of every character the event's step touched
EntryIdRole = Qt.ItemDataRole.UserRole + 2   # the log entry's id
GroupKeyRole = Qt.ItemDataRole.UserRole + 3  # a group's stable key (session id, "outside")
UndoneRole = Qt.ItemDataRole.UserRole + 4    # the event's step is undone (and can be redone)
SeqRole = Qt.ItemDataRole.UserRole + 5       # the log row's number (#42)
StruckRole = Qt.ItemDataRole.UserRole + 6    # the correction row that struck it, or None
CorrectionRole = Qt.ItemDataRole.UserRole + 7  # a correction row (revert, edit, rewind)
LIMIT = 100  # log rows read at first, and then per page as the GM scrolls down

DISPLAY, TOOLTIP, FONT, FOREGROUND, ALIGNMENT, SIZE = (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.TextAlignmentRole,
    Qt.ItemDataRole.SizeHintRole)
GROUP_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
OLDER_FLAGS = Qt.ItemFlag.ItemIsEnabled
# an event never has rows under it: the tree then lays it out without asking for any
EVENT_FLAGS = GROUP_FLAGS | Qt.ItemFlag.ItemNeverHasChildren
RIGHT_TOP = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)

# (text, font, depth) -> the row's size for the view's column width; None: no hint
Measure = Callable[[str, QFont, int], "QSize | None"]


class LogModel(QStandardItemModel):
    """Top level: sessions; under them: events, newest first."""

    def __init__(self, controller, parent=None, limit: int = LIMIT):
        super().__init__(0, len(HEADERS), parent)
        self.setHorizontalHeaderLabels(list(HEADERS))
        self.controller = controller
        self.limit = limit
        self.measure: Measure | None = None  # set by the view that shows the model
        # set by the view: the lowest row it shows (an invalid index: none); kept when the
        # oldest rows are let go, with every row the view holds (selected, current)
        self.lowest_shown: Callable[[], QModelIndex] | None = None
        self._groups: list[Group] = []
        self._sessions: dict = {}  # the campaign's play sessions by id
        self._oldest: int | None = None  # the seq of the oldest log row read
        self._read = 0  # log rows read since the campaign opened, pages scrolled in too
        self._bold, self._italic, self._struck = QFont(), QFont(), QFont()
        self._bold.setBold(True)
        self._italic.setItalic(True)
        self._struck.setStrikeOut(True)
        self._struck_italic = QFont(self._italic)
        self._struck_italic.setStrikeOut(True)
        controller.changed.connect(self.on_change)
        controller.campaignChanged.connect(self._opened)
        controller.playSessionChanged.connect(self.refresh)
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
            sessions = campaign.play_sessions()
            self._sessions = {s["id"]: s for s in sessions}
            groups = build_groups(sessions, entries[::-1], more, campaign.profile)
        items = [self._group_items(g) for g in groups]
        self.beginResetModel()
        self.blockSignals(True)  # one reset tells the views, not a signal per row
        try:
            root = self.invisibleRootItem()
            root.removeRows(0, root.rowCount())
            for row in items:
                root.appendRow(row)
            self._groups = groups
        finally:
            self.blockSignals(False)
        self.endResetModel()

    def _page(self, before: int | None, count: int) -> tuple[list, bool]:
        """`count` log rows older than `before`, newest first, and whether older ones
        remain."""
        entries = self.controller.campaign.log_page(before, count + 1)
        kept = entries[:count]
        if kept:
            self._oldest = kept[-1].seq
        return kept, len(entries) > count

    # the items ----------------------------------------------------------------------
    def _group_items(self, group: Group) -> list[QStandardItem]:
        title, count = QStandardItem(group.title), QStandardItem("")
        older = group.key == OLDER
        for item in (title, count):
            item.setFlags(OLDER_FLAGS if older else GROUP_FLAGS)
            item.setData(group.key, GroupKeyRole)
            item.setData([], TargetsRole)
        title.setToolTip(plain_tip(group.tooltip))
        title.setFont(self._italic if older else self._bold)
        self._size([title, count], 0)
        title.setColumnCount(len(HEADERS))  # so a row put under it later has its time cell
        for row in group.rows:
            title.appendRow(self._row_items(row))
        count.setToolTip(f"{len(group.rows)} events")
        return [title, count]

    def _count(self, group_row: int) -> None:
        """The group's time cell tells how many events it holds (in its tooltip)."""
        self.blockSignals(True)
        try:
            self.invisibleRootItem().child(group_row, TIME).setToolTip(
                f"{len(self._groups[group_row].rows)} events")
        finally:
            self.blockSignals(False)

    def _row_items(self, row: Row) -> list[QStandardItem]:
        items = [QStandardItem(), QStandardItem()]
        for item in items:
            item.setFlags(EVENT_FLAGS)
        items[TIME].setData(RIGHT_TOP, ALIGNMENT)
        self._dress(items, row)
        return items

    def _dress(self, items: list[QStandardItem], row: Row) -> None:
        """Put `row` into an event's two cells."""
        lines = [f"{row.when}: {row.shown}" if row.when else row.shown, *row.more]
        if row.struck:
            lines.append(f"Struck by #{row.struck_by}: it no longer counts. "
                         f"Undo #{row.struck_by} to bring it back.")
        elif row.edited:
            lines.append("Edited: it reads as corrected, not as first logged.")
        if row.undone:
            lines.append("Undone. Double-click to redo up to here.")
        if row.rules:
            lines.append(f"Rules: {row.rules}")
        tip, targets = plain_tip("\n".join(lines)), list(row.targets)
        greyed = row.undone or row.struck
        grey = QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText) \
            if greyed else None
        font = (self._struck_italic if greyed else self._italic) if row.correction else \
            (self._struck if greyed else None)
        for item in items:
            item.setToolTip(tip)
            item.setData(row.undone, UndoneRole)
            item.setData(targets, TargetsRole)
            item.setData(row.entry_id, EntryIdRole)
            item.setData(row.seq, SeqRole)
            item.setData(row.struck_by, StruckRole)
            item.setData(row.correction, CorrectionRole)
            item.setData(font, FONT)
            item.setData(grey, FOREGROUND)
        items[TEXT].setText(row.shown)
        items[TIME].setText("undone" if row.undone else row.time)
        self._size(items, 1)

    def _size(self, items: list[QStandardItem], depth: int) -> None:
        """The row's height for its wrapped text, on both its cells: the time's one line
        is never taller, and the tree then measures neither as it lays the rows out."""
        text = items[TEXT]
        size = self.measure(text.text(), text.font(), depth) if self.measure else None
        for item in items:
            if item is not None:
                item.setData(size, SIZE)

    def remeasure(self) -> None:
        """The column's width changed: every row's height for the new width (the view
        lays itself out again after)."""
        self.blockSignals(True)
        try:
            root = self.invisibleRootItem()
            for g in range(root.rowCount()):
                title = root.child(g, TEXT)
                self._size([title, root.child(g, TIME)], 0)
                for r in range(title.rowCount()):
                    self._size([title.child(r, TEXT), title.child(r, TIME)], 1)
        finally:
            self.blockSignals(False)

    def _title(self, group_row: int) -> QStandardItem:
        return self.invisibleRootItem().child(group_row, TEXT)

    def _insert(self, group_row: int, at: int, rows: list[Row]) -> None:
        """Put `rows` under the group at `at`: one insert for the views, text first (what
        a filter reads), then the time cells."""
        title, group = self._title(group_row), self._groups[group_row]
        cells = [self._row_items(r) for r in rows]
        group.rows[at:at] = rows
        title.insertRows(at, [c[TEXT] for c in cells])
        self.blockSignals(True)
        try:
            for i, c in enumerate(cells):
                title.setChild(at + i, TIME, c[TIME])
        finally:
            self.blockSignals(False)
        self._count(group_row)

    def _remove(self, group_row: int, first: int, last: int) -> None:
        title, group = self._title(group_row), self._groups[group_row]
        del group.rows[first:last + 1]
        title.removeRows(first, last - first + 1)
        self._count(group_row)

    def _restate(self, group_row: int, first: int, rows: list[Row]) -> None:
        """Rows `first`… of a group show `rows` now: changed in place, one change told."""
        title, group = self._title(group_row), self._groups[group_row]
        group.rows[first:first + len(rows)] = rows
        self.blockSignals(True)
        try:
            for i, row in enumerate(rows):
                self._dress([title.child(first + i, TEXT), title.child(first + i, TIME)], row)
        finally:
            self.blockSignals(False)
        parent = title.index()
        self.dataChanged.emit(self.index(first, 0, parent),
                              self.index(first + len(rows) - 1, len(HEADERS) - 1, parent))

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
            self._groups.pop()
            self.removeRow(len(self._groups))

    def _append(self, key, rows: list[Row]) -> None:
        row = next((i for i, g in enumerate(self._groups) if g.key == key), None)
        if row is None:  # an older session: a new group above the "older steps" row
            group = group_of(self._sessions.get(key))
            row = len(self._groups) - 1
            self._groups.insert(row, group)
            self.insertRow(row, self._group_items(group))
        self._insert(row, len(self._groups[row].rows), rows)

    # following the steps ----------------------------------------------------------
    def on_change(self, change) -> None:
        """A step applied, undone or redone in the newest group (its session's, or the steps
        outside any session while those are the newest): insert or mark just that step's
        rows, without reading the store, so a long night stays quick and the view keeps
        its place and selection. A correction (or its undo or redo) strikes
        and rewrites older rows: those shown are changed in place too."""
        if any(e.is_correction for e in change.entries):
            if not self._follow_correction(change):
                self.refresh()
            return
        if change.kind is ChangeKind.APPLY and self._replace_undone(change.entries):
            return
        if change.kind is ChangeKind.APPLY and not self._drop_undone():
            self.refresh()
            return
        for entry in change.entries:
            if not self._follow(change.kind, entry):
                self.refresh()  # not the newest group's: read it all again
                return
        if change.kind is ChangeKind.APPLY:
            self._let_go()

    def _follow_correction(self, change) -> bool:
        """A correction applied, undone or redone: its own row followed as any step's, then
        the rows it struck marked (or no longer), and those it rewrote read again, each
        where it is shown; rows not read in yet are read as they are when scrolled to.
        False, when the log must be read again."""
        [entry] = change.entries
        if change.kind is ChangeKind.APPLY:
            if not (self._replace_undone(change.entries)
                    or (self._drop_undone() and self._follow(change.kind, entry))):
                return False
        elif not self._follow(change.kind, entry):
            return False
        record = entry.correction
        struck_by = None if change.kind is ChangeKind.UNDO else entry.seq
        struck = set(record.get("struck", ()))
        rewritten = {r["seq"] for r in record.get("rewrites", ())}
        for g, group in enumerate(self._groups):
            for i, row in enumerate(group.rows):
                if row.seq in struck and row.struck_by != struck_by:
                    self._restate(g, i, [replace(row, struck_by=struck_by)])
        for seq in sorted(rewritten):
            self._reread(seq)
        return True

    def _reread(self, seq: int) -> None:
        """Show log row `seq` as the store holds it now, where it is shown."""
        campaign = self.controller.campaign
        found = [e for e in campaign.log_page(seq + 1, 1) if e.seq == seq]
        if not found:
            return
        new = list(rows_of(found[0], campaign.profile))
        for g, group in enumerate(self._groups):
            at = [i for i, r in enumerate(group.rows) if r.entry_id == found[0].id]
            if not at:
                continue
            first, count = at[0], len(at)
            kept = min(count, len(new))
            if kept:
                self._restate(g, first, new[:kept])
            if len(new) > kept:
                self._insert(g, first + kept, new[kept:])
            elif count > kept:
                self._remove(g, first + kept, first + count - 1)
            return

    def _replace_undone(self, entries) -> bool:
        """A new step in the newest group replaced the undone steps on top of it: its
        rows take their places, changed in place (the tree then repaints those rows
        only, rather than laying out and painting the whole log again); only a
        difference in count is inserted or removed. False, touching nothing, when the
        undone rows are not just those on top of the newest group or one of them is
        selected or current (the view's picks must not pass to another step)."""
        campaign, group = self.controller.campaign, self._groups[0] if self._groups else None
        if campaign is None or group is None or not entries \
                or any(self._group_key(e) != group.key for e in entries):
            return False
        gone = next((i for i, r in enumerate(group.rows) if not r.undone), len(group.rows))
        if gone == 0 or any(r.undone for g in self._groups for r in g.rows[gone if g is
                                                                            group else 0:]):
            return False
        if any(i.parent().isValid() and i.parent().row() == 0 and i.row() < gone
               for i in self.persistentIndexList()):
            return False
        new: list[Row] = []
        for entry in entries:  # each entry on top of the one before, as _follow puts them
            new = list(rows_of(entry, campaign.profile)) + new
        kept = min(gone, len(new))
        if kept:
            self._restate(0, 0, new[:kept])
        if len(new) > kept:
            self._insert(0, kept, new[kept:])
        elif gone > kept:
            self._remove(0, kept, gone - 1)
        group.moment = max([group.moment] + [e.applied_at or "" for e in entries])
        return True

    def _drop_undone(self) -> bool:
        """A new step replaced the undone steps, as the store did: remove their rows in
        place, a run of rows at a time. False when a group would be left empty (the
        steps outside any session): the log must then be read again.

        The undone steps are the newest: their rows lead the log, newest first, so the
        walk stops at the first row still applied (it once read every row of every group
        on each drop, a cost that grew with the night)."""
        runs = []  # (group row, first, last)
        for g, group in enumerate(self._groups):
            count = 0
            while count < len(group.rows) and group.rows[count].undone:
                count += 1
            if count and count == len(group.rows) and group.key == OUTSIDE:
                return False
            if count:
                runs.append((g, 0, count - 1))
            if count < len(group.rows):
                break  # an applied row: every row below it is older, and applied
        for g, first, last in reversed(runs):  # bottom up, so earlier rows keep their place
            self._remove(g, first, last)
        return True

    def _group_key(self, entry) -> object:
        """The group a new step's rows go under: its session's, or the steps outside any
        session; None for a session not read yet (the log must then be read again)."""
        if entry.session_id is None:
            return OUTSIDE
        return entry.session_id if entry.session_id in self._sessions else None

    def _follow(self, kind: ChangeKind, entry) -> bool:
        """Insert (apply) one log entry's rows on top, or mark them undone or redone;
        False if it is not in the newest group."""
        campaign = self.controller.campaign
        group = self._groups[0] if self._groups else None
        if campaign is None or group is None or self._group_key(entry) != group.key:
            return False
        if kind in (ChangeKind.UNDO, ChangeKind.REDO):
            rows = [i for i, r in enumerate(group.rows) if r.entry_id == entry.id]
            if not rows:
                return False
            self._restate(0, rows[0], [replace(group.rows[i], undone=kind is ChangeKind.UNDO)
                                       for i in range(rows[0], rows[-1] + 1)])
            return True
        rows = list(rows_of(entry, campaign.profile))
        if rows:
            self._insert(0, 0, rows)
            group.moment = max(group.moment, entry.applied_at or "")
        return True

    def event_count(self) -> int:
        return sum(len(g.rows) for g in self._groups)

    # letting the oldest rows go ------------------------------------------------------
    def depth(self) -> int:
        """How many log rows the model holds while steps come in on top (a page, or as
        many as the GM scrolled in): it holds up to twice as many before it lets the
        oldest go."""
        return max(self.limit, self._read)

    def _let_go(self) -> None:
        """Let the oldest rows go once there are more than twice `depth()`: the newest
        `depth()` log rows stay (each with all its events), and every row the view shows
        or holds; the "older steps" row reads the others in again, as after a refresh."""
        keep = self.depth()
        if self.event_count() <= 2 * keep:
            return
        seqs = sorted({r.seq for g in self._groups for r in g.rows}, reverse=True)
        if len(seqs) <= keep:
            return
        cut = min([seqs[keep - 1], *self._held_seqs()])  # rows older than `cut` go
        runs = [(g, next(i for i, r in enumerate(group.rows) if r.seq < cut), len(group.rows))
                for g, group in enumerate(self._groups)
                if group.rows and group.rows[-1].seq < cut]
        if not runs:
            return
        for g, first, count in reversed(runs):  # bottom up, so earlier rows keep their place
            self._remove(g, first, count - 1)
        self._oldest = cut
        self._read = keep  # the rows held for the view do not deepen what is kept after
        outside = next((g for g, group in enumerate(self._groups)
                        if group.key == OUTSIDE and not group.rows), None)
        if outside is not None:  # a refresh shows no empty group of the steps outside
            del self._groups[outside]
            self.removeRow(outside)
        if not self.has_older():
            group = older_group()
            self._groups.append(group)
            self.appendRow(self._group_items(group))

    def _held_seqs(self) -> list[int]:
        """The oldest log rows that must stay: each event the view holds (selected,
        current, under the mouse), and every row from the top of the view down to the
        lowest it shows."""
        seqs = [i.siblingAtColumn(TEXT).data(SeqRole) for i in self.persistentIndexList()
                if i.parent().isValid()]
        lowest = self.lowest_shown() if self.lowest_shown is not None else QModelIndex()
        if lowest.isValid() and lowest.model() is self:
            group, at = (lowest.parent().row(), lowest.row()) if lowest.parent().isValid() \
                else (lowest.row(), -1)
            above = [g.rows[-1] for g in self._groups[:group] if g.rows]
            if 0 <= at < len(self._groups[group].rows):
                above.append(self._groups[group].rows[at])
            seqs += [r.seq for r in above]
        return [s for s in seqs if s]
