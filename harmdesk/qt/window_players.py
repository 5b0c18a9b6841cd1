"""What the players see of each character, chosen from the GM's window: the tiles' and the
table's "Players see" menu, and Play → Reveal to the players / hide (Ctrl+R).

A part of the main window (`window.players_see`): every choice becomes one
`edit_character` step through the controller, logged and undoable; nothing here decides
how anyone looks to the players (that is `harmdesk.desk.players`).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QComboBox, QMenu, QStyledItemDelegate

from ..desk.players import chosen, seen_words, visibility
from .desk_model import PLAYERS, SEEN_LABELS

# the menu's entries, in the order the players' display shows most to least
CHOICES = (("full", "In &full"), ("words", "As &words only"), ("hidden", "&Hidden"))


def listed(names: list[str]) -> str:
    """"The Hagr", "The Hagr and Coedwig", "Afon, the Hagr and Coedwig"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


class SeenChooser(QStyledItemDelegate):
    """The table's "Players see" cell is edited with a choice of the three."""

    def createEditor(self, parent, option, index):
        editor = QComboBox(parent)
        editor.setAccessibleName("What the players see")
        for key, _ in CHOICES:
            editor.addItem(SEEN_LABELS[key], key)  # as the column reads
        # chosen at once, as a menu is: no Enter needed after picking
        editor.activated.connect(lambda _: self._chosen(editor))
        return editor

    def _chosen(self, editor) -> None:
        self.commitData.emit(editor)
        self.closeEditor.emit(editor)

    def setEditorData(self, editor, index):
        editor.setCurrentIndex(max(editor.findData(index.data(Qt.ItemDataRole.EditRole)), 0))

    def updateEditorGeometry(self, editor, option, index):
        rect = option.rect  # never narrower than its words and the arrow
        rect.setWidth(max(rect.width(), editor.sizeHint().width()))
        editor.setGeometry(rect)

    def setModelData(self, editor, model, index):
        model.setData(index, editor.currentData())


class PlayersSee(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self.chooser = SeenChooser(window.ui.table)
        window.ui.table.setItemDelegateForColumn(PLAYERS, self.chooser)
        window.ui.actionRevealToPlayers.triggered.connect(self.reveal_or_hide)
        window.controller.campaignChanged.connect(self.update_enabled)
        self.update_enabled()

    @property
    def c(self):
        return self.w.controller

    def writable(self) -> bool:
        return self.c.campaign is not None and not self.c.read_only

    def update_enabled(self) -> None:
        self.w.ui.actionRevealToPlayers.setEnabled(self.writable())

    def _chars(self, ids) -> list[dict]:
        chars = self.c.state["characters"] if self.c.campaign is not None else {}
        return [chars[cid] for cid in ids if cid in chars]

    # the tiles' and the table's menu ---------------------------------------------------
    def add_to(self, menu: QMenu) -> QMenu:
        """The "Players see" submenu for the selection, its current choice checked when
        every selected character agrees."""
        chars = self._chars(self.w.selected_ids())
        seen = {visibility(char) for char in chars}
        sub = menu.addMenu("&Players see")
        sub.setObjectName("playersSeeMenu")
        group = QActionGroup(sub)
        for key, text in CHOICES:
            action = QAction(text, sub)
            action.setCheckable(True)
            action.setChecked(seen == {key})
            action.setEnabled(self.writable())
            action.setData(key)
            group.addAction(action)
            sub.addAction(action)
            action.triggered.connect(lambda _=False, key=key: self.choose(key))
        return sub

    def choose(self, seen: str, ids: list[str] | None = None) -> bool:
        """Show the selected characters (or `ids`) to the players as `seen` ("full",
        "words", "hidden"), as one step; the choice is left off the sheet where it is
        the kind's own default."""
        chars = self._targets(ids)
        if chars is None:
            return False
        # those shown otherwise now, and those whose sheet names their kind's default
        changing = [char for char in chars if visibility(char) != seen
                    or char.get("players_see") != chosen(char.get("kind"), seen)]
        if not changing:
            self._say(f"{listed([c['name'] for c in chars])} "
                      f"{'is' if len(chars) == 1 else 'are'} already {seen_words(seen)}.")
            return False
        same = all(chosen(char.get("kind"), seen) is None for char in changing)
        return self._submit(changing, None if same else seen, seen_words(seen))

    # Ctrl+R ------------------------------------------------------------------------------
    def reveal_or_hide(self) -> bool:
        """Reveal the hidden among the selected characters (each as its kind is shown by
        default); when none is hidden, hide them all."""
        chars = self._targets()
        if chars is None:
            return False
        hidden = [char for char in chars if visibility(char) == "hidden"]
        if hidden:
            return self._submit(hidden, None, "revealed to the players")
        return self._submit(chars, "hidden", seen_words("hidden"))

    # ------------------------------------------------------------------------------------
    def _targets(self, ids: list[str] | None = None) -> list[dict] | None:
        if self.c.campaign is None:
            return None
        chars = self._chars(self.w.selected_ids() if ids is None else ids)
        if not chars:
            self._say("Select one or more tiles first: Ctrl+R reveals them to the players, "
                      "or hides them.")
            return None
        return chars

    def _submit(self, chars: list[dict], seen: str | None, done: str) -> bool:
        ids = [char["id"] for char in chars]
        action = {"type": "edit_character", "target": ids[0] if len(ids) == 1 else ids,
                  "changes": {"players_see": seen}}
        if not self.c.submit(action):
            return False
        names = listed([char["name"] for char in chars])
        self._say(f"{names} {'is' if len(ids) == 1 else 'are'} {done}.")
        return True

    def _say(self, text: str) -> None:
        self.w.statusBar().showMessage(text, 10000)
