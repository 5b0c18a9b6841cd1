"""The clock through the campaign, the store and the doors above the rules: each clock
action is one logged step with the settings before and after, undone and redone with
them (also after a reopen); the players' cards mark whose turn it is; Never Gonna Keep
Me Down takes tonight's play session; an export replays with the clock's steps."""

import json
import subprocess
import sys

import pytest

from harmdesk.desk import players
from harmdesk.desk.campaign import Campaign, import_campaign
from harmdesk.desk.service import Service
from tests.conftest import ROOT

LUX = [{"id": "karis", "name": "Karis", "max_hp": 12,
        "conditions": [{"name": "frozen", "origin_level": 8}]},
       {"id": "sara", "name": "Sara", "max_hp": 20, "endurance": 5,
        "conditions": [{"name": "ongoing_damage", "origin_level": 2, "amount": 3}]}]


@pytest.fixture
def lux(store):
    return Campaign.create(store, "Clock", "lux_aeterna", {}, LUX)


def saved_encounter(store, name):
    """The encounter as the database holds it, read through a fresh Campaign."""
    return Campaign.open(store, name).state["settings"].get("encounter")


def test_each_clock_action_is_one_logged_step_with_its_settings(lux, store):
    lux.apply({"type": "start_encounter", "order": ["karis", "sara"]})
    lux.apply({"type": "next_turn", "condition": "frozen", "bumps": 5})
    entry = lux.store.log(lux.info.id)[-1]
    assert entry.action["type"] == "next_turn"
    assert entry.settings_before["encounter"]["turn"] == 0
    assert entry.settings_after["encounter"] == {"mode": "turns", "order": ["karis", "sara"],
                                                 "round": 1, "turn": 1, "acted": []}
    assert [e["text"] for e in entry.events] == [
        "Karis's turn ends: Save against frozen: 0 + 5 = 5 of 8 Bumps; still frozen, 3 more "
        "needed", "Round 1: Sara's turn begins",
        "Sara: Ongoing Damage 3 (ignores Endurance and negation); 3 HP lost; 20 → 17 HP "
        "(lethal)"]
    assert entry.after["sara"]["hp"] == 17 and entry.after["karis"]["saved_round"] == 1
    assert saved_encounter(store, "Clock")["turn"] == 1


def test_undo_and_redo_of_a_next_turn_restore_the_encounter_and_the_characters(lux, store):
    """LA-16: "Lose a set amount of HP at the start of your turn each round"; undoing the
    turn gives back the HP and the clock, redoing takes both again, also after a reopen."""
    lux.apply({"type": "start_encounter", "order": ["karis", "sara"]})
    lux.apply({"type": "next_turn"})
    assert lux.state["characters"]["sara"]["hp"] == 17
    lux.undo()
    assert lux.state["settings"]["encounter"]["turn"] == 0
    assert lux.state["characters"]["sara"]["hp"] == 20
    again = Campaign.open(store, "Clock")
    assert again.state["settings"]["encounter"]["turn"] == 0
    assert again.state["characters"]["sara"]["hp"] == 20
    again.redo()
    assert again.state["settings"]["encounter"]["turn"] == 1
    assert saved_encounter(store, "Clock")["turn"] == 1
    assert Campaign.open(store, "Clock").state["characters"]["sara"]["hp"] == 17


def test_undoing_the_end_of_an_encounter_brings_back_its_endurance_and_clock(lux, store):
    """LA-2: "When a Scene ends, all Endurance is lost"; undone, it is back."""
    lux.apply({"type": "start_encounter", "order": ["sara"]})
    lux.apply({"type": "end_encounter"})
    assert lux.state["settings"]["encounter"] is None
    assert lux.state["characters"]["sara"]["endurance"] == 0
    lux.undo()
    assert lux.state["settings"]["encounter"]["order"] == ["sara"]
    assert Campaign.open(store, "Clock").state["characters"]["sara"]["endurance"] == 5


def test_the_players_cards_mark_whose_turn_it_is_and_nobody_in_spotlight(lux, store):
    lux.apply({"type": "start_encounter", "order": ["sara", "karis"]})
    lux.apply({"type": "next_turn"})
    state = lux.state
    shown = players.cards("lux_aeterna", state["characters"],
                          encounter=state["settings"]["encounter"])
    assert [(c.id, c.turn) for c in shown] == [("karis", True), ("sara", False)]
    assert not any(c.turn for c in players.cards("lux_aeterna", state["characters"]))
    spot = Campaign.create(store, "Spot", "stonetop", {}, [{"id": "a", "max_hp": 6}])
    spot.apply({"type": "start_encounter", "order": ["a"]})
    assert not any(c.turn for c in players.cards(
        "stonetop", spot.state["characters"], encounter=spot.state["settings"]["encounter"]))


def test_the_session_reads_the_encounter(lux):
    session = Service.on(lux)
    assert session.encounter is None
    session.apply({"type": "start_encounter", "order": ["sara", "karis"]})
    assert session.encounter["order"] == ["sara", "karis"]


WREN = {"id": "wren", "name": "Wren", "max_hp": 14, "hp": 0, "death": "dying",
        "moves": ["never_gonna_keep_me_down"]}


def test_never_gonna_keep_me_down_takes_tonights_play_session(store):
    """ST-7: "an automatic 10+ once per session": the session's number goes on the action."""
    session = Service.on(Campaign.create(store, "Wren", "stonetop", {}, [WREN]))
    refused = session.apply({"type": "deaths_door", "target": "wren", "automatic": True})
    assert not refused.ok and "start a play session first" in refused.outcome.error
    assert session.state["characters"]["wren"]["death"] == "dying"
    number = session.start_play_session("Night one")["number"]
    session.apply({"type": "deaths_door", "target": "wren", "automatic": True})
    logged = session.log()[-1].action
    assert logged["session"] == number
    assert session.state["characters"]["wren"]["keep_me_down_session"] == number
    session.apply({"type": "set_death", "target": "wren", "death": "dying"})
    again = session.complete({"type": "deaths_door", "target": "wren", "automatic": True},
                             None)
    assert again.outcome is None  # refused by the rules: once per session
    refused = session.apply(again)
    assert "already used Never Gonna Keep Me Down this session" in refused.outcome.error
    session.start_play_session("Night two")
    session.apply({"type": "deaths_door", "target": "wren", "automatic": True})
    assert session.state["characters"]["wren"]["death"] == "none"


def test_an_export_with_the_clocks_steps_imports_and_replays_unchanged(lux, store, tmp_path):
    lux.apply({"type": "start_encounter", "order": ["karis", "sara"]})
    lux.apply({"type": "next_turn", "condition": "frozen", "bumps": 5})
    lux.apply({"type": "next_turn"})
    lux.apply({"type": "end_encounter"})
    exported = lux.export()
    copy = import_campaign(store, exported, "Copy")
    assert copy.state["characters"] == lux.state["characters"]
    assert copy.state["settings"] == lux.state["settings"]
    path = tmp_path / "clock.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "harmdesk", "replay", str(path)], cwd=ROOT,
                         capture_output=True, text=True, encoding="utf-8")
    assert run.returncode == 0, run.stderr
    results = json.loads(run.stdout)["results"]
    assert all(r["ok"] for r in results)
    assert [r.get("encounter", "-") for r in results][1:] == [
        {"mode": "turns", "order": ["karis", "sara"], "round": 1, "turn": 1, "acted": []},
        {"mode": "turns", "order": ["karis", "sara"], "round": 2, "turn": 0, "acted": []},
        None]
    assert results[1]["state"]["karis"]["conditions"][0]["bumps"] == 5


def test_a_campaign_saved_before_the_clock_and_the_day_opens_with_their_defaults(store):
    """LA-8 and the clock: settings a campaign kept before they existed read as their
    defaults once it opens, in its state and after an undo of an older step."""
    import sqlite3
    campaign = Campaign.create(store, "Old", "lux_aeterna", {}, LUX)
    assert campaign.apply({"type": "change_settings",
                           "settings": {"halve_rounding": "up"}}).outcome.ok
    old = {k: v for k, v in campaign.state["settings"].items()
           if k not in ("day", "encounter")}
    with sqlite3.connect(store.path) as db:  # as an older HarmDesk left the file
        db.execute("UPDATE campaign SET settings = ?", (json.dumps(old),))
        db.execute("UPDATE LOG SET settings_before = ?",
                   (json.dumps({**old, "halve_rounding": "down"}),))
    db.close()
    reopened = Campaign.open(store, "Old")
    assert (reopened.state["settings"]["day"], reopened.state["settings"]["encounter"]) == \
        (1, None)
    assert reopened.apply({"type": "new_day"}).outcome.ok
    reopened.undo()
    reopened.undo()
    settings = reopened.state["settings"]
    assert (settings["day"], settings["halve_rounding"], settings["encounter"]) == \
        (1, "down", None)
