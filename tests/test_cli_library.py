"""`harmdesk library list|export|import|add`: the creature library from the command line,
read back from the data file."""

from __future__ import annotations

import json

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.rules import dice
from harmdesk.rules.core import Refused
from harmdesk.store import Store
from tests.cli_kit import folder_digest, run_cli

NIGHT = "The Great Wood"
PARTY = [{"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 18, "armor": 1}]


@pytest.fixture
def folder(tmp_path):
    store = Store.open(tmp_path)
    try:
        Campaign.create(store, NIGHT, "stonetop", {}, PARTY)
        Campaign.create(store, "Belhaven", "lux_aeterna", {}, [])
    finally:
        store.close()
    # the first command makes the day's backup and writes the starters in
    assert run_cli("--data-dir", str(tmp_path), "library", "list")[0] == 0
    return tmp_path


def cli(folder, *args):
    return run_cli("--data-dir", str(folder), *args)


def ok(folder, *args):
    code, out, err = cli(folder, *args)
    assert code == 0, err
    return json.loads(out)


def refused(folder, *args) -> str:
    """The message of a refusal that changed nothing in the data folder."""
    before = folder_digest(folder)
    code, out, err = cli(folder, *args)
    assert code == 2, (out, err)
    assert out == ""
    assert folder_digest(folder) == before
    return err


def desk(folder, name=NIGHT):
    store = Store.open(folder, write=False)
    try:
        camp = Campaign(store, name)
        return camp.state["characters"], store.log(camp.info.id)
    finally:
        store.close()


COEDWIG = ("library", "add", NIGHT, "coedwig", "--set", "hp=3", "--set", "armor=1")


def test_list_holds_the_seeds_dangers_with_what_is_left_to_fill_in(folder):
    listed = ok(folder, "library", "list")["templates"]
    by_name = {(t["system"], t["name"]): t for t in listed}
    assert set(by_name) == {("stonetop", "Hagr"), ("stonetop", "Coedwig"),
                            ("stonetop", "Birdwraig"), ("lux_aeterna", "Ice wraith")}
    coedwig = by_name["stonetop", "Coedwig"]
    assert coedwig["attack"] == {"dice": "d6", "piercing": 1}
    assert coedwig["missing"] == ["hp", "armor"] and coedwig["hp"] is None
    assert "seed 000" in coedwig["source"]
    assert by_name["stonetop", "Birdwraig"]["attack"] == {"dice": "d8+3", "tags": ["forceful"]}
    assert by_name["lux_aeterna", "Ice wraith"]["sheet"] == {"level": 8}  # LA-14
    # written once: listing again gives the same templates, not a second set
    assert ok(folder, "library", "list")["templates"] == listed
    assert all(isinstance(t["id"], int) for t in listed)
    only = ok(folder, "library", "list", "--system", "lux_aeterna")["templates"]
    assert [t["name"] for t in only] == ["Ice wraith"]


def test_add_six_coedwig_hidden_numbered_in_one_step_and_undo_takes_them_back(folder):
    added = ok(folder, *COEDWIG, "--count", "6")
    assert [a["name"] for a in added["added"]] == [f"Coedwig {n}" for n in range(1, 7)]
    assert added["text"] == "Add 6 Coedwig (Coedwig 1–6)"
    chars, log = desk(folder)
    copies = [c for c in chars.values() if c["name"].startswith("Coedwig")]
    assert len(copies) == 6
    assert all(c["players_see"] == "hidden" and c["hp"] == 3 and c["armor"] == 1
               for c in copies)
    # ST-3's attack kept as each copy's prepared danger
    assert all(c["template"]["name"] == "Coedwig" for c in copies)
    steps = {row.step for row in log if row.action["type"] == "add_character"}
    assert len(steps) == 1 and added["step"] in {row.step for row in log}
    undone = ok(folder, "undo", NIGHT)
    assert not [c for c in undone["state"].values() if c["name"].startswith("Coedwig")]
    assert list(desk(folder)[0]) == ["heavy"]


def test_the_lowest_free_number_is_taken_again_or_counting_goes_up(folder):
    ok(folder, *COEDWIG, "--count", "3")
    two = next(cid for cid, c in desk(folder)[0].items() if c["name"] == "Coedwig 2")
    ok(folder, "apply", NIGHT, json.dumps({"type": "remove_character", "target": two}))
    assert [a["name"] for a in ok(folder, *COEDWIG, "--count", "2")["added"]] == \
        ["Coedwig 2", "Coedwig 4"]
    assert [a["name"] for a in ok(folder, *COEDWIG, "--numbering", "up",
                                  "--count", "1")["added"]] == ["Coedwig 5"]


def test_rolled_hp_logs_each_copys_faces(folder):
    added = ok(folder, "library", "add", NIGHT, "hagr", "--set", "hp=2d6+2", "--set",
               "armor=2", "--hp", "roll", "--count", "4")["added"]
    chars = desk(folder)[0]
    for copy in added:
        faces = copy["faces"]
        assert len(faces) == 2 and all(1 <= f <= 6 for f in faces)
        assert copy["hp"] == sum(faces) + 2
        char = chars[copy["id"]]
        assert char["hp"] == copy["hp"]
        assert char["template"]["faces"] == faces and char["template"]["hp"] == "2d6+2"


def test_average_and_fixed_hp(folder):
    average = ok(folder, "library", "add", NIGHT, "hagr", "--set", "hp=2d6+2", "--set",
                 "armor=2", "--count", "2")["added"]
    assert [a["hp"] for a in average] == [9, 9]
    fixed = ok(folder, "library", "add", NIGHT, "hagr", "--set", "hp=2d6+2", "--set",
               "armor=2", "--hp", "11", "--count", "1")["added"]
    assert fixed[0]["hp"] == 11 and fixed[0]["faces"] == []


def test_monsters_are_added_hidden_unless_shown(folder):
    shown = ok(folder, *COEDWIG, "--shown")
    assert shown["state"][shown["added"][0]["id"]].get("players_see") is None


def test_dry_run_saves_nothing(folder):
    before = folder_digest(folder)
    planned = ok(folder, *COEDWIG, "--count", "2", "--dry-run")
    assert planned["saved"] is False and len(planned["added"]) == 2
    assert folder_digest(folder) == before


@pytest.mark.parametrize("count", ["0", "51", "six", "-3"])
def test_a_count_outside_1_to_50_is_refused_stating_the_range(folder, count):
    assert "from 1 to 50" in refused(folder, *COEDWIG, "--count", count)


def test_a_malformed_dice_expression_gets_the_quick_entrys_message(folder):
    with pytest.raises(Refused) as quick:
        dice.parse("2d6+")
    err = refused(folder, "library", "add", NIGHT, "coedwig", "--set", "hp=2d6+",
                  "--set", "armor=1")
    assert quick.value.reason in err and "Nothing was saved" in err


def test_hp_dice_that_can_reach_0_warn_and_add_nothing_without_the_yes(folder):
    # d4-3 always rolls 0 or less but for a 4: fixed faces are not given on the command
    # line, so the average (d4-3 averages 0 or less) is what is refused
    err = refused(folder, "library", "add", NIGHT, "coedwig", "--set", "hp=d4-3",
                  "--set", "armor=1", "--count", "2")
    assert "d4-3 can roll 0 or less" in err and "--allow-zero" in err
    added = ok(folder, "library", "add", NIGHT, "coedwig", "--set", "hp=d4-3", "--set",
               "armor=1", "--count", "2", "--allow-zero")["added"]
    assert len(added) == 2 and all(a["hp"] <= 0 for a in added)


def test_a_template_of_another_game_is_refused_naming_both(folder):
    err = refused(folder, "library", "add", NIGHT, "Ice wraith")
    assert "Lux Aeterna" in err and "Stonetop" in err


def test_an_unknown_template_or_field_left_out_says_what_to_give(folder):
    assert "no template named 'Ghoul'" in refused(folder, "library", "add", NIGHT, "Ghoul")
    err = refused(folder, "library", "add", NIGHT, "coedwig")
    assert "HP and Armor" in err and "--set hp=" in err and "--set armor=" in err
    assert "not 'armr'" in refused(folder, "library", "add", NIGHT, "coedwig",
                                   "--set", "hp=3", "--set", "armr=1")
    assert "no campaign named" in refused(folder, "library", "add", "Nowhere", "coedwig")


def test_export_then_import_asks_keep_both_replace_or_skip(folder, tmp_path_factory):
    out = tmp_path_factory.mktemp("files") / "stonetop.json"
    assert ok(folder, "library", "export", str(out), "--system", "stonetop")["templates"] == 3
    data = json.loads(out.read_text("utf-8"))
    assert (data["format"], data["version"]) == ("harmdesk-library", 1)
    assert "already" in refused(folder, "library", "import", str(out))
    skipped = ok(folder, "library", "import", str(out), "--on-clash", "skip")["imported"]
    assert all(line.startswith("Skipped") for line in skipped)
    both = ok(folder, "library", "import", str(out), "--on-clash", "both")["imported"]
    assert "Added Coedwig as Coedwig (2), beside the one already there." in both
    names = [t["name"] for t in ok(folder, "library", "list", "--system", "stonetop")["templates"]]
    assert names.count("Coedwig (2)") == 1 and names.count("Coedwig") == 1
    data["templates"] = [dict(t, notes="Changed.") for t in data["templates"]
                         if t["name"] == "Hagr"]
    out.write_text(json.dumps(data), "utf-8")
    assert ok(folder, "library", "import", str(out), "--on-clash", "replace")["imported"] == \
        ["Replaced Hagr."]
    hagr = [t for t in ok(folder, "library", "list")["templates"] if t["name"] == "Hagr"]
    assert [t["notes"] for t in hagr] == ["Changed."]


def test_importing_into_a_campaign_of_another_game_names_both(folder, tmp_path):
    out = tmp_path / "stonetop.json"
    ok(folder, "library", "export", str(out), "--system", "stonetop")
    err = refused(folder, "library", "import", str(out), "--campaign", "Belhaven",
                  "--on-clash", "both")
    assert "Stonetop" in err and "Lux Aeterna" in err


@pytest.mark.parametrize(("text", "words"), [
    ("{not json", "JSON"),
    ('{"format": "harmdesk-library", "version": 1, "templates": [], "extra": 1}',
     "unknown field 'extra'"),
    ('{"format": "harmdesk-library", "version": 9, "templates": []}', "version 9"),
    ('{"format": "something-else", "version": 1, "templates": []}', "not a HarmDesk library"),
    ('{"format": "harmdesk-library", "version": 1, "templates": [{"system": "stonetop", '
     '"name": "Huge", "kind": "monster", "hp": "99999999"}]}', "at most"),
])
def test_a_bad_library_file_is_refused_and_nothing_saved(folder, tmp_path, text, words):
    bad = tmp_path / "bad.json"
    bad.write_text(text, "utf-8")
    assert words in refused(folder, "library", "import", str(bad), "--on-clash", "skip")


def test_a_folder_is_no_library_file(folder, tmp_path):
    assert "not a regular file" in refused(folder, "library", "import", str(tmp_path))


def test_markup_in_a_name_stays_plain_text(folder, tmp_path):
    name = "<b>Bold</b> & <img src=x>"
    file = tmp_path / "markup.json"
    file.write_text(json.dumps({"format": "harmdesk-library", "version": 1, "templates": [
        {"system": "stonetop", "name": name, "kind": "monster", "hp": "4",
         "sheet": {"armor": 0}}]}), "utf-8")
    assert ok(folder, "library", "import", str(file))["imported"] == [f"Added {name}."]
    added = ok(folder, "library", "add", NIGHT, name, "--count", "2")["added"]
    assert [a["name"] for a in added] == [f"{name} 1", f"{name} 2"]
