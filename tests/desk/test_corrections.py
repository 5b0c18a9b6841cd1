"""Correcting the past: a revert, an edit or a rewind re-derives the log with its recorded
dice and is saved as one appended step, undone and redone like any other."""

import sqlite3

import pytest

from harmdesk.desk.actions import ChangeKind
from harmdesk.desk.campaign import Campaign, import_campaign
from harmdesk.desk.corrections import CannotStand
from harmdesk.desk.replay import parse_scenario, run
from harmdesk.errors import UserError
from harmdesk.store import Store, db

BRAN = {"id": "bran", "name": "Bran", "max_hp": 10, "armor": 1}
HEAVY = {"id": "heavy", "name": "The Heavy", "max_hp": 20, "armor": 2}


@pytest.fixture
def store(tmp_path):
    opened = Store.open(tmp_path)
    yield opened
    opened.close()


def hp(campaign, cid):
    return campaign.state["characters"][cid]["hp"]


def file_rows(store, campaign):
    con = sqlite3.connect(store.path)
    try:
        return con.execute("SELECT seq, struck_by, correction IS NOT NULL FROM log "
                           "WHERE campaign_id = ? AND undone = 0 ORDER BY seq",
                           (campaign.info.id,)).fetchall()
    finally:
        con.close()


def file_hp(store, campaign, cid):
    con = sqlite3.connect(store.path)
    try:
        return con.execute("SELECT json_extract(state, '$.hp') FROM character "
                           "WHERE campaign_id = ? AND cid = ?",
                           (campaign.info.id, cid)).fetchone()[0]
    finally:
        con.close()


def deaths_door_night(store):
    """Bran is hit (#1), the Heavy is hit (#2), Bran drops to 0 at Death's Door (#3), rolls
    (#4), and the Heavy is hit again (#5)."""
    campaign = Campaign.create(store, "Night", "stonetop", {}, [BRAN, HEAVY])
    for action in ({"type": "damage", "target": "bran", "amount": 4},
                   {"type": "damage", "target": "heavy", "amount": 5},
                   {"type": "damage", "target": "bran", "amount": 8},
                   {"type": "deaths_door", "target": "bran", "roll": 8},
                   {"type": "damage", "target": "heavy", "amount": 3}):
        assert campaign.apply(action).kind is ChangeKind.APPLY
    return campaign


def test_st6_st7_reverting_a_hit_strikes_the_deaths_door_roll_it_led_to(store):
    """ST-6/ST-7: without the first hit, the second no longer takes Bran to 0 HP, so the
    Death's Door roll after it never happened; the Heavy's hits stand, left alone."""
    campaign = deaths_door_night(store)
    assert hp(campaign, "bran") == 0
    found = campaign.correction("revert", 1)
    assert [(s.seq, s.why.split(":")[0]) for s in found.struck] == \
        [(1, "reverted"), (4, "no longer possible")]
    assert [s.seq for s in found.dependants] == [4]
    assert [(r.seq, r.changed) for r in found.reapplied] == [(3, True)]
    assert found.changed[0].line == ("#3 Bran takes 8 damage: was 0/10 HP, Dying — Death's Door, "
                                     "becomes 3/10 HP")
    assert [(a.id, a.was.split(",")[0], a.now.split(",")[0]) for a in found.affected] == \
        [("bran", "0/10 HP", "3/10 HP")]
    # nothing is saved by the preview
    assert file_rows(store, campaign)[-1] == (5, None, 0)
    change = campaign.commit_correction(found)
    assert change.changed == ("bran",)
    assert hp(campaign, "bran") == 3 and file_hp(store, campaign, "bran") == 3
    assert file_rows(store, campaign) == [(1, 6, 0), (2, None, 0), (3, None, 0), (4, 6, 0),
                                          (5, None, 0), (6, None, 1)]
    assert campaign.state["characters"]["bran"]["death"] == "none"


def test_undo_and_redo_put_a_revert_back_and_again_also_after_a_restart(tmp_path):
    first = Store.open(tmp_path)
    campaign = deaths_door_night(first)
    campaign.commit_correction(campaign.correction("revert", 1))
    first.close()
    store = Store.open(tmp_path)
    try:
        again = Campaign.open(store, "Night")
        assert hp(again, "bran") == 3
        assert again.undo().kind is ChangeKind.UNDO
        assert hp(again, "bran") == 0
        assert again.state["characters"]["bran"]["death"] == "out_of_action"
        assert [s for _, s, _ in file_rows(store, again)] == [None] * 5
        # the re-derived row is as it was first logged again: 7 -> 0
        assert store.row(again.info.id, 3).after["bran"]["hp"] == 0
        again.redo()
        assert hp(again, "bran") == 3 and store.row(again.info.id, 3).after["bran"]["hp"] == 3
        assert file_hp(store, again, "bran") == 3
    finally:
        store.close()


def test_an_entry_already_reverted_names_the_revert_to_undo(store):
    campaign = deaths_door_night(store)
    campaign.commit_correction(campaign.correction("revert", 1))
    with pytest.raises(UserError, match=r"#1 was already reverted by #6\. Undo #6 instead\."):
        campaign.correction("revert", 1)
    with pytest.raises(UserError, match="#6 is a correction itself"):
        campaign.correction("revert", 6)
    with pytest.raises(UserError, match="There is no entry #99"):
        campaign.correction("revert", 99)


def test_later_entries_on_a_character_the_entry_added_refuse_it_and_offer_a_rewind(store):
    campaign = Campaign.create(store, "Adds", "stonetop", {}, [HEAVY])
    campaign.apply({"type": "damage", "target": "heavy", "amount": 3})
    campaign.apply({"type": "add_character", "character": BRAN})
    campaign.apply({"type": "damage", "target": "bran", "amount": 2})
    with pytest.raises(CannotStand) as refused:
        campaign.correction("revert", 2)
    assert "#3 acts on Bran" in str(refused.value)
    assert "Rewind to before #2" in str(refused.value)
    assert refused.value.rewind_to == 1
    rewind = campaign.correction("rewind", refused.value.rewind_to)
    assert [s.seq for s in rewind.struck] == [2, 3]
    campaign.commit_correction(rewind)
    assert list(campaign.state["characters"]) == ["heavy"]


def test_an_edit_re_derives_what_followed(store):
    """Bran's second hit was 2, not 8: he never reached Death's Door."""
    campaign = deaths_door_night(store)
    found = campaign.correction("edit", 3, {"type": "damage", "target": "bran", "amount": 2})
    assert [s.seq for s in found.dependants] == [4]
    assert found.action == {"type": "edit", "step": 3,
                            "action": {"type": "damage", "target": "bran", "amount": 2}}
    campaign.commit_correction(found)
    assert hp(campaign, "bran") == 6 and file_hp(store, campaign, "bran") == 6
    row = store.row(campaign.info.id, 3)
    assert row.action["amount"] == 8 and row.effective_action["amount"] == 2
    campaign.undo()
    assert store.row(campaign.info.id, 3).revised is None and hp(campaign, "bran") == 0


def test_an_edit_the_rules_refuse_changes_nothing(store):
    campaign = deaths_door_night(store)
    with pytest.raises(UserError, match="#3 cannot be changed so"):
        campaign.correction("edit", 3, {"type": "damage", "target": "bran", "amount": -2})


def test_la10_a_re_derived_hit_that_now_wounds_asks_for_the_trauma_roll_never_rerolled(store):
    """LA-10: an edit makes the first hit Wound Inês, which needs a d20 that was never rolled:
    the preview asks for it, and the faces given are logged as new."""
    campaign = Campaign.create(store, "Lux", "lux_aeterna", {},
                               [{"id": "ines", "name": "Inês", "max_hp": 6}])
    campaign.apply({"type": "damage", "target": "ines", "amount": 2})
    campaign.apply({"type": "heal", "target": "ines", "amount": 1})
    edited = {"type": "damage", "target": "ines", "amount": 7}
    asked = campaign.correction("edit", 1, edited)
    assert [(seq, n.key, n.dice) for seq, n in asked.needs] == [(1, "trauma_roll", "d20")]
    with pytest.raises(UserError, match="needs a roll that never happened"):
        campaign.commit_correction(asked)
    given = campaign.correction("edit", 1, edited, rolls={1: {"trauma_roll": 13}})
    assert given.needs == () and given.action["rolls"] == {"1": {"trauma_roll": 13}}
    campaign.commit_correction(given)
    ines = campaign.state["characters"]["ines"]
    assert ines["wounded"] and ines["traumas"] == [13]
    assert store.row(campaign.info.id, 1).effective_action["trauma_roll"] == 13


def test_faces_the_rules_refuse_are_refused_and_strike_nothing(store):
    campaign = Campaign.create(store, "Lux", "lux_aeterna", {},
                               [{"id": "ines", "name": "Inês", "max_hp": 6}])
    campaign.apply({"type": "damage", "target": "ines", "amount": 2})
    campaign.apply({"type": "damage", "target": "ines", "amount": 1})
    asked = campaign.correction("edit", 1, {"type": "damage", "target": "ines", "amount": 5})
    assert [seq for seq, _ in asked.needs] == [2]
    with pytest.raises(UserError, match="#2 cannot take `trauma_roll` 99: "):
        campaign.correction("edit", 1, {"type": "damage", "target": "ines", "amount": 5},
                            rolls={2: {"trauma_roll": 99}})


def test_any_row_of_a_step_reverts_the_whole_step(store):
    campaign = Campaign.create(store, "Camp", "stonetop", {}, [BRAN, HEAVY])
    campaign.apply({"type": "damage", "target": "heavy", "amount": 3})
    campaign.apply_step([{"type": "damage", "target": "bran", "amount": 3},
                         {"type": "damage", "target": "heavy", "amount": 4}], "Two hits")
    found = campaign.correction("revert", 3)
    assert found.step == 2 and found.action == {"type": "revert", "step": 2}
    assert [s.seq for s in found.struck] == [2, 3]
    campaign.commit_correction(found)
    assert hp(campaign, "bran") == 10 and hp(campaign, "heavy") == 19


def test_faces_given_for_a_re_derived_entry_never_replace_the_dice_it_recorded(store):
    campaign = deaths_door_night(store)
    with pytest.raises(UserError, match="#4 already has its roll: the dice an entry recorded "
                                        "are reused, never rolled again"):
        campaign.correction("revert", 1, rolls={4: {"roll": 10}})
    with pytest.raises(UserError, match="#3 already has its target"):
        campaign.correction("revert", 1, rolls={3: {"target": "heavy"}})


def test_la10_reverting_the_hit_before_a_wounding_one_takes_its_trauma_away(store):
    campaign = Campaign.create(store, "Lux", "lux_aeterna", {},
                               [{"id": "ines", "name": "Inês", "max_hp": 6}])
    campaign.apply({"type": "damage", "target": "ines", "amount": 4})
    campaign.apply({"type": "damage", "target": "ines", "amount": 3, "trauma_roll": 13})
    found = campaign.correction("revert", 1)
    assert found.changed[0].line == "#2 Inês: 3 damage: was −1/6 HP (debt 1), Wounded, " \
                                    "becomes 3/6 HP"
    campaign.commit_correction(found)
    ines = campaign.state["characters"]["ines"]
    assert ines["hp"] == 3 and not ines["wounded"] and ines["traumas"] == []


def test_ff_reverting_a_hit_mends_the_object_it_broke(store):
    campaign = Campaign.create(store, "FF", "freedom_fantasies", {},
                               [{"id": "door", "name": "Door", "kind": "object", "hp": 3}])
    campaign.apply({"type": "damage", "target": "door", "amount": 2})
    campaign.apply({"type": "damage", "target": "door", "amount": 2})
    assert campaign.state["characters"]["door"]["broken"]
    found = campaign.correction("revert", 1)
    assert "Broken" in found.changed[0].line
    campaign.commit_correction(found)
    assert not campaign.state["characters"]["door"]["broken"]


def test_a_correction_worked_out_before_the_log_moved_on_is_refused(store):
    campaign = deaths_door_night(store)
    found = campaign.correction("revert", 1)
    campaign.apply({"type": "damage", "target": "heavy", "amount": 1})
    with pytest.raises(UserError, match="The log changed since"):
        campaign.commit_correction(found)


def test_checkpoints_are_made_at_each_play_session_encounter_and_round(store):
    campaign = Campaign.create(store, "Clock", "stonetop", {}, [BRAN, HEAVY])
    campaign.apply({"type": "damage", "target": "heavy", "amount": 1})
    campaign.start_play_session("Night one")
    campaign.apply({"type": "start_encounter", "order": ["bran", "heavy"]})
    campaign.apply({"type": "damage", "target": "heavy", "amount": 4})
    campaign.apply({"type": "next_round"})
    campaign.apply({"type": "damage", "target": "bran", "amount": 5})
    marked = campaign.mark_checkpoint("Before the bridge")
    assert [(c.seq, c.kind, c.label) for c in campaign.checkpoints()] == [
        (5, "mark", "Before the bridge"), (4, "round", "Round 2"),
        (2, "encounter", "The start of the encounter"),
        (1, "play_session", "The start of play session 1")]
    assert marked.seq == 5
    rewind = campaign.correction("rewind", 4)
    assert rewind.text == "Rewind to round 2"
    assert [s.seq for s in rewind.struck] == [5]
    campaign.commit_correction(rewind)
    assert hp(campaign, "bran") == 10
    # undoing the round drops its checkpoint from what can be rewound to, and a new step
    # after the undo removes it for good
    campaign.undo()
    campaign.undo()
    campaign.undo()
    assert [c.seq for c in campaign.checkpoints()] == [2, 1]
    campaign.apply({"type": "damage", "target": "bran", "amount": 1})
    assert [c.seq for c in campaign.checkpoints()] == [2, 1]
    with store._reading() as con:
        assert con.execute("SELECT count(*) FROM checkpoint").fetchone()[0] == 2


def test_a_rewind_is_one_step_and_undoes_as_one(store):
    campaign = deaths_door_night(store)
    before = campaign.history()
    campaign.commit_correction(campaign.correction("rewind", 2))
    assert campaign.history() == (before[0] + 1, 0)
    assert hp(campaign, "bran") == 7 and hp(campaign, "heavy") == 17
    assert [s for _, s, _ in file_rows(store, campaign)] == [None, None, 6, 6, 6, None]
    with pytest.raises(UserError, match="there is nothing to rewind"):
        campaign.correction("rewind", 2)
    with pytest.raises(UserError, match="There is nothing after #6 to rewind"):
        campaign.correction("rewind", 6)
    campaign.undo()
    assert hp(campaign, "bran") == 0 and hp(campaign, "heavy") == 16


def test_export_import_and_replay_carry_corrections_exactly(store):
    campaign = deaths_door_night(store)
    campaign.commit_correction(campaign.correction("revert", 1))
    campaign.commit_correction(campaign.correction(
        "edit", 5, {"type": "damage", "target": "heavy", "amount": 9}))
    data = campaign.export()
    assert data["actions"][5:] == [
        {"type": "revert", "step": 1},
        {"type": "edit", "step": 5, "action": {"type": "damage", "target": "heavy", "amount": 9}}]
    copy = import_campaign(store, data, "Night again")
    assert copy.state["characters"] == campaign.state["characters"]
    assert [(e.seq, e.struck_by) for e in store.log(copy.info.id)] == \
        [(e.seq, e.struck_by) for e in store.log(campaign.info.id)]
    replayed = run(parse_scenario(data))
    assert all(r["ok"] for r in replayed.results)
    assert replayed.results[-1]["state"] == campaign.state["characters"]


def test_a_scenario_correction_naming_no_earlier_entry_is_refused(store):
    data = {"system": "stonetop", "characters": [BRAN],
            "actions": [{"type": "damage", "target": "bran", "amount": 2},
                        {"type": "revert", "step": 5},
                        {"type": "revert", "step": 1, "extra": 1},
                        {"type": "edit", "step": 1},
                        {"type": "revert", "step": 1, "rolls": {"x": 1}}]}
    results = run(parse_scenario(data)).results
    assert [r["ok"] for r in results] == [True, False, False, False, False]
    assert "`step` of a revert must be the number of an earlier action (1 to 1)" in \
        results[1]["error"]
    assert "no field 'extra'" in results[2]["error"]
    assert "an edit needs `action`" in results[3]["error"]


def test_a_v3_file_upgraded_takes_corrections(tmp_path):
    import shutil

    from tests.conftest import ROOT
    shutil.copy(ROOT / "tests" / "fixtures" / "harmdesk-v3.sqlite", tmp_path / db.DB_NAME)
    opened = Store.open(tmp_path)
    try:
        campaign = Campaign.open(opened, "Fixture")
        assert hp(campaign, "heavy") == 16
        campaign.commit_correction(campaign.correction("revert", 1))
        assert hp(campaign, "heavy") == 20
    finally:
        opened.close()


def test_a_checkpoint_marked_after_an_entry_rewinds_to_it(store):
    campaign = deaths_door_night(store)
    marked = campaign.mark_checkpoint(seq=2)
    assert (marked.seq, marked.label) == (2, "After #2")
    with pytest.raises(UserError, match=r"A checkpoint marks an entry of the log \(#0 to #5\)"):
        campaign.mark_checkpoint(seq=6)
    assert campaign.correction("rewind", 2).text == "Rewind to “After #2”"
