"""The round, turn and scene clock (rules/clock.py): the encounter setting and its actions,
with Lux Aeterna's turn effects (seed 002: "at the start of your turn each round", "Once per
round when your turn ends", "When a Scene ends, all Endurance is lost")."""

from harmdesk.rules import apply
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
    assert "The encounter ends in round 1: the scene's Endurance is lost (LA-2)" in texts(out)


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
