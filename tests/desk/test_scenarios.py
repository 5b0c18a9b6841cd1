"""The scenario files, the rules' conformance suite, replayed in-process through
`harmdesk.desk.replay` (tests/test_replay_cli.py covers the `harmdesk replay` command itself)."""

import json

import pytest

from harmdesk.desk.replay import ScenarioError, parse_scenario, read_scenario, run
from harmdesk.rules.engine import system_names
from tests.conftest import ROOT

SCENARIOS = sorted((ROOT / "tests" / "scenarios").rglob("*.json"))
HEAVY = {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2}


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.relative_to(ROOT / "tests").as_posix()
                                                 for p in SCENARIOS])
def test_scenario_passes_check(path):
    scenario = read_scenario(path)
    replay = run(scenario, check=True)
    assert replay.mismatches == []
    assert len(replay.results) == len(json.loads(path.read_text(encoding="utf-8"))["actions"])
    assert replay.expectations > 0, "a scenario must expect something"
    json.dumps(replay.results)  # what `harmdesk replay` prints must be JSON


def test_there_are_scenarios_for_every_system():
    systems = {p.parent.name for p in SCENARIOS}
    assert systems == set(system_names())  # tests/scenarios/<game>/ for every game
    assert len(SCENARIOS) >= 75


def test_every_system_has_scenarios_for_all_acceptance_vectors():
    names = {p.name.split("-")[0] + "-" + p.name.split("-")[1] for p in SCENARIOS}
    for prefix, count in (("st", 14), ("la", 13), ("ff", 13)):
        for n in range(1, count + 1):
            assert f"{prefix}-t{n:02d}" in names, f"{prefix.upper()}-T{n} has no scenario"


def scenario(*actions):
    return parse_scenario({"system": "stonetop", "characters": [HEAVY], "actions": list(actions)})


def test_replay_gives_the_state_after_each_action_and_refusals():
    results = run(scenario(
        {"type": "damage", "target": "heavy", "amount": 5, "piercing": 1},
        {"type": "damage", "target": "nobody", "amount": 5},
        {"type": "explode", "target": "heavy"},
        {"type": "damage", "target": "heavy", "amount": -3},
        "not an action",
    )).results
    assert results[0]["ok"] is True and results[0]["state"]["heavy"]["hp"] == 16
    assert any("4" in e["text"] for e in results[0]["events"])
    for refused in results[1:]:
        assert refused["ok"] is False and refused["error"]
        assert refused["state"]["heavy"]["hp"] == 16
    assert "nobody" in results[1]["error"]
    assert "explode" in results[2]["error"]
    assert "negative" in results[3]["error"]


def test_check_names_each_mismatch_and_plain_replay_ignores_expectations():
    wrong = scenario(
        {"type": "damage", "target": "heavy", "amount": 5, "expect": {"heavy": {"hp": 15}}},
        {"type": "recover", "target": "heavy", "expect_refused": "no such words"},
        {"type": "damage", "target": "heavy", "amount": 1, "expect_events": ["dragons"]},
        {"type": "heal", "target": "heavy", "amount": 1, "expect": {"nobody": {"hp": 1}}},
    )
    checked = run(wrong, check=True)
    assert checked.expectations == 4
    assert [m.split(":")[0] for m in checked.mismatches] == [
        "action 0 (damage)", "action 1 (recover)", "action 2 (damage)", "action 3 (heal)"]
    assert "heavy.hp expected 15, got 17" in checked.mismatches[0]
    assert "no such words" in checked.mismatches[1]
    assert "no event mentions 'dragons'" in checked.mismatches[2]
    assert "no character 'nobody'" in checked.mismatches[3]
    plain = run(wrong)
    assert plain.mismatches == [] and plain.expectations == 0
    assert "expect" not in json.dumps(plain.results), "expectations never reach the rules"


def test_an_expected_refusal_that_happens_is_no_mismatch():
    checked = run(scenario({"type": "recover", "target": "heavy", "expect_refused": "FULL HP"}),
                  check=True)
    assert checked.expectations == 1 and checked.mismatches == []


@pytest.mark.parametrize("content, names", [
    ("{not json", "not valid JSON"),
    ("[]", "top level"),
    (json.dumps({"characters": []}), "`system`"),
    (json.dumps({"system": "dnd"}), "`system`"),
    (json.dumps({"system": "stonetop", "settings": {"prosperity": "high"}}), "settings.prosperity"),
    (json.dumps({"system": "stonetop", "settings": {"gold": 1}}), "settings.gold"),
    (json.dumps({"system": "stonetop", "characters": {}}), "`characters`"),
    (json.dumps({"system": "stonetop", "characters": [{"name": "x", "max_hp": 3}]}), "`id`"),
    (json.dumps({"system": "stonetop", "characters": [{"id": "a", "max_hp": "lots"}]}),
     "max_hp"),
    (json.dumps({"system": "stonetop", "characters": [HEAVY, HEAVY]}), "twice"),
    (json.dumps({"system": "stonetop", "actions": {}}), "`actions`"),
    (json.dumps({"system": "stonetop", "extra": 1}), "'extra'"),
    (b"\xff\xfe{}", "not UTF-8"),
])
def test_a_malformed_file_is_refused_naming_the_key(tmp_path, content, names):
    path = tmp_path / "s.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    with pytest.raises(ScenarioError) as err:
        read_scenario(path)
    assert names in str(err.value)


def test_a_missing_file_cannot_be_read(tmp_path):
    with pytest.raises(ScenarioError) as err:
        read_scenario(tmp_path / "absent.json")
    assert "cannot read" in str(err.value)
