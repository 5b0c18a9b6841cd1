"""`harmdesk replay` as a public conformance format: malformed expectations are a malformed
file, results stream as they are made, and by default hold only what each action changed
(DESIGN: the replay contract; README: Command line)."""

import json

import pytest

from harmdesk import cli
from harmdesk.desk import replay

HEAVY = {"id": "heavy", "name": "The Heavy", "max_hp": 20, "armor": 2}
AFON = {"id": "afon", "name": "Afon", "kind": "follower", "max_hp": 6}


def write(tmp_path, data, name="s.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def run_cli(capsys, *args):
    code = cli.main(["replay", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("action, words", [
    ({"expect": [1, 2]}, "action 1: `expect` must be an object"),
    ({"expect": 5}, "action 1: `expect` must be an object"),
    ({"expect": {"heavy": [1, 2]}}, "action 1: `expect.heavy` must be an object"),
    ({"expect": {"heavy": 17}}, "action 1: `expect.heavy` must be an object"),
    ({"expect_events": 5}, "action 1: `expect_events` must be a list"),
    ({"expect_events": "HP lost"}, "action 1: `expect_events` must be a list"),
    ({"expect_events": ["lost", 3]}, "action 1: `expect_events[1]` must be non-empty text"),
    ({"expect_refused": 7}, "action 1: `expect_refused` must be non-empty text"),
    ({"expect_refused": ["no"]}, "action 1: `expect_refused` must be non-empty text"),
])
def test_check_with_a_malformed_expectation_exits_2_naming_the_action_and_key(
        tmp_path, capsys, action, words):
    """`"expect": [1,2]` and `"expect_events": 5` used to end in tracebacks."""
    path = write(tmp_path, {"system": "stonetop", "characters": [HEAVY], "actions": [
        {"type": "damage", "target": "heavy", "amount": 5, "expect": {"heavy": {"hp": 17}}},
        {"type": "damage", "target": "heavy", "amount": 1, **action}]})
    code, out, err = run_cli(capsys, "--check", path)
    assert code == 2 and out == ""
    assert f"{path}: {words}" in err and "Traceback" not in err
    plain, out, _ = run_cli(capsys, path)  # without --check, expectations are not read
    assert plain == 0 and len(json.loads(out)["results"]) == 2


def test_each_result_holds_only_the_characters_its_action_changed(tmp_path, capsys):
    path = write(tmp_path, {"system": "stonetop", "characters": [HEAVY, AFON], "actions": [
        {"type": "damage", "target": "heavy", "amount": 5},
        {"type": "damage", "target": "afon", "amount": 1, "piercing": 1},
        {"type": "heal", "target": "heavy", "amount": 1, "peircing": 1},
        {"type": "remove_character", "target": "afon"},
        {"type": "mark_debility", "target": "heavy", "debility": "dazed"},
    ]})
    code, out, _ = run_cli(capsys, path)
    results = json.loads(out)["results"]
    assert code == 0
    assert [sorted(r["state"]) for r in results] == [["heavy"], ["afon"], [], ["afon"],
                                                     ["heavy"]]
    assert results[0]["state"]["heavy"]["hp"] == 17
    assert results[1]["state"]["afon"]["hp"] == 5
    assert results[2]["ok"] is False  # refused: nothing changed
    assert results[3]["state"] == {"afon": None}  # removed
    assert results[4]["state"]["heavy"]["debilities"] == ["dazed"]
    code, out, _ = run_cli(capsys, "--states", path)
    full = json.loads(out)["results"]
    assert code == 0 and [sorted(r["state"]) for r in full] == [
        ["afon", "heavy"], ["afon", "heavy"], ["afon", "heavy"], ["heavy"], ["heavy"]]
    assert full[1]["state"]["heavy"]["hp"] == 17


def test_check_still_reads_characters_the_action_did_not_print(tmp_path, capsys):
    """`expect` is checked against the whole desk, not against the printed changes."""
    path = write(tmp_path, {"system": "stonetop", "characters": [HEAVY, AFON], "actions": [
        {"type": "damage", "target": "heavy", "amount": 5,
         "expect": {"heavy": {"hp": 17}, "afon": {"hp": 6}}},
        {"type": "damage", "target": "heavy", "amount": 3,
         "expect": {"afon": {"hp": 5}}, "expect_events": ["17 → 16 HP"]}]})
    code, out, err = run_cli(capsys, "--check", path)
    output = json.loads(out)
    assert code == 1
    assert output["check"] == {"expectations": 4, "mismatches": [
        "action 1 (damage): afon.hp expected 5, got 6"]}
    assert "afon" not in output["results"][0]["state"]
    assert f"{path}: action 1 (damage): afon.hp expected 5, got 6" in err


def test_results_are_written_while_the_scenario_is_still_running(tmp_path, capsys,
                                                                monkeypatch):
    """A 3,000-action scenario must not be held in memory: by the time an action is applied,
    every earlier result is already out."""
    actions = [{"type": "damage", "target": "heavy", "amount": 1} for _ in range(5)]
    path = write(tmp_path, {"system": "stonetop", "characters": [HEAVY], "actions": actions})
    seen: list[int] = []
    real = replay.apply

    def spy(state, action):
        seen.append(capsys.readouterr().out.count('"ok": true'))
        return real(state, action)

    monkeypatch.setattr(replay, "apply", spy)
    assert cli.main(["replay", str(path)]) == 0
    assert seen == [0, 1, 1, 1, 1]  # each read empties the capture: one new result each time


def test_a_lone_surrogate_in_a_scenario_is_refused_at_the_door(tmp_path):
    """Text that could not be printed never reaches the stream: the reader refuses it."""
    path = tmp_path / "s.json"
    path.write_text('{"system": "stonetop", "characters": [{"id": "gh", "name": "Gh\\ud800st", '
                    '"max_hp": 5}], "actions": [{"type": "damage", "target": "gh", '
                    '"amount": 1}]}', encoding="utf-8")
    import subprocess
    import sys
    run = subprocess.run([sys.executable, "-m", "harmdesk", "replay", str(path)],
                         capture_output=True, text=True, encoding="utf-8")
    assert run.returncode == 2 and run.stdout == ""
    assert "broken character" in run.stderr and "Traceback" not in run.stderr
