"""Backups while the GM plays: at the start and the end of each play session and after every
hour of play, besides the day's; a bounded number of each kind kept, each named by what it
holds. The time is given (`now`), never read from the clock here."""

import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta

from harmdesk.desk.service import Service
from harmdesk.store import backups, db

EVENING = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
HIT = {"type": "damage", "target": "heavy", "amount": 5}  # 3 through armor 2


def made(store) -> list[dict]:
    """The backups as `backups list` shows them, oldest first."""
    return backups.listing(store.path)[::-1]


def heavy_hp_in(path) -> int:
    with closing(sqlite3.connect(path)) as con:
        import json
        return json.loads(con.execute("SELECT state FROM character WHERE cid = 'heavy'")
                          .fetchone()[0])["hp"]


def test_a_play_session_is_backed_up_at_its_start_and_its_end(store, campaign):
    session = Service.on(campaign)
    session.start_play_session("The hagr")
    assert session.back_up_play("start", 1, EVENING) == []
    session.apply(HIT)
    session.end_play_session()
    assert session.back_up_play("end", 1, EVENING + timedelta(hours=3)) == []
    start, end = made(store)
    assert start["file"].endswith("-session-1-start.sqlite")
    assert start["label"] == "Start of play session 1 of “Test”"
    assert end["file"].endswith("-session-1-end.sqlite")
    assert end["label"] == "End of play session 1 of “Test”"
    assert (start["time"], end["time"]) == ("2026-12-01T19:00:00+00:00",
                                            "2026-12-01T22:00:00+00:00")
    # each holds the desk of its moment
    assert heavy_hp_in(start["path"]) == 20 and heavy_hp_in(end["path"]) == 17


def test_an_hour_of_play_with_changes_is_backed_up_once(store, campaign):
    session = Service.on(campaign)
    # the hours count from the session's start, as the store logged it
    evening = datetime.fromisoformat(session.start_play_session()["started"])
    session.back_up_play("start", 1, evening)
    assert not session.hour_backup_due(evening + timedelta(hours=2))  # nothing changed yet
    session.apply(HIT)
    assert not session.hour_backup_due(evening + timedelta(minutes=59))
    assert session.hour_backup_due(evening + timedelta(minutes=60))
    session.back_up_play("hour", None, evening + timedelta(minutes=61))
    # the tally starts again: no backup for an unchanged desk, however long it waits
    assert not session.hour_backup_due(evening + timedelta(hours=5))
    session.apply(HIT)
    assert not session.hour_backup_due(evening + timedelta(minutes=120))
    assert session.hour_backup_due(evening + timedelta(minutes=121))
    session.back_up_play("hour", None, evening + timedelta(minutes=125))
    hours = [b for b in made(store) if "hour" in b["reason"]]
    assert [b["file"][-len("session-1-hour-1.sqlite"):] for b in hours] == [
        "session-1-hour-1.sqlite", "session-1-hour-2.sqlite"]
    assert [b["label"] for b in hours] == ["1 hour into play session 1 of “Test”",
                                           "2 hours into play session 1 of “Test”"]
    assert heavy_hp_in(hours[0]["path"]) == 17 and heavy_hp_in(hours[1]["path"]) == 14


def test_play_outside_a_session_is_backed_up_too(store, campaign):
    session = Service.on(campaign)
    db.backup(store.path, "daily", now=EVENING)
    session.apply(HIT)
    assert session.hour_backup_due(EVENING + timedelta(hours=1))
    session.back_up_play("hour", None, EVENING + timedelta(hours=1))
    [_daily, hour] = made(store)
    assert hour["reason"] == "hourly" and hour["label"] == "An hour of play on “Test”"


def test_each_kind_keeps_a_bounded_number_and_play_never_pushes_out_the_others(store,
                                                                              campaign):
    session = Service.on(campaign)
    db.backup(store.path, "daily", now=EVENING)
    db.backup(store.path, "before-restore", now=EVENING)
    for hour in range(1, 41):  # a long campaign's evenings of play
        session.apply(HIT if hour % 2 else {"type": "heal", "target": "heavy", "amount": 3})
        session.back_up_play("hour", None, EVENING + timedelta(hours=hour))
    kept = made(store)
    play = [b for b in kept if backups.kind_of(b["reason"]) == "play"]
    assert len(play) == backups.KEEP["play"]
    assert play[-1]["time"] == (EVENING + timedelta(hours=40)).isoformat()  # the newest kept
    assert {b["reason"] for b in kept} == {"daily", "before-restore", "hourly"}
    files = sorted(p.name for p in (store.path.parent / "backups").glob("*.sqlite"))
    assert files == sorted(b["file"] for b in kept)


def test_a_failed_play_backup_is_a_note_and_the_desk_goes_on(store, campaign, monkeypatch):
    session = Service.on(campaign)
    session.start_play_session()

    def full(*_args, **_kwargs):
        raise db.DiskFull("The disk is full.")

    monkeypatch.setattr(db, "backup", full)
    notes = session.back_up_play("start", 1, EVENING)
    assert len(notes) == 1 and "Start of play session 1" in notes[0] and "full" in notes[0]
    assert session.apply(HIT).ok
