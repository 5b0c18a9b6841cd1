"""The players' display as plain data: who is shown, how, and never a number for those
shown as words (ST-6, ST-7, LA-4, LA-6, LA-16, FF-2 … FF-4)."""

import re

from hypothesis import given, settings, strategies as st

from harmdesk.desk import players
from harmdesk.rules.engine import apply, new_state


def desk(system, *sheets, settings_=None):
    return new_state(system, settings_ or {}, list(sheets))


def step(state, action):
    outcome = apply(state, action)
    assert outcome.ok, outcome
    return outcome.state


def looks_of(system, state):
    return {c.id: (c.look, c.words, c.notes) for c in players.cards(system, state["characters"])}


# who is shown, and how --------------------------------------------------------------
def test_the_party_is_shown_in_full_and_everyone_else_as_words_by_default():
    state = desk("stonetop", {"id": "r", "name": "Rhianna", "kind": "pc", "max_hp": 18},
                 {"id": "f", "name": "Fin", "kind": "follower", "max_hp": 6},
                 {"id": "n", "name": "Olwin", "kind": "npc", "max_hp": 6},
                 {"id": "h", "name": "The Hagr", "kind": "monster", "max_hp": 20})
    cards = {c.id: c for c in players.cards("stonetop", state["characters"])}
    assert {k: c.visibility for k, c in cards.items()} == \
        {"r": "full", "f": "full", "n": "words", "h": "words"}
    assert cards["r"].bar == (18, 18, "18/18 HP") and cards["h"].bar is None


def test_a_monster_added_hidden_has_no_card_until_revealed_and_the_log_says_so():
    state = desk("stonetop", {"id": "h", "name": "The Hagr", "kind": "monster", "max_hp": 20,
                              "players_see": "hidden"})
    assert players.cards("stonetop", state["characters"]) == []
    outcome = apply(state, {"type": "edit_character", "target": "h",
                            "changes": {"players_see": "words"}})
    assert outcome.ok and outcome.events[-1].text == \
        "The Hagr: shown to the players as words only"
    assert [c.id for c in players.cards("stonetop", outcome.state["characters"])] == ["h"]
    shown = step(outcome.state, {"type": "edit_character", "target": "h",
                                 "changes": {"players_see": None}})
    assert "players_see" not in shown["characters"]["h"]  # back to the default: words


def test_a_visibility_that_is_not_one_of_the_three_is_refused_and_changes_nothing():
    state = desk("stonetop", {"id": "h", "name": "H", "kind": "monster", "max_hp": 20})
    outcome = apply(state, {"type": "edit_character", "target": "h",
                            "changes": {"players_see": "secret"}})
    assert not outcome.ok and "full, words, hidden" in outcome.error
    assert outcome.state is state


# Stonetop -----------------------------------------------------------------------------
def test_stonetop_words_follow_hp_debilities_and_deaths_door():
    state = desk("stonetop", {"id": "r", "name": "Rhianna", "kind": "pc", "max_hp": 18},
                 {"id": "h", "name": "The Hagr", "kind": "monster", "max_hp": 20})
    assert looks_of("stonetop", state)["h"][:2] == ("unhurt", "unhurt")
    state = step(state, {"type": "damage", "target": "h", "amount": 3})
    assert looks_of("stonetop", state)["h"][:2] == ("hurt", "hurt")
    state = step(state, {"type": "damage", "target": "h", "amount": 7})   # 10/20: half
    assert looks_of("stonetop", state)["h"][:2] == ("badly_hurt", "badly hurt")
    state = step(state, {"type": "mark_debility", "target": "r", "debility": "dazed"})
    assert looks_of("stonetop", state)["r"] == ("badly_hurt", "badly hurt", ("dazed",))
    # ST-7: a PC at 0 HP from a lethal source is dying, at Death's Door
    state = step(state, {"type": "damage", "target": "r", "amount": 30})
    assert looks_of("stonetop", state)["r"][:2] == ("deaths_door", "at Death's Door")
    # ST-6: a monster at 0 HP from lethal damage is dead; non-lethal, out of the action
    state = step(state, {"type": "damage", "target": "h", "amount": 30, "lethal": False})
    assert looks_of("stonetop", state)["h"][:2] == ("out_of_action", "out of the action")
    state = step(state, {"type": "set_death", "target": "h", "death": "dead"})
    assert looks_of("stonetop", state)["h"][:2] == ("dead", "dead")


def test_the_gms_rewording_replaces_the_words_and_blank_words_keep_the_games_own():
    state = desk("stonetop", {"id": "h", "name": "The Hagr", "kind": "monster", "max_hp": 20})
    state = step(state, {"type": "damage", "target": "h", "amount": 12})
    reworded = {"badly_hurt": "bloodied", "hurt": "   "}
    [card] = players.cards("stonetop", state["characters"], reworded)
    assert (card.look, card.words) == ("badly_hurt", "bloodied")
    assert players.looks("stonetop", reworded)["hurt"].words == "hurt"


# Lux Aeterna --------------------------------------------------------------------------
def test_lux_aeterna_shows_wounded_unconscious_strain_and_visible_conditions_only():
    state = desk("lux_aeterna", {"id": "s", "name": "Sara", "kind": "pc", "max_hp": 10},
                 {"id": "g", "name": "Ghoul", "kind": "monster", "max_hp": 8})
    state = step(state, {"type": "add_condition", "target": "g", "name": "stunned",
                         "origin_level": 2})
    state = step(state, {"type": "add_condition", "target": "g", "name": "invisible"})
    assert looks_of("lux_aeterna", state)["g"] == ("unhurt", "unhurt", ("stunned",))
    # LA-4: a lethal blow to 0 HP or below: unconscious and Wounded, with a Trauma roll
    state = step(state, {"type": "damage", "target": "s", "amount": 12, "trauma_roll": 5,
                         "brush_roll": 6})
    look, words, notes = looks_of("lux_aeterna", state)["s"]
    assert (look, words) == ("wounded", "Wounded") and "unconscious" in notes
    # LA-6: a Wounded character's turn adds Strain
    state = step(state, {"type": "start_turn", "target": "s"})
    assert "under Strain" in looks_of("lux_aeterna", state)["s"][2]


# Freedom Fantasies --------------------------------------------------------------------
def test_freedom_fantasies_wounded_story_ends_broken_and_destroyed():
    state = desk("freedom_fantasies", {"id": "b", "name": "Brann", "kind": "pc", "hp": 5},
                 {"id": "d", "name": "Door", "kind": "object", "hp": 4})
    state = step(state, {"type": "damage", "target": "b", "amount": 6})   # FF-2: past HP
    state = step(state, {"type": "damage", "target": "d", "amount": 5})   # FF-4: Broken
    assert looks_of("freedom_fantasies", state)["b"][:2] == ("wounded", "Wounded")
    assert looks_of("freedom_fantasies", state)["d"][:2] == ("broken", "Broken")
    before = players.card("freedom_fantasies", state["characters"]["b"])
    state = step(state, {"type": "damage", "target": "b", "amount": 6})   # FF-3: past 2× HP
    after = players.card("freedom_fantasies", state["characters"]["b"])
    assert after.words == "Story ends"
    table = players.looks("freedom_fantasies")
    assert players.announcement(before, after, table) == "Brann: Story ends"
    state = step(state, {"type": "damage", "target": "d", "amount": 5})
    assert looks_of("freedom_fantasies", state)["d"][:2] == ("destroyed", "Destroyed")


# what is announced --------------------------------------------------------------------
def test_changes_are_announced_in_words_and_nothing_is_said_of_the_hidden():
    state = desk("stonetop", {"id": "r", "name": "Rhianna", "kind": "pc", "max_hp": 18})
    before = players.card("stonetop", state["characters"]["r"])
    after_state = step(state, {"type": "damage", "target": "r", "amount": 30})
    after = players.card("stonetop", after_state["characters"]["r"])
    assert players.announcement(before, after) == "Rhianna is at Death's Door"
    assert players.announcement(before, before) is None
    assert players.announcement(before, None) is None
    assert players.announcement(None, after) == "Rhianna appears: at Death's Door"


@settings(max_examples=60, deadline=None)
@given(hp=st.integers(8, 40), hits=st.lists(st.integers(0, 30), max_size=6),
       system=st.sampled_from(["stonetop", "lux_aeterna", "freedom_fantasies"]))
def test_a_character_shown_as_words_never_carries_a_number(hp, hits, system):
    key = "hp" if system == "freedom_fantasies" else "max_hp"
    state = desk(system, {"id": "m", "name": "Grim", "kind": "monster", key: hp})
    for amount in hits:
        outcome = apply(state, {"type": "damage", "target": "m", "amount": amount,
                                "trauma_roll": 10, "brush_roll": 3})
        state = outcome.state if outcome.ok else state
        [card] = players.cards(system, state["characters"])
        assert card.bar is None
        shown = " ".join(str(v) for v in vars(card).values())
        assert not re.search(r"\d", shown), shown


# what a correction of the log announces ------------------------------------------------
def test_a_correction_says_what_is_no_longer_so_in_the_players_words_only():
    state = desk("stonetop", {"id": "b", "name": "Bran", "kind": "pc", "max_hp": 12},
                 {"id": "h", "name": "The Hagr", "kind": "monster", "max_hp": 20})
    hurt = step(state, {"type": "damage", "target": "b", "amount": 3})
    dying = step(hurt, {"type": "damage", "target": "b", "amount": 30})
    table = players.looks("stonetop")
    at_door, only_hurt = (players.card("stonetop", s["characters"]["b"], table=table)
                          for s in (dying, hurt))
    # the hit that took him to 0 HP is reverted: he is no longer at Death's Door
    assert players.correction_announcement(at_door, only_hurt, table) == \
        "Correction: Bran is no longer at Death's Door"
    # and the other way (the revert undone): said as a change, marked as a correction
    assert players.correction_announcement(only_hurt, at_door, table) == \
        "Correction: Bran is at Death's Door"
    assert players.correction_announcement(only_hurt, only_hurt, table) is None
    # a words-only card (the monster) is told in its words, never its numbers
    hagr = step(hurt, {"type": "damage", "target": "h", "amount": 12})
    shown = [players.card("stonetop", s["characters"]["h"], table=table) for s in (hagr, hurt)]
    said = players.correction_announcement(*shown, table)
    assert said == "Correction: The Hagr is no longer badly hurt"
    assert not re.search(r"\d", said)
    # a hidden character (no card after) announces nothing
    assert players.correction_announcement(at_door, None, table) is None


def test_a_correction_of_a_broken_object_and_of_a_story_that_ended():
    state = desk("freedom_fantasies", {"id": "b", "name": "Brann", "kind": "pc", "hp": 5},
                 {"id": "d", "name": "Door", "kind": "object", "hp": 4})
    table = players.looks("freedom_fantasies")
    broken = step(state, {"type": "damage", "target": "d", "amount": 5})
    cards = [players.card("freedom_fantasies", s["characters"]["d"], table=table)
             for s in (broken, state)]
    assert players.correction_announcement(*cards, table) == "Correction: Door is no longer Broken"
    ended = step(state, {"type": "damage", "target": "b", "amount": 11})
    cards = [players.card("freedom_fantasies", s["characters"]["b"], table=table)
             for s in (ended, state)]
    assert players.correction_announcement(*cards, table) == \
        "Correction: Brann: no longer Story ends"
