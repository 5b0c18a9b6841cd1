"""The encounter bar when the character whose turn it is leaves the desk: the turn passes
to the next living one in order, as Next turn passes it, and the bar and the database say
so."""

import pytest

from .kit import make_folder, open_window
from .test_encounter_bar import chips, saved

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LUX = [
    {"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 20},
    {"id": "brann", "name": "Brann", "kind": "pc", "max_hp": 10, "hp": 0, "wounded": True,
     "dead": True},
    {"id": "karis", "name": "Karis", "kind": "pc", "max_hp": 18},
]


@pytest.fixture
def lux(qtbot, tmp_path):
    make_folder(tmp_path, [("Desk", "lux_aeterna", {}, LUX)])
    window = open_window(qtbot, tmp_path, size=(1300, 850))
    window.folder = tmp_path
    assert window.controller.submit({"type": "start_encounter",
                                     "order": ["sara", "brann", "karis"]})
    yield window
    window.controller.service.close()


def test_removing_the_one_whose_turn_it_is_passes_it_over_the_dead(lux):
    assert lux.encounter.bar.ui.roundLabel.text() == "Round 1 · Sara's turn"
    lux.select_ids(["sara"])
    lux.ui.actionRemoveCharacter.trigger()
    assert lux.encounter.bar.ui.roundLabel.text() == "Round 1 · Karis's turn"
    turn = [name for name, is_turn, _ in chips(lux) if is_turn]
    assert turn == ["Karis"]
    encounter, chars, log = saved(lux.folder)
    assert "sara" not in chars
    assert encounter["order"] == ["brann", "karis"] and encounter["turn"] == 1
    told = [e["text"] for e in log[-1].events]
    assert "Brann is dead: their turn is passed over" in told
