"""Tiles: real QMimeData dropped on the real window's tiles, previews that save nothing, undo in
one step."""

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragLeaveEvent, QDragMoveEvent, QDropEvent

from harmdesk.desk import chips
from harmdesk.qt.desk_model import BAR, FactsRole, IdRole, NoticeRole, PreviewRole

from .kit import saved

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
COPY = Qt.DropAction.CopyAction
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


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


@pytest.fixture
def applied(window):
    """The window's tiles, wired to the window's own drop handler."""
    return window.tiles


def hp(folder, cid):
    return saved(folder)[0][cid]["hp"]


def log(folder):
    return saved(folder)[1]


def test_the_model_passes_the_model_tester(qtmodeltester, view):
    qtmodeltester.check(view.model(), force_py=True)


def test_hover_previews_and_saves_nothing(applied, window, folder):
    view = applied
    mime = mime_for(chips.action_chip("5, 1 piercing", {"type": "damage", "amount": 5,
                                                        "piercing": 1}))
    enter, move = hover(view, mime, "heavy")
    assert enter.isAccepted() and move.isAccepted()
    index = view.model().index(view.model().row_of("heavy"), 0)
    line, detail, ok = index.data(PreviewRole)
    assert ok and line == "20/20 HP → 16/20 HP"
    assert "armor 2 − 1 piercing = 1" in detail
    assert hp(folder, "heavy") == 20 and window.controller.stack.count() == 0
    view.dragLeaveEvent(QDragLeaveEvent())
    assert index.data(PreviewRole) is None


def test_a_drag_decodes_its_chip_once_not_on_every_move(applied, folder, monkeypatch):
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
    assert len(decoded) == 1 and hp(folder, "heavy") == 17
    hover(view, mime, "heavy")  # a new drag reads its chip anew
    assert len(decoded) == 2


def test_a_refusal_is_previewed_too(applied):
    mime = mime_for(chips.action_chip("Recover", {"type": "recover"}))
    hover(applied, mime, "caradoc")
    index = applied.model().index(applied.model().row_of("caradoc"), 0)
    line, _, ok = index.data(PreviewRole)
    assert not ok and "full HP" in line


def test_unrolled_dice_preview_gives_range_and_odds(applied, window):
    # 16 − (11 − 1) = 6
    assert window.controller.submit({"type": "damage", "target": "caradoc", "amount": 11})
    mime = mime_for(chips.action_chip("d10", {"type": "damage", "dice": "d10"}))
    hover(applied, mime, "caradoc")
    line, _, ok = applied.model().index(0, 0).data(PreviewRole)
    assert ok and line.startswith("6 → 0–6 HP")
    assert "40%: Dying" in line  # 7..10 on a d10, less armor 1, takes his last 6 HP


def test_drop_applies_and_is_saved(applied, window, folder):
    mime = mime_for(chips.action_chip("5, 1 piercing", {"type": "damage", "amount": 5,
                                                        "piercing": 1}))
    event = drop(applied, mime, "heavy")
    assert event.isAccepted()
    index = applied.model().index(applied.model().row_of("heavy"), BAR)
    assert index.data() == "16/20 HP"
    assert hp(folder, "heavy") == 16
    assert window.controller.stack.count() == 1


def test_a_drop_takes_the_trays_modifiers_as_the_window_applies_it(applied, window, folder):
    window.tray.ui.piercingSpin.setValue(1)
    drop(applied, mime_for(chips.action_chip("5", {"type": "damage", "amount": 5})), "heavy")
    entry, = log(folder)
    assert entry.action["piercing"] == 1 and entry.action["target"] == "heavy"
    assert hp(folder, "heavy") == 16  # armor 2 − 1 piercing = 1; 5 − 1 = 4 HP lost


def test_drop_on_a_selected_tile_hits_every_selected_tile_and_undoes_in_one_step(
        applied, window, folder):
    model = applied.model()
    window.select_ids(["heavy", "vahid"])
    mime = mime_for(chips.action_chip("4", {"type": "damage", "amount": 4}))
    hover(applied, mime, "vahid")
    assert model.index(model.row_of("heavy"), 0).data(PreviewRole)[0] == "20/20 HP → 18/20 HP"
    drop(applied, mime, "vahid")
    assert (hp(folder, "heavy"), hp(folder, "vahid"), hp(folder, "caradoc")) == (18, 12, 16)
    assert window.controller.stack.count() == 1
    window.controller.stack.undo()
    assert (hp(folder, "heavy"), hp(folder, "vahid")) == (20, 16)
    assert model.index(model.row_of("vahid"), BAR).data() == "16/16 HP"


def test_drop_on_an_unselected_tile_hits_only_that_tile(applied, window, folder):
    window.select_ids(["heavy"])
    drop(applied, mime_for(chips.action_chip("4", {"type": "damage", "amount": 4})), "vahid")
    assert (hp(folder, "heavy"), hp(folder, "vahid")) == (20, 12)


@pytest.mark.parametrize("payload", [b"", b"{not json", b'{"label": "x"}', b"[1, 2]",
                                     b'{"action": {"type": "damage", "target": "heavy"}}',
                                     b"\xff\xfe"])
def test_a_malformed_payload_is_ignored_and_changes_nothing(applied, window, folder, payload):
    mime = QMimeData()
    mime.setData(chips.MIME_TYPE, payload)
    enter, _ = hover(applied, mime, "heavy")
    event = drop(applied, mime, "heavy")
    assert not enter.isAccepted() and not event.isAccepted()
    assert hp(folder, "heavy") == 20 and window.controller.stack.count() == 0


def test_text_from_elsewhere_is_not_accepted(applied):
    mime = QMimeData()
    mime.setText('{"type": "damage", "amount": 5}')
    enter, move = hover(applied, mime, "heavy")
    assert not enter.isAccepted() and not move.isAccepted()


def test_a_monster_dropped_as_an_attacker_deals_its_attack(applied, folder):
    drop(applied, mime_for(chips.attack_chip(["hagr"])), "heavy")
    entry, = log(folder)
    assert entry.action["type"] == "damage" and entry.action["dice"] == "d10+3"
    assert len(entry.action["rolls"]) == 1  # the faces are stored, so the log replays
    assert "forceful" in entry.events[0]["text"]


def test_a_gang_of_attackers_deals_gang_up_damage(applied, folder):
    drop(applied, mime_for(chips.attack_chip(["hagr", "coedwig"])), "heavy")
    entry, = log(folder)
    assert entry.action["type"] == "gang_damage"
    assert "d10+4" in entry.events[0]["text"]


def test_a_refused_drop_shows_its_reason_on_the_tile(applied, folder):
    drop(applied, mime_for(chips.action_chip("Recover", {"type": "recover"})), "caradoc")
    index = applied.model().index(0, 0)
    assert "full HP" in index.data(NoticeRole)
    assert log(folder) == []


def test_tiles_have_accessible_names(view):
    index = view.model().index(1, 0)
    assert index.data(Qt.ItemDataRole.AccessibleTextRole) == "The Heavy, PC"
    assert "20/20 HP" in index.data(Qt.ItemDataRole.AccessibleDescriptionRole)
    assert index.data(IdRole) == "heavy" and index.data(FactsRole).guard == ("Armor", "2")
