"""The window on a fourth game from outside the package (tests/fourth_game/): it opens the
campaign, a chip dropped on a tile is saved, undo restores it, and the game's own window
pages make its moves dialog."""

import pytest

from harmdesk.qt.desk_model import FactsRole
from harmdesk.qt.tray_chips import mime_for
from tests.test_fourth_game import forget_hearth, register_hearth

from .kit import make_folder, open_window, saved
from .test_tiles import drop

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
PARTY = [{"id": "ada", "name": "Ada", "kind": "pc", "max_hp": 6, "hp": 3},
         {"id": "wolf", "name": "Ash wolf", "kind": "monster", "max_hp": 4}]


@pytest.fixture
def hearth_window(qtbot, tmp_path):
    register_hearth()
    folder = make_folder(tmp_path, [("Hearth", "hearth", {}, PARTY)])
    window = open_window(qtbot, folder, name="Hearth", size=(1300, 850))
    yield window, folder
    window.controller.service.close()
    forget_hearth()


def tile(window, cid):
    return window.model.index(window.model.row_of(cid), 0)


def test_the_window_opens_a_fourth_game_drops_a_chip_on_it_and_undoes(hearth_window):
    window, folder = hearth_window
    assert window.controller.profile.name == "hearth"
    assert tile(window, "ada").data(FactsRole).bar.text == "3/6 Warmth"
    fire = next(c for c in window.tray.chips_in("moves") if c.text().startswith("Fire"))
    drop(window.tiles, mime_for(fire.chip()), "ada")
    chars, log = saved(folder, "Hearth")
    assert chars["ada"]["hp"] == 5
    assert log[-1].action == {"type": "heal", "amount": 2, "target": "ada"}
    assert tile(window, "ada").data(FactsRole).bar.text == "5/6 Warmth"
    window.undo_action.trigger()
    assert saved(folder, "Hearth")[0]["ada"]["hp"] == 3
    assert tile(window, "ada").data(FactsRole).bar.text == "3/6 Warmth"


def test_a_fourth_games_moves_dialog_is_made_of_its_own_pages(hearth_window, qtbot):
    from harmdesk.qt.dialogs.moves import MovesDialog
    window, _ = hearth_window
    dialog = MovesDialog(window.controller.profile, window.controller.state, ["ada", "wolf"])
    qtbot.addWidget(dialog)
    assert dialog.moves() == ["Sit by the &fire"]
    assert dialog.actions() == [{"type": "heal", "target": "ada", "amount": 2},
                                {"type": "heal", "target": "wolf", "amount": 2}]
