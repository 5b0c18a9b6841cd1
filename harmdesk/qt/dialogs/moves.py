"""Rests and moves for the selected characters, as a list of the game's moves.

The result is a list of actions the window submits as one undoable step
(`DeskController.submit_many(dialog.actions(), dialog.title())`).
"""

from __future__ import annotations

import importlib

from PySide6.QtWidgets import QDialog, QListWidgetItem, QWidget

from ..forms.ui_moves_dialog import Ui_MovesDialog
from .common import Desk, Invalid, Page, Validated


def pages_of(profile, kind: str = "PAGES") -> dict[str, type[Page]]:
    """The pages by key of a game's window pages module (its profile's `pages_module`):
    its moves (`PAGES`) or its conditions (`CONDITION_PAGES`)."""
    if not profile.pages_module:
        return {}
    return getattr(importlib.import_module(profile.pages_module), kind, {})


class MovesDialog(Validated, QDialog):
    """Result: `actions()` (target set) and `title()` for the undo text.

    `move` pre-selects a page by its title ("Make Camp"); `rng` is the random
    source for the rolls HarmDesk makes here (Resolve dice), for tests; `play_session`
    the number of tonight's play session, if one is open."""

    def __init__(self, profile, state: dict, targets, parent: QWidget | None = None,
                 move: str | None = None, rng=None, play_session: int | None = None):
        super().__init__(parent)
        self.ui = Ui_MovesDialog()
        self.ui.setupUi(self)
        self.init_validation()
        self.desk = Desk(state, tuple(targets), rng, profile, play_session)
        self.preview_state = state
        self.pages: list[Page] = []
        pages = pages_of(profile)
        for key in profile.moves_pages:
            page = pages[key](self.desk)
            self.pages.append(page)
            self.ui.pages.addWidget(page)
            item = QListWidgetItem(page.title, self.ui.movesList)
            item.setToolTip(page.tip)
            page.changed.connect(self.revalidate)
        self.ui.movesList.currentRowChanged.connect(self._show_page)
        self.ui.movesList.setCurrentRow(self.opening_page(move))
        self.ui.targetsLabel.setText(f"For: {self.desk.names()}")
        self.setWindowTitle(f"Rests and moves — {self.desk.names()}")
        self.ui.movesList.setFocus()
        self.grow_to_fit()

    def opening_page(self, move: str | None) -> int:
        """The page to open on: `move` when given, else the move the selection calls for
        (Death's Door for the dying, Tend for one out of the action), else the first the
        rules allow for it."""
        titles = [p.title for p in self.pages]
        if move in titles:
            return titles.index(move)
        called = next((i for i, p in enumerate(self.pages) if p.called_for()), None)
        if called is not None:
            return called
        return next((i for i, p in enumerate(self.pages) if self.allows(p)), 0)

    def allows(self, page: Page) -> bool:
        """Whether the page's move, as it opens, can apply to the selection."""
        try:
            actions = page.actions()
        except Invalid:
            return False
        return bool(actions) and self.preview(actions)[0] is None

    def _show_page(self, row: int) -> None:
        if row >= 0:
            self.ui.pages.setCurrentIndex(row)
            self.revalidate()

    def page(self) -> Page:
        return self.pages[self.ui.pages.currentIndex()]

    def moves(self) -> list[str]:
        return [p.title for p in self.pages]

    def build(self) -> list[dict]:
        return self.page().actions()

    def extra_note(self) -> str:
        try:
            return self.page().note()
        except Invalid:
            return ""

    def actions(self) -> list[dict]:
        """The actions to submit, in order (empty when the input is bad)."""
        try:
            return self.build()
        except Invalid:
            return []

    def title(self) -> str:
        """The undo stack's text: the move and who made it."""
        ids: list[str] = []
        for action in self.actions():
            target = action.get("target") or action.get("healer")
            ids += target if isinstance(target, list) else [target] if target else []
        title = self.page().title
        return f"{title}: {self.desk.names(dict.fromkeys(ids))}" if ids else title
