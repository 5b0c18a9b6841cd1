"""Lux Aeterna on the real window: a Weakened or Intangible monster's tile dragged onto a
character (LA-16, LA-17), a Trauma marked treated (LA-11) and what a character sustains
(LA-4, LA-16), each checked on the model and in the database."""

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from harmdesk.desk import chips
from harmdesk.profiles import profile_for
from harmdesk.qt.desk_model import FactsRole, PreviewRole
from harmdesk.qt.dialogs.condition import ConditionDialog

from .kit import make_folder, open_window, saved
from .test_tiles import drop, hover, mime_for

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

PARTY = [
    {"id": "maelis", "name": "Maelis", "kind": "pc", "max_hp": 20, "traumas": [5, 9],
     "hp": 12},
    {"id": "wraith", "name": "the wraith", "kind": "monster", "max_hp": 10,
     "attack": {"dice": "d8"}},
]


@pytest.fixture
def window(qtbot, tmp_path):
    make_folder(tmp_path, [("Desk", "lux_aeterna", {}, PARTY)])
    window = open_window(qtbot, tmp_path, size=(1300, 850))
    window.folder = tmp_path
    yield window
    window.controller.service.close()


def tile(window, cid):
    return window.model.index(window.model.row_of(cid), 0)


def test_la17_a_weakened_monster_tile_halves_its_damage_in_preview_and_log(window):
    assert window.controller.submit({"type": "add_condition", "target": "wraith",
                                     "name": "weakened", "origin_level": 2})
    hover(window.tiles, mime_for(chips.attack_chip(["wraith"])), "maelis")
    line, detail, ok = tile(window, "maelis").data(PreviewRole)
    # d8 halved, rounding down: 0 to 4 HP lost from 12
    assert ok and "the wraith's damage is halved" in detail
    assert line.startswith("12 → 8–12 HP"), line  # unhalved: 4–11
    drop(window.tiles, mime_for(chips.attack_chip(["wraith"])), "maelis")
    chars, log = saved(window.folder)
    rolled = log[-1].action["rolls"][0]
    assert log[-1].action["source"] == "wraith"
    assert chars["maelis"]["hp"] == 12 - rolled // 2
    assert any(f"halved, {rolled} → {rolled // 2}" in e["text"] for e in log[-1].events)


def test_la16_an_intangible_monster_tile_deals_no_damage(window):
    assert window.controller.submit({"type": "add_condition", "target": "wraith",
                                     "name": "intangible"})
    drop(window.tiles, mime_for(chips.attack_chip(["wraith"])), "maelis")
    chars, log = saved(window.folder)
    assert chars["maelis"]["hp"] == 12
    assert "Intangible and cannot deal damage" in log[-1].events[0]["text"]


def submit_dialog(window, preset, fill=None):
    dlg = ConditionDialog(profile_for("lux_aeterna"), window.controller.state, ["maelis"],
                          preset=preset)
    if fill:
        fill(dlg.page())
    actions = dlg.actions()
    assert actions, dlg.ui.messageLabel.text()
    assert dlg.ui.buttonBox.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    for action in actions:
        assert window.controller.submit(action)
    dlg.deleteLater()
    return actions


def test_la11_a_trauma_treated_from_the_conditions_dialog_shows_and_is_saved(window):
    def concussion(page):
        page.which.setCurrentIndex(page.which.findText("9 Concussion"))
    actions = submit_dialog(window, "treat_trauma", concussion)
    assert actions == [{"type": "treat_trauma", "target": "maelis", "trauma": 9}]
    facts = tile(window, "maelis").data(FactsRole)
    assert "Trauma: Concussion (treated)" in facts.badges
    assert "Trauma: Infection" in facts.badges
    chars, _ = saved(window.folder)
    assert chars["maelis"]["treated_traumas"] == [9]
    # the Trauma treated leaves the dialog's list: only Infection is left to treat
    dlg = ConditionDialog(profile_for("lux_aeterna"), window.controller.state, ["maelis"],
                          preset="treat_trauma")
    assert [dlg.page().which.itemText(i) for i in range(dlg.page().which.count())] == \
        ["5 Infection"]
    dlg.deleteLater()


def test_la16_sustaining_shows_on_the_tile_and_dazed_ends_it_in_the_log(window):
    submit_dialog(window, "sustain", lambda page: page.effect.setText("Wall of Light"))
    assert "sustaining: Wall of Light" in tile(window, "maelis").data(FactsRole).badges
    assert saved(window.folder)[0]["maelis"]["sustaining"] == [
        {"effect": "Wall of Light", "concentration": True}]
    assert window.controller.submit({"type": "add_condition", "target": "maelis",
                                     "name": "dazed", "origin_level": 3})
    assert not any(b.startswith("sustaining") for b in
                   tile(window, "maelis").data(FactsRole).badges)
    chars, log = saved(window.folder)
    assert chars["maelis"]["sustaining"] == []
    assert "Maelis is Dazed: stops sustaining Wall of Light" in [e["text"] for e in
                                                                log[-1].events]


def test_stop_sustaining_from_the_dialog_ends_the_chosen_effect(window):
    for effect in ("Wall of Light", "Ward"):
        assert window.controller.submit({"type": "sustain", "target": "maelis",
                                         "effect": effect, "concentration": False})
    actions = submit_dialog(window, "stop_sustaining",
                            lambda page: page.held.setCurrentIndex(page.held.findData("Ward")))
    assert actions == [{"type": "stop_sustaining", "target": "maelis", "effect": "Ward"}]
    assert saved(window.folder)[0]["maelis"]["sustaining"] == [
        {"effect": "Wall of Light", "concentration": False}]
