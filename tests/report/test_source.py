"""A summary reads its play sessions from their first row on, never the log before them,
and says exactly what a replay of the whole log says."""

import random
import threading

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.report.data import build_report
from harmdesk.report.source import from_store
from harmdesk.store import steps
from tests.report.test_data import STONETOP

VAHID = next(c for c in STONETOP if c["id"] == "vahid")
AFON = {"id": "afon", "name": "Afon", "kind": "follower", "max_hp": 8}


def hits(rng: random.Random, ids: list[str], n: int) -> list[dict]:
    return [rng.choice([{"type": "damage", "target": rng.choice(ids), "amount": rng.randint(1, 7)},
                        {"type": "heal", "target": rng.choice(ids), "amount": rng.randint(1, 4)}])
            for _ in range(n)]


def long_campaign(store) -> Campaign:
    """Six play sessions with actions between them, a follower who joins and leaves, a
    PC who leaves and comes back, undone steps dropped and one left undone at the end."""
    campaign = Campaign.create(store, "Long", "stonetop", {}, STONETOP)
    rng = random.Random(11)
    ids = [c["id"] for c in STONETOP]
    for number in range(1, 7):
        campaign.start_play_session(f"Night {number}")
        for action in hits(rng, ids, 15):
            campaign.apply(action)
        if number == 2:
            campaign.apply({"type": "add_character", "character": AFON})
            campaign.apply({"type": "damage", "target": "afon", "amount": 3})
        if number == 3:
            campaign.apply({"type": "remove_character", "target": "vahid"})
            campaign.undo()
            campaign.undo()
            campaign.apply({"type": "remove_character", "target": "afon"})
        if number == 4:
            campaign.apply({"type": "remove_character", "target": "vahid"})
        if number == 5:
            campaign.apply({"type": "add_character",
                            "character": {**VAHID, "name": "Vahid, back"}})
        campaign.end_play_session("")
        campaign.apply({"type": "heal", "target": "heavy", "amount": 1})  # between nights
    campaign.undo()
    return campaign


def replayed(store, campaign: Campaign, chosen: list[dict], everything: bool = False):
    """The summary as it was made before: the whole applied log replayed from the start."""
    info = campaign.info
    return build_report(info.name, info.system, info.initial, store.play_sessions(info.id),
                        store.log(info.id), chosen, everything)


def in_any_order(report):
    return (report.header, sorted(report.rows, key=lambda r: r.cid),
            sorted(report.series, key=lambda s: s.cid), report.highlights, report.log,
            report.actions)


@pytest.fixture
def counted_rows(monkeypatch):
    read = []
    real = steps.summary_entry

    def entry(row):
        read.append(row[1])  # its seq
        return real(row)

    monkeypatch.setattr(steps, "summary_entry", entry)
    return read


def test_the_summary_reader_returns_what_the_full_log_holds_for_the_summary(store):
    campaign = long_campaign(store)
    cid = campaign.info.id
    full = store.log(cid)
    assert any(e.settings_after is not None or e.action for e in full)

    def read(entries):
        return [(e.seq, e.session_id, e.events, e.before, e.after, e.applied_at,
                 e.settings_before, e.settings_after) for e in entries]

    assert read(store.summary_log(cid)) == read(full)
    # the undone step left at the end is not in either
    assert store.history(cid)[1] == 1 and len(full) == len(store.log(cid, True)) - 1
    first = store.seq_span([store.play_sessions(cid)[3]["id"]])[0]
    assert read(store.summary_log(cid, since=first)) == read(store.log(cid, since=first))
    assert store.summary_log(cid, since=first)[0].seq == first


def test_each_session_and_a_range_give_what_a_replay_of_the_whole_log_gives(store):
    campaign = long_campaign(store)
    sessions = store.play_sessions(campaign.info.id)
    for numbers in ([1], [2], [3], [4], [5], [6], [2, 3, 4], None):
        chosen = [s for s in sessions if numbers is None or s["number"] in numbers]
        report = from_store(store, "Long", numbers, everything=numbers is None)
        replay = replayed(store, campaign, chosen, numbers is None)
        assert report.events > 0
        if numbers is None or min(numbers) >= 5:
            assert report == replay, numbers
            continue
        # before Vahid left and came back (night 5) he stood in his old place on the desk;
        # the desk now only knows his new one, so only the order of the rows may differ
        assert in_any_order(report) == in_any_order(replay), numbers
    # the joins and leaves really are in there
    night5 = from_store(store, "Long", [5])
    assert [r.cid for r in night5.rows if not r.present_at_start] == ["vahid"]
    assert "afon" not in {r.cid for r in night5.rows}


def test_the_latest_session_reads_only_its_own_rows_however_long_the_log(store, counted_rows):
    campaign = long_campaign(store)
    rng = random.Random(5)
    for action in hits(rng, [c["id"] for c in STONETOP], 300):  # a long history first
        campaign.apply(action)
    campaign.start_play_session("Tonight")
    saved = sum(campaign.apply(a).ok for a in hits(rng, [c["id"] for c in STONETOP], 12))
    tonight = store.play_sessions(campaign.info.id)[-1]
    counted_rows.clear()
    report = from_store(store, "Long")
    assert report.header.scope == "Session 7: Tonight" and report.actions == saved > 5
    assert len(counted_rows) == saved  # not the 400 or so before them
    assert report == replayed(store, campaign, [tonight])


def test_an_earlier_session_reads_nothing_before_its_first_row(store, counted_rows):
    campaign = long_campaign(store)
    first = store.seq_span([store.play_sessions(campaign.info.id)[3]["id"]])[0]
    counted_rows.clear()
    from_store(store, "Long", [4])
    assert counted_rows and min(counted_rows) == first


def test_an_earlier_session_reads_only_the_states_of_the_rows_after_it(store, counted_rows):
    campaign = long_campaign(store)
    sessions = store.play_sessions(campaign.info.id)
    first, last = store.seq_span([sessions[1]["id"], sessions[2]["id"]])
    assert first == store.seq_span([sessions[1]["id"]])[0]
    counted_rows.clear()
    report = from_store(store, "Long", [2, 3])
    # whole rows from the first of night 2 to the last of night 3, none of the rows after
    assert min(counted_rows) == first and max(counted_rows) == last
    assert len(store.states_before(campaign.info.id, after=last)) > 30
    assert in_any_order(report) == in_any_order(replayed(store, campaign, sessions[1:3]))


def test_a_step_saved_while_the_summary_reads_is_in_none_of_it(store, monkeypatch):
    """The window goes on while its summary is read off the GUI thread: a step saved
    between the reads of the log and of the desk must not put a newcomer on the desk
    the summary works back to."""
    campaign = long_campaign(store)
    alone = from_store(store, "Long", [5])
    read_states = store.states_before

    def saving_meanwhile(*args, **kwargs):
        rows = read_states(*args, **kwargs)
        other = threading.Thread(target=campaign.apply, args=(
            {"type": "add_character", "character": {**AFON, "id": "brin", "name": "Brin"}},))
        other.start()
        other.join()
        return rows

    monkeypatch.setattr(store, "states_before", saving_meanwhile)
    before = campaign.history()
    assert from_store(store, "Long", [5]) == alone
    assert campaign.history()[0] == before[0] + 1  # the step was saved meanwhile
