"""Freedom Fantasies GM corrections of Damage and Protection (FF-1 … FF-4, FF-9)."""

from tests.rules.kit import ch, desk_of, refused, run, texts

desk = desk_of("freedom_fantasies")


def test_ff2_damage_correction_rederives_wounded_and_ignores_block():
    """FF-1/FF-2: Damage set by the GM is not an instance of damage (no Block, no
    Protection); Wounded follows it both ways."""
    state = desk({"id": "brann", "name": "Brann", "hp": 10, "might": 3, "damage": 4,
                  "protection": 2, "protection_source": "ward"})
    out = run(state, type="set_state", target="brann", damage=11)
    b = ch(out, "brann")
    assert (b["damage"], b["wounded"], b["protection"]) == (11, True, 2)
    assert "GM correction: Brann's damage 4 → 11 (HP 10)" in texts(out)
    out = run(out.state, type="set_state", target="brann", damage=3)
    assert ch(out, "brann")["wounded"] is False and "no longer Wounded" in texts(out)


def test_ff3_an_ended_story_stays_ended_after_a_correction():
    """FF-3: the Story Ends at Damage above 2·HP and no correction undoes it; FF-4: a
    destroyed object stays destroyed."""
    state = desk({"id": "tam", "name": "Tam", "hp": 5, "damage": 11},
                 {"id": "gate", "name": "Gate", "kind": "object", "hp": 5, "damage": 11})
    for cid, key in (("tam", "story_ended"), ("gate", "destroyed")):
        out = run(state, type="set_state", target=cid, damage=0)
        assert ch(out, cid)["damage"] == 0 and ch(out, cid)[key] is True


def test_ff9_protection_correction_keeps_its_one_source():
    """FF-9: Protection comes from one source: a correction keeps it, a first one names
    it, and 0 points leave no source."""
    state = desk({"id": "ysolde", "name": "Ysolde", "hp": 8})
    assert "one source" in refused(state, type="set_state", target="ysolde",
                                   protection=3).error
    out = run(state, type="set_state", target="ysolde", protection=3,
              protection_source="shield spell")
    y = ch(out, "ysolde")
    assert (y["protection"], y["protection_source"]) == (3, "shield spell")
    out = run(out.state, type="set_state", target="ysolde", protection=1)
    assert ch(out, "ysolde")["protection_source"] == "shield spell"
    out = run(out.state, type="set_state", target="ysolde", protection=0)
    assert (ch(out, "ysolde")["protection"], ch(out, "ysolde")["protection_source"]) == (0, None)


def test_ff_correction_refusals_name_the_problem():
    """Bad input changes nothing: negative or text values, unknown fields, no change."""
    state = desk({"id": "brann", "name": "Brann", "hp": 10, "damage": 4})
    assert "0 or more" in refused(state, type="set_state", target="brann", damage=-1).error
    assert "'lots'" in refused(state, type="set_state", target="brann", damage="lots").error
    assert "unknown set_state field hp" in refused(state, type="set_state", target="brann",
                                                   hp=3).error
    assert "already has" in refused(state, type="set_state", target="brann", damage=4).error
    assert "goes with `protection`" in refused(state, type="set_state", target="brann",
                                               damage=2, protection_source="ward").error
