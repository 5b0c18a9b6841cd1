"""The log dock follows each step in place: no reread of the log, no reset, no proxy
re-mapping, row heights measured once per width. And a drop touches only its tile."""

import pytest
from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QStyledItemDelegate, QTreeView

from harmdesk.qt.log_dock import LogDock
from harmdesk.qt.log_model import LogModel, SeqRole, UndoneRole
from harmdesk.qt.log_rows import build_groups

from . import kit, test_log_dock
from .test_log_dock import children, played, top

# the log dock's own campaign and controller
log_store, desk = test_log_dock.log_store, test_log_dock.desk

SELECT = QItemSelectionModel.SelectionFlag.ClearAndSelect | \
    QItemSelectionModel.SelectionFlag.Rows


def model_rows(model) -> list[list[tuple[str, bool]]]:
    return [[(i.data(), i.data(UndoneRole)) for i in children(model, g)]
            for g in range(model.rowCount())]


def store_rows(desk, log_store) -> list[list[tuple[str, bool]]]:
    """What a fresh read of the whole log shows: the rows the dock must be showing."""
    campaign = desk.service.campaign.info.id
    groups = build_groups(log_store.play_sessions(campaign),
                          log_store.log(campaign, include_undone=True), False)
    return [[(r.shown, r.undone) for r in g.rows] for g in groups]


def reads(desk) -> list:
    """Record every page the dock reads from the store."""
    pages, real = [], desk.service.log_page
    desk.service.log_page = lambda before, limit: pages.append((before, limit)) or \
        real(before, limit)
    return pages


def watch(model) -> tuple[list, list, list, list]:
    """Resets; rows removed and inserted (group, first, last); rows changed (group,
    first, last, last column)."""
    resets, removed, inserted, changed = [], [], [], []
    model.modelReset.connect(lambda: resets.append(1))
    model.rowsRemoved.connect(lambda parent, first, last: removed.append(
        (parent.row(), first, last)))
    model.rowsInserted.connect(lambda parent, first, last: inserted.append(
        (parent.row(), first, last)))
    model.dataChanged.connect(lambda a, b, *_: changed.append(
        (a.parent().row(), a.row(), b.row(), b.column())))
    return resets, removed, inserted, changed


def test_a_step_after_undos_drops_the_struck_rows_in_place(qtbot, desk, log_store):
    played(desk)
    model = LogModel(desk)
    desk.stack.undo()  # the heal
    desk.stack.undo()  # the two-target damage (two rows)
    assert [u for _, u in model_rows(model)[0]] == [True, True, True]
    pages, (resets, removed, inserted, changed) = reads(desk), watch(model)
    assert desk.submit({"type": "heal", "target": "vahid", "amount": 1})
    # the new row takes the first struck row's place, the other two go as one run: no
    # reread, no reset, and the tree repaints the changed row rather than the whole log
    assert (pages, resets, removed, inserted) == ([], [], [(0, 1, 2)], [])
    assert changed == [(0, 0, 0, 1)]
    assert model_rows(model)[0] == [("#3 Vahid regains 1 HP; 13 → 14 HP", False)]
    assert model_rows(model) == store_rows(desk, log_store)
    assert log_store.history(desk.service.campaign.info.id) == (3, 0)


def test_a_step_with_more_rows_than_were_undone_inserts_only_the_difference(
        qtbot, desk, log_store):
    played(desk)
    model = LogModel(desk)
    desk.stack.undo()  # the heal: one struck row on top
    resets, removed, inserted, changed = watch(model)
    assert desk.submit({"type": "damage", "target": ["heavy", "vahid"], "amount": 1})
    assert (resets, removed, inserted, changed) == ([], [], [(0, 1, 1)], [(0, 0, 0, 1)])
    assert [u for _, u in model_rows(model)[0]] == [False] * 4
    assert model_rows(model) == store_rows(desk, log_store)


def test_a_selected_struck_row_is_not_handed_to_the_new_step(qtbot, dock, desk, log_store):
    """The GM's pick stays with the step picked: when it is replaced, its row goes (and
    the pick with it) rather than showing the new step under the old selection."""
    desk.stack.undo()  # the heal
    model, tree = dock.model, dock.ui.tree
    struck = children(model, 0)[0]
    assert struck.data(UndoneRole)
    tree.selectionModel().select(struck, SELECT)
    assert dock._shown == ["heavy"]  # the heal's target is picked out on the desk
    _resets, removed, inserted, changed = watch(model)
    with qtbot.waitSignal(dock.highlight) as told:
        assert desk.submit({"type": "heal", "target": "vahid", "amount": 1})
    assert (removed, inserted, changed) == ([(0, 0, 0)], [(0, 0, 0)], [])
    assert told.args == [[]] and tree.selectionModel().selectedRows() == []
    assert model_rows(model) == store_rows(desk, log_store)


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_a_replaced_row_takes_the_height_of_its_new_text(qtbot, dock, desk, log_store):
    dock.show()
    kit.laid_out(qtbot, dock)
    tree = dock.ui.tree
    desk.stack.undo()  # the heal: a one-line row
    short = tree.visualRect(children(dock.model, 0)[0]).height()
    assert desk.submit({"type": "damage", "target": "vahid", "amount": 2, "piercing": 2})
    row = children(dock.model, 0)[0]
    assert not row.data(UndoneRole) and row.data() == store_rows(desk, log_store)[0][0][0]
    fresh = LogDock(desk)
    qtbot.addWidget(fresh)
    fresh.resize(dock.size())
    fresh.show()
    kit.laid_out(qtbot, fresh)
    # the same height a fresh read of the log gives the row at this width: taller, as
    # the damage's explanation wraps where the heal's did not
    tall = tree.visualRect(row).height()
    assert tall == fresh.ui.tree.visualRect(children(fresh.model, 0)[0]).height() > short


def test_undone_rows_in_an_older_session_go_too(qtbot, desk, log_store):
    played(desk)
    model = LogModel(desk)
    for _ in range(3):  # the heal, the damage, then dazed (outside any session)
        desk.stack.undo()
    desk.start_play_session("Night two")
    pages = reads(desk)
    assert desk.submit({"type": "heal", "target": "heavy", "amount": 1})
    assert model_rows(model) == store_rows(desk, log_store)
    assert [text for g in model_rows(model) for text, undone in g if undone] == []
    assert pages == []  # the older groups lose their struck rows in place too


def test_a_whole_group_undone_outside_any_session_is_read_again(qtbot, desk, log_store):
    model = LogModel(desk)
    assert desk.submit({"type": "damage", "target": "vahid", "amount": 3})
    desk.stack.undo()
    desk.start_play_session("The hagr")
    assert desk.submit({"type": "damage", "target": "heavy", "amount": 1})
    # the steps outside any session are gone from the store, and their group with them
    assert top(model)[0].startswith("Session 1 — The hagr") and model.rowCount() == 1
    assert model_rows(model) == store_rows(desk, log_store)


def test_steps_outside_any_session_are_followed_in_place(qtbot, desk, log_store):
    model = LogModel(desk)
    pages, (resets, removed, inserted, _) = reads(desk), watch(model)
    assert desk.submit({"type": "damage", "target": "vahid", "amount": 3})
    assert desk.submit({"type": "damage", "target": "heavy", "amount": 1})
    desk.stack.undo()
    assert desk.submit({"type": "heal", "target": "vahid", "amount": 2})
    # the first step makes the group (a read); the rest go in where they belong
    assert len(pages) == 1 and len(resets) == 1
    assert inserted == [(0, 0, 0)] and removed == []
    assert top(model) == ["Outside any session"]
    assert model_rows(model) == store_rows(desk, log_store)
    assert [(text[:16], undone) for text, undone in model_rows(model)[0]] == \
        [("#2 Vahid regains", False), ("#1 Vahid takes 3", False)]
    desk.stack.undo()
    assert model_rows(model)[0][0] == ("#2 Vahid regains 2 HP; 13 → 15 HP", True)
    assert len(pages) == 1 and model_rows(model) == store_rows(desk, log_store)


def test_a_step_outside_any_session_after_one_ended_is_read_again(qtbot, desk, log_store):
    played(desk)  # two steps outside any session, then a session
    model = LogModel(desk)
    desk.end_play_session()
    pages = reads(desk)
    assert desk.submit({"type": "heal", "target": "vahid", "amount": 1})
    # their group is not the newest: the log is read again, to put it in its place
    assert len(pages) == 1
    assert model_rows(model) == store_rows(desk, log_store)
    assert ("#5 Vahid regains 1 HP; 8 → 9 HP", False) in model_rows(model)[
        top(model).index("Outside any session")]


# the filter's proxy ---------------------------------------------------------------------
@pytest.fixture
def dock(qtbot, desk):
    played(desk)
    widget = LogDock(desk)
    qtbot.addWidget(widget)
    widget.resize(420, 500)
    return widget


def test_the_proxy_is_under_the_tree_only_while_filtering(qtbot, dock, desk):
    assert dock.shown() is dock.model and dock.proxy.sourceModel() is None
    dock.ui.filterEdit.setText("dazed")
    assert dock.shown() is dock.proxy and dock.proxy.sourceModel() is dock.model
    assert dock.proxy.rowCount() == 1
    # a step while filtering goes through the proxy, and is filtered like the rest
    assert desk.submit({"type": "mark_debility", "target": "heavy", "debility": "dazed"})
    session = dock.proxy.index(0, 0)
    assert [dock.proxy.index(r, 0, session).data() for r in range(dock.proxy.rowCount(session))] \
        == ["#5 The Heavy marks dazed"]
    dock.ui.filterEdit.clear()
    assert dock.shown() is dock.model and dock.proxy.sourceModel() is None
    # no proxy signals on a step now: it has no source to follow
    with qtbot.assertNotEmitted(dock.proxy.rowsInserted):
        assert desk.submit({"type": "heal", "target": "vahid", "amount": 1})
    assert dock.ui.tree.model().rowCount(dock.ui.tree.model().index(0, 0)) == 5


def test_the_selected_row_and_open_sessions_survive_the_filter(qtbot, dock, desk):
    tree = dock.ui.tree
    tree.expand(dock.model.index(1, 0))  # the GM opens the steps outside any session
    dazed = children(dock.model, 1)[0]
    assert dazed.data() == "#2 Vahid marks dazed"
    with qtbot.waitSignal(dock.highlight, timeout=20000):
        tree.selectionModel().select(dazed, SELECT)
    with qtbot.assertNotEmitted(dock.highlight):
        dock.ui.filterEdit.setText("dazed")
        picked = tree.selectionModel().selectedRows()
        assert [i.data() for i in picked] == ["#2 Vahid marks dazed"]
        assert picked[0].model() is dock.proxy
        dock.ui.filterEdit.clear()
    picked = tree.selectionModel().selectedRows()
    assert [i.data() for i in picked] == ["#2 Vahid marks dazed"]
    assert picked[0].model() is dock.model
    assert tree.isExpanded(dock.model.index(0, 0)) and tree.isExpanded(dock.model.index(1, 0))
    # a selected row the filter hides is no longer picked out on the desk
    with qtbot.waitSignal(dock.highlight, timeout=20000) as blocker:
        dock.ui.filterEdit.setText("regains")
    assert blocker.args == [[]] and tree.selectionModel().selectedRows() == []


def test_the_columns_keep_their_sizing_through_the_switch(qtbot, dock):
    header = dock.ui.tree.header()
    time_width = header.sectionSize(1)
    for text in ("heavy", ""):
        dock.ui.filterEdit.setText(text)
        assert header.sectionResizeMode(0) == header.ResizeMode.Stretch
        assert header.sectionResizeMode(1) == header.ResizeMode.Fixed
        assert header.sectionSize(1) == time_width


# row heights ----------------------------------------------------------------------------
@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_a_row_is_measured_again_when_the_column_narrows_and_once_per_width(qtbot, dock,
                                                                             desk):
    dock.show()
    kit.laid_out(qtbot, dock)
    tree, delegate = dock.ui.tree, dock.sizes
    hit = children(dock.model, 0)[1]  # "The Heavy takes 5 damage; armor 2 − 1 piercing …"
    wide = tree.visualRect(hit).height()
    dock.resize(200, 500)
    qtbot.waitUntil(lambda: tree.visualRect(hit).height() > wide, timeout=20000)
    narrow = tree.visualRect(hit).height()
    dock.resize(420, 500)
    qtbot.waitUntil(lambda: tree.visualRect(hit).height() == wide, timeout=20000)
    kept = delegate.measured()
    # a step measures its own new row only: the others' sizes are kept for this width
    assert desk.submit({"type": "heal", "target": "vahid", "amount": 1})
    QTest.qWait(0)
    tree.viewport().repaint()
    assert delegate.measured() - kept <= 2  # its text and time cells, if not seen before
    assert tree.visualRect(children(dock.model, 0)[2]).height() == wide
    assert narrow > wide


# the tiles ------------------------------------------------------------------------------
def test_a_step_changes_only_the_touched_tiles_row(qtbot, desk, log_store):
    from harmdesk.qt.desk_model import BAR, DeskModel
    model = DeskModel(desk)
    model.reload()
    changed, resets = [], []
    model.dataChanged.connect(lambda first, last, roles: changed.append(
        (first.row(), last.row())))
    model.modelReset.connect(lambda: resets.append(1))
    heavy = model.row_of("heavy")
    assert desk.submit({"type": "damage", "target": "heavy", "amount": 4})
    # armor 2: 2 HP lost; only The Heavy's row is told, and it shows the new HP
    assert changed == [(heavy, heavy)] and resets == []
    assert model.index(heavy, BAR).data().startswith("18")
    saved = log_store.characters(desk.service.campaign.info.id)
    assert saved["heavy"]["hp"] == 18 and saved["vahid"]["hp"] == 16
    changed.clear()
    desk.stack.undo()
    assert changed == [(heavy, heavy)] and model.index(heavy, BAR).data().startswith("20")


def test_the_tree_lays_out_events_without_asking_for_their_children(qtbot, desk):
    """An event never has rows under it (ItemNeverHasChildren): laying out the log after
    a step asks the model nothing about the children of its hundreds of events."""
    played(desk)
    asked = []

    class Counting(LogModel):
        def rowCount(self, parent=QModelIndex()):
            if parent.isValid() and parent.parent().isValid():  # an event
                asked.append(parent.row())
            return super().rowCount(parent)

        def hasChildren(self, parent=QModelIndex()):
            if parent.isValid() and parent.parent().isValid():  # an event
                asked.append(parent.row())
            return super().hasChildren(parent)

    model = Counting(desk)
    tree = QTreeView()
    qtbot.addWidget(tree)
    tree.setModel(model)
    tree.expandAll()
    tree.show()
    tree.doItemsLayout()
    events = children(model, 0)
    assert len(events) == 3 and all(tree.visualRect(i).isValid() for i in events)
    assert all(not model.hasChildren(i) for i in events)
    assert model.flags(events[0]) & Qt.ItemFlag.ItemNeverHasChildren
    assert not model.flags(model.index(0, 0)) & Qt.ItemFlag.ItemNeverHasChildren
    asked.clear()
    assert desk.submit({"type": "heal", "target": "vahid", "amount": 1})
    tree.doItemsLayout()
    assert len(children(model, 0)) == 4 and asked == []


class CountedRows(list):
    """A group's rows that count how many of them a walk reads."""

    read = 0

    def __getitem__(self, index):
        CountedRows.read += 1
        return super().__getitem__(index)

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]


def test_a_drop_reads_only_the_undone_rows_that_lead_the_log(qtbot, desk):
    """The undone steps are the newest: a step finds them at the log's head and stops at
    the first row still applied, however long the night (it read every row of every
    group on each drop)."""
    for _ in range(30):
        assert desk.submit({"type": "damage", "target": "vahid", "amount": 0})
    model = LogModel(desk)
    desk.stack.undo()
    for group in model._groups:
        group.rows = CountedRows(group.rows)
    CountedRows.read = 0
    assert model._drop_undone()
    assert CountedRows.read == 2   # the one undone row, then the applied one below it
    assert len(model._groups[0].rows) == 29


def nights_work(desk, steps: int) -> None:
    for _ in range(steps):
        assert desk.submit({"type": "damage", "target": "vahid", "amount": 0})


def test_a_long_night_keeps_the_rows_the_tree_lays_out_a_few_pages_deep(qtbot, desk):
    """Each row put into an open group has the tree lay out every open row again: the
    model holds the newest pages only (up to twice what it read), so the hundredth step
    of a night is laid out as quickly as the first; it held every step of the night."""
    laid = set()

    class Counting(LogModel):
        def flags(self, index):
            if index.isValid() and index.parent().isValid():  # an event the tree lays out
                laid.add(index.data(SeqRole))
            return super().flags(index)

    nights_work(desk, 5)
    model = Counting(desk, limit=5)
    tree = QTreeView()
    qtbot.addWidget(tree)
    tree.setModel(model)
    tree.expandAll()
    tree.show()
    nights_work(desk, 60)
    tree.doItemsLayout()
    laid.clear()
    nights_work(desk, 1)
    tree.doItemsLayout()
    assert 5 <= model.event_count() <= 10
    assert 66 in laid and len(laid) <= 10  # the newest step, and no more than two pages
    assert top(model)[-1] == "… older steps: scroll down (or double-click here) to read them"


def test_the_rows_let_go_are_read_again_as_a_refresh_reads_them(qtbot, desk, log_store):
    played(desk)
    model = LogModel(desk, limit=3)
    nights_work(desk, 20)
    assert model.event_count() <= 6 and model.has_older()
    held = [i.data(SeqRole) for g in range(model.rowCount()) for i in children(model, g)]
    assert held == list(range(24, 24 - len(held), -1))  # the newest, none left out
    pages = reads(desk)
    while model.has_older():
        model.read_older()
    # the older pages are read from the oldest row held, and the log reads as the store's
    assert pages[0] == (min(held), 4)
    assert model_rows(model) == store_rows(desk, log_store)


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_the_selected_row_and_the_rows_in_view_are_kept(qtbot, desk, log_store):
    nights_work(desk, 40)
    dock = LogDock(desk, limit=10)
    qtbot.addWidget(dock)
    dock.resize(420, 200)  # fewer rows than a page in view
    dock.show()
    kit.laid_out(qtbot, dock)
    tree, model = dock.ui.tree, dock.model
    oldest = children(model, 0)[-1]
    tree.selectionModel().select(oldest, SELECT)
    picked = oldest.data(SeqRole)
    tree.verticalScrollBar().setValue(3)  # the GM looks a few rows down
    for _ in range(25):  # more than twice the page on top of it
        lowest = dock.lowest_shown().data(SeqRole)
        assert lowest is not None
        nights_work(desk, 1)
        seqs = [i.data(SeqRole) for i in children(model, 0)]
        assert lowest in seqs and picked in seqs
    assert dock.selected_seq() == picked and model.event_count() > 20
    tree.selectionModel().clear()
    tree.selectionModel().setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.Clear)
    nights_work(desk, 1)
    assert model.event_count() <= 20 and picked not in [
        i.data(SeqRole) for i in children(model, 0)]


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
def test_the_tree_measures_no_cell_as_it_lays_the_rows_out(qtbot, desk):
    """Every cell carries its row's height, the time's as well as the text's (its one line
    is never the taller): laying the log out after a step measures no text."""
    measured = []

    class Counting(QStyledItemDelegate):
        def sizeHint(self, option, index):
            if index.data(Qt.ItemDataRole.SizeHintRole) is None:
                measured.append((index.row(), index.column()))
            return super().sizeHint(option, index)

    nights_work(desk, 40)
    dock = LogDock(desk)
    qtbot.addWidget(dock)
    dock.resize(420, 300)
    dock.show()
    kit.laid_out(qtbot, dock)
    tree = dock.ui.tree
    tree.setItemDelegate(Counting(tree))
    nights_work(desk, 1)
    tree.doItemsLayout()
    tree.viewport().repaint()
    assert measured == []
    first = children(dock.model, 0)[0]
    assert first.siblingAtColumn(1).data(Qt.ItemDataRole.SizeHintRole) == \
        first.data(Qt.ItemDataRole.SizeHintRole)
    assert dock.model.index(0, 1).data(Qt.ItemDataRole.SizeHintRole) == \
        dock.model.index(0, 0).data(Qt.ItemDataRole.SizeHintRole)
