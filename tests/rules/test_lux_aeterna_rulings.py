"""Lux Aeterna GM rulings: bringing back a dead character (LA-4, LA-6, LA-9, LA-10) and
corrections of HP, Endurance, Strain and Resolve (LA-2, LA-3, LA-12)."""

from tests.rules.kit import ch, desk_of, refused, run, texts

desk = desk_of("lux_aeterna")


def dead_roche(**kw):
    return desk({"id": "roche", "name": "Roche", "max_hp": 14, "hp": -7, "wounded": True,
                 "strain": 3, "dead": True, **kw})


def test_la10_a_dead_character_refuses_everything_but_a_gm_ruling():
    """LA-10: a dead character stays dead under damage, healing and turns; the GM's
    ruling (set_death, dead false) brings them back with the HP the GM chooses."""
    state = dead_roche()
    for action in ({"type": "heal", "amount": 5}, {"type": "start_turn"},
                   {"type": "set_state", "hp": 3}):
        assert "dead" in refused(state, target="roche", **action).error
    out = run(state, type="set_death", target="roche", dead=False, hp=4)
    r = ch(out, "roche")
    assert (r["dead"], r["hp"], r["conscious"], r["wounded"], r["stabilized"]) == \
        (False, 4, True, False, False)
    assert "GM ruling: Roche is alive again; −7 → 4 HP" in texts(out)
    assert "no longer Wounded" in texts(out)
    assert run(out.state, type="heal", target="roche", amount=2).ok


def test_la6_brought_back_below_zero_still_wounded_with_the_strain_chosen():
    """LA-6/LA-9: back at 0 HP or below, still Wounded and unconscious; with maximum
    Strain the ruling warns that the next turn kills; the GM may set Strain too."""
    out = run(dead_roche(), type="set_death", target="roche", dead=False)
    r = ch(out, "roche")
    assert (r["dead"], r["hp"], r["conscious"], r["wounded"]) == (False, -7, False, True)
    assert "dies at the start of their turn unless Strain is lowered" in texts(out)
    out = run(dead_roche(), type="set_death", target="roche", dead=False, hp=-2, strain=1)
    assert (ch(out, "roche")["hp"], ch(out, "roche")["strain"]) == (-2, 1)
    assert "GM correction: Strain 3 → 1" in texts(out)
    assert "unless Strain is lowered" not in texts(out)
    turn = run(out.state, type="start_turn", target="roche")
    assert not ch(turn, "roche")["dead"] and ch(turn, "roche")["strain"] == 2


def test_la4_gm_rules_a_character_dead_and_refusals():
    """LA-4/LA-10: the GM may rule a character dead; nothing is ruled twice; unknown
    fields and HP above max are refused by name."""
    state = desk({"id": "sara", "name": "Sara", "max_hp": 20})
    out = run(state, type="set_death", target="sara", dead=True)
    assert ch(out, "sara")["dead"] and not ch(out, "sara")["conscious"]
    assert texts(out) == "Sara dies: GM ruling"
    assert "already dead" in refused(out.state, type="set_death", target="sara",
                                     dead=True).error
    assert "not dead" in refused(state, type="set_death", target="sara", dead=False).error
    assert "`dead` is missing" in refused(state, type="set_death", target="sara").error
    assert "bringing a character back" in refused(state, type="set_death", target="sara",
                                                  dead=True, hp=3).error
    assert "unknown set_death field alive" in refused(out.state, type="set_death",
                                                      target="sara", alive=True).error
    assert "at most 20" in refused(out.state, type="set_death", target="sara", dead=False,
                                   hp=21).error


def test_la3_hp_correction_sets_consciousness_and_ends_wounded_without_triggers():
    """LA-3/LA-9: a GM correction of HP is set, not dealt or healed: below 1 HP the
    character is unconscious, at 1 HP or more awake and no longer Wounded; no Strain, no
    Trauma and no stabilizing."""
    state = desk({"id": "sara", "name": "Sara", "max_hp": 20, "hp": -3, "wounded": True,
                  "strain": 1})
    out = run(state, type="set_state", target="sara", hp=6)
    s = ch(out, "sara")
    assert (s["hp"], s["conscious"], s["wounded"], s["strain"]) == (6, True, False, 1)
    assert texts(out).startswith("Sara: GM correction: −3 → 6 HP")
    out = run(out.state, type="set_state", target="sara", hp=-2)
    s = ch(out, "sara")
    assert (s["hp"], s["conscious"], s["wounded"], s["traumas"]) == (-2, False, False, [])
    assert "unconscious until 1 HP or more" in texts(out)


def test_la2_la12_correction_of_endurance_strain_and_resolve():
    """LA-2: Endurance is set as given (a correction, not a new instance); LA-6: Strain
    up to the maximum; LA-12: unspent Resolve dice up to the sheet's count."""
    state = desk({"id": "pau", "name": "Pau", "max_hp": 16, "resolve_dice": 3,
                  "endurance": 5})
    out = run(state, type="set_state", target="pau", endurance=2, strain=2, resolve_dice=1)
    p = ch(out, "pau")
    assert (p["endurance"], p["strain"], p["resolve_dice"]) == (2, 2, 1)
    assert "GM correction: Endurance 5 → 2" in texts(out)
    assert "from 0 to 3" in refused(state, type="set_state", target="pau", strain=4).error
    assert "from 0 to 3" in refused(state, type="set_state", target="pau",
                                    resolve_dice=4).error
    assert "0 or more" in refused(state, type="set_state", target="pau", endurance=-1).error
    assert "'x'" in refused(state, type="set_state", target="pau", hp="x").error
    assert "unknown set_state field dead" in refused(state, type="set_state", target="pau",
                                                     dead=False).error
    assert "already has" in refused(state, type="set_state", target="pau", hp=16).error
    assert "needs a value" in refused(state, type="set_state", target="pau").error
