"""Stonetop healing rules ST-8 … ST-12 and ST-15 (RULES.md §2), with the seeds' examples."""

import pytest

from harmdesk.rules.engine import apply, new_state


def desk(*sheets, **settings):
    return new_state("stonetop", settings, list(sheets))


def pc(cid, **kw):
    return {"id": cid, "name": kw.pop("name", cid.title()), "kind": kw.pop("kind", "pc"),
            "max_hp": kw.pop("max_hp", 16), **kw}


def do(state, **action):
    return apply(state, action)


def char(out, cid):
    return out.state["characters"][cid]


def texts(c):
    return [w["text"] for w in c["wounds"]]


def test_st9_caradoc_recovers_once_then_refused():
    """ST-9 / ST-T9: Caradoc lost 9, Prosperity 0: Recover → +4 HP, supplies −1, dazed
    cleared by the GM; a second Recover is refused until he takes more damage."""
    state = desk(pc("caradoc", hp=7, supplies=3, debilities=["dazed"]))
    out = do(state, type="recover", target="caradoc", debility="dazed")
    assert out.ok, out.error
    c = char(out, "caradoc")
    assert (c["hp"], c["supplies"], c["debilities"], c["can_recover"]) == (11, 2, [], False)
    assert "4 + Prosperity 0 = 4" in out.events[0].text
    again = do(out.state, type="recover", target="caradoc")
    assert not again.ok and "until they take more damage" in again.error
    assert again.state is out.state
    hurt = do(out.state, type="damage", target="caradoc", amount=1)
    assert do(hurt.state, type="recover", target="caradoc").ok


def test_st9_recover_heals_4_plus_prosperity_capped():
    """ST-9 / ST-8: Prosperity 2 → 6 HP, never above max."""
    out = do(desk(pc("a", hp=12), prosperity=2), type="recover", target="a")
    assert char(out, "a")["hp"] == 16
    out = do(desk(pc("a", hp=2), prosperity=2), type="recover", target="a")
    assert char(out, "a")["hp"] == 8


def test_st9_recover_refused_without_supplies():
    """ST-9 / DESIGN: a tracked supply that is not there is refused."""
    state = desk(pc("a", hp=3, supplies=0))
    out = do(state, type="recover", target="a")
    assert not out.ok and "supplies" in out.error and out.state is state


def test_st9_recover_refused_at_full_hp_and_for_monsters():
    """ST-9: nothing to Recover at full HP; ST-12: monsters use `rest`, not Recover."""
    out = do(desk(pc("a")), type="recover", target="a")
    assert not out.ok and "full HP" in out.error
    out = do(desk(pc("m", kind="monster", hp=2)), type="recover", target="m")
    assert not out.ok and "rest" in out.error


def test_st9_recover_refused_while_dying():
    """ST-7: a dying character must roll Death's Door first."""
    out = do(desk(pc("a", hp=0, death="dying")), type="recover", target="a")
    assert not out.ok and "Death's Door" in out.error


def test_st10_vahid_tend_clears_weakened_without_hp():
    """ST-9 ambiguity / ST-10: Vahid spends 1 supply to clear weakened; HP unchanged."""
    state = desk(pc("vahid", hp=14, supplies=2, debilities=["dazed", "weakened"]))
    out = do(state, type="tend", target="vahid", debility="weakened", supplies=1,
             how="eats a huge meal")
    v = char(out, "vahid")
    assert (v["hp"], v["supplies"], v["debilities"]) == (14, 1, ["dazed"])
    assert v["can_recover"] is True


def test_st10_make_camp_party():
    """ST-10 / ST-T10: Caradoc 7→15, Vahid 6→14 (debilities stay), Rhianna 10→16,
    Blodwen 16→16 with no advantage."""
    state = desk(pc("caradoc", hp=7), pc("vahid", hp=6, debilities=["weakened", "dazed"]),
                 pc("rhianna", hp=10), pc("blodwen"))
    out = do(state, type="make_camp", target=["caradoc", "vahid", "rhianna", "blodwen"],
             choice="hp")
    assert out.ok, out.error
    hps = [char(out, c)["hp"] for c in ("caradoc", "vahid", "rhianna", "blodwen")]
    assert hps == [15, 14, 16, 16]
    assert char(out, "vahid")["debilities"] == ["dazed", "weakened"]
    blodwen = next(e for e in out.events if e.target == "blodwen")
    assert "no advantage" in blodwen.text and blodwen.data["advantage"] is False


def test_st10_make_camp_half_rounds_up_with_bedroll():
    """ST-10: max 15 → half is 8; 4 + 8 + bedroll 3 = 15."""
    out = do(desk(pc("a", max_hp=15, hp=4)), type="make_camp", target="a", choice="hp", bedroll=3)
    assert char(out, "a")["hp"] == 15


def test_st10_make_camp_bedroll_setting():
    """ST-10: with bedroll = "hp_choice" a debility pick gets no bedroll HP."""
    sheet = pc("a", hp=4, debilities=["miserable"])
    a = do(desk(sheet), type="make_camp", target="a", choice="debility", debility="miserable",
           bedroll=5)
    b = do(desk(sheet, bedroll="hp_choice"), type="make_camp", target="a", choice="debility",
           debility="miserable", bedroll=5)
    assert char(a, "a")["hp"] == 9 and char(b, "a")["hp"] == 4
    assert char(a, "a")["debilities"] == [] == char(b, "a")["debilities"]


def test_st10_make_camp_unfed_refused():
    """ST-10: a camp that cannot feed everyone gets no pick at all."""
    out = do(desk(pc("a", hp=3)), type="make_camp", target="a", choice="hp", fed=False)
    assert not out.ok and "eat" in out.error


def test_st10_make_camp_unmarked_debility_refused():
    """ST-10: the debility pick must name a marked debility."""
    out = do(desk(pc("a", debilities=["dazed"])), type="make_camp", target="a",
             choice="debility", debility="weakened")
    assert not out.ok and "not weakened" in out.error


def test_st10_make_camp_comfort_gives_advantage_event():
    """ST-10: a peaceful, comfortable rest gives advantage on the next roll."""
    out = do(desk(pc("a", hp=3)), type="make_camp", target="a", choice="hp", comfortable=True)
    assert "advantage on the next roll" in out.events[0].text


def test_st11_convalesce_full_hp_clears_debilities_and_healed_wounds():
    """ST-11: full HP, all debilities cleared; weeks with a healer heal the named wounds."""
    state = desk(pc("r", hp=3, debilities=["dazed", "miserable"],
                    wounds=["twisted ankle", "lost right arm"]))
    out = do(state, type="convalesce", target="r", healed_wounds=["twisted ankle"])
    r = char(out, "r")
    assert (r["hp"], r["debilities"], texts(r)) == (16, [], ["lost right arm"])


def test_st12_npc_rest_lengths():
    """ST-12: minutes as the GM says, a night half max rounded up, days full; PCs refused."""
    npc = pc("n", kind="npc", max_hp=7, hp=1)
    assert char(do(desk(npc), type="rest", target="n", length="minutes", amount=4), "n")["hp"] == 5
    assert char(do(desk(npc), type="rest", target="n", length="night"), "n")["hp"] == 5
    assert char(do(desk(npc), type="rest", target="n", length="days"), "n")["hp"] == 7
    out = do(desk(npc), type="rest", target="n", length="minutes")
    assert not out.ok and "`amount` or `dice`" in out.error
    out = do(desk(pc("p", hp=1)), type="rest", target="p", length="night")
    assert not out.ok and "Make Camp" in out.error


def test_st8_heal_caps_at_max_and_refuses_dead():
    """ST-8: HP never above max; ST-7: healing cannot undo death."""
    out = do(desk(pc("a", hp=10)), type="heal", target="a", dice="2d6", rolls=[6, 5])
    assert char(out, "a")["hp"] == 16 and out.events[0].data["healed"] == 6
    state = desk(pc("d", hp=0, death="dead"))
    out = do(state, type="heal", target="d", amount=3)
    assert not out.ok and "dead" in out.error and out.state is state


def test_st7_healing_keeps_out_of_action_and_fate_pending():
    """ST-7: healing does not clear out_of_action; fate_pending holds."""
    out = do(desk(pc("a", hp=0, death="out_of_action")), type="heal", target="a", amount=5)
    assert char(out, "a")["death"] == "out_of_action" and char(out, "a")["hp"] == 5
    out = do(desk(pc("a", hp=0, death="fate_pending")), type="heal", target="a", amount=5)
    assert char(out, "a")["death"] == "fate_pending"


@pytest.mark.parametrize("reading,expected", [("stabilizes", "out_of_action"),
                                              ("no_change", "dying")])
def test_st7_healing_a_dying_character_setting(reading, expected):
    """ST-7 reading: healing a dying character stabilizes them (default) or not."""
    out = do(desk(pc("a", hp=0, death="dying"), healing_dying=reading), type="heal",
             target="a", amount=3)
    assert char(out, "a")["death"] == expected


def test_st15_garet_second_supply_wakes_him_at_4():
    """ST-15 / ST-T12 (cost): two uses of Blodwen's supplies → Garet awake at 4 HP."""
    state = desk(pc("blodwen", supplies=3),
                 pc("garet", kind="follower", max_hp=8, hp=0, death="dying",
                    wounds=["leg slashed open, bleeding badly"]))
    out = do(state, type="tend", target="garet", supplies_from="blodwen", supplies=2,
             wound="leg slashed open, bleeding badly", wound_becomes="leg stitched, in pain",
             heal=4, death="none")
    assert out.ok, out.error
    g = char(out, "garet")
    assert (g["hp"], g["death"], texts(g)) == (4, "none", ["leg stitched, in pain"])
    assert char(out, "blodwen")["supplies"] == 1


def test_st15_garet_one_supply_stable_at_zero():
    """ST-15 / ST-T12 (lesser success): one supply → stable at 0 HP, out of the action."""
    state = desk(pc("blodwen", supplies=3),
                 pc("garet", kind="follower", max_hp=8, hp=0, death="dying"))
    out = do(state, type="tend", target="garet", supplies_from="blodwen", supplies=1,
             death="out_of_action")
    g = char(out, "garet")
    assert (g["hp"], g["death"]) == (0, "out_of_action")
    assert char(out, "blodwen")["supplies"] == 2


def test_st15_tend_refusals():
    """ST-15: back on their feet at 0 HP is refused; unknown wounds are refused."""
    state = desk(pc("g", hp=0, death="dying", supplies=1))
    out = do(state, type="tend", target="g", death="none")
    assert not out.ok and "0 HP" in out.error
    out = do(state, type="tend", target="g", wound="nope", supplies=1)
    assert not out.ok and "no wound" in out.error


def garet_desk(supplies=3):
    """ST-15: Garet, a follower at 0 HP bleeding out; Blodwen carries the supplies."""
    return desk(pc("blodwen", supplies=supplies),
                pc("garet", kind="follower", max_hp=8, hp=0, death="dying",
                   wounds=["leg slashed open"]))


def tend_garet(state, **extra):
    """Tend Garet's wound as the GM set it out: 1 use of supplies, Defy Danger +INT, and
    if it all goes well he is awake at 4 HP."""
    return do(state, type="tend", target="garet", supplies_from="blodwen", supplies=1,
              wound="leg slashed open", wound_becomes="leg stitched", heal=4, death="none",
              **extra)


def test_st15_defy_danger_10_plus_does_what_the_tending_set_out_to_do():
    """ST-15: on a 10+ Blodwen does it: one use of supplies, Garet awake at 4 HP."""
    out = tend_garet(garet_desk(), defy_danger="10+")
    assert out.ok, out.error
    g = char(out, "garet")
    assert (g["hp"], g["death"], texts(g)) == (4, "none", ["leg stitched"])
    assert char(out, "blodwen")["supplies"] == 2
    assert "Defy Danger 10+" in out.events[0].text and out.events[0].data["defy_danger"] == "10+"


def test_st15_seven_to_nine_cost_is_a_second_use_of_supplies():
    """ST-15 / ST-T12 (cost): a 7–9 and the player pays the cost: a second use of supplies
    keeps Garet going, awake at 4 HP."""
    out = tend_garet(garet_desk(), defy_danger="7-9", pick="cost")
    assert out.ok, out.error
    assert (char(out, "garet")["hp"], char(out, "garet")["death"]) == (4, "none")
    assert char(out, "blodwen")["supplies"] == 1
    assert "a second use of supplies" in out.events[0].text
    assert "spends 2 uses of Blodwen's supplies (3 → 1)" in out.events[0].text


def test_st15_seven_to_nine_lesser_success_is_stable_at_zero():
    """ST-15 / ST-T12 (lesser success): the bleeding stops but Garet is stable at 0 HP,
    out of the action; one use of supplies."""
    out = tend_garet(garet_desk(), defy_danger="7-9", pick="lesser")
    assert out.ok, out.error
    g = char(out, "garet")
    assert (g["hp"], g["death"], texts(g)) == (0, "out_of_action", ["leg stitched"])
    assert char(out, "blodwen")["supplies"] == 2
    assert "the lesser success" in out.events[0].text
    again = do(out.state, type="deaths_door", target="garet", roll=10)
    assert not again.ok and "not dying" in again.error


def test_st15_a_miss_tends_nothing_and_the_gm_makes_a_move():
    """ST-15 (6−): nothing is taken care of; the use of supplies is still spent; Garet is
    still dying and the GM makes a move."""
    out = tend_garet(garet_desk(), defy_danger="6-")
    assert out.ok, out.error
    g = char(out, "garet")
    assert (g["hp"], g["death"], texts(g)) == (0, "dying", ["leg slashed open"])
    assert char(out, "blodwen")["supplies"] == 2
    assert "the GM makes a move" in out.events[0].text


def test_st15_defy_danger_refusals_change_nothing():
    """ST-15: a 7–9 needs the player's pick; a pick belongs to a 7–9 only; a lesser
    success needs something to hold back; the cost needs the second use of supplies."""
    state = garet_desk()
    assert "`pick`" in tend_garet(state, defy_danger="7-9").error
    assert "not of 10+" in tend_garet(state, defy_danger="10+", pick="cost").error
    assert "defy_danger" in tend_garet(state, defy_danger="8").error
    out = do(state, type="tend", target="garet", wound="leg slashed open", supplies=0,
             defy_danger="7-9", pick="lesser")
    assert not out.ok and "hold back" in out.error
    out = tend_garet(garet_desk(supplies=1), defy_danger="7-9", pick="cost")
    assert not out.ok and "needs 2" in out.error and out.state["characters"]["blodwen"][
        "supplies"] == 1


def test_st12_the_gms_number_stands_over_the_guide():
    """ST-12: "Use the player moves as guidelines … The fiction, of course, takes
    precedence": 2 HP for two minutes, 0 for a construct, a roll, or more than half max
    for a night are the GM's to give; a negative amount is still refused."""
    npc = pc("n", kind="monster", max_hp=20, hp=1)
    for action, hp in (({"length": "minutes", "amount": 2}, 3),
                       ({"length": "minutes", "amount": 0}, 1),
                       ({"length": "minutes", "amount": 9}, 10),
                       ({"length": "minutes", "dice": "d4+1", "rolls": [4]}, 6),
                       ({"length": "night", "amount": 15}, 16)):
        out = do(desk(npc), type="rest", target="n", **action)
        assert out.ok, out.error
        assert char(out, "n")["hp"] == hp, action
    assert "the GM's 15 HP (the guide: 10)" in do(desk(npc), type="rest", target="n",
                                                 length="night", amount=15).events[0].text
    out = do(desk(npc), type="rest", target="n", length="minutes", amount=-1)
    assert not out.ok and "negative" in out.error
    out = do(desk(npc), type="rest", target="n", length="minutes", dice="d4")
    assert not out.ok and out.needs and out.needs[0]["dice"] == "d4"


@pytest.mark.parametrize("reading, death", [("stabilizes", "out_of_action"),
                                            ("no_change", "dying"), ("awake", "none")])
def test_st15_healing_dying_readings(reading, death):
    """ST-15 (Garet, "awake with 4 HP and able to move about slowly"): setting
    healing_dying decides what healing a dying PC to 1+ HP does."""
    out = do(desk(pc("g", hp=0, death="dying"), healing_dying=reading),
             type="heal", target="g", amount=4)
    assert (char(out, "g")["hp"], char(out, "g")["death"]) == (4, death)
    if reading == "awake":
        assert "able to move about slowly" in out.events[0].text


def test_st15_tending_a_dying_follower_awake_under_the_awake_reading():
    """ST-15: tending that heals someone dying, with no `death` named, follows the
    setting: awake (none) under "awake", out of the action otherwise."""
    garet = pc("garet", kind="follower", max_hp=6, hp=0, death="dying")
    for reading, death in (("awake", "none"), ("stabilizes", "out_of_action")):
        out = do(desk(garet, healing_dying=reading), type="tend", target="garet", heal=4)
        assert out.ok, out.error
        assert char(out, "garet")["death"] == death
        assert out.events[0].data["death_after"] == death
