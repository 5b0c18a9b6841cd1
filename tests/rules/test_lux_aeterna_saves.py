"""Lux Aeterna Saves (RULES.md §3, LA-14, LA-10 #15): "Once per round when your turn
ends, you may roll your Save"; Charmed "May Save to end the condition any time you take
damage", one Save for each time, and no more; Chronic Pain: "Disadvantage on all Saves"."""

from harmdesk.rules.lux_aeterna.conditions import saves_at_turn_end
from tests.rules.kit import desk_of, refused, run, texts

lux = desk_of("lux_aeterna")

KARIS = {"id": "karis", "name": "Karis", "max_hp": 12,
         "conditions": [{"name": "charmed", "origin_level": 6}]}
WRAITH = {"id": "wraith", "name": "the wraith", "kind": "monster", "max_hp": 30}
NO_MORE = ("Karis has already Saved this round and has taken no damage since: Charmed allows "
           "the Save once per round when the turn ends, and one more each time they take "
           "damage")


def fighting(*sheets):
    order = [s["id"] for s in sheets]
    return run(lux(*sheets), type="start_encounter", order=order).state


def charmed(out_or_state):
    state = getattr(out_or_state, "state", out_or_state)
    return next(c for c in state["characters"]["karis"]["conditions"] if c["name"] == "charmed")


def test_la14_three_charmed_saves_in_a_round_without_damage_are_one_chance():
    """LA-14: with no damage taken, Charmed has only the once-per-round Save."""
    state = run(fighting(KARIS, WRAITH), type="save", target="karis", condition="charmed",
                bumps=1).state
    out = refused(state, type="save", target="karis", condition="charmed", bumps=1)
    assert out.error == NO_MORE
    assert refused(state, type="next_turn", condition="charmed", bumps=1).error == NO_MORE
    assert charmed(state)["bumps"] == 1


def test_la14_each_hit_gives_a_charmed_character_one_more_save():
    """LA-14: two hits, two more Saves in the same round; a third is refused."""
    state = run(fighting(KARIS, WRAITH), type="next_turn", condition="charmed", bumps=1).state
    for _ in range(2):
        state = run(state, type="damage", target="karis", amount=1, source="wraith").state
    assert charmed(state)["damage_saves"] == 2
    state = run(state, type="save", target="karis", condition="charmed", bumps=1).state
    out = run(state, type="save", target="karis", condition="charmed", bumps=1)
    assert "Save against charmed: 2 + 1 = 3 of 6 Bumps" in texts(out)
    assert "damage_saves" not in charmed(out)
    assert refused(out.state, type="save", target="karis", condition="charmed",
                   bumps=1).error == NO_MORE


def test_la14_a_damage_save_waits_while_the_turns_own_save_is_rolled():
    """LA-14: hit before the turn ends, the turn's Save is the round's; the damage's stays
    for later in the round."""
    state = run(fighting(KARIS, WRAITH), type="damage", target="karis", amount=1).state
    state = run(state, type="next_turn", condition="charmed", bumps=2).state
    assert charmed(state)["damage_saves"] == 1 and ch_round(state) == 1
    out = run(state, type="save", target="karis", condition="charmed", bumps=2)
    assert "damage_saves" not in charmed(out) and charmed(out)["bumps"] == 4


def ch_round(state):
    return state["characters"]["karis"]["saved_round"]


def test_la14_the_turns_save_offers_charmed_while_damage_owes_a_save():
    """LA-14: after the round's Save, the turn's prompt offers Charmed only once damage
    has given another."""
    state = run(fighting(KARIS, WRAITH), type="save", target="karis", condition="charmed",
                bumps=1).state
    karis = state["characters"]["karis"]
    assert saves_at_turn_end(karis, state["settings"]) == []
    state = run(state, type="damage", target="karis", amount=1).state
    assert saves_at_turn_end(state["characters"]["karis"], state["settings"]) == [
        {"condition": "charmed", "bumps": 1, "needed": 6}]
    state = run(state, type="next_turn", condition="charmed", bumps=1).state
    assert "damage_saves" not in charmed(state)


def test_la14_charmed_a_save_cannot_end_is_saved_against_only_after_damage():
    """LA-14: "(even if a Save wouldn't normally end the condition)": only damage gives
    that Save."""
    bound = {**KARIS, "conditions": [{"name": "charmed", "save_ends": False}]}
    state = fighting(bound, WRAITH)
    out = refused(state, type="save", target="karis", condition="charmed", bumps=1)
    assert "is not ended by a Save (only after taking damage)" in out.error
    state = run(state, type="damage", target="karis", amount=1).state
    assert "charmed ends" in texts(run(state, type="save", target="karis",
                                       condition="charmed", bumps=1))


def test_la14_the_saves_damage_owed_end_with_the_scene():
    """LA-14/LA-15: a Save owed for a hit in one encounter is not rolled in the next."""
    state = run(fighting(KARIS, WRAITH), type="damage", target="karis", amount=1).state
    state = run(state, type="end_encounter").state
    assert "damage_saves" not in charmed(state)


def test_la14_outside_an_encounter_charmed_saves_stay_unlimited():
    """LA-14: no round is known outside an encounter, so nothing limits the Saves."""
    state = lux(KARIS)
    for _ in range(3):
        state = run(state, type="save", target="karis", condition="charmed", bumps=1).state
    assert charmed(state)["bumps"] == 3


# LA-10 #15 Chronic Pain: "You have Disadvantage on all Saves" ---------------------------
ROCHE = {"id": "roche", "name": "Roche", "max_hp": 20, "traumas": [15],
         "conditions": [{"name": "frozen", "origin_level": 8}]}


def test_la10_chronic_pains_disadvantage_is_logged_with_each_save():
    """LA-10 #15 / LA-14: the Save's log line and its details name the Disadvantage."""
    out = run(lux(ROCHE), type="save", target="roche", condition="frozen", bumps=3)
    assert "Save against frozen (Disadvantage: Chronic Pain): 0 + 3 = 3 of 8 Bumps" in \
        texts(out)
    assert out.events[-1].data["disadvantage"] == "Chronic Pain"
    plain = {**ROCHE, "traumas": []}
    out = run(lux(plain), type="save", target="roche", condition="frozen", bumps=8)
    assert "Save against frozen: 0 + 8 = 8 of 8 Bumps; frozen ends" in texts(out)
    assert "disadvantage" not in out.events[-1].data


def test_la10_chronic_pain_tilts_the_full_rests_trauma_saves_too():
    """LA-10 #15 / LA-11: the Trauma Save after a Full Rest is a Save; treated, it also has
    Advantage, and the log names both."""
    out = run(lux(ROCHE), type="full_rest", target="roche", trauma_bumps=2)
    assert "Trauma Save (Disadvantage: Chronic Pain): 0 + 2 = 2 of 5 Bumps" in texts(out)
    state = run(lux(ROCHE), type="treat_trauma", target="roche", trauma=15).state
    out = run(state, type="full_rest", target="roche", trauma_bumps=2)
    assert ("Trauma Save (with Advantage: Trauma 15 Chronic Pain medically treated; "
            "Disadvantage: Chronic Pain)") in texts(out)


def test_la10_chronic_pain_ends_with_its_trauma():
    """LA-11: the Trauma healed, Saves are plain again."""
    from harmdesk.rules.lux_aeterna.trauma import save_odds
    state = lux(ROCHE)
    assert save_odds(state["characters"]["roche"]) == "Disadvantage: Chronic Pain"
    state = run(state, type="heal_trauma", target="roche", trauma=15).state
    assert save_odds(state["characters"]["roche"]) == ""
