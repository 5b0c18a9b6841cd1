"""How tiles use their room: rows that fill the view, marks inside the bar, whole previews."""

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetrics, QTextDocument
from PySide6.QtWidgets import QStyle

from harmdesk.desk import chips
from harmdesk.desk.campaign import Campaign
from harmdesk.qt.desk_model import PreviewRole
from harmdesk.qt.tile_delegate import (
    base_size,
    fit_wrapped,
    mark_font,
    mark_label_rect,
    overlay_box,
    overlay_texts,
)

from .conftest import PARTY

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def tile_rects(view):
    model = view.model()
    return [view.visualRect(model.index(r, 0)) for r in range(model.rowCount())]


@pytest.mark.parametrize("width", [300, 620, 900, 1200, 1900])
def test_each_row_of_tiles_fills_the_view(qtbot, view, width):
    view.resize(width, 700)
    qtbot.waitUntil(lambda: view.itemDelegate().width is not None
                    and tile_rects(view)[0].width() == view.itemDelegate().width)
    rects = tile_rects(view)
    first_row = [r for r in rects if r.top() == rects[0].top()]
    smallest = base_size(view.fontMetrics()).width()
    assert all(r.width() >= smallest for r in rects)
    room = view.viewport().width()
    if view.verticalScrollBar().isHidden():  # the scroll bar's room is kept free
        room -= view.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
    used = first_row[-1].right() + view.spacing()
    fit = max(1, (room - view.spacing()) // (smallest + view.spacing()))
    assert len(first_row) == min(len(rects), fit)
    if rects[0].width() < 2 * smallest:  # not held back by the widest a tile may be
        # the row fills the view, but for the pixels left from dividing it evenly
        assert 0 <= room - used < len(first_row) + view.spacing() + 2


def test_a_wider_window_gets_more_columns_not_just_wider_gaps(qtbot, view):
    view.resize(620, 700)
    qtbot.waitUntil(lambda: tile_rects(view)[0].width() == view.itemDelegate().width)
    narrow = len({r.left() for r in tile_rects(view)})
    view.resize(1300, 700)
    qtbot.waitUntil(lambda: tile_rects(view)[0].width() == view.itemDelegate().width)
    wide = len({r.left() for r in tile_rects(view)})
    assert narrow == 2 and wide == 4


def test_the_marks_of_a_freedom_fantasies_bar_stay_inside_it_and_read_at_a_normal_size():
    font = QFont()
    font.setPointSizeF(10)
    small, fm = mark_font(font)
    assert small.pointSizeF() >= 0.85 * font.pointSizeF()
    bar = QRectF(10, 30, 230, 20)
    for x, label in ((bar.right(), "Story ends"), (bar.left(), "Wounded"),
                     (bar.left() + bar.width() * 12 / 25, "Wounded")):
        width = fm.horizontalAdvance(label) + 2
        rect = mark_label_rect(bar, x, width, fm.height())
        assert bar.left() <= rect.left() and rect.right() <= bar.right()
        assert rect.top() > bar.bottom()  # under the bar, not over its text
        assert rect.width() == width
    middle = mark_label_rect(bar, 120, 60, 14)
    assert middle.center().x() == 120  # centred under its tick when there is room


def test_a_preview_detail_shows_whole_on_a_tile_and_whole_in_its_tooltip(qtbot, view, desk):
    assert desk.submit({"type": "edit_character", "target": "hagr", "changes": {"attack": {
        "dice": "d10+3", "piercing": 1, "tags": ["forceful"]}}})
    chip = chips.attack_chip(["hagr"], "Hagr")
    view.show_preview(chip, ["heavy"])
    model = view.model()
    index = model.index(model.row_of("heavy"), 0)
    first, detail, ok = index.data(PreviewRole)
    assert ok and detail == "not rolled yet: d10+3, 1 piercing, forceful"
    # drawn on a tile of the smallest size, under the name, the detail is not cut
    rect = QRectF(0, 0, *base_size(view.fontMetrics()).toTuple()).adjusted(2, 2, -2, -2)
    top = rect.top() + view.fontMetrics().height() * 1.9
    (heading, _, _), (shown, _, _) = overlay_texts(overlay_box(rect, top), (first, detail, ok),
                                                   view.font())
    assert heading == first and shown == detail
    doc = QTextDocument()
    doc.setHtml(index.data(Qt.ItemDataRole.ToolTipRole))
    assert doc.toPlainText().endswith(f"{first}\n{detail}")
    view.show_preview(None, [])
    assert "not rolled yet" not in index.data(Qt.ItemDataRole.ToolTipRole)


def test_a_detail_too_long_for_its_box_is_cut_at_a_word_with_an_ellipsis():
    fm = QFontMetrics(QFont())
    box = QRectF(0, 0, 120, fm.lineSpacing() * 2)
    text = "takes 1d10 (6) + 3 = 9 damage; armor 2 − 1 piercing = 1; 9 − 1 = 8 HP lost"
    shown = fit_wrapped(fm, box, text)
    assert shown.endswith("…") and text.startswith(shown[:-1])
    assert fit_wrapped(fm, QRectF(0, 0, 2000, 200), text) == text


def test_few_tiles_on_a_wide_view_take_wider_columns_up_to_twice_their_size(qtbot, view,
                                                                             desk):
    view.resize(1900, 700)
    smallest = base_size(view.fontMetrics()).width()
    qtbot.waitUntil(lambda: tile_rects(view)[0].width() == view.itemDelegate().width)
    assert len({r.top() for r in tile_rects(view)}) == 1  # five tiles, one row
    before = tile_rects(view)[0].width()
    for cid in ("vahid", "coedwig", "hagr"):
        assert desk.submit({"type": "remove_character", "target": cid})
    qtbot.waitUntil(lambda: tile_rects(view)[0].width() == view.itemDelegate().width)
    after = tile_rects(view)[0].width()
    assert before < after <= 2 * smallest
    assert list(desk.state["characters"]) == ["caradoc", "heavy"]


def test_the_tiles_keep_their_desk_order_whatever_the_width(qtbot, view, campaign):
    view.resize(700, 600)
    names = [c["name"] for c in PARTY]
    model = view.model()
    assert [model.index(r, 0).data() for r in range(model.rowCount())] == names
    stored = Campaign(campaign.store, campaign.name).state["characters"]
    assert [c["name"] for c in stored.values()] == names
