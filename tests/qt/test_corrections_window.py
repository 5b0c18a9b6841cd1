"""Correcting the past from the window: the log's numbers and struck rows, its entry menu
and Del, the preview of a revert, an edit or a rewind, and what confirming, cancelling and
undoing do to the desk, the log, the players' display and the database file."""

import json
import sqlite3
from contextlib import closing

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.profiles import profile_for
from harmdesk.qt.desk_model import CharacterRole
from harmdesk.qt.dialogs import correction as dialogs
from harmdesk.qt.dialogs.correction import (
    CheckpointDialog,
    CorrectionDialog,
    EditEntryDialog,
    offer_rewind,
)
from harmdesk.qt.log_model import TEXT, TIME, CorrectionRole, SeqRole, StruckRole
from harmdesk.store import Store

from . import kit

STONETOP = profile_for("stonetop")
UNTOUCHED = dict.fromkeys((1, 2, 3, 4), (None, False))  # the file's log before any correction

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

# ST-7: the hit that takes Vahid to 0 HP, and the Death's Door roll that follows from it
SCUFFLE = [{"type": "damage", "target": "vahid", "amount": 10},   # #1 16 → 6 HP
           {"type": "damage", "target": "vahid", "amount": 8},    # #2 6 → 0 HP: dying
           {"type": "deaths_door", "target": "vahid", "roll": 8},  # #3 out of the action
           {"type": "damage", "target": "heavy", "amount": 5}]    # #4 20 → 17 HP (armor 2)


def played(window, actions=SCUFFLE):
    for action in actions:
        assert window.controller.submit(action), action


def hp(window, cid):
    return window.controller.state["characters"][cid]["hp"]


def db_file(window):
    return window.controller.service.store.path


def file_rows(window):
    """seq → (struck_by, whether it is a correction row) as the database file holds them."""
    with closing(sqlite3.connect(f"file:{db_file(window)}?mode=ro", uri=True)) as db:
        return {seq: (struck, correction is not None) for seq, struck, correction in db.execute(
            "SELECT seq, struck_by, correction FROM log WHERE undone = 0 ORDER BY seq")}


def file_state(window, cid):
    with closing(sqlite3.connect(f"file:{db_file(window)}?mode=ro", uri=True)) as db:
        return json.loads(db.execute("SELECT state FROM character WHERE cid = ?",
                                     (cid,)).fetchone()[0])


def log_rows(window):
    """Every event row of the log dock, newest first: the index of its text cell."""
    model = window.log.model
    out = []
    for g in range(model.rowCount()):
        group = model.index(g, 0)
        out += [model.index(r, TEXT, group) for r in range(model.rowCount(group))]
    return out


def row_of(window, seq):
    return next(i for i in log_rows(window) if i.data(SeqRole) == seq)


def select(window, index):
    tree = window.log.ui.tree
    tree.selectionModel().select(index, QItemSelectionModel.SelectionFlag.ClearAndSelect
                                 | QItemSelectionModel.SelectionFlag.Rows)
    tree.setCurrentIndex(index)


def menu_items(window, index):
    menu = window.log.context_menu(index)
    items = {a.text().replace("&", ""): a for a in menu.actions() if a.text()}
    return menu, items


class Shown:
    """The preview dialogs that were shown, each read and answered as the GM would."""

    def __init__(self, monkeypatch, answer=QDialog.DialogCode.Accepted):
        self.dialogs, self.answer = [], answer
        shown = self

        def exec_(dialog):
            shown.dialogs.append({
                "title": dialog.windowTitle(),
                "intro": dialog.ui.introLabel.text(),
                "table": [[dialog.ui.affectedTable.item(r, c).text() for c in range(3)]
                          for r in range(dialog.ui.affectedTable.rowCount())],
                "struck": dialog.lines(dialog.ui.struckList),
                "reapplied": dialog.lines(dialog.ui.reappliedList),
                "button": dialog.ui.buttonBox.button(
                    dialog.ui.buttonBox.StandardButton.Ok).text().replace("&", "")})
            return shown.answer

        monkeypatch.setattr(CorrectionDialog, "exec", exec_)


# the log ---------------------------------------------------------------------------------
def test_each_row_shows_its_number_and_a_struck_row_stays_greyed_and_struck_through(
        window, monkeypatch):
    window.controller.start_play_session("The hagr")  # the log follows its steps in place
    played(window)
    Shown(monkeypatch)
    assert [i.data() for i in log_rows(window)][:2] == [
        "#4 The Heavy takes 5 damage; armor 2; 5 − 2 = 3 HP lost; 20 → 17 HP",
        "#3 Vahid at Death's Door rolls 8; 7–9: no longer dying, but out of the action at 0 HP"]
    assert window.corrections.revert(2)
    rows = {i.data(SeqRole): i for i in log_rows(window)}
    assert set(rows) == {1, 2, 3, 4, 5}  # the struck rows are never hidden
    assert rows[2].data(StruckRole) == 5 and rows[3].data(StruckRole) == 5
    for seq in (2, 3):
        assert rows[seq].data(Qt.ItemDataRole.FontRole).strikeOut()
        assert rows[seq].data(Qt.ItemDataRole.ForegroundRole) == \
            QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        assert "Struck by #5" in rows[seq].data(Qt.ItemDataRole.ToolTipRole)
        # the time is still the time: a struck row is not an undone one
        assert rows[seq].siblingAtColumn(TIME).data() != "undone"
    assert rows[4].data(StruckRole) is None and not rows[4].data(Qt.ItemDataRole.FontRole)
    # the correction row is one row, named as such, in italics
    correction = rows[5]
    assert correction.data(CorrectionRole)
    assert correction.data().startswith("#5 Revert #2: Vahid takes 8 damage")
    assert correction.data(Qt.ItemDataRole.FontRole).italic()


def test_the_entry_menu_offers_the_corrections_and_says_why_where_it_cannot(
        window, monkeypatch):
    played(window)
    menu, items = menu_items(window, row_of(window, 2))
    assert list(items) == ["Revert this entry…", "Edit this entry…", "Rewind to here…",
                           "Mark checkpoint here", "Redo up to here"]
    assert all(items[k].isEnabled() for k in list(items)[:4])
    Shown(monkeypatch)
    assert window.corrections.revert(2)
    for seq, why in ((2, "#2 was struck by #5: undo #5 instead."),
                     (3, "#3 was struck by #5: undo #5 instead."),
                     (5, "#5 is a correction: undo it (Ctrl+Z) instead.")):
        menu, items = menu_items(window, row_of(window, seq))
        assert menu.toolTipsVisible()
        for words in ("Revert this entry…", "Edit this entry…", "Rewind to here…"):
            assert not items[words].isEnabled() and items[words].toolTip() == why
        assert items["Mark checkpoint here"].isEnabled()
    # a checkpoint marked on an entry is the desk as it was after it
    items["Mark checkpoint here"].trigger()
    assert window.controller.checkpoints()[0].seq == 5
    _menu, items = menu_items(window, row_of(window, 1))
    items["Mark checkpoint here"].trigger()
    assert [(c.seq, c.label) for c in window.controller.checkpoints()[:2]] == \
        [(5, "After #5"), (1, "After #1")]


def test_the_menu_items_ask_the_window_for_their_correction(window, monkeypatch):
    played(window)
    asked = []
    monkeypatch.setattr(window.corrections, "preview", lambda kind, seq, action=None:
                        asked.append((kind, seq)))
    monkeypatch.setattr(window.corrections, "edit", lambda seq: asked.append(("edit", seq)))
    for words in ("Revert this entry…", "Edit this entry…", "Rewind to here…"):
        _menu, items = menu_items(window, row_of(window, 3))
        items[words].trigger()
    assert asked == [("revert", 3), ("edit", 3), ("rewind", 3)]


def test_del_on_a_selected_entry_opens_its_revert(window, qtbot, monkeypatch):
    played(window)
    shown = Shown(monkeypatch, QDialog.DialogCode.Rejected)
    tree = window.log.ui.tree
    select(window, row_of(window, 2))
    tree.setFocus()
    kit.active(qtbot, window)
    qtbot.waitUntil(tree.hasFocus)
    QTest.keyClick(tree, Qt.Key.Key_Delete)
    qtbot.waitUntil(lambda: len(shown.dialogs) == 1)
    assert shown.dialogs[0]["title"] == "Revert #2"
    assert file_rows(window) == UNTOUCHED  # cancelled
    # Del on a struck entry says why, and opens nothing
    monkeypatch.setattr(CorrectionDialog, "exec", lambda d: QDialog.DialogCode.Accepted)
    assert window.corrections.revert(2)
    select(window, row_of(window, 3))
    assert not window.log.revert_selected()
    assert window.log.ui.statusLabel.text() == "#3 was struck by #5: undo #5 instead."


# the preview -------------------------------------------------------------------------------
def test_the_preview_of_a_revert_names_the_dependant_and_each_character_before_and_after(
        window, monkeypatch):
    played(window)
    shown = Shown(monkeypatch, QDialog.DialogCode.Rejected)
    assert not window.corrections.revert(2)
    [dialog] = shown.dialogs
    assert dialog["title"] == "Revert #2" and dialog["button"] == "Revert"
    assert dialog["intro"].startswith("Revert #2: Vahid takes 8 damage")
    assert "with the 1 entry that existed only because of it" in dialog["intro"]
    assert "Nothing changes until you press Revert." in dialog["intro"]
    [[name, was, now]] = dialog["table"]
    assert name == "Vahid" and was.startswith("0/16 HP") and now.startswith("6/16 HP")
    assert dialog["struck"][0].startswith("#2 Vahid takes 8 damage") and \
        dialog["struck"][0].endswith("(reverted)")
    assert dialog["struck"][1].startswith("#3 Vahid at Death's Door rolls 8") and \
        "no longer possible" in dialog["struck"][1]
    # The Heavy's hit reads nothing the revert wrote: it is left alone
    assert not any(line.startswith("#4") for line in dialog["reapplied"])


def test_cancel_changes_nothing_on_the_desk_or_in_the_file(window, monkeypatch):
    played(window)
    before_file = (file_rows(window), file_state(window, "vahid"))
    steps = window.controller.stack.count()
    Shown(monkeypatch, QDialog.DialogCode.Rejected)
    assert not window.corrections.revert(2)
    assert (file_rows(window), file_state(window, "vahid")) == before_file
    assert hp(window, "vahid") == 0 and window.controller.stack.count() == steps


def test_confirm_saves_one_step_the_desk_follows_and_ctrl_z_restores_it(
        window, qtbot, monkeypatch):
    played(window)
    Shown(monkeypatch)
    assert window.corrections.revert(2)
    # the desk, the tile's model and the file: Vahid as if the hit never was
    assert hp(window, "vahid") == 6 and hp(window, "heavy") == 17
    tile = window.model.index(window.model.row_of("vahid"), 0)
    assert tile.data(CharacterRole)["hp"] == 6
    assert file_state(window, "vahid")["hp"] == 6
    assert file_rows(window) == {1: (None, False), 2: (5, False), 3: (5, False),
                                 4: (None, False), 5: (None, True)}
    assert window.controller.stack.undoText().startswith("Revert #2")
    window.undo_action.trigger()  # Ctrl+Z
    assert hp(window, "vahid") == 0 and file_state(window, "vahid")["hp"] == 0
    assert file_rows(window) == UNTOUCHED
    assert row_of(window, 2).data(StruckRole) is None
    window.redo_action.trigger()  # Ctrl+Shift+Z
    assert hp(window, "vahid") == 6 and file_rows(window)[2] == (5, False)


def test_the_undo_stack_after_a_restart_holds_the_correction(qtbot, folder, monkeypatch):
    window = kit.open_window(qtbot, folder, size=(1300, 850))
    played(window)
    Shown(monkeypatch)
    assert window.corrections.revert(2)
    window.controller.service.close()
    window.close()
    again = kit.open_window(qtbot, folder, size=(1300, 850))
    try:
        assert again.controller.stack.undoText().startswith("Revert #2")
        assert hp(again, "vahid") == 6
        again.undo_action.trigger()
        assert hp(again, "vahid") == 0 and file_rows(again)[2] == (None, False)
    finally:
        again.controller.service.close()


def test_the_players_hear_of_a_correction_as_one(window, monkeypatch):
    from harmdesk.qt.player_model import PlayerModel
    played(window, SCUFFLE[:2])  # Vahid at Death's Door
    model = PlayerModel(window.controller)
    heard = []
    model.announced.connect(heard.append)
    Shown(monkeypatch)
    assert window.corrections.revert(2)
    assert heard == ["Correction: Vahid is no longer at Death's Door"]
    heard.clear()
    window.undo_action.trigger()
    assert heard == ["Correction: Vahid is at Death's Door"]


def test_a_read_only_window_offers_no_correction_and_refuses_one(qtbot, folder):
    store = Store.open(folder)
    service = Service.on(Campaign.open(store, "Desk"))
    for action in SCUFFLE:
        assert service.apply(action).ok
    try:  # this store stays open: the window opens the file read-only
        window = kit.open_window(qtbot, folder, size=(1300, 850))
        assert window.controller.read_only
        _menu, items = menu_items(window, row_of(window, 2))
        for words in ("Revert this entry…", "Edit this entry…", "Rewind to here…",
                      "Mark checkpoint here"):
            assert not items[words].isEnabled() and "read-only" in items[words].toolTip()
        assert not window.corrections.rewind_action.isEnabled()
        assert not window.corrections.mark_action.isEnabled()
        assert window.controller.preview_correction("revert", 2) is None
        window.controller.service.close()
    finally:
        store.close()
    assert [e.struck_by for e in kit.saved(folder)[1]] == [None] * 4


def test_a_refusal_of_the_service_is_shown_plainly_and_changes_nothing(window, monkeypatch):
    played(window)
    said = []
    monkeypatch.setattr(window.corrections, "_say", said.append)
    assert not window.corrections.revert(99)
    assert said and "#99" in said[0]
    assert file_rows(window) == UNTOUCHED


def test_an_entry_the_later_ones_cannot_stand_without_offers_to_rewind(window, monkeypatch):
    played(window, [{"type": "add_character", "character": {
        "id": "fin", "name": "Fin <i>the</i> Bold", "kind": "follower", "max_hp": 6}},
        {"type": "damage", "target": "fin", "amount": 2}])
    offered = []

    def choose_rewind(parent, message, rewind_to):
        offered.append((message, rewind_to))
        return True

    monkeypatch.setattr("harmdesk.qt.dialogs.correction.offer_rewind", choose_rewind)
    shown = Shown(monkeypatch, QDialog.DialogCode.Rejected)
    assert not window.corrections.revert(1)
    [(message, rewind_to)] = offered
    assert "Rewind to before #1" in message and rewind_to == 0
    assert [d["title"] for d in shown.dialogs] == ["Rewind to the start"]


def test_the_rewind_offer_names_the_entry_to_go_back_before(qtbot):
    def answer():
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        assert box.textFormat() == Qt.TextFormat.PlainText
        box.findChild(type(box.button(QMessageBox.StandardButton.Close)), "rewindInstead").click()

    from PySide6.QtCore import QTimer
    QTimer.singleShot(0, answer)
    assert offer_rewind(None, "#12 hits Fin, who #10 brought to the desk.", 9)


# rolls a re-applied entry now needs ---------------------------------------------------------
LUX = [{"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 10}]


@pytest.fixture
def lux_window(qtbot, tmp_path):
    folder = kit.make_folder(tmp_path, [("Lux", "lux_aeterna", {}, LUX)])
    window = kit.open_window(qtbot, folder, "Lux", size=(1300, 850))
    yield window
    window.controller.service.close()


def lux_night(window):
    # a heal between two hits; without it, the second hit Wounds and needs its Trauma roll
    played(window, [{"type": "damage", "target": "sara", "amount": 6},
                    {"type": "heal", "target": "sara", "amount": 6},
                    {"type": "damage", "target": "sara", "amount": 8}])


def test_a_roll_the_re_applied_entries_now_need_is_asked_for_then_previewed(
        lux_window, monkeypatch):
    lux_night(lux_window)
    asked = []

    def roll(action, need):
        asked.append((action.type, need.key))
        return {"trauma_roll": 12, "brush_roll": 4}.get(need.key, 3)

    lux_window.controller.roll_provider = roll
    shown = Shown(monkeypatch)
    assert lux_window.corrections.revert(2)
    assert asked and all(kind == "damage" for kind, _ in asked)
    assert "trauma_roll" in {key for _, key in asked}
    [dialog] = shown.dialogs
    assert any(line.startswith("Changed: #3") for line in dialog["reapplied"])
    assert lux_window.controller.state["characters"]["sara"]["hp"] <= 0


def test_cancelling_a_needed_roll_stops_everything(lux_window, monkeypatch):
    lux_night(lux_window)
    before = file_rows(lux_window)
    lux_window.controller.roll_provider = lambda action, need: None
    shown = Shown(monkeypatch)
    assert not lux_window.corrections.revert(2)
    assert shown.dialogs == [] and file_rows(lux_window) == before


# the edit ------------------------------------------------------------------------------------
def test_the_edit_form_is_built_from_the_entry_and_reads_back_what_was_changed(qtbot):
    chars = {"heavy": {"name": "The Heavy"}, "vahid": {"name": "Vahid"},
             "hagr": {"name": "<b>Hagr</b>"}}
    dialog = EditEntryDialog(42, {"type": "damage", "target": "vahid", "amount": 8,
                                  "rolls": [3, 5], "source": "hagr"}, chars, STONETOP,
                             "Vahid takes 8 damage")
    qtbot.addWidget(dialog)
    fields = {f.label: f.widget for f in dialog.fields}
    assert set(fields) >= {"target", "amount", "rolls", "source", "piercing", "ignores_armor",
                           "lethal"}
    assert dialog.windowTitle() == "Edit #42"
    source = fields["source"]
    assert [source.itemText(i) for i in range(source.count())] == \
        ["(nobody)", "The Heavy", "Vahid", "<b>Hagr</b>"]
    fields["amount"].setValue(3)
    fields["rolls"].setText("2, 6")
    fields["piercing"].setValue(1)
    targets = fields["target"]
    targets.item(0).setCheckState(Qt.CheckState.Checked)  # The Heavy too
    assert dialog.action() == {"type": "damage", "target": ["heavy", "vahid"], "amount": 3,
                               "rolls": [2, 6], "source": "hagr", "piercing": 1}
    # nested changes are flattened, and a modifier left as it was is not added
    edit = EditEntryDialog(7, {"type": "edit_character", "target": "heavy",
                               "changes": {"armor": 2}}, chars, STONETOP)
    qtbot.addWidget(edit)
    armor = {f.label: f.widget for f in edit.fields}["changes.armor"]
    armor.setValue(3)
    assert edit.action() == {"type": "edit_character", "target": "heavy",
                             "changes": {"armor": 3}}


def test_bad_input_in_the_edit_form_is_a_plain_message_and_keeps_it_open(qtbot):
    dialog = EditEntryDialog(2, {"type": "damage", "target": "vahid", "rolls": [3]},
                             {"vahid": {"name": "Vahid"}}, STONETOP)
    qtbot.addWidget(dialog)
    fields = {f.label: f.widget for f in dialog.fields}
    fields["rolls"].setText("3, x")
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.ui.messageLabel.text() == \
        "rolls: type the faces as whole numbers, such as 3 5."
    fields["rolls"].setText("4")
    fields["target"].item(0).setCheckState(Qt.CheckState.Unchecked)
    dialog.accept()
    assert dialog.ui.messageLabel.text() == "Targets: tick at least one character."


def test_editing_an_entrys_amount_re_derives_what_followed(window, monkeypatch):
    played(window)

    def fill(dialog):
        {f.label: f.widget for f in dialog.fields}["amount"].setValue(3)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(EditEntryDialog, "exec", fill)
    shown = Shown(monkeypatch)
    assert window.corrections.edit(2)
    [dialog] = shown.dialogs
    assert dialog["title"] == "Edit #2" and dialog["button"] == "Save edit"
    # 6 → 3 HP: no longer dying, so the Death's Door roll goes
    assert hp(window, "vahid") == 3 and file_state(window, "vahid")["hp"] == 3
    assert file_rows(window)[3] == (5, False) and file_rows(window)[2] == (None, False)
    with closing(sqlite3.connect(f"file:{db_file(window)}?mode=ro", uri=True)) as db:
        revised = db.execute("SELECT revised FROM log WHERE seq = 2").fetchone()[0]
    assert json.loads(revised)["amount"] == 3
    window.undo_action.trigger()
    assert hp(window, "vahid") == 0


def test_an_edit_the_rules_refuse_shows_their_words_in_the_form(window, monkeypatch):
    played(window)
    answers = iter([QDialog.DialogCode.Accepted, QDialog.DialogCode.Rejected])
    problems = []

    def aim_at_the_heavy(dialog):
        problems.append(dialog.ui.messageLabel.text())
        targets = {f.label: f.widget for f in dialog.fields}["target"]
        for i in range(targets.count()):  # the Death's Door roll, made by the Heavy instead
            heavy = targets.item(i).data(Qt.ItemDataRole.UserRole) == "heavy"
            targets.item(i).setCheckState(Qt.CheckState.Checked if heavy else
                                          Qt.CheckState.Unchecked)
        return next(answers)

    monkeypatch.setattr(EditEntryDialog, "exec", aim_at_the_heavy)
    shown = Shown(monkeypatch, QDialog.DialogCode.Rejected)
    assert not window.corrections.edit(3)
    # shown again with the rules' own words: the Heavy is not dying
    assert problems[0] == "" and "The Heavy" in problems[1], problems
    assert shown.dialogs == []
    assert file_rows(window) == UNTOUCHED


# rewinding -------------------------------------------------------------------------------------
def test_the_edit_menu_rewinds_to_a_checkpoint_and_marks_one(window, monkeypatch):
    edit = window.ui.menuEdit
    items = {a.text().replace("&", ""): a for a in edit.actions() if a.text()}
    assert items["Rewind to checkpoint…"].shortcut().toString() == "Ctrl+Alt+Z"
    assert items["Mark checkpoint"].shortcut().toString() == "Ctrl+Alt+M"
    window.controller.start_play_session("The hagr")
    played(window)
    items["Mark checkpoint"].trigger()
    played(window, [{"type": "damage", "target": "caradoc", "amount": 4}])
    listed = []

    def pick_newest(dialog):
        listed.append([dialog.list.item(i).text() for i in range(dialog.list.count())])
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(CheckpointDialog, "exec", pick_newest)
    shown = Shown(monkeypatch)
    items["Rewind to checkpoint…"].trigger()
    assert listed and listed[0][0].endswith("(after #4)")
    [dialog] = shown.dialogs
    assert dialog["button"] == "Rewind"
    assert [line.split(" ")[0] for line in dialog["struck"]] == ["#5"]
    assert hp(window, "caradoc") == 16 and file_state(window, "caradoc")["hp"] == 16


def test_the_checkpoint_list_reads_each_one_plainly():
    class Point:
        def __init__(self, seq, label, kind, made):
            self.seq, self.label, self.kind, self.made = seq, label, kind, made

    assert dialogs.checkpoint_line(Point(40, "Round 2", "round", None)) == "Round 2 (after #40)"
    assert dialogs.checkpoint_line(Point(0, "", "play_session", None)) == \
        "Play session (the start)"


def test_a_rewind_past_a_round_takes_the_encounter_bar_back_with_the_desk(window, monkeypatch):
    assert window.controller.submit({"type": "start_encounter",
                                     "order": ["caradoc", "heavy", "vahid"]})
    assert window.controller.submit({"type": "next_round"})
    played(window, [{"type": "damage", "target": "caradoc", "amount": 4}])
    bar = window.encounter.bar.ui.roundLabel
    assert "2" in bar.text()
    start = next(p for p in window.controller.checkpoints() if p.kind == "encounter")
    Shown(monkeypatch)
    assert window.corrections.rewind(start.seq)
    assert window.controller.state["settings"]["encounter"]["round"] == 1
    assert "1" in bar.text() and "2" not in bar.text()
    assert hp(window, "caradoc") == 16
    window.undo_action.trigger()
    assert "2" in bar.text() and hp(window, "caradoc") == 13


def test_a_long_correction_lists_every_changed_entry_and_counts_the_rest():
    from harmdesk.desk.corrections import Correction, Rederived, Struck
    reapplied = tuple(Rederived(seq, f"hit {seq}", f"hit {seq}", seq % 100 == 0,
                                f"#{seq} hit: was 3/16 HP, becomes 5/16 HP")
                      for seq in range(1, 1001))
    struck = tuple(Struck(seq, f"step {seq}", "after the checkpoint") for seq in range(1, 301))
    correction = Correction("rewind", 0, {}, "Rewind to the start", struck, (), reapplied, (),
                            (), {}, {}, 0)
    lines = dialogs.reapplied_lines(correction)
    changed = [text for text, marked in lines if marked]
    assert len(changed) == 10 and changed[-1].startswith("Changed: #1000 hit")
    assert len(lines) == dialogs.MOST_LISTED + 1
    assert lines[-1] == ("… and 800 more entries, applied again as recorded", False)
    assert dialogs.struck_lines(correction)[-1] == ("… and 100 more entries", False)


def test_the_edit_form_offers_each_games_own_damage_modifiers():
    assert dialogs.offered(profile_for("lux_aeterna"), "damage") == \
        {"lethal": True, "attacker_weakened": False, "source": None}
    assert dialogs.offered(profile_for("freedom_fantasies"), "damage") == \
        {"direct": False, "source": None}
    assert dialogs.offered(STONETOP, "heal") == {}


def shown_rows(model):
    """What each event row of a log model shows: its text, number, strike and tooltip."""
    out = []
    for g in range(model.rowCount()):
        group = model.index(g, 0)
        for r in range(model.rowCount(group)):
            index = model.index(r, TEXT, group)
            out.append((index.data(), index.data(SeqRole), index.data(StruckRole),
                        index.data(Qt.ItemDataRole.ToolTipRole)))
    return out


def test_a_correction_is_followed_in_place_as_the_log_would_read_again(window, monkeypatch):
    """Inside a play session, a revert, its undo and its redo change only the rows they
    name, and the log then shows what reading it all again would show."""
    from harmdesk.qt.log_model import LogModel
    window.controller.start_play_session("The hagr")
    played(window)
    model = window.log.model
    read_again = []
    monkeypatch.setattr(model, "refresh", lambda *_: read_again.append(True))
    correction = window.controller.preview_correction("revert", 1)
    assert [s.seq for s in correction.struck] == [1, 3]
    for step in ("commit", "undo", "redo"):
        if step == "commit":
            assert window.controller.correct(correction)
        else:
            getattr(window.controller.stack, step)()
        fresh = LogModel(window.controller, limit=model.limit)
        assert shown_rows(model) == shown_rows(fresh), step
        fresh.deleteLater()
    assert read_again == []
    assert [s for _, seq, s, _ in shown_rows(model) if seq in (1, 3)] == [5, 5]
