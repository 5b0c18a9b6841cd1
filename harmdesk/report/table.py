"""The summary's tables, painted row by row with QPainter, like the charts.

Qt lays out and draws an HTML table some thirty times slower than as many paragraphs,
and a desk of hundreds of characters makes a long table. So each row is one inline
object in a paragraph of its own (`<img src="row:T:N">`): the document paginates
between rows, and `paint_row` draws the cells' text (text, never images) and the grid.
Each row is laid out once (`Rows.laid`), when Qt first asks its size, and painted from
that layout.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPen

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
        plain = font(family, CELL_PT)   # quiet text is plain text in another ink
        self.fonts = {"plain": plain, "bold": font(family, CELL_PT, True), "quiet": plain}
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
        self.layouts: dict[tuple[int, str], Laid] = {}
        self.grids: dict[tuple[int, float, bool], list[QLineF]] = {}
        self.column_widths: dict[int, list[float]] = {}
        # a wrapped line's height, measured once for its text and room (and again painted)
        self.wrapped: dict[tuple[tuple[Run, ...], float], float] = {}
        self.colors = {"plain": INK, "bold": INK, "quiet": QUIET}
        self.grid = QPen(GRID.darker(115), 0.2 * self.mm)

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
        key = (runs, room)
        height = self.wrapped.get(key)
        if height is None:
            text = "".join(t for t, _s in runs)
            box = self.metrics[runs[0][1]].boundingRect(QRectF(0, 0, room, 1e6), WRAP, text)
            height = self.wrapped[key] = max(self.line, box.height())
        return height

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
        return self.laid(table, row).height

    def laid(self, table: int, row: str) -> Laid:
        """Row `row` of `table` laid out once, at (0, 0): its height and its text, which
        it is painted from (and measured by) however often Qt asks. The text comes in the
        order read (as a viewer's search and copy find it), in spans of one font and ink,
        each set once."""
        key = (table, row)
        found = self.layouts.get(key)
        if found is not None:
            return found
        one_line = self.tables[table].one_line and row != "head"
        fonts, colors, ascent, advances = self.fonts, self.colors, self.ascent, self.advances
        spans: list[tuple[QFont, QColor, list[tuple]]] = []
        face: QFont | None = None
        ink: QColor | None = None
        placed: list[tuple] = []
        tallest, x, pad = 0.0, 0.0, self.pad
        for cell, w in zip(self.cells(*key), self.widths(table), strict=True):
            y, used, left, room = pad, 0.0, x + pad, w - 2 * pad
            for runs in cell:
                widths, total = [], 0.0
                for text, style in runs:
                    advance = advances.get((text, style))
                    if advance is None:
                        advance = self.advance(text, style)
                    widths.append(advance)
                    total += advance
                if total <= room:
                    # the common case: drawn at its baseline, neither elided nor wrapped
                    pieces: list[tuple[str, tuple]] = []
                    at = left
                    for (text, style), advance in zip(runs, widths, strict=True):
                        pieces.append((style, (QPointF(at, y + ascent[style]), text)))
                        at += advance
                    step = self.line
                else:
                    step, pieces = self.long_line(left, y, room, runs, one_line)
                for style, item in pieces:
                    if fonts[style] is not face or colors[style] is not ink:
                        face, ink, placed = fonts[style], colors[style], []
                        spans.append((face, ink, placed))
                    placed.append(item)
                y += step
                used += step
            tallest = max(tallest, used or self.line)
            x += w
        found = self.layouts[key] = Laid(
            tallest + 2 * pad, tuple((f, c, tuple(items)) for f, c, items in spans))
        return found

    def paint(self, painter, rect: QRectF, name: str) -> None:
        """The row `name` ("T:N"), its table's title and heading above it when they go
        with it, painted in `rect` (the painter is the object's own, saved by the caller:
        it is moved to the row's top left)."""
        table, row = name.split(":")
        t = int(table)
        painter.translate(rect.left(), rect.top())
        width = rect.width()
        if first_with_head(self.tables[t], row):
            title = self.title_height(t)
            if title:
                self.paint_title(painter, width, t)
                painter.translate(0, title)
            self.paint_row(painter, width, t, "head", gap=False)
            painter.translate(0, self.own_height(t, "head"))
        self.paint_row(painter, width, t, row, gap=not self.last(t, row))

    def paint_title(self, painter, width: float, t: int) -> None:
        y = TITLE_ROOM * self.mm
        for text, style in self.tables[t].title:
            metrics = self.title_metrics[style]
            painter.setFont(self.title_fonts[style])
            painter.setPen(QUIET if style == "quiet" else INK)
            words = metrics.elidedText(text, Qt.TextElideMode.ElideRight, width)
            painter.drawText(QPointF(0, y + metrics.ascent()), words)
            y += self.title_line(style)

    def paint_row(self, painter, width: float, t: int, row: str, gap: bool) -> None:
        """One row at (0, 0): its text, then its grid in one call."""
        laid = self.laid(t, row)
        if row == "head":
            painter.fillRect(QRectF(0, 0, width, laid.height), HEAD_FILL)
        font = color = None
        for face, ink, placed in laid.texts:
            if face is not font:   # each change of font or pen is a call into Qt
                font = face
                painter.setFont(face)
            if ink is not color:
                color = ink
                painter.setPen(ink)
            for item in placed:
                painter.drawText(*item)
        painter.setPen(self.grid)
        painter.drawLines(self.grid_lines(t, laid.height, gap))

    def grid_lines(self, t: int, height: float, gap: bool) -> list[QLineF]:
        """The lines around a row's cells `height` high: the verticals reach over the gap
        between this row's paragraph and the next (`gap`), and a top line on every row,
        so one that starts a page is closed too. Rows of one height share them."""
        key = (t, height, gap)
        lines = self.grids.get(key)
        if lines is None:
            bottom = height + (self.gap if gap else 0)
            x, lines = 0.0, []
            for w in self.widths(t):
                lines.append(QLineF(x, 0, x, bottom))
                x += w
            lines.append(QLineF(x, 0, x, bottom))
            lines.append(QLineF(0, 0, x, 0))
            lines.append(QLineF(0, height, x, height))
            self.grids[key] = lines
        return lines

    def last(self, table: int, row: str) -> bool:
        return row != "head" and int(row) == len(self.tables[table].rows) - 1

    def long_line(self, left: float, top: float, room: float, runs: tuple[Run, ...],
                  one_line: bool) -> tuple[float, list[tuple[str, tuple]]]:
        """A line of a cell too long for its `room`, its top left at (`left`, `top`):
        elided (`one_line`) or wrapped; the height it takes and its pieces, each
        (style, drawText's arguments)."""
        pieces: list[tuple[str, tuple]] = []
        box = QRectF(left, top, room, 0)
        if one_line:
            x = box.left()
            for i, (text, style) in enumerate(runs):
                metrics = self.metrics[style]
                left = box.right() - x
                if left <= 0:
                    break
                words = metrics.elidedText(text, Qt.TextElideMode.ElideRight, left)
                pieces.append((style, (QRectF(x, box.top(), left, self.line), TOP_LEFT, words)))
                if i + 1 < len(runs):
                    x += metrics.horizontalAdvance(words)
            return self.line, pieces
        # the whole line wraps, in its first run's style
        style = runs[0][1]
        text = "".join(t for t, _s in runs)
        height = self.line_height(runs, room, False)
        pieces.append((style, (QRectF(box.left(), box.top(), room, height), WRAP, text)))
        return height, pieces


@dataclass(frozen=True)
class Laid:
    """A row laid out at (0, 0): its height, and its text by font and ink, each piece as
    drawText's arguments."""

    height: float
    texts: tuple[tuple[QFont, QColor, tuple[tuple, ...]], ...]
