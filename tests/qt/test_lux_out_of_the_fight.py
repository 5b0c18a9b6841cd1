"""Lux Aeterna on the window: a dead or downed monster's tile dragged onto a character
shows the refusal while hovering (LA-4, LA-16), and the conditions dialog's enemy and
duration (LA-15, LA-16)."""

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from harmdesk.desk import chips
from harmdesk.profiles import profile_for
from harmdesk.qt.desk_model import FactsRole, PreviewRole
from harmdesk.qt.dialogs.common import select_data
from harmdesk.qt.dialogs.condition import ConditionDialog

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
    window.controller.service.close()


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


def condition_dialog(window, targets, preset):
    return ConditionDialog(profile_for("lux_aeterna"), window.controller.state, targets,
                           preset=preset)


def ok_enabled(dlg):
    return dlg.ui.buttonBox.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_la16_fixated_from_the_dialog_names_its_enemy_and_ends_when_they_hide(window):
    assert window.controller.submit({"type": "heal", "target": "ghoul", "amount": 6})
    dlg = condition_dialog(window, ["maelis"], "fixated")
    page = dlg.page()
    assert page.enemy.isEnabled()
    # the living others on the desk, not Maelis herself and not the dead wraith
    assert [page.enemy.itemText(i) for i in range(page.enemy.count())] == [
        "the ghoul", "someone not on the desk"]
    page.level.setValue(2)
    select_data(page.until, "scene")
    actions = dlg.actions()
    assert actions == [{"type": "add_condition", "target": "maelis", "name": "fixated",
                        "origin_level": 2, "enemy": "ghoul", "until": "scene"}]
    assert ok_enabled(dlg)
    assert window.controller.submit(actions[0])
    dlg.deleteLater()
    badges = tile(window, "maelis").data(FactsRole).badges
    assert "fixated on ghoul 0/2, until the scene ends" in badges
    assert saved(window.folder)[0]["maelis"]["conditions"][0]["enemy"] == "ghoul"
    assert window.controller.submit({"type": "add_condition", "target": "ghoul",
                                     "name": "hidden"})
    chars, log = saved(window.folder)
    assert chars["maelis"]["conditions"] == []
    assert "Maelis: Fixated on the ghoul ends: the ghoul becomes Hidden" in [
        e["text"] for e in log[-1].events]


def test_la15_the_dialogs_durations_a_note_and_one_at_a_time(window):
    dlg = condition_dialog(window, ["maelis"], "slowed")
    page = dlg.page()
    assert not page.enemy.isEnabled() and not page.note.isEnabled()
    select_data(page.until, "note")
    assert page.note.isEnabled()
    assert dlg.actions() == [] and not ok_enabled(dlg)
    assert "Say how long it lasts" in dlg.ui.messageLabel.text()
    page.note.setText("10 minutes")
    assert dlg.actions()[0]["duration"] == "10 minutes" and ok_enabled(dlg)
    page.rounds.setValue(3)
    assert dlg.actions() == [] and "Give one duration" in dlg.ui.messageLabel.text()
    page.rounds.setValue(0)
    select_data(page.until, "full_rest")
    action = dlg.actions()[0]
    assert action["until"] == "full_rest" and "duration" not in action
    assert window.controller.submit(action)
    dlg.deleteLater()
    assert "slowed 0/1, until a Full Rest" in tile(window, "maelis").data(FactsRole).badges
    assert window.controller.submit({"type": "full_rest", "target": "maelis"})
    assert saved(window.folder)[0]["maelis"]["conditions"] == []


def test_la16_the_unconscious_condition_shows_on_the_tile_and_refuses_its_attack(window):
    assert window.controller.submit({"type": "heal", "target": "ghoul", "amount": 6})
    assert window.controller.submit({"type": "add_condition", "target": "ghoul",
                                     "name": "unconscious", "origin_level": 2})
    facts = tile(window, "ghoul").data(FactsRole)
    assert facts.status == "unconscious" and "unconscious 0/2" in facts.badges
    hover(window.tiles, mime_for(chips.attack_chip(["ghoul"])), "maelis")
    line, detail, ok = tile(window, "maelis").data(PreviewRole)
    assert not ok and "cannot move, act, or react at all" in f"{line} {detail}"
