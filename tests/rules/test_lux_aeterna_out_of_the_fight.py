"""Lux Aeterna: who is out of the fight and what ends on its own: a dead or unconscious
attacker (LA-4, LA-16), the Unconscious condition, Hidden revealed by an attack, Fixated on
an enemy, and durations other than rounds (LA-15, LA-16)."""

import pytest

from .kit import ch, desk_of, names, refused, run, texts

LA = "lux_aeterna"
desk = desk_of(LA)
MAELIS = {"id": "maelis", "name": "Maelis", "max_hp": 10}
WRAITH = {"id": "wraith", "name": "the wraith", "kind": "monster", "max_hp": 8}


@pytest.mark.parametrize("wraith, why", [
    ({"hp": -2, "dead": True}, "the wraith is dead"),
    ({"hp": 0}, "the wraith is unconscious at 0 HP"),
    ({"hp": -3, "wounded": True}, "the wraith is unconscious at \u22123 HP"),
])
def test_la4_a_dead_or_downed_attacker_deals_no_damage(wraith, why):
    """LA-4 "At 0 HP, a character concedes defeat"; LA-16 Unconscious "Cannot move, act, or
    react at all": the attack is refused, naming the attacker and why; the target keeps 10."""
    out = refused(desk(MAELIS, {**WRAITH, **wraith}), type="damage", target="maelis",
                  amount=4, source="wraith")
    assert out.error.startswith(why) and "the wraith deals no damage" in out.error
    assert "LA-" not in out.error


def test_la4_a_downed_attacker_is_refused_before_its_dice_are_asked_for():
    """LA-4: no roll is needed for damage never dealt, so the preview says why at once."""
    out = refused(desk(MAELIS, {**WRAITH, "hp": 0}), type="damage", target="maelis",
                  dice="d8", source="wraith")
    assert out.needs == () and "unconscious at 0 HP" in out.error


def test_la4_an_attacker_brought_back_to_1_hp_deals_damage_again():
    s = run(desk(MAELIS, {**WRAITH, "hp": 0}), type="heal", target="wraith", amount=1).state
    out = run(s, type="damage", target="maelis", amount=4, source="wraith")
    assert ch(out, "maelis")["hp"] == 6


def test_la16_unconscious_as_a_condition_above_0_hp_and_it_cannot_attack():
    """LA-16 Unconscious: "You are asleep… Cannot move, act, or react at all", at any HP."""
    out = run(desk(MAELIS, WRAITH), type="add_condition", target="wraith", name="unconscious",
              origin_level=3)
    c = ch(out, "wraith")
    assert names(c) == ["unconscious"] and c["hp"] == 8 and c["conditions"][0]["save_ends"]
    hit = refused(out.state, type="damage", target="maelis", amount=4, source="wraith")
    assert hit.error.startswith("the wraith is Unconscious and cannot move, act, or react")
    woken = run(out.state, type="remove_condition", target="wraith", name="unconscious").state
    assert ch(run(woken, type="damage", target="maelis", amount=4, source="wraith"),
              "maelis")["hp"] == 6


def test_la16_unconscious_is_a_condition_a_save_ends_at_0_hp():
    """LA-4: at 0 HP the conditions a Save could end end, the Unconscious one among them."""
    s = run(desk(MAELIS), type="add_condition", target="maelis", name="unconscious",
            origin_level=2).state
    out = run(s, type="damage", target="maelis", amount=10, lethal=False)
    assert names(ch(out, "maelis")) == [] and "end: unconscious" in texts(out)


def test_la16_hidden_attacker_is_revealed_after_making_an_attack():
    """LA-16 Hidden: "Are revealed after making an attack": once, for a hit on several."""
    s = desk(MAELIS, {**MAELIS, "id": "gil", "name": "Gil"},
             {**WRAITH, "conditions": [{"name": "hidden"}]})
    out = run(s, type="damage", target=["maelis", "gil"], amount=3, source="wraith")
    assert names(ch(out, "wraith")) == []
    assert [e.text for e in out.events].count("the wraith makes an attack: revealed, Hidden "
                                              "ends") == 1
    assert (ch(out, "maelis")["hp"], ch(out, "gil")["hp"]) == (7, 7)


def test_la16_invisible_attacker_stays_invisible():
    """LA-16 Invisible: "cannot be fully revealed until the effect … ends"."""
    s = desk(MAELIS, {**WRAITH, "conditions": [{"name": "invisible"}]})
    out = run(s, type="damage", target="maelis", amount=3, source="wraith")
    assert names(ch(out, "wraith")) == ["invisible"]


def test_la16_a_refused_attack_leaves_the_attacker_hidden():
    s = desk({**MAELIS, "hp": -1, "dead": True}, {**WRAITH, "conditions": [{"name": "hidden"}]})
    refused(s, type="damage", target="maelis", amount=3, source="wraith")


def fixated(*sheets, **more):
    s = desk(MAELIS, WRAITH, *sheets)
    return run(s, type="add_condition", target="maelis", name="fixated", origin_level=2,
               enemy="wraith", **more)


def test_la16_fixated_names_its_enemy_in_the_log_and_the_state():
    out = fixated()
    assert ch(out, "maelis")["conditions"][0]["enemy"] == "wraith"
    assert "Maelis: fixated on the wraith (Save Difficulty 2)" in texts(out)


@pytest.mark.parametrize("action, why", [
    ({"type": "add_condition", "target": "wraith", "name": "hidden"}, "becomes Hidden"),
    ({"type": "add_condition", "target": "wraith", "name": "invisible"}, "becomes Invisible"),
    ({"type": "damage", "target": "wraith", "amount": 8, "lethal": False},
     "is reduced to 0 HP"),
    ({"type": "remove_character", "target": "wraith"}, "is removed from play"),
])
def test_la16_fixated_ends_when_its_enemy_hides_drops_or_goes(action, why):
    """LA-16 Fixated: "Immediately end this condition if the enemy you're Fixated on
    Becomes Hidden or Invisible, Leaves the Scene or is removed from play, Is reduced to 0
    HP"."""
    out = run(fixated().state, **action)
    assert names(ch(out, "maelis")) == []
    assert f"Maelis: Fixated on the wraith ends: the wraith {why}" in texts(out)


def test_la16_fixated_ends_when_ongoing_damage_drops_its_enemy():
    s = run(fixated().state, type="add_condition", target="wraith", name="ongoing_damage",
            amount=9, origin_level=1).state
    out = run(s, type="start_turn", target="wraith", trauma_roll=10)
    assert names(ch(out, "maelis")) == [] and "is reduced to 0 HP" in texts(out)


@pytest.mark.parametrize("action", [{"type": "end_scene"}, {"type": "end_encounter"}])
def test_la16_fixated_ends_when_the_scene_ends(action):
    s = fixated().state
    if action["type"] == "end_encounter":
        s = run(s, type="start_encounter", order=["maelis", "wraith"]).state
    out = run(s, **action)
    assert names(ch(out, "maelis")) == []
    assert "Maelis: the scene ends: Fixated on the wraith ends" in texts(out)


def test_la16_fixated_on_someone_else_and_without_an_enemy_stay():
    """Only the Fixated on that enemy ends; a Fixated that names none (as logged before
    enemies were named) ends only as before."""
    gil = {"id": "gil", "name": "Gil", "max_hp": 5}
    s = run(fixated(gil).state, type="add_condition", target="gil", name="fixated",
            origin_level=1).state
    out = run(s, type="add_condition", target="wraith", name="hidden")
    assert names(ch(out, "gil")) == ["fixated"] and "enemy" not in ch(out, "gil")["conditions"][0]
    assert names(ch(run(s, type="end_scene"), "gil")) == ["fixated"]


@pytest.mark.parametrize("enemy, change, words", [
    ("nobody", {}, "the enemy 'nobody' (`enemy`) is not on the desk"),
    ("maelis", {}, "Maelis cannot be Fixated on themselves"),
    ("wraith", {"hp": 0}, "the wraith is at 0 HP: a Fixated on them would end at once"),
    ("wraith", {"conditions": [{"name": "hidden"}]}, "the wraith is Hidden"),
])
def test_la16_fixated_refuses_an_enemy_it_could_not_hold(enemy, change, words):
    s = desk(MAELIS, {**WRAITH, **change})
    out = refused(s, type="add_condition", target="maelis", name="fixated", origin_level=2,
                  enemy=enemy)
    assert words in out.error


def test_la16_enemy_is_only_for_fixated():
    out = refused(desk(MAELIS, WRAITH), type="add_condition", target="maelis", name="slowed",
                  origin_level=2, enemy="wraith")
    assert "`enemy` is only for fixated" in out.error


def test_la15_until_the_scene_ends():
    """LA-15 "Every effect has a different duration": one lasting until the scene ends."""
    s = run(desk(MAELIS), type="add_condition", target="maelis", name="slowed",
            origin_level=2, until="scene").state
    assert ch(run(s, type="end_turn", target="maelis"), "maelis")["conditions"]
    out = run(s, type="end_scene")
    assert names(ch(out, "maelis")) == []
    assert "Maelis: slowed lasted until the scene ends: it ends" in texts(out)


def test_la15_until_a_full_rest_outlasts_the_scene():
    s = run(desk(MAELIS), type="add_condition", target="maelis", name="terrified",
            origin_level=2, until="full_rest").state
    s = run(s, type="end_scene").state
    assert names(ch(run(s, type="full_rest", target="maelis"), "maelis")) == []
    assert names(s["characters"]["maelis"]) == ["terrified"]


def test_la15_no_full_rest_for_the_unconscious_wounded_keeps_it():
    """LA-5: the Wounded unconscious at 0 HP get only the slow recovery, not a Full Rest."""
    s = run(desk({**MAELIS, "hp": -2, "wounded": True}), type="add_condition",
            target="maelis", name="terrified", origin_level=2, until="full_rest").state
    out = run(s, type="full_rest", target="maelis", recovery_roll=3)
    assert names(ch(out, "maelis")) == ["terrified"]


def test_la15_a_duration_the_gm_notes_is_kept_until_the_gm_ends_it():
    s = run(desk(MAELIS), type="add_condition", target="maelis", name="blinded",
            origin_level=2, duration="10 minutes")
    assert "blinded (Save Difficulty 2, 10 minutes)" in texts(s)
    s = run(s.state, type="end_scene").state
    s = run(s, type="full_rest", target="maelis").state
    assert ch(run(s, type="remove_condition", target="maelis", name="blinded"),
              "maelis")["conditions"] == []


@pytest.mark.parametrize("more, words", [
    ({"rounds": 2, "until": "scene"}, "give one duration, not `rounds` and `until`"),
    ({"until": "dawn"}, "`until` must be one of scene, full_rest"),
    ({"duration": "x" * 61}, "`duration` is 61 characters long"),
])
def test_la15_one_duration_and_a_known_one(more, words):
    out = refused(desk(MAELIS), type="add_condition", target="maelis", name="slowed",
                  origin_level=2, **more)
    assert words in out.error


def test_la15_conditions_saved_before_durations_read_the_same():
    """A condition without `until`, `duration` or `enemy` stores none of them."""
    out = run(desk(MAELIS), type="add_condition", target="maelis", name="slowed",
              origin_level=2, rounds=2)
    assert set(ch(out, "maelis")["conditions"][0]) == {
        "name", "origin_level", "bumps", "amount", "from_trauma", "save_ends", "rounds"}
