"""The creature library through the service, over a temporary store: starters written
once per game, saving and removing templates, copies added as one step and undone as
one, one more copy, revealing, replaying the log, and library files. No Qt."""

import json
import random
from pathlib import Path

import pytest

from harmdesk.desk import library as lib
from harmdesk.desk.campaign import Campaign, import_campaign
from harmdesk.desk.library import CopiesRequest, read_template
from harmdesk.desk.replay import parse_scenario, run
from harmdesk.desk.service import Service
from harmdesk.errors import UserError

COEDWIG = {"name": "Coedwig", "kind": "monster", "hp": "2d6+2", "sheet": {"armor": 0},
           "attack": {"dice": "d6", "piercing": 1}, "count": 6}


@pytest.fixture
def session(store):
    return Service.on(Campaign.create(store, "Test", "stonetop", {"prosperity": 1}, []))


def saved(session, data=COEDWIG, system="stonetop"):
    return session.save_template(read_template(system, data))


def names(session):
    return [c["name"] for c in session.state["characters"].values()]


def test_the_starters_are_written_once_and_a_deleted_one_stays_deleted(session, store):
    assert [t.name for t in session.library()] == ["Birdwraig", "Coedwig", "Hagr"]
    hagr = next(t for t in session.library() if t.name == "Hagr")
    assert hagr.attack == {"dice": "d10+3"} and hagr.missing() == ["HP", "Armor"]
    session.remove_template(hagr.id)
    assert [t.name for t in session.library()] == ["Birdwraig", "Coedwig"]
    with pytest.raises(UserError, match="That template is no longer in the library"):
        session.remove_template(hagr.id)
    # another campaign of the same game shares the library; another game has its own
    other = Service.on(Campaign.create(store, "Other", "stonetop", {"prosperity": 1}, []))
    assert [t.name for t in other.library()] == ["Birdwraig", "Coedwig"]
    lux = Service.on(Campaign.create(store, "Lux", "lux_aeterna", None, []))
    assert [(t.name, t.sheet) for t in lux.library()] == [("Ice wraith", {"level": 8})]


def test_a_campaigns_own_template_is_listed_only_in_it(session, store):
    mine = session.save_template(lib.replace(read_template("stonetop", COEDWIG),
                                             name="Mine", campaign="Test"))
    assert mine.id is not None
    assert ("Mine", "Test") in [(t.name, t.campaign) for t in session.library()]
    other = Service.on(Campaign.create(store, "Other", "stonetop", {"prosperity": 1}, []))
    assert "Mine" not in [t.name for t in other.library()]


def test_a_template_of_another_game_is_not_saved(session):
    with pytest.raises(UserError) as err:
        saved(session, {"name": "Ice wraith", "hp": "20"}, "lux_aeterna")
    assert err.value.message == ("Ice wraith is a Lux Aeterna template; this campaign plays "
                                 "Stonetop.")
    assert "Ice wraith" not in [t.name for t in session.library()]


def test_six_copies_are_one_logged_step_undone_as_one(session):
    coedwig = saved(session)
    plan = session.plan_copies(CopiesRequest(coedwig, 6, hp="roll"), random.Random(3))
    assert all(2 + sum(f) == hp for f, hp in zip(plan.faces, plan.hp, strict=True))
    change = session.add_copies(plan)
    assert change.ok and len(change.changed) == 6
    assert names(session) == [f"Coedwig {n}" for n in range(1, 7)]
    assert [c["max_hp"] for c in session.state["characters"].values()] == plan.hp
    assert session.history() == (1, 0)
    assert [text for _, text, _ in session.steps()] == ["Add 6 Coedwig (Coedwig 1\u20136)"]
    assert [e.action["character"]["template"]["faces"] for e in session.log()] == plan.faces
    session.undo()
    assert session.state["characters"] == {} and session.history() == (0, 1)
    session.redo()
    assert names(session) == [f"Coedwig {n}" for n in range(1, 7)]


def test_a_refused_plan_adds_nothing(session):
    wisp = saved(session, {**COEDWIG, "name": "Wisp", "hp": "d4-3"})
    plan = session.plan_copies(CopiesRequest(wisp, 2))
    with pytest.raises(UserError, match="would start at 0 HP"):
        session.add_copies(plan)
    assert session.state["characters"] == {} and session.history() == (0, 0)
    session.add_copies(session.plan_copies(CopiesRequest(wisp, 2, allow_zero=True)))
    assert [c["hp"] for c in session.state["characters"].values()] == [0, 0]


def test_editing_a_template_never_changes_copies_already_added(session):
    coedwig = saved(session)
    session.add_copies(session.plan_copies(CopiesRequest(coedwig, 2)))
    before = session.state["characters"]
    session.save_template(lib.replace(coedwig, hp="1", attack={"dice": "d4"},
                                      sheet={"armor": 3}))
    assert session.state["characters"] == before
    assert session.store.characters(session.campaign.info.id)["coedwig_1"]["max_hp"] == 9
    assert session.template(coedwig.id).hp == "1"
    # the next copy is made from the template as it is now
    more = session.one_more("coedwig_1")
    assert more.hp == [1] and more.actions[0]["character"]["attack"] == {"dice": "d4"}
    assert more.actions[0]["character"]["armor"] == 3


def test_one_more_is_hidden_and_rolled_again_when_the_tile_was_rolled(session):
    coedwig = saved(session)
    session.add_copies(session.plan_copies(CopiesRequest(coedwig, 2, hp="roll",
                                                         hidden=False), random.Random(1)))
    more = session.one_more("coedwig_2", random.Random(2))
    assert more.names == ["Coedwig 3"] and len(more.faces[0]) == 2
    assert more.hp == [2 + sum(more.faces[0])]
    sheet = more.actions[0]["character"]
    assert sheet["players_see"] == "hidden"
    assert sheet["template"] == {"id": coedwig.id, "name": "Coedwig", "hp": "2d6+2",
                                 "faces": more.faces[0]}
    session.add_copies(more)
    assert session.copies_of("coedwig_1") == ["coedwig_1", "coedwig_2", "coedwig_3"]


def test_one_more_of_a_deleted_template_copies_the_tile(session):
    coedwig = saved(session)
    session.add_copies(session.plan_copies(CopiesRequest(coedwig, 1, hp="fixed",
                                                         fixed_hp=7)))
    session.remove_template(coedwig.id)
    more = session.one_more("coedwig_1")
    assert more.names == ["Coedwig 2"] and more.hp == [7] and more.problem is None


def test_reveal_shows_the_hidden_in_one_step(session):
    session.add_copies(session.plan_copies(CopiesRequest(saved(session), 3)))
    session.reveal(["coedwig_1", "coedwig_2"])
    chars = session.state["characters"]
    assert [c.get("players_see") for c in chars.values()] == [None, None, "hidden"]
    assert session.steps()[-1][1] == "Show 2 to the players"
    with pytest.raises(UserError, match="The players see them already"):
        session.reveal(["coedwig_1"])
    session.undo()
    assert all(c["players_see"] == "hidden" for c in session.state["characters"].values())


def test_replaying_the_log_adds_exactly_the_same_copies(session, store):
    coedwig = saved(session)
    session.add_copies(session.plan_copies(CopiesRequest(coedwig, 6, hp="roll"),
                                           random.Random(5)))
    exported = session.export()
    marks = [a["character"]["template"] for a in exported["actions"]]
    assert all(m["faces"] and m["id"] == coedwig.id for m in marks)
    replayed = run(parse_scenario(exported))
    assert replayed.results[-1]["state"] == session.state["characters"]
    imported = import_campaign(store, exported, "Replayed")
    assert imported.state["characters"] == session.state["characters"]


# library files --------------------------------------------------------------------------------
def test_export_then_import_keeps_both_replaces_or_skips(session, tmp_path):
    coedwig = saved(session, {**COEDWIG, "name": "Thorns"})
    path = session.export_templates(str(tmp_path / "lib.json"), [coedwig.id])
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    assert (doc["format"], doc["version"]) == ("harmdesk-library", 1)
    assert [(t["system"], t["name"], t["hp"]) for t in doc["templates"]] == \
        [("stonetop", "Thorns", "2d6+2")]
    assert session.import_templates(path, lambda old, new: "skip") == \
        ["Skipped Thorns: the library has one already."]
    assert session.import_templates(path, lambda old, new: "both") == \
        ["Added Thorns as Thorns (2), beside the one already there."]
    session.save_template(lib.replace(coedwig, hp="5"))
    assert session.import_templates(path, lambda old, new: "replace") == ["Replaced Thorns."]
    found = {t.name: t for t in session.library()}
    assert found["Thorns"].id == coedwig.id and found["Thorns"].hp == "2d6+2"
    assert "Thorns (2)" in found


def test_an_import_with_another_games_template_saves_nothing(session, tmp_path):
    session.library()
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(lib.library_json([
        read_template("stonetop", {"name": "Zed", "hp": "4"}),
        read_template("lux_aeterna", {"name": "Ice wraith", "hp": "4"})])))
    with pytest.raises(UserError) as err:
        session.import_templates(path, lambda old, new: "both")
    assert err.value.message == ("Cannot import: Ice wraith is a Lux Aeterna template; this "
                                 "campaign plays Stonetop.")
    assert [t.name for t in session.library()] == ["Birdwraig", "Coedwig", "Hagr"]


def test_a_bad_library_file_saves_nothing(session, tmp_path):
    session.library()
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "harmdesk-library", "version": 1, "templates": [
        {"system": "stonetop", "name": "Zed"},
        {"system": "stonetop", "name": "Odd", "sheet": {"armor": 10**9}}]}))
    with pytest.raises(UserError, match=r"templates\[1\]: `sheet.armor` must be a whole "
                                        r"number from 0 to 99"):
        session.import_templates(path, lambda old, new: "both")
    assert "Zed" not in [t.name for t in session.library()]


def test_keeping_both_of_a_name_at_its_longest_still_imports(session, tmp_path):
    longest = "L" * 197
    saved(session, {"name": longest, "hp": "3"})
    path = tmp_path / "long.json"
    path.write_text(json.dumps(lib.library_json([read_template("stonetop",
                                                               {"name": longest, "hp": "4"})])))
    lines = session.import_templates(path, lambda old, new: "both")
    assert len(lines) == 1 and lines[0].startswith("Added ")
    assert len([t for t in session.library() if t.name.startswith("LLL")]) == 2
