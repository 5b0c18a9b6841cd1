"""The summary's "Who hurt whom" page: on a page of its own, the bars of harm dealt and
taken, then a row per character, every figure what `stats.statistics` counts for the
same log; names as typed; no page when there is nothing to count."""

from __future__ import annotations

from dataclasses import replace

import pytest

from harmdesk import rules
from harmdesk.desk.campaign import Campaign
from harmdesk.report.pdf import write_pdf
from harmdesk.report.recap import Scope, recap_json
from harmdesk.report.source import from_store
from harmdesk.report.stats import UNATTRIBUTED, Statistics, Tally, counted, statistics
from tests.report.conftest import MARKUP_NAME, pdf_pages, pdf_text
from tests.report.test_stats import NIGHT

HEADING = "Who hurt whom"
DASH = "\u2014"

# a Stonetop night at the barrow, round by round
BARROW = [
    {"type": "start_encounter", "order": ["heavy", "hagr", "coedwig", "birdwraig"]},
    {"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"},     # 9 − 2: 7 lost
    {"type": "damage", "target": "hagr", "amount": 6},                        # typed: 4 lost
    {"type": "damage", "target": "hagr", "amount": 8, "source": "heavy"},     # 6 lost
    {"type": "heal", "target": "heavy", "amount": 3},                         # 13 → 16
    # d8 (6) + 3 + 1 = 10, armor 2 − 1 piercing = 1: 9 lost, 16 → 7
    {"type": "gang_damage", "target": "heavy", "rolls": [6],
     "attackers": [{"id": "coedwig"}, {"id": "birdwraig"}]},
    {"type": "next_round"},
    {"type": "damage", "target": "heavy", "amount": 30, "source": "birdwraig"},  # 7 → 0
    {"type": "end_encounter"},
]


def played(store, nights: list[list[dict]], chars: list[dict] = NIGHT,
           system: str = "stonetop", between: list[dict] = ()) -> Campaign:
    """A campaign with a play session for each of `nights`; `between` is applied after
    each but the last, outside any session."""
    camp = Campaign.create(store, "Barrow", system, {}, chars)
    for number, actions in enumerate(nights, start=1):
        camp.start_play_session(f"Night {number}")
        for action in actions:
            assert camp.apply(action).ok, action
        camp.end_play_session("")
        if number < len(nights):
            for action in between:
                assert camp.apply(action).ok, action
    return camp


def figures(store, camp: Campaign, sessions: set[int] | None = None) -> Statistics:
    """What `statistics` counts over the log (only the rows of `sessions`, by id), on the
    desk the campaign began with."""
    info = camp.info
    desk = rules.new_state(info.system, info.initial.get("settings"),
                           info.initial.get("characters", []))["characters"]
    rows = [e for e in counted(store.log(info.id))
            if sessions is None or e.session_id in sessions]
    return statistics(info.system, rows, desk, "gm", info.initial.get("settings") or {})


def as_data(stats: Statistics) -> dict:
    return recap_json(stats, "Barrow", Scope("session", "Night"))


def written(report, path) -> tuple[int, list[str]]:
    """The page count and each page's text."""
    pages = write_pdf(report, path)
    assert pages == pdf_pages(path)
    return pages, [pdf_text(path, page) for page in range(pages)]


def statistics_pages(texts: list[str]) -> list[int]:
    return [i for i, page in enumerate(texts) if HEADING in page]


def shares(stats: Statistics, tally_shares: dict, word: str) -> list[str]:
    return [f"{s.amount} {word} {stats.name(k)}" for k, s in stats.ordered(tally_shares)]


def row_words(stats: Statistics, tally: Tally, kind: str) -> str:
    """A character's row as the page reads it, cell by cell: the window's words."""
    def hit(found, word):
        return DASH if found is None else f"{found.amount} {word} {stats.name(found.other)}"

    def total(amount, listed):
        return [str(amount), *listed] if listed else [DASH]

    downs = [d.words + ("" if d.round is None else f" (round {d.round})")
             for d in tally.downs] or [DASH]
    cells = [tally.name, kind,
             *total(tally.total_dealt, shares(stats, tally.dealt, "to")),
             *total(tally.total_taken, shares(stats, tally.taken, "from")),
             str(tally.total_given) if tally.total_given else DASH,
             str(tally.total_received) if tally.total_received else DASH,
             *downs, hit(tally.biggest_dealt, "to"), hit(tally.biggest_taken, "from"),
             tally.closest.words if tally.closest else DASH]
    return " ".join(cells)


def test_the_page_shows_what_statistics_counts_for_the_same_log(fonts, store, tmp_path):
    camp = played(store, [BARROW])
    report = from_store(store, "Barrow")
    expected = figures(store, camp)
    assert as_data(report.statistics) == as_data(expected)

    _pages, texts = written(report, tmp_path / "barrow.pdf")
    (found,) = statistics_pages(texts)
    page = texts[found]
    assert page.startswith(HEADING)  # at the top of a page of its own
    assert "HP over time" in texts[found - 1]
    people = [t for t in expected.characters() if t.entries]
    assert [t.key for t in people] == ["heavy", "hagr", "birdwraig"]  # the gang is a source
    # the bars' figures beside each name, under the legend
    bars = " ".join(f"{t.name} {t.total_dealt} {t.total_taken}" for t in people)
    assert f"HP dealt HP taken {bars} Character Dealt Taken" in page
    kinds = {"heavy": "PC"}
    rows = " ".join(row_words(expected, t, kinds.get(t.key, "Monster")) for t in people)
    assert f"Biggest hit taken Closest call {rows} Encounters, round by round" in page
    # and the night itself, in numbers
    assert "The Heavy PC 6 6 to Hagr 23 9 from Coedwig and Birdwraig (gang-up) " \
           "7 from Birdwraig 7 from Hagr" in page
    assert "Dying \u2014 Death's Door (round 2)" in page
    assert "Hagr Monster 7 7 to The Heavy 10 6 from The Heavy 4 from Unattributed" in page
    assert "4 HP of harm was typed without an attacker (counted as Unattributed)." in page


def test_the_statistics_take_one_page_more(fonts, store, tmp_path):
    played(store, [BARROW[1:4]])  # a summary of one page without them
    report = from_store(store, "Barrow")
    pages, texts = written(report, tmp_path / "with.pdf")
    without, plain = written(replace(report, statistics=None), tmp_path / "without.pdf")
    assert pages == without + 1
    assert statistics_pages(texts) and not statistics_pages(plain)
    # the charts end the page before it; the rest follows it
    (found,) = statistics_pages(texts)
    assert "HP over time" in texts[found - 1] and "Untouched" not in texts[found - 1]
    assert "Untouched" in texts[found] and "Full log" in texts[found]


def test_harm_typed_without_an_attacker_is_named_only_when_there_is_some(fonts, store,
                                                                          tmp_path):
    attacked = [{"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"}]
    played(store, [attacked])
    report = from_store(store, "Barrow")
    assert report.statistics.tallies.get(UNATTRIBUTED) is None
    _pages, texts = written(report, tmp_path / "named.pdf")
    (found,) = statistics_pages(texts)
    assert "7 to The Heavy" in texts[found] and "Unattributed" not in texts[found]


def test_names_are_drawn_as_typed_never_as_markup(fonts, store, tmp_path):
    chars = [{**c, "name": MARKUP_NAME} if c["id"] == "coedwig" else c for c in NIGHT]
    played(store, [[{"type": "damage", "target": "coedwig", "amount": 2, "source": "heavy"},
                    {"type": "damage", "target": "heavy", "amount": 5, "source": "coedwig"}]],
           chars)
    _pages, texts = written(from_store(store, "Barrow"), tmp_path / "markup.pdf")
    (found,) = statistics_pages(texts)
    page = texts[found]
    assert f"HP dealt HP taken The Heavy 2 3 {MARKUP_NAME} 3 2 Character" in page  # the bars
    assert f"{MARKUP_NAME} fell to 1 of 3 HP" in page                           # the table
    assert "Bold & " not in page  # no markup read as such


def test_an_empty_session_adds_no_page(fonts, store, tmp_path):
    played(store, [BARROW, []])
    report = from_store(store, "Barrow")
    assert report.empty
    pages, texts = written(report, tmp_path / "empty.pdf")
    assert pages == 1 and not statistics_pages(texts)


def test_a_session_with_nothing_to_count_adds_no_page(fonts, store, tmp_path):
    quiet = [{"type": "mark_debility", "target": "heavy", "debility": "miserable"}]
    played(store, [BARROW, quiet])
    report = from_store(store, "Barrow")
    assert not report.empty and report.statistics.empty
    pages, texts = written(report, tmp_path / "quiet.pdf")
    assert not statistics_pages(texts)
    assert pages == written(replace(report, statistics=None), tmp_path / "none.pdf")[0]


def test_sessions_count_only_their_own_rows_and_the_whole_log_counts_all(store):
    between = [{"type": "damage", "target": "heavy", "amount": 5, "source": "hagr"}]  # 3
    first = [{"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"}]    # 7
    second = [{"type": "damage", "target": "hagr", "amount": 6, "source": "heavy"}]   # 4
    camp = played(store, [first, second, second], between=between)
    ids = [s["id"] for s in store.play_sessions(camp.info.id)]
    both = from_store(store, "Barrow", [1, 2])
    assert as_data(both.statistics) == as_data(figures(store, camp, set(ids[:2])))
    assert both.statistics.tallies["heavy"].total_taken == 7  # not the 3 between nights
    latest = from_store(store, "Barrow")
    assert as_data(latest.statistics) == as_data(figures(store, camp, {ids[2]}))
    assert latest.statistics.tallies["hagr"].total_taken == 4
    whole = from_store(store, "Barrow", everything=True)
    assert as_data(whole.statistics) == as_data(figures(store, camp))
    assert whole.statistics.tallies["heavy"].total_taken == 7 + 3 + 3


def test_the_bars_are_drawn_to_one_scale(fonts, qapp):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from harmdesk.report.charts import DEALT, TAKEN, BarPair, Bars, paint_bars

    bars = Bars((BarPair("Ann", 4, 20), BarPair("Bryn", 10, 0), BarPair("Cai", 15, 5)), "HP")
    mm = 12.0
    size = bars.size(0, 1600, mm)
    image = QImage(int(size.width()), int(size.height()), QImage.Format.Format_RGB32)
    image.fill(0xFFFFFF)
    painter = QPainter(image)
    paint_bars(painter, QRectF(0, 0, size.width(), size.height()), bars, 0, mm, fonts)
    painter.end()

    def runs(color) -> list[int]:
        """The length of each bar of `color`, top to bottom (one per row of pixels that
        starts a bar)."""
        found, last = [], -2
        for y in range(image.height()):
            xs = [x for x in range(0, image.width(), 2) if image.pixelColor(x, y) == color]
            if xs and y != last + 1 and len(xs) > 3:
                found.append(xs[-1] - xs[0])
            last = y if xs else last
        return found

    dealt, taken = runs(DEALT), runs(TAKEN)
    # the legend's swatches come first; then each non-zero bar, in proportion
    assert len(dealt) == 1 + 3 and len(taken) == 1 + 2
    longest = taken[1]
    for length, amount in zip(dealt[1:] + taken[2:], (4, 10, 15, 5), strict=True):
        assert length == pytest.approx(longest * amount / 20, abs=3)
    assert longest > 0.5 * size.width()  # the scale uses the room there is
