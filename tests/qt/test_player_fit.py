"""The players' display fits its banner and its cards to any window, narrow or small (as a
window at twice the scale is): no line of the banner is cut, and no scroll bar, which a TV
cannot use; cards too many to read at once take pages that turn on their own."""

import pytest
from PySide6.QtCore import QRect, QRectF
from PySide6.QtGui import QFontMetricsF

from harmdesk.qt.player_delegate import MIN_UNIT, WRAP, card_grid

from . import kit
from .conftest import PARTY
from .test_player_window import opened

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

CROWD = PARTY + [{"id": f"pc{n}", "name": f"Villager {n}", "kind": "pc", "max_hp": 10}
                 for n in range(11)]


def sized(qtbot, display, width, height):
    display.resize(width, height)
    qtbot.waitUntil(lambda: display.size().toTuple() == (width, height))


def shown_rows(display) -> list[int]:
    return [r for r in range(display.model.rowCount()) if not display.ui.cards.isRowHidden(r)]


def all_laid_out(display, rows) -> bool:
    """Each of `rows` whole inside the cards' view, none over another."""
    view = display.ui.cards
    rects = [view.visualRect(display.model.index(r)) for r in rows]
    room = QRect(0, 0, view.viewport().width(), view.viewport().height())
    return (all(room.contains(r) for r in rects)
            and not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1:]))


def banner_fits(banner) -> bool:
    """Every line of the banner's words inside it: none wrapped out of sight."""
    room = banner.contentsRect()
    words = QFontMetricsF(banner.font()).boundingRect(QRectF(0, 0, room.width(), 1e6), WRAP,
                                                     banner.text())
    return (words.height() <= room.height() and words.width() <= room.width()
            and banner.heightForWidth(banner.width()) <= banner.height())


@pytest.mark.parametrize("width, height", [(600, 1000), (600, 700), (420, 900)])
def test_a_narrow_window_keeps_the_whole_banner_in_sight(qtbot, window, width, height):
    display = opened(qtbot, window)
    display.banner_ms = 10 ** 7
    sized(qtbot, display, width, height)
    assert window.controller.submit({"type": "damage", "target": "caradoc", "amount": 30})
    qtbot.waitUntil(lambda: display.ui.banner.text() == "Caradoc is at Death's Door")
    assert banner_fits(display.ui.banner)
    assert all_laid_out(display, range(display.model.rowCount()))


def test_several_announcements_at_once_still_fit_the_banner(qtbot, window):
    display = opened(qtbot, window)
    display.banner_ms = 10 ** 7
    sized(qtbot, display, 600, 900)
    assert window.controller.submit({"type": "damage", "target": ["caradoc", "hagr", "vahid"],
                                     "amount": 30})
    qtbot.waitUntil(lambda: display.ui.banner.text().count("·") == 2)
    assert banner_fits(display.ui.banner)
    assert all_laid_out(display, range(display.model.rowCount()))


def test_a_small_window_shows_every_card_without_a_scroll_bar(qtbot, window):
    # 480 × 300 is a 960 × 600 window at twice the scale
    display = opened(qtbot, window)
    sized(qtbot, display, 480, 300)
    qtbot.waitUntil(lambda: all_laid_out(display, range(5)))
    assert shown_rows(display) == [0, 1, 2, 3, 4]
    assert not display.ui.cards.verticalScrollBar().isVisible()
    assert not display.pager.isVisible()


@pytest.fixture
def crowd(tmp_path):
    return kit.make_folder(tmp_path, [("Desk", "stonetop", {"prosperity": 1}, CROWD)])


def test_too_many_cards_for_the_window_take_pages_that_turn_on_their_own(qtbot, crowd):
    window = kit.open_window(qtbot, crowd, size=(1300, 850))
    try:
        display = opened(qtbot, window)
        display.page_ms = 50
        sized(qtbot, display, 480, 300)
        seen: set[int] = set()

        def page_turned() -> bool:
            rows = shown_rows(display)
            assert not display.ui.cards.verticalScrollBar().isVisible()
            assert all_laid_out(display, rows) and 0 < len(rows) < 16
            seen.update(rows)
            return len(seen) == 16

        qtbot.waitUntil(page_turned, timeout=20000)  # every card shows in its turn
        assert display.pager.isVisible() and " / " in display.pager.text()
        # a card that changes is turned to, with the banner
        display.page_ms = 10 ** 7
        display._turning.stop()
        display.show_page(0)
        names = [display.model.index(r).data() for r in range(display.model.rowCount())]
        last = names.index("Villager 10")
        assert last not in shown_rows(display)
        assert window.controller.submit({"type": "damage", "target": "pc10", "amount": 30})
        qtbot.waitUntil(lambda: last in shown_rows(display))
        assert all_laid_out(display, shown_rows(display))
    finally:
        window.controller.service.close()


def test_a_page_holds_as_many_cards_as_read_at_the_smallest_size():
    grid = card_grid(30, 640, 400)
    assert grid.per_page < 30 and grid.unit >= MIN_UNIT
    assert card_grid(grid.per_page + 1, 640, 400).per_page == grid.per_page  # no more fit
    assert card_grid(5, 640, 400).per_page == 5
