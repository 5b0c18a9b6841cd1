"""Lux Aeterna on the window: a dead or downed monster's tile dragged onto a character
shows the refusal while hovering (LA-4, LA-16), and the conditions dialog's enemy and
duration (LA-15, LA-16)."""

import pytest

from harmdesk import chips
from harmdesk.qt.desk_model import PreviewRole

from .kit import make_folder, open_window, saved
from .test_tiles import drop, hover, mime_for

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

PARTY = [
    {"id": "maelis", "name": "Maelis", "kind": "pc", "max_hp": 10},
    {"id": "wraith", "name": "the wraith", "kind": "monster", "max_hp": 8, "hp": -2,
     "dead": True, "attack": {"dice": "d8"}},
    {"id": "ghoul", "name": "the ghoul", "kind": "monster", "max_hp": 6, "hp": 0,
     "attack": {"dice": "d6"}},
]


@pytest.fixture
def window(qtbot, tmp_path):
    make_folder(tmp_path, [("Desk", "lux_aeterna", {}, PARTY)])
    window = open_window(qtbot, tmp_path, size=(1300, 850))
    window.folder = tmp_path
    yield window
    window.controller.session.close()


def tile(window, cid):
    return window.model.index(window.model.row_of(cid), 0)


@pytest.mark.parametrize("attacker, why", [("wraith", "the wraith is dead"),
                                           ("ghoul", "the ghoul is unconscious at 0 HP")])
def test_la4_a_downed_monster_tile_shows_the_refusal_and_deals_nothing(window, attacker, why):
    mime = mime_for(chips.attack_chip([attacker]))
    hover(window.tiles, mime, "maelis")
    line, detail, ok = tile(window, "maelis").data(PreviewRole)
    shown = f"{line} {detail}"
    assert not ok and why in shown and "deals no damage" in shown, shown
    assert "LA-" not in shown
    steps = len(saved(window.folder)[1])
    drop(window.tiles, mime, "maelis")
    chars, log = saved(window.folder)
    assert chars["maelis"]["hp"] == 10 and len(log) == steps
