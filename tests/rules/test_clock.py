"""The round, turn and scene clock (rules/clock.py): the encounter setting and its actions,
with Lux Aeterna's turn effects (seed 002: "at the start of your turn each round", "Once per
round when your turn ends", "When a Scene ends, all Endurance is lost")."""

from harmdesk.rules.engine import apply
from tests.rules.kit import ch, desk_of, refused, run, texts

lux = desk_of("lux_aeterna")
stonetop = desk_of("stonetop")
ff = desk_of("freedom_fantasies")

SARA = {"id": "sara", "name": "Sara", "max_hp": 20, "endurance": 5}
KARIS = {"id": "karis", "name": "Karis", "max_hp": 12,
         "conditions": [{"name": "frozen", "origin_level": 8}]}
BRANN = {"id": "brann", "name": "Brann", "max_hp": 10}


def enc(out):
    return out.state["settings"]["encounter"]


def test_no_encounter_runs_on_a_new_desk_in_any_game():
    for desk in (lux(SARA), stonetop({"id": "a", "max_hp": 8}), ff({"id": "a", "hp": 8})):
        assert desk["settings"]["encounter"] is None


def test_start_encounter_orders_by_initiative_highest_first_and_the_first_turn_begins():
    out = run(lux(SARA, KARIS, BRANN), type="start_encounter",
              initiative={"sara": 12, "karis": 15, "brann": 12})
    # ties keep the desk's order: Sara before Brann
    assert enc(out) == {"mode": "turns", "order": ["karis", "sara", "brann"], "round": 1,
                        "turn": 0, "acted": [],
                        "initiative": {"sara": 12, "karis": 15, "brann": 12}}
    assert "Round 1: Karis's turn begins" in texts(out)


def test_next_turn_ends_one_turn_with_its_save_and_begins_the_next():
    """LA-14: "Once per round when your turn ends, you may roll your Save"; the Karis
    example: 8 Bumps needed, 5 then 3."""
    state = run(lux(KARIS, SARA), type="start_encounter", order=["karis", "sara"]).state
    out = run(state, type="next_turn", condition="frozen", bumps=5)
    assert "Karis's turn ends: Save against frozen: 0 + 5 = 5 of 8 Bumps" in texts(out)
    assert "Round 1: Sara's turn begins" in texts(out)
    assert enc(out)["turn"] == 1 and enc(out)["round"] == 1
    out = run(out.state, type="next_turn")
    assert enc(out)["turn"] == 0 and enc(out)["round"] == 2
    assert "Round 2: Karis's turn begins" in texts(out)
    out = run(out.state, type="next_turn", condition="frozen", bumps=3)
    assert "Karis's turn ends: Save against frozen: 5 + 3 = 8 of 8 Bumps; frozen ends" \
        in texts(out)
    assert ch(out, "karis")["conditions"] == []


def test_end_encounter_loses_the_scenes_endurance():
    """LA-2: "When a Scene ends, all Endurance is lost"."""
    state = run(lux(SARA, BRANN), type="start_encounter", order=["sara", "brann"]).state
    out = run(state, type="end_encounter")
    assert enc(out) is None and ch(out, "sara")["endurance"] == 0
    assert "The encounter ends in round 1: the scene's Endurance is lost" in texts(out)


def test_stonetop_has_spotlight_mode_only():
    desk = stonetop({"id": "a", "name": "Rhianna", "max_hp": 8}, {"id": "b", "max_hp": 8})
    out = run(desk, type="start_encounter", order=["a", "b"])
    assert enc(out) == {"mode": "spotlight", "order": ["a", "b"], "round": 1, "turn": None,
                        "acted": []}
    out = run(out.state, type="mark_acted", target="b")
    assert enc(out)["acted"] == ["b"]
    assert "next_round" in refused(out.state, type="next_turn").error
    out = run(out.state, type="next_round")
    assert enc(out)["acted"] == [] and enc(out)["round"] == 2
    assert "Stonetop has no initiative" in refused(
        desk, type="start_encounter", initiative={"a": 3}).error


def test_change_settings_refuses_the_encounter():
    out = refused(lux(SARA), type="change_settings", settings={"encounter": None})
    assert "`encounter` is not a rule setting" in out.error
    assert apply(lux(SARA), {"type": "change_settings", "settings": {"day": 2}}).ok


def test_a_save_then_the_turns_end_save_in_the_same_round_is_refused_and_changes_nothing():
    """LA-14: "Once per round when your turn ends, you may roll your Save"."""
    state = run(lux(KARIS, SARA), type="start_encounter", order=["karis", "sara"]).state
    state = run(state, type="save", target="karis", condition="frozen", bumps=2).state
    out = refused(state, type="next_turn", condition="frozen", bumps=3)
    assert out.error == ("Karis has already Saved this round: once per round, when the turn "
                         "ends")
    # without a Save the turn ends; in the next round Karis may Save again
    state = run(state, type="next_turn").state
    state = run(state, type="next_turn").state
    out = run(state, type="next_turn", condition="frozen", bumps=6)
    assert "2 + 6 = 8 of 8 Bumps; frozen ends" in texts(out)


def test_outside_an_encounter_saves_are_not_limited():
    """No round is known outside an encounter, so nothing limits the Saves."""
    state = lux(KARIS)
    state = run(state, type="save", target="karis", condition="frozen", bumps=1).state
    state = run(state, type="end_turn", target="karis", condition="frozen", bumps=1).state
    assert ch(run(state, type="save", target="karis", condition="frozen", bumps=1),
              "karis")["conditions"][0]["bumps"] == 3


def test_the_dead_are_passed_over_from_the_first_turn_on_and_an_all_dead_order_is_refused():
    dead = {"id": "brann", "name": "Brann", "max_hp": 10, "hp": -3, "wounded": True,
            "dead": True}
    out = run(lux(dead, SARA), type="start_encounter", order=["brann", "sara"])
    assert enc(out)["turn"] == 1
    assert "Brann is dead: their turn is passed over | Round 1: Sara's turn begins" \
        in texts(out)
    out = refused(lux(dead, SARA), type="start_encounter", order=["brann"])
    assert "everyone in the encounter's order is dead" in out.error


def test_a_turn_that_wounds_needs_its_trauma_roll_named_as_start_turn_does():
    """LA-16 Ongoing Damage at the start of the turn can Wound: the roll is asked for."""
    frail = {"id": "oren", "name": "Oren", "max_hp": 5, "hp": 2, "conditions": [
        {"name": "ongoing_damage", "origin_level": 2, "amount": 3}]}
    out = refused(lux(frail), type="start_encounter", order=["oren"])
    assert "`trauma_roll` (d20)" in out.error and out.needs[0]["key"] == "trauma_roll"
    out = run(lux(frail), type="start_encounter", order=["oren"], trauma_roll=10)
    assert ch(out, "oren")["wounded"] and ch(out, "oren")["traumas"] == [10]


def test_set_order_keeps_the_turn_with_its_character_and_takes_in_who_joined():
    state = run(lux(SARA, KARIS), type="start_encounter", order=["sara", "karis"]).state
    state = run(state, type="next_turn").state  # Karis's turn
    state = run(state, type="add_character", character=BRANN).state
    out = run(state, type="set_order", order=["karis", "brann", "sara"])
    assert enc(out)["order"] == ["karis", "brann", "sara"] and enc(out)["turn"] == 0
    out = run(out.state, type="next_turn")
    assert "Round 1: Brann's turn begins" in texts(out)


def test_removing_the_last_in_order_on_their_turn_passes_it_into_the_next_round():
    state = run(lux(SARA, BRANN), type="start_encounter", order=["sara", "brann"]).state
    state = run(state, type="next_turn").state
    out = run(state, type="remove_character", target="brann")
    assert enc(out) == {"mode": "turns", "order": ["sara"], "round": 2, "turn": 0,
                        "acted": []}
    assert "Round 2: the turn passes to Sara (its start-of-turn effects are not applied)" \
        in texts(out)


def test_spotlight_marks_are_taken_back_by_marking_again_and_stonetop_hp_never_moves():
    desk = stonetop({"id": "a", "name": "Rhianna", "max_hp": 8, "hp": 5},
                    {"id": "b", "name": "Caradoc", "max_hp": 8})
    state = run(desk, type="start_encounter", order=["a", "b"]).state
    out = run(state, type="mark_acted", target=["a", "b"])
    out = run(out.state, type="mark_acted", target="a")
    assert enc(out)["acted"] == ["b"]
    out = run(out.state, type="next_round")
    assert out.state["characters"] == desk["characters"]  # no turn effects in Stonetop


def test_the_saves_offered_as_a_turn_ends_are_the_save_endable_ones_until_one_is_rolled():
    """LA-14: "Once per round when your turn ends, you may roll your Save to end a status
    condition that a Save can end"; a Trauma's condition is not one (LA-10)."""
    from harmdesk.rules.lux_aeterna.conditions import saves_at_turn_end as offered
    karis = {**KARIS, "traumas": [13], "conditions": [
        {"name": "frozen", "origin_level": 8}, {"name": "prone", "save_ends": False}]}
    state = run(lux(karis, SARA), type="start_encounter", order=["karis", "sara"]).state
    assert offered(state["characters"]["karis"], state["settings"]) == [
        {"condition": "frozen", "bumps": 0, "needed": 8}]
    state = run(state, type="save", target="karis", condition="frozen", bumps=5).state
    assert offered(state["characters"]["karis"], state["settings"]) == []
