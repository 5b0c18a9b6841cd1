"""The summary's charts, HP over time and who hurt whom's bars, painted with QPainter
straight onto the page (vectors, not images).

The document holds each chart as an `<img src="chart:N">` (`<img src="bars:N">`); the
image handler is replaced by `document.Painted`, so the document's own layout and
pagination place the charts and `paint_chart` (`paint_bars`) paints them with the PDF
writer's painter. No image is ever loaded.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from PySide6.QtCore import QLineF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPaintDevice,
    QPen,
    QPolygonF,
    QTextFormat,
)

from ..rules.core import signed
from .data import Series

IMAGE_OBJECT = QTextFormat.ObjectTypes.ImageObject
PREFIX = "chart:"

INK = QColor("#1f2933")
GRID = QColor("#c3c9d0")
LINE = QColor("#1d4e89")
ZERO = QColor("#52606d")
THRESHOLD = (QColor("#b45309"), QColor("#9b1c1c"))   # Wounded / Broken, Story Ends / Destroyed
ZERO_NAME, GRID_NAME = ZERO.name(), GRID.name()
THRESHOLD_NAMES = tuple(color.name() for color in THRESHOLD)


def chart_tag(index: int) -> str:
    return f'<img src="{PREFIX}{index}">'


def font(family: str, points: float, bold: bool = False) -> QFont:
    f = QFont(family)
    f.setPointSizeF(points)
    f.setBold(bold)
    # no "fi" ligature: a viewer's search and copy must find "Ffion" as typed
    f.setFeature(QFont.Tag("liga"), 0)
    return f


class Faces:
    """The charts' fonts and their metrics on one paint device, each made once: a summary
    of a large desk paints a thousand charts, and every font and metrics made is a call
    into Qt."""

    def __init__(self, family: str, device: QPaintDevice):
        self.family = family
        self.device = device
        self.fonts: dict[tuple[float, bool], QFont] = {}
        self.measures: dict[tuple[float, bool], QFontMetricsF] = {}

    def font(self, points: float, bold: bool = False) -> QFont:
        key = (points, bold)
        made = self.fonts.get(key)
        if made is None:
            made = self.fonts[key] = font(self.family, points, bold)
        return made

    def metrics(self, points: float, bold: bool = False) -> QFontMetricsF:
        key = (points, bold)
        made = self.measures.get(key)
        if made is None:
            made = self.measures[key] = QFontMetricsF(self.font(points, bold), self.device)
        return made


class Strokes:
    """Lines and labels gathered by pen, then drawn with one call per pen: a long report
    has many charts, and each Qt call costs time (and, in some Qt releases, more)."""

    def __init__(self):
        self.lines: dict[tuple, list[QLineF]] = {}
        self.labels: dict[str, list[tuple[QRectF, Qt.AlignmentFlag, str]]] = {}

    def line(self, pen: tuple, x1: float, y1: float, x2: float, y2: float) -> None:
        self.lines.setdefault(pen, []).append(QLineF(x1, y1, x2, y2))

    def label(self, color: str, rect: QRectF, align, words: str) -> None:
        """`color`: the ink's name ("#52606d")."""
        self.labels.setdefault(color, []).append((rect, align, words))

    def draw(self, painter) -> None:
        for key, lines in self.lines.items():
            painter.setPen(stroke_pen(key))
            painter.drawLines(lines)
        for color, labels in self.labels.items():
            painter.setPen(ink_of(color))
            for rect, align, words in labels:
                painter.drawText(rect, align, words)


_pens: dict[tuple, QPen] = {}
_inks: dict[str, QColor] = {}


def stroke_pen(key: tuple) -> QPen:
    """The pen of (colour's name, width, style), made once: a thousand charts share a
    few."""
    pen = _pens.get(key)
    if pen is None:
        color, width, style = key
        pen = _pens[key] = QPen(QBrush(QColor(color)), width, style, Qt.PenCapStyle.FlatCap,
                                Qt.PenJoinStyle.MiterJoin)
    return pen


def ink_of(name: str) -> QColor:
    found = _inks.get(name)
    if found is None:
        found = _inks[name] = QColor(name)
    return found


RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


def paint_chart(painter, rect: QRectF, series: Series, mm: float, family: str,
                faces: Faces | None = None) -> None:
    """One character's line across the summary's events, with 0, the maximum and the
    system's thresholds (Wounded and Story Ends in Freedom Fantasies) marked. `faces`: the
    fonts of `family` on the painter's device, when the caller keeps them."""
    faces = faces or Faces(family, painter.device())
    painter.setRenderHint(painter.RenderHint.Antialiasing, True)
    box = rect.adjusted(1.5 * mm, 1.5 * mm, -1.5 * mm, -3 * mm)   # room between charts
    title_font, small = faces.font(8.5, bold=True), faces.font(6.5)
    title_m, small_m = faces.metrics(8.5, bold=True), faces.metrics(6.5)
    label_h = small_m.height()
    first, last_value = series.points[0][1], series.points[-1][1]
    summary = f"{series.measure} {signed(first)} \u2192 {signed(last_value)}"
    head = QRectF(box.left() + 2 * mm, box.top() + 1 * mm, box.width() - 4 * mm,
                  title_m.height())
    room = head.width() - small_m.horizontalAdvance(summary) * 1.25 - 2 * mm
    name = title_m.elidedText(series.name, Qt.TextElideMode.ElideRight, max(room, 10 * mm))

    values = [series.low, series.high] + [v for v, _ in series.marks]
    gutter = max(small_m.horizontalAdvance(signed(v)) for v in values) + 2 * mm
    plot = QRectF(box.left() + gutter + 1 * mm, head.bottom() + 2 * mm,
                  box.width() - gutter - 4 * mm,
                  box.bottom() - head.bottom() - 4 * mm - label_h)
    low, high = series.low, max(series.high, series.low + 1)
    # event n changes the value at x = n; the slot after the last event shows where
    # everyone ended, so a change at the very last event is still visible
    slots = series.last + 1

    def x_at(n: float) -> float:
        return plot.left() + plot.width() * n / slots

    def y_at(v: float) -> float:
        return plot.bottom() - plot.height() * (v - low) / (high - low)

    ink = Strokes()
    solid, dashed = Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine
    used: list[float] = []

    def across(v: int, pen: tuple, color: str) -> None:
        """A line across the plot at value v, labelled on the left unless it would
        overprint a label already there."""
        y = y_at(v)
        ink.line(pen, plot.left(), y, plot.right(), y)
        if all(abs(y - other) >= label_h * 0.9 for other in used):
            used.append(y)
            ink.label(color, QRectF(box.left(), y - label_h / 2, gutter, label_h), RIGHT,
                      signed(v))

    # 0 solid; the thresholds dashed with their names; the top and bottom light
    across(0, (ZERO_NAME, 0.35 * mm, solid), ZERO_NAME)
    for (v, words), color in zip(series.marks, THRESHOLD_NAMES, strict=False):  # most mark none
        across(v, (color, 0.3 * mm, dashed), color)
        ink.label(color, QRectF(plot.left() + 1 * mm, y_at(v) - label_h - 0.3 * mm,
                                plot.width() - 2 * mm, label_h),
                  Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
                  f"{words} above {v}")
    for v in (high, low):
        if v != 0 and all(v != m for m, _ in series.marks):
            across(v, (GRID_NAME, 0.2 * mm, solid), ZERO_NAME)
    # event numbers along the bottom
    for n in ticks(series.last):  # the same for every chart: found once
        x = x_at(n)
        ink.line((ZERO_NAME, 0.2 * mm, solid), x, plot.bottom(), x, plot.bottom() + 0.6 * mm)
        ink.label(ZERO_NAME, QRectF(x - 6 * mm, plot.bottom() + 0.8 * mm, 12 * mm, label_h),
                  Qt.AlignmentFlag.AlignHCenter, str(n))
    frame = (GRID_NAME, 0.25 * mm, solid)
    ink.line(frame, box.left(), box.top(), box.right(), box.top())
    ink.line(frame, box.right(), box.top(), box.right(), box.bottom())
    ink.line(frame, box.right(), box.bottom(), box.left(), box.bottom())
    ink.line(frame, box.left(), box.bottom(), box.left(), box.top())

    painter.setFont(small)
    ink.draw(painter)
    painter.setPen(INK)
    painter.setFont(faces.font(7.5))
    painter.drawText(head, RIGHT, summary)
    painter.setFont(title_font)
    painter.drawText(head, LEFT, name)

    # the value holds between events: a step line, with a dot where it changed. One
    # polyline and one set of points, however long the session.
    corners = [QPointF(x_at(series.points[0][0]), y_at(series.points[0][1]))]
    dots = []
    for n, v in series.points[1:]:
        corners.append(QPointF(x_at(n), corners[-1].y()))
        corners.append(QPointF(x_at(n), y_at(v)))
        dots.append(corners[-1])
    corners.append(QPointF(x_at(slots), corners[-1].y()))
    painter.setPen(QPen(QBrush(LINE), 0.55 * mm, solid, Qt.PenCapStyle.RoundCap,
                        Qt.PenJoinStyle.RoundJoin))
    painter.drawPolyline(QPolygonF(corners))
    if dots and len(dots) <= 60:  # on a long session dots would only blur the line
        painter.setPen(QPen(QBrush(LINE), 1.3 * mm, solid, Qt.PenCapStyle.RoundCap,
                            Qt.PenJoinStyle.RoundJoin))
        painter.drawPoints(QPolygonF(dots))


@lru_cache(maxsize=64)
def ticks(last: int) -> tuple[int, ...]:
    """A few round event numbers up to `last` (every event when there are few)."""
    if last <= 12:
        return tuple(range(1, last + 1))
    step = next(s for s in (2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10**4,
                            10**5, 10**6) if last / s <= 8)
    # 1 marks where the events begin, unless it would crowd the first round number
    return tuple(([1] if step >= 5 else []) + list(range(step, last + 1, step)))


# who hurt whom: harm dealt and taken, a pair of bars per character ----------------------
BARS_PREFIX = "bars:"
DEALT = QColor("#c0392b")   # as the HTML recap's bars
TAKEN = QColor("#2c6fbb")
PAIRS_A_PART = 20        # characters per painted part, so that no part outgrows a page
BAR_MM, BAR_GAP_MM, PAIR_GAP_MM = 3.2, 0.6, 2.4
LEGEND_MM = 7.0
NAME_SHARE = 0.26        # of the width, for the names left of the bars


@dataclass(frozen=True)
class BarPair:
    name: str
    dealt: int
    taken: int


@dataclass(frozen=True)
class Bars:
    """Harm dealt and taken per character, all on one scale, in `unit` ("HP", "Damage").
    The document holds it as `<img src="bars:N">`, part N of PAIRS_A_PART characters;
    the first part is painted under the legend."""

    pairs: tuple[BarPair, ...]
    unit: str

    @cached_property
    def most(self) -> int:
        """The scale's top, found once: every bar of every part is drawn to it."""
        return max([1, *(max(p.dealt, p.taken) for p in self.pairs)])

    @property
    def parts(self) -> int:
        return -(-len(self.pairs) // PAIRS_A_PART)

    def part(self, index: int) -> tuple[BarPair, ...]:
        return self.pairs[index * PAIRS_A_PART:(index + 1) * PAIRS_A_PART]

    def size(self, index: int, width: float, mm: float) -> QSizeF:
        legend = LEGEND_MM if index == 0 else 0.0
        return QSizeF(width, (legend + len(self.part(index)) * pair_mm()) * mm)


def pair_mm() -> float:
    return 2 * BAR_MM + BAR_GAP_MM + PAIR_GAP_MM


def bars_tag(index: int) -> str:
    return f'<img src="{BARS_PREFIX}{index}">'


def paint_bars(painter, rect: QRectF, bars: Bars, index: int, mm: float, family: str,
               faces: Faces | None = None) -> None:
    """Part `index` of `bars`: each character's name (plain text, elided to its column),
    then their bar of harm dealt above their bar of harm taken, each with its figure."""
    faces = faces or Faces(family, painter.device())
    painter.setRenderHint(painter.RenderHint.Antialiasing, False)  # crisp bar edges
    names, figures = faces.font(8), faces.font(7.5)
    name_m, figure_m = faces.metrics(8), faces.metrics(7.5)
    name_w = rect.width() * NAME_SHARE
    left = rect.left() + name_w + 2 * mm
    # the longest bar leaves room for its figure
    span = rect.right() - left - figure_m.horizontalAdvance(str(bars.most)) - 2 * mm
    top = rect.top()
    if index == 0:
        paint_legend(painter, QRectF(left, top, span, LEGEND_MM * mm), bars.unit, mm, figures)
        top += LEGEND_MM * mm
    pairs = bars.part(index)
    bar, gap = BAR_MM * mm, BAR_GAP_MM * mm
    painter.setPen(QPen(ZERO, 0.25 * mm))
    painter.drawLine(QLineF(left, top, left, top + len(pairs) * pair_mm() * mm - PAIR_GAP_MM * mm))
    for i, pair in enumerate(pairs):
        y = top + i * pair_mm() * mm
        painter.setFont(names)
        painter.setPen(INK)
        painter.drawText(QRectF(rect.left(), y, name_w, 2 * bar + gap), LEFT,
                         name_m.elidedText(pair.name, Qt.TextElideMode.ElideRight, name_w))
        painter.setFont(figures)
        for j, (amount, color) in enumerate(((pair.dealt, DEALT), (pair.taken, TAKEN))):
            row = QRectF(left, y + j * (bar + gap), span * amount / bars.most, bar)
            painter.fillRect(row, color)
            painter.drawText(QRectF(row.right() + 1 * mm, row.top(), 12 * mm, bar), LEFT,
                             str(amount))


def paint_legend(painter, area: QRectF, unit: str, mm: float, figures: QFont) -> None:
    """A swatch and its words for each bar: "HP dealt", "HP taken"."""
    painter.setFont(figures)
    painter.setPen(INK)
    metrics = QFontMetricsF(figures, painter.device())
    swatch = 2.6 * mm
    x, middle = area.left(), area.top() + area.height() / 2 - 0.5 * mm
    for words, color in ((f"{unit} dealt", DEALT), (f"{unit} taken", TAKEN)):
        painter.fillRect(QRectF(x, middle - swatch / 2, swatch, swatch), color)
        x += swatch + 1.2 * mm
        painter.drawText(QRectF(x, middle - metrics.height() / 2, area.width(),
                                metrics.height()), LEFT, words)
        x += metrics.horizontalAdvance(words) + 6 * mm
