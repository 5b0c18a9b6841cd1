"""HP-over-time charts, painted with QPainter straight onto the page (vectors, not images).

The document holds each chart as an `<img src="chart:N">`; the image handler is replaced
by `document.Painted`, so the document's own layout and pagination place the charts and
`paint_chart` paints them with the PDF writer's painter. No image is ever loaded.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
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


def chart_tag(index: int) -> str:
    return f'<img src="{PREFIX}{index}">'


def font(family: str, points: float, bold: bool = False) -> QFont:
    f = QFont(family)
    f.setPointSizeF(points)
    f.setBold(bold)
    # no "fi" ligature: a viewer's search and copy must find "Ffion" as typed
    f.setFeature(QFont.Tag("liga"), 0)
    return f


class Strokes:
    """Lines and labels gathered by pen, then drawn with one call per pen: a long report
    has many charts, and each Qt call costs time (and, in some Qt releases, more)."""

    def __init__(self):
        self.lines: dict[tuple, list[QLineF]] = {}
        self.labels: dict[str, list[tuple[QRectF, Qt.AlignmentFlag, str]]] = {}

    def line(self, pen: tuple, x1: float, y1: float, x2: float, y2: float) -> None:
        self.lines.setdefault(pen, []).append(QLineF(x1, y1, x2, y2))

    def label(self, color: QColor, rect: QRectF, align, words: str) -> None:
        self.labels.setdefault(color.name(), []).append((rect, align, words))

    def draw(self, painter) -> None:
        for (color, width, style), lines in self.lines.items():
            painter.setPen(QPen(QBrush(QColor(color)), width, style, Qt.PenCapStyle.FlatCap,
                                Qt.PenJoinStyle.MiterJoin))
            painter.drawLines(lines)
        for color, labels in self.labels.items():
            painter.setPen(QColor(color))
            for rect, align, words in labels:
                painter.drawText(rect, align, words)


RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


def paint_chart(painter, rect: QRectF, series: Series, mm: float, family: str) -> None:
    """One character's line across the summary's events, with 0, the maximum and the
    system's thresholds (Wounded and Story Ends in Freedom Fantasies) marked."""
    painter.setRenderHint(painter.RenderHint.Antialiasing, True)
    box = rect.adjusted(1.5 * mm, 1.5 * mm, -1.5 * mm, -3 * mm)   # room between charts
    title_font, small = font(family, 8.5, bold=True), font(family, 6.5)
    title_m = QFontMetricsF(title_font, painter.device())
    small_m = QFontMetricsF(small, painter.device())
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

    def across(v: int, pen: tuple, color: QColor) -> None:
        """A line across the plot at value v, labelled on the left unless it would
        overprint a label already there."""
        y = y_at(v)
        ink.line(pen, plot.left(), y, plot.right(), y)
        if all(abs(y - other) >= label_h * 0.9 for other in used):
            used.append(y)
            ink.label(color, QRectF(box.left(), y - label_h / 2, gutter, label_h), RIGHT,
                      signed(v))

    # 0 solid; the thresholds dashed with their names; the top and bottom light
    across(0, (ZERO.name(), 0.35 * mm, solid), ZERO)
    for (v, words), color in zip(series.marks, THRESHOLD, strict=False):  # most games mark none
        across(v, (color.name(), 0.3 * mm, dashed), color)
        ink.label(color, QRectF(plot.left() + 1 * mm, y_at(v) - label_h - 0.3 * mm,
                                plot.width() - 2 * mm, label_h),
                  Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
                  f"{words} above {v}")
    for v in (high, low):
        if v != 0 and all(v != m for m, _ in series.marks):
            across(v, (GRID.name(), 0.2 * mm, solid), ZERO)
    # event numbers along the bottom
    for n in ticks(series.last):
        x = x_at(n)
        ink.line((ZERO.name(), 0.2 * mm, solid), x, plot.bottom(), x, plot.bottom() + 0.6 * mm)
        ink.label(ZERO, QRectF(x - 6 * mm, plot.bottom() + 0.8 * mm, 12 * mm, label_h),
                  Qt.AlignmentFlag.AlignHCenter, str(n))
    frame = (GRID.name(), 0.25 * mm, solid)
    ink.line(frame, box.left(), box.top(), box.right(), box.top())
    ink.line(frame, box.right(), box.top(), box.right(), box.bottom())
    ink.line(frame, box.right(), box.bottom(), box.left(), box.bottom())
    ink.line(frame, box.left(), box.bottom(), box.left(), box.top())

    painter.setFont(small)
    ink.draw(painter)
    painter.setPen(INK)
    painter.setFont(font(family, 7.5))
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


def ticks(last: int) -> list[int]:
    """A few round event numbers up to `last` (every event when there are few)."""
    if last <= 12:
        return list(range(1, last + 1))
    step = next(s for s in (2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10**4,
                            10**5, 10**6) if last / s <= 8)
    # 1 marks where the events begin, unless it would crowd the first round number
    return ([1] if step >= 5 else []) + list(range(step, last + 1, step))
