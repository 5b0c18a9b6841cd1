"""The recap's scopes (`report.recap_source`): an encounter found through the index of the
rows that changed the settings, the whole campaign walked forward a chunk at a time, and a
play session's "Story so far"."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from harmdesk.desk.campaign import Campaign
from harmdesk.report import recap_source
from harmdesk.report.data import ReportError
from harmdesk.report.recap import recap_json, recap_markdown
from harmdesk.report.recap_source import encounter_spans, recap_statistics
from harmdesk.report.stats import counted, statistics
from harmdesk.store import Store, steps
from tests.report.test_stats import NIGHT

FIGHT = [{"type": "damage", "target": "heavy", "amount": 3, "source": "hagr"},   # outside: 1
         {"type": "start_encounter", "order": ["heavy", "hagr"]},
         {"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"},   # first: 7
         {"type": "next_round"},                                                 # round 2
         {"type": "damage", "target": "hagr", "amount": 6, "source": "heavy"},   # first: 4
         {"type": "end_encounter"},
         {"type": "damage", "target": "heavy", "amount": 4, "source": "coedwig"},  # outside: 2
         {"type": "start_encounter", "order": ["heavy", "coedwig"]},
         {"type": "damage", "target": "coedwig", "amount": 2, "source": "heavy"}]  # second: 2


def campaign(tmp_path, actions, chars=NIGHT, refused_too=False):
    """`actions` applied; `refused_too`: a random night, where the rules may refuse some
    (a fallen attacker deals no damage)."""
    store = Store.open(tmp_path)
    camp = Campaign.create(store, "Night", "stonetop", {}, chars)
    for action in actions:
        assert camp.apply(action).ok or refused_too, action
    return store, camp


def test_encounters_are_found_from_the_rows_that_changed_the_settings(tmp_path):
    store, camp = campaign(tmp_path, FIGHT)
    try:
        changes = store.settings_changes(camp.info.id)
        seqs = [e.seq for e in store.log(camp.info.id)]
        assert [seq for seq, _ in changes] == [seqs[i] for i in (1, 3, 5, 7)]
        assert encounter_spans(changes, {}) == [(seqs[1], seqs[5]), (seqs[7], None)]
    finally:
        store.close()


def test_an_encounter_counts_its_own_hits_and_rounds_only(tmp_path):
    store, _ = campaign(tmp_path, FIGHT)
    try:
        first, scope = recap_statistics(store, "Night", encounter=1)
        assert scope.title == "Encounter 1"
        assert first.tallies["heavy"].total_taken == 7 and first.tallies["heavy"].total_dealt == 4
        assert first.rounds == 2
        second, _ = recap_statistics(store, "Night", encounter=2)
        assert second.tallies["heavy"].total_dealt == 2
        assert second.tallies["heavy"].total_taken == 0   # the coedwig's hit came before it
        assert "hagr" not in second.tallies or not second.tallies["hagr"].entries
    finally:
        store.close()


def test_an_encounter_reads_its_own_rows_and_not_the_log_before_it(tmp_path, monkeypatch):
    before = [{"type": "damage", "target": "birdwraig", "amount": 1}] * 40
    store, _ = campaign(tmp_path, before + FIGHT)
    read = []
    real = steps.summary_entry
    monkeypatch.setattr(steps, "summary_entry", lambda row: read.append(row[1]) or real(row))
    try:
        stats, _ = recap_statistics(store, "Night", encounter=2)
        assert stats.tallies["heavy"].total_dealt == 2
        assert len(read) == 2   # its start and the one hit after it
    finally:
        store.close()


def test_there_is_no_third_encounter(tmp_path):
    store, _ = campaign(tmp_path, FIGHT)
    try:
        with pytest.raises(ReportError, match="'Night' has 2 encounters; there is no "
                                              "encounter 3"):
            recap_statistics(store, "Night", encounter=3)
    finally:
        store.close()


def hits(rng: random.Random, count: int) -> list[dict]:
    ids = [c["id"] for c in NIGHT]
    out = []
    for _ in range(count):
        target, source = rng.choice(ids), rng.choice([*ids, None])
        kind = rng.random()
        if kind < 0.7:
            action = {"type": "damage", "target": target, "amount": rng.randint(0, 12)}
            if source:
                action["source"] = source
        elif kind < 0.9:
            action = {"type": "heal", "target": target, "amount": rng.randint(1, 6)}
        else:
            action = {"type": "edit_character", "target": target,
                      "changes": {"players_see": rng.choice(["full", "words", "hidden"])}}
        out.append(action)
    return out


def figures(stats):
    return {t.key: (t.name, t.total_dealt, t.total_taken, t.total_given, t.total_received,
                    [d.words for d in t.downs],
                    t.biggest_dealt and t.biggest_dealt.amount,
                    t.biggest_taken and t.biggest_taken.amount,
                    t.closest and (t.closest.words, t.closest.entry), sorted(t.entries))
            for t in stats.tallies.values()}


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), audience=st.sampled_from(["gm", "players"]),
       chunk=st.integers(1, 7))
def test_the_campaign_walked_forward_in_chunks_equals_the_log_read_whole(
        tmp_path_factory, monkeypatch, seed, audience, chunk):
    """The whole campaign is read without the states before each row, a chunk at a time:
    the figures are those of every row read whole with its states."""
    monkeypatch.setattr(recap_source, "CHUNK", chunk)
    store, camp = campaign(tmp_path_factory.mktemp("c"), hits(random.Random(seed), 30),
                           refused_too=True)
    try:
        forward, _ = recap_statistics(store, "Night", everything=True, audience=audience)
        whole = statistics("stonetop", counted(store.log(camp.info.id)), initial_desk(store),
                           audience)
        assert figures(forward) == figures(whole)
    finally:
        store.close()


def initial_desk(store):
    from harmdesk import rules
    info = store.campaign("Night")
    return dict(rules.new_state(info.system, info.initial.get("settings"),
                                info.initial.get("characters", []))["characters"])


def test_the_campaign_reports_its_progress_as_it_reads(tmp_path, monkeypatch):
    monkeypatch.setattr(recap_source, "CHUNK", 4)
    store, _ = campaign(tmp_path, [{"type": "damage", "target": "birdwraig", "amount": 1}] * 20)
    heard = []
    try:
        recap_statistics(store, "Night", everything=True, progress=heard.append)
    finally:
        store.close()
    assert heard == [18, 36, 54, 72, 90]  # every 4 rows of 20, up to 90 (the rest: writing)


def test_a_play_session_recap_opens_with_its_story_in_each_format(tmp_path):
    store, camp = campaign(tmp_path, [])
    try:
        camp.start_play_session("First")
        camp.apply({"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"})
        store.set_story(camp.info.id, 1, "The hagr came out of the wood.")
        stats, scope = recap_statistics(store, "Night")
        assert scope.story == "The hagr came out of the wood."
        text = recap_markdown(stats, "Night", scope)
        assert text.index("## Story so far") < text.index("The hagr came out of the wood.") \
            < text.index("## Who hurt whom")
        assert recap_json(stats, "Night", scope)["story"] == "The hagr came out of the wood."
        whole, scope = recap_statistics(store, "Night", everything=True)
        assert scope.story == "" and "Story so far" not in recap_markdown(whole, "Night", scope)
    finally:
        store.close()
