"""A one-line label that cuts its text with … to the width it is given.

The whole text is in its tooltip and accessible description, and its width never
pushes its neighbours aside: a long message cannot shrink the quick entry.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy

from .plain import plain_tip


class ElidedLabel(QLabel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self._full = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def setText(self, text: str) -> None:
        self._full = text or ""
        self.setToolTip(plain_tip(self._full) if self._full else "")
        self.setAccessibleDescription(self._full)
        self._elide()

    def text(self) -> str:
        """The whole text, not the part that fits."""
        return self._full

    def shown(self) -> str:
        return super().text()

    def minimumSizeHint(self) -> QSize:
        return QSize(0, super().minimumSizeHint().height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        super().setText(self.fontMetrics().elidedText(
            self._full, Qt.TextElideMode.ElideRight, max(0, self.contentsRect().width())))
