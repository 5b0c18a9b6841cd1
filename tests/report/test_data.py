"""The summary's data layer: totals, changes of fate, highlights, sessions. No Qt here."""

import json
import subprocess
import sys

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.report.data import ReportError, build_report
from harmdesk.report.source import choose, from_store, parse_sessions
from tests.conftest import ROOT
from tests.report.kit import SESSION, play, row, summarize

STONETOP = [
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2},
    {"id": "vahid", "name": "Vahid", "kind": "pc", "max_hp": 16},
    {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 6, "armor": 2},
]
STONETOP_NIGHT = [
    {"type": "damage", "target": "heavy", "amount": 9, "piercing": 1},      # 8 past armor
    {"type": "lose_hp", "target": "vahid", "amount": 3},                     # 16 -> 13
    {"type": "damage", "target": "vahid", "amount": 20},                     # 13 lost, dying
    {"type": "deaths_door", "target": "vahid", "roll": 8},                   # 7-9
    {"type": "heal", "target": "vahid", "amount": 5},
    {"type": "mark_debility", "target": "heavy", "debility": "weakened"},
    {"type": "mark_debility", "target": "heavy", "debility": "dazed"},
    {"type": "clear_debility", "target": "heavy", "debility": "dazed"},
    {"type": "add_wound", "target": "heavy", "text": "<b>broken</b> arm"},
    {"type": "recover", "target": "heavy"},                                  # 4 + Prosperity 1
    {"type": "damage", "target": "hagr", "amount": 12},                      # dead at 0
]


def test_the_data_layer_imports_without_qt():
    code = ("import sys, json\nimport harmdesk.report.data, harmdesk.report.source, "
            "harmdesk.report.facts\nprint(json.dumps(sorted(sys.modules)))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    loaded = json.loads(out.stdout)
    assert "harmdesk.report.data" in loaded
    assert [m for m in loaded if m.split(".")[0] in ("PySide6", "shiboken6")] == []


def test_stonetop_totals_count_hp_lost_after_armor_and_piercing():
    report = summarize("stonetop", STONETOP, STONETOP_NIGHT, {"prosperity": 1})
    heavy, vahid = row(report, "heavy"), row(report, "vahid")
    # 9 damage, armor 2 - 1 piercing: 8 lost, not the 9 rolled nor the 7 armor alone leaves
    assert (heavy.start, heavy.taken, heavy.healed, heavy.end) == (20, 8, 5, 17)
    # 3 lost, then 13 of a 20-point hit (HP stops at 0); then healed 5
    assert (vahid.start, vahid.taken, vahid.healed, vahid.end) == (16, 16, 5, 5)
    # a hit is damage dealt: Vahid's lost 3 HP is an HP loss, counted apart
    assert (vahid.hits, vahid.losses, heavy.hits, heavy.losses) == (1, 1, 1, 0)


def test_stonetop_debilities_and_wounds_gained_and_cleared():
    heavy = row(summarize("stonetop", STONETOP, STONETOP_NIGHT, {"prosperity": 1}), "heavy")
    assert heavy.gained == ["weakened", "dazed", "wound: <b>broken</b> arm"]
    assert heavy.cleared == ["dazed"]


def test_stonetop_deaths_door_and_deaths():
    report = summarize("stonetop", STONETOP, STONETOP_NIGHT, {"prosperity": 1})
    vahid, hagr = row(report, "vahid"), row(report, "hagr")
    assert vahid.deaths_door == [(8, "7-9")]
    assert vahid.fates == ["0 HP: Dying — Death's Door",
                           "Death's Door 8 (7–9): out of the action"]
    assert not vahid.died and hagr.died
    deaths = [h for h in report.highlights if h.title == "Death"]
    assert [h.text for h in deaths] == ["Hagr"]
    assert "drops to 0 HP from a lethal source" in deaths[0].detail


def test_stonetop_highlights_pick_the_biggest_hit_after_armor_and_the_closest_call():
    report = summarize("stonetop", STONETOP, STONETOP_NIGHT, {"prosperity": 1})
    by_title = {h.title: h for h in report.highlights}
    # Vahid's 20-point hit took 13 HP; the Hagr lost only 6 of its 12 (max HP 6)
    assert by_title["Biggest hit"].text == "Vahid lost 13 HP"
    assert by_title["Biggest hit"].event == 3
    # Vahid went to Death's Door; the dead Hagr is no close call
    assert by_title["Closest call"].text == "Vahid fell to 0 of 16 HP at Death's Door"


def test_series_follow_every_change_of_hp_by_event_number():
    report = summarize("stonetop", STONETOP, STONETOP_NIGHT, {"prosperity": 1})
    heavy = next(s for s in report.series if s.cid == "heavy")
    assert heavy.points[0] == (0, 20)
    assert heavy.points[1] == (1, 12)
    assert heavy.points[-1][1] == 17
    assert heavy.last == report.events and heavy.low == 0 and heavy.high == 20
    assert [line.number for line in report.log] == list(range(1, report.events + 1))


LUX = [
    {"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 20, "save_score": 2},
    {"id": "roche", "name": "Roche", "kind": "pc", "max_hp": 14},
    {"id": "wraith", "name": "Ice wraith", "kind": "monster", "max_hp": 40},
]
LUX_NIGHT = [
    {"type": "grant_endurance", "target": "sara", "amount": 5},
    {"type": "damage", "target": "sara", "amount": 7},                        # 5 absorbed
    {"type": "damage", "target": "roche", "amount": 16, "trauma_roll": 7},    # Cracked Skull
    {"type": "add_condition", "target": "sara", "name": "dazed", "origin_level": 3},
    {"type": "remove_condition", "target": "sara", "name": "dazed"},
    {"type": "heal", "target": "roche", "amount": 4},
    {"type": "damage", "target": "sara", "amount": 30, "trauma_roll": 1},     # Death
]


def test_lux_aeterna_endurance_conditions_traumas_and_death():
    report = summarize("lux_aeterna", LUX, LUX_NIGHT)
    sara, roche = row(report, "sara"), row(report, "roche")
    assert (sara.start, sara.taken) == (20, 2 + 30)
    assert sara.gained == ["dazed"] and sara.cleared == ["dazed"]
    assert sara.traumas == ["1 Death"] and sara.died
    assert (roche.start, roche.taken, roche.healed, roche.end) == (14, 16, 4, 2)
    assert roche.traumas == ["7 Cracked Skull"]
    assert roche.gained == ["staggered (Trauma)"]
    assert roche.fates == ["unconscious at −2 HP", "Wounded", "Stabilized", "conscious again",
                           "no longer Wounded"]
    titles = {h.title: h.text for h in report.highlights}
    assert titles["Death"] == "Sara"
    assert titles["Closest call"] == "Roche dropped to −2 of 14 HP"
    roche_line = next(s for s in report.series if s.cid == "roche")
    assert roche_line.low == -2


FREEDOM = [
    {"id": "brute", "name": "Brann the Brute", "kind": "pc", "hp": 12, "might": 2,
     "block_bonus": 1},
    {"id": "gate", "name": "Barred gate", "kind": "object", "hp": 8, "block_bonus": 2},
]
FREEDOM_NIGHT = [
    {"type": "damage", "target": "brute", "amount": 3},                       # Blocked
    {"type": "damage", "target": "brute", "amount": 7},
    {"type": "grant_protection", "target": "brute", "points": 4, "source": "ward"},
    {"type": "damage", "target": "brute", "amount": 6},                       # 4 to the ward
    {"type": "damage", "target": "brute", "amount": 5, "direct": True},       # Wounded
    {"type": "heal", "target": "brute", "amount": 4},
    {"type": "damage", "target": "gate", "amount": 20},
]


def test_freedom_fantasies_damage_after_block_and_protection():
    report = summarize("freedom_fantasies", FREEDOM, FREEDOM_NIGHT)
    brute, gate = row(report, "brute"), row(report, "gate")
    # 3 is Blocked, 7 in full, 6 less 4 Protection, 5 Direct
    assert (brute.start, brute.taken, brute.healed, brute.end) == (0, 0 + 7 + 2 + 5, 4, 10)
    assert brute.hits == 4
    assert brute.fates == ["Wounded", "no longer Wounded"]
    assert gate.fates == ["Broken", "Destroyed"] and gate.died
    brute_line = next(s for s in report.series if s.cid == "brute")
    assert brute_line.marks == ((12, "Wounded"), (24, "Story ends"))
    assert brute_line.measure == "Damage" and brute_line.high > 24
    titles = {h.title: h.text for h in report.highlights}
    assert titles["Biggest hit"] == "Barred gate took 20 Damage"
    assert titles["Closest call"].startswith("Brann the Brute reached Damage 14 against HP 12")
    assert "Death" not in titles and titles["Destroyed"] == "Barred gate"


def test_header_names_the_game_the_session_its_date_and_duration():
    report = summarize("stonetop", STONETOP, STONETOP_NIGHT[:1])
    h = report.header
    assert (h.system_title, h.scope) == ("Stonetop", "Session 1: The barrow")
    assert h.duration == "3 h 30 min"
    assert "2026" in h.date and "November" in h.date


def test_a_character_who_joins_mid_session():
    actions = [{"type": "add_character",
                "character": {"id": "afon", "name": "Afon", "kind": "follower", "max_hp": 8}},
               {"type": "damage", "target": "afon", "amount": 3}]
    report = summarize("stonetop", STONETOP, actions)
    afon = row(report, "afon")
    assert not afon.present_at_start and (afon.start, afon.taken, afon.end) == (8, 3, 5)
    assert next(s for s in report.series if s.cid == "afon").points == ((1, 8), (2, 5))


def test_choosing_sessions():
    sessions = [{"id": 7, "number": 1}, {"id": 9, "number": 2}, {"id": 11, "number": 3}]
    assert choose("C", sessions, None, False) == ([sessions[-1]], False)
    assert choose("C", sessions, [1, 2], False) == (sessions[:2], False)
    assert choose("C", sessions, None, True) == (sessions, True)
    assert choose("C", [], None, False) == ([], True)  # no session at all: the whole log
    with pytest.raises(ReportError, match="'C' has no session 5; its sessions are 1–3"):
        choose("C", sessions, [5], False)
    with pytest.raises(ReportError, match="no play session yet"):
        choose("C", [], [1], False)
    assert parse_sessions("2") == [2] and parse_sessions("2-4") == [2, 3, 4]
    with pytest.raises(ReportError):
        parse_sessions("4-2")


def test_from_the_store_undone_actions_and_actions_outside_sessions(store):
    campaign = Campaign.create(store, "Night", "stonetop", {}, STONETOP)
    campaign.apply({"type": "damage", "target": "heavy", "amount": 4})     # before any session
    campaign.start_play_session("The barrow")
    campaign.apply({"type": "damage", "target": "vahid", "amount": 2})
    campaign.apply({"type": "damage", "target": "vahid", "amount": 5})
    campaign.undo()                                                        # left out
    latest = from_store(store, "Night")
    texts = " ".join(line.text for line in latest.log)
    assert "16 → 14 HP" in texts and "14 → 9 HP" not in texts
    assert "The Heavy" not in texts and latest.header.scope == "Session 1: The barrow"
    assert row(latest, "vahid").end == 14
    # nothing happened to the Heavy tonight: one line, as he stands after 4 - armor 2
    assert [(u.cid, u.measure) for u in latest.untouched] == [("heavy", "18/20 HP"),
                                                             ("hagr", "6/6 HP")]
    assert "heavy" not in {r.cid for r in latest.rows}
    assert "heavy" not in {s.cid for s in latest.series}
    everything = from_store(store, "Night", everything=True)
    assert [line.group for line in everything.log] == ["Outside play sessions",
                                                       "Session 1: The barrow"]
    assert everything.header.scope.startswith("The whole log")


def test_a_range_of_sessions_with_actions_between_them(store):
    campaign = Campaign.create(store, "Night", "stonetop", {}, STONETOP)
    campaign.start_play_session()
    campaign.apply({"type": "damage", "target": "vahid", "amount": 2})
    campaign.end_play_session()
    campaign.apply({"type": "heal", "target": "vahid", "amount": 1})       # between sessions
    campaign.start_play_session()
    campaign.apply({"type": "damage", "target": "vahid", "amount": 3})
    report = from_store(store, "Night", [1, 2])
    vahid = row(report, "vahid")
    assert (vahid.start, vahid.taken, vahid.healed, vahid.end) == (16, 5, 0, 12)
    assert report.header.scope == "Sessions 1–2" and report.events == 2
    assert campaign.state["characters"]["vahid"]["hp"] == vahid.end


def test_an_empty_session_is_an_empty_report(store):
    campaign = Campaign.create(store, "Night", "stonetop", {}, STONETOP)
    campaign.start_play_session("Quiet")
    campaign.apply({"type": "damage", "target": "vahid", "amount": 2})
    campaign.start_play_session("Nothing at all")
    report = from_store(store, "Night")
    assert report.empty and report.events == 0 and report.rows == ()
    assert report.header.scope == "Session 2: Nothing at all"


def test_every_event_is_listed_in_order_with_its_explanation():
    initial, entries = play("stonetop", STONETOP, STONETOP_NIGHT, {"prosperity": 1})
    report = build_report("C", "stonetop", initial, [SESSION], entries, [SESSION])
    expected = [e["text"] for entry in entries for e in entry.events]
    assert [line.text for line in report.log] == expected
    assert "armor 2 − 1 piercing = 1; 9 − 1 = 8 HP lost; 20 → 12 HP" in report.log[0].text
