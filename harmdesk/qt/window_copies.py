"""Copies of library templates on the desk, from the GM's window: the add dialog (a template
dropped on the desk, or asked for from the library), the (+) on a tile made from a template,
selecting every copy of a template (Ctrl+Shift+G, or the tile's menu), and showing the
selected to the players.

A part of the main window (`window.copies`). The service plans the copies and logs them;
each is one step through the controller (`commit_prepared`), so Ctrl+Z takes all the copies
of one add back at once.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QMenu

from ..desk.library import copies_of, mark_of
from ..desk.players import visibility
from ..errors import UserError
from .plain import plain_button

SELECT_COPIES_KEY = "Ctrl+Shift+G"


def template_in(mime) -> int | None:
    """The library template a drag carries (its id), or None when it carries none."""
    from .library_model import TEMPLATE_MIME, decode_template  # the library's MIME type
    if mime is None or not mime.hasFormat(TEMPLATE_MIME):
        return None
    return decode_template(mime.data(TEMPLATE_MIME).data())


class WindowCopies(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self.dialog = None  # the add dialog on the screen, while it is there
        self.select_action = QAction("Select &copies of this template", window)
        self.select_action.setObjectName("actionSelectCopies")
        self.select_action.setShortcut(QKeySequence(SELECT_COPIES_KEY))
        self.select_action.setToolTip("Select every tile made from the current tile's template")
        self.select_action.triggered.connect(lambda: self.select_copies())
        self.reveal_action = QAction("&Show to the players", window)
        self.reveal_action.setObjectName("actionShowCopies")
        self.reveal_action.setToolTip("Show the selected hidden characters to the players, "
                                      "in one step")
        self.reveal_action.triggered.connect(lambda: self.reveal())
        window.ui.menuEdit.addAction(self.select_action)
        window.tiles.templateDropped.connect(self.ask_later)
        window.tiles.plusClicked.connect(self.one_more)
        library = getattr(window, "library", None)
        if library is not None:  # a template dragged from it, or Enter on one
            window.tiles.template_in = template_in
            library.addRequested.connect(self.ask_later)

    @property
    def c(self):
        return self.w.controller

    def writable(self) -> bool:
        return self.c.campaign is not None and not self.c.read_only

    # adding copies -----------------------------------------------------------------------
    def ask_later(self, tid: int) -> None:
        """Open the add dialog once the drop that asked for it has returned (the drag's
        source waits for the drop)."""
        QTimer.singleShot(0, self, lambda: self.ask(tid))

    def ask(self, tid: int) -> bool:
        """The add dialog for template `tid`; its OK adds the copies as one step. True
        when it opened."""
        if not self.writable():
            self._say("Open a campaign that this window saves first.")
            return False
        template = self.c.service.template(tid)
        if template is None:
            self._say("That template is no longer in the library.")
            return False
        if self.dialog is not None:
            self.dialog.close()
        from .dialogs.add_copies import AddCopiesDialog
        dialog = AddCopiesDialog(self.c.service, template, self.w, rng=self.w.rng)
        dialog.setObjectName("addCopiesDialog")
        dialog.accepted.connect(lambda: self.add(dialog.copies()))
        dialog.finished.connect(lambda _: self._closed(dialog))
        self.dialog = dialog
        dialog.open()
        return True

    def _closed(self, dialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    def add(self, copies) -> bool:
        """Add a plan of the service's (`Copies`) as one logged step."""
        if copies is None or self.c.campaign is None:
            return False
        if copies.problem:
            self._say(copies.problem)
            return False
        if not self.c.commit_prepared(lambda: self.c.service.add_copies(copies), copies.text):
            return False
        self.show_first(copies)
        self._say(f"{copies.text}. Ctrl+Z takes them back.")
        return True

    def show_first(self, copies) -> None:
        """The tiles scroll to the first copy added (the desk's end), as many of them in
        sight as fit, so the GM sees them."""
        first = copies.actions[0].get("character", {}).get("id") if copies.actions else None
        model = self.w.model
        if first in model.ids():
            self.w.tiles.scrollTo(model.index(model.row_of(first), 0),
                                  QAbstractItemView.ScrollHint.PositionAtTop)

    def one_more(self, cid: str) -> bool:
        """The (+) on a tile made from a template: one more copy, hidden."""
        if not self.writable():
            return False
        try:
            copies = self.c.service.one_more(cid, self.w.rng)
        except UserError as err:
            self.c.refused.emit(str(err), [cid])
            return False
        if copies.problem:
            self.c.refused.emit(copies.problem, [cid])
            return False
        return self.add(copies)

    # a group of copies -------------------------------------------------------------------
    def current_id(self) -> str | None:
        """The tile the keyboard is on, else the first selected."""
        index = self.w.tiles.currentIndex()
        from .desk_model import IdRole
        if index.isValid() and self.w.ui.pages.currentIndex() == 0:
            return index.data(IdRole)
        ids = self.w.selected_ids()
        return ids[0] if ids else None

    def select_copies(self, cid: str | None = None) -> list[str]:
        """Select every tile made from the same template as `cid` (None: the current
        tile); the ids selected."""
        if self.c.campaign is None:
            return []
        cid = cid or self.current_id()
        char = self.c.state["characters"].get(cid) if cid else None
        if char is None:
            self._say("Pick a tile made from a template first.")
            return []
        if mark_of(char) is None:
            self._say(f"{char['name']} was not added from the library.")
            return []
        ids = copies_of(self.c.state, cid)
        self.w.select_ids(ids)
        self._say(f"{len(ids)} selected: every {mark_of(char)['name']} on the desk.")
        return ids

    def reveal(self, ids: list[str] | None = None) -> bool:
        """Show the selected (or `ids`) hidden characters to the players, as one step."""
        if not self.writable():
            return False
        chars = self.c.state["characters"]
        hidden = [cid for cid in (self.w.selected_ids() if ids is None else ids)
                  if cid in chars and visibility(chars[cid]) == "hidden"]
        if not hidden:
            self._say("None of the selected is hidden from the players.")
            return False
        return self.c.commit_prepared(lambda: self.c.service.reveal(hidden))

    def add_to(self, menu: QMenu) -> None:
        """The tile menu's entries for copies: select the group, show the hidden."""
        if self.c.campaign is None:
            return
        chars = self.c.state["characters"]
        ids = [cid for cid in self.w.selected_ids() if cid in chars]
        mark = mark_of(chars[ids[0]]) if ids else None
        if mark is not None:
            # the key shown, not bound: Edit's entry holds it
            action = menu.addAction(f"Select copies of {plain_button(str(mark['name']))}"
                                    f"\t{SELECT_COPIES_KEY}")
            action.setObjectName("selectCopiesEntry")
            action.triggered.connect(lambda: self.select_copies(ids[0]))
        if any(visibility(chars[cid]) == "hidden" for cid in ids):
            self.reveal_action.setEnabled(self.writable())
            menu.addAction(self.reveal_action)

    def _say(self, text: str) -> None:
        self.w.statusBar().showMessage(text, 10000)
