"""Rule IDs: kept in the log's details, taken out of what the desk shows."""

import re

import pytest

from harmdesk.profiles import profile_for
from harmdesk.profiles.parts import without_rule_ids
from harmdesk.rules import clock
from harmdesk.rules.engine import system_named

SYSTEMS = ("stonetop", "lux_aeterna", "freedom_fantasies")


def rule_ids(system: str, action: dict) -> tuple[str, ...]:
    return profile_for(system).rule_ids_of(action)


PREFIX = {"stonetop": "ST-", "lux_aeterna": "LA-", "freedom_fantasies": "FF-"}


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_action_of_a_game_names_its_rules(system):
    actions = system_named(system).actions
    ticking = clock.actions_of(system_named(system))
    assert set(actions) <= set(profile_for(system).rule_ids) <= {*actions, *ticking}
    for action in actions:
        ids = rule_ids(system, {"type": action})
        assert ids and all(i.startswith(PREFIX[system]) for i in ids), action


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_clocks_actions_name_the_rules_they_apply_and_only_those(system):
    """Like add_character, a clock action that applies no rule of the game names none:
    Stonetop's spotlight and Freedom Fantasies' turns only count; Lux Aeterna's turns fire
    its timed rules."""
    applied = {"lux_aeterna": {"start_encounter": {"LA-6", "LA-16"},
                               "next_turn": {"LA-6", "LA-14", "LA-15", "LA-16"},
                               "end_encounter": {"LA-2", "LA-15"}}}.get(system, {})
    for action in clock.actions_of(system_named(system)):
        ids = rule_ids(system, {"type": action})
        assert set(ids) == applied.get(action, set()), action


def test_an_actions_fields_bring_in_their_own_rules():
    assert rule_ids("stonetop", {"type": "damage", "piercing": "x"})[-1] == "ST-4"
    assert "ST-4" not in rule_ids("stonetop", {"type": "damage", "piercing": 1})
    assert "LA-17" in rule_ids("lux_aeterna", {"type": "damage", "attacker_weakened": True})
    assert "FF-7" in rule_ids("freedom_fantasies", {"type": "damage", "direct": True})
    assert rule_ids("stonetop", {"type": "add_character"}) == ()


@pytest.mark.parametrize("text, shown", [
    ("Death's Door (ST-7)", "Death's Door"),
    ("gang-up damage (ST-2)", "gang-up damage"),
    ("A status condition (LA-14 … LA-16); applying it again replaces it",
     "A status condition; applying it again replaces it"),
    ("ST-2 (b): several piercing values", "Several piercing values"),
    ("LA-10 #3: \"Wounded again\" means", "\"Wounded again\" means"),
    ("LA-16/LA-17: a Weakened attacker", "A Weakened attacker"),
    ("Recover heals 4 + it (ST-4, ST-9).", "Recover heals 4 + it."),
    ("armor 2 − 1 piercing = 1", "armor 2 − 1 piercing = 1"),
])
def test_rule_ids_are_taken_out_of_text_for_the_gm(text, shown):
    assert without_rule_ids(text) == shown


@pytest.mark.parametrize("system", SYSTEMS)
def test_no_setting_reads_with_a_rule_id(system):
    for setting in system_named(system).settings.values():
        assert not re.search(r"\b[A-Z]{2}-\d", without_rule_ids(setting.doc)), setting.doc
