"""A fourth game from outside the package: its rules, its profile and its window pages are
all it brings (tests/fourth_game/), and the engine, the command line, the profiles and the
demo take it in once it is registered."""

import json

import pytest

from harmdesk import profiles
from harmdesk.desk.demo import demo_files
from harmdesk.profiles import profile_for
from harmdesk.rules.core import SheetError
from harmdesk.rules.engine import SYSTEM_NAMES, apply, new_state, system_names
from harmdesk.rules.system import forget_system, register_system
from tests.cli_kit import run_cli
from tests.fourth_game import profile as hearth_profile, rules as hearth_rules

PARTY = [{"id": "ada", "name": "Ada", "kind": "pc", "max_hp": 6},
         {"id": "wolf", "name": "Ash wolf", "kind": "monster", "max_hp": 4}]


def register_hearth():
    register_system(hearth_rules.SYSTEM)
    profiles.register(hearth_profile.PROFILE)


def forget_hearth():
    profiles.forget("hearth")
    forget_system("hearth")


@pytest.fixture
def hearth():
    register_hearth()
    yield hearth_profile.PROFILE
    forget_hearth()


def test_a_registered_game_is_one_of_the_engines_and_the_profiles_games(hearth):
    assert system_names() == (*SYSTEM_NAMES, "hearth")
    assert profiles.names() == (*SYSTEM_NAMES, "hearth")
    assert profile_for("hearth") is hearth
    # it has no demo, and the shipped games keep theirs, the first game's made last
    assert demo_files() == ("freedom_fantasies.json", "lux_aeterna.json", "stonetop.json")


def test_a_game_left_out_again_is_unknown(hearth):
    forget_hearth()
    assert "hearth" not in system_names()
    with pytest.raises(SheetError, match="not 'hearth'"):
        new_state("hearth", {}, PARTY)
    register_hearth()


def test_the_engine_applies_the_fourth_games_own_action(hearth):
    state = new_state("hearth", {}, PARTY)
    out = apply(state, {"type": "damage", "target": "ada", "amount": 9})
    assert out.ok and out.state["characters"]["ada"]["hp"] == 0
    assert state["characters"]["ada"]["hp"] == 6  # pure: the input is unchanged
    assert hearth.tile_facts(out.state["characters"]["ada"]).status_label == "Out cold"
    refused = apply(out.state, {"type": "mark_debility", "target": "ada"})
    assert not refused.ok and "not a Hearth action" in refused.error


def test_the_command_line_makes_a_campaign_of_it_applies_and_undoes(hearth, tmp_path):
    data = str(tmp_path)
    code, out, err = run_cli("--data-dir", data, "campaign", "new", "Camp", "--system", "hearth")
    assert code == 0, err
    assert json.loads(out)["system"] == "hearth"
    for action in ({"type": "add_character", "character": PARTY[0]},
                   {"type": "damage", "target": "ada", "amount": 4}):
        code, out, err = run_cli("--data-dir", data, "apply", "Camp", json.dumps(action))
        assert code == 0, err
    assert json.loads(out)["state"]["ada"]["hp"] == 2
    code, out, err = run_cli("--data-dir", data, "undo", "Camp")
    assert code == 0, err
    code, out, err = run_cli("--data-dir", data, "state", "Camp")
    assert json.loads(out)["state"]["ada"]["hp"] == 6


def test_the_command_line_names_every_game_it_knows(hearth, tmp_path):
    code, _, err = run_cli("--data-dir", str(tmp_path), "campaign", "new", "Camp")
    assert code != 0
    assert "(stonetop, lux_aeterna, freedom_fantasies or hearth)" in err
