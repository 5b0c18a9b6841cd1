"""The Statistics page (View → Statistics, Ctrl+3): who hurt whom over the play session,
one of its encounters or the whole campaign, a row per character, sortable by any column.

The rows come from the service (`desk.statistics`), read in a worker thread whenever the
page is shown, its scope changes, or the desk changes while it is shown (a progress bar
follows a long read); the model only holds them. Names are plain text in a table, never
markup.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QSortFilterProxyModel, Qt
from PySide6.QtWidgets import QHeaderView, QSizePolicy

from ..desk.statistics import StatRow, StatTable
from ..errors import StoreError
from .tasks import Task

SortRole = Qt.ItemDataRole.UserRole + 1
# (heading, the row's text, the row's sort key, its tooltip)
COLUMNS = (
    ("Character", lambda r: r.name, lambda r: r.name.casefold(), lambda r: ""),
    ("Dealt", lambda r: str(r.dealt), lambda r: r.dealt, lambda r: r.dealt_to),
    ("Taken", lambda r: str(r.taken), lambda r: r.taken, lambda r: r.taken_from),
    ("Healing given", lambda r: str(r.given), lambda r: r.given, lambda r: ""),
    ("Healing received", lambda r: str(r.received), lambda r: r.received, lambda r: ""),
    ("Downs", lambda r: r.downs, lambda r: r.downs, lambda r: ""),
    ("Biggest hit dealt", lambda r: r.biggest_dealt, lambda r: r.biggest_dealt_amount,
     lambda r: ""),
    ("Biggest hit taken", lambda r: r.biggest_taken, lambda r: r.biggest_taken_amount,
     lambda r: ""),
    ("Closest call", lambda r: r.closest, lambda r: r.closest, lambda r: ""),
)
NUMERIC = (1, 2, 3, 4)


class StatisticsModel(QAbstractTableModel):
    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.rows: tuple[StatRow, ...] = ()

    def show(self, table: StatTable) -> None:
        self.beginResetModel()
        self.rows = table.rows
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section][0]
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row, (_, text, key, tip) = self.rows[index.row()], COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return text(row)
        if role == SortRole:
            return key(row)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tip(row) or None
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in NUMERIC:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class StatisticsPage(QObject):
    """The page's parts in the main window (`window.statistics`)."""

    def __init__(self, window):
        super().__init__(window)
        self.w = window
        ui = window.ui
        self.model = StatisticsModel(self)
        self.sorted = QSortFilterProxyModel(self)
        self.sorted.setSourceModel(self.model)
        self.sorted.setSortRole(SortRole)
        ui.statisticsTable.setModel(self.sorted)
        ui.statisticsTable.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        ui.statisticsTable.sortByColumn(2, Qt.SortOrder.DescendingOrder)  # the most hurt first
        # a long note must never widen the window: it is cut at the page's edge instead
        ui.statisticsNote.setSizePolicy(QSizePolicy.Policy.Ignored,
                                        QSizePolicy.Policy.Preferred)
        ui.statisticsScope.currentIndexChanged.connect(lambda _: self.refresh())
        self.task: Task | None = None
        self.again = False  # the desk changed while a read was under way
        window.controller.campaignChanged.connect(self.arrive)
        window.controller.changed.connect(lambda *_: self.refresh())

    @property
    def shown(self) -> bool:
        return self.w.ui.pages.currentWidget() is self.w.ui.statisticsPage

    def arrive(self) -> None:
        """The page is shown, or another campaign opened: offer its scopes (this play
        session, its newest encounters, the whole campaign) and count."""
        c, combo = self.w.controller, self.w.ui.statisticsScope
        if not self.shown or c.campaign is None:
            return
        kept = combo.currentData() or "session"
        combo.blockSignals(True)  # one count below, not one per item
        combo.clear()
        for key, words in c.service.recap_scopes():
            combo.addItem(words, key)
        combo.setCurrentIndex(max(0, combo.findData(kept)))
        combo.blockSignals(False)
        self.refresh()

    def refresh(self) -> None:
        """Read the figures again, off the GUI thread, when the page is on the screen."""
        c = self.w.controller
        if not self.shown or c.campaign is None:
            return
        if self.task is not None:
            self.again = True
            return
        try:
            job = c.service.statistics_job(self.w.ui.statisticsScope.currentData())
        except StoreError as err:  # the store is still opening: say so, read later
            self._say(str(err))
            return
        self._say("Counting\u2026")
        # the window's one runner: at quit it lets the read finish before the store closes
        self.w.ui.statisticsProgress.setValue(0)
        self.task = self.w.campaign_menus.run(job, self._done, on_failed=self._failed,
                                              broke=self._finished,
                                              on_progress=self._progress)

    def _progress(self, percent: int) -> None:
        """Shown only for a read long enough to report (the whole campaign's)."""
        bar = self.w.ui.statisticsProgress
        bar.setValue(percent)
        bar.setVisible(self.task is not None and percent < 100)

    def _done(self, table: StatTable) -> None:
        self.model.show(table)
        note = table.title if not table.empty else f"{table.title}: no harm recorded"
        if table.unattributed:
            note += f" \u00b7 {table.unattributed} harm typed without an attacker counts " \
                    "as Unattributed"
        self._say(note)
        self._finished()

    def _failed(self, message: str) -> None:
        self._say(message)
        self._finished()

    def _say(self, text: str) -> None:
        self.w.ui.statisticsNote.setText(text)
        self.w.ui.statisticsNote.setToolTip(text)  # the whole of it, where the page cuts it

    def _finished(self) -> None:
        self.task = None
        self.w.ui.statisticsProgress.hide()
        if self.again:
            self.again = False
            self.refresh()
