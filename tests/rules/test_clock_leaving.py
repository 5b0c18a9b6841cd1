"""The clock when a character leaves the desk on their own turn: the turn passes to the
next living one in order, as `next_turn` passes it (the dead are passed over: LA-4, LA-10;
a Story that has ended: FF-3)."""

from tests.rules.kit import desk_of, refused, run, texts

lux = desk_of("lux_aeterna")
ff = desk_of("freedom_fantasies")

SARA = {"id": "sara", "name": "Sara", "max_hp": 20}
KARIS = {"id": "karis", "name": "Karis", "max_hp": 12}
BRANN = {"id": "brann", "name": "Brann", "max_hp": 10, "hp": 0, "wounded": True,
         "dead": True}


def enc(out):
    return out.state["settings"]["encounter"]


def test_la4_la10_leaving_on_their_turn_passes_it_over_the_dead_to_the_next_living():
    state = run(lux(SARA, BRANN, KARIS), type="start_encounter",
                order=["sara", "brann", "karis"]).state
    out = run(state, type="remove_character", target="sara")
    assert enc(out)["order"] == ["brann", "karis"]
    assert enc(out)["turn"] == 1 and enc(out)["round"] == 1
    told = texts(out)
    assert "Brann is dead: their turn is passed over" in told
    assert "Round 1: the turn passes to Karis (its start-of-turn effects are not applied)" \
        in told and "passes to Brann" not in told
    # the same as next_turn gives from where Sara stood
    nxt = run(state, type="next_turn")
    assert enc(nxt)["order"][enc(nxt)["turn"]] == "karis"


def test_la4_la10_past_the_last_the_turn_wraps_over_the_dead_into_the_next_round():
    state = run(lux(BRANN, SARA, KARIS), type="start_encounter",
                order=["brann", "sara", "karis"]).state
    state = run(state, type="next_turn").state  # Brann passed over: Sara's, then Karis's turn
    out = run(state, type="remove_character", target="karis")
    assert enc(out)["order"] == ["brann", "sara"]
    assert enc(out)["turn"] == 1 and enc(out)["round"] == 2
    assert "Round 2: the turn passes to Sara" in texts(out)


def test_ff3_a_story_that_has_ended_is_passed_over_too():
    vel = {"id": "vel", "name": "Vel", "hp": 10}
    nox = {"id": "nox", "name": "Nox", "hp": 6}
    ogre = {"id": "ogre", "name": "the ogre", "kind": "monster", "hp": 20}
    state = run(ff(vel, nox, ogre), type="start_encounter", order=["vel", "nox", "ogre"]).state
    state = run(state, type="damage", target="nox", amount=13).state  # above twice 6
    assert state["characters"]["nox"]["story_ended"]
    out = run(state, type="remove_character", target="vel")
    assert enc(out)["order"][enc(out)["turn"]] == "ogre"
    assert "Nox's Story has ended: their turn is passed over" in texts(out)


def test_leaving_on_their_turn_with_only_the_dead_left_is_refused_naming_them():
    state = run(lux(SARA, BRANN), type="start_encounter", order=["sara", "brann"]).state
    out = refused(state, type="remove_character", target="sara")
    assert out.error.startswith("it is their turn, and everyone else in the encounter's "
                                "order is dead")
    assert "`end_encounter`" in out.error
