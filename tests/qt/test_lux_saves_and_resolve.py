"""Lux Aeterna Saves and Resolve as the GM meets them: the Save refused past what the rules
allow (LA-14)."""

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from harmdesk.campaign import Campaign
from harmdesk.profiles import profile_for
from harmdesk.qt.controller import DeskController
from harmdesk.qt.dialogs.condition import ConditionDialog
from harmdesk.session import Session
from harmdesk.store import Store

OK = QDialogButtonBox.StandardButton.Ok
LUX = profile_for("lux_aeterna")
SHEETS = [
    {"id": "maelis", "name": "Maelis", "kind": "pc", "max_hp": 20, "resolve_dice": 2,
     "hp": 12, "conditions": [{"name": "charmed", "origin_level": 6}]},
    {"id": "siren", "name": "the siren", "kind": "monster", "max_hp": 25},
]


@pytest.fixture
def desk(qtbot, tmp_path):
    store = Store.open(tmp_path)
    controller = DeskController()
    controller.set_session(Session.on(Campaign.create(store, "Lux", "lux_aeterna", {},
                                                      SHEETS)))
    yield controller
    store.close()


def save_page(qtbot, desk, targets):
    dialog = ConditionDialog(LUX, desk.state, targets)
    qtbot.addWidget(dialog)
    dialog.ui.tabs.setCurrentIndex(LUX.condition_pages.index("save"))
    assert dialog.page().title == "&Save"
    return dialog


def test_la14_the_extra_charmed_save_is_refused_in_the_dialog_until_damage_gives_one(
        qtbot, desk):
    assert desk.submit({"type": "start_encounter", "order": ["maelis", "siren"]})
    assert desk.submit({"type": "next_turn", "condition": "charmed", "bumps": 1})
    dialog = save_page(qtbot, desk, ["maelis"])
    dialog.page().bumps.setValue(2)
    assert "Maelis has already Saved this round and has taken no damage since" in \
        dialog.ui.messageLabel.text()
    assert dialog.ui.messageLabel.isVisibleTo(dialog)
    assert not dialog.ui.buttonBox.button(OK).isEnabled()
    assert "LA-" not in dialog.ui.messageLabel.text()
    assert desk.submit({"type": "damage", "target": "maelis", "amount": 2, "source": "siren"})
    hit = save_page(qtbot, desk, ["maelis"])
    hit.page().bumps.setValue(2)
    assert hit.ui.buttonBox.button(OK).isEnabled()
    assert "1 + 2 = 3 of 6 Bumps" in hit.ui.previewLabel.text()
