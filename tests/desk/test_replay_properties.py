"""Property tests: whatever JSON a scenario holds, `harmdesk replay` answers with exit 0, 1
or 2, never a traceback, and valid JSON on stdout when it succeeds."""

import json
import subprocess
import sys

from hypothesis import HealthCheck, given, settings, strategies as st

from harmdesk import cli
from tests.conftest import ROOT

# text with lone surrogates, huge integers, and values nested past what actions need
TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=12)
NUMBER = st.one_of(st.integers(), st.integers(min_value=10**40, max_value=10**200),
                   st.floats(allow_nan=False, allow_infinity=False))
SCALAR = st.one_of(st.none(), st.booleans(), NUMBER, TEXT,
                   st.sampled_from(["heavy", "d6", "1d6/0", "d6>3", "x", "dying", "fire"]))
JSON = st.recursive(SCALAR, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)), max_leaves=20)
KEYS = st.sampled_from(["amount", "dice", "rolls", "piercing", "lethal", "target", "debility",
                        "attackers", "character", "changes", "settings", "expect",
                        "expect_events", "expect_refused", "peircing", "hp", "death"])
TYPES = st.sampled_from(["damage", "gang_damage", "heal", "tend", "add_character",
                         "edit_character", "set_death", "deaths_door", "medicine",
                         "add_condition", "change_settings", "remove_character"])
ACTION = st.one_of(JSON, st.fixed_dictionaries(
    {"type": TYPES, "target": st.one_of(st.just("heavy"), JSON)},
    optional=dict.fromkeys(("amount", "dice", "rolls", "piercing", "character", "changes",
                            "expect", "expect_events", "expect_refused"), JSON))
    .flatmap(lambda a: st.dictionaries(KEYS, JSON, max_size=2).map(lambda x: {**x, **a})))
SHEET = st.one_of(st.just({"id": "heavy", "max_hp": 20, "armor": 2}),
                  st.just({"id": "heavy", "hp": 20}), JSON)
SCENARIO = st.one_of(JSON, st.fixed_dictionaries({
    "system": st.sampled_from(["stonetop", "lux_aeterna", "freedom_fantasies"]),
    "characters": st.one_of(st.lists(SHEET, max_size=2), JSON),
    "actions": st.lists(ACTION, max_size=6)}, optional={"settings": JSON, "name": JSON}))


def replay_in_process(tmp_path, capsys, data, *flags):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = cli.main(["replay", *flags, str(path)])
    out, err = capsys.readouterr()
    return code, out, err


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=SCENARIO, check=st.booleans(), states=st.booleans())
def test_any_json_scenario_ends_with_a_clear_exit_status(tmp_path, capsys, data, check, states):
    flags = [f for f, on in (("--check", check), ("--states", states)) if on]
    code, out, err = replay_in_process(tmp_path, capsys, data, *flags)
    assert code in (0, 1, 2), err
    assert "Traceback" not in err
    if code == 0 or (code == 1 and check):
        output = json.loads(out)
        assert isinstance(output["results"], list)
    if code == 2:
        assert out == "" and err.startswith("harmdesk: ")


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(actions=st.lists(ACTION, min_size=1, max_size=8))
def test_any_actions_on_a_real_desk_are_applied_or_refused(tmp_path, capsys, actions):
    """Every action either applies or is refused in words; the stream stays one JSON document."""
    data = {"system": "stonetop", "characters": [
        {"id": "heavy", "max_hp": 20, "armor": 2},
        {"id": "hagr", "kind": "monster", "max_hp": 12, "attack": {"dice": "d10+3"}}],
        "actions": actions}
    code, out, err = replay_in_process(tmp_path, capsys, data)
    if code == 2:  # the file's reader refuses what no action needs (huge numbers, depth)
        assert out == "" and err.startswith("harmdesk: "), err
        assert any(w in err for w in ("digits", "nest more than", "broken character")), err
        return
    assert code == 0, err
    results = json.loads(out)["results"]
    assert len(results) == len(actions)
    assert all(r["ok"] or (isinstance(r["error"], str) and r["error"]) for r in results)


@settings(max_examples=8, deadline=None)
@given(data=SCENARIO)
def test_as_a_process_too(tmp_path_factory, data):
    """The real entry point: its own stdout encoding, exit status and stderr."""
    path = tmp_path_factory.mktemp("replay") / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "harmdesk", "replay", "--check", str(path)],
                         cwd=ROOT, capture_output=True, text=True, encoding="utf-8",
                         errors="surrogateescape")
    assert run.returncode in (0, 1, 2) and "Traceback" not in run.stderr
    if run.returncode != 2:
        json.loads(run.stdout)
