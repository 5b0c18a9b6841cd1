"""What the players see of each character, chosen from the GM's window: the tiles' and the
table's "Players see" menu, and Play → Reveal to the players / hide (Ctrl+R).

A part of the main window (`window.players_see`): every choice becomes one
`edit_character` step through the controller, logged and undoable; nothing here decides
how anyone looks to the players (that is `harmdesk.players`).
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from ..players import PLAYERS_SEE_WORDS as PAST
from ..players import visibility

# the menu's entries, in the order the players' display shows most to least
CHOICES = (("full", "In &full"), ("words", "As &words only"), ("hidden", "&Hidden"))


def listed(names: list[str]) -> str:
    """"The Hagr", "The Hagr and Coedwig", "Afon, the Hagr and Coedwig"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def default_for(char: dict) -> str:
    """How the players see a character of its kind when the GM has not chosen."""
    return visibility({"kind": char.get("kind")})


class PlayersSee(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.w = window
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
        changing = [char for char in chars if visibility(char) != seen
                    or ("players_see" in char and default_for(char) == seen)]
        if not changing:
            self._say(f"{listed([c['name'] for c in chars])} "
                      f"{'is' if len(chars) == 1 else 'are'} already {PAST[seen]}.")
            return False
        same = all(default_for(char) == seen for char in changing)
        return self._submit(changing, None if same else seen, PAST[seen])

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
        return self._submit(chars, "hidden", PAST["hidden"])

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
