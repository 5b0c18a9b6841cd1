"""Freedom Fantasies: Momentum Points while Wounded (RULES.md §4, FF-2).

"if you wish to use any Action or Reaction to affect the Story, you must expend 1
Momentum Point for each Action you use."
"""

import pytest

from harmdesk.rules.engine import new_state

from .kit import ch as char, desk_of, refused, run, texts

FF = "freedom_fantasies"
desk = desk_of(FF)


def test_ff2_momentum_starts_from_the_sheet_or_zero():
    """FF-2: a sheet may give Momentum Points; without one it is 0."""
    state = desk({"id": "a", "hp": 10, "momentum": 3}, {"id": "b", "hp": 10})
    assert state["characters"]["a"]["momentum"] == 3
    assert state["characters"]["b"]["momentum"] == 0


def test_ff2_gain_momentum_adds_points():
    """FF-2: the GM grants Momentum (1 by default, or an amount)."""
    out = run(desk({"id": "a", "hp": 10}), type="gain_momentum", target="a")
    assert char(out, "a")["momentum"] == 1
    out = run(out.state, type="gain_momentum", target="a", amount=2)
    assert char(out, "a")["momentum"] == 3 and "Momentum 1 + 2 → 3" in texts(out)


def test_ff2_a_wounded_character_pays_one_point_per_action():
    """FF-2: Wounded, 3 Momentum: one Action → 2; two Actions → 0; another → refused."""
    state = desk({"id": "a", "hp": 10, "damage": 11, "momentum": 3})
    out = run(state, type="spend_momentum", target="a")
    assert char(out, "a")["momentum"] == 2 and "Momentum 3 − 1 → 2" in texts(out)
    out = run(out.state, type="spend_momentum", target="a", actions=2)
    assert char(out, "a")["momentum"] == 0
    out = refused(out.state, type="spend_momentum", target="a")
    assert "Wounded and has 0 Momentum Points" in out.error


def test_ff2_two_actions_with_one_point_are_refused_whole():
    """FF-2: 1 point cannot pay for 2 Actions; nothing is spent."""
    out = refused(desk({"id": "a", "hp": 10, "damage": 11, "momentum": 1}),
                  type="spend_momentum", target="a", actions=2)
    assert "2 Actions costs 2" in out.error


def test_ff2_actions_cost_no_momentum_when_not_wounded():
    """FF-2: only a Wounded character pays Momentum for an Action."""
    out = refused(desk({"id": "a", "hp": 10, "damage": 10, "momentum": 2}),
                  type="spend_momentum", target="a")
    assert "not Wounded" in out.error


@pytest.mark.parametrize("sheet,reason", [
    ({"id": "a", "hp": 4, "damage": 9, "momentum": 2}, "Story has Ended"),
    ({"id": "a", "kind": "object", "hp": 4, "damage": 5}, "object"),
])
def test_ff2_no_momentum_for_an_ended_story_or_an_object(sheet, reason):
    """FF-3: an ended Story takes no more Actions; FF-4: objects have no Momentum."""
    state = desk(sheet)
    assert reason in refused(state, type="spend_momentum", target="a").error
    if sheet.get("kind") == "object":
        assert reason in refused(state, type="gain_momentum", target="a").error


def test_ff2_a_wounded_healer_pays_momentum_for_the_check_even_when_it_fails():
    """FF-2 / FF-11: a Wounded healer's Medicine check is an Action: 1 Momentum, refused
    without it (nothing healed, no Supplies spent)."""
    state = desk({"id": "h", "hp": 10, "damage": 12, "supplies": 2, "momentum": 1})
    out = run(state, type="medicine", healer="h", roll=3, split={})
    assert char(out, "h")["momentum"] == 0 and char(out, "h")["supplies"] == 1
    out = refused(out.state, type="medicine", healer="h", roll=15, split={"h": 2})
    assert "Medicine check costs 1" in out.error


def test_ff2_a_healer_who_is_not_wounded_pays_no_momentum():
    """FF-2: Momentum is the price of Actions only while Wounded."""
    out = run(desk({"id": "h", "hp": 10, "damage": 5, "momentum": 1}),
              type="medicine", healer="h", roll=15, split={"h": 5})
    assert char(out, "h")["momentum"] == 1 and "Momentum" not in texts(out)


def test_ff2_a_state_saved_before_momentum_counts_zero():
    """FF-2: a character saved without `momentum` reads as 0 and can gain it."""
    state = desk({"id": "a", "hp": 10, "damage": 11})
    del state["characters"]["a"]["momentum"]
    out = refused(state, type="spend_momentum", target="a")
    assert "0 Momentum Points" in out.error
    out = run(state, type="gain_momentum", target="a")
    assert char(out, "a")["momentum"] == 1
    out = run(state, type="set_state", target="a", momentum=4)
    assert char(out, "a")["momentum"] == 4


def test_ff2_gm_corrects_momentum():
    """FF-2: set_state sets Momentum as given; the same value is refused as no change."""
    state = desk({"id": "a", "hp": 10, "momentum": 2})
    out = run(state, type="set_state", target="a", momentum=0)
    assert char(out, "a")["momentum"] == 0 and "Momentum 2 → 0" in texts(out)
    assert "already has" in refused(state, type="set_state", target="a", momentum=2).error
    assert "at least 1" in refused(state, type="gain_momentum", target="a", amount=0).error


def test_ff2_being_wounded_names_the_momentum_left():
    """FF-2: the Wounded event says what each Action costs and the points there are."""
    state = new_state(FF, {}, [{"id": "a", "hp": 10, "momentum": 2}])
    out = run(state, type="damage", target="a", amount=11)
    assert "each Action costs 1 Momentum Point (Momentum 2)" in texts(out)
