"""The session: the window's one door, tested without Qt."""

import pytest

from harmdesk import rules
from harmdesk.desk import chips
from harmdesk.desk.actions import Action, ChangeKind, RollNeed, TilePreview
from harmdesk.desk.campaign import Campaign
from harmdesk.desk.explain import gang_summary
from harmdesk.desk.service import Service
from harmdesk.errors import StoreError, UserError
from harmdesk.store import Store

PARTY = [
    {"id": "caradoc", "name": "Caradoc", "kind": "pc", "max_hp": 16, "armor": 1},
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2},
    {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 12, "armor": 1,
     "attack": {"dice": "d10+3"}},
]


@pytest.fixture
def session(store):
    return Service.on(Campaign.create(store, "Test", "stonetop", {"prosperity": 1}, PARTY))


@pytest.fixture
def rules_runs(monkeypatch):
    """How often the rules core applied an action, with what."""
    runs, real = [], rules.apply
    monkeypatch.setattr(rules, "apply", lambda state, action: (runs.append(action),
                                                               real(state, action))[1])
    return runs


def test_an_action_holds_its_targets_as_a_tuple_and_writes_the_rules_form():
    one = Action.of({"type": "damage", "target": "heavy", "amount": 3})
    many = Action.of({"type": "heal", "target": ["heavy", "caradoc"], "amount": 1})
    assert one.targets == ("heavy",) and many.targets == ("heavy", "caradoc")
    assert one.to_dict() == {"type": "damage", "target": "heavy", "amount": 3}
    assert many.to_dict()["target"] == ["heavy", "caradoc"]
    assert Action.of({"type": "end_scene"}).to_dict() == {"type": "end_scene"}
    assert one.on(["caradoc", "heavy"]).to_dict()["target"] == ["caradoc", "heavy"]


def test_a_drop_runs_the_rules_once(session, rules_runs):
    chip = chips.action_chip("5", {"type": "damage", "amount": 5})
    action = session.action_for(chip, ["heavy"])
    change = session.apply(session.complete(action, provide_roll=None))
    assert change.kind is ChangeKind.APPLY and change.changed == ("heavy",)
    assert session.state["characters"]["heavy"]["hp"] == 17  # 5 - armor 2
    assert len(rules_runs) == 1
    # and the store has it: a restart reads the same HP
    assert session.store.characters(session.campaign.info.id)["heavy"]["hp"] == 17


def test_a_rolled_drop_runs_the_rules_once_to_learn_the_roll_and_once_with_it(
        session, rules_runs):
    asked = []
    action = session.complete({"type": "damage", "target": "heavy", "dice": "d10+3"},
                              lambda action, need: asked.append(need) or [7])
    session.apply(action)
    assert asked == [RollNeed("rolls", "d10+3", "damage", "heavy")]
    assert len(rules_runs) == 2  # nothing again at the commit
    assert session.state["characters"]["heavy"]["hp"] == 20 - (10 - 2)


def test_a_kept_outcome_is_not_trusted_on_another_desk(session, rules_runs):
    """Completed, then the desk moved on (another action first): the commit asks again."""
    action = session.complete({"type": "damage", "target": "heavy", "amount": 5}, None)
    session.apply({"type": "heal", "target": "heavy", "amount": 1})
    session.apply(action)
    assert len(rules_runs) == 3
    assert session.state["characters"]["heavy"]["hp"] == 17  # 20 - 3, healed 0 at full


def test_cancelling_a_roll_cancels_the_action(session):
    assert session.complete({"type": "damage", "target": "heavy", "dice": "d8"},
                            lambda action, need: None) is None
    assert session.history() == (0, 0)


def test_previews_are_typed_and_save_nothing(session):
    chip = chips.action_chip("5", {"type": "damage", "amount": 5})
    shown = session.preview(chip, ["heavy", "caradoc"])
    assert shown["heavy"] == TilePreview("20/20 HP → 17/20 HP", shown["heavy"].detail, True)
    assert "armor 2" in shown["heavy"].detail
    assert session.state["characters"]["heavy"]["hp"] == 20 and session.history() == (0, 0)
    attack = chips.attack_chip(["hagr"])
    assert session.preview(attack, ["hagr"])["hagr"] == TilePreview(
        "a character cannot attack itself", "", False)


def test_a_chip_that_cannot_be_an_action_is_a_user_error(session):
    with pytest.raises(UserError, match="cannot attack itself"):
        session.action_for(chips.attack_chip(["hagr"]), ["hagr"])
    with pytest.raises(UserError, match="heal"):
        session.quick_action("heal")


def test_undo_and_redo_come_back_as_typed_changes(session):
    session.apply_step([{"type": "damage", "target": "heavy", "amount": 5},
                        {"type": "damage", "target": "caradoc", "amount": 3}], "Both")
    assert session.steps() == [(1, "Both", False)]
    undone = session.undo()
    assert undone.kind is ChangeKind.UNDO and set(undone.changed) == {"heavy", "caradoc"}
    assert session.undone_entries() == {e.id for e in undone.entries}
    assert session.redo().kind is ChangeKind.REDO
    assert session.state["characters"]["caradoc"]["hp"] == 14


def test_a_series_is_checked_whole_before_anything_is_saved(session):
    ready, error, targets = session.complete_series(
        [{"type": "damage", "target": "heavy", "amount": 3},
         {"type": "recover", "target": "hagr"}], None)
    assert ready is None and error and targets == ("hagr",)
    assert session.history() == (0, 0)


def test_a_refused_action_is_a_refused_change(session):
    change = session.apply({"type": "damage", "target": "nobody", "amount": 3})
    assert change.kind is ChangeKind.REFUSED and not change.ok and "nobody" in change.error


def test_a_read_only_session_refuses_to_write_with_the_reason(tmp_path, store):
    Campaign.create(store, "Test", "stonetop", {}, PARTY)
    second = Service.open(store.path.parent)  # the first still holds the folder
    try:
        assert second.read_only and second.why_read_only
        with pytest.raises(StoreError, match="read-only"):
            second.apply({"type": "damage", "target": "heavy", "amount": 1})
    finally:
        second.close()


def test_a_glimpse_is_a_read_only_session_of_the_snapshot(store):
    session = Service.on(Campaign.create(store, "Test", "stonetop", {}, PARTY))
    session.apply({"type": "damage", "target": "heavy", "amount": 5})
    glimpse = Service.from_snapshot(store.path.parent, "Test")
    assert isinstance(glimpse, Service) and glimpse.loading and glimpse.read_only
    assert glimpse.state["characters"]["heavy"]["hp"] == 17 and glimpse.name == "Test"
    with pytest.raises(StoreError, match="still opening"):
        glimpse.apply({"type": "damage", "target": "heavy", "amount": 1})


def test_opening_creating_and_switching_campaigns(tmp_path):
    session = Service.open(tmp_path / "data")
    try:
        assert session.has_campaign and len(session.campaigns()) == 3  # the demo
        session.create("Mine", "lux_aeterna")
        assert session.system == "lux_aeterna" and session.state["characters"] == {}
        with pytest.raises(UserError, match="needs a name"):
            session.create("  ", "stonetop")
        session.use("Mine")
        assert session.name == "Mine"
    finally:
        session.close()
    again = Store.open(tmp_path / "data")
    try:
        assert again.read_only is False  # closed: the folder is free
    finally:
        again.close()


def test_play_sessions_and_options(session):
    session.start_play_session("The hagr")
    assert session.play_session["title"] == "The hagr"
    session.set_options({"dice_mode": "manual"})
    assert session.option("dice_mode") == "manual"
    session.end_play_session()
    assert session.play_session is None and session.play_sessions()[0]["title"] == "The hagr"


def test_the_gang_up_summary_reads_the_stonetop_rules(session):
    lines, deals, ok, label = gang_summary(session.state, ["hagr", "hagr"])
    assert ok and lines == ["2 × Hagr"] and deals.startswith("Deals ")
    assert label == "Gang: " + deals.removeprefix("Deals ")



def test_opening_leaves_the_check_and_the_backup_to_maintain(tmp_path):
    Service.open(tmp_path).close()  # the first start: the demo campaigns
    session = Service.open(tmp_path)
    try:
        assert session.has_campaign and not (tmp_path / "backups").exists()
        assert session.maintain() == []
        made = list((tmp_path / "backups").glob("harmdesk-*-daily.sqlite"))
        assert len(made) == 1 and made[0].stat().st_size > 0
        assert session.maintain() == [] and len(list((tmp_path / "backups").glob("*.sqlite"))) == 1
    finally:
        session.close()
    glimpse = Service.from_snapshot(tmp_path)
    assert glimpse.loading and glimpse.maintain() == []


def test_the_newest_steps_are_read_backwards_a_page_at_a_time(session, monkeypatch):
    for amount in (1, 2, 3):
        session.apply({"type": "heal", "target": "heavy", "amount": amount})
    session.apply_step([{"type": "damage", "target": "heavy", "amount": 5},
                        {"type": "damage", "target": "caradoc", "amount": 3}], "Both")
    session.undo()
    # rows newest first, undone ones too, before a seq; at most `limit`
    assert [e.seq for e in session.log_page(None, 2)] == [5, 4]
    assert [e.seq for e in session.log_page(4, 10)] == [3, 2, 1]
    pages = []
    real = session.store.log_page
    monkeypatch.setattr(session.store, "log_page",
                        lambda *args: pages.append(args[1:]) or real(*args))
    monkeypatch.setattr(session.store, "log", lambda *a, **k: pytest.fail("read it all"))
    # the redo branch (the undone macro, named by its first row) and the newest in force
    steps = session.steps(applied=2)
    assert [(step, undone) for step, _text, undone in steps] == [(2, False), (3, False),
                                                                 (4, True)]
    assert steps[0][1].startswith("The Heavy regains 2 HP") and steps[2][1] == "Both"
    assert session.steps()[0][0] == 1  # all of them
    assert pages == []  # the steps' names come without reading the rows' states
    names = []
    real_names = session.store.step_names
    monkeypatch.setattr(session.store, "step_names",
                        lambda *args: names.append(args[1:]) or real_names(*args))
    assert session.steps(applied=1) == steps[1:]
    assert names == [(None, 500)]  # one page, from the newest row
    assert session.undone_entries() == {e.id for e in session.log_page(None, 2)}
    assert pages and all(before is None for before, _limit in pages)
