"""Lux Aeterna Saves and Resolve as the GM meets them: the Save refused past what the rules
allow (LA-14), and Resolve rolled in Rests and moves when an ability prompts it (LA-12)."""

import random

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.profiles import profile_for
from harmdesk.qt.controller import DeskController
from harmdesk.qt.dialogs.condition import ConditionDialog
from harmdesk.qt.dialogs.moves import MovesDialog
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
    controller.set_service(Service.on(Campaign.create(store, "Lux", "lux_aeterna", {},
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


def test_la12_resolve_prompted_by_an_item_is_a_move_of_its_own_in_a_fight(qtbot, desk):
    assert desk.submit({"type": "start_encounter", "order": ["maelis", "siren"]})
    dialog = MovesDialog(LUX, desk.state, ["maelis"], move="Roll Resolve",
                         rng=random.Random(3))
    qtbot.addWidget(dialog)
    assert dialog.page().title == "Roll Resolve" and "Roll Resolve" in dialog.moves()
    page = dialog.page()
    (_, count, faces), = page.fields
    assert count.value() == 1  # Maelis is hurt
    page.prompted_by.setText("Potion of Vigor")
    faces.setText("5")
    assert dialog.actions() == [{"type": "roll_resolve", "target": "maelis",
                                 "resolve_rolls": [5], "prompted_by": "Potion of Vigor"}]
    assert "Potion of Vigor, Resolve 1d6 5: 5 HP recovered" in dialog.ui.previewLabel.text()
    assert dialog.ui.buttonBox.button(OK).isEnabled()
    assert desk.submit_many(dialog.actions(), dialog.title())
    maelis = desk.state["characters"]["maelis"]
    assert (maelis["hp"], maelis["resolve_dice"]) == (17, 1)
    faces.setText("")  # HarmDesk rolls, once, and says so
    rolled = dialog.actions()[0]["resolve_rolls"]
    assert dialog.actions()[0]["resolve_rolls"] == rolled
    assert "HarmDesk rolled 1d6 for Maelis" in dialog.ui.previewLabel.text()
