"""A drop repaints each tile it touches once: the preview going and the change coming are
one repaint (one `dataChanged` asked of the model, one paint of the delegate), and tiles
the drop did not touch are not painted again."""

from collections import Counter

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent

from harmdesk.desk import chips
from harmdesk.qt.desk_model import IdRole, NoticeRole, PreviewRole
from harmdesk.qt.tile_delegate import TileDelegate

from .kit import saved

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
COPY = Qt.DropAction.CopyAction
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier


def centre(view, cid):
    model = view.model()
    return view.visualRect(model.index(model.row_of(cid), 0)).center()


@pytest.fixture
def painted(monkeypatch):
    """The ids of the tiles the tile delegate paints, counted (asked for before the window,
    so that its delegate is made with the counting paint)."""
    counts = Counter()
    paint = TileDelegate.paint

    def counted(self, painter, option, index):
        counts[index.data(IdRole)] += 1
        paint(self, painter, option, index)

    monkeypatch.setattr(TileDelegate, "paint", counted)
    return counts


@pytest.fixture
def asked(window):
    """The ids of the tiles whose repaint the desk model asks for (`dataChanged`), counted."""
    counts = Counter()
    model = window.model

    def count(first, last, _roles=()):
        for row in range(first.row(), last.row() + 1):
            counts[model.index(row, 0).data(IdRole)] += 1

    model.dataChanged.connect(count)
    return counts


def mime_for(chip) -> QMimeData:
    mime = QMimeData()
    mime.setData(chips.MIME_TYPE, chips.encode(chip))
    return mime


def hovered(qtbot, view, mime, cid, painted) -> QPointF:
    """A chip held over tile `cid` until its preview is painted; where it is held."""
    pos = centre(view, cid)
    view.dragEnterEvent(QDragEnterEvent(pos, COPY, mime, LEFT, NONE))
    view.dragMoveEvent(QDragMoveEvent(pos, COPY, mime, LEFT, NONE))
    settled(qtbot, view, painted)
    return QPointF(pos)


def settled(qtbot, view, painted) -> None:
    """Wait until the tiles stop repainting (the window's first layouts and paints)."""
    def still():
        before = sum(painted.values())
        qtbot.wait(50)  # one more turn of the event loop, to see whether more paints come
        return sum(painted.values()) == before
    qtbot.waitUntil(lambda: still() and still(), timeout=20000)


def test_a_drop_repaints_each_tile_it_touches_once(qtbot, painted, window, folder, asked):
    view = window.tiles
    settled(qtbot, view, painted)
    mime = mime_for(chips.action_chip("5", {"type": "damage", "amount": 5}))
    pos = hovered(qtbot, view, mime, "heavy", painted)
    painted.clear()
    asked.clear()
    view.dropEvent(QDropEvent(pos, COPY, mime, LEFT, NONE))
    qtbot.waitUntil(lambda: saved(folder)[0]["heavy"]["hp"] == 17)
    settled(qtbot, view, painted)
    assert dict(asked) == {"heavy": 1}
    assert dict(painted) == {"heavy": 1}


def test_a_drop_on_the_selection_repaints_each_selected_tile_once(qtbot, painted, window,
                                                                  folder, asked):
    view = window.tiles
    window.select_ids(["caradoc", "heavy"])
    settled(qtbot, view, painted)
    mime = mime_for(chips.action_chip("5", {"type": "damage", "amount": 5}))
    pos = hovered(qtbot, view, mime, "heavy", painted)
    painted.clear()
    asked.clear()
    view.dropEvent(QDropEvent(pos, COPY, mime, LEFT, NONE))
    qtbot.waitUntil(lambda: saved(folder)[0]["caradoc"]["hp"] == 12)
    settled(qtbot, view, painted)
    assert dict(asked) == {"caradoc": 1, "heavy": 1}
    assert dict(painted) == {"caradoc": 1, "heavy": 1}


def test_a_refused_drop_repaints_its_tile_once_with_the_reason(qtbot, painted, window,
                                                               folder, asked):
    view = window.tiles
    settled(qtbot, view, painted)
    mime = mime_for(chips.action_chip("Recover", {"type": "recover"}))  # at full HP
    pos = hovered(qtbot, view, mime, "caradoc", painted)
    painted.clear()
    asked.clear()
    view.dropEvent(QDropEvent(pos, COPY, mime, LEFT, NONE))
    settled(qtbot, view, painted)
    index = window.model.index(window.model.row_of("caradoc"), 0)
    assert "full HP" in index.data(NoticeRole) and index.data(PreviewRole) is None
    assert dict(asked) == {"caradoc": 1}
    assert dict(painted) == {"caradoc": 1}
    assert saved(folder)[1] == []
