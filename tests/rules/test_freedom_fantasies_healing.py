"""Freedom Fantasies: healing, rests and the Medicine check (RULES.md §4, FF-10 … FF-12)."""

import pytest

from harmdesk.rules.engine import apply

from .kit import ch as char, desk_of, refused, run, texts

FF = "freedom_fantasies"
desk = desk_of(FF)


def test_ff_t2_healing_ends_wounded():
    """FF-T2 / FF-2: HP 10, Damage 12, healed 2 → Damage 10, not Wounded."""
    state = desk({"id": "v", "hp": 10, "damage": 12})
    assert state["characters"]["v"]["wounded"] is True
    out = run(state, type="heal", target="v", amount=2)
    assert char(out, "v")["damage"] == 10 and char(out, "v")["wounded"] is False
    assert "no longer Wounded" in texts(out)
    assert out.events[0].data == {"damage_before": 12, "damage_after": 10, "healed": 2}


def test_ff_t3_healing_cannot_undo_a_story_end():
    """FF-T3 / FF-3: a Story that has Ended stays Ended when healed 30."""
    state = desk({"id": "v", "hp": 10, "damage": 25})
    out = run(state, type="heal", target="v", amount=30)
    c = char(out, "v")
    assert c["damage"] == 0 and c["story_ended"] is True and c["wounded"] is False
    assert "cannot undo" in texts(out)


def test_ff10_heal_never_below_zero():
    """FF-10: healing 9 from 4 Damage leaves 0 and reports 4 healed."""
    out = run(desk({"id": "v", "hp": 10, "damage": 4}), type="heal", target="v", amount=9)
    assert char(out, "v")["damage"] == 0 and out.events[0].data["healed"] == 4


def test_ff_t13_short_rest_then_long_rest():
    """FF-T13 / FF-10: HP 10, Damage 17: Short Rest → 7, then Long Rest → 0."""
    state = desk({"id": "v", "hp": 10, "damage": 17})
    out = run(state, type="short_rest", target="v")
    assert char(out, "v")["damage"] == 7 and char(out, "v")["short_rest_used"] is True
    out = run(out.state, type="long_rest", target="v")
    assert char(out, "v")["damage"] == 0 and char(out, "v")["short_rest_used"] is False


def test_ff10_second_short_rest_before_long_rest_is_refused():
    """FF-10: a Short Rest's benefits only once until the next Long Rest."""
    state = run(desk({"id": "v", "hp": 10, "damage": 17}), type="short_rest", target="v").state
    out = apply(state, {"type": "short_rest", "target": "v"})
    assert not out.ok and "already taken a Short Rest" in out.error and out.state is state
    state = run(state, type="long_rest").state
    assert run(state, type="short_rest", target="v").ok


def test_ff10_long_rest_without_target_rests_everyone_but_objects():
    """FF-10 / FF-12: a Long Rest for the desk skips objects; naming an object is refused."""
    state = desk({"id": "a", "hp": 5, "damage": 3}, {"id": "b", "hp": 5, "damage": 12},
                 {"id": "door", "kind": "object", "hp": 5, "damage": 2})
    out = run(state, type="long_rest")
    assert [char(out, c)["damage"] for c in ("a", "b", "door")] == [0, 0, 2]
    refused = apply(state, {"type": "long_rest", "target": "door"})
    assert not refused.ok and "object" in refused.error


@pytest.mark.parametrize("split", [{"h": 7, "a": 3}, {"h": 5, "a": 5}, {"h": 0, "a": 10}])
def test_ff_t11_medicine_valid_splits(split):
    """FF-T11 / FF-11: d20 = 10, healer 7 Damage, ally 10: (7,3), (5,5), (0,10) accepted."""
    state = desk({"id": "h", "hp": 10, "damage": 7, "supplies": 3},
                 {"id": "a", "hp": 10, "damage": 10})
    out = run(state, type="medicine", healer="h", roll=10, split=split)
    assert char(out, "h")["damage"] == 7 - split["h"]
    assert char(out, "a")["damage"] == 10 - split["a"]
    assert char(out, "h")["supplies"] == 2
    assert "Supplies 3 → 2" in texts(out)


def test_ff_t11_medicine_split_above_damage_is_refused():
    """FF-T11 / FF-11: (8, 2) gives the healer more than their 7 Damage → refused."""
    state = desk({"id": "h", "hp": 10, "damage": 7, "supplies": 3},
                 {"id": "a", "hp": 10, "damage": 10})
    out = apply(state, {"type": "medicine", "healer": "h", "roll": 10, "split": {"h": 8, "a": 2}})
    assert not out.ok and "more than their damage 7" in out.error and out.state is state


def test_ff11_medicine_split_larger_than_roll_is_refused():
    """FF-11: the parts add up to at most the d20 face (6 + 5 > 10)."""
    state = desk({"id": "h", "hp": 10, "damage": 7}, {"id": "a", "hp": 10, "damage": 10})
    out = apply(state, {"type": "medicine", "healer": "h", "roll": 10, "bonus": 4,
                        "split": {"h": 6, "a": 5}})
    assert not out.ok and "more than the d20 roll 10" in out.error


def test_ff11_the_performance_is_the_raw_die_not_the_total():
    """FF-11: bonus counts for success only; d20 8 + 4 succeeds but heals at most 8."""
    state = desk({"id": "h", "hp": 10, "damage": 9})
    assert not apply(state, {"type": "medicine", "healer": "h", "roll": 8, "bonus": 4,
                             "split": {"h": 9}}).ok
    out = run(state, type="medicine", healer="h", roll=8, bonus=4, split={"h": 8})
    assert char(out, "h")["damage"] == 1


def test_ff_t12_natural_20_keeps_supplies_and_heals_20():
    """FF-T12 / FF-11: a natural 20 always succeeds, 20 to split, Supplies unchanged."""
    state = desk({"id": "h", "hp": 10, "damage": 12, "supplies": 1, "momentum": 1},
                 {"id": "a", "hp": 10, "damage": 10})
    out = run(state, type="medicine", healer="h", roll=20, bonus=-15, split={"h": 10, "a": 10})
    assert char(out, "h")["supplies"] == 1
    assert (char(out, "h")["damage"], char(out, "a")["damage"]) == (2, 0)
    assert "Critical Success" in texts(out)


def test_ff11_failure_heals_nothing_but_spends_supplies():
    """FF-11 AMBIGUITY default medicine_failure_spends: d20 6 + 3 < 10: the split is
    ignored, nothing healed, 1 Supplies spent."""
    state = desk({"id": "h", "hp": 10, "damage": 7, "supplies": 2})
    out = run(state, type="medicine", healer="h", roll=6, bonus=3, split={"h": 50})
    assert char(out, "h")["damage"] == 7 and char(out, "h")["supplies"] == 1
    assert "failure: nothing healed" in texts(out)


def test_ff11_failure_spends_nothing_under_the_other_reading():
    """FF-11 AMBIGUITY, medicine_failure_spends=false: a failure keeps the Supplies."""
    state = desk({"id": "h", "hp": 10, "damage": 7, "supplies": 2},
                 medicine_failure_spends=False)
    out = run(state, type="medicine", healer="h", roll=3, split={})
    assert char(out, "h")["supplies"] == 2


def test_ff11_no_supplies_is_refused_and_untracked_supplies_are_not_counted():
    """FF-11: a tracked healer with 0 Supplies cannot check; untracked stays null."""
    state = desk({"id": "h", "hp": 10, "damage": 7, "supplies": 0}, {"id": "u", "hp": 10})
    out = apply(state, {"type": "medicine", "healer": "h", "roll": 15, "split": {"h": 7}})
    assert not out.ok and "no Supplies" in out.error
    out = run(state, type="medicine", healer="u", roll=15, split={"h": 7})
    assert char(out, "u")["supplies"] is None and char(out, "h")["damage"] == 0


@pytest.mark.parametrize("action,reason", [
    ({"healer": "h", "roll": 10, "split": {"zed": 1}}, "no character 'zed'"),
    ({"healer": "zed", "roll": 10, "split": {}}, "no character 'zed'"),
    ({"healer": "h", "roll": 21, "split": {}}, "face of a d20"),
    ({"healer": "h", "roll": 10}, "`split` is missing"),
    ({"healer": "h", "roll": 10, "split": {"h": -1}}, "cannot be negative"),
    ({"roll": 10, "split": {}}, "`healer`"),
    ({"healer": "door", "roll": 10, "split": {}}, "object"),
])
def test_ff11_bad_medicine_is_refused(action, reason):
    """FF-11: unknown ids, impossible faces, missing or negative splits are refused."""
    state = desk({"id": "h", "hp": 10, "damage": 7},
                 {"id": "door", "kind": "object", "hp": 5, "damage": 2})
    out = apply(state, {"type": "medicine", **action})
    assert not out.ok and reason in out.error, out.error


def test_ff12_objects_are_repaired_with_a_technology_check():
    """FF-12 / FF-4: "If Healing Objects, use the Technology Skill instead": a Technology
    check's split repairs a Broken object, which is no longer Broken at Damage ≤ HP."""
    state = desk({"id": "h", "hp": 10, "supplies": 2}, {"id": "door", "kind": "object", "hp": 5})
    state = run(state, type="damage", target="door", amount=7).state
    out = run(state, type="technology", healer="h", roll=12, split={"door": 4})
    assert char(out, "door")["damage"] == 3 and char(out, "door")["broken"] is False
    assert char(out, "h")["supplies"] == 1
    assert "h's Technology check: d20 12" in texts(out) and "no longer Broken" in texts(out)
    assert out.events[0].data["skill"] == "technology"


@pytest.mark.parametrize("kind,split,reason", [
    ("medicine", {"h": 2, "door": 3}, "door is an object: objects are repaired with a "
                                      "Technology check (`technology`)"),
    ("technology", {"h": 2, "door": 3}, "h is not an object: people are healed with a "
                                        "Medicine check (`medicine`)"),
    ("technology", {"a": 1}, "people are healed with a Medicine check"),
    ("medicine", {"door": 1, "roll": 3}, "objects are repaired with a Technology check"),
])
def test_ff11_ff12_one_check_never_heals_people_and_objects_together(kind, split, reason):
    """FF-11 / FF-12: a Medicine check refuses an object and a Technology check a person,
    naming the skill to use; nothing is healed and no Supplies are spent."""
    state = desk({"id": "h", "hp": 10, "damage": 4, "supplies": 2}, {"id": "a", "hp": 10,
                                                                     "damage": 3},
                 {"id": "door", "kind": "object", "hp": 5, "damage": 7})
    split = dict(split)
    roll = split.pop("roll", 15)  # a failed check names its patients rightly too
    out = refused(state, type=kind, healer="h", roll=roll, split=split)
    assert reason in out.error


def test_ff4_a_destroyed_object_cannot_be_repaired_except_by_magical_means():
    """FF-4: "Destroyed and cannot be repaired except by magical means": a Technology check
    and a plain heal are refused, saying so; it stays Broken and Destroyed."""
    state = desk({"id": "h", "hp": 10, "supplies": 2}, {"id": "door", "kind": "object", "hp": 5})
    state = run(state, type="damage", target="door", amount=11).state
    for action in ({"type": "technology", "healer": "h", "roll": 15, "split": {"door": 11}},
                   {"type": "heal", "target": "door", "amount": 11}):
        out = refused(state, **action)
        assert "Destroyed and cannot be repaired except by magical means" in out.error
    door = state["characters"]["door"]
    assert (door["broken"], door["destroyed"], door["damage"]) == (True, True, 11)


def test_ff4_magical_repair_ends_destroyed_then_broken():
    """FF-4: magic repairs a Destroyed object: at Damage ≤ 2·HP it is no longer Destroyed
    but still Broken; at Damage ≤ HP no longer Broken."""
    state = desk({"id": "door", "kind": "object", "hp": 5})
    state = run(state, type="damage", target="door", amount=12).state
    out = run(state, type="heal", target="door", amount=3, magical=True)
    door = char(out, "door")
    assert (door["damage"], door["destroyed"], door["broken"]) == (9, False, True)
    assert "by magical means" in texts(out) and "no longer Destroyed" in texts(out)
    out = run(out.state, type="heal", target="door", amount=4, magical=True)
    assert (char(out, "door")["broken"], char(out, "door")["damage"]) == (False, 5)


def test_ff4_a_correction_below_hp_leaves_a_destroyed_object_broken():
    """FF-4: a Destroyed object stays Broken (it "cannot be repaired") even when the GM
    corrects its Damage down; only magic mends it."""
    state = desk({"id": "door", "kind": "object", "hp": 5, "damage": 11})
    out = run(state, type="set_state", target="door", damage=0)
    assert (char(out, "door")["broken"], char(out, "door")["destroyed"]) == (True, True)


def test_ff3_magic_does_not_undo_a_story_end():
    """FF-3: "effects which Heal Damage cannot undo the Ending of a Story", magic too."""
    out = run(desk({"id": "v", "hp": 4, "damage": 9}), type="heal", target="v", amount=9,
              magical=True)
    assert char(out, "v")["story_ended"] is True and char(out, "v")["damage"] == 0


# FF-11: "You may also Heal themselves and Characters Adjacent to you" ----------------------
def adjacency_desk():
    return desk_of("freedom_fantasies")(
        {"id": "m", "name": "Mira", "hp": 10, "damage": 7, "supplies": 2},
        {"id": "t", "name": "Tor", "hp": 10, "damage": 10},
        {"id": "c", "name": "Cy", "hp": 10, "damage": 4})


def test_ff11_a_share_for_someone_not_adjacent_is_refused_by_name():
    """FF-11: Tor is Adjacent, Cy is not: a share for Cy is refused, nothing spent."""
    out = refused(adjacency_desk(), type="medicine", healer="m", roll=10,
                  split={"m": 5, "t": 3, "c": 2}, adjacent=["t"])
    assert out.error == ("Cy is not Adjacent to Mira: the check heals only the healer and the "
                         "characters Adjacent to them")


def test_ff11_the_healer_and_the_adjacent_are_healed_and_the_log_names_them():
    """FF-11: the healer heals themselves wherever they stand; the Adjacent are named."""
    out = run(adjacency_desk(), type="medicine", healer="m", roll=10, split={"m": 7, "t": 3},
              adjacent=["t"])
    assert char(out, "m")["damage"] == 0 and char(out, "t")["damage"] == 7
    assert out.events[0].text.endswith("Supplies 2 → 1; Adjacent to Mira: Tor")
    assert out.events[0].data["adjacent"] == ["t"]
    out = run(adjacency_desk(), type="medicine", healer="m", roll=10, split={"m": 7},
              adjacent=[])
    assert char(out, "m")["damage"] == 0 and "Adjacent" not in out.events[0].text


def test_ff11_without_adjacent_the_split_names_those_in_reach_as_logs_saved_before():
    """FF-11: an action that does not say who is Adjacent (saved before the question was
    asked) reads its split as the GM's word, as it always did."""
    out = run(adjacency_desk(), type="medicine", healer="m", roll=10,
              split={"m": 5, "t": 3, "c": 2})
    assert [char(out, c)["damage"] for c in ("m", "t", "c")] == [2, 7, 2]
    assert "adjacent" not in out.events[0].data


@pytest.mark.parametrize("adjacent, reason", [
    ("t", "`adjacent` must be a list"),
    ([3], "`adjacent` must be a list of ids, not 3"),
    (["zz"], "no character 'zz' on the desk"),
])
def test_ff11_adjacent_is_a_list_of_ids_on_the_desk(adjacent, reason):
    """FF-11: `adjacent` names characters on the desk."""
    out = refused(adjacency_desk(), type="medicine", healer="m", roll=10, split={"t": 3},
                  adjacent=adjacent)
    assert reason in out.error
