"""Freedom Fantasies on the window: a Wounded attacker's tile dragged onto a target pays 1
Momentum Point or is refused (FF-2, FF-3); the guidance that the Wounded are no longer
attacked on the tile and the players' display (FF-2); the Medicine page asking who is
Adjacent to the healer (FF-11). Checked in the preview, the model and the saved campaign."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from harmdesk.desk import chips
from harmdesk.qt.desk_model import FactsRole, PreviewRole
from harmdesk.qt.dialogs.moves import MovesDialog
from harmdesk.qt.player_model import NotesRole

from . import kit
from .test_tiles import drop, hover, mime_for

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

PARTY = [
    {"id": "brann", "name": "Brann", "kind": "pc", "hp": 10, "damage": 12,
     "attack": {"dice": "d6"}},
    {"id": "ogre", "name": "the ogre", "kind": "monster", "hp": 12},
    {"id": "nox", "name": "Nox", "kind": "pc", "hp": 4, "damage": 9, "momentum": 2,
     "attack": {"dice": "d4"}},
]


@pytest.fixture
def folder(tmp_path):
    return kit.make_folder(tmp_path, [("Freedom", "freedom_fantasies", {}, PARTY)])


@pytest.fixture
def window(qtbot, folder):
    window = kit.open_window(qtbot, folder, "Freedom", size=(1300, 850))
    yield window
    window.controller.service.close()


def preview(window, attacker, cid):
    hover(window.tiles, mime_for(chips.attack_chip([attacker])), cid)
    return window.model.index(window.model.row_of(cid), 0).data(PreviewRole)


def saved(folder):
    return kit.saved(folder, "Freedom")


def test_ff2_a_wounded_attacker_without_momentum_is_refused_while_hovering(window, folder):
    """FF-2: Brann is Wounded with 0 Momentum: the preview says what the attack lacks and
    the drop changes nothing in the store."""
    line, _, ok = preview(window, "brann", "ogre")
    assert not ok
    assert "Brann is Wounded and has 0 Momentum Points: an attack costs 1 Momentum " \
           "Point" in line
    assert "FF-" not in line
    drop(window.tiles, mime_for(chips.attack_chip(["brann"])), "ogre")
    chars, log = saved(folder)
    assert chars["ogre"]["damage"] == 0 and not any(
        row.action.get("source") == "brann" for row in log)


def test_ff2_a_wounded_attacker_with_momentum_spends_it_on_the_drop(window, folder):
    """FF-2: with 1 Momentum the preview accepts the attack; the drop spends it, the tile
    shows Momentum 0 and the store keeps the hit."""
    assert window.controller.submit({"type": "gain_momentum", "target": "brann"})
    line, _, ok = preview(window, "brann", "ogre")
    assert ok, line
    drop(window.tiles, mime_for(chips.attack_chip(["brann"])), "ogre")
    chars, log = saved(folder)
    rolled = log[-1].action["rolls"][0]
    assert log[-1].action["source"] == "brann"
    assert chars["brann"]["momentum"] == 0 and chars["ogre"]["damage"] == rolled
    assert log[-1].events[0]["text"] == ("Brann is Wounded: an attack costs 1 Momentum; "
                                         "Momentum 1 − 1 → 0")
    facts = window.model.index(window.model.row_of("brann"), 0).data(FactsRole)
    assert "Momentum 0" in facts.extra


def test_ff3_an_attacker_whose_story_has_ended_is_refused_while_hovering(window, folder):
    """FF-3: Nox's Damage 9 exceeds twice HP 4: no Momentum buys an attack."""
    line, _, ok = preview(window, "nox", "ogre")
    assert not ok and "Nox's Story has Ended: they take no more Actions" in line
    drop(window.tiles, mime_for(chips.attack_chip(["nox"])), "ogre")
    chars, _ = saved(folder)
    assert chars["ogre"]["damage"] == 0 and chars["nox"]["momentum"] == 2


# the seed's guidance on the Wounded --------------------------------------------------------
GUIDANCE = "no longer the target of further attacks"


def test_ff2_the_wounded_tile_and_the_players_card_say_they_are_no_longer_attacked(
        qtbot, window):
    """FF-2: "will no longer be the target of further attacks", on the Wounded tile and
    beside Wounded on the players' display; not on the unhurt, nor on an ended Story."""
    def extra(cid):
        return window.model.index(window.model.row_of(cid), 0).data(FactsRole).extra
    assert GUIDANCE in extra("brann")
    assert GUIDANCE not in extra("ogre") and GUIDANCE not in extra("nox")
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.ui.actionPlayerDisplay.trigger()
    display = window.player_display.display
    kit.exposed(qtbot, display)
    qtbot.waitUntil(lambda: not window.player_display.appearing.isActive(), timeout=20000)

    def notes():
        model = display.model
        return {model.index(r).data(): model.index(r).data(NotesRole)
                for r in range(model.rowCount())}
    assert notes()["Brann"] == (GUIDANCE,) and notes()["the ogre"] == ()
    # healed below HP, Brann is no longer Wounded: the guidance goes from both at once
    assert window.controller.submit({"type": "heal", "target": "brann", "amount": 3})
    assert GUIDANCE not in extra("brann")
    qtbot.waitUntil(lambda: notes()["Brann"] == ())


# FF-11: the Medicine check reaches the healer and those Adjacent to them ---------------------
HEALERS = [
    {"id": "mira", "name": "Mira", "kind": "pc", "hp": 10, "damage": 7, "supplies": 2},
    {"id": "tor", "name": "Tor", "kind": "pc", "hp": 10, "damage": 10},
    {"id": "cy", "name": "Cy", "kind": "pc", "hp": 10, "damage": 4},
]


def test_ff11_the_medicine_page_asks_who_is_adjacent_before_it_heals_them(
        qtbot, tmp_path, monkeypatch):
    """FF-11: a share for Tor and Cy asks whether they are Adjacent; OK waits for the
    answer; Cy's share is taken back, Tor ticked; the store keeps the Adjacent named."""
    folder = kit.make_folder(tmp_path, [("Healing", "freedom_fantasies", {}, HEALERS)])
    window = kit.open_window(qtbot, folder, "Healing", size=(1300, 850))
    window.select_ids(["mira", "tor", "cy"])
    seen = {}

    def fill(dialog):
        item, = dialog.ui.movesList.findItems("Medicine", Qt.MatchFlag.MatchExactly)
        dialog.ui.movesList.setCurrentItem(item)
        page = dialog.page()
        assert page.healer.currentData() == "mira"
        # the healer heals themselves wherever they stand: nothing to ask
        assert page.adjacent["mira"].isChecked() and not page.adjacent["mira"].isEnabled()
        page.roll.setValue(10)
        (_, mira), (_, tor), (_, cy) = page.split
        mira.setValue(5)
        tor.setValue(3)
        cy.setValue(2)
        seen["asked"] = dialog.ui.messageLabel.text()
        seen["ok while asked"] = dialog.ok_button().isEnabled()
        page.adjacent["tor"].setChecked(True)
        seen["asked of Cy"] = dialog.ui.messageLabel.text()
        cy.setValue(0)
        mira.setValue(7)
        assert dialog.ok_button().isEnabled(), dialog.ui.messageLabel.text()
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(MovesDialog, "exec", fill)
    window.ui.actionMoves.trigger()
    try:
        assert seen["asked"].startswith("Are Tor and Cy Adjacent to the healer?")
        assert "FF-" not in seen["asked"] and seen["ok while asked"] is False
        assert seen["asked of Cy"].startswith("Is Cy Adjacent to the healer?")
        chars, log = kit.saved(folder, "Healing")
        assert (chars["mira"]["damage"], chars["tor"]["damage"], chars["cy"]["damage"]) == \
            (0, 7, 4)
        assert log[-1].action["adjacent"] == ["tor"]
        assert log[-1].events[0]["text"].endswith("Adjacent to Mira: Tor")
    finally:
        window.controller.service.close()
