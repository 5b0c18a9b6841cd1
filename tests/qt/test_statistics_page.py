"""The Statistics page in the real window: Ctrl+3 shows who hurt whom, sorted by any
column, counted off the GUI thread from what the data file holds, and read again when
the desk changes while it is shown."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence

from harmdesk.qt.main_window import STATISTICS
from harmdesk.qt.statistics_page import COLUMNS, SortRole

# the offscreen platform says so whenever a page first lays out its table (as elsewhere)
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def table(window) -> list[tuple[str, ...]]:
    view = window.ui.statisticsTable
    model = view.model()
    return [tuple(model.index(r, c).data() for c in range(model.columnCount()))
            for r in range(model.rowCount())]


def shown_rows(qtbot, window, count: int) -> list[tuple[str, ...]]:
    qtbot.waitUntil(lambda: window.statistics.task is None
                    and window.ui.statisticsTable.model().rowCount() == count, timeout=20000)
    return table(window)


def test_ctrl_3_shows_who_hurt_whom_from_the_data_file(qtbot, window):
    c = window.controller
    # ST-3: 9 − 2 = 7 from the hagr; the typed 3 on the hagr counts as Unattributed (1 HP)
    assert c.submit({"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"})
    assert c.submit({"type": "damage", "target": "hagr", "amount": 3})
    action = window.ui.actionShowStatistics
    assert action.shortcut() == QKeySequence("Ctrl+3")
    action.trigger()
    assert window.ui.pages.currentIndex() == STATISTICS and action.isChecked()
    rows = {row[0]: row for row in shown_rows(qtbot, window, 2)}
    assert rows["The Heavy"][1:3] == ("0", "7")
    assert rows["Hagr"][1:3] == ("7", "1") and rows["Hagr"][6] == "7 to The Heavy"
    assert "1 harm typed without an attacker" in window.ui.statisticsNote.text()
    taken = window.ui.statisticsTable.model().index(0, 2)
    assert taken.data(Qt.ItemDataRole.ToolTipRole) == "7 from Hagr"  # the most hurt first


def test_a_change_while_shown_is_counted_again(qtbot, window):
    window.ui.actionShowStatistics.trigger()
    assert shown_rows(qtbot, window, 0) == []
    assert "no harm recorded" in window.ui.statisticsNote.text()
    assert window.controller.submit({"type": "damage", "target": "vahid", "amount": 4,
                                     "source": "coedwig"})
    rows = shown_rows(qtbot, window, 2)
    assert [r[:3] for r in rows] == [("Vahid", "0", "4"), ("Coedwig", "4", "0")]


def test_the_columns_sort_by_their_numbers(qtbot, window):
    c = window.controller
    for amount, target in ((12, "caradoc"), (3, "vahid"), (5, "heavy")):
        assert c.submit({"type": "damage", "target": target, "amount": amount,
                         "source": "hagr"})
    window.ui.actionShowStatistics.trigger()
    shown_rows(qtbot, window, 4)
    view = window.ui.statisticsTable
    view.sortByColumn(2, Qt.SortOrder.AscendingOrder)
    # taken: Hagr 0, Vahid 3, The Heavy 5 − 2 = 3 … Caradoc 12 − 1 = 11, numbers not text
    assert [r[0] for r in table(window)][-1] == "Caradoc"
    assert [view.model().index(r, 2).data(SortRole) for r in range(4)] == [0, 3, 3, 11]
    assert [h for h, *_ in COLUMNS][:3] == ["Character", "Dealt", "Taken"]


def test_names_are_plain_text(qtbot, window):
    c = window.controller
    assert c.submit({"type": "edit_character", "target": "hagr",
                     "changes": {"name": "<b>Hagr</b> & <img src=x>"}})
    assert c.submit({"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"})
    window.ui.actionShowStatistics.trigger()
    rows = shown_rows(qtbot, window, 2)
    assert ("<b>Hagr</b> & <img src=x>", "7", "0") in [r[:3] for r in rows]


def test_an_encounter_is_offered_once_started_and_counts_alone(qtbot, window):
    c = window.controller
    assert c.submit({"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"})
    window.ui.actionShowStatistics.trigger()
    shown_rows(qtbot, window, 2)
    combo = window.ui.statisticsScope
    assert [combo.itemData(i) for i in range(combo.count())] == ["session", "campaign"]
    window.show_page(0)
    order = list(c.state["characters"])
    assert c.submit({"type": "start_encounter", "order": order})
    assert c.submit({"type": "damage", "target": "vahid", "amount": 4, "source": "coedwig"})
    window.ui.actionShowStatistics.trigger()
    assert combo.itemText(1) == "Encounter 1 (running)"
    combo.setCurrentIndex(1)
    rows = shown_rows(qtbot, window, 2)
    assert [r[:3] for r in rows] == [("Vahid", "0", "4"), ("Coedwig", "4", "0")]
    assert window.ui.statisticsNote.text() == "Encounter 1"


def test_the_whole_campaign_is_counted_with_a_progress_bar(qtbot, window, monkeypatch):
    from harmdesk.report import recap_source
    monkeypatch.setattr(recap_source, "CHUNK", 1)  # a report after every row
    c = window.controller
    for _ in range(3):
        assert c.submit({"type": "damage", "target": "heavy", "amount": 3, "source": "hagr"})
    window.ui.actionShowStatistics.trigger()
    shown_rows(qtbot, window, 2)
    seen: list[int] = []
    bar = window.ui.statisticsProgress
    bar.valueChanged.connect(lambda v: seen.append(v) if bar.isVisible() else None)
    combo = window.ui.statisticsScope
    combo.setCurrentIndex(combo.findData("campaign"))
    qtbot.waitUntil(lambda: window.statistics.task is None
                    and window.ui.statisticsNote.text().startswith("The whole campaign"),
                    timeout=20000)
    assert seen and seen == sorted(seen) and not bar.isVisible()
    assert table(window)[0][:3] == ("The Heavy", "0", "3")
