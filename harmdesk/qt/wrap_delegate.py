"""Rows of a tree view sized for their text wrapped to the first column's width."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem

TEXT = 0  # the column whose text wraps


class WrapDelegate(QStyledItemDelegate):
    """Sizes a row for its text wrapped to the column's width (the view passes no width)."""

    def __init__(self, parent):
        super().__init__(parent)
        self._sizes: dict[tuple, QSize] = {}  # laying out wrapped text is the slow part

    def sizeHint(self, option, index):
        view = self.parent()
        if index.column() != TEXT:
            return super().sizeHint(option, index)
        depth = 1 if index.parent().isValid() else 0
        indent = view.indentation() * (depth + (1 if view.rootIsDecorated() else 0))
        width = max(60, view.columnWidth(TEXT) - indent)
        key = (index.data(), width, depth)
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) > 20000:
                self._sizes.clear()
            opt = QStyleOptionViewItem(option)
            opt.rect = QRect(0, 0, width, 1)
            size = self._sizes[key] = super().sizeHint(opt, index)
        return size
