"""Chronic Pain (LA-10 #15, "You have Disadvantage on all Saves") where the GM is asked for a
Save: the turn's Save prompt on the real window (Next turn, the End turn chip), the
conditions dialog's Save, Rests and moves' End of turn and Full Rest."""

import pytest
from PySide6.QtWidgets import QDialog, QLabel

from harmdesk.profiles import profile_for
from harmdesk.qt.dialogs.condition import ConditionDialog
from harmdesk.qt.dialogs.encounter import TurnSaveDialog
from harmdesk.qt.dialogs.moves import MovesDialog

from .kit import make_folder, open_window

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

LUX = profile_for("lux_aeterna")
SHEETS = [
    {"id": "roche", "name": "Roche", "kind": "pc", "max_hp": 20, "traumas": [15],
     "conditions": [{"name": "frozen", "origin_level": 8}]},
    {"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 20,
     "conditions": [{"name": "dazed", "origin_level": 4}]},
]
ODDS = "Disadvantage: Chronic Pain"


@pytest.fixture
def window(qtbot, tmp_path):
    make_folder(tmp_path, [("Desk", "lux_aeterna", {}, SHEETS)])
    window = open_window(qtbot, tmp_path, size=(1300, 850))
    yield window
    window.controller.service.close()


def prompts(monkeypatch):
    """Each Save prompt's (odds line, shown), answered with 3 Bumps."""
    seen = []

    def exec_(dialog):
        seen.append((dialog.ui.oddsLabel.text(), dialog.ui.oddsLabel.isVisibleTo(dialog)))
        dialog.ui.bumps.setValue(3)
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(TurnSaveDialog, "exec", exec_)
    return seen


def test_la10_the_turns_save_prompt_shows_chronic_pains_disadvantage(window, monkeypatch):
    seen = prompts(monkeypatch)
    assert window.controller.submit({"type": "start_encounter", "order": ["roche", "sara"]})
    assert window.encounter.next_turn()  # Roche's turn ends
    assert window.encounter.next_turn()  # Sara's: no Chronic Pain
    assert [shown for _text, shown in seen] == [True, False]
    assert seen[0][0].startswith(ODDS) and seen[1][0] == ""
    assert "LA-" not in seen[0][0]
    roche = window.controller.state["characters"]["roche"]
    assert roche["conditions"][0]["bumps"] == 3


def test_la10_the_end_turn_chips_save_prompt_shows_it_too(window, monkeypatch):
    seen = prompts(monkeypatch)
    assert window.controller.submit({"type": "end_turn", "target": "roche"})
    assert seen[0][1] and seen[0][0].startswith(ODDS)


def test_la10_the_save_dialogs_show_chronic_pains_disadvantage(qtbot, window):
    state = window.controller.state
    conditions = ConditionDialog(LUX, state, ["roche"])
    qtbot.addWidget(conditions)
    conditions.ui.tabs.setCurrentIndex(LUX.condition_pages.index("save"))
    assert conditions.page().progress.text() == f"0 Bumps of Difficulty 8; {ODDS}"
    conditions.page().bumps.setValue(2)
    assert f"Save against frozen ({ODDS}): 0 + 2 = 2 of 8 Bumps" in \
        conditions.ui.previewLabel.text()
    moves = MovesDialog(LUX, state, ["roche", "sara"], move="End of turn")
    qtbot.addWidget(moves)
    labels = [moves.page().save.itemText(i) for i in range(moves.page().save.count())]
    assert labels == ["no Save", f"Roche: Frozen (0 of 8 Bumps; {ODDS})",
                      "Sara: Dazed (0 of 4 Bumps)"]
    rest = MovesDialog(LUX, state, ["roche", "sara"], move="Full Rest")
    qtbot.addWidget(rest)
    notes = [label.text() for label in rest.page().findChildren(QLabel)]
    assert f"Trauma Saves: Roche: {ODDS}." in notes
