"""The numbers a sheet or an action may hold are what the rules and the window can hold:
anything beyond is refused at the door (an import, ACTION_JSON, a scenario, a sheet edit),
naming the field. And what the door says stays readable: a byte-order mark is taken, a
`type` that is no name is explained, a long value is quoted short."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from harmdesk import profiles
from harmdesk.rules.core import SheetError
from harmdesk.rules.engine import apply, new_state
from tests.cli_kit import folder_digest
from tests.conftest import ROOT

HEAVY = {"id": "heavy", "name": "The Heavy", "max_hp": 20, "armor": 2}
SHEETS = {"stonetop": HEAVY, "lux_aeterna": {"id": "sara", "max_hp": 12},
          "freedom_fantasies": {"id": "brann", "hp": 10}}
WIDE = 2 ** 31  # a Qt spin box or int cannot take it
MOST = 9_999  # the most HP a sheet holds


def harmdesk(*args):
    # the timeout only guards the suite against a hang; a pass never comes near it
    return subprocess.run([sys.executable, "-m", "harmdesk", *args], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8", timeout=120,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    from harmdesk.desk.campaign import Campaign
    from harmdesk.store import Store
    folder = tmp_path_factory.mktemp("data")
    store = Store.open(folder)
    try:
        Campaign.create(store, "Night", "stonetop", {}, [HEAVY])
    finally:
        store.close()
    return folder


def refused(run, status: int, *words: str) -> None:
    assert run.returncode == status, run.stderr
    assert "Traceback" not in run.stderr
    for word in words:
        assert word in run.stderr, run.stderr


# numbers past what the window holds, at every door --------------------------------

def test_an_import_with_a_max_hp_past_the_limit_is_refused_naming_it(night, tmp_path):
    path = tmp_path / "wide.json"
    path.write_text(json.dumps({"name": "Wide", "system": "stonetop", "actions": [],
                                "characters": [{**HEAVY, "max_hp": WIDE}]}), encoding="utf-8")
    before = folder_digest(night)
    run = harmdesk("--data-dir", str(night), "campaign", "import", str(path))
    refused(run, 1, "Cannot import", "`max_hp` must be at most 9,999, not 2147483648")
    assert folder_digest(night) == before
    run = harmdesk("replay", str(path))
    refused(run, 2, "characters[0] (heavy)", "`max_hp` must be at most 9,999")


@pytest.mark.parametrize("action, words", [
    ({"type": "add_character", "character": {"id": "big", "max_hp": WIDE}},
     "`max_hp` must be at most 9,999"),
    ({"type": "edit_character", "target": "heavy", "changes": {"armor": 100}},
     "`armor` must be at most 99, not 100"),
    ({"type": "edit_character", "target": "heavy", "changes": {"max_hp": 10_000}},
     "`max_hp` must be at most 9,999, not 10000"),
    ({"type": "damage", "target": "heavy", "amount": 10 ** 30}, "`amount` must be at most 9,999"),
    ({"type": "damage", "target": "heavy", "dice": "d6+99999", "rolls": [3]},
     "99999 is more than a rule takes"),
])
def test_action_json_past_the_limits_is_refused_naming_the_field(night, action, words):
    before = harmdesk("--data-dir", str(night), "state", "Night").stdout
    run = harmdesk("--data-dir", str(night), "apply", "Night", json.dumps(action))
    refused(run, 1, "refused: ", words)
    assert json.loads(run.stdout)["ok"] is False
    assert harmdesk("--data-dir", str(night), "state", "Night").stdout == before


@pytest.mark.parametrize("system, sheet, field", [
    ("stonetop", {"max_hp": 10_000}, "max_hp"),
    ("stonetop", {"armor": 100}, "armor"),
    ("stonetop", {"supplies": 100}, "supplies"),
    ("stonetop", {"circles": WIDE}, "circles"),
    ("lux_aeterna", {"max_hp": WIDE}, "max_hp"),
    ("lux_aeterna", {"hp": -10_000}, "hp"),
    ("lux_aeterna", {"endurance": WIDE}, "endurance"),
    ("lux_aeterna", {"max_strain": 21}, "max_strain"),
    ("lux_aeterna", {"save_score": -100}, "save_score"),
    ("lux_aeterna", {"resolve_dice": 21}, "resolve_dice"),
    ("lux_aeterna", {"trauma_bumps": WIDE}, "trauma_bumps"),
    ("lux_aeterna", {"physical_vulnerability": 100}, "physical_vulnerability"),
    ("freedom_fantasies", {"hp": WIDE}, "hp"),
    ("freedom_fantasies", {"might": 100}, "might"),
    ("freedom_fantasies", {"block_bonus": -100}, "block_bonus"),
    ("freedom_fantasies", {"damage": WIDE}, "damage"),
    ("freedom_fantasies", {"momentum": WIDE}, "momentum"),
    ("freedom_fantasies", {"protection": WIDE, "protection_source": "ward"}, "protection"),
])
def test_every_number_of_a_sheet_is_bounded(system, sheet, field):
    with pytest.raises(SheetError) as err:
        new_state(system, {}, [{**SHEETS[system], **sheet}])
    assert f"`{field}` must be at " in err.value.message
    desk = new_state(system, {}, [SHEETS[system]])
    cid = SHEETS[system]["id"]
    edit = {k: v for k, v in sheet.items() if k != "protection_source"}
    out = apply(desk, {"type": "edit_character", "target": cid, "changes": edit})
    assert not out.ok  # never edited past the limit either (or not editable at all)


@pytest.mark.parametrize("system, action", [
    ("lux_aeterna", {"type": "set_state", "target": "sara", "endurance": WIDE}),
    ("lux_aeterna", {"type": "set_state", "target": "sara", "hp": -WIDE}),
    ("freedom_fantasies", {"type": "set_state", "target": "brann", "damage": WIDE}),
    ("freedom_fantasies", {"type": "set_state", "target": "brann", "momentum": 10_000}),
])
def test_corrections_past_the_limits_are_refused(system, action):
    out = apply(new_state(system, {}, [SHEETS[system]]), action)
    assert not out.ok and "9,999" in out.error, out.error


def test_settings_past_the_window_are_refused():
    with pytest.raises(SheetError, match="must be at most 99"):
        new_state("stonetop", {"prosperity": WIDE})
    encounter = {"mode": "turns", "order": ["sara"], "round": WIDE, "turn": 0}
    with pytest.raises(SheetError, match="`round` must be a whole number from 1 to 9,999"):
        new_state("lux_aeterna", {"encounter": encounter}, [SHEETS["lux_aeterna"]])
    encounter.update(round=1, initiative={"sara": WIDE})
    with pytest.raises(SheetError, match="`initiative` must be an object of whole numbers"):
        new_state("lux_aeterna", {"encounter": encounter}, [SHEETS["lux_aeterna"]])


def test_a_sheet_at_the_limits_is_taken():
    desk = new_state("stonetop", {}, [{**HEAVY, "max_hp": MOST, "armor": 99, "supplies": 99}])
    assert desk["characters"]["heavy"]["hp"] == 9_999
    out = apply(desk, {"type": "damage", "target": "heavy", "amount": MOST, "ignores_armor": True})
    assert out.ok and out.state["characters"]["heavy"]["hp"] == 0


def test_the_character_dialog_offers_what_the_rules_take():
    """Each number field of the sheet dialog spans exactly what the rules accept."""
    from harmdesk.rules.freedom_fantasies.sheet import LIMITS as FF
    from harmdesk.rules.lux_aeterna.sheet import LIMITS as LUX
    from harmdesk.rules.stonetop.sheet import LIMITS as ST
    limits = {"stonetop": ST, "lux_aeterna": LUX, "freedom_fantasies": FF}
    checked = 0
    for system, rules in limits.items():
        profile = profiles.profile_for(system)
        for field in profile.sheet:
            if field.kind == "int":
                assert field.options[:2] == rules[field.key], (system, field.key)
                checked += 1
            elif field.kind == "supplies":  # its lowest is "not tracked"
                assert field.options[1] == rules["supplies"][1]
                checked += 1
        if profile.death_ruling is not None and profile.death_ruling.lowest_hp:
            assert profile.death_ruling.lowest_hp == rules["hp"][0]
    assert checked == 12


# what the door says ---------------------------------------------------------------

def test_a_byte_order_mark_is_taken_in_action_json_an_import_and_a_scenario(night, tmp_path):
    run = harmdesk("--data-dir", str(night), "apply", "Night",
                   '\ufeff{"type": "heal", "target": "heavy", "amount": 1}')
    assert run.returncode == 0, run.stderr
    path = tmp_path / "windows.json"
    path.write_text(json.dumps({"name": "From Windows", "system": "stonetop",
                                "characters": [HEAVY], "actions": []}), encoding="utf-8-sig")
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")
    run = harmdesk("--data-dir", str(night), "campaign", "import", str(path))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["campaign"] == "From Windows"
    run = harmdesk("replay", str(path))
    assert run.returncode == 0, run.stderr


def test_a_type_that_is_no_name_says_so_and_lists_the_actions(night):
    run = harmdesk("--data-dir", str(night), "apply", "Night", '{"type": 5, "target": "heavy"}')
    refused(run, 1, "`type` must be the name of an action (text", "not 5",
            "known: add_character", "damage")
    assert "has no `type`" not in run.stderr
    out = apply(new_state("stonetop", {}, [HEAVY]), {"target": "heavy"})
    assert "has no `type`; known: add_character" in out.error


def test_a_long_value_is_quoted_short_in_every_message(night, tmp_path):
    long = "x" * 100_000
    run = harmdesk("--data-dir", str(night), "apply", "Night",
                   json.dumps({"type": "damage", "target": long, "amount": 1}))
    refused(run, 1, "there is no character 'xxxx", "\u2026' on the desk")
    assert len(run.stderr) < 500 and len(json.loads(run.stdout)["error"]) < 200
    path = tmp_path / "long.json"
    path.write_text(json.dumps({"system": "stonetop", long: 1}), encoding="utf-8")
    run = harmdesk("replay", str(path))
    refused(run, 2, "unknown key 'xxx")
    assert len(run.stderr) < 500


def test_a_character_name_or_id_is_at_most_200_characters():
    desk = new_state("stonetop", {}, [HEAVY])
    for sheet in ({"id": "a", "name": "n" * 100_000}, {"id": "i" * 201}):
        out = apply(desk, {"type": "add_character", "character": {**sheet, "max_hp": 3}})
        assert not out.ok and "characters long; it may have at most 200" in out.error
        assert len(out.error) < 100
    out = apply(desk, {"type": "edit_character", "target": "heavy", "changes": {"name": "n" * 201}})
    assert not out.ok and out.error.startswith("`name` is 201 characters long")
    assert apply(desk, {"type": "add_character", "character": {"id": "i" * 200, "max_hp": 3}}).ok


@pytest.mark.parametrize("action", [
    {"type": "damage", "target": "heavy", "amount": 1, "x" * 100_000: 1},
    {"type": "damage", "target": "heavy", "amount": 1, **{f"k{n}": 1 for n in range(5000)}},
    {"type": "x" * 100_000},
    {"type": "damage", "target": "heavy", "amount": "9" * 100_000},
    {"type": "damage", "target": "heavy", "dice": ["d6"] * 100_000, "rolls": [1]},
    {"type": "damage", "target": "heavy", "amount": 10 ** 5000},
    {"type": "mark_debility", "target": "heavy", "debility": "x" * 100_000},
    {"type": "add_character", "character": {"id": "a", "max_hp": 3, "kind": "x" * 100_000}},
    {"type": "edit_character", "target": "heavy", "changes": {"moves": ["x" * 100_000]}},
    {"type": "change_settings", "settings": {"prosperity": [1] * 100_000}},
    {"type": "change_settings", "settings": {"x" * 100_000: 1}},
    {"type": "remove_wound", "target": "heavy", "text": "x" * 100_000},
])
def test_a_refusal_never_echoes_a_long_value_whole(action):
    wounded = {**HEAVY, "wounds": [f"wound {n} " + "w" * 10_000 for n in range(50)]}
    out = apply(new_state("stonetop", {}, [wounded]), action)
    assert not out.ok and len(out.error) < 1200, out.error[:300]
