"""The controller and the store: saved at once, undo and redo across restarts."""

import pytest

from harmdesk import rules
from harmdesk.desk.actions import ChangeKind
from harmdesk.desk.campaign import Campaign, import_campaign
from harmdesk.errors import UserError
from harmdesk.store import StoreError

from .conftest import PARTY, reopen

HIT = {"type": "damage", "target": "heavy", "amount": 5, "piercing": 1}


def test_an_applied_action_is_saved_at_once(store, campaign):
    change = campaign.apply(HIT)
    assert change.ok and change.changed == ("heavy",)
    store = reopen(store)
    again = Campaign.open(store, "Test")
    assert again.state["characters"]["heavy"]["hp"] == 16
    entry, = store.log(again.info.id)
    assert entry.action == HIT
    assert entry.before["heavy"]["hp"] == 20 and entry.after["heavy"]["hp"] == 16
    assert any("4" in e["text"] for e in entry.events)
    store.close()


def test_a_refused_action_saves_nothing(store, campaign):
    change = campaign.apply({"type": "recover", "target": "heavy"})
    assert not change.ok and "recover" in change.outcome.error.lower()
    assert store.log(campaign.info.id) == []
    assert campaign.history() == (0, 0)


def test_undo_and_redo_survive_a_restart(store, campaign):
    for amount in (3, 4, 5):
        campaign.apply({"type": "damage", "target": "heavy", "amount": amount})
    assert campaign.state["characters"]["heavy"]["hp"] == 20 - 1 - 2 - 3
    store = reopen(store)
    campaign = Campaign.open(store, "Test")
    assert campaign.undo().kind is ChangeKind.UNDO
    assert campaign.state["characters"]["heavy"]["hp"] == 17
    store = reopen(store)
    campaign = Campaign.open(store, "Test")
    assert campaign.state["characters"]["heavy"]["hp"] == 17
    assert campaign.history() == (2, 1)
    assert campaign.redo().kind is ChangeKind.REDO
    store = reopen(store)
    assert Campaign.open(store, "Test").state["characters"]["heavy"]["hp"] == 14
    store.close()


def test_undoing_a_multi_target_action_undoes_every_target(store, campaign):
    campaign.apply({"type": "damage", "target": ["heavy", "caradoc", "hagr"], "amount": 6})
    hurt = {c: s["hp"] for c, s in campaign.state["characters"].items()}
    assert hurt == {"caradoc": 11, "heavy": 16, "hagr": 7}
    change = campaign.undo()
    assert set(change.changed) == {"heavy", "caradoc", "hagr"}
    assert {c: s["hp"] for c, s in campaign.state["characters"].items()} == \
        {"caradoc": 16, "heavy": 20, "hagr": 12}
    assert campaign.undo() is None


def test_a_new_action_after_undo_drops_the_redo_branch(store, campaign):
    campaign.apply({"type": "damage", "target": "heavy", "amount": 5})
    campaign.apply({"type": "damage", "target": "heavy", "amount": 6})
    campaign.undo()
    assert campaign.history() == (1, 1)
    campaign.apply({"type": "heal", "target": "heavy", "amount": 1})
    assert campaign.history() == (2, 0)
    assert campaign.redo() is None
    assert [e.action["type"] for e in store.log(campaign.info.id, include_undone=True)] == \
        ["damage", "heal"]


def test_desk_actions_undo_to_the_same_place(store, campaign):
    campaign.apply({"type": "remove_character", "target": "caradoc"})
    assert list(campaign.state["characters"]) == ["heavy", "hagr"]
    campaign.undo()
    assert list(campaign.state["characters"]) == ["caradoc", "heavy", "hagr"]
    store = reopen(store)
    assert list(Campaign.open(store, "Test").state["characters"]) == ["caradoc", "heavy", "hagr"]
    store.close()


def test_undo_all_then_redo_all_gives_identical_states(store, campaign):
    actions = [HIT, {"type": "mark_debility", "target": "caradoc", "debility": "dazed"},
               {"type": "damage", "target": "hagr", "dice": "d10+3", "rolls": [9]},
               {"type": "add_character", "character": {"id": "blodwen", "max_hp": 16}},
               {"type": "change_settings", "settings": {"prosperity": 3}},
               {"type": "heal", "target": ["heavy", "blodwen"], "amount": 2}]
    for action in actions:
        assert campaign.apply(action).ok
    final = campaign.state
    while campaign.undo():
        pass
    assert campaign.state["characters"] == rules.new_state("stonetop", {"prosperity": 1},
                                                           PARTY)["characters"]
    assert campaign.state["settings"]["prosperity"] == 1
    while campaign.redo():
        pass
    assert campaign.state == final
    store = reopen(store)
    assert Campaign.open(store, "Test").state == final
    store.close()


def test_export_then_import_gives_identical_states(store, campaign):
    campaign.apply(HIT)
    campaign.apply({"type": "change_settings", "settings": {"lacking": True}})
    campaign.apply({"type": "damage", "target": "caradoc", "amount": 4, "piercing": "x"})
    campaign.apply({"type": "heal", "target": "caradoc", "amount": 1})
    campaign.undo()  # undone steps are not part of the history that is exported
    exported = campaign.export()
    assert [a["type"] for a in exported["actions"]] == ["damage", "change_settings", "damage"]
    copy = import_campaign(store, exported, name="Copy")
    assert copy.state == campaign.state
    assert copy.history() == (3, 0)
    # the import's log undoes like the original's
    copy.undo()
    assert copy.state["characters"]["caradoc"]["hp"] == 16


@pytest.mark.parametrize("data, reason", [
    ({"system": "stonetop", "characters": [{"id": "a"}]}, "max_hp"),
    ({"system": "stonetop", "characters": PARTY,
      "actions": [{"type": "recover", "target": "heavy"}]}, "refused"),
    ({"system": "nope"}, "system"),
    ({"system": "stonetop", "__import__": "os"}, "unknown key"),
])
def test_a_bad_import_is_refused_and_changes_nothing(store, campaign, data, reason):
    before = store.campaigns()
    with pytest.raises(UserError, match=reason):
        import_campaign(store, data, name="Bad")
    assert store.campaigns() == before


def test_an_oversized_import_file_is_refused(store, tmp_path, monkeypatch):
    from harmdesk.desk import replay
    monkeypatch.setattr(replay, "MAX_BYTES", 100)
    path = tmp_path / "big.json"
    path.write_text('{"system": "stonetop", "characters": [], "name": "' + "x" * 200 + '"}')
    with pytest.raises(UserError, match="limit"):
        import_campaign(store, path)


def test_campaign_names_are_unique(store, campaign):
    with pytest.raises(StoreError, match="already"):
        Campaign.create(store, "Test", "stonetop")


def test_sessions_number_in_order_and_tag_the_log(store, campaign):
    first = campaign.start_play_session("The hagr")
    campaign.apply(HIT)
    second = campaign.start_play_session()
    campaign.apply(HIT)
    assert campaign.end_play_session("Good night")["notes"] == "Good night"
    campaign.apply(HIT)
    assert (first["number"], second["number"]) == (1, 2)
    sessions = store.play_sessions(campaign.info.id)
    assert sessions[0]["ended"] is not None and sessions[1]["ended"] is not None
    assert [e.session_id for e in store.log(campaign.info.id)] == \
        [first["id"], second["id"], None]
    assert Campaign.open(store, "Test").play_session is None
