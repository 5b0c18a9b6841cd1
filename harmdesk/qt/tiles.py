"""The tile grid: a QListView in icon mode over the desk model, with chip drops.

A chip hovering over a tile asks the rules for a preview (nothing is saved)
and the model shows it on the tile; dropping emits `chipDropped(chip, targets)`
for the window to apply. Dragging tiles themselves carries their attacks. A
preview reads the tray's modifiers through `modifiers_for` (set by the window), as
the window's chip handler does for a drop, so drops, hovers and clicks agree.

A drop's tiles keep their preview until the change (or the refusal) repaints them,
so each tile it touches is repainted once.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QDrag
from PySide6.QtWidgets import QAbstractItemView, QListView, QStyle

from ..desk.actions import TilePreview
from ..desk.chips import (
    MIME_TYPE,
    attack_chip,
    decode as decode_chip,
    encode as encode_chip,
)
from ..errors import UserError
from . import window_memory
from .desk_model import IdRole
from .tile_delegate import TileDelegate, base_size

COMPACT_KEY = "view/compactTiles"


def remembered_compact(choice: bool | None = None) -> bool:
    """Whether the GM chose compact tiles (View → Compact tiles), kept between runs; a
    `choice` given is remembered first."""
    remembered = window_memory.settings()
    if choice is not None:
        remembered.setValue(COMPACT_KEY, choice)
    return remembered.value(COMPACT_KEY) in (True, "true")


class TileView(QListView):
    chipDropped = Signal(dict, list)   # the chip, the target ids
    templateDropped = Signal(int)      # a library template dropped anywhere on the desk
    plusClicked = Signal(str)          # the (+) of a tile made from a template

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
        # drops arrive at the viewport, and Movement.Static above turned its drops off
        self.viewport().setAcceptDrops(True)
        self.setDropIndicatorShown(False)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setItemDelegate(TileDelegate(self))
        self.compact = self.itemDelegate().compact = remembered_compact()
        self.setAccessibleName("Character tiles")
        self._hover_key = None
        self._dragged = None  # (the mime data, its chip): decoded once per drag-enter
        # chip -> the tray's modifier fields for it; UserError when they cannot be read
        self.modifiers_for = lambda chip: {}
        # mime data -> the library template it carries (its id) or None; set by the window
        self.template_in = lambda mime: None
        self._dropping = False  # while a dropped chip is being applied
        controller.changed.connect(self._forget_preview)
        controller.campaignChanged.connect(self._forget_preview)
        controller.failed.connect(self.before_asking)  # its message box asks the GM

    def setModel(self, model) -> None:
        super().setModel(model)
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved):
            signal.connect(self.fit_tiles)  # fewer tiles may take wider columns

    def resizeEvent(self, event):
        self.fit_tiles()
        super().resizeEvent(event)

    def set_compact(self, compact: bool) -> None:
        """Compact tiles or full ones, remembered for the next run."""
        remembered_compact(compact)
        if compact == self.compact:
            return
        self.compact = self.itemDelegate().compact = compact
        self.itemDelegate().width = None
        self.fit_tiles()
        self.scheduleDelayedItemsLayout()

    def fit_tiles(self, *_) -> None:
        """Widen the tiles so that a row of them fills the view instead of leaving a gap
        (up to twice their width, for a desk of few tiles on a wide screen).

        The room is counted as if the scroll bar were shown, so the width does not
        change (and relayout) when it comes and goes."""
        gap, smallest = self.spacing(), base_size(self.fontMetrics(), self.compact).width()
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
    def _chip(self, event):
        """The chip in the drag, decoded once when it enters (moves reuse it)."""
        mime = event.mimeData()
        if self._dragged is not None and self._dragged[0] is mime:
            return self._dragged[1]
        chip = None
        if mime is not None and mime.hasFormat(MIME_TYPE):
            chip = decode_chip(mime.data(MIME_TYPE).data())
        self._dragged = (mime, chip)
        return chip

    def dragEnterEvent(self, event):
        self._dragged = None  # a new drag: its chip is read anew
        if self.controller.campaign is None:
            event.ignore()
        elif self._chip(event) is not None or self.template_in(event.mimeData()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event):
        chip = self._chip(event)
        if chip is None and self.template_in(event.mimeData()) is not None:
            event.acceptProposedAction()  # a template goes anywhere on the desk
            return
        targets = self.targets_at(event.position().toPoint()) if chip else []
        if not targets:
            self.show_preview(None, [])
            event.ignore()
            return
        self.show_preview(chip, targets)
        event.acceptProposedAction()

    def dragLeaveEvent(self, event):
        self._dragged = None
        self.show_preview(None, [])
        event.accept()

    def dropEvent(self, event):
        chip = self._chip(event)
        self._dragged = None
        tid = self.template_in(event.mimeData()) if chip is None else None
        if tid is not None and self.controller.campaign is not None:
            event.acceptProposedAction()
            self.templateDropped.emit(tid)
            return
        targets = self.targets_at(event.position().toPoint()) if chip else []
        if not targets:
            self.show_preview(None, [])
            event.ignore()  # a malformed payload or empty space: nothing happens
            return
        event.acceptProposedAction()
        # the preview stays until the change repaints the tiles, once (the model drops
        # the preview of every tile it repaints); what is left of it goes after
        self._dropping = True
        self.model().drop_on(targets)
        try:
            self.chipDropped.emit(chip, targets)
        finally:
            self._dropping = False
        self.clear_drop_preview()

    def before_asking(self, *_) -> None:
        """A dropped chip asks the GM something (a roll, a Save, a condition, a failure to
        read): the tiles show the desk as it is, not the chip, while it asks."""
        if self._dropping:
            self.clear_drop_preview()

    def clear_drop_preview(self) -> None:
        self._hover_key = None
        self.model().set_preview({})  # repaints only the tiles still previewing

    # previews ------------------------------------------------------------------------
    def show_preview(self, chip, targets: list[str]) -> None:
        """Preview `chip` on `targets` (None or no targets: clear every preview)."""
        if chip is None or not targets or self.controller.campaign is None:
            chip, targets = None, []
        try:
            mods = self.modifiers_for(chip) if chip else {}
        except UserError as err:
            self._hover_key = None
            self.model().set_preview({cid: TilePreview(str(err), "", False) for cid in targets})
            return
        key = (encode_chip(chip), encode_chip(mods), tuple(targets)) if chip else None
        if key == self._hover_key:
            return  # drag moves fire often; preview once per tile and chip
        self._hover_key = key
        if chip is None:
            self.model().set_preview({})
            return
        self.model().set_preview(self.controller.service.preview(chip, targets, mods))

    def _forget_preview(self, *_) -> None:
        self._hover_key = None  # the desk changed: the next preview must be worked out anew

    # the (+) of a copy ---------------------------------------------------------------------
    def plus_at(self, pos) -> str | None:
        """The tile whose (+) is under `pos` (only tiles made from a template have one)."""
        index = self.indexAt(pos)
        if not index.isValid() or not self.itemDelegate().has_plus(index):
            return None
        rect = self.itemDelegate().plus_rect(QRectF(self.visualRect(index)), self.font())
        return index.data(IdRole) if rect.contains(QPointF(pos)) else None

    def _pressed_plus(self, event) -> bool:
        """A left press on a (+) adds a copy (a quick second one, one more) and is not a
        press on the tile: the selection stays, and no drag starts from it."""
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        cid = self.plus_at(event.position().toPoint())
        if cid is None:
            return False
        event.accept()
        self.plusClicked.emit(cid)
        return True

    def mousePressEvent(self, event):
        if not self._pressed_plus(event):
            super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event):
        if not self._pressed_plus(event):
            super().mouseDoubleClickEvent(event)

    # dragging tiles: a monster's attack ------------------------------------------------
    def drag_chip(self) -> dict | None:
        """What dragging the selected tiles carries: one attack chip of every selected
        attacker (a whole group of copies, for the gang slot), or None."""
        chars = self.controller.state["characters"]
        attackers = [cid for cid in self.selected_ids() if chars.get(cid, {}).get("attack")]
        if not attackers:
            return None
        return attack_chip(attackers, ", ".join(chars[a]["name"] for a in attackers))

    def startDrag(self, supported):
        chip = self.drag_chip()
        if chip is None:
            return
        mime = QMimeData()
        mime.setData(MIME_TYPE, encode_chip(chip))
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.exec(Qt.DropAction.CopyAction)
