"""The summary's tables, painted row by row with QPainter, like the charts.

Qt lays out and draws an HTML table some thirty times slower than as many paragraphs,
and a desk of hundreds of characters makes a long table. So each row is one inline
object in a paragraph of its own (`<img src="row:T:N">`): the document paginates
between rows, and `paint_row` draws the cells' text (text, never images) and the grid.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFontMetricsF, QPen

from .charts import GRID, INK, font

PREFIX = "row:"
CELL_PT = 7.5
ROW_PT = 1      # the font of a row's paragraph: its descent is the gap below the row
TITLE_PT = 10   # a table's title, as the document's h3
SECTION_PT = 12  # a section's heading above it, as the document's h2
TITLE_ROOM = 3.5  # mm above a table's title, as above a heading
HEAD_FILL = QColor("#e4e7eb")
QUIET = QColor("#52606d")
WRAP = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
TOP_LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop

Run = tuple[str, str]              # (text, "plain" | "bold" | "quiet")
Cell = tuple[tuple[Run, ...], ...]  # lines of runs


@dataclass(frozen=True)
class Table:
    """Column headings and shares of the width, and the rows' cells. `one_line`: each
    row stays one line high, its cells elided rather than wrapped."""

    heads: tuple[str, ...]
    shares: tuple[float, ...]
    rows: tuple[tuple[Cell, ...], ...]
    one_line: bool = False
    head_on_first: bool = False   # the heading is painted with the first row, never alone
    # lines above the heading, painted with it: (text, "section" | "title" | "quiet"), so a
    # table's title never stands alone at the foot of a page (Qt's layout cannot keep it
    # with the next block)
    title: tuple[tuple[str, str], ...] = ()


def first_with_head(table: Table, row: str) -> bool:
    return table.head_on_first and row == "0"


def row_tag(table: int, row: int | str) -> str:
    """The heading row is "head"."""
    return f'<img src="{PREFIX}{table}:{row}">'


class Rows:
    """Measures and paints the rows of `tables` for one document on one paint device."""

    def __init__(self, tables: tuple[Table, ...], width: float, device, family: str):
        self.tables = tables
        self.width = width
        self.mm = device.resolution() / 25.4
        self.pad = 0.9 * self.mm
        self.fonts = {"plain": font(family, CELL_PT), "bold": font(family, CELL_PT, True),
                      "quiet": font(family, CELL_PT)}
        self.metrics = {k: QFontMetricsF(f, device) for k, f in self.fonts.items()}
        self.line = max(m.lineSpacing() for m in self.metrics.values())
        self.ascent = {k: m.ascent() for k, m in self.metrics.items()}
        # a long desk repeats its words ("Monster", "—", "16/16 HP"): each is measured once
        self.advances: dict[tuple[str, str], float] = {}
        self.gap = QFontMetricsF(font(family, ROW_PT), device).descent() + 1
        # a title's own fonts, as the document's h3 and quiet lines set them
        self.title_fonts = {"section": font(family, SECTION_PT, True),
                            "title": font(family, TITLE_PT, True), "quiet": font(family, 8)}
        self.title_metrics = {k: QFontMetricsF(f, device) for k, f in self.title_fonts.items()}
        self.heights: dict[tuple[int, str], float] = {}
        self.column_widths: dict[int, list[float]] = {}
        self.style: str | None = None   # the painter's font and pen, while a row is painted

    def cells(self, table: int, row: str) -> tuple[Cell, ...]:
        t = self.tables[table]
        if row == "head":
            return tuple((((h, "bold"),),) for h in t.heads)  # one line each: may wrap
        return t.rows[int(row)]

    def widths(self, table: int) -> list[float]:
        found = self.column_widths.get(table)
        if found is None:
            found = self.column_widths[table] = [self.width * share
                                                 for share in self.tables[table].shares]
        return found

    def advance(self, text: str, style: str) -> float:
        key = (text, style)
        width = self.advances.get(key)
        if width is None:
            width = self.advances[key] = self.metrics[style].horizontalAdvance(text)
        return width

    def fits(self, runs: tuple[Run, ...], room: float) -> bool:
        return sum(self.advance(t, s) for t, s in runs) <= room

    def line_height(self, runs: tuple[Run, ...], room: float, one_line: bool) -> float:
        if one_line or self.fits(runs, room):
            return self.line
        text = "".join(t for t, _s in runs)
        box = self.metrics[runs[0][1]].boundingRect(QRectF(0, 0, room, 1e6), WRAP, text)
        return max(self.line, box.height())

    def size(self, name: str) -> QSizeF:
        table, row = name.split(":")
        t = int(table)
        height = self.own_height(t, row)
        if first_with_head(self.tables[t], row):
            height += self.title_height(t) + self.own_height(t, "head")
        return QSizeF(self.width, height)

    def title_height(self, table: int) -> float:
        lines = self.tables[table].title
        if not lines:
            return 0.0
        return TITLE_ROOM * self.mm + sum(self.title_line(style) for _t, style in lines) \
            + self.pad

    def title_line(self, style: str) -> float:
        """A title line's height; a section's heading has room under it, as an h2 has."""
        room = 1.5 * self.mm if style == "section" else 0.0
        return self.title_metrics[style].lineSpacing() + room

    def own_height(self, table: int, row: str) -> float:
        """The height of one row alone (a heading painted with it not counted)."""
        key = (table, row)
        if key not in self.heights:
            one_line = self.tables[table].one_line and row != "head"
            tallest = max(sum(self.line_height(runs, w - 2 * self.pad, one_line)
                              for runs in cell) or self.line
                          for cell, w in zip(self.cells(*key), self.widths(key[0]), strict=True))
            self.heights[key] = tallest + 2 * self.pad
        return self.heights[key]

    def paint(self, painter, rect: QRectF, name: str) -> None:
        table, row = name.split(":")
        t = int(table)
        if first_with_head(self.tables[t], row):
            title = self.title_height(t)
            if title:
                self.paint_title(painter, rect, t)
                rect = QRectF(rect.left(), rect.top() + title, rect.width(),
                              rect.height() - title)
            above = self.own_height(t, "head")
            self.paint_row(painter, rect, t, "head", gap=False)
            rect = QRectF(rect.left(), rect.top() + above, rect.width(), rect.height() - above)
        self.paint_row(painter, rect, t, row, gap=not self.last(t, row))

    def paint_title(self, painter, rect: QRectF, t: int) -> None:
        y = rect.top() + TITLE_ROOM * self.mm
        for text, style in self.tables[t].title:
            metrics = self.title_metrics[style]
            painter.setFont(self.title_fonts[style])
            painter.setPen(QUIET if style == "quiet" else INK)
            words = metrics.elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
            painter.drawText(QPointF(rect.left(), y + metrics.ascent()), words)
            y += self.title_line(style)
        self.style = None  # the rows set their own font and pen again

    def paint_row(self, painter, rect: QRectF, t: int, row: str, gap: bool) -> None:
        one_line = self.tables[t].one_line and row != "head"
        height = self.own_height(t, row)
        if row == "head":
            painter.fillRect(QRectF(rect.left(), rect.top(), rect.width(), height), HEAD_FILL)
        x, lines = rect.left(), []
        self.style = None   # each object starts with a painter saved afresh
        # the verticals reach over the gap between this row's paragraph and the next
        bottom = rect.top() + height + (self.gap if gap else 0)
        top, pad = rect.top(), self.pad
        for cell, w in zip(self.cells(t, row), self.widths(t), strict=True):
            y = top + pad
            for runs in cell:
                y += self.paint_line(painter, x + pad, y, w - 2 * pad, runs, one_line)
            lines.append(QLineF(x, top, x, bottom))
            x += w
        lines.append(QLineF(x, rect.top(), x, bottom))
        # a top line on every row, so one that starts a page is closed too
        lines.append(QLineF(rect.left(), rect.top(), x, rect.top()))
        lines.append(QLineF(rect.left(), rect.top() + height, x, rect.top() + height))
        painter.setPen(QPen(GRID.darker(115), 0.2 * self.mm))
        painter.drawLines(lines)

    def last(self, table: int, row: str) -> bool:
        return row != "head" and int(row) == len(self.tables[table].rows) - 1

    def paint_line(self, painter, left: float, top: float, room: float,
                   runs: tuple[Run, ...], one_line: bool) -> float:
        """One line of a cell, its top left at (`left`, `top`), `room` wide; the height it
        took."""
        advances = [self.advance(text, style) for text, style in runs]
        if sum(advances) <= room:
            # the common case: drawn at its baseline, neither elided nor laid out in a box
            x = left
            for (text, style), advance in zip(runs, advances, strict=True):
                self.pen(painter, style)
                painter.drawText(QPointF(x, top + self.ascent[style]), text)
                x += advance
            return self.line
        box = QRectF(left, top, room, 0)
        if one_line:
            x = box.left()
            for i, (text, style) in enumerate(runs):
                metrics = self.metrics[style]
                left = box.right() - x
                if left <= 0:
                    break
                words = metrics.elidedText(text, Qt.TextElideMode.ElideRight, left)
                self.pen(painter, style)
                painter.drawText(QRectF(x, box.top(), left, self.line), TOP_LEFT, words)
                if i + 1 < len(runs):
                    x += metrics.horizontalAdvance(words)
            return self.line
        # too long for one line: the whole line wraps, in its first run's style
        style = runs[0][1]
        text = "".join(t for t, _s in runs)
        height = self.line_height(runs, room, False)
        self.pen(painter, style)
        painter.drawText(QRectF(box.left(), box.top(), room, height), WRAP, text)
        return height

    def pen(self, painter, style: str) -> None:
        if style != self.style:   # each change of font or pen is a call into Qt
            self.style = style
            painter.setFont(self.fonts[style])
            painter.setPen(QUIET if style == "quiet" else INK)
