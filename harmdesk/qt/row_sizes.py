"""Row heights for a tree's text wrapped to its first column's width.

The log's model keeps each row's height as its size hint, measured here once when the
row comes in (and again when the column's width changes), so the view lays out and
paints without asking Python anything.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QTreeView

TEXT = 0  # the column whose text wraps


class RowSizes:
    """`sizes(text, font, depth)`: the size of a cell of the tree's first column, measured
    by the tree's own kind of delegate on a scratch cell. Sizes are kept per text, font
    and width: a new width is a new key, so a narrower column measures its rows again."""

    LIMIT = 20000  # sizes kept before starting over

    def __init__(self, tree: QTreeView):
        self.tree = tree
        self._scratch = QStandardItemModel()
        self._cell = QStandardItem()
        self._scratch.appendRow(self._cell)
        self._delegate = QStyledItemDelegate()
        self._sizes: dict[tuple, QSize] = {}
        self.column = 0  # the column's width, as the header last told it; 0: ask the tree

    def width(self, depth: int) -> int:
        """The text's width at `depth` (0: a session, 1: an event): the column less the
        indentation in front of it."""
        tree = self.tree
        # while the header tells of a new width, the tree still answers the old one
        return max(60, (self.column or tree.columnWidth(TEXT)) - tree.indentation()
                   * (depth + (1 if tree.rootIsDecorated() else 0)))

    def __call__(self, text: str, font: QFont, depth: int) -> QSize:
        width = self.width(depth)
        key = (text, font.key(), width)
        size = self._sizes.get(key)
        if size is None:
            if len(self._sizes) > self.LIMIT:
                self._sizes.clear()
            cell = self._cell
            cell.setText(text)
            cell.setFont(font)
            option = QStyleOptionViewItem()
            self.tree.initViewItemOption(option)
            option.rect = QRect(0, 0, width, 1)
            size = self._sizes[key] = self._delegate.sizeHint(option, cell.index())
        return size

    def measured(self) -> int:
        """How many sizes are kept (for tests: a kept size measures nothing)."""
        return len(self._sizes)
