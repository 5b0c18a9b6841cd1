"""Hearth's window pages: one move, sitting by the fire."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout

from harmdesk.qt.dialogs.common import Page


class FirePage(Page):
    title = "Sit by the &fire"
    tip = "Each selected character warms by 2"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Warm by 2."))
        layout.addStretch(1)

    def actions(self) -> list[dict]:
        return [{"type": "heal", "target": c["id"], "amount": 2} for c in self.desk.chars()]


PAGES = {"fire": FirePage}
CONDITION_PAGES: dict = {}
