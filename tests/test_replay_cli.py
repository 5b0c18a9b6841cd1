"""`harmdesk replay` through the real command-line entry point (DESIGN: the replay contract).
The scenario files themselves run in-process in tests/desk/test_scenarios.py."""

import json
import subprocess
import sys

from tests.conftest import ROOT

HEAVY = {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2}


def replay(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "harmdesk", "replay", *map(str, args)],
                          cwd=cwd, capture_output=True, text=True, encoding="utf-8")


def write(tmp_path, data, name="s.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_check_passes_a_scenario_file_and_prints_json():
    path = ROOT / "tests" / "scenarios" / "stonetop" / "st-t01-gang-up.json"
    run = replay("--check", path)
    assert run.returncode == 0, run.stderr
    output = json.loads(run.stdout)
    actions = json.loads(path.read_text(encoding="utf-8"))["actions"]
    assert len(output["results"]) == len(actions)
    assert output["check"]["mismatches"] == [] and output["check"]["expectations"] > 0


def test_check_exits_1_on_a_wrong_expectation_and_plain_replay_exits_0(tmp_path):
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
    assert "check" not in json.loads(plain.stdout)


def test_a_malformed_or_missing_file_exits_2_without_a_traceback(tmp_path):
    for path, names in ((write(tmp_path, json.dumps({"system": "dnd"})), "`system`"),
                        (tmp_path / "absent.json", "cannot read")):
        run = replay(path)
        assert run.returncode == 2
        assert names in run.stderr
        assert "Traceback" not in run.stderr
        assert run.stdout == ""
