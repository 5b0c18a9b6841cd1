"""What the window offers a recap and the Statistics page (`desk.statistics`, through the
service): this play session, the newest encounters, the whole campaign; and the play
session's "Story so far", kept with it."""

from __future__ import annotations

import pytest

from harmdesk.desk import statistics
from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.errors import UserError
from harmdesk.store import Store

PARTY = [{"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2},
         {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 16, "armor": 2}]


@pytest.fixture
def service(tmp_path):
    store = Store.open(tmp_path)
    yield Service.on(Campaign.create(store, "Night", "stonetop", {}, PARTY))
    store.close()


def fight(service, hit: int) -> None:
    camp = service.campaign
    assert camp.apply({"type": "start_encounter", "order": ["heavy", "hagr"]}).ok
    assert camp.apply({"type": "damage", "target": "heavy", "amount": hit,
                       "source": "hagr"}).ok


def test_the_scopes_list_the_newest_encounter_first_and_say_which_runs(service):
    assert service.recap_scopes() == [("session", "This play session"),
                                      ("campaign", "The whole campaign")]
    fight(service, 4)
    assert service.campaign.apply({"type": "end_encounter"}).ok
    fight(service, 5)
    assert service.recap_scopes() == [
        ("session", "This play session"), ("encounter:2", "Encounter 2 (running)"),
        ("encounter:1", "Encounter 1"), ("campaign", "The whole campaign")]


def test_only_the_newest_encounters_are_offered(service, monkeypatch):
    monkeypatch.setattr(statistics, "ENCOUNTERS_LISTED", 2)
    for _ in range(3):
        fight(service, 3)
        assert service.campaign.apply({"type": "end_encounter"}).ok
    keys = [key for key, _ in service.recap_scopes()]
    assert keys == ["session", "encounter:3", "encounter:2", "campaign"]


def test_an_encounters_table_counts_that_encounter_alone(service):
    fight(service, 4)   # 4 − 2 armor: 2 lost
    assert service.campaign.apply({"type": "end_encounter"}).ok
    fight(service, 9)   # 7 lost
    first = service.statistics_job("encounter:1")(lambda _: None)
    assert (first.title, [(r.name, r.taken) for r in first.rows]) == \
        ("Encounter 1", [("The Heavy", 2), ("Hagr", 0)])
    second = service.statistics_job("encounter:2")(lambda _: None)
    assert [(r.name, r.taken) for r in second.rows] == [("The Heavy", 7), ("Hagr", 0)]


def test_the_story_is_kept_with_the_newest_play_session(service):
    assert service.story() is None
    with pytest.raises(UserError, match="Start a play session"):
        service.set_story("Too early")
    service.campaign.start_play_session("First")
    service.campaign.start_play_session("Second")
    assert service.story() == ""
    service.set_story("The hagr came out of the wood.")
    assert service.story() == "The hagr came out of the wood."
    stories = [s["story"] for s in service.store.play_sessions(service.campaign.info.id)]
    assert stories == ["", "The hagr came out of the wood."]


def test_a_recap_reports_its_end_to_the_progress_it_is_given(service):
    heard: list[int] = []
    fight(service, 4)
    text = service.recap_job("campaign", "gm", "md")(heard.append)
    assert "The Heavy" in text and heard[-1] == 100
