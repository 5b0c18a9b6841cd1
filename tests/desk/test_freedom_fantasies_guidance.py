"""Freedom Fantasies: the seed's guidance on the Wounded, shown to the GM and the players
(RULES.md §4, FF-2): "When you are Wounded, you are typically no longer considered an
active threat to combatants and will no longer be the target of further attacks." """

from harmdesk.desk.display import tile_facts
from harmdesk.desk.players import card
from harmdesk.rules.engine import new_state

GUIDANCE = "no longer the target of further attacks"


def desk():
    return new_state("freedom_fantasies", {}, [
        {"id": "w", "name": "Wren", "hp": 5, "damage": 6},
        {"id": "h", "name": "Hob", "hp": 5, "damage": 3},
        {"id": "e", "name": "Eld", "hp": 5, "damage": 11},
        {"id": "o", "name": "Oak door", "kind": "object", "hp": 5, "damage": 6}])["characters"]


def test_ff2_only_the_wounded_tile_carries_the_guidance():
    """FF-2: Wounded (6 > HP 5) shows it; hurt, an ended Story (FF-3) and a Broken object
    (FF-4) do not."""
    shown = {cid: GUIDANCE in tile_facts("freedom_fantasies", c).extra
             for cid, c in desk().items()}
    assert shown == {"w": True, "h": False, "e": False, "o": False}


def test_ff2_the_players_read_it_beside_wounded_and_the_gm_may_reword_it():
    """FF-2: the players' card of a Wounded character has the guidance as a note, in the
    words table the GM may reword; even a card shown as words only."""
    chars = desk()
    wren = card("freedom_fantasies", {**chars["w"], "players_see": "words"})
    assert (wren.words, wren.notes) == ("Wounded", (GUIDANCE,))
    assert card("freedom_fantasies", chars["h"]).notes == ()
    reworded = card("freedom_fantasies", chars["w"], {"not_attacked": "left alone by foes"})
    assert reworded.notes == ("left alone by foes",)
