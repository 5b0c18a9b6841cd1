"""`harmdesk replay` through the real command-line entry point (DESIGN: the replay contract)."""

import json
import subprocess
import sys

import pytest

from tests.conftest import ROOT

SCENARIOS = sorted((ROOT / "tests" / "scenarios").rglob("*.json"))


def replay(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "harmdesk", "replay", *map(str, args)],
                          cwd=cwd, capture_output=True, text=True, encoding="utf-8")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.relative_to(ROOT / "tests").as_posix()
                                                 for p in SCENARIOS])
def test_scenario_passes_check(path):
    run = replay("--check", path)
    assert run.returncode == 0, run.stderr
    output = json.loads(run.stdout)
    actions = json.loads(path.read_text(encoding="utf-8"))["actions"]
    assert len(output["results"]) == len(actions)
    assert output["check"]["mismatches"] == []
    assert output["check"]["expectations"] > 0, "a scenario must expect something"


def test_every_system_has_scenarios_for_all_acceptance_vectors():
    names = {p.name.split("-")[0] + "-" + p.name.split("-")[1] for p in SCENARIOS}
    for prefix, count in (("st", 14), ("la", 13), ("ff", 13)):
        for n in range(1, count + 1):
            assert f"{prefix}-t{n:02d}" in names, f"{prefix.upper()}-T{n} has no scenario"


def write(tmp_path, data, name="s.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


HEAVY = {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2}


def test_replay_prints_state_after_each_action_and_refusals(tmp_path):
    path = write(tmp_path, {"system": "stonetop", "characters": [HEAVY], "actions": [
        {"type": "damage", "target": "heavy", "amount": 5, "piercing": 1},
        {"type": "damage", "target": "nobody", "amount": 5},
        {"type": "explode", "target": "heavy"},
        {"type": "damage", "target": "heavy", "amount": -3},
        "not an action",
    ]})
    run = replay(path)
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout)["results"]
    assert results[0]["ok"] is True and results[0]["state"]["heavy"]["hp"] == 16
    assert any("4" in e["text"] for e in results[0]["events"])
    for refused in results[1:]:
        assert refused["ok"] is False and refused["error"]
        assert refused["state"]["heavy"]["hp"] == 16
    assert "nobody" in results[1]["error"]
    assert "explode" in results[2]["error"]
    assert "negative" in results[3]["error"]


def test_check_fails_on_a_wrong_expectation(tmp_path):
    path = write(tmp_path, {"system": "stonetop", "characters": [HEAVY], "actions": [
        {"type": "damage", "target": "heavy", "amount": 5, "expect": {"heavy": {"hp": 15}}},
        {"type": "recover", "target": "heavy", "expect_refused": "no such words"},
    ]})
    run = replay("--check", path)
    assert run.returncode == 1
    assert "heavy.hp expected 15, got 17" in run.stderr
    assert json.loads(run.stdout)["check"]["mismatches"][0].startswith("action 0")
    plain = replay(path)
    assert plain.returncode == 0, "expect is ignored without --check"


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
])
def test_malformed_file_exits_2_naming_the_key(tmp_path, content, names):
    run = replay(write(tmp_path, content))
    assert run.returncode == 2
    assert names in run.stderr
    assert "Traceback" not in run.stderr
    assert run.stdout == ""


def test_missing_file_exits_2(tmp_path):
    run = replay(tmp_path / "absent.json")
    assert run.returncode == 2 and "cannot read" in run.stderr
