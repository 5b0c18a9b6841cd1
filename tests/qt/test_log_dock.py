"""The log dock: sessions newest first, events with their explanations, filter, highlight."""

import re
from datetime import datetime

import pytest
from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt
from PySide6.QtTest import QTest

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.qt.controller import DeskController
from harmdesk.qt.log_dock import LogDock
from harmdesk.qt.log_model import TIME, EntryIdRole, GroupKeyRole, LogModel, TargetsRole, UndoneRole
from harmdesk.qt.log_rows import build_groups, session_title
from harmdesk.store import LogEntry, Store

from . import kit

PARTY = [
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2},
    {"id": "vahid", "name": "Vahid", "kind": "pc", "max_hp": 16},
    {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 16, "armor": 2,
     "attack": {"dice": "d10+3", "tags": ["forceful"]}},
]


@pytest.fixture
def log_store(tmp_path):
    store = Store.open(tmp_path)
    Campaign.create(store, "Wood", "stonetop", {"prosperity": 1}, PARTY)
    Campaign.create(store, "Empty", "stonetop", {}, PARTY[:1])
    yield store
    store.close()


@pytest.fixture
def desk(qtbot, log_store):
    controller = DeskController()
    controller.set_service(Service.on(Campaign.open(log_store, "Wood")))
    return controller


def played(desk):
    """Two steps outside any session, then a session with a two-target step."""
    assert desk.submit({"type": "damage", "target": "vahid", "amount": 3})
    assert desk.submit({"type": "mark_debility", "target": "vahid", "debility": "dazed"})
    desk.start_play_session("The hagr")
    assert desk.submit({"type": "damage", "target": ["heavy", "vahid"], "amount": 5,
                        "piercing": 1})
    assert desk.submit({"type": "heal", "target": "heavy", "amount": 2})


def top(model):
    return [model.index(r, 0).data() for r in range(model.rowCount())]


def children(model, row):
    parent = model.index(row, 0)
    return [model.index(r, 0, parent) for r in range(model.rowCount(parent))]


def test_the_model_passes_the_model_tester(qtmodeltester, desk):
    played(desk)
    model = LogModel(desk, limit=3)
    assert model.rowCount() == 3  # the session, outside, and the cut row
    qtmodeltester.check(model)
    # the tester stays attached and checks the inserts, marks and resets of later steps too
    assert desk.submit({"type": "heal", "target": "vahid", "amount": 1})
    desk.stack.undo()
    desk.stack.undo()
    assert [i.data(UndoneRole) for i in children(model, 0)] == [True, True, False, False]
    assert desk.submit({"type": "heal", "target": "vahid", "amount": 2})
    assert [i.data(UndoneRole) for i in children(model, 0)] == [False, False, False]


def test_a_step_in_the_open_session_inserts_rows_without_a_reset(qtbot, desk):
    played(desk)
    model = LogModel(desk)
    resets, inserted = [], []
    model.modelReset.connect(lambda: resets.append(1))
    model.rowsInserted.connect(lambda parent, first, last: inserted.append(
        (parent.row(), first, last)))
    assert desk.submit({"type": "damage", "target": ["heavy", "vahid"], "amount": 1})
    assert resets == [] and inserted == [(0, 0, 1)]
    assert children(model, 0)[0].data(TargetsRole) == ["heavy", "vahid"]
    assert len(children(model, 0)) == 5


def test_sessions_newest_first_then_outside_any_session(desk):
    played(desk)
    model = LogModel(desk)
    titles = top(model)
    assert re.fullmatch(r"Session 1 — The hagr · \d{1,2} \w{3} \d{4} \(in play\)", titles[0])
    assert titles[1] == "Outside any session"
    # newest first; the events of one step (the two-target hit) in their own order
    assert [i.data() for i in children(model, 0)] == [
        "#4 The Heavy regains 2 HP; 16 → 18 HP",
        "#3 The Heavy takes 5 damage; armor 2 − 1 piercing = 1; 5 − 1 = 4 HP lost; 20 → 16 HP",
        "#3 Vahid takes 5 damage; armor 0 − 1 piercing = 0; 5 − 0 = 5 HP lost; 13 → 8 HP"]
    assert [i.data() for i in children(model, 1)] == [
        "#2 Vahid marks dazed",
        "#1 Vahid takes 3 damage; armor 0; 3 − 0 = 3 HP lost; 16 → 13 HP"]


def test_roles_carry_all_targets_of_the_step_and_the_entry_id(desk, log_store):
    played(desk)
    model = LogModel(desk)
    hit = children(model, 0)[1]
    entries = log_store.log(desk.service.campaign.info.id)
    assert hit.data(TargetsRole) == ["heavy", "vahid"]
    assert children(model, 0)[2].data(TargetsRole) == ["heavy", "vahid"]
    assert hit.data(EntryIdRole) == entries[2].id
    assert model.index(0, 0).data(TargetsRole) == []
    assert model.index(0, 0).data(GroupKeyRole) == entries[2].session_id


def test_the_time_column_is_local_hours_and_minutes(desk, log_store):
    played(desk)
    model = LogModel(desk)
    entry = log_store.log(desk.service.campaign.info.id)[-1]
    when = datetime.fromisoformat(entry.applied_at).astimezone()
    first = children(model, 0)[0]
    assert first.siblingAtColumn(TIME).data() == when.strftime("%H:%M")


def test_undone_steps_stay_struck_through_until_a_new_step_replaces_them(desk, log_store):
    played(desk)
    model = LogModel(desk)
    assert len(children(model, 0)) == 3
    desk.stack.undo()  # the heal
    heal = children(model, 0)[0]
    assert "regains 2 HP" in heal.data() and heal.data(UndoneRole)
    assert heal.data(Qt.ItemDataRole.FontRole).strikeOut()
    assert heal.data(Qt.ItemDataRole.ForegroundRole) is not None  # greyed
    assert heal.siblingAtColumn(TIME).data() == "undone"
    assert "Double-click to redo" in heal.data(Qt.ItemDataRole.ToolTipRole)
    damage = children(model, 0)[1]
    assert not damage.data(UndoneRole) and damage.data(Qt.ItemDataRole.FontRole) is None
    assert log_store.history(desk.service.campaign.info.id) == (3, 1)
    desk.stack.redo()
    assert not children(model, 0)[0].data(UndoneRole)
    desk.stack.undo()
    assert desk.submit({"type": "heal", "target": "vahid", "amount": 1})  # drops the redo
    assert not any("regains 2 HP" in i.data() for i in children(model, 0))
    assert log_store.history(desk.service.campaign.info.id) == (4, 0)


def test_the_details_name_the_rules_but_the_text_does_not(desk):
    played(desk)
    model = LogModel(desk)
    damage = children(model, 0)[1]
    assert "(ST-" not in damage.data()
    tip = damage.data(Qt.ItemDataRole.ToolTipRole)
    assert "Rules: ST-1, ST-3, ST-5, ST-6" in tip
    assert "Rules: ST-13" in children(model, 1)[0].data(Qt.ItemDataRole.ToolTipRole)


def test_only_the_newest_rows_are_read_and_older_pages_come_in_on_demand(desk):
    played(desk)
    pages = []
    real_page = desk.service.log_page
    desk.service.log_page = lambda before, limit: pages.append((before, limit)) or \
        real_page(before, limit)
    model = LogModel(desk, limit=3)
    assert top(model)[-1] == "… older steps: scroll down (or double-click here) to read them"
    cut = model.index(model.rowCount() - 1, 0)
    assert not cut.flags() & Qt.ItemFlag.ItemIsSelectable
    # the oldest step (3 damage to Vahid) is not read; the three newest rows are
    assert pages == [(None, 4)]
    assert model.event_count() == 4
    assert len(children(model, 1)) == 1
    assert model.has_older()
    model.read_older()
    # the next page goes under its own session, after the rows shown, and the cut row goes
    assert pages[-1] == (2, 4)  # before the oldest row read (seq 2), one more than a page
    assert top(model) == [top(model)[0], "Outside any session"]
    assert [i.data() for i in children(model, 1)] == [
        "#2 Vahid marks dazed",
        "#1 Vahid takes 3 damage; armor 0; 3 − 0 = 3 HP lost; 16 → 13 HP"]
    assert not model.has_older()


def test_older_pages_fill_their_sessions_and_a_refresh_keeps_them(desk, log_store):
    played(desk)
    desk.start_play_session("The second night")  # ends the hagr's session
    for amount in (1, 2):
        assert desk.submit({"type": "heal", "target": "vahid", "amount": amount})
    model = LogModel(desk, limit=2)
    titles = lambda: [t.split(" ·")[0] for t in top(model)]  # noqa: E731
    cut = "… older steps: scroll down (or double-click here) to read them"
    assert titles() == ["Session 2 — The second night", "Session 1 — The hagr", cut]
    assert children(model, 1) == []  # its rows are older than the first page
    model.read_older()
    assert len(children(model, 1)) == 3 and titles()[-1] == cut
    model.read_older()
    # the steps outside any session come in last, in a group of their own; nothing is cut
    assert titles() == ["Session 2 — The second night", "Session 1 — The hagr",
                        "Outside any session"]
    assert model.event_count() == 7
    # a refresh (an undo, then a new step) reads as deep as the GM had scrolled
    desk.stack.undo()
    assert desk.submit({"type": "heal", "target": "vahid", "amount": 3})
    assert titles()[-1] == "Outside any session" and model.event_count() == 7


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_scrolling_the_dock_to_the_bottom_reads_the_older_rows(qtbot, desk, log_store):
    for i in range(80):
        assert desk.submit({"type": "heal" if i % 2 else "damage", "target": "heavy",
                            "amount": 1})
    dock = LogDock(desk, limit=25)  # more rows than the dock shows at once
    qtbot.addWidget(dock)
    dock.resize(420, 250)
    dock.show()
    kit.laid_out(qtbot, dock)
    tree = dock.ui.tree
    assert dock.model.event_count() == 25
    bar = tree.verticalScrollBar()

    def read_to_the_end() -> bool:
        bar.setValue(bar.maximum())  # the view asks its model for more at the bottom
        return not dock.model.has_older()

    qtbot.waitUntil(read_to_the_end, timeout=20000)
    assert dock.model.event_count() == 80
    assert len(log_store.log(desk.service.campaign.info.id)) == 80
    assert top(dock.model) == ["Outside any session"]


def test_refreshes_on_changes_sessions_and_campaigns(desk, log_store):
    model = LogModel(desk)
    assert model.rowCount() == 0
    assert desk.submit({"type": "damage", "target": "vahid", "amount": 1})
    assert top(model) == ["Outside any session"]
    desk.start_play_session("Night two")
    assert top(model)[0].startswith("Session 1 — Night two")
    assert children(model, 0) == []
    desk.end_play_session()
    assert not top(model)[0].endswith("(in play)")
    desk.set_service(Service.on(Campaign.open(log_store, "Empty")))
    assert model.rowCount() == 0


def test_session_title_and_a_step_without_events():
    session = {"id": 7, "number": 3, "title": "The hagr", "started": "2026-11-30T12:00:00+00:00",
               "ended": "2026-11-30T15:00:00+00:00"}
    assert session_title(session) == "Session 3 — The hagr · 30 Nov 2026"
    entry = LogEntry(1, 1, 7, {"type": "end_scene"}, [], {}, {}, None, None, False,
                     "2026-11-30T13:00:00+00:00")
    groups = build_groups([session], [entry], cut=False)
    assert [r.text for r in groups[0].rows] == ["end scene"]


# the dock ------------------------------------------------------------------------------
@pytest.fixture
def dock(qtbot, desk):
    played(desk)
    widget = LogDock(desk)
    qtbot.addWidget(widget)
    widget.resize(420, 500)
    return widget


def shown_children(dock, row):
    shown = dock.shown()
    parent = shown.index(row, 0)
    return [shown.index(r, 0, parent) for r in range(shown.rowCount(parent))]


def test_the_newest_session_is_expanded_and_stays_so(dock, desk):
    tree, shown = dock.ui.tree, dock.shown()
    assert tree.isExpanded(shown.index(0, 0)) and not tree.isExpanded(shown.index(1, 0))
    tree.expand(shown.index(1, 0))
    assert desk.submit({"type": "heal", "target": "vahid", "amount": 1})
    assert tree.isExpanded(shown.index(0, 0)) and tree.isExpanded(shown.index(1, 0))
    assert tree.wordWrap() and tree.alternatingRowColors()


def test_the_filter_keeps_matching_events_with_their_sessions(dock):
    dock.ui.filterEdit.setText("DAZED")
    assert dock.shown().rowCount() == 1
    assert dock.shown().index(0, 0).data() == "Outside any session"
    assert [i.data() for i in shown_children(dock, 0)] == ["#2 Vahid marks dazed"]
    assert dock.ui.tree.isExpanded(dock.shown().index(0, 0))
    dock.ui.filterEdit.setText("no such thing")
    assert dock.shown().rowCount() == 0
    assert "Nothing in the log matches" in dock.ui.statusLabel.text()
    dock.ui.filterEdit.clear()
    assert dock.shown().rowCount() == 2 and dock.ui.statusLabel.isHidden()


def test_selecting_an_event_highlights_its_characters(qtbot, dock):
    tree, shown = dock.ui.tree, dock.shown()
    flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | \
        QItemSelectionModel.SelectionFlag.Rows
    hit = shown_children(dock, 0)[1]
    with qtbot.waitSignal(dock.highlight, timeout=20000) as blocker:
        tree.selectionModel().select(hit, flags)
    assert blocker.args == [["heavy", "vahid"]]
    with qtbot.waitSignal(dock.highlight, timeout=20000) as blocker:
        tree.selectionModel().select(shown.index(0, 0), flags)
    assert blocker.args == [[]]


def test_the_highlight_follows_the_selected_row_through_changes(qtbot, dock, desk, log_store):
    flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | \
        QItemSelectionModel.SelectionFlag.Rows
    dock.ui.tree.selectionModel().select(shown_children(dock, 0)[1], flags)
    assert dock.ui.tree.selectionModel().selectedRows()[0].data(TargetsRole) == \
        ["heavy", "vahid"]
    with qtbot.assertNotEmitted(dock.highlight):  # a new step leaves the selection alone
        assert desk.submit({"type": "heal", "target": "vahid", "amount": 1})
    assert dock.ui.tree.selectionModel().selectedRows()[0].data(TargetsRole) == \
        ["heavy", "vahid"]
    with qtbot.waitSignal(dock.highlight, timeout=20000) as blocker:
        desk.set_service(Service.on(Campaign.open(log_store, "Empty")))
    assert blocker.args == [[]]


def test_an_empty_log_says_so(qtbot, log_store):
    controller = DeskController()
    controller.set_service(Service.on(Campaign.open(log_store, "Empty")))
    widget = LogDock(controller)
    qtbot.addWidget(widget)
    assert "Nothing has happened yet" in widget.ui.statusLabel.text()
    assert widget.shown().rowCount() == 0
    assert widget.model.index(0, 0) == QModelIndex()


def test_undoing_the_selected_step_keeps_it_selected_and_marks_it(qtbot, dock, desk):
    flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | \
        QItemSelectionModel.SelectionFlag.Rows
    with qtbot.waitSignal(dock.highlight, timeout=20000) as blocker:
        dock.ui.tree.selectionModel().select(shown_children(dock, 0)[0], flags)
    assert blocker.args == [["heavy"]]
    with qtbot.assertNotEmitted(dock.highlight):
        desk.stack.undo()  # the heal of The Heavy is undone; its row stays, struck through
    selected = dock.ui.tree.selectionModel().selectedRows()
    assert len(selected) == 1 and selected[0].data(UndoneRole)


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_redo_up_to_here_redoes_the_older_undone_steps_too(qtbot, dock, desk, log_store):
    cid = desk.service.campaign.info.id
    for _ in range(3):  # the heal, the two-target damage, then dazed (outside any session)
        desk.stack.undo()
    assert log_store.history(cid) == (1, 3)
    damage = next(i for i in shown_children(dock, 0) if "The Heavy takes" in i.data())
    assert damage.data(UndoneRole)
    menu = dock.context_menu(damage)
    redo = next(a for a in menu.actions() if a.text() == "&Redo up to here")
    assert redo.isEnabled()
    redo.trigger()
    # dazed and the damage are back; the newer heal stays undone
    assert log_store.history(cid) == (3, 1)
    chars = desk.state["characters"]
    assert chars["heavy"]["hp"] == 16 and chars["vahid"]["debilities"] == ["dazed"]
    saved = log_store.characters(cid)
    assert saved["heavy"]["hp"] == 16 and saved["vahid"]["debilities"] == ["dazed"]
    rows = shown_children(dock, 0)
    assert [i.data(UndoneRole) for i in rows] == [True, False, False]
    assert desk.stack.canRedo() and desk.stack.index() == 3
    # a step in force offers nothing to redo, by menu or by double-click
    assert not next(a for a in dock.context_menu(rows[1]).actions()
                    if a.text() == "&Redo up to here").isEnabled()
    assert not dock.redo_at(rows[1]) and log_store.history(cid) == (3, 1)
    dock.show()
    kit.laid_out(qtbot, dock)
    tree = dock.ui.tree
    at = tree.visualRect(rows[0]).center()
    none = Qt.KeyboardModifier.NoModifier
    QTest.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, none, at)  # focus, select
    QTest.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, none, at)
    assert log_store.history(cid) == (4, 0) and not shown_children(dock, 0)[0].data(UndoneRole)
