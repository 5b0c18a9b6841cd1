"""What the GM sees of a Stonetop monster out of the fight (ST-6): its tile dragged onto a
character previews the refusal naming it, and the drop saves nothing; in a gang-up the
downed are left out, the preview and the log saying so."""

import pytest
from PySide6.QtGui import QDragLeaveEvent

from harmdesk.desk import chips
from harmdesk.qt.desk_model import PreviewRole

from .kit import saved
from .test_tiles import drop, hover, mime_for

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
REFUSAL = "Coedwig is out of the action (dead at 0 HP) and no longer in the fight"


def tile(window, cid):
    return window.model.index(window.model.row_of(cid), 0)


def kill_the_coedwig(window):
    assert window.controller.submit({"type": "damage", "target": "coedwig", "amount": 4})
    assert window.controller.state["characters"]["coedwig"]["death"] == "dead"


def test_a_dead_monsters_attack_previews_its_refusal_and_the_drop_saves_nothing(window,
                                                                                 folder):
    kill_the_coedwig(window)
    steps = len(saved(folder)[1])
    mime = mime_for(chips.attack_chip(["coedwig"]))
    hover(window.tiles, mime, "vahid")
    line, _, ok = tile(window, "vahid").data(PreviewRole)
    assert not ok and line.startswith(REFUSAL) and "ST-6" not in line
    window.tiles.dragLeaveEvent(QDragLeaveEvent())
    drop(window.tiles, mime, "vahid")
    assert REFUSAL in window.statusBar().currentMessage()
    chars, log = saved(folder)
    assert len(log) == steps and chars["vahid"]["hp"] == 16


def test_a_gang_up_leaves_the_dead_out_in_the_preview_and_the_log(window, folder):
    kill_the_coedwig(window)
    mime = mime_for(chips.attack_chip(["coedwig", "hagr"]))
    hover(window.tiles, mime, "vahid")
    line, detail, ok = tile(window, "vahid").data(PreviewRole)
    # the hagr alone deals d10+3 (4–13), not d10+4 with the coedwig; Vahid has no armor
    assert ok and line.startswith("16 → 3–12 HP"), line
    assert "Coedwig is out of the action (dead at 0 HP): not counted" in detail
    window.tiles.dragLeaveEvent(QDragLeaveEvent())
    drop(window.tiles, mime, "vahid")
    log = saved(folder)[1]
    assert log[-1].action["type"] == "gang_damage"
    assert any("Coedwig is out of the action (dead at 0 HP): not counted" in e["text"]
               for e in log[-1].events)


def test_the_gang_slot_says_the_dead_are_not_counted_and_deals_without_them(window):
    kill_the_coedwig(window)
    slot = window.tray.ui.gangSlot
    slot.add(["hagr", "coedwig"])
    assert slot.members.text() == "1 × Hagr\n1 × Coedwig (out of the action: not counted)"
    assert slot.deals.text() == "Deals d10+3, forceful"
    slot.clear()
    slot.add(["coedwig"])
    assert "Coedwig is out of the action (dead at 0 HP)" in slot.deals.text()
    assert slot.deals.styleSheet() != ""
