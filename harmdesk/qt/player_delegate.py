"""Painting the players' cards: large enough to read across a room, dark, and colour-blind
safe (Okabe–Ito colours, and a symbol of its own for every tone, so no meaning rests on
colour alone).

Every size comes from the card's size, which the window sets from its own size and the
number of cards (`card_grid`): the fonts grow with the screen.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyledItemDelegate

from .player_model import (
    BarRole,
    HighlightRole,
    KindRole,
    NotesRole,
    SeenRole,
    ToneRole,
    TurnRole,
    WordsRole,
)

# Okabe & Ito's colours, each tone with its own symbol (checked against DejaVu Sans)
TONES = {  # tone: (colour, symbol)
    "fine": (QColor("#009E73"), "●"),
    "hurt": (QColor("#F0E442"), "▲"),
    "grave": (QColor("#E69F00"), "◆"),
    "down": (QColor("#D55E00"), "⬇"),
    "dead": (QColor("#BBBBBB"), "✖"),
    "note": (QColor("#56B4E9"), "◇"),
}
BACKGROUND = QColor("#101418")
TEXT = QColor("#F4F4F4")
DIM = QColor("#A9B4BE")
NOTES = QColor("#D2DAE2")
PARTY = (QColor("#1C2B3A"), QColor("#0072B2"))   # the party's cards: ground, frame
OTHERS = (QColor("#2E2422"), QColor("#8C6A5E"))  # everyone shown as words
HIGHLIGHT = QColor("#F0E442")
TURN = QColor("#56B4E9")

ASPECT = 1.9       # a card's width to its height, at its most compact
MIN_UNIT = 72      # below this a card no longer reads across a table; the cards page instead
MAX_GROWTH = 1.35  # a card grows this much taller than compact to fill the window
FONT_ASPECT = 1.6  # the fonts follow the card's height, or its width over this if narrower


class Grid(NamedTuple):
    size: QSize     # of every card
    gap: int        # between cards, and around them
    unit: float     # the card's compact height, which every font follows
    per_page: int   # the cards shown at once: all of them, unless they cannot all be read


def card_grid(count: int, width: int, height: int) -> Grid:
    """The grid of `count` cards in a width × height view: the columns that give the
    largest cards, each card as wide as its column. Too many to read at once: a page of
    as many as fit at the smallest legible size (a TV has no scroll bar)."""
    count = max(count, 1)
    gap = max(8, min(width, height) // 60)
    grid = _largest(count, width, height, gap)
    if grid.unit >= MIN_UNIT or count == 1:
        return grid
    columns = max(1, int((width - gap) // (MIN_UNIT * ASPECT + gap)))
    rows = max(1, int((height - gap) // (MIN_UNIT + gap)))
    return _largest(min(count - 1, columns * rows), width, height, gap)


def _largest(count: int, width: int, height: int, gap: int) -> Grid:
    best = None
    for columns in range(1, count + 1):
        rows = math.ceil(count / columns)
        w = (width - gap) / columns - gap
        h = (height - gap) / rows - gap
        unit = min(h, w / ASPECT)
        if best is None or unit > best[0]:
            best = (unit, w, h)
    unit, w, h = best
    tall = min(max(h, unit), unit * MAX_GROWTH)
    return Grid(QSize(int(w), int(tall)), gap, unit, count)


def tone_look(tone: str) -> tuple[QColor, str]:
    return TONES.get(tone, (TEXT, "●"))


def pixel_font(family: str, size: float, bold: bool = False) -> QFont:
    font = QFont(family)
    font.setPixelSize(max(9, round(size)))
    font.setBold(bold)
    return font


WRAP = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
SMALLEST = 0.6  # a name or a look shrinks down to this share of its size before it is cut
ONE_LINE = 0.8  # a look shrinks this far to stay on one line, then takes two


def fitted(family: str, size: float, text: str, width: float, height: float | None = None,
           bold: bool = True) -> QFont:
    """A font of `size` pixels, smaller if `text` does not fit on one line of `width` (or,
    given a `height`, wrapped into width × height): words are not cut while they can
    still be read."""
    pixels = size
    while True:
        font = pixel_font(family, pixels, bold)
        fm = QFontMetricsF(font)
        if height is None:
            fits = fm.horizontalAdvance(text) <= width
        else:
            fits = fm.boundingRect(QRectF(0, 0, width, 1e6), WRAP, text).height() <= height
        if fits or pixels <= size * SMALLEST:
            return font
        pixels *= 0.92


class CardDelegate(QStyledItemDelegate):
    """`size` is set by the window as it fits the cards to itself."""

    size = QSize(380, 200)
    family = "DejaVu Sans"

    def sizeHint(self, option, index) -> QSize:
        return self.size

    def paint(self, painter: QPainter, option, index) -> None:
        words = index.data(WordsRole)
        if words is None:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        rect = QRectF(option.rect).adjusted(1, 1, -1, -1)
        u = min(rect.height(), rect.width() / FONT_ASPECT)
        full = index.data(SeenRole) == "full"
        tone = index.data(ToneRole)
        colour, symbol = tone_look(tone)
        if tone == "dead":
            painter.setOpacity(0.6)  # out of the story: faded back
        self._paint_ground(painter, rect, full, u, index)
        pad = u * 0.08
        inner = rect.adjusted(pad + u * 0.05, pad * 0.8, -pad, -pad * 0.8)

        # the kind, small, top right; the name, large
        kind_font = pixel_font(self.family, u * 0.085, bold=True)
        kind = (index.data(KindRole) or "").upper()
        kind_w = QFontMetricsF(kind_font).horizontalAdvance(kind) + u * 0.08 if kind else 0
        name = index.data(Qt.ItemDataRole.DisplayRole) or ""
        if index.data(TurnRole):
            name = "▶ " + name
        name_h = QFontMetricsF(pixel_font(self.family, u * 0.2, bold=True)).height()
        name_box = QRectF(inner.left(), inner.top(), inner.width() - kind_w - u * 0.04, name_h)
        name_font = fitted(self.family, u * 0.2, name, name_box.width())
        painter.setFont(name_font)
        painter.setPen(TEXT)
        painter.drawText(name_box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         QFontMetricsF(name_font).elidedText(
                             name, Qt.TextElideMode.ElideRight, name_box.width()))
        if kind:
            self._paint_kind(painter, kind, kind_font, full,
                             QRectF(inner.right() - kind_w, inner.top() + name_h * 0.18,
                                    kind_w, name_h * 0.64))
        y = name_box.bottom() + u * 0.03

        # the look: its symbol and its words, in its tone's colour
        line = f"{symbol} {words}"
        size = u * (0.17 if full else 0.21)  # larger where no bar takes the room
        words_font = fitted(self.family, size, line, inner.width())
        if QFontMetricsF(words_font).horizontalAdvance(line) > inner.width() \
                or words_font.pixelSize() < size * ONE_LINE:  # two lines read better
            two_lines = QFontMetricsF(pixel_font(self.family, size, True)).lineSpacing() * 2
            words_font = fitted(self.family, size, line, inner.width(), two_lines + 1)
        painter.setFont(words_font)
        painter.setPen(colour)
        box = QFontMetricsF(words_font).boundingRect(
            QRectF(inner.left(), y, inner.width(), u * 2), WRAP, line)
        painter.drawText(QRectF(inner.left(), y, inner.width(), box.height()), WRAP, line)
        y += box.height() + u * 0.02

        bar = index.data(BarRole) if full else None
        bar_h = u * 0.17 if bar else 0.0
        notes = index.data(NotesRole) or ()
        if notes:
            room = QRectF(inner.left(), y, inner.width(),
                          max(0.0, inner.bottom() - bar_h - u * 0.03 - y))
            text = " · ".join(notes)
            painter.setFont(fitted(self.family, u * 0.11, text, room.width(), room.height(),
                                   bold=False))
            painter.setPen(NOTES)
            painter.drawText(room, WRAP, text)
        if bar:
            self._paint_bar(painter, QRectF(inner.left(), inner.bottom() - bar_h,
                                            inner.width(), bar_h), bar, colour, u)
        painter.restore()

    def _paint_ground(self, painter, rect: QRectF, full: bool, u: float, index) -> None:
        """The party on rounded cards, everyone else on cards with cut corners, so the
        two read apart by shape as well as colour; a changed card in a bright frame."""
        ground, frame = PARTY if full else OTHERS
        width = max(2.0, u * 0.02)
        if index.data(HighlightRole):
            frame, width = HIGHLIGHT, max(4.0, u * 0.035)
        elif index.data(TurnRole):
            frame, width = TURN, max(4.0, u * 0.035)
        inset = rect.adjusted(width / 2, width / 2, -width / 2, -width / 2)
        path = QPainterPath()
        if full:
            path.addRoundedRect(inset, u * 0.08, u * 0.08)
        else:
            cut = u * 0.12
            left, t, r, b = inset.left(), inset.top(), inset.right(), inset.bottom()
            path.moveTo(left + cut, t)
            for x, y in ((r - cut, t), (r, t + cut), (r, b - cut), (r - cut, b),
                         (left + cut, b), (left, b - cut), (left, t + cut)):
                path.lineTo(x, y)
            path.closeSubpath()
        painter.setPen(QPen(frame, width))
        painter.setBrush(ground)
        painter.drawPath(path)
        # a band of the tone's colour down the left edge
        colour, _ = tone_look(index.data(ToneRole))
        painter.save()
        painter.setClipPath(path)
        painter.fillRect(QRectF(inset.left(), inset.top(), u * 0.05, inset.height()), colour)
        painter.restore()

    def _paint_kind(self, painter, kind: str, font: QFont, full: bool, box: QRectF) -> None:
        painter.setFont(font)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(PARTY[1] if full else OTHERS[1])
        painter.drawRoundedRect(box, box.height() / 2, box.height() / 2)
        painter.setPen(TEXT)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, kind)

    def _paint_bar(self, painter, box: QRectF, bar, colour: QColor, u: float) -> None:
        value, maximum, text = bar
        share = min(max(value, 0), max(maximum, 1)) / max(maximum, 1)
        radius = box.height() * 0.3
        painter.setPen(QPen(DIM, max(1.0, u * 0.008)))
        painter.setBrush(BACKGROUND)
        painter.drawRoundedRect(box, radius, radius)
        if share > 0:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawRoundedRect(QRectF(box.left(), box.top(), box.width() * share,
                                           box.height()), radius, radius)
        font = pixel_font(self.family, box.height() * 0.62, bold=True)
        painter.setFont(font)
        # dark letters edged in light: legible over the fill and over the empty bar alike
        path = QPainterPath()
        fm = QFontMetricsF(font)
        x = box.center().x() - fm.horizontalAdvance(text) / 2
        y = box.center().y() + (fm.ascent() - fm.descent()) / 2
        path.addText(QPointF(x, y), font, text)
        painter.setPen(QPen(QColor("#000000"), max(1.5, font.pixelSize() * 0.14)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(TEXT)
        painter.drawPath(path)
