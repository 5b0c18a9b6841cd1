"""One display profile per game: the window and the summary read each game's words,
columns, chips and checks from its profile, and the profile takes its numbers from the
rules (FF-2, FF-3, FF-4, FF-11)."""

import ast
from pathlib import Path
from typing import ClassVar

import pytest
from PySide6.QtCore import QObject, Qt, Signal

from harmdesk import profiles
from harmdesk.desk import quick
from harmdesk.profiles import parts, profile_for
from harmdesk.profiles.parts import Chip, Edit, Profile
from harmdesk.rules.core import SheetError
from harmdesk.rules.engine import SYSTEM_NAMES, system_named
from harmdesk.rules.freedom_fantasies import status
from harmdesk.rules.freedom_fantasies.healing import split_fits
from harmdesk.rules.system import DANGER_KINDS, PARTY_KINDS
from tests.conftest import ROOT


def string_literals(folder: Path, wanted) -> list[str]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in wanted:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    return found


def test_every_game_of_the_rules_has_a_profile_with_the_rules_names_and_kinds():
    assert set(profiles.names()) >= set(SYSTEM_NAMES)
    for name in SYSTEM_NAMES:
        profile, rules = profile_for(name), system_named(name)
        assert (profile.name, profile.title, profile.kinds) == (rules.name, rules.title,
                                                                 rules.kinds)
        assert len(profile.headers) == 7 and set(profile.edits) <= {"bar", "guard", "buffer"}
        assert (profile.party_kinds, profile.danger_kinds) == (PARTY_KINDS, DANGER_KINDS)
        # every action a chip or an editable column makes is one the game's rules know
        known = set(rules.actions) | {"edit_character"}
        for chip in (*profile.move_chips, *profile.condition_chips):
            assert chip.action["type"] in known, chip
        for edit in profile.edits.values():
            assert edit.action in known, edit
    with pytest.raises(KeyError):
        profile_for("dungeon_world")


def test_no_game_is_named_in_the_window_or_the_summary():
    """The window and the report iterate over the profile: no `system == "stonetop"`."""
    assert string_literals(ROOT / "harmdesk" / "qt", SYSTEM_NAMES) == []
    assert string_literals(ROOT / "harmdesk" / "report", SYSTEM_NAMES) == []
    # the scan does find such names where they belong
    assert string_literals(ROOT / "harmdesk" / "rules", SYSTEM_NAMES)


@pytest.mark.parametrize("kind, first, second", [("pc", "wounded", "story_ended"),
                                                 ("object", "broken", "destroyed")])
def test_ff2_ff3_ff4_the_bar_marks_and_the_state_shown_are_the_rules_thresholds(kind, first,
                                                                                 second):
    ff = profile_for("freedom_fantasies")
    hp = 7
    assert status.thresholds(hp) == (7, 14)
    for damage in range(0, 17):
        char = {"id": "a", "name": "A", "kind": kind, "hp": hp, "damage": damage,
                "block": 1, "protection": 0, "protection_source": None}
        status.settle(char)
        facts = ff.tile_facts(char)
        assert [at for at, _ in facts.bar.marks] == list(status.thresholds(hp))
        assert facts.bar.maximum == status.thresholds(hp)[1] + 1
        expected = second if status.exceeds_twice_hp(damage, hp) else \
            first if status.exceeds_hp(damage, hp) else "ok"
        assert facts.status == expected, damage
        # the summary's chart marks and closest call measure from the same thresholds
        assert ff.report.marks(char) == facts.bar.marks
        assert ff.report.margin(char) == (14 - damage) / 14
    assert ff.object_kinds == (status.OBJECT,)


def test_st13_la14_la10_the_dialogs_word_lists_are_the_rules_own_objects():
    from harmdesk.rules.lux_aeterna import common as la
    from harmdesk.rules.stonetop import sheet as st
    stonetop, lux, ff = (profile_for(n) for n in SYSTEM_NAMES)
    assert stonetop.debilities is st.DEBILITIES and stonetop.death_words is st.DEATH_WORDS
    assert lux.conditions is la.CONDITIONS and lux.trauma_names is la.TRAUMA_NAMES
    assert lux.positive_conditions is la.POSITIVE
    assert lux.conditions_with_amount is la.WITH_AMOUNT
    # a game without them offers none
    assert (stonetop.conditions, lux.debilities, ff.trauma_names) == ((), (), {})


def test_each_profile_holds_its_games_rule_settings():
    for name in SYSTEM_NAMES:
        profile, rules = profile_for(name), system_named(name)
        assert profile.settings is rules.settings
        assert profile.full_settings({}) == {k: s.default for k, s in rules.settings.items()}
    with pytest.raises(SheetError):
        profile_for("stonetop").full_settings({"no_such_rule": 1})


def test_an_unknown_game_is_titled_by_its_own_name():
    assert profiles.title_of("lux_aeterna") == "Lux Aeterna"
    assert profiles.title_of("dungeon_world") == "dungeon_world"


def test_ff11_the_medicine_split_is_checked_by_the_rules_own_function():
    assert profiles.profile_for("freedom_fantasies").medicine_split_fits is split_fits
    assert profiles.profile_for("stonetop").medicine_split_fits is None
    assert split_fits(10, 10) and not split_fits(11, 10)


def test_ff1_ff8_the_sheet_reads_like_the_rules():
    """FF-1: HP is a limit, not a current value; FF-8: Resistance and Vulnerability change
    the odds to hit, never the amount (the sheet once said halved and doubled)."""
    tips = {f.key: f.tip for f in profile_for("freedom_fantasies").sheet}
    assert "Current" not in tips["hp"] and "never changes" in tips["hp"]
    for key, odds in (("resistant", "Disadvantage"), ("vulnerable", "Advantage")):
        assert odds in tips[key] and "unchanged" in tips[key]
        assert "halved" not in tips[key] and "doubled" not in tips[key]


def test_ff2_the_tile_shows_momentum_while_wounded_or_held():
    """FF-2: Momentum shows on a Wounded character's tile (even 0) and whenever some is
    held; not on objects, and a state saved without it reads as 0."""
    from harmdesk.desk.display import tile_facts
    from harmdesk.rules.engine import new_state
    chars = new_state("freedom_fantasies", {}, [
        {"id": "a", "hp": 5, "damage": 6}, {"id": "b", "hp": 5, "momentum": 2},
        {"id": "c", "hp": 5}, {"id": "d", "kind": "object", "hp": 5, "damage": 6}])["characters"]
    del chars["a"]["momentum"]
    extra = {cid: tile_facts("freedom_fantasies", c).extra for cid, c in chars.items()}
    assert extra == {"a": ("Momentum 0", "no longer the target of further attacks"),
                     "b": ("Momentum 2",), "c": (), "d": ()}


# a fourth game, registered without touching harmdesk/qt ----------------------------------
def toy_facts(char):
    from harmdesk.profiles.parts import Bar, TileFacts
    return TileFacts(char["name"], "PC", Bar(char["hp"], 9, f"{char['hp']}/9 Grit"),
                     ("Nerve", "2"), None)


TOY = Profile(
    name="ashes", title="Ashes of the Old Road", kinds=("pc", "monster"),
    tile_facts=toy_facts,
    headers=("Name", "Kind", "Grit", "Nerve", "—", "Scars", "State"),
    edits={"bar": Edit("set_state", "hp", "Grit")},
    severity=(("d12", "a falling tower"),),
    move_chips=(Chip("Catch breath", {"type": "catch_breath"}, "Catch your breath."),),
    condition_chips=(Chip("Shaken", {"type": "add_condition", "name": "shaken"}, "Shaken."),),
    conditions_title="Scars",
    gang=False,
    modifiers=("ignores_armor", "attacker_weakened"),
    attack_fields=(),
    quick_forms=(*parts.HEADS, parts.Modifier("7 ia", "ignores armor", pattern="ia",
                                              read=lambda m: {"ignores_armor": True})),
    condition_pages=("add_condition",), moves_pages=("stabilize",), sheet=(),
    death_ruling=None, no_death_ruling="Ashes has no death state.", ends_scenes=False,
    report=profile_for("stonetop").report,
)


class ToyController(QObject):
    campaignChanged = Signal()
    changed = Signal(object)
    refused = Signal(str, list)
    queued = Signal(list)
    read_only = False
    profile = TOY
    campaign = object()  # open
    state: ClassVar[dict] = {"system": "ashes", "settings": {}, "characters": {
        "mara": {"id": "mara", "name": "Mara", "kind": "pc", "hp": 5},
        "wolf": {"id": "wolf", "name": "Ash wolf", "kind": "monster", "hp": 4,
                 "attack": {"dice": "d6"}}}}


@pytest.fixture
def toy():
    profiles.register(TOY)
    yield ToyController()
    profiles.forget(TOY.name)


def test_a_fourth_game_builds_its_own_tray_from_its_profile(qtbot, toy):
    from harmdesk.qt.tray import TrayWidget
    tray = TrayWidget(toy)
    qtbot.addWidget(tray)
    assert [c.text() for c in tray.chips_in("severity")] == ["d12 — a falling tower"]
    assert [c.chip()["action"] for c in tray.chips_in("moves")] == [{"type": "catch_breath"}]
    assert [c.text() for c in tray.chips_in("conditions")] == ["Shaken"]
    assert tray.ui.conditionsGroup.title() == "Scars"
    assert [c.text() for c in tray.chips_in("dangers")] == ["Ash wolf d6"]
    assert not tray.ui.gangGroup.isVisibleTo(tray)
    # its two toggles, and none of the others
    visible = {w.objectName() for w in (tray.ui.piercingSpin, tray.ui.ignoresArmorCheck,
                                        tray.ui.nonLethalCheck, tray.ui.knockoutCheck,
                                        tray.ui.weakenedCheck, tray.ui.directCheck)
               if w.isVisibleTo(tray)}
    assert visible == {"ignoresArmorCheck", "weakenedCheck"}
    assert not tray.ui.typeMods.isVisibleTo(tray)
    tray.ui.ignoresArmorCheck.setChecked(True)
    tray.ui.piercingSpin.setValue(2)  # hidden here: not this game's toggle
    tray.ui.weakenedCheck.setChecked(True)
    assert tray.modifiers() == {"ignores_armor": True, "attacker_weakened": True}
    # its quick entry reads its own words and refuses the others' with its own title
    tray.ui.typedEdit.setText("7 ia")
    assert tray.ui.typedChip.isEnabled()
    with pytest.raises(quick.QuickEntryError, match="not a Ashes of the Old Road rule"):
        quick.parse("7 p1", "ashes")


def test_a_fourth_game_builds_its_own_table_from_its_profile(qtbot, toy):
    from harmdesk.qt.desk_model import BAR, GUARD, NAME, DeskModel
    model = DeskModel(toy)
    model.reload()
    headers = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(7)]
    assert headers == list(TOY.headers)
    assert model.index(0, BAR).data() == "5/9 Grit"
    editable = [col for col in range(7)
                if model.flags(model.index(0, col)) & Qt.ItemFlag.ItemIsEditable]
    assert editable == [NAME, BAR] and GUARD not in editable
    assert model.index(0, BAR).data(Qt.ItemDataRole.EditRole) == "5"
