"""Tooltips from text that may hold names the GM typed.

Qt guesses whether a tooltip is rich text, so a character named `<b>Bold</b>`
would show in bold (and `<img src=x>` as a broken image). Escaped and marked as
rich text, a name always reads exactly as it was typed.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QToolTip


def plain_tip(text: str) -> str:
    """`text` as a tooltip that shows every character as typed, line breaks kept."""
    if not text:
        return ""
    return "<qt>" + html.escape(str(text), quote=False).replace("\n", "<br>") + "</qt>"


class StepTips(QObject):
    """The Undo and Redo buttons' tooltips, naming the step they would undo or redo,
    made when the pointer rests on a button (`buttons`: each button and "undo" or
    "redo")."""

    def __init__(self, stack, buttons: dict, parent=None):
        super().__init__(parent)
        self.stack, self.buttons = stack, buttons
        for button in buttons:
            button.installEventFilter(self)

    def text(self, which: str) -> str:
        step = self.stack.undoText() if which == "undo" else self.stack.redoText()
        if not step:
            return f"Nothing to {which}"
        return plain_tip(f"{which.capitalize()}: {step}")

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.ToolTip and watched in self.buttons:
            QToolTip.showText(event.globalPos(), self.text(self.buttons[watched]), watched)
            return True
        return False
