"""Freedom Fantasies on the window: a Wounded attacker's tile dragged onto a target pays 1
Momentum Point or is refused (FF-2, FF-3), checked in the preview, the model and the
saved campaign."""

import pytest

from harmdesk import chips
from harmdesk.qt.desk_model import FactsRole, PreviewRole
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
    window.controller.session.close()


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
