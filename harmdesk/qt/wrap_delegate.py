"""Rows of a tree view sized for their text wrapped to the first column's width."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

TEXT = 0  # the column whose text wraps


class WrapDelegate(QStyledItemDelegate):
    """Sizes a row for its text wrapped to the column's width (the view passes no width).

    Sizes are kept per column, text, width and depth: the view asks again for every
    row it lays out after each step, and measuring a cell reads each of its roles.
    A new width is a new key, so a narrower column measures its rows again."""

    LIMIT = 20000  # sizes kept before starting over

    def __init__(self, parent):
        super().__init__(parent)
        self._sizes: dict[tuple, QSize] = {}

    def sizeHint(self, option, index):
        view, column = self.parent(), index.column()
        depth = 1 if index.parent().isValid() else 0
        width = view.columnWidth(column)
        if column == TEXT:
            width = max(60, width - view.indentation()
                        * (depth + (1 if view.rootIsDecorated() else 0)))
        key = (column, index.data(), width, depth)
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) > self.LIMIT:
                self._sizes.clear()
            opt = QStyleOptionViewItem(option)
            if column == TEXT:
                opt.rect = QRect(0, 0, width, 1)
            size = self._sizes[key] = super().sizeHint(opt, index)
        return size

    def measured(self) -> int:
        """How many sizes are kept (for tests: a cache hit measures nothing)."""
        return len(self._sizes)
