"""Lux Aeterna Resolve rolled outside a Short Rest (RULES.md §3, LA-12): "You'll only be able
to roll your Resolve when taking a Short Rest or when prompted to by an ability, item, or
other special circumstance"."""

from tests.rules.kit import ch, desk_of, refused, run, texts

lux = desk_of("lux_aeterna")

ROCHE = {"id": "roche", "name": "Roche", "max_hp": 20, "hp": 8, "resolve_dice": 2,
         "resolve_die": "d8"}
SIREN = {"id": "siren", "name": "the siren", "kind": "monster", "max_hp": 25}


def test_la12_an_item_lets_them_roll_resolve_in_a_fight():
    """LA-12: the dice rolled are spent and the HP are their total, mid-encounter."""
    state = run(lux(ROCHE, SIREN), type="start_encounter", order=["roche", "siren"]).state
    out = run(state, type="roll_resolve", target="roche", resolve_rolls=[5],
              prompted_by="Potion of Vigor")
    roche = ch(out, "roche")
    assert (roche["hp"], roche["resolve_dice"]) == (13, 1)
    assert "Potion of Vigor, Resolve 1d8 5: 5 HP recovered" in texts(out)
    assert "Roche spends 1 Resolve: 2 \u2192 1 unspent" in texts(out)


def test_la12_resolve_rolled_this_way_comes_back_only_with_a_full_rest():
    """LA-12: "You don't get Resolve you roll back until the end of your next Full Rest"."""
    state = run(lux(ROCHE), type="roll_resolve", target="roche", resolve_rolls=[2, 3]).state
    assert "an ability or item, Resolve 2d8 2 + 3 = 5" in texts(
        run(lux(ROCHE), type="roll_resolve", target="roche", resolve_rolls=[2, 3]))
    out = refused(state, type="roll_resolve", target="roche", resolve_rolls=[1])
    assert out.error == "Roche has 0 unspent Resolve dice, not 1"
    state = run(state, type="full_rest", target="roche").state
    assert ch(run(state, type="roll_resolve", target="roche", resolve_rolls=[1]),
              "roche")["resolve_dice"] == 1


def test_la12_an_ability_lifts_the_unconscious_where_a_short_rest_is_refused():
    """LA-12 against LA-5: the Short Rest is refused to the Wounded at 0 HP; an ability's
    Resolve is not a rest."""
    down = {**ROCHE, "hp": -2, "wounded": True}
    refused(lux(down), type="short_rest", target="roche", resolve_rolls=[6])
    out = run(lux(down), type="roll_resolve", target="roche", resolve_rolls=[6],
              prompted_by="Second Wind")
    assert ch(out, "roche")["hp"] == 4 and not ch(out, "roche")["wounded"]


def test_la12_roll_resolve_refusals():
    """LA-12, LA-10 #12: a face the die cannot show, the dead, Internal Bleeding, a name
    too long for the log."""
    assert "Resolve die is a d8: it cannot show 9" in refused(
        lux(ROCHE), type="roll_resolve", target="roche", resolve_rolls=[9]).error
    dead = {**ROCHE, "hp": -5, "wounded": True, "dead": True}
    assert "Roche is dead" in refused(lux(dead), type="roll_resolve", target="roche",
                                      resolve_rolls=[3]).error
    bleeding = {**ROCHE, "hp": 5, "traumas": [12]}
    assert "Internal Bleeding" in refused(lux(bleeding), type="roll_resolve", target="roche",
                                          resolve_rolls=[3]).error
    assert "at most 60" in refused(lux(ROCHE), type="roll_resolve", target="roche",
                                   resolve_rolls=[3], prompted_by="x" * 61).error
