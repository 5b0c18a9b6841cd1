"""A character holding the most the rules take (9,999 HP, 99 armor, the deepest HP Debt)
opens the Death state and character dialogs in the real window without an error, each
field showing the sheet's own value, and an untouched edit changes nothing; its tile's bar
still holds its text."""

import pytest
from PySide6.QtWidgets import QDialog

from harmdesk.qt.desk_model import FactsRole
from harmdesk.qt.dialogs.character import CharacterDialog
from harmdesk.qt.dialogs.death import DeathDialog
from harmdesk.qt.tile_delegate import base_size

from . import kit

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

CAMPAIGNS = [
    ("Stonetop", "stonetop", {}, [{"id": "big", "name": "Big", "max_hp": 9_999, "armor": 99,
                                   "supplies": 99}]),
    ("Lux", "lux_aeterna", {}, [{"id": "big", "name": "Big", "max_hp": 9_999, "hp": -9_999,
                                 "wounded": True, "max_strain": 20, "strain": 20,
                                 "save_score": -99, "resolve_dice": 20, "endurance": 9_999}]),
    ("Freedom", "freedom_fantasies", {}, [{"id": "big", "name": "Big", "hp": 9_999,
                                           "might": 99, "block_bonus": -99, "supplies": 99}]),
]
SHOWN = {"Stonetop": {"max_hp": 9_999, "hp": 9_999, "armor": 99, "supplies": 99},
         "Lux": {"max_hp": 9_999, "max_strain": 20, "save_score": -99, "resolve_dice": 20},
         "Freedom": {"hp": 9_999, "might": 99, "block_bonus": -99, "supplies": 99}}


@pytest.fixture
def folder(tmp_path):
    return kit.make_folder(tmp_path, CAMPAIGNS)


def looked_at(monkeypatch, dialog_class, seen: list):
    """The dialog the window opens is kept and closed unaccepted, as Cancel would."""
    def exec_(dialog):
        seen.append(dialog)
        return QDialog.DialogCode.Rejected
    monkeypatch.setattr(dialog_class, "exec", exec_)


@pytest.mark.parametrize("name", [c[0] for c in CAMPAIGNS])
def test_a_character_at_the_limits_opens_the_death_state_and_character_dialogs(
        qtbot, folder, monkeypatch, name):
    window = kit.open_window(qtbot, folder, name)
    try:
        window.select_ids(["big"])
        deaths, sheets = [], []
        looked_at(monkeypatch, DeathDialog, deaths)
        looked_at(monkeypatch, CharacterDialog, sheets)
        assert window.play_menus.death_state() is False
        assert window.play_menus.edit_character() is False
        death, = deaths
        if death.ruling is not None:  # Freedom Fantasies has no death state to rule on
            big = window.controller.state["characters"]["big"]
            assert death.hp.maximum() == big["max_hp"] and death.hp.value() == big["hp"]
            assert "/9999 HP" in death.ui.targetsLabel.text()
        sheet, = sheets
        shown = {key: sheet.fields[key].value() for key in SHOWN[name]}
        assert shown == SHOWN[name]  # every value as the sheet has it, none cut to fit
        assert sheet.action() is None  # and opening it changed nothing
        facts = window.model.index(window.model.row_of("big"), 0).data(FactsRole)
        fm = window.tiles.fontMetrics()
        bar = base_size(fm).width() - 4 - fm.height()  # the smallest tile's bar, as painted
        assert fm.horizontalAdvance(facts.bar.text) < bar, facts.bar.text
    finally:
        window.controller.service.close()
