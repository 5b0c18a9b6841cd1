"""`harmdesk recap`: who hurt whom, as Markdown or JSON, for the GM or the players, read
from the data file."""

from __future__ import annotations

import json
import os

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store
from tests.cli_kit import run_cli

PARTY = [
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2},
    {"id": "lurker", "name": "<b>Lurker</b> & <img src=x>", "kind": "monster", "max_hp": 6,
     "armor": 0, "players_see": "hidden", "attack": {"dice": "d6"}},
    {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 16, "armor": 2,
     "players_see": "full", "attack": {"dice": "d10+3"}},
]


@pytest.fixture
def folder(tmp_path):
    store = Store.open(tmp_path / "data")
    try:
        camp = Campaign.create(store, "Night", "stonetop", {}, PARTY)
        for action in ({"type": "damage", "target": "heavy", "amount": 5, "source": "lurker"},
                       {"type": "start_encounter", "order": ["heavy", "hagr"]},
                       {"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"},
                       {"type": "damage", "target": "hagr", "amount": 6, "source": "heavy"},
                       {"type": "end_encounter"}):
            change = camp.apply(action)
            assert change.ok, change.outcome.error
    finally:
        store.close()
    return tmp_path


def recap(folder, *args):
    out = folder / "recap.out"
    code, printed, err = run_cli("--data-dir", str(folder / "data"), "recap", "Night",
                                 *args, "-o", str(out))
    return code, (json.loads(printed) if code == 0 else None), err, out


def test_the_gms_json_counts_every_hit_by_its_source(folder):
    code, printed, err, out = recap(folder, "--all", "--format", "json")
    assert code == 0, err
    assert printed["audience"] == "gm" and printed["scope"] == "The whole campaign"
    data = json.loads(out.read_text("utf-8"))
    heavy = next(c for c in data["characters"] if c["id"] == "heavy")
    # ST-3: 5 − 2 = 3 from the lurker, 9 − 2 = 7 from the hagr
    assert [(s["source"], s["amount"]) for s in heavy["taken"]["by_source"]] == \
        [("hagr", 7), ("lurker", 3)]
    assert next(c for c in data["characters"] if c["id"] == "hagr")["taken"]["total"] == 4


def test_the_players_markdown_names_no_hidden_character(folder):
    code, _, err, out = recap(folder, "--all", "--players", "--format", "md")
    assert code == 0, err
    text = out.read_text("utf-8")
    assert "Lurker" not in text and "lurker" not in text
    assert "- **The Heavy**: dealt 4 HP (4 to Hagr); took 10 HP (7 from Hagr, 3 from " \
        "Unattributed)" in text
    code, _, err, out = recap(folder, "--all", "--players", "--format", "json")
    assert "urker" not in out.read_text("utf-8")


def test_an_encounter_is_a_scope_of_its_own(folder):
    code, printed, err, out = recap(folder, "--encounter", "1", "--format", "json")
    assert code == 0, err
    assert printed["scope"] == "Encounter 1"
    heavy = next(c for c in json.loads(out.read_text("utf-8"))["characters"]
                 if c["id"] == "heavy")
    assert heavy["taken"]["total"] == 7  # the lurker's hit came before it
    code, _, err, _ = recap(folder, "--encounter", "2", "--format", "md")
    assert code == 2 and "there is no encounter 2" in err


def test_markup_in_a_name_stays_literal(folder):
    for fmt in ("md", "json"):
        code, _, err, out = recap(folder, "--all", "--format", fmt)
        assert code == 0, err
        text = out.read_text("utf-8")
        if fmt == "md":
            assert r"\<b\>Lurker\</b\> \& \<img src\=x\>" in text
        else:
            names = [c["name"] for c in json.loads(text)["characters"]]
            assert "<b>Lurker</b> & <img src=x>" in names


def test_an_empty_scope_says_no_harm_recorded(tmp_path):
    store = Store.open(tmp_path / "data")
    try:
        Campaign.create(store, "Night", "stonetop", {}, PARTY[:1])
    finally:
        store.close()
    code, _, err, out = recap(tmp_path, "--all", "--format", "json")
    assert code == 0, err
    data = json.loads(out.read_text("utf-8"))
    assert data["empty"] and data["message"] == "No harm recorded."


@pytest.mark.parametrize("where", ["folder", "fifo"])
def test_a_folder_or_a_pipe_is_refused_and_nothing_written(folder, where):
    target = folder / "target"
    if where == "folder":
        target.mkdir()
    else:
        os.mkfifo(target)
    code, printed, err = run_cli("--data-dir", str(folder / "data"), "recap", "Night",
                                 "--all", "--format", "md", "-o", str(target))
    assert code == 1 and "Cannot write" in err and printed == ""
    assert sorted(p.name for p in folder.iterdir()) == ["data", "target"]


def test_a_bad_encounter_number_is_refused(folder):
    code, _, err, _ = recap(folder, "--encounter", "two", "--format", "md")
    assert code == 2 and "--encounter takes an encounter's number" in err
