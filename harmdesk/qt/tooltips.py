"""What the Undo and Redo buttons' tooltips and the Edit menu's entries say: the step
they would undo or redo, its names as typed."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Slot
from PySide6.QtWidgets import QToolTip

from .plain import plain_button, plain_tip


class StepTips(QObject):
    """The Undo and Redo buttons' tooltips, naming the step they would undo or redo,
    made when the pointer rests on a button (`buttons`: each button and "undo" or
    "redo")."""

    def __init__(self, stack, buttons: dict, parent=None, why_not=None):
        """`why_not()`: why the buttons are off ("" while they work), said instead."""
        super().__init__(parent)
        self.stack, self.buttons = stack, buttons
        self.why_not = why_not or (lambda: "")
        for button in buttons:
            button.installEventFilter(self)

    def text(self, which: str) -> str:
        if self.why_not():
            return plain_tip(self.why_not())
        step = self.stack.undoText() if which == "undo" else self.stack.redoText()
        if not step:
            return f"Nothing to {which}"
        return plain_tip(f"{which.capitalize()}: {step}")

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.ToolTip and watched in self.buttons:
            QToolTip.showText(event.globalPos(), self.text(self.buttons[watched]), watched)
            return True
        return False


class StepName(QObject):
    """The Edit menu's Undo (or Redo) entry names its step as the undo stack's own action
    does ("&Undo" and the step), renamed after it, so an `&` in a name shows instead of
    marking a shortcut. A child of the action: it goes with it."""

    def __init__(self, action, prefix: str, changed, step: str):
        super().__init__(action)
        self.prefix = prefix
        changed.connect(self.rename)
        self.rename(step)

    @Slot(str)
    def rename(self, step: str) -> None:
        # asked for anew: a wrapper kept from its making may be let go before the action
        self.parent().setText(f"{self.prefix} {plain_button(step)}" if step else self.prefix)
