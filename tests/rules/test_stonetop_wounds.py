"""Stonetop problematic wounds (ST-14, ST-11): source, permanence, requirements."""

from harmdesk.rules.engine import apply, new_state

RHIANNA = {"id": "r", "name": "Rhianna", "kind": "pc", "max_hp": 16, "hp": 9}
DEVICE = "design and make a device for drawing & releasing a bow one-handed"
PLAN = [DEVICE, "learn to use the device", "months of practice"]


def desk(*wounds, **settings):
    return new_state("stonetop", settings, [{**RHIANNA, "wounds": list(wounds)}])


def do(state, **action):
    return apply(state, {"target": "r", **action})


def wounds(out):
    return out.state["characters"]["r"]["wounds"]


def test_st14_add_wound_keeps_source_permanence_and_requirements():
    """ST-11, ST-14 (Rhianna lost her right arm at Three Coven Lake; Make a Plan writes
    down what it takes)."""
    out = do(desk(), type="add_wound", text="lost right arm", source="Three Coven Lake",
             permanent=True, requirements=PLAN)
    assert out.ok, out.error
    assert wounds(out) == [{"text": "lost right arm", "source": "Three Coven Lake",
                            "permanent": True,
                            "requirements": [{"text": t, "met": False} for t in PLAN]}]
    assert "lost right arm (permanent; from Three Coven Lake)" in out.events[0].text
    assert "to treat it: " + DEVICE in out.events[0].text


def test_st11_treat_wound_meets_requirements_one_by_one():
    """ST-11: the requirements are met as the fiction meets them; all met does not remove
    the wound (her bow loses the reload tag, the arm stays lost)."""
    state = desk({"text": "lost right arm", "permanent": True, "requirements": PLAN})
    out = do(state, type="treat_wound", wound="lost right arm", met=[DEVICE])
    assert out.ok, out.error
    assert [r["met"] for r in wounds(out)[0]["requirements"]] == [True, False, False]
    assert "1 of 3 requirements met" in out.events[0].text
    out = do(out.state, type="treat_wound", wound="lost right arm",
             met=["learn to use the device", "months of practice"])
    assert "every requirement met (3 of 3)" in out.events[0].text
    assert wounds(out)[0]["text"] == "lost right arm"
    again = do(out.state, type="treat_wound", wound="lost right arm", met=[DEVICE])
    assert not again.ok and "already met" in again.error


def test_st11_the_gm_adds_requirements_and_rules_permanence():
    """ST-14 ("Tell them the requirements: … you'll need to splint it and find a cane");
    a wound ruled permanent no longer heals with Convalesce."""
    state = desk("twisted ankle")
    out = do(state, type="treat_wound", wound="twisted ankle",
             require=["splint it", "find a cane or a crutch"])
    assert [r["text"] for r in wounds(out)[0]["requirements"]] == [
        "splint it", "find a cane or a crutch"]
    dup = do(out.state, type="treat_wound", wound="twisted ankle", require=["splint it"])
    assert not dup.ok and "already requires" in dup.error
    unknown = do(out.state, type="treat_wound", wound="twisted ankle", met=["pray"])
    assert not unknown.ok and "no requirement 'pray'" in unknown.error
    nothing = do(out.state, type="treat_wound", wound="twisted ankle")
    assert not nothing.ok and "`require`" in nothing.error
    permanent = do(out.state, type="treat_wound", wound="twisted ankle", permanent=True)
    assert wounds(permanent)[0]["permanent"] is True
    healed = do(permanent.state, type="convalesce", healed_wounds=["twisted ankle"])
    assert not healed.ok and "permanent" in healed.error and "Make a Plan" in healed.error
    ok = do(out.state, type="convalesce", healed_wounds=["twisted ankle"])
    assert ok.ok and wounds(ok) == []


def test_st14_old_states_hold_wounds_as_text_or_none_at_all():
    """States saved before wounds carried a source hold plain text, and older ones may
    lack the list: every wound action reads them, and writes today's objects."""
    state = desk()
    old = state["characters"]["r"]
    old["wounds"] = ["gashed forehead", "broken fingers"]
    out = do(state, type="treat_wound", wound="broken fingers", require=["a splint"])
    assert out.ok, out.error
    assert wounds(out)[0] == {"text": "gashed forehead", "source": None, "permanent": False,
                              "requirements": []}
    assert wounds(out)[1]["requirements"] == [{"text": "a splint", "met": False}]
    tended = do(state, type="tend", wound="gashed forehead", wound_becomes="stitched")
    assert [w["text"] for w in wounds(tended)] == ["stitched", "broken fingers"]
    del old["wounds"]
    added = do(state, type="add_wound", text="bitten", source="a crinwin")
    assert added.ok, added.error
    assert [w["source"] for w in wounds(added)] == ["a crinwin"]
    missing = do(state, type="remove_wound", text="bitten")
    assert not missing.ok and "no wound 'bitten'" in missing.error


def test_st15_tending_a_wound_keeps_its_source_and_requirements():
    """ST-15: what the wound becomes keeps where it came from and what it requires."""
    state = desk({"text": "leg slashed open", "source": "a feathered drake",
                  "requirements": ["a tourniquet"]})
    out = do(state, type="tend", wound="leg slashed open", wound_becomes="leg stitched")
    assert wounds(out) == [{"text": "leg stitched", "source": "a feathered drake",
                            "permanent": False,
                            "requirements": [{"text": "a tourniquet", "met": False}]}]


def test_st14_bad_wound_sheets_are_refused_by_name():
    """A sheet's wound is text or an object of known keys."""
    for bad, words in (([{"text": "x", "sorce": "y"}], "sorce"), ([7], "wounds[0]"),
                       ([{"text": "x", "requirements": "walk"}], "list of requirements")):
        try:
            new_state("stonetop", {}, [{**RHIANNA, "wounds": bad}])
        except Exception as err:  # SheetError names the field
            assert words in str(err)
        else:
            raise AssertionError(f"{bad!r} was accepted")


# ST-11: a wound's effects while it lasts (Rhianna's bow and Let Fly) -------------------
def rhianna_with_arm(**wound):
    from harmdesk.rules.engine import apply, new_state
    state = new_state("stonetop", {}, [{"id": "r", "name": "Rhianna", "kind": "pc",
                                        "max_hp": 16}])
    out = apply(state, {"type": "add_wound", "target": "r", "text": "lost right arm",
                        "requirements": ["a device", "practice"], "gear_tags": ["bow: reload"],
                        "disadvantage": ["Let Fly"], **wound})
    assert out.ok, out.error
    return out


def test_st11_a_wound_records_its_effects_and_the_log_names_them():
    """ST-11: "your bow will have the reload tag and you'll Let Fly with disadvantage"."""
    out = rhianna_with_arm()
    wound = out.state["characters"]["r"]["wounds"][0]
    assert wound["gear_tags"] == [{"item": "bow", "tag": "reload"}]
    assert wound["disadvantage"] == ["Let Fly"]
    assert out.events[0].text.endswith(
        "while it lasts: the bow has the reload tag; Let Fly with disadvantage")


def test_st11_a_wound_without_effects_is_saved_as_before():
    """ST-14: a wound with no effects holds no effect keys (old logs replay the same)."""
    from harmdesk.rules.engine import apply, new_state
    state = new_state("stonetop", {}, [{"id": "r", "name": "R", "kind": "pc", "max_hp": 9}])
    out = apply(state, {"type": "add_wound", "target": "r", "text": "gash"})
    assert out.state["characters"]["r"]["wounds"] == [
        {"text": "gash", "source": None, "permanent": False, "requirements": []}]


def test_st11_effects_end_when_every_requirement_is_met_not_before():
    """ST-11: "once you get another month of practice, you'll … Let Fly without penalty":
    the penalty lasts until every requirement is met; the wound itself stays."""
    from harmdesk.profiles import profile_for
    from harmdesk.rules.engine import apply
    tiles = profile_for("stonetop").tile_facts
    out = rhianna_with_arm()
    out = apply(out.state, {"type": "treat_wound", "target": "r", "wound": "lost right arm",
                            "met": ["a device"]})
    assert "its effects end" not in out.events[0].text
    assert "bow: reload" in tiles(out.state["characters"]["r"]).badges
    out = apply(out.state, {"type": "treat_wound", "target": "r", "wound": "lost right arm",
                            "met": ["practice"]})
    assert "its effects end: the bow loses the reload tag; Let Fly without penalty" in \
        out.events[0].text
    badges = tiles(out.state["characters"]["r"]).badges
    assert "bow: reload" not in badges and "Let Fly with disadvantage" not in badges
    assert any(b.startswith("wound: lost right arm") for b in badges)


def test_st14_effects_end_when_the_wound_heals():
    """ST-14: the wound heals (remove_wound, Convalesce): its effects go with it."""
    from harmdesk.rules.engine import apply
    out = rhianna_with_arm()
    healed = apply(out.state, {"type": "remove_wound", "target": "r", "text": "lost right arm"})
    assert "its effects end: the bow loses the reload tag" in healed.events[0].text
    camp = apply(out.state, {"type": "convalesce", "target": "r",
                             "healed_wounds": ["lost right arm"]})
    assert "Let Fly without penalty" in " ".join(e.text for e in camp.events)


def test_st11_a_gear_tag_names_the_gear_and_the_tag():
    """ST-11: "bow: reload"; a bare "bow" is refused, naming the form."""
    from harmdesk.rules.engine import apply, new_state
    state = new_state("stonetop", {}, [{"id": "r", "name": "R", "kind": "pc", "max_hp": 9}])
    out = apply(state, {"type": "add_wound", "target": "r", "text": "x", "gear_tags": ["bow"]})
    assert not out.ok and "as \"bow: reload\"" in out.error
    out = apply(state, {"type": "add_wound", "target": "r", "text": "x",
                        "disadvantage": ["", "Let Fly"]})
    assert not out.ok and "disadvantage[0]" in out.error


def test_st11_a_new_requirement_brings_the_effects_back():
    """ST-11: the penalty lasts "until the requirements are met": a requirement named
    after the others were met brings it back until that one is met too."""
    from harmdesk.rules.engine import apply
    out = rhianna_with_arm()
    out = apply(out.state, {"type": "treat_wound", "target": "r", "wound": "lost right arm",
                            "met": ["a device", "practice"]})
    out = apply(out.state, {"type": "treat_wound", "target": "r", "wound": "lost right arm",
                            "require": ["a month more"]})
    assert out.ok, out.error
    assert "its effects hold again: the bow has the reload tag; Let Fly with disadvantage" \
        in out.events[0].text
