"""The players' display as a list model: one row per card the players may see.

Rows are `players.cards(...)` of the open campaign, worded with the GM's words
(`player_words.shared()`), in desk order. The model follows the controller in place: a
changed card is a dataChanged of its row, a character revealed, hidden, added or removed
is an inserted or removed row, and only another campaign resets it. `data()` reads the
cards alone, so a hidden character (which has no card) and a words-only card's numbers
(which it has none of) can never be read from it.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QAbstractListModel, QElapsedTimer, QModelIndex, Qt, QTimer, Signal

from ..desk import players
from . import player_words

WordsRole = Qt.ItemDataRole.UserRole + 1       # "at Death's Door"
ToneRole = Qt.ItemDataRole.UserRole + 2        # fine, hurt, grave, down, dead
NotesRole = Qt.ItemDataRole.UserRole + 3       # further looks as words: ("dazed",)
BarRole = Qt.ItemDataRole.UserRole + 4         # (value, maximum, text), full cards only
TurnRole = Qt.ItemDataRole.UserRole + 5        # its turn in the encounter
HighlightRole = Qt.ItemDataRole.UserRole + 6   # changed a moment ago
SeenRole = Qt.ItemDataRole.UserRole + 7        # "full" or "words"
KindRole = Qt.ItemDataRole.UserRole + 8        # "PC", "Monster" …

HIGHLIGHT_MS = 3000  # how long a changed card stays picked out


class PlayerModel(QAbstractListModel):
    """Signal `announced(str)`: what the players should notice of a step, one sentence
    per card whose look changed ("Rhianna is at Death's Door")."""

    announced = Signal(str)

    def __init__(self, controller, words: player_words.PlayerWords | None = None,
                 parent=None):
        super().__init__(parent)
        self.controller = controller
        self.words = words or player_words.shared()
        self.highlight_ms = HIGHLIGHT_MS
        self._ids: list[str] = []
        self._cards: dict[str, players.Card] = {}
        self._highlight: dict[str, int] = {}  # id → when its highlight goes (ms)
        self._looks: dict = {}  # the game's words table as the GM worded it
        self._clock: tuple | None = None  # (mode, round, whose turn) last announced
        self._elapsed = QElapsedTimer()
        self._elapsed.start()
        self._fading = QTimer(self)
        self._fading.setSingleShot(True)
        self._fading.timeout.connect(self._fade)
        controller.campaignChanged.connect(self.reload)
        controller.changed.connect(self.on_change)
        self.words.changed.connect(self.on_reworded)
        self.reload()

    # following the desk -------------------------------------------------------------
    def _system(self) -> str | None:
        return self.controller.system if self.controller.profile is not None else None

    def _characters(self) -> dict:
        return self.controller.state["characters"] if self._system() else {}

    def _encounter(self) -> dict | None:
        encounter = self.controller.state["settings"].get("encounter") if self._system() \
            else None
        return encounter if isinstance(encounter, dict) else None

    def _turn(self) -> str | None:
        """Whose turn it is (turns mode), read as `players.cards` reads it."""
        return players.turn_of(self._encounter())

    def _clock_now(self) -> tuple | None:
        encounter = self._encounter()
        return None if encounter is None else \
            (encounter.get("mode"), encounter.get("round"), self._turn())

    def _table(self) -> dict:
        system = self._system()
        return players.looks(system, self.words.words(system)) if system else {}

    def reload(self) -> None:
        """Another campaign (or none): every card anew."""
        self.beginResetModel()
        system = self._system()
        shown = players.cards(system, self._characters(), self.words.words(system),
                              self._encounter()) if system else []
        self._cards = {c.id: c for c in shown}
        self._ids = [c.id for c in shown]
        self._looks = self._table()
        self._highlight.clear()
        self._clock = self._clock_now()
        self.endResetModel()

    def on_change(self, change) -> None:
        """An apply, undo or redo: the cards of the characters it changed (all of them
        when characters joined or left), announced and picked out where they changed."""
        if self._system() is None:
            return
        corrected = any(entry.is_correction for entry in change.entries)
        ids = None if change.desk_changed else set(change.changed)
        if change.settings_changed:
            before = self._clock
            self._announce_turn()
            if ids is not None:  # no setting changes a card but by whose turn it is
                ids |= {clock[2] for clock in (before, self._clock) if clock and clock[2]}
        self._follow(ids, announce=True, corrected=corrected)

    def _announce_turn(self) -> None:
        """"Round 2: Sara's turn" when the turn passes (or comes back on undo); only the
        round when it is the turn of someone the players do not see."""
        before, now = self._clock, self._clock_now()
        self._clock = now
        if now == before:
            return
        if now is None:
            self.announced.emit("The encounter ends")
            return
        _mode, round_, turn = now
        chars = self._characters()
        shown = turn is not None and turn in chars and \
            players.card(self._system(), chars[turn], table=self._looks) is not None
        if shown:
            self.announced.emit(f"Round {round_}: {chars[turn]['name']}'s turn")
        elif before is None or before[1] != round_:
            self.announced.emit(f"Round {round_}")

    def on_reworded(self, system: str) -> None:
        if system == self._system():
            self._looks = self._table()
            self._follow(None, announce=False)

    def _follow(self, ids, announce: bool, corrected: bool = False) -> None:
        """The cards of `ids` (None: every one) anew; with `announce`, what changed is
        said, as a correction when `corrected` (the log was corrected, or that undone)."""
        system, chars = self._system(), self._characters()
        table, turn = self._looks, self._turn()
        fresh = dict(self._cards)
        for cid in (chars if ids is None else ids):
            if ids is None or cid in chars:
                fresh.pop(cid, None)
                made = players.card(system, chars[cid], table=table)
                if made is not None:
                    fresh[cid] = replace(made, turn=True) if cid == turn else made
            else:
                fresh.pop(cid, None)  # removed from the desk
        if ids is None:
            fresh = {cid: card for cid, card in fresh.items() if cid in chars}
        order = [cid for cid in chars if cid in fresh]
        before = dict(self._cards)
        self._move_rows(order, fresh)
        changed = [cid for cid in order if cid in before and before[cid] != fresh[cid]]
        for cid in changed:
            row = self._ids.index(cid)
            self.dataChanged.emit(self.index(row), self.index(row))
        if not announce:
            return
        touched = [cid for cid in order if before.get(cid) != fresh[cid]]
        # a turn that ends is no news to pick out; the one that begins is
        self._pick_out([cid for cid in touched if fresh[cid].turn or before.get(cid) is None
                        or replace(before[cid], turn=False) != fresh[cid]])
        say = players.correction_announcement if corrected else players.announcement
        for cid in touched:
            said = say(before.get(cid), fresh[cid], table)
            if said:
                self.announced.emit(said)

    def _move_rows(self, order: list[str], fresh: dict) -> None:
        """Remove the rows of cards gone, insert those of cards new, keep the rest."""
        for row in reversed(range(len(self._ids))):
            if self._ids[row] not in fresh:
                self.beginRemoveRows(QModelIndex(), row, row)
                gone = self._ids.pop(row)
                del self._cards[gone]
                self._highlight.pop(gone, None)
                self.endRemoveRows()
        if [cid for cid in order if cid in self._cards] != self._ids:
            self.beginResetModel()  # the desk's order changed: no rows to keep
            self._ids, self._cards = list(order), {cid: fresh[cid] for cid in order}
            self.endResetModel()
            return
        for row, cid in enumerate(order):
            if cid not in self._cards:
                self.beginInsertRows(QModelIndex(), row, row)
                self._ids.insert(row, cid)
                self._cards[cid] = fresh[cid]
                self.endInsertRows()
            else:
                self._cards[cid] = fresh[cid]

    def _pick_out(self, ids: list[str]) -> None:
        """Highlight these cards for a moment; a later change of the same card restarts it."""
        if not ids:
            return
        until = self._elapsed.elapsed() + self.highlight_ms
        for cid in ids:
            self._highlight[cid] = until
        self._fade_next()

    def _fade_next(self) -> None:
        if self._highlight:
            left = min(self._highlight.values()) - self._elapsed.elapsed()
            self._fading.start(max(0, left))
        else:
            self._fading.stop()

    def _fade(self) -> None:
        """The highlights whose moment is over go."""
        now = self._elapsed.elapsed()
        for cid in [c for c, until in self._highlight.items() if until <= now]:
            del self._highlight[cid]
            row = self._ids.index(cid)
            self.dataChanged.emit(self.index(row), self.index(row), [HighlightRole])
        self._fade_next()

    # reading --------------------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._ids)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        return None  # no headers: not even a row's number

    def flags(self, index):
        return Qt.ItemFlag.ItemIsEnabled if index.isValid() else Qt.ItemFlag.NoItemFlags

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        card = self._cards[self._ids[index.row()]]
        if role == Qt.ItemDataRole.DisplayRole:
            return card.name
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return spoken(card)
        if role == WordsRole:
            return card.words
        if role == ToneRole:
            return card.tone
        if role == NotesRole:
            return card.notes
        if role == BarRole:
            return card.bar if card.visibility == "full" else None
        if role == TurnRole:
            return card.turn
        if role == HighlightRole:
            return card.id in self._highlight
        if role == SeenRole:
            return card.visibility
        if role == KindRole:
            return card.kind
        return None


def spoken(card: players.Card) -> str:
    """The card as a screen reader says it: its name, kind and looks; the bar for full."""
    parts = [f"{card.name}, {card.kind}: {card.words}", *card.notes]
    if card.visibility == "full" and card.bar is not None:
        parts.append(card.bar[2])
    return "; ".join(parts)
