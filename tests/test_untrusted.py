"""JSON from outside is refused at the door with a sentence naming where, never a
traceback: lone surrogates, huge numbers, deep nesting, NaN; files that are not files;
imports too large in work. And what was saved is never reported as a failure."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from itertools import pairwise

import pytest

from harmdesk.desk import chips
from harmdesk.desk.campaign import Campaign, ImportCancelled, import_campaign
from harmdesk.errors import UserError
from harmdesk.rules.engine import apply, new_state
from harmdesk.store import Store
from harmdesk.untrusted import MAX_DEPTH, MAX_DIGITS, UntrustedError, parse_json
from tests.cli_kit import folder_digest, run_cli
from tests.conftest import ROOT

HEAVY = {"id": "heavy", "name": "The Heavy", "max_hp": 20, "armor": 2}


def deep(levels: int, inner: str = "1") -> str:
    return "[" * levels + inner + "]" * levels


def nested(levels: int) -> list:
    value: list = []
    for _ in range(levels - 1):
        value = [value]
    return value


@pytest.mark.parametrize("text, words", [
    ('{"name": "Gh\\ud800st"}', "`name` holds a broken character (a lone surrogate"),
    ('{"Gh\\udfffst": 1}', "a key in the value holds a broken character"),
    ("Gh\udcffst", "line 1, column 3: the text holds a broken character"),
    ('{"amount": ' + "9" * 5000 + "}", "line 1, column 12: a number with 5,000 digits"),
    ('{"amount": 1.' + "5" * 50 + "}", f"at most {MAX_DIGITS} digits"),
    (deep(60_000), f"line 1, column {MAX_DEPTH + 1}: values nest more than {MAX_DEPTH}"),
    ('{"amount": NaN}', "`NaN` is not a number"),
    ("[-Infinity]", "`-Infinity` is not a number"),
    ("[1e999]", "the number 1e999 is too large"),
    ('{"a": 1', "not valid JSON (line 1, column 8"),
    (b"\xff{}", "not UTF-8"),
])
def test_untrusted_json_is_refused_naming_where_and_why(text, words):
    with pytest.raises(UntrustedError) as err:
        parse_json(text, "ACTION_JSON")
    assert str(err.value).startswith("ACTION_JSON: ") and words in str(err.value)


def test_what_looks_odd_only_inside_names_is_taken():
    text = '{"name": "[[[[ 9999999999999999999999999999999999999999999999 \\\\ud800", "hp": 1.5}'
    assert parse_json(text, "x") == {"name": "[[[[ " + "9" * 46 + " \\ud800", "hp": 1.5}
    assert parse_json(deep(MAX_DEPTH - 1), "x") is not None
    with pytest.raises(UntrustedError):
        parse_json(deep(MAX_DEPTH + 1), "x")


def test_a_string_left_open_is_read_in_one_pass():
    # escaped quotes all the way: a naive pattern would retry from each (quadratic)
    with pytest.raises(UntrustedError, match="not valid JSON"):
        parse_json('"' + '\\"' * 2_000_000, "x")


# the rules core, given values in-process ------------------------------------------

@pytest.mark.parametrize("extra, words", [
    ({"note": nested(990)}, "nested more than 8 levels deep"),
    ({"note": "Gh\ud800st"}, "lone surrogate"),
    ({"amount": float("nan")}, "nan is not a number"),
])
def test_the_rules_refuse_values_the_store_could_not_keep(extra, words):
    state = new_state("stonetop", {}, [HEAVY])
    out = apply(state, {"type": "damage", "target": "heavy", "amount": 1, **extra})
    assert not out.ok and words in out.error
    assert out.state["characters"]["heavy"]["hp"] == 20


def test_a_990_deep_value_is_refused_before_saving(tmp_path):
    store = Store.open(tmp_path)
    try:
        campaign = Campaign.create(store, "Night", "stonetop", characters=[HEAVY])
        action = {"type": "damage", "target": "heavy", "amount": 1, "note": nested(990)}
        assert not campaign.apply(action).ok
        assert store.history(campaign.info.id) == (0, 0)
        assert Campaign(store, "Night").state["characters"]["heavy"]["hp"] == 20
    finally:
        store.close()


# the command line -------------------------------------------------------------------

@pytest.fixture
def night(tmp_path):
    folder = tmp_path / "data"
    assert run_cli("--data-dir", str(folder), "campaign", "new", "Night",
                   "--system", "stonetop")[0] == 0
    add = json.dumps({"type": "add_character", "character": HEAVY})
    assert run_cli("--data-dir", str(folder), "apply", "Night", add)[0] == 0
    return folder


@pytest.mark.parametrize("action, words", [
    ('{"type": "add_character", "character": {"id": "g", "name": "Gh\\ud800st", "max_hp": 3}}',
     "`name` holds a broken character"),
    ('{"type": "damage", "target": "heavy", "amount": ' + "9" * 5000 + "}", "5,000 digits"),
    (deep(60_000), "nest more than"),
    ('{"type": "damage", "target": "heavy", "amount": 1, "x": ' + deep(990) + "}",
     "nest more than"),
])
def test_apply_refuses_bad_action_json_and_changes_nothing(night, action, words):
    before = folder_digest(night)
    code, out, err = run_cli("--data-dir", str(night), "apply", "Night", action)
    assert (code, out) == (2, "") and words in err and "Traceback" not in err
    assert folder_digest(night) == before


def test_bad_action_json_does_not_even_create_the_data_folder(tmp_path):
    code, _, err = run_cli("--data-dir", str(tmp_path / "new"), "apply", "Night", "[NaN]")
    assert code == 2 and "`NaN` is not a number" in err
    assert not (tmp_path / "new").exists()


def test_a_name_that_is_not_utf8_on_the_command_line_is_bad_usage(night):
    code, _, err = run_cli("--data-dir", str(night), "state", "N\udcffight")
    assert code == 2 and "is not UTF-8 text" in err


def _plant_surrogate(folder):
    """An older HarmDesk saved a name with a lone surrogate (this one refuses it)."""
    con = sqlite3.connect(folder / "harmdesk.sqlite")
    with con:
        (row, state), = con.execute(
            "SELECT character.rowid, state FROM character JOIN campaign ON campaign.id = "
            "campaign_id WHERE cid = 'heavy' AND campaign.name = 'Night'")
        con.execute("UPDATE character SET state = ? WHERE rowid = ?",
                    (json.dumps({**json.loads(state), "name": "Gh\ud800st"}), row))
    con.close()


def test_a_surrogate_from_an_old_file_is_printed_escaped_and_a_saved_step_reports_success(night):
    _plant_surrogate(night)
    code, out, err = run_cli("--data-dir", str(night), "state", "Night")
    assert code == 0, err
    assert "\\ud800" in out and json.loads(out)["state"]["heavy"]["name"] == "Gh\ud800st"
    code, out, err = run_cli("--data-dir", str(night), "apply", "Night",
                             '{"type": "damage", "target": "heavy", "amount": 5}')
    assert code == 0 and "Traceback" not in err
    assert json.loads(out)["state"]["heavy"]["hp"] == 17
    # saved once, and export and undo work on it too
    assert json.loads(run_cli("--data-dir", str(night), "state", "Night")[1])["can_undo"] is True
    assert run_cli("--data-dir", str(night), "campaign", "export", "Night")[0] == 0
    assert run_cli("--data-dir", str(night), "undo", "Night")[0] == 0


class _FullDisk:
    """A stdout on a full disk."""

    def write(self, text):
        raise OSError(28, "No space left on device")

    def flush(self):
        pass


def test_a_result_that_cannot_be_printed_is_still_a_saved_step(night, monkeypatch):
    from harmdesk import cli

    monkeypatch.setattr(sys, "stdout", _FullDisk())
    err = __import__("io").StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    code = cli.main(["--data-dir", str(night), "apply", "Night",
                     '{"type": "damage", "target": "heavy", "amount": 5}'])
    monkeypatch.undo()
    assert code == 0
    assert "could not be printed (No space left on device); what was saved stays saved" \
        in err.getvalue()
    assert json.loads(run_cli("--data-dir", str(night), "state", "Night")[1]) \
        ["state"]["heavy"]["hp"] == 17


def harmdesk(*args, timeout=60):
    # the timeout only guards the suite against a hang; a pass never comes near it
    return subprocess.run([sys.executable, "-m", "harmdesk", *args], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=timeout)


def test_a_fifo_or_a_device_is_refused_unread_by_import_and_replay(night, tmp_path):
    fifo = tmp_path / "campaign.json"
    os.mkfifo(fifo)  # nobody writes to it: reading would wait for ever
    before = folder_digest(night)
    for args in (("--data-dir", str(night), "campaign", "import", str(fifo)),
                 ("--data-dir", str(night), "campaign", "import", "/dev/zero"),
                 ("--data-dir", str(night), "campaign", "import", str(tmp_path)),
                 ("replay", str(fifo)), ("replay", "/dev/zero")):
        run = harmdesk(*args)
        assert run.returncode in (1, 2) and "not a regular file; choose a .json file" \
            in run.stderr, args
        assert "Traceback" not in run.stderr
    assert folder_digest(night) == before


@pytest.mark.parametrize("body, words", [
    ('{"system": "stonetop", "actions": [{"type": "heal", "target": "a", "amount": '
     + "7" * 5000 + "}]}", "5,000 digits"),
    ('{"system": "stonetop", "actions": ' + deep(60_000) + "}", "nest more than"),
    ('{"system": "stonetop", "name": "Gh\\udc00st"}', "`name` holds a broken character"),
])
def test_import_and_replay_refuse_bad_json_with_exit_status_2_or_1(night, tmp_path, body, words):
    path = tmp_path / "bad.json"
    path.write_text(body, encoding="utf-8")
    before = folder_digest(night)
    code, out, err = run_cli("--data-dir", str(night), "campaign", "import", str(path))
    assert (code, out) == (1, "") and words in err and str(path) in err
    assert folder_digest(night) == before
    code, out, err = run_cli("replay", str(path))
    assert (code, out) == (2, "") and words in err


# imports capped in work, with progress and cancel -----------------------------------

def _export(tmp_path, actions: int, characters: int = 1) -> dict:
    sheets = [{**HEAVY, "id": f"c{n}"} for n in range(characters)]
    return {"name": "Long", "system": "stonetop", "settings": {}, "characters": sheets,
            "actions": [{"type": "damage", "target": "c0", "amount": 1},
                        {"type": "heal", "target": "c0", "amount": 1}] * (actions // 2)}


@pytest.fixture
def store(tmp_path):
    store = Store.open(tmp_path / "data")
    yield store
    store.close()


def test_an_import_with_too_many_actions_or_characters_is_refused(store, tmp_path, monkeypatch):
    from harmdesk.desk import campaign
    monkeypatch.setattr(campaign, "MAX_IMPORT_ACTIONS", 10)
    monkeypatch.setattr(campaign, "MAX_IMPORT_CHARACTERS", 3)
    path = tmp_path / "long.json"
    path.write_text(json.dumps(_export(tmp_path, 12)), encoding="utf-8")
    with pytest.raises(UserError, match=f"{path}: the file holds 12 actions; HarmDesk "
                                        "imports at most 10 actions"):
        import_campaign(store, path)
    with pytest.raises(UserError, match="holds 4 characters; HarmDesk imports at most 3"):
        import_campaign(store, _export(tmp_path, 2, characters=4))
    assert import_campaign(store, _export(tmp_path, 10, characters=3)).history() == (10, 0)


def test_the_real_cap_refuses_thirty_thousand_actions_before_any_work(store, tmp_path):
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(_export(tmp_path, 30_000)), encoding="utf-8")
    with pytest.raises(UserError, match="30,000 actions; HarmDesk imports at most 20,000"):
        import_campaign(store, path, progress=lambda *a: pytest.fail("work was started"))


def test_an_import_reports_progress_through_checking_and_saving(store, tmp_path):
    seen = []
    import_campaign(store, _export(tmp_path, 400), progress=lambda *a: seen.append(a))
    assert seen[0] == ("checking", 0, 400) and seen[-1] == ("saving", 400, 400)
    assert [s for s, *_ in seen] == sorted(s for s, *_ in seen)  # checking, then saving
    assert all(a[1] <= b[1] for a, b in pairwise(seen) if a[0] == b[0])


@pytest.mark.parametrize("stage", ["checking", "saving"])
def test_a_cancelled_import_leaves_the_data_folder_unchanged(tmp_path, stage):
    folder = tmp_path / "data"
    first = Store.open(folder)
    Campaign.create(first, "Night", "stonetop", characters=[HEAVY])
    first.close()  # a settled folder to fingerprint
    before = folder_digest(folder)
    store2 = Store.open(folder)
    seen = []

    def cancelled():
        return bool(seen) and seen[-1][0] == stage and seen[-1][1] >= 200

    try:
        with pytest.raises(ImportCancelled, match="Import cancelled; nothing was added"):
            import_campaign(store2, _export(tmp_path, 400), progress=lambda *a: seen.append(a),
                            cancelled=cancelled)
        assert seen[-1][0] == stage  # it really got that far
        assert [c["name"] for c in store2.campaigns()] == ["Night"]
    finally:
        store2.close()
    assert folder_digest(folder) == before


def test_a_dragged_chip_with_odd_json_is_not_ours():
    assert chips.decode(deep(60_000).encode()) is None
    assert chips.decode(b'{"label": "x", "action": {"type": "damage", "amount": '
                        + b"9" * 5000 + b"}}") is None
    assert chips.decode(chips.encode({"label": "x", "action": {"type": "damage"}})) is not None
