"""Tiles: real QMimeData dropped on tiles, previews that save nothing, undo in one step."""

import random

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent, QDropEvent

from harmdesk import chips
from harmdesk.campaign import Campaign
from harmdesk.qt.desk_model import BAR, DeskModel, FactsRole, IdRole, NoticeRole, PreviewRole
from harmdesk.qt.tiles import TileView

COPY = Qt.DropAction.CopyAction
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


@pytest.fixture
def view(qtbot, desk):
    model = DeskModel(desk)
    model.reload()
    view = TileView(desk)
    view.setModel(model)
    view.resize(900, 700)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    desk.roll_provider = lambda action, need: (
        [random.Random(3).randint(1, s) for s in __import__("harmdesk.rules.dice", fromlist=["x"]).sides(need.dice)]
        if need.key == "rolls" else 10)
    return view


def mime_for(chip) -> QMimeData:
    mime = QMimeData()
    mime.setData(chips.MIME_TYPE, chips.encode(chip))
    return mime


def centre(view, cid) -> QPoint:
    model = view.model()
    return view.visualRect(model.index(model.row_of(cid), 0)).center()


def hover(view, mime, cid):
    pos = centre(view, cid)
    enter = QDragEnterEvent(pos, COPY, mime, LEFT, NONE)
    view.dragEnterEvent(enter)
    move = QDragMoveEvent(pos, COPY, mime, LEFT, NONE)
    view.dragMoveEvent(move)
    return enter, move


def drop(view, mime, cid):
    event = QDropEvent(QPointF(centre(view, cid)), COPY, mime, LEFT, NONE)
    view.dropEvent(event)
    return event


def hp(campaign, cid):
    return Campaign(campaign.store, campaign.name).state["characters"][cid]["hp"]


@pytest.fixture
def applied(view, desk):
    """Drops go to the controller, as the main window wires them."""
    def apply(chip, targets):
        desk.submit(chips.action_for_drop(chip, desk.state, targets))
    view.chipDropped.connect(apply)
    return view


def test_the_model_passes_the_model_tester(qtmodeltester, view):
    qtmodeltester.check(view.model(), force_py=True)


def test_hover_previews_and_saves_nothing(applied, desk, campaign):
    view = applied
    mime = mime_for(chips.action_chip("5, 1 piercing", {"type": "damage", "amount": 5,
                                                        "piercing": 1}))
    enter, move = hover(view, mime, "heavy")
    assert enter.isAccepted() and move.isAccepted()
    index = view.model().index(view.model().row_of("heavy"), 0)
    line, detail, ok = index.data(PreviewRole)
    assert ok and line == "20/20 HP → 16/20 HP"
    assert "armor 2 − 1 piercing = 1" in detail
    assert hp(campaign, "heavy") == 20 and desk.stack.count() == 0
    view.dragLeaveEvent(QDragLeaveEvent())
    assert index.data(PreviewRole) is None


def test_a_drag_decodes_its_chip_once_not_on_every_move(applied, desk, monkeypatch):
    from harmdesk.qt import tiles
    decoded = []
    monkeypatch.setattr(tiles, "decode_chip", lambda data: decoded.append(1) or
                        chips.decode(data))
    view = applied
    mime = mime_for(chips.action_chip("5", {"type": "damage", "amount": 5}))
    hover(view, mime, "heavy")
    for cid in ("caradoc", "vahid", "heavy"):
        view.dragMoveEvent(QDragMoveEvent(centre(view, cid), COPY, mime, LEFT, NONE))
    index = view.model().index(view.model().row_of("heavy"), 0)
    assert index.data(PreviewRole)[0] == "20/20 HP → 17/20 HP"
    assert len(decoded) == 1
    drop(view, mime, "heavy")
    assert len(decoded) == 1 and desk.state["characters"]["heavy"]["hp"] == 17
    hover(view, mime, "heavy")  # a new drag reads its chip anew
    assert len(decoded) == 2


def test_a_refusal_is_previewed_too(applied, desk):
    mime = mime_for(chips.action_chip("Recover", {"type": "recover"}))
    hover(applied, mime, "caradoc")
    index = applied.model().index(applied.model().row_of("caradoc"), 0)
    line, _, ok = index.data(PreviewRole)
    assert not ok and "full HP" in line


def test_unrolled_dice_preview_gives_range_and_odds(applied, desk):
    desk.submit({"type": "damage", "target": "caradoc", "amount": 11})  # 16 − (11 − 1) = 6
    mime = mime_for(chips.action_chip("d10", {"type": "damage", "dice": "d10"}))
    hover(applied, mime, "caradoc")
    line, _, ok = applied.model().index(0, 0).data(PreviewRole)
    assert ok and line.startswith("6 → 0–6 HP")
    assert "40%: Dying" in line  # 7..10 on a d10, less armor 1, takes his last 6 HP


def test_drop_applies_and_is_saved(applied, desk, campaign):
    mime = mime_for(chips.action_chip("5, 1 piercing", {"type": "damage", "amount": 5,
                                                        "piercing": 1}))
    event = drop(applied, mime, "heavy")
    assert event.isAccepted()
    index = applied.model().index(applied.model().row_of("heavy"), BAR)
    assert index.data() == "16/20 HP"
    assert hp(campaign, "heavy") == 16
    assert desk.stack.count() == 1


def test_drop_on_a_selected_tile_hits_every_selected_tile_and_undoes_in_one_step(
        applied, desk, campaign):
    model = applied.model()
    for cid in ("heavy", "vahid"):
        applied.selectionModel().select(model.index(model.row_of(cid), 0),
                                        applied.selectionModel().SelectionFlag.Select)
    mime = mime_for(chips.action_chip("4", {"type": "damage", "amount": 4}))
    hover(applied, mime, "vahid")
    assert model.index(model.row_of("heavy"), 0).data(PreviewRole)[0] == "20/20 HP → 18/20 HP"
    drop(applied, mime, "vahid")
    assert (hp(campaign, "heavy"), hp(campaign, "vahid"), hp(campaign, "caradoc")) == (18, 12, 16)
    assert desk.stack.count() == 1
    desk.stack.undo()
    assert (hp(campaign, "heavy"), hp(campaign, "vahid")) == (20, 16)
    assert model.index(model.row_of("vahid"), BAR).data() == "16/16 HP"


def test_drop_on_an_unselected_tile_hits_only_that_tile(applied, campaign):
    model = applied.model()
    applied.selectionModel().select(model.index(model.row_of("heavy"), 0),
                                    applied.selectionModel().SelectionFlag.Select)
    drop(applied, mime_for(chips.action_chip("4", {"type": "damage", "amount": 4})), "vahid")
    assert (hp(campaign, "heavy"), hp(campaign, "vahid")) == (20, 12)


@pytest.mark.parametrize("payload", [b"", b"{not json", b'{"label": "x"}', b"[1, 2]",
                                     b'{"action": {"type": "damage", "target": "heavy"}}',
                                     b"\xff\xfe"])
def test_a_malformed_payload_is_ignored_and_changes_nothing(applied, desk, campaign, payload):
    mime = QMimeData()
    mime.setData(chips.MIME_TYPE, payload)
    enter, _ = hover(applied, mime, "heavy")
    event = drop(applied, mime, "heavy")
    assert not enter.isAccepted() and not event.isAccepted()
    assert hp(campaign, "heavy") == 20 and desk.stack.count() == 0


def test_text_from_elsewhere_is_not_accepted(applied):
    mime = QMimeData()
    mime.setText('{"type": "damage", "amount": 5}')
    enter, move = hover(applied, mime, "heavy")
    assert not enter.isAccepted() and not move.isAccepted()


def test_a_monster_dropped_as_an_attacker_deals_its_attack(applied, desk, campaign):
    drop(applied, mime_for(chips.attack_chip(["hagr"])), "heavy")
    entry, = campaign.store.log(campaign.info.id)
    assert entry.action["type"] == "damage" and entry.action["dice"] == "d10+3"
    assert len(entry.action["rolls"]) == 1  # the faces are stored, so the log replays
    assert "forceful" in entry.events[0]["text"]


def test_a_gang_of_attackers_deals_gang_up_damage(applied, campaign):
    drop(applied, mime_for(chips.attack_chip(["hagr", "coedwig"])), "heavy")
    entry, = campaign.store.log(campaign.info.id)
    assert entry.action["type"] == "gang_damage"
    assert "d10+4" in entry.events[0]["text"]


def test_a_refused_drop_shows_its_reason_on_the_tile(applied, desk, campaign):
    drop(applied, mime_for(chips.action_chip("Recover", {"type": "recover"})), "caradoc")
    index = applied.model().index(0, 0)
    assert "full HP" in index.data(NoticeRole)
    assert campaign.store.log(campaign.info.id) == []


def test_tiles_have_accessible_names(view):
    index = view.model().index(1, 0)
    assert index.data(Qt.ItemDataRole.AccessibleTextRole) == "The Heavy, PC"
    assert "20/20 HP" in index.data(Qt.ItemDataRole.AccessibleDescriptionRole)
    assert index.data(IdRole) == "heavy" and index.data(FactsRole).guard == ("Armor", "2")
