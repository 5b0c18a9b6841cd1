"""Painting one character's tile from its facts: bar, armor, badges, end state, preview.

Colours come from the palette, so tiles follow the system's light or dark theme;
sizes come from the font, so they follow high-DPI scaling.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPainterPath,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QStyle, QStyledItemDelegate

from ..desk.library import mark_of
from ..profiles.parts import EndState
from .desk_model import (
    CharacterRole,
    EncounterRole,
    FactsRole,
    HighlightRole,
    NoticeRole,
    PreviewRole,
    SeenRole,
)
from .style import BADGE_TEXT, DANGER, GOOD, HIGHLIGHT, TURN, WARNING

TILE_SIZE = QSize(250, 140)  # at a 13 px font; scaled with the font in sizeHint
# View → Compact tiles: narrower (three columns where there were two) and shorter, with
# one row of badges; the name, bar, armor and end state all still show
COMPACT_SIZE = QSize(170, 112)

# the GM's marker of who the players' display leaves out or shows as words only (both
# glyphs are in the shipped DejaVu Sans)
SEEN_TAGS = {"hidden": "⊘ hidden", "words": "◐ words"}
# the encounter's marks: whose turn it is (solid), who has acted this round (quiet)
ENCOUNTER_TAGS = {"turn": "▶ turn", "acted": "✓ acted"}
# an end state's colour by the tone its game's profile gives it ("ended" is also hatched)
TONES = {"ended": DANGER, "grave": DANGER, "down": WARNING}


def status_colour(end_state: EndState) -> QColor | None:
    return TONES.get(end_state.tone)


def base_size(fm: QFontMetrics, compact: bool = False) -> QSize:
    """The smallest tile (or compact tile), scaled with the font."""
    scale = max(1.0, fm.height() / 16)
    size = COMPACT_SIZE if compact else TILE_SIZE
    return QSize(int(size.width() * scale), int(size.height() * scale))


def mark_font(font: QFont) -> tuple[QFont, QFontMetrics]:
    """The font of a bar's marks (Wounded, Story ends): small, but easily read."""
    small = QFont(font)
    small.setPointSizeF(font.pointSizeF() * 0.85)
    return small, QFontMetrics(small)


def mark_label_rect(bar: QRectF, x: float, width: float, height: float) -> QRectF:
    """Where a mark's label goes: under its tick, but never past the bar's ends."""
    left = min(max(x - width / 2, bar.left()), bar.right() - width)
    return QRectF(left, bar.bottom() + 4, width, height)


class TileDelegate(QStyledItemDelegate):
    """`width` (set by the view) widens every tile so that a row of them fills the view;
    `compact` (also the view's) paints the compact tiles of View → Compact tiles."""

    width: int | None = None
    compact = False

    def sizeHint(self, option, index) -> QSize:
        size = base_size(option.fontMetrics, self.compact)
        return QSize(max(size.width(), self.width or 0), size.height())

    def paint(self, painter: QPainter, option, index) -> None:
        facts = index.data(FactsRole)
        if facts is None:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = option.palette
        rect = QRectF(option.rect).adjusted(2, 2, -2, -2)
        fm = QFontMetrics(option.font)
        line = fm.height()
        pad = line * 0.5
        ended = facts.end_state.tone == "ended"

        # card, border and end-state look
        base = pal.color(QPalette.ColorRole.Base)
        if ended:
            base = pal.color(QPalette.ColorRole.Window).darker(115)
        painter.setBrush(base)
        border = status_colour(facts.end_state) or pal.color(QPalette.ColorRole.Mid)
        width = 3 if facts.status != "ok" else 1
        if option.state & QStyle.StateFlag.State_Selected:
            border, width = pal.color(QPalette.ColorRole.Highlight), 4
        if index.data(HighlightRole):
            border, width = HIGHLIGHT, 4
        pen = QPen(border, width)
        if facts.end_state.dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawRoundedRect(rect, 8, 8)
        if ended:
            painter.save()
            clip = QPainterPath()
            clip.addRoundedRect(rect, 8, 8)
            painter.setClipPath(clip)
            painter.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
            x = rect.left() - rect.height()
            while x < rect.right():  # hatched: this one is out of the story
                painter.drawLine(int(x), int(rect.bottom()),
                                 int(x + rect.height()), int(rect.top()))
                x += line
            painter.restore()
        marked = index.data(EncounterRole)
        if marked == "turn":  # a band down the left edge: seen from across the desk
            painter.save()
            clip = QPainterPath()
            clip.addRoundedRect(rect, 8, 8)
            painter.setClipPath(clip)
            painter.fillRect(QRectF(rect.left(), rect.top(), line * 0.35, rect.height()), TURN)
            painter.restore()
        inner = rect.adjusted(pad, pad * 0.6, -pad, -pad * 0.6)
        text = pal.color(QPalette.ColorRole.Text)
        dim = pal.color(QPalette.ColorRole.PlaceholderText)

        # name and kind
        bold = QFont(option.font)
        bold.setBold(True)
        bold.setPointSizeF(option.font.pointSizeF() * 1.1)
        head = QRectF(inner.left(), inner.top(), inner.width(), line * 1.2)
        kind = self._kind_shown(facts, fm, QFontMetrics(bold), inner.width(),
                                bool(SEEN_TAGS.get(index.data(SeenRole))
                                     or ENCOUNTER_TAGS.get(marked)))
        room = inner.right() - fm.horizontalAdvance(kind) - line * 0.4
        room = self._paint_seen(painter, head, room, index.data(SeenRole), pal, option.font)
        room = self._paint_encounter(painter, head, room, marked, pal, option.font)
        painter.setFont(bold)
        painter.setPen(text)
        name_rect = QRectF(inner.left(), inner.top(),
                           max(min(inner.width() * 0.72, room - inner.left()), line * 3),
                           line * 1.2)
        painter.drawText(name_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                         QFontMetrics(bold).elidedText(facts.name, Qt.TextElideMode.ElideRight,
                                                       int(name_rect.width())))
        painter.setFont(option.font)
        painter.setPen(dim)
        painter.drawText(QRectF(inner.left(), inner.top(), inner.width(), line * 1.2),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, kind)
        y = inner.top() + line * 1.4

        # the bar: HP left, or Damage against its marks
        bar = QRectF(inner.left(), y, inner.width(), line * 1.25)
        self._paint_bar(painter, bar, facts.bar, pal, option.font)
        y = bar.bottom() + line * 0.45 + (mark_font(option.font)[1].height() + 3
                                          if facts.bar.marks else 0)

        # armor or Block, Endurance or Protection
        painter.setPen(text)
        row = QRectF(inner.left(), y, inner.width(), line)
        if facts.guard:
            painter.drawText(row, Qt.AlignmentFlag.AlignLeft, f"{facts.guard[0]} {facts.guard[1]}")
        if facts.buffer:
            painter.drawText(row, Qt.AlignmentFlag.AlignRight,
                             f"{facts.buffer[0]} {facts.buffer[1]}")
        y += line * 1.2

        # badges: debilities, conditions, Strain, traumas; a compact tile with no room for
        # them above its end state's banner counts them on the banner
        badges = list(facts.badges + facts.extra)
        rows, label = (1 if facts.status_label or self.compact else 2), facts.status_label
        if label and self.compact and badges:
            room = inner.bottom() - banner_height(option.font) - y
            if room < badge_height(option.font):
                rows, label = 0, f"{label} +{len(badges)}"
        if rows:
            y = self._paint_badges(painter, inner, y, badges, option.font, pal, max_rows=rows)

        # end state banner, then the preview or the last refusal at the bottom
        preview = index.data(PreviewRole)
        notice = index.data(NoticeRole)
        if label and not preview:
            self._banner(painter, inner, label, status_colour(facts.end_state) or dim, option.font)
        if preview:  # over everything but the name: the preview says what the bar will say
            self._overlay(painter, rect, inner.top() + line * 1.3, preview, pal, option.font)
        elif notice:
            painter.setPen(DANGER)
            small = QFont(option.font)
            small.setPointSizeF(option.font.pointSizeF() * 0.9)
            painter.setFont(small)
            box = QRectF(inner.left(), inner.bottom() - line * 2.2, inner.width(), line * 2.2)
            flags = (Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom
                     | Qt.TextFlag.TextWordWrap)
            # within its box, cut at a word (the tooltip has all of it), so the name and
            # the bar still show; on its own ground, so a banner or badges beneath do not
            # blur it
            said = fit_wrapped(QFontMetrics(small), box, "Refused: " + notice)
            top = painter.boundingRect(box, flags, said).top() - 1
            painter.fillRect(QRectF(box.left(), top, box.width(), box.bottom() - top),
                             pal.color(QPalette.ColorRole.Base))
            painter.drawText(box, flags, said)
        if not preview and self.has_plus(index):  # over the banner's end: it stays clickable
            self._paint_plus(painter, self.plus_rect(QRectF(option.rect), option.font), pal)
        painter.restore()

    # the (+) of a tile made from a template: one more copy -------------------------------
    @staticmethod
    def has_plus(index) -> bool:
        return mark_of(index.data(CharacterRole) or {}) is not None

    @staticmethod
    def plus_rect(rect: QRectF, font: QFont) -> QRectF:
        """Where a tile's (+) is drawn and clicked: a small circle in its bottom-right
        corner (`rect` the tile's, as painted or as the view lays it out)."""
        size = QFontMetrics(font).height() * 1.15
        inner = QRectF(rect).adjusted(2, 2, -2, -2)
        return QRectF(inner.right() - size - 4, inner.bottom() - size - 4, size, size)

    def _paint_plus(self, painter, box: QRectF, pal) -> None:
        painter.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
        painter.setBrush(pal.color(QPalette.ColorRole.Button))
        painter.drawEllipse(box)
        painter.setPen(QPen(pal.color(QPalette.ColorRole.ButtonText), 2))
        arm = box.width() * 0.28
        c = box.center()
        painter.drawLine(QPointF(c.x() - arm, c.y()), QPointF(c.x() + arm, c.y()))
        painter.drawLine(QPointF(c.x(), c.y() - arm), QPointF(c.x(), c.y() + arm))

    def _kind_shown(self, facts, fm, bold_fm, width: float, tagged: bool) -> str:
        """The kind on the name's row; a compact tile with a tag leaves it out rather than
        cut the name short (the table and the tooltip still say it)."""
        if not (self.compact and tagged):
            return facts.kind
        crowded = bold_fm.horizontalAdvance(facts.name) + fm.horizontalAdvance(facts.kind)
        return "" if crowded > width * 0.6 else facts.kind

    def _paint_seen(self, painter, row: QRectF, right: float, seen, pal, font) -> float:
        """The "hidden" or "words" tag ending at `right` on the name's row; where the name
        must end now. Hidden is drawn solid, words only quietly, in outline."""
        tag = SEEN_TAGS.get(seen)
        if tag is None:
            return right
        dim = pal.color(QPalette.ColorRole.PlaceholderText)
        if seen == "hidden":
            ground, ink = pal.color(QPalette.ColorRole.Text), pal.color(QPalette.ColorRole.Base)
            return self._paint_tag(painter, row, right, tag, font, ground, None, ink)
        return self._paint_tag(painter, row, right, tag, font, None, QPen(dim, 1), dim)

    def _paint_encounter(self, painter, row: QRectF, right: float, marked, pal, font) -> float:
        """The "turn" tag (solid, in the turn's colour) or the quieter "acted" one, ending
        at `right` on the name's row; where the name must end now."""
        tag = ENCOUNTER_TAGS.get(marked)
        if tag is None:
            return right
        if marked == "turn":
            return self._paint_tag(painter, row, right, tag, font, TURN, None, BADGE_TEXT,
                                   bold=True)
        dim = pal.color(QPalette.ColorRole.PlaceholderText)
        return self._paint_tag(painter, row, right, tag, font, None,
                               QPen(dim, 1, Qt.PenStyle.DotLine), dim)

    def _paint_tag(self, painter, row: QRectF, right: float, tag: str, font, ground,
                   outline, ink, bold: bool = False) -> float:
        """A small rounded tag ending at `right`, centred on `row`: filled with `ground`
        or drawn with the pen `outline`, its words in `ink`; where the name must end now."""
        small = QFont(font)
        small.setPointSizeF(font.pointSizeF() * 0.8)
        small.setBold(bold)
        fm = QFontMetrics(small)
        w, h = fm.horizontalAdvance(tag) + fm.height() * 0.7, fm.height() + 2
        box = QRectF(right - w, row.center().y() - h / 2, w, h)
        painter.setPen(outline if outline is not None else Qt.PenStyle.NoPen)
        painter.setBrush(ground if ground is not None else Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(box, h / 2, h / 2)
        painter.setFont(small)
        painter.setPen(ink)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, tag)
        painter.setFont(font)
        return box.left() - fm.height() * 0.4

    def _paint_bar(self, painter, bar: QRectF, facts_bar, pal, font) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(pal.color(QPalette.ColorRole.AlternateBase).darker(108))
        painter.drawRoundedRect(bar, 4, 4)
        maximum = max(facts_bar.maximum, 1)
        share = min(max(facts_bar.value, 0), maximum) / maximum
        if facts_bar.fills_with_harm:
            marks = [m for m, _ in facts_bar.marks]
            colour = (DANGER if marks and facts_bar.value > marks[-1] else
                      WARNING if marks and facts_bar.value > marks[0] else GOOD.darker(110))
        else:
            colour = GOOD if share > 0.5 else WARNING if share > 0.25 else DANGER
        if share > 0:
            painter.setBrush(colour)
            painter.drawRoundedRect(QRectF(bar.left(), bar.top(), bar.width() * share,
                                           bar.height()), 4, 4)
        painter.setPen(pal.color(QPalette.ColorRole.Text))
        painter.drawText(bar, Qt.AlignmentFlag.AlignCenter, facts_bar.text)
        small, fm = mark_font(font)
        painter.setFont(small)
        for value, label in facts_bar.marks:
            x = bar.left() + bar.width() * min(value, maximum) / maximum
            painter.setPen(QPen(pal.color(QPalette.ColorRole.Text), 2))
            # a tick under the bar, so the mark never crosses the bar's text
            painter.drawLine(int(x), int(bar.bottom() + 1), int(x), int(bar.bottom() + 3))
            painter.drawText(mark_label_rect(bar, x, fm.horizontalAdvance(label) + 2,
                                             fm.height()),
                             Qt.AlignmentFlag.AlignCenter, label)
        painter.setFont(font)

    def _paint_badges(self, painter, inner, y, badges, font, pal, max_rows) -> float:
        small = QFont(font)
        small.setPointSizeF(font.pointSizeF() * 0.85)
        fm = QFontMetrics(small)
        painter.setFont(small)
        x, row, h = inner.left(), 0, badge_height(font)
        for i, badge in enumerate(badges):
            w = min(fm.horizontalAdvance(badge) + 10, inner.width())
            if x + w + more_room(fm, len(badges) - i - 1, row == max_rows - 1) > inner.right() \
                    and x > inner.left():
                if row == max_rows - 1:  # the last row: the rest are counted at its end
                    painter.setPen(pal.color(QPalette.ColorRole.Text))
                    painter.drawText(QRectF(x, y, inner.right() - x, h),
                                     Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                                     f"+{len(badges) - i} more")
                    break
                row, x, y = row + 1, inner.left(), y + h + 3
            # on the last row, room is kept for counting the badges after this one
            w = min(w, inner.right() - x
                    - more_room(fm, len(badges) - i - 1, row == max_rows - 1))
            box = QRectF(x, y, w, h)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(pal.color(QPalette.ColorRole.Highlight).lighter(170)
                             if pal.color(QPalette.ColorRole.Base).lightness() > 128
                             else pal.color(QPalette.ColorRole.Highlight).darker(150))
            painter.drawRoundedRect(box, h / 2, h / 2)
            painter.setPen(pal.color(QPalette.ColorRole.Text))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter,
                             fm.elidedText(badge, Qt.TextElideMode.ElideRight, int(w - 8)))
            x += w + 4
        painter.setFont(font)
        return y + h

    def _banner(self, painter, inner, label, colour, font) -> None:
        h = banner_height(font)
        box = QRectF(inner.left(), inner.bottom() - h, inner.width(), h)
        bold, words = banner_words(label, font, box.width() - h / 2)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawRoundedRect(box, 4, 4)
        painter.setFont(bold)
        painter.setPen(BADGE_TEXT)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, words)
        painter.setFont(font)

    def _overlay(self, painter, rect, top, preview, pal, font) -> None:
        ok = preview[2]
        box = overlay_box(rect, top)
        back = QColor(pal.color(QPalette.ColorRole.ToolTipBase))  # opaque: nothing shows through
        painter.setPen(QPen(DANGER if not ok else pal.color(QPalette.ColorRole.Highlight), 2))
        painter.setBrush(QBrush(back))
        painter.drawRoundedRect(box, 6, 6)
        (heading, bold, at), (detail, small, rest) = overlay_texts(box, preview, font)
        painter.setFont(bold)
        painter.setPen(DANGER if not ok else pal.color(QPalette.ColorRole.ToolTipText))
        painter.drawText(at, int(WRAP), heading)
        if detail:
            painter.setFont(small)
            painter.setPen(pal.color(QPalette.ColorRole.ToolTipText))
            painter.drawText(rest, int(WRAP), detail)
        painter.setFont(font)


WRAP = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


def more_room(fm: QFontMetrics, rest: int, last_row: bool) -> int:
    """The room "+3 more" takes at the end of the last row of badges, when some are left."""
    return fm.horizontalAdvance(f"+{rest} more") + 4 if rest and last_row else 0


def banner_height(font: QFont) -> int:
    """An end state's banner at the foot of a tile."""
    bold = QFont(font)
    bold.setBold(True)
    return QFontMetrics(bold).height() + 6


def badge_height(font: QFont) -> int:
    """One row of badges."""
    small = QFont(font)
    small.setPointSizeF(font.pointSizeF() * 0.85)
    return QFontMetrics(small).height() + 4


def banner_words(label: str, font: QFont, width: float) -> tuple[QFont, str]:
    """An end state's banner words in capitals and their bold font, fitted to `width`: on
    a narrow tile they shrink a little, then are cut with …, never clipped."""
    bold = QFont(font)
    bold.setBold(True)
    words = label.upper()
    fm = QFontMetrics(bold)
    while fm.horizontalAdvance(words) > width and bold.pointSizeF() > font.pointSizeF() * 0.75:
        bold.setPointSizeF(bold.pointSizeF() * 0.92)
        fm = QFontMetrics(bold)
    return bold, fm.elidedText(words, Qt.TextElideMode.ElideRight, int(width))


def overlay_box(rect: QRectF, top: float) -> QRectF:
    """The preview's box on a tile: from `top` (under the name) to the tile's foot."""
    return QRectF(rect.left() + 4, top, rect.width() - 8, rect.bottom() - 4 - top)


def overlay_texts(box: QRectF, preview, font: QFont):
    """((heading, its font, its rect), (detail as it fits, its font, its rect)) of a
    preview (first line, detail, ok) drawn in `box`."""
    first, detail, ok = preview
    inner = box.adjusted(6, 3, -6, -3)
    bold = QFont(font)
    bold.setBold(True)
    heading = first if ok else f"Refused: {first}"
    used = QFontMetrics(bold).boundingRect(inner.toRect(), int(WRAP), heading).height()
    small = QFont(font)
    small.setPointSizeF(font.pointSizeF() * 0.9)
    rest = inner.adjusted(0, used + 2, 0, 0)
    shown = fit_wrapped(QFontMetrics(small), rest, detail) if detail else ""
    return (heading, bold, inner), (shown, small, rest)


def fit_wrapped(fm: QFontMetrics, box: QRectF, text: str) -> str:
    """`text` word-wrapped into `box`, cut at a word with … only when it cannot all fit
    (the whole of it is in the tile's tooltip)."""
    flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
    area = box.toRect()

    def fits(candidate: str) -> bool:
        return fm.boundingRect(area, flags, candidate).height() <= area.height()

    if fits(text):
        return text
    words = text.split(" ")
    while len(words) > 1 and not fits(" ".join(words) + "…"):
        words.pop()
    return " ".join(words) + "…"
