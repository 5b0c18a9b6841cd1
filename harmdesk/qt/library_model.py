"""The creature library as an item model: the open game's templates in two groups, this
campaign's own and those every campaign of the game shares, one row each.

The rows are plain words from the templates (`harmdesk.desk.library.Template`): the name as
typed, the kind, the HP as written ("d6", "3") and the attack as the tiles word it; what the
GM still has to fill in comes from `Template.missing()`. A template row drags as
`TEMPLATE_MIME`, `{"template": id}`; the desk opens the add dialog on a drop.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QMimeData, QModelIndex, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from ..desk.display import damage_words
from ..profiles.parts import KIND_LABELS
from .plain import plain_tip

TEMPLATE_MIME = "application/x-harmdesk-template+json"
MAX_PAYLOAD = 1024  # {"template": 12345} needs a few bytes; anything larger is not ours

# columns
NAME, KIND, HP, ATTACK, FILL = range(5)
HEADERS = ("Name", "Kind", "HP", "Attack", "To fill in")

# roles
TemplateIdRole = Qt.ItemDataRole.UserRole + 1   # the template's id (template rows only)
GroupRole = Qt.ItemDataRole.UserRole + 2        # "campaign" or "shared" (group rows only)
MissingRole = Qt.ItemDataRole.UserRole + 3      # the labels still to fill in, a list

GROUPS = ("campaign", "shared")


def encode_template(tid: int) -> bytes:
    """What a dragged template carries."""
    return json.dumps({"template": int(tid)}, separators=(",", ":")).encode("utf-8")


def decode_template(data: bytes | bytearray | memoryview | None) -> int | None:
    """The template id in a drag, or None when the payload is not one of ours (a drag may
    come from any program)."""
    if data is None:
        return None
    raw = bytes(data)
    if not raw or len(raw) > MAX_PAYLOAD:
        return None
    try:
        payload = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(payload, dict) or set(payload) != {"template"}:
        return None
    tid = payload["template"]
    if isinstance(tid, bool) or not isinstance(tid, int) or tid <= 0:
        return None
    return tid


def mime_for(tid: int) -> QMimeData:
    mime = QMimeData()
    mime.setData(TEMPLATE_MIME, encode_template(tid))
    return mime


def group_title(group: str, game_title: str) -> str:
    return "This campaign" if group == "campaign" else f"Every {game_title} campaign"


def row_words(template) -> list[str]:
    """The row's cells, in column order."""
    missing = template.missing()
    attack = damage_words(template.attack) if template.attack else "none"
    return [template.name, KIND_LABELS.get(template.kind, template.kind),
            template.hp or "", attack,
            f"to fill in: {', '.join(missing)}" if missing else ""]


def row_tip(template) -> str:
    """Everything about the template, as typed."""
    cells = row_words(template)
    lines = [cells[NAME], f"{cells[KIND]}; HP {cells[HP] or 'to fill in'}; attack {cells[ATTACK]}",
             f"Default count: {template.count}"]
    if cells[FILL]:
        lines.append(cells[FILL].capitalize() + " (asked when copies are added)")
    if template.notes:
        lines.append(template.notes)
    if template.source:
        lines.append(f"Source: {template.source}")
    lines.append("Drag onto the desk, or press Enter, to add copies.")
    return plain_tip("\n".join(lines))


class LibraryModel(QStandardItemModel):
    """Two group rows ("This campaign", "Every <game> campaign"), each holding its
    templates' rows by name. `show(templates, game_title)` fills it."""

    def __init__(self, parent=None):
        super().__init__(0, len(HEADERS), parent)
        self.setHorizontalHeaderLabels(list(HEADERS))
        self._templates: dict[int, object] = {}

    def show(self, templates, game_title: str = "") -> None:
        """The templates `Service.library()` answered (none: an empty library)."""
        self.beginResetModel()
        self.blockSignals(True)  # one reset, not a signal per item
        try:
            self.removeRows(0, self.rowCount())
            self._templates = {}
            groups = {}
            for group in GROUPS:
                item = QStandardItem(group_title(group, game_title))
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
                item.setData(group, GroupRole)
                font = item.font()
                font.setBold(True)
                item.setFont(font)
                groups[group] = item
                self.appendRow([item, *(self._blank() for _ in HEADERS[1:])])
            for template in templates:
                if template.id is None:
                    continue
                self._templates[template.id] = template
                group = groups["campaign" if template.campaign is not None else "shared"]
                group.appendRow(self._row(template))
        finally:
            self.blockSignals(False)
        self.endResetModel()

    @staticmethod
    def _blank() -> QStandardItem:
        item = QStandardItem("")
        item.setFlags(Qt.ItemFlag.ItemIsEnabled)
        return item

    @staticmethod
    def _row(template) -> list[QStandardItem]:
        tip, missing = row_tip(template), template.missing()
        items = []
        for text in row_words(template):
            item = QStandardItem(text)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                          | Qt.ItemFlag.ItemIsDragEnabled)
            item.setData(template.id, TemplateIdRole)
            item.setData(list(missing), MissingRole)
            item.setToolTip(tip)
            items.append(item)
        return items

    # what the rows stand for ------------------------------------------------------------
    def template(self, tid: int | None):
        return self._templates.get(tid) if tid is not None else None

    def templates(self) -> list:
        return list(self._templates.values())

    def group_index(self, group: str) -> QModelIndex:
        return self.index(GROUPS.index(group), 0) if self.rowCount() else QModelIndex()

    def index_of(self, tid: int, column: int = NAME) -> QModelIndex:
        for group in GROUPS:
            parent = self.group_index(group)
            for row in range(self.rowCount(parent)):
                index = self.index(row, column, parent)
                if index.data(TemplateIdRole) == tid:
                    return index
        return QModelIndex()

    def names(self, group: str) -> list[str]:
        parent = self.group_index(group)
        return [self.index(r, NAME, parent).data() for r in range(self.rowCount(parent))]

    # dragging ---------------------------------------------------------------------------
    def mimeTypes(self) -> list[str]:
        return [TEMPLATE_MIME]

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction

    def mimeData(self, indexes) -> QMimeData | None:
        """The first dragged template (the desk adds copies of one template at a time)."""
        for index in indexes:
            tid = index.data(TemplateIdRole)
            if tid is not None:
                return mime_for(tid)
        return None
