"""The encounter bar on the real window: Start encounter…, Next turn (F8) with the Save
prompt (LA-14) and the start-of-turn effects (LA-16), the chips dragged into another
order, Stonetop's spotlight, End encounter (LA-2), undo, and what the tiles and the
players' window show. Each checks the bar's model and what the database holds."""

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QDropEvent
from PySide6.QtWidgets import QDialog

from harmdesk.desk.campaign import Campaign
from harmdesk.qt.desk_model import EncounterRole
from harmdesk.qt.dialogs.encounter import INITIATIVE, StartEncounterDialog, TurnSaveDialog
from harmdesk.qt.encounter_model import (
    ORDER_MIME,
    ActedRole,
    EncounterModel,
    EndedRole,
    TurnRole,
    decode_ids,
    encode_ids,
    reordered,
)
from harmdesk.qt.player_model import HighlightRole, PlayerModel, TurnRole as CardTurnRole
from harmdesk.qt.style import TURN
from harmdesk.store import Store

from . import kit
from .kit import make_folder, open_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LUX = [
    {"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 20},
    {"id": "pau", "name": "Pau", "kind": "pc", "max_hp": 16, "hp": 10},
    {"id": "karis", "name": "Karis", "kind": "pc", "max_hp": 18},
    {"id": "wraith", "name": "Ice wraith", "kind": "monster", "max_hp": 40},
]
INITIATIVE_ROLLED = {"sara": 20, "karis": 15, "pau": 10, "wraith": 5}


@pytest.fixture
def lux(qtbot, tmp_path):
    make_folder(tmp_path, [("Desk", "lux_aeterna", {}, LUX)])
    window = open_window(qtbot, tmp_path, size=(1300, 850))
    window.folder = tmp_path
    c = window.controller
    # LA-16 Regenerating 2 on Pau; LA-14 Karis Frozen (Difficulty 8), 5 Bumps so far
    assert c.submit({"type": "add_condition", "target": "pau", "name": "regenerating",
                     "amount": 2})
    assert c.submit({"type": "add_condition", "target": "karis", "name": "frozen",
                     "origin_level": 8})
    assert c.submit({"type": "save", "target": "karis", "condition": "frozen", "bumps": 5})
    yield window
    window.controller.service.close()


@pytest.fixture
def stonetop(window, folder):
    window.folder = folder
    return window


def saved(folder):
    """(encounter setting, characters, log) as the database holds them now."""
    store = Store.open(folder, write=False)
    try:
        campaign = Campaign(store, "Desk")
        return (campaign.state["settings"].get("encounter"), campaign.state["characters"],
                store.log(campaign.info.id))
    finally:
        store.close()


def bar_model(window) -> EncounterModel:
    return window.encounter.bar.model


def chips(window) -> list[tuple[str, bool, bool]]:
    model = bar_model(window)
    return [(model.index(r).data(), model.index(r).data(TurnRole),
             model.index(r).data(ActedRole)) for r in range(model.rowCount())]


def start(window, monkeypatch, initiative=None, untick=()):
    """Start encounter… (Ctrl+E) with the dialog filled in as the GM would."""
    def exec_(dialog):
        people = dialog.ui.people
        for i in range(people.topLevelItemCount()):
            item = people.topLevelItem(i)
            cid = item.data(0, Qt.ItemDataRole.UserRole + 1)
            if cid in untick:
                item.setCheckState(0, Qt.CheckState.Unchecked)
            if initiative and cid in initiative:
                item.setText(INITIATIVE, str(initiative[cid]))  # typed: sorted as they come
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(StartEncounterDialog, "exec", exec_)
    window.ui.actionStartEncounter.trigger()


def answer_save(monkeypatch, answer):
    """The Save prompt answered: (condition index, bumps), "skip" or "cancel"."""
    asked = []

    def exec_(dialog):
        asked.append(dialog.ui.promptLabel.text())
        if answer == "cancel":
            return QDialog.DialogCode.Rejected
        if answer == "skip":
            dialog.skipped = True
        else:
            dialog.ui.condition.setCurrentIndex(answer[0])
            dialog.ui.bumps.setValue(answer[1])
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(TurnSaveDialog, "exec", exec_)
    return asked


def tile(window, cid):
    return window.model.index(window.model.row_of(cid), 0)


def test_the_bar_is_hidden_until_an_encounter_starts_in_initiative_order(lux, monkeypatch,
                                                                         qtbot):
    dock = lux.encounter.dock
    assert dock.isHidden() and not lux.ui.actionNextTurn.isEnabled()
    assert dock.toggleViewAction() in lux.ui.menuView.actions()
    assert [a.shortcut().toString() for a in (lux.ui.actionStartEncounter,
                                              lux.ui.actionNextTurn,
                                              lux.ui.actionEndEncounter)] == \
        ["Ctrl+E", "F8", "Shift+F8"]
    start(lux, monkeypatch, INITIATIVE_ROLLED)
    qtbot.waitUntil(dock.isVisible)
    encounter, _chars, log = saved(lux.folder)
    assert encounter["order"] == ["sara", "karis", "pau", "wraith"]
    assert (encounter["mode"], encounter["round"], encounter["turn"]) == ("turns", 1, 0)
    assert encounter["initiative"] == INITIATIVE_ROLLED
    assert log[-1].action["type"] == "start_encounter"
    assert log[-1].action["initiative"] == INITIATIVE_ROLLED
    assert chips(lux) == [("Sara", True, False), ("Karis", False, False),
                          ("Pau", False, False), ("Ice wraith", False, False)]
    assert lux.encounter.bar.ui.roundLabel.text() == "Round 1 · Sara's turn"
    assert tile(lux, "sara").data(EncounterRole) == "turn"
    assert "their turn" in tile(lux, "sara").data(Qt.ItemDataRole.AccessibleDescriptionRole)
    assert tile(lux, "karis").data(EncounterRole) is None
    assert not lux.ui.actionStartEncounter.isEnabled()
    assert lux.ui.actionNextTurn.text() == "&Next turn"


def test_next_turn_asks_karis_for_her_save_then_pau_regenerates_one_step_each_and_undo(
        lux, monkeypatch):
    start(lux, monkeypatch, INITIATIVE_ROLLED)
    asked = answer_save(monkeypatch, (0, 3))
    lux.ui.actionNextTurn.trigger()  # Sara's turn ends: nothing to Save against
    assert asked == []
    encounter, _chars, _log = saved(lux.folder)
    assert encounter["turn"] == 1 and chips(lux)[1] == ("Karis", True, False)
    steps = lux.controller.stack.count()

    lux.ui.actionNextTurn.trigger()  # Karis's turn ends: her Save; Pau's begins
    assert asked == ["Karis may roll a Save against one condition (once per round, "
                     "when the turn ends)."]
    encounter, chars, log = saved(lux.folder)
    assert lux.controller.stack.count() == steps + 1  # one step
    assert log[-1].action == {"type": "next_turn", "condition": "frozen", "bumps": 3}
    assert (encounter["round"], encounter["turn"]) == (1, 2)
    assert not any(c["name"] == "frozen" for c in chars["karis"]["conditions"])  # 5 + 3 = 8
    assert chars["pau"]["hp"] == 12  # LA-16: Regenerating 2 at the start of his turn
    assert chips(lux)[2] == ("Pau", True, False)
    assert tile(lux, "pau").data(EncounterRole) == "turn"
    assert lux.encounter.bar.ui.roundLabel.text() == "Round 1 · Pau's turn"

    lux.undo_action.trigger()  # Ctrl+Z: the turn, the Save and the healing come back
    encounter, chars, _log = saved(lux.folder)
    assert encounter["turn"] == 1 and chars["pau"]["hp"] == 10
    assert [c["bumps"] for c in chars["karis"]["conditions"] if c["name"] == "frozen"] == [5]
    assert chips(lux)[1] == ("Karis", True, False)
    assert lux.encounter.bar.ui.roundLabel.text() == "Round 1 · Karis's turn"


def test_skipping_the_save_passes_the_turn_and_cancelling_passes_nothing(lux, monkeypatch):
    start(lux, monkeypatch, {"karis": 9, "sara": 1}, untick=("pau", "wraith"))
    answer_save(monkeypatch, "cancel")
    steps = lux.controller.stack.count()
    assert not lux.encounter.next_turn()
    assert lux.controller.stack.count() == steps and saved(lux.folder)[0]["turn"] == 0
    answer_save(monkeypatch, "skip")
    assert lux.encounter.next_turn()
    encounter, chars, log = saved(lux.folder)
    assert log[-1].action == {"type": "next_turn"}
    assert encounter["turn"] == 1  # Sara's turn
    assert [c["bumps"] for c in chars["karis"]["conditions"] if c["name"] == "frozen"] == [5]


def test_rounds_count_past_the_last_in_order(lux, monkeypatch):
    start(lux, monkeypatch, {"sara": 3, "wraith": 2}, untick=("pau", "karis"))
    for _ in range(2):
        lux.ui.actionNextTurn.trigger()
    encounter, _chars, _log = saved(lux.folder)
    assert (encounter["round"], encounter["turn"]) == (2, 0)
    assert lux.encounter.bar.ui.roundLabel.text() == "Round 2 · Sara's turn"


def drop_on_chip(view, moved_row: int, onto_row: int):
    """A drop of one chip on the front half of another (the drop indicator then stands
    before it), with a real QMimeData (kept referenced)."""
    model = view.model()
    mime = model.mimeData([model.index(moved_row)])
    rect = view.visualRect(model.index(onto_row))
    point = QPointF(rect.left() + rect.width() / 5, rect.center().y())
    event = QDropEvent(point, Qt.DropAction.MoveAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    view.dropEvent(event)
    return mime


def test_a_chip_dropped_before_another_is_one_set_order_step(lux, monkeypatch):
    start(lux, monkeypatch, INITIATIVE_ROLLED)
    lux.ui.actionNextTurn.trigger()  # Karis's turn
    view = lux.encounter.bar.ui.order
    assert view.dragEnabled() and view.viewport().acceptDrops()
    steps = lux.controller.stack.count()
    mime = drop_on_chip(view, 3, 0)  # the wraith before Sara
    assert mime.hasFormat(ORDER_MIME)
    encounter, _chars, log = saved(lux.folder)
    assert log[-1].action == {"type": "set_order",
                              "order": ["wraith", "sara", "karis", "pau"]}
    assert encounter["order"] == ["wraith", "sara", "karis", "pau"]
    assert encounter["order"][encounter["turn"]] == "karis"  # the turn stays with her
    assert lux.controller.stack.count() == steps + 1
    assert [name for name, *_ in chips(lux)] == ["Ice wraith", "Sara", "Karis", "Pau"]
    assert chips(lux)[2] == ("Karis", True, False)
    drop_on_chip(view, 1, 1)  # onto itself: no step
    assert lux.controller.stack.count() == steps + 1


def test_the_order_payload_is_ours_or_refused():
    assert decode_ids(encode_ids(["a", "b"])) == ["a", "b"]
    for bad in (b"", b"[]", b'{"ids": []}', b'{"ids": [1]}', b"\xff", b'{"ids": "ab"}'):
        assert decode_ids(bad) is None
    assert reordered(["a", "b", "c", "d"], ["d"], 1) == ["a", "d", "b", "c"]
    assert reordered(["a", "b", "c"], ["a"], -1) == ["b", "c", "a"]
    assert reordered(["a", "b", "c"], ["a"], 2) == ["b", "a", "c"]


def test_a_foreign_drop_is_refused_by_the_model(lux, monkeypatch):
    start(lux, monkeypatch, INITIATIVE_ROLLED)
    model = bar_model(lux)
    foreign = QMimeData()
    foreign.setData("text/plain", b"sara")
    assert not model.canDropMimeData(foreign, Qt.DropAction.MoveAction, 0, 0, model.index(0))
    unknown = QMimeData()
    unknown.setData(ORDER_MIME, encode_ids(["nobody"]))
    steps = lux.controller.stack.count()
    assert not model.dropMimeData(unknown, Qt.DropAction.MoveAction, 0, 0,
                                  model.index(0).parent())
    assert lux.controller.stack.count() == steps


def test_the_bar_model_passes_the_model_tester(lux, monkeypatch, qtmodeltester):
    start(lux, monkeypatch, INITIATIVE_ROLLED)
    qtmodeltester.check(bar_model(lux))


def test_the_turn_is_painted_on_its_tile(lux, monkeypatch, qtbot):
    start(lux, monkeypatch, INITIATIVE_ROLLED)
    lux.ui.actionShowTiles.trigger()
    view = lux.tiles
    image = view.viewport().grab().toImage()
    rect = view.visualRect(tile(lux, "sara"))
    band = QColor(image.pixel(QPoint(rect.left() + 5, rect.center().y())))
    other = view.visualRect(tile(lux, "pau"))
    plain = QColor(image.pixel(QPoint(other.left() + 5, other.center().y())))
    assert band == TURN and plain != TURN


def test_end_encounter_loses_the_scenes_endurance_la2(lux, monkeypatch):
    # "When a Scene ends, all Endurance is lost" (LA-2)
    assert lux.controller.submit({"type": "grant_endurance", "target": "sara", "amount": 5})
    start(lux, monkeypatch, INITIATIVE_ROLLED)
    assert lux.ui.actionEndEncounter.isEnabled()
    lux.ui.actionEndEncounter.trigger()
    encounter, chars, log = saved(lux.folder)
    assert encounter is None and chars["sara"]["endurance"] == 0
    assert log[-1].action == {"type": "end_encounter"}
    assert bar_model(lux).rowCount() == 0
    assert lux.encounter.bar.ui.roundLabel.text() == "No encounter"
    assert lux.ui.actionStartEncounter.isEnabled() and not lux.ui.actionNextTurn.isEnabled()
    assert tile(lux, "sara").data(EncounterRole) is None
    lux.undo_action.trigger()
    encounter, chars, _log = saved(lux.folder)
    assert encounter["turn"] == 0 and chars["sara"]["endurance"] == 5
    assert bar_model(lux).rowCount() == 4


def test_stonetop_spotlight_click_marks_who_acted_and_next_round_clears_it(
        stonetop, monkeypatch, qtbot):
    window = stonetop
    start(window, monkeypatch)
    encounter, _chars, log = saved(window.folder)
    assert encounter["mode"] == "spotlight" and encounter["turn"] is None
    assert log[-1].action["type"] == "start_encounter" and "initiative" not in log[-1].action
    assert window.ui.actionNextTurn.text() == "&Next round"
    qtbot.waitUntil(window.encounter.dock.isVisible)
    kit.laid_out(qtbot, window)  # the bar's chips where the click finds them
    view = window.encounter.bar.ui.order
    names = [name for name, *_ in chips(window)]
    row = names.index("Vahid")
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.visualRect(view.model().index(row)).center())
    encounter, _chars, log = saved(window.folder)
    assert encounter["acted"] == ["vahid"]
    assert log[-1].action == {"type": "mark_acted", "target": "vahid"}
    assert chips(window)[row] == ("Vahid", False, True)
    assert not any(turn for _, turn, _ in chips(window))  # nobody's turn in the spotlight
    assert tile(window, "vahid").data(EncounterRole) == "acted"
    assert window.encounter.bar.ui.roundLabel.text() == f"Round 1 · 1 of {len(names)} have acted"
    window.ui.actionNextTurn.trigger()  # Next round
    encounter, _chars, log = saved(window.folder)
    assert (encounter["round"], encounter["acted"]) == (2, [])
    assert log[-1].action == {"type": "next_round"}
    assert tile(window, "vahid").data(EncounterRole) is None


def test_one_who_dies_in_the_fight_is_shown_out_of_it(stonetop, monkeypatch):
    window = stonetop
    start(window, monkeypatch)
    assert "coedwig" in saved(window.folder)[0]["order"]
    model = bar_model(window)
    assert not any(model.index(r).data(EndedRole) for r in range(model.rowCount()))
    assert window.controller.submit({"type": "damage", "target": "coedwig", "amount": 9})
    _encounter, chars, _log = saved(window.folder)
    assert chars["coedwig"]["death"] == "dead"
    ended = {model.index(r).data(): model.index(r).data(EndedRole)
             for r in range(model.rowCount())}
    assert ended["Coedwig"] and not ended["Hagr"]
    assert "out of the fight" in model.index(model.ids().index("coedwig")).data(
        Qt.ItemDataRole.AccessibleTextRole)


def test_a_refusal_shows_in_the_status_bar_and_a_read_only_campaign_refuses(
        qtbot, folder, monkeypatch):
    other = Store.open(folder)  # another HarmDesk writes to this folder: this one reads
    try:
        window = open_window(qtbot, folder)
        assert window.controller.read_only
        assert not window.ui.actionStartEncounter.isEnabled()
        assert not window.encounter.mark_acted("vahid")  # no encounter: nothing to mark
        assert not window.controller.submit({"type": "start_encounter", "order": ["vahid"]})
        assert window.statusBar().currentMessage().startswith(
            "Refused: This campaign is open read-only")
        window.controller.service.close()
    finally:
        other.close()
    assert saved(folder)[0] is None


def test_the_players_window_marks_the_turn_and_announces_it(lux, monkeypatch, qtbot):
    lux.controller.submit({"type": "edit_character", "target": "wraith",
                           "changes": {"players_see": "hidden"}})
    players = PlayerModel(lux.controller)
    said = []
    players.announced.connect(said.append)
    start(lux, monkeypatch, INITIATIVE_ROLLED)
    turn = {players.index(r).data(): players.index(r).data(CardTurnRole)
            for r in range(players.rowCount())}
    assert turn == {"Sara": True, "Pau": False, "Karis": False}  # the wraith is hidden
    assert said == ["Round 1: Sara's turn"]
    answer_save(monkeypatch, "skip")
    for _ in range(3):
        lux.ui.actionNextTurn.trigger()
    # the hidden wraith's turn: not named, and no new round yet
    assert said == ["Round 1: Sara's turn", "Round 1: Karis's turn", "Round 1: Pau's turn"]
    assert not any(players.index(r).data(CardTurnRole) for r in range(players.rowCount()))
    lux.ui.actionNextTurn.trigger()
    assert said[-1] == "Round 2: Sara's turn"
    lux.undo_action.trigger()
    assert said[-1] == "Round 1"  # back to the hidden wraith's turn: only the round


def test_the_keyboard_moves_a_chip_and_space_marks_it_acted(stonetop, monkeypatch, qtbot):
    window = stonetop
    start(window, monkeypatch)
    view = window.encounter.bar.ui.order
    order = saved(window.folder)[0]["order"]
    view.setFocus()
    view.setCurrentIndex(view.model().index(0))
    qtbot.keyClick(view, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    encounter, _chars, log = saved(window.folder)
    assert encounter["order"] == [order[1], order[0], *order[2:]]
    assert log[-1].action["type"] == "set_order"
    assert view.currentIndex().data() == chips(window)[1][0]  # the moved chip stays current
    qtbot.keyClick(view, Qt.Key.Key_Left, Qt.KeyboardModifier.ControlModifier)
    assert saved(window.folder)[0]["order"] == order
    qtbot.keyClick(view, Qt.Key.Key_Space)
    encounter, _chars, log = saved(window.folder)
    assert encounter["acted"] == [order[0]]
    assert log[-1].action == {"type": "mark_acted", "target": order[0]}


def test_the_players_window_picks_out_the_turn_that_begins_not_the_one_that_ends(
        lux, monkeypatch):
    players = PlayerModel(lux.controller)
    start(lux, monkeypatch, INITIATIVE_ROLLED)
    answer_save(monkeypatch, "skip")
    players._highlight.clear()  # as if the start's highlight had faded
    lux.ui.actionNextTurn.trigger()  # Sara's turn ends, Karis's begins
    lit = {players.index(r).data(): players.index(r).data(HighlightRole)
           for r in range(players.rowCount())}
    assert lit["Karis"] and not lit["Sara"]
    assert saved(lux.folder)[0]["turn"] == 1


def test_a_turn_that_passes_remakes_only_the_two_cards_it_marks(lux, monkeypatch):
    import harmdesk.desk.players
    players = PlayerModel(lux.controller)
    start(lux, monkeypatch, INITIATIVE_ROLLED)
    answer_save(monkeypatch, "skip")
    made, card = [], harmdesk.desk.players.card
    monkeypatch.setattr(harmdesk.desk.players, "card",
                        lambda system, char, *a, **k: made.append(char["id"]) or
                        card(system, char, *a, **k))
    lux.ui.actionNextTurn.trigger()  # Sara's turn ends, Karis's begins
    assert saved(lux.folder)[0]["turn"] == 1
    turn = {players.index(r).data(): players.index(r).data(CardTurnRole)
            for r in range(players.rowCount())}
    assert turn == {"Sara": False, "Pau": False, "Karis": True, "Ice wraith": False}
    # a setting changes no card but by whose turn it is: Pau and the wraith are left be
    assert "pau" not in made and "wraith" not in made
    assert {"sara", "karis"} <= set(made)
