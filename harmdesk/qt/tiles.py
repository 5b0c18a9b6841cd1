"""The tile grid: a QListView in icon mode over the desk model, with chip drops.

A chip hovering over a tile asks the controller for a preview (nothing is saved)
and the model shows it on the tile; dropping emits `chipDropped(chip, targets)`
for the window to apply. Dragging tiles themselves carries their attacks.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QDrag
from PySide6.QtWidgets import QAbstractItemView, QListView, QStyle

from .. import chips
from .desk_model import IdRole
from .tile_delegate import TileDelegate, base_size


class TileView(QListView):
    chipDropped = Signal(dict, list)   # the chip, the target ids

    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self.controller = controller
        self.setViewMode(QListView.ViewMode.IconMode)
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)  # the grid reflows with the window
        self.setMovement(QListView.Movement.Static)
        self.setUniformItemSizes(True)
        self.setSpacing(6)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(False)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setItemDelegate(TileDelegate(self))
        self.setAccessibleName("Character tiles")
        self._hover_key = None

    def setModel(self, model) -> None:
        super().setModel(model)
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved):
            signal.connect(self.fit_tiles)  # fewer tiles may take wider columns

    def resizeEvent(self, event):
        self.fit_tiles()
        super().resizeEvent(event)

    def fit_tiles(self, *_) -> None:
        """Widen the tiles so that a row of them fills the view instead of leaving a gap
        (up to twice their width, for a desk of few tiles on a wide screen).

        The room is counted as if the scroll bar were shown, so the width does not
        change (and relayout) when it comes and goes."""
        gap, smallest = self.spacing(), base_size(self.fontMetrics()).width()
        # as QListView lays out a row: a gap before each tile, within the viewport less
        # the scroll bar's room, up to its last pixel
        room = (self.maximumViewportSize().width() - 1
                - self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent))
        count = self.model().rowCount() if self.model() is not None else 0
        columns = max(1, min((room - gap) // (smallest + gap), count))
        width = min(2 * smallest, max(smallest, (room - gap) // columns - gap))
        delegate = self.itemDelegate()
        if width != delegate.width:
            delegate.width = width
            self.scheduleDelayedItemsLayout()

    # targets --------------------------------------------------------------------
    def selected_ids(self) -> list[str]:
        # the list view selects column 0 only, so selectedRows() would see nothing
        rows = sorted({i.row() for i in self.selectionModel().selectedIndexes()})
        return [self.model().index(r, 0).data(IdRole) for r in rows]

    def targets_at(self, pos) -> list[str]:
        """The tile under `pos`; all selected tiles if it is one of several selected."""
        index = self.indexAt(pos)
        if not index.isValid():
            return []
        cid = index.data(IdRole)
        selected = self.selected_ids()
        return selected if cid in selected and len(selected) > 1 else [cid]

    # dropping chips ----------------------------------------------------------------
    @staticmethod
    def _chip(event):
        mime = event.mimeData()
        if mime is None or not mime.hasFormat(chips.MIME_TYPE):
            return None
        return chips.decode(mime.data(chips.MIME_TYPE).data())

    def dragEnterEvent(self, event):
        if self._chip(event) is not None and self.controller.campaign is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event):
        chip = self._chip(event)
        targets = self.targets_at(event.position().toPoint()) if chip else []
        if not targets:
            self._show_preview(None, [])
            event.ignore()
            return
        self._show_preview(chip, targets)
        event.acceptProposedAction()

    def dragLeaveEvent(self, event):
        self._show_preview(None, [])
        event.accept()

    def dropEvent(self, event):
        chip = self._chip(event)
        targets = self.targets_at(event.position().toPoint()) if chip else []
        self._show_preview(None, [])
        if not targets:
            event.ignore()  # a malformed payload or empty space: nothing happens
            return
        event.acceptProposedAction()
        self.chipDropped.emit(chip, targets)

    def _show_preview(self, chip, targets: list[str]) -> None:
        key = (chips.encode(chip), tuple(targets)) if chip else None
        if key == self._hover_key:
            return  # drag moves fire often; preview once per tile and chip
        self._hover_key = key
        model = self.model()
        if chip is None:
            model.set_preview({})
            return
        try:
            action = chips.action_for_drop(chip, self.controller.state, targets)
        except chips.DropError as err:
            model.set_preview({cid: (str(err), "", False) for cid in targets})
            return
        if chip.get("ask"):
            label = chip.get("label", "")
            model.set_preview({cid: (f"{label}: details asked on drop", "", True)
                               for cid in targets})
            return
        result = self.controller.preview(action)
        if not result.ok:
            model.set_preview({cid: (result.error, "", False) for cid in targets})
            return
        model.set_preview({cid: (result.lines.get(cid, "no change"),
                                 result.details.get(cid, ""), True) for cid in targets})

    # dragging tiles: a monster's attack ------------------------------------------------
    def startDrag(self, supported):
        ids = self.selected_ids()
        chars = self.controller.state["characters"]
        attackers = [cid for cid in ids if chars.get(cid, {}).get("attack")]
        if not attackers:
            return
        names = ", ".join(chars[a]["name"] for a in attackers)
        mime = QMimeData()
        mime.setData(chips.MIME_TYPE, chips.encode(chips.attack_chip(attackers, names)))
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.exec(Qt.DropAction.CopyAction)
