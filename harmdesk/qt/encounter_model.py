"""The encounter's order as a list model: one row per character in the `encounter` setting.

Rows are read from the desk's settings (`{"mode", "order", "round", "turn", "acted",
"initiative"}`, kept by the rules' clock actions); `data()` reads a row cache of plain
facts. A drag within the bar carries the dragged ids under ORDER_MIME; a drop becomes
one `set_order` step through the controller, which saves it and tells the model, so the
model never reorders itself.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QAbstractListModel, QByteArray, QMimeData, QModelIndex, Qt

from ..desk.encounter import turn_now
from .plain import plain_tip

ORDER_MIME = "application/x-harmdesk-encounter-order+json"
MAX_IDS = 1000  # a payload naming more characters than a desk holds is not ours

IdRole = Qt.ItemDataRole.UserRole + 1
TurnRole = Qt.ItemDataRole.UserRole + 2        # its turn now (turns mode)
ActedRole = Qt.ItemDataRole.UserRole + 3       # has acted this round (spotlight mode)
InitiativeRole = Qt.ItemDataRole.UserRole + 4  # its initiative, or None
EndedRole = Qt.ItemDataRole.UserRole + 5       # dead or out of the story: passed over


def encode_ids(ids: list[str]) -> bytes:
    return json.dumps({"ids": list(ids)}).encode("utf-8")


def decode_ids(data: bytes | bytearray | memoryview | None) -> list[str] | None:
    """The ids a drag carries; None for anything malformed."""
    try:
        ids = json.loads(bytes(data or b"").decode("utf-8"))["ids"]
    except (ValueError, TypeError, KeyError, UnicodeDecodeError):
        return None
    if not isinstance(ids, list) or not 0 < len(ids) <= MAX_IDS \
            or not all(isinstance(i, str) for i in ids):
        return None
    return ids


def reordered(order: list[str], moved: list[str], row: int) -> list[str]:
    """`order` with `moved` taken out and put back, in their order, before the row that
    was at `row` (at the end for -1 or past it)."""
    row = len(order) if row < 0 or row > len(order) else row
    before = [cid for cid in order[:row] if cid not in moved]
    after = [cid for cid in order[row:] if cid not in moved]
    return before + [cid for cid in moved if cid in order] + after


class EncounterModel(QAbstractListModel):
    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self.controller = controller
        self.encounter: dict | None = None
        self._rows: list[tuple] = []  # (id, name, turn, acted, initiative, ended)
        controller.campaignChanged.connect(self.reload)
        controller.changed.connect(self.reload)
        self.reload()

    # the cache ------------------------------------------------------------------
    def reload(self, *_) -> None:
        """Read the order again: every step may move the turn, and names or deaths show."""
        c = self.controller
        encounter = c.service.encounter if c.campaign is not None else None
        state = c.state if encounter is not None else None
        rows = []
        if encounter is not None:
            chars, ended = state["characters"], c.profile.report.ended
            order = [cid for cid in encounter.get("order", []) if cid in chars]
            now = turn_now(state["settings"])
            acted = set(encounter.get("acted") or ())
            initiative = encounter.get("initiative") or {}
            rows = [(cid, chars[cid]["name"], cid == now, cid in acted,
                     initiative.get(cid), bool(ended(chars[cid]))) for cid in order]
        if rows == self._rows and encounter == self.encounter:
            return
        self.beginResetModel()
        self.encounter = encounter
        self._rows = rows
        self.endResetModel()

    def ids(self) -> list[str]:
        return [row[0] for row in self._rows]

    def name_of(self, cid: str) -> str:
        return next((row[1] for row in self._rows if row[0] == cid), cid)

    def turn_id(self) -> str | None:
        return next((row[0] for row in self._rows if row[2]), None)

    # the model ------------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        cid, name, turn, acted, initiative, ended = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return name
        if role == Qt.ItemDataRole.AccessibleTextRole:
            said = [name]
            if initiative is not None:
                said.append(f"initiative {initiative}")
            if turn:
                said.append("their turn")
            if acted:
                said.append("has acted this round")
            if ended:
                said.append("out of the fight")
            return ", ".join(said)
        if role == Qt.ItemDataRole.ToolTipRole:
            spotlight = self.encounter and self.encounter.get("mode") == "spotlight"
            return plain_tip((f"{name}: click to mark {'not ' if acted else ''}acted this round; "
                              "drag to change the order") if spotlight else
                             f"{name}: drag to change the order")
        if role == IdRole:
            return cid
        if role == TurnRole:
            return turn
        if role == ActedRole:
            return acted
        if role == InitiativeRole:
            return initiative
        if role == EndedRole:
            return ended
        return None

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled  # between the chips
        return (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                | Qt.ItemFlag.ItemIsDragEnabled)

    # dragging to reorder ---------------------------------------------------------
    def mimeTypes(self) -> list[str]:
        return [ORDER_MIME]

    def mimeData(self, indexes) -> QMimeData:
        mime = QMimeData()
        rows = sorted({i.row() for i in indexes if i.isValid()})
        mime.setData(ORDER_MIME, QByteArray(encode_ids([self._rows[r][0] for r in rows])))
        return mime

    def supportedDragActions(self):
        return Qt.DropAction.MoveAction

    def supportedDropActions(self):
        return Qt.DropAction.MoveAction

    def canDropMimeData(self, data, action, row, column, parent) -> bool:
        return data is not None and data.hasFormat(ORDER_MIME) and self.encounter is not None

    def dropMimeData(self, data, action, row, column, parent) -> bool:
        """A drop between chips (the view's indicator shows where): the new order as one
        `set_order` step. Always
        False, so the view removes nothing: the step's change redraws the order."""
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        moved = decode_ids(data.data(ORDER_MIME).data())
        if moved is None:
            return False
        if row < 0 and parent.isValid():
            row = parent.row()  # dropped onto a chip: before it
        self.move(moved, row)
        return False

    def move(self, moved: list[str], row: int) -> bool:
        """Put `moved` before `row` as one logged step; False when nothing changes."""
        order = self.ids()
        if not set(moved) <= set(order):
            return False
        new = reordered(order, moved, row)
        if new == order:
            return False
        return self.controller.submit({"type": "set_order", "order": new})
