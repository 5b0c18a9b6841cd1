"""A play session's "Story so far" (schema 6): kept with the session, through an upgrade."""

import shutil

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store, db
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures"


def test_a_story_is_kept_with_its_play_session_and_read_back_after_a_restart(tmp_path):
    store = Store.open(tmp_path)
    camp = Campaign.create(store, "Night", "stonetop", {}, [{"id": "heavy", "max_hp": 20}])
    first = store.start_play_session(camp.info.id, "First")
    assert first["story"] == ""
    store.start_play_session(camp.info.id, "Second")
    kept = store.set_story(camp.info.id, 1, "The hagr came out of the <wood>.")
    assert (kept["number"], kept["story"]) == (1, "The hagr came out of the <wood>.")
    store.close()
    store = Store.open(tmp_path)
    try:
        stories = [(s["number"], s["story"]) for s in store.play_sessions(camp.info.id)]
        assert stories == [(1, "The hagr came out of the <wood>."), (2, "")]
        with pytest.raises(KeyError):
            store.set_story(camp.info.id, 3, "No such night")
    finally:
        store.close()


def test_a_v5_file_gains_an_empty_story_for_each_play_session(tmp_path):
    shutil.copy(FIXTURES / "harmdesk-v5.sqlite", tmp_path / db.DB_NAME)
    store = Store.open(tmp_path)
    try:
        camp = Campaign.open(store, "Fixture")
        assert [s["story"] for s in store.play_sessions(camp.info.id)] == [""]
        store.set_story(camp.info.id, 1, "Into the wood")
        assert store.play_sessions(camp.info.id)[0]["story"] == "Into the wood"
    finally:
        store.close()


def test_the_v6_fixture_holds_its_story(tmp_path):
    shutil.copy(FIXTURES / "harmdesk-v6.sqlite", tmp_path / db.DB_NAME)
    store = Store.open(tmp_path)
    try:
        camp = Campaign.open(store, "Fixture")
        assert store.play_sessions(camp.info.id)[0]["story"] == \
            "The Heavy went into the wood alone."
    finally:
        store.close()
    assert not list((tmp_path / "backups").glob("*before-v*.sqlite"))  # opened as it is
