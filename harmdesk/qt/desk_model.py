"""One table model behind both the tiles and the character table.

Rows are the characters on the desk, in desk order; `data()` only reads a row
cache of plain facts, so it never touches the store and never raises. Edits in
the table (a name, HP and the other values a GM corrects) become actions through the
controller (`session.cell_action`), so they are checked, saved and undoable like
everything else.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt

from ..desk.encounter import encounter_marks
from ..desk.players import chosen, seen_words, visibility
from ..desk.table_edits import EditError, cell_action, cell_text
from ..profiles.parts import TileFacts
from .plain import plain_tip

NAME, KIND, BAR, GUARD, BUFFER, MARKS, STATUS, PLAYERS = range(8)
EDIT_COLUMNS = {BAR: "bar", GUARD: "guard", BUFFER: "buffer"}  # named as in Profile.edits
HEADERS = ("Name", "Kind", "HP", "Armor", "Endurance", "Marks", "State")  # no campaign open
PLAYERS_HEADER = "Players see"  # the same in every game, after the profile's own columns
# how the table's "Players see" column reads each visibility
SEEN_LABELS = {"full": "In full", "words": "Words only", "hidden": "Hidden"}

IdRole = Qt.ItemDataRole.UserRole + 1
FactsRole = Qt.ItemDataRole.UserRole + 2
CharacterRole = Qt.ItemDataRole.UserRole + 3
PreviewRole = Qt.ItemDataRole.UserRole + 4      # (first line, detail, ok) while a chip hovers
NoticeRole = Qt.ItemDataRole.UserRole + 5       # the last refusal shown on the tile
HighlightRole = Qt.ItemDataRole.UserRole + 6    # picked out by the log
SeenRole = Qt.ItemDataRole.UserRole + 7         # how the players see it: full, words, hidden
EncounterRole = Qt.ItemDataRole.UserRole + 8    # "turn" (its turn now), "acted" (spotlight) or None
# shown as the preview of a tile whose change waits for the store to open
SAVING = ("saving…", "as soon as the campaign is open", True)


ENCOUNTER_SAID = {"turn": "; their turn", "acted": "; has acted this round"}


def seen_said(char: dict) -> str:
    """How the players see `char`, for its description: said unless it is the party's
    usual "in full"."""
    seen = visibility(char)
    if seen == "full" and chosen(char.get("kind"), seen) is None:
        return ""
    return f"; {seen_words(seen)}"


class DeskModel(QAbstractTableModel):
    def __init__(self, controller, parent=None):
        super().__init__(parent)
        self.controller = controller
        self._ids: list[str] = []
        self._rows: dict[str, int] = {}  # each id's row, so a step finds its tiles at once
        self._facts: dict[str, TileFacts] = {}
        self._seen: dict[str, str] = {}  # players.visibility of each character
        self._seen_said: dict[str, str] = {}
        self._preview: dict[str, tuple[str, str, bool]] = {}
        self._notice: dict[str, str] = {}
        self._dropped: set[str] = set()  # a drop's tiles: their preview goes as they repaint
        self._highlight: set[str] = set()
        self._saving: set[str] = set()  # tiles whose change waits for the store
        self._encounter: dict[str, str] = {}  # id -> "turn" or "acted", from the setting
        controller.campaignChanged.connect(self.reload)
        controller.queued.connect(self.on_queued)
        controller.changed.connect(self.on_change)
        controller.refused.connect(self.on_refused)

    # the cache ----------------------------------------------------------------
    def reload(self) -> None:
        self.beginResetModel()
        profile = self.controller.profile
        chars = self.controller.state["characters"] if profile else {}
        self._set_ids(list(chars))
        self._facts = {cid: profile.tile_facts(c) for cid, c in chars.items()}
        self._seen = {cid: visibility(c) for cid, c in chars.items()}
        self._seen_said = {cid: seen_said(c) for cid, c in chars.items()}
        self._encounter = encounter_marks(self.controller.state["settings"] if profile else {})
        self._preview.clear()
        self._notice.clear()
        self._highlight.clear()
        self._saving.clear()
        self.endResetModel()

    def on_change(self, change) -> None:
        if change.desk_changed and not change.settings_changed and self._appended(change):
            return  # characters added at the end (copies): only their rows are new
        if change.desk_changed or change.settings_changed:
            self.reload()
            return
        chars, profile = self.controller.state["characters"], self.controller.profile
        for cid in change.changed:
            if cid in chars and cid in self._facts:
                self._facts[cid] = profile.tile_facts(chars[cid])
                self._seen[cid] = visibility(chars[cid])
                self._seen_said[cid] = seen_said(chars[cid])
                self._notice.pop(cid, None)
                self._row_changed(cid)

    def _appended(self, change) -> bool:
        """Rows inserted for characters that joined at the end of the desk, the rest kept
        (and the selection with them); False when the desk changed otherwise."""
        chars, profile = self.controller.state["characters"], self.controller.profile
        ids, old = list(chars), len(self._ids)
        if len(ids) <= old or ids[:old] != self._ids or profile is None:
            return False
        self.beginInsertRows(QModelIndex(), old, len(ids) - 1)
        for cid in ids[old:]:
            self._facts[cid] = profile.tile_facts(chars[cid])
            self._seen[cid] = visibility(chars[cid])
            self._seen_said[cid] = seen_said(chars[cid])
        self._set_ids(ids)
        self.endInsertRows()
        for cid in change.changed:  # any the same step changed besides
            if cid in chars and self._rows[cid] < old:
                self._facts[cid] = profile.tile_facts(chars[cid])
                self._row_changed(cid)
        return True

    def on_refused(self, reason: str, ids: list) -> None:
        for cid in ids:
            if cid in self._facts:
                self._notice[cid] = reason
                self._row_changed(cid)

    def on_queued(self, ids: list) -> None:
        for cid in ids:
            if cid in self._facts:
                self._saving.add(cid)
                self._notice.pop(cid, None)
                self._row_changed(cid)

    def _row_changed(self, cid: str) -> None:
        if cid in self._dropped:  # the change or refusal repaints it: the preview goes too
            self._dropped.discard(cid)
            self._preview.pop(cid, None)
        row = self._rows[cid]
        self.dataChanged.emit(self.index(row, 0), self.index(row, PLAYERS))

    def drop_on(self, ids) -> None:
        """A chip is dropped on `ids`: each keeps its preview until the change (or the
        refusal) repaints it, so that it is repainted once."""
        self._dropped = set(ids)

    def set_preview(self, previews: dict[str, tuple[str, str, bool]]) -> None:
        """Show (or, with {}, clear) a hovering chip's preview on these tiles."""
        self._dropped.clear()
        touched = set(self._preview) | set(previews)
        self._preview = dict(previews)
        for cid in touched:
            if cid in self._facts:
                self._row_changed(cid)

    def set_highlight(self, ids) -> None:
        touched = self._highlight | set(ids)
        self._highlight = set(ids)
        for cid in touched:
            if cid in self._facts:
                self._row_changed(cid)

    def _set_ids(self, ids: list[str]) -> None:
        """The desk's ids in tile order, and each one's row with them."""
        self._ids = ids
        self._rows = {cid: row for row, cid in enumerate(ids)}

    def row_of(self, cid: str) -> int:
        if cid not in self._rows:
            raise ValueError(f"{cid!r} is not on the desk")
        return self._rows[cid]

    def ids(self) -> list[str]:
        return list(self._ids)

    # the model ----------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else PLAYERS + 1

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Vertical:
            return section + 1
        if section == PLAYERS:
            return PLAYERS_HEADER
        profile = self.controller.profile
        headers = profile.headers if profile else HEADERS
        return headers[section] if 0 <= section < len(headers) else None

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
                 | Qt.ItemFlag.ItemIsDragEnabled | Qt.ItemFlag.ItemIsDropEnabled)
        if index.column() in self._editable_columns():
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def _editable_columns(self) -> tuple[int, ...]:
        profile = self.controller.profile
        if profile is None or self.controller.read_only:
            return ()
        named = profile.editable()
        return (NAME, PLAYERS, *(col for col, name in EDIT_COLUMNS.items() if name in named))

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        cid = self._ids[index.row()]
        facts = self._facts[cid]
        col = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._cell(facts, cid, col, role == Qt.ItemDataRole.EditRole)
        if role == Qt.ItemDataRole.AccessibleDescriptionRole:
            notice = self._notice.get(cid)
            return facts.description() + self._seen_said[cid] + \
                ENCOUNTER_SAID.get(self._encounter.get(cid), "") + \
                (f". Refused: {notice}" if notice else "")
        if role == Qt.ItemDataRole.ToolTipRole:
            text = self.data(index, Qt.ItemDataRole.AccessibleDescriptionRole)
            if cid in self._preview:  # the whole preview, even where the tile cuts it short
                first, detail, ok = self._preview[cid]
                text += "\n" + ("" if ok else "Refused: ") + first
                text += f"\n{detail}" if detail else ""
            return plain_tip(text)
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return f"{facts.name}, {facts.kind}"
        if role == IdRole:
            return cid
        if role == FactsRole:
            return facts
        if role == CharacterRole:
            return self.controller.state["characters"].get(cid)
        if role == PreviewRole:
            return self._preview.get(cid) or (SAVING if cid in self._saving else None)
        if role == NoticeRole:
            return self._notice.get(cid)
        if role == HighlightRole:
            return cid in self._highlight
        if role == SeenRole:
            return self._seen[cid]
        if role == EncounterRole:
            return self._encounter.get(cid)
        if role == Qt.ItemDataRole.UserRole and col == BAR:
            return facts.bar.figure  # sorts the table by the number, not its text
        return None

    def _cell(self, facts: TileFacts, cid: str, col: int, edit: bool):
        if edit and col == PLAYERS:
            return self._seen[cid]  # the key, for the column's chooser
        if edit and col in EDIT_COLUMNS:
            char = self.controller.state["characters"].get(cid, {})
            text = cell_text(self.controller.profile.name, EDIT_COLUMNS[col], char)
            if text is not None:
                return text  # the bare number, so the editor starts from it
        if col == NAME:
            return facts.name
        if col == KIND:
            return facts.kind
        if col == BAR:
            return facts.bar.text
        if col == GUARD:
            return facts.guard[1] if facts.guard else ""
        if col == BUFFER:
            return facts.buffer[1] if facts.buffer else ""
        if col == MARKS:
            return ", ".join(facts.badges + facts.extra)
        if col == STATUS:
            return facts.status_label
        if col == PLAYERS:
            return SEEN_LABELS[self._seen[cid]]
        return None

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        if index.column() not in self._editable_columns():
            return False
        cid = self._ids[index.row()]
        if index.column() == NAME:
            action = {"type": "edit_character", "target": cid,
                      "changes": {"name": str(value).strip()}}
        elif index.column() == PLAYERS:
            char = self.controller.state["characters"][cid]
            if value not in SEEN_LABELS or value == self._seen[cid]:
                return False
            action = {"type": "edit_character", "target": cid,
                      "changes": {"players_see": chosen(char.get("kind"), value)}}
        else:
            char = self.controller.state["characters"][cid]
            try:
                action = cell_action(self.controller.profile.name,
                                                 EDIT_COLUMNS[index.column()], char, value)
            except EditError as err:
                self.controller.refused.emit(str(err), [cid])  # the tile and the status bar
                return False
        # the model never writes itself: the controller saves, pushes undo, and tells us
        return self.controller.submit(action)


class DeskSortModel(QSortFilterProxyModel):
    """Sorts HP by its number (UserRole) and the rest by text."""

    def lessThan(self, left, right):
        if left.column() == BAR:
            a, b = left.data(Qt.ItemDataRole.UserRole), right.data(Qt.ItemDataRole.UserRole)
            if a is not None and b is not None:
                return a < b
        return super().lessThan(left, right)
