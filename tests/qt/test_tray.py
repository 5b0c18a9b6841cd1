"""The tray: which chips each system offers, the actions they build, drags, keys, the gang slot."""

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import QApplication

from harmdesk.desk import chips
from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.qt.controller import DeskController
from harmdesk.qt.tray import TrayWidget
from harmdesk.qt.tray_chips import ChipButton, chip_in, dangers, mime_for
from harmdesk.rules.engine import apply
from harmdesk.rules.lux_aeterna.common import CONDITIONS
from harmdesk.store import Store

COPY = Qt.DropAction.CopyAction
LEFT = Qt.MouseButton.LeftButton
NONE = Qt.KeyboardModifier.NoModifier

STONETOP = [
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2},
    {"id": "brawler", "name": "Brawler", "kind": "pc", "max_hp": 18,
     "attack": {"dice": "d8"}},  # a PC's attack is not a prepared danger
    {"id": "reeve", "name": "Reeve", "kind": "npc", "max_hp": 6},
    {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 16, "armor": 2,
     "attack": {"dice": "d10+3", "tags": ["forceful"]}},
    {"id": "coedwig", "name": "Coedwig", "kind": "monster", "max_hp": 3,
     "attack": {"dice": "d6", "piercing": 1}},
]
LUX = [{"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 20},
       {"id": "wraith", "name": "Ice wraith", "kind": "monster", "max_hp": 40,
        "attack": {"dice": "2d6+2"}}]
FREEDOM = [{"id": "brute", "name": "Brann", "kind": "pc", "hp": 12, "might": 2,
            "block_bonus": 1},
           {"id": "troll", "name": "Bridge troll", "kind": "monster", "hp": 20,
            "vulnerable": ["fire"], "attack": {"dice": "d10+2", "damage_type": "bludgeoning"}}]


@pytest.fixture
def tray_store(tmp_path):
    store = Store.open(tmp_path)
    Campaign.create(store, "Wood", "stonetop", {"prosperity": 2}, STONETOP)
    Campaign.create(store, "Lux", "lux_aeterna", {}, LUX)
    Campaign.create(store, "Free", "freedom_fantasies", {}, FREEDOM)
    yield store
    store.close()


@pytest.fixture
def desk(qtbot, tray_store):
    controller = DeskController()
    controller.set_service(Service.on(Campaign.open(tray_store, "Wood")))
    return controller


@pytest.fixture
def tray(qtbot, desk):
    widget = TrayWidget(desk)
    qtbot.addWidget(widget)
    widget.resize(340, 900)
    return widget


def open_campaign(desk, store, name):
    desk.set_service(Service.on(Campaign.open(store, name)))


def activated(qtbot, tray, do) -> dict:
    with qtbot.waitSignal(tray.chipActivated, timeout=20000) as blocker:
        do()
    return blocker.args[0]


def chip_named(tray, section, text) -> ChipButton:
    return next(c for c in tray.chips_in(section) if c.text().startswith(text))


def shown(widget, tray) -> bool:
    return widget.isVisibleTo(tray)


def one_line(chip) -> str:
    """A chip's text and the ticked modifiers it says it takes (in its tooltip)."""
    return chip.text() + (f" + {chip.takes}" if chip.takes else "")


# sections per system ------------------------------------------------------------------
def test_stonetop_offers_severity_dice_debilities_recover_and_gang(tray):
    texts = [c.text() for c in tray.chips_in("severity")]
    assert texts == ["d4 — bruises, scrapes, light burns", "d6 — nasty flesh wounds, bad burns",
                     "d8 — broken bones, debilitating pain", "d10 — death or dismemberment"]
    assert [c.chip()["action"] for c in tray.chips_in("conditions")] == [
        {"type": "mark_debility", "debility": d} for d in ("weakened", "dazed", "miserable")]
    assert tray.ui.conditionsGroup.title() == "Debilities"
    assert [c.chip()["action"] for c in tray.chips_in("moves")] == [{"type": "recover"}]
    assert [c.chip()["action"] for c in tray.chips_in("heal")] == [
        {"type": "heal", "dice": d} for d in ("d4", "d6", "d8")]
    assert shown(tray.ui.gangGroup, tray) and shown(tray.ui.checkMods, tray)
    assert [w.text() for w in (tray.ui.xPiercingCheck, tray.ui.ignoresArmorCheck,
                               tray.ui.nonLethalCheck) if shown(w, tray)] == [
        "&x piercing", "&Ignores armor", "&Non-lethal"]
    assert not shown(tray.ui.knockoutMods, tray) and not shown(tray.ui.typeMods, tray)
    assert not shown(tray.ui.emptyLabel, tray)


def test_lux_aeterna_offers_conditions_that_ask_for_the_origin_level(tray, desk, tray_store):
    open_campaign(desk, tray_store, "Lux")
    assert tray.chips_in("severity") == [] and not shown(tray.ui.severityBox, tray)
    made = [c.chip() for c in tray.chips_in("conditions")]
    assert [m["action"] for m in made] == [{"type": "add_condition", "name": n}
                                           for n in CONDITIONS]
    assert all(m["ask"] == "condition" for m in made)
    assert tray.ui.conditionsGroup.title() == "Conditions"
    assert not shown(tray.ui.gangGroup, tray) and shown(tray.ui.knockoutMods, tray)
    assert shown(tray.ui.knockoutCheck, tray) and shown(tray.ui.weakenedCheck, tray)
    assert not shown(tray.ui.checkMods, tray) and not shown(tray.ui.typeMods, tray)
    assert [c.text() for c in tray.chips_in("moves")] == ["Stabilize", "Start turn", "End turn"]


def test_freedom_fantasies_has_no_conditions_or_gang(tray, desk, tray_store):
    open_campaign(desk, tray_store, "Free")
    assert not shown(tray.ui.conditionsGroup, tray) and not shown(tray.ui.gangGroup, tray)
    assert shown(tray.ui.typeMods, tray) and not shown(tray.ui.checkMods, tray)
    assert not shown(tray.ui.knockoutMods, tray)
    assert [c.text() for c in tray.chips_in("dangers")] == ["Bridge troll d10+2"]
    # the desk's own damage types are offered first
    assert tray.ui.damageTypeCombo.itemText(1) == "fire"


def test_without_a_campaign_the_tray_says_so():
    controller = DeskController()
    widget = TrayWidget(controller)
    try:
        assert shown(widget.ui.emptyLabel, widget)
        assert not shown(widget.ui.damageGroup, widget)
    finally:
        widget.deleteLater()


# prepared dangers ---------------------------------------------------------------------
def test_dangers_are_the_npcs_and_monsters_with_an_attack(tray):
    dangers = tray.chips_in("dangers")
    assert [c.text() for c in dangers] == ["Hagr d10+3", "Coedwig d6"]
    assert dangers[0].chip() == chips.attack_chip(["hagr"], "Hagr d10+3")
    assert "forceful" in dangers[0].toolTip()


def test_dangers_follow_the_desk(tray, desk):
    monster = {"id": "wolf", "name": "Wolf", "kind": "monster", "max_hp": 6,
               "attack": {"dice": "d6+1"}}
    assert desk.submit({"type": "add_character", "character": monster})
    assert [c.text() for c in tray.chips_in("dangers")][-1] == "Wolf d6+1"
    assert tray.ui.gangCombo.findData("wolf") >= 0
    assert desk.submit({"type": "remove_character", "target": "hagr"})
    assert "Hagr d10+3" not in [c.text() for c in tray.chips_in("dangers")]


def test_a_step_keeps_the_chips_of_the_dangers_it_leaves_alone(tray, desk):
    hagr, coedwig = tray.chips_in("dangers")
    wolf = {"id": "wolf", "name": "Wolf", "kind": "monster", "max_hp": 6,
            "attack": {"dice": "d6+1"}}
    assert desk.submit({"type": "add_character", "character": wolf})
    kept = tray.chips_in("dangers")
    assert kept[:2] == [hagr, coedwig] and kept[0] is hagr and kept[1] is coedwig
    assert desk.submit({"type": "damage", "target": "hagr", "amount": 1})
    assert tray.chips_in("dangers") == kept  # a step on the desk rebuilds no chip
    assert desk.submit({"type": "remove_character", "target": "hagr"})
    assert [c.text() for c in tray.chips_in("dangers")] == ["Coedwig d6", "Wolf d6+1"]
    assert tray.chips_in("dangers")[0] is coedwig and not hagr.isVisibleTo(tray)


def test_a_step_reads_only_the_characters_it_changed_not_the_desk(tray, desk, monkeypatch):
    """The dangers follow a step from the characters it changed: a hit on one tile of a
    long desk does not read every character again; a danger's new name still shows."""
    import harmdesk.qt.tray as tray_module
    read = []
    monkeypatch.setattr(tray_module, "dangers",
                        lambda state, kinds: read.append(1) or dangers(state, kinds))
    kept = tray.chips_in("dangers")
    assert desk.submit({"type": "damage", "target": "heavy", "amount": 1})
    assert desk.submit({"type": "damage", "target": "hagr", "amount": 1})
    assert read == [] and tray.chips_in("dangers") == kept
    assert desk.submit({"type": "edit_character", "target": "hagr",
                        "changes": {"name": "Old Hagr"}})
    assert read == [1]
    assert [c.text() for c in tray.chips_in("dangers")] == ["Old Hagr d10+3", "Coedwig d6"]
    assert tray.ui.gangCombo.itemText(0) == "Old Hagr d10+3"


def test_a_chip_put_away_serves_the_next_danger_as_its_own(tray, desk):
    hagr = tray.chips_in("dangers")[0]
    assert desk.submit({"type": "remove_character", "target": "hagr"})
    wolf = {"id": "wolf", "name": "Wolf", "kind": "monster", "max_hp": 6,
            "attack": {"dice": "d6+1"}}
    assert desk.submit({"type": "add_character", "character": wolf})
    chip = tray.chips_in("dangers")[-1]
    assert chip is hagr and chip.isVisibleTo(tray)  # the hidden chip, taken up again
    assert chip.text() == "Wolf d6+1" and chip.accessibleName() == "Wolf d6+1 chip"
    assert chip.chip() == chips.attack_chip(["wolf"], "Wolf d6+1")
    assert "Wolf" in chip.toolTip() and "Hagr" not in chip.toolTip()
    tray.ui.ignoresArmorCheck.setChecked(True)
    assert "ignores armor" in chip.toolTip() and chip.property("takes")
    tray.ui.ignoresArmorCheck.setChecked(False)
    assert "ignores armor" not in chip.toolTip() and not chip.property("takes")
    visible = [c.text() for c in tray.findChildren(ChipButton) if c.isVisibleTo(tray)]
    assert "Hagr d10+3" not in visible and visible.count("Wolf d6+1") == 1


# modifiers ---------------------------------------------------------------------------
def test_stonetop_toggles_are_named_on_the_chip_and_join_the_action_on_the_drop(
        qtbot, tray, desk):
    d8 = chip_named(tray, "severity", "d8")
    assert activated(qtbot, tray, d8.click)["action"] == {"type": "damage", "dice": "d8"}
    tray.ui.piercingSpin.setValue(1)
    tray.ui.nonLethalCheck.setChecked(True)
    assert one_line(d8) == "d8 — broken bones, debilitating pain + 1 piercing, non-lethal"
    chip = activated(qtbot, tray, d8.click)
    assert chip["label"] == "d8"  # the toggles join the action where it lands
    assert chips.action_for_drop(chip, desk.state, ["heavy"], tray.modifiers()) == {
        "type": "damage", "dice": "d8", "target": "heavy", "piercing": 1, "lethal": False}
    tray.ui.xPiercingCheck.setChecked(True)
    tray.ui.ignoresArmorCheck.setChecked(True)
    assert not tray.ui.piercingSpin.isEnabled()
    action = chips.action_for_drop(activated(qtbot, tray, d8.click), desk.state, ["heavy"],
                                   tray.modifiers())
    assert action["piercing"] == "x" and action["ignores_armor"] is True
    # the rules accept what the tray built: 6 ignores armor, so 20 -> 14
    outcome = apply(desk.state, {**action, "rolls": [6]})
    assert outcome.ok and outcome.state["characters"]["heavy"]["hp"] == 14
    assert "ignores armor" in tray.ui.modifierSummary.text()
    tray.ui.nonLethalCheck.setChecked(False)
    assert "non-lethal" not in one_line(d8) and "non-lethal" not in d8.toolTip()


def test_the_toggles_are_named_on_the_dangers_and_the_gang_too(tray, desk):
    hagr = chip_named(tray, "dangers", "Hagr")
    assert "the ticked modifiers apply to it too" in hagr.toolTip()
    tray.ui.nonLethalCheck.setChecked(True)
    assert hagr.text() == "Hagr d10+3"  # the toggles in its tooltip: the chip keeps its size
    assert "With the ticked modifiers: + non-lethal." in hagr.toolTip()
    assert hagr.chip() == chips.attack_chip(["hagr"], "Hagr d10+3")
    action = chips.action_for_drop(hagr.chip(), desk.state, ["heavy"], tray.modifiers())
    assert action["lethal"] is False and action["tags"] == ["forceful"]
    tray.ui.gangSlot.add(["coedwig", "coedwig"])
    assert tray.ui.gangSlot.deals.text() == "Deals d6+1, 1 piercing"
    assert "+ non-lethal" in tray.ui.gangSlot.toolTip()
    gang = chips.action_for_drop(tray.ui.gangSlot.chip(), desk.state, ["heavy"],
                                 tray.modifiers())
    assert gang["type"] == "gang_damage" and gang["lethal"] is False


def test_lux_aeterna_toggles(qtbot, tray, desk, tray_store):
    open_campaign(desk, tray_store, "Lux")
    tray.ui.typedEdit.setText("9")
    tray.ui.knockoutCheck.setChecked(True)
    tray.ui.weakenedCheck.setChecked(True)
    chip = activated(qtbot, tray, tray.ui.typedChip.click)
    assert one_line(tray.ui.typedChip) == "9 + non-lethal, attacker Weakened"
    action = chips.action_for_drop(chip, desk.state, ["sara"], tray.modifiers())
    assert action == {"type": "damage", "amount": 9, "target": "sara", "lethal": False,
                      "attacker_weakened": True}
    outcome = apply(desk.state, action)
    assert outcome.ok and outcome.state["characters"]["sara"]["hp"] == 16  # halved: 4


def test_freedom_fantasies_type_direct_and_additional(qtbot, tray, desk, tray_store):
    open_campaign(desk, tray_store, "Free")
    tray.ui.typedEdit.setText("5")
    tray.ui.damageTypeCombo.setEditText("Cold Iron")
    tray.ui.directCheck.setChecked(True)
    tray.ui.additionalSpin.setValue(2)
    tray.ui.additionalTypeCombo.setEditText("fire")
    chip = activated(qtbot, tray, tray.ui.typedChip.click)
    action = chips.action_for_drop(chip, desk.state, ["brute"], tray.modifiers())
    assert action == {"type": "damage", "amount": 5, "target": "brute",
                      "damage_type": "cold_iron", "direct": True,
                      "additional": [{"amount": 2, "damage_type": "fire"}]}
    outcome = apply(desk.state, action)
    assert outcome.ok and outcome.state["characters"]["brute"]["damage"] == 7
    # the troll's club keeps its own type; the toggles add Direct and the fire, and say so
    assert one_line(tray.chips_in("dangers")[0]) == \
        "Bridge troll d10+2 + Direct, +2 fire Additional Damage"
    troll = chips.action_for_drop(tray.chips_in("dangers")[0].chip(), desk.state, ["brute"],
                                  tray.modifiers())
    assert troll["damage_type"] == "bludgeoning" and troll["direct"] is True
    assert troll["additional"] == [{"amount": 2, "damage_type": "fire"}]


def test_a_bad_damage_type_is_explained_and_the_damage_chips_wait(qtbot, tray, desk,
                                                                   tray_store):
    open_campaign(desk, tray_store, "Free")
    tray.ui.damageTypeCombo.setEditText("fire!")
    assert "fire!" in tray.ui.modifierSummary.text()
    assert not tray.chips_in("dangers")[0].isEnabled()
    assert tray.chips_in("heal")[0].isEnabled()  # healing takes no modifiers
    tray.ui.typedEdit.setText("5")
    assert not tray.ui.typedChip.isEnabled()
    with qtbot.assertNotEmitted(tray.chipActivated):
        tray.ui.typedEdit.returnPressed.emit()
    tray.ui.damageTypeCombo.setEditText("fire")
    assert tray.chips_in("dangers")[0].isEnabled() and tray.ui.typedChip.isEnabled()


def test_the_damage_type_box_takes_a_name_with_digits_as_the_rules_do(tray, desk, tray_store):
    """FF-8: any snake_case name, `fire2` too (the box used to refuse digits)."""
    open_campaign(desk, tray_store, "Free")
    tray.ui.damageTypeCombo.setEditText("Fire 2")
    assert tray.modifiers()["damage_type"] == "fire_2"
    assert tray.chips_in("dangers")[0].isEnabled()


# typed amounts -----------------------------------------------------------------------
def test_typed_piercing_and_the_toggles_piercing_both_apply(qtbot, tray, desk):
    tray.ui.piercingSpin.setValue(1)
    tray.ui.nonLethalCheck.setChecked(True)
    tray.ui.typedEdit.setText("7 p2")
    assert tray.ui.typedChip.isEnabled()
    assert one_line(tray.ui.typedChip) == "7, 2 piercing + 1 piercing, non-lethal"
    chip = activated(qtbot, tray, tray.ui.typedEdit.returnPressed.emit)
    action = chips.action_for_drop(chip, desk.state, ["heavy"], tray.modifiers())
    assert action == {"type": "damage", "amount": 7, "piercing": 2, "target": "heavy",
                      "added_piercing": 1, "lethal": False}
    # ST-2 (b): 2 and 1 piercing take the larger; armor 2 - 2 = 0, all 7 lost
    assert apply(desk.state, action).state["characters"]["heavy"]["hp"] == 13


def test_bad_typed_input_gets_an_inline_message_not_a_traceback(qtbot, tray):
    tray.ui.typedEdit.setText("zz")
    message = tray.ui.typedMessage.text()
    assert "neither a number nor dice" in message and "DECIMAL" not in message
    assert shown(tray.ui.typedMessage, tray) and not tray.ui.typedChip.isEnabled()
    tray.ui.typedEdit.setText("d8+3")
    assert tray.ui.typedMessage.text() == "" and tray.ui.typedChip.isEnabled()


def test_typed_healing(qtbot, tray):
    tray.ui.healEdit.setText("d6")
    chip = activated(qtbot, tray, tray.ui.healChip.click)
    assert chip["action"] == {"type": "heal", "dice": "d6"} and chip["label"] == "Heal 1d6"
    tray.ui.healEdit.setText("7 p1")
    assert "heal takes one amount" in tray.ui.healMessage.text()
    assert not tray.ui.healChip.isEnabled()


# dragging and keys -------------------------------------------------------------------
def mouse(kind, pos, buttons=LEFT):
    return QMouseEvent(kind, QPointF(pos), QPointF(pos), LEFT, buttons, NONE)


def test_a_drag_starts_past_the_drag_distance_with_the_chip_of_that_moment(tray, monkeypatch):
    d6 = chip_named(tray, "severity", "d6")
    dragged = []
    monkeypatch.setattr(d6, "start_drag", dragged.append)
    start, distance = QPoint(5, 5), QApplication.startDragDistance()
    d6.mousePressEvent(mouse(QEvent.Type.MouseButtonPress, start))
    d6.mouseMoveEvent(mouse(QEvent.Type.MouseMove, start + QPoint(distance - 1, 0)))
    assert dragged == []
    tray.ui.ignoresArmorCheck.setChecked(True)  # toggled after the press: still counts
    d6.mouseMoveEvent(mouse(QEvent.Type.MouseMove, start + QPoint(distance + 1, 0)))
    assert dragged == [chips.action_chip("d6", {"type": "damage", "dice": "d6"})]
    assert chips.action_for_drop(dragged[0], {}, ["heavy"], tray.modifiers()) == {
        "type": "damage", "dice": "d6", "target": "heavy", "ignores_armor": True}
    assert not d6.isDown()


def test_the_drag_payload_is_the_encoded_chip():
    chip = chips.attack_chip(["hagr"], "Hagr d10+3")
    mime = mime_for(chip)
    assert bytes(mime.data(chips.MIME_TYPE).data()) == chips.encode(chip)
    assert chip_in(mime) == chip and mime.text() == "Hagr d10+3"
    other = QMimeData()
    other.setText("Hagr d10+3")
    assert chip_in(other) is None


def test_space_and_enter_activate_a_focused_chip(qtbot, tray):
    dazed = chip_named(tray, "conditions", "Dazed")
    assert dazed.focusPolicy() == Qt.FocusPolicy.StrongFocus
    for key in (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter):
        chip = activated(qtbot, tray, lambda k=key: qtbot.keyClick(dazed, k))
        assert chip["action"] == {"type": "mark_debility", "debility": "dazed"}


# the gang slot -----------------------------------------------------------------------
def enter_event(mime):
    try:  # PySide6 6.12 takes a QPointF (and deprecates QPoint); 6.11 only a QPoint
        return QDragEnterEvent(QPointF(10, 10), COPY, mime, LEFT, NONE)
    except TypeError:
        return QDragEnterEvent(QPoint(10, 10), COPY, mime, LEFT, NONE)


def drop_on(slot, chip):
    mime = mime_for(chip)
    enter = enter_event(mime)
    slot.dragEnterEvent(enter)
    if enter.isAccepted():
        slot.dropEvent(QDropEvent(QPointF(10, 10), COPY, mime, LEFT, NONE))
    return enter.isAccepted()


def test_the_gang_slot_counts_repeated_attackers_and_asks_the_rules(tray, desk):
    slot = tray.ui.gangSlot
    assert drop_on(slot, chips.attack_chip(["coedwig"], "Coedwig d6"))
    assert drop_on(slot, chips.attack_chip(["coedwig", "hagr"], "two"))
    assert not drop_on(slot, chips.action_chip("d4", {"type": "damage", "dice": "d4"}))
    assert slot.ids() == ["coedwig", "coedwig", "hagr"]
    assert slot.members.text() == "2 × Coedwig\n1 × Hagr"
    # ST-2: the largest die keeps its bonus, +1 per other combatant: d10+3+2
    assert slot.deals.text() == "Deals d10+5, 1 piercing, forceful"
    gang = slot.chip()
    assert gang["attackers"] == ["coedwig", "coedwig", "hagr"]
    action = chips.action_for_drop(gang, desk.state, ["heavy"])
    outcome = apply(desk.state, {**action, "rolls": [5]})
    # 5 + 5 = 10; armor 2 - 1 piercing = 1; 9 HP lost
    assert outcome.ok and outcome.state["characters"]["heavy"]["hp"] == 11


def test_the_gang_slot_is_keyboard_reachable_and_clears(qtbot, tray):
    tray.ui.gangCombo.setCurrentIndex(tray.ui.gangCombo.findData("coedwig"))
    tray.ui.gangAddButton.click()
    tray.ui.gangAddButton.click()
    assert tray.ui.gangSlot.ids() == ["coedwig", "coedwig"]
    assert tray.ui.gangSlot.deals.text().startswith("Deals d6+1")
    chip = activated(qtbot, tray, lambda: qtbot.keyClick(tray.ui.gangSlot, Qt.Key.Key_Space))
    assert chip == chips.attack_chip(["coedwig", "coedwig"], "Gang: d6+1, 1 piercing")
    tray.ui.gangClearButton.click()
    assert tray.ui.gangSlot.ids() == [] and tray.ui.gangSlot.chip() is None
    assert not tray.ui.gangClearButton.isEnabled()


def test_attackers_leaving_the_desk_leave_the_gang(tray, desk):
    tray.ui.gangSlot.add(["hagr", "coedwig"])
    assert desk.submit({"type": "remove_character", "target": "hagr"})
    assert tray.ui.gangSlot.ids() == ["coedwig"]
    assert tray.ui.gangSlot.deals.text() == "Deals d6, 1 piercing"


def test_an_attacker_without_an_attack_is_explained(tray):
    tray.ui.gangSlot.add(["reeve", "hagr"])
    assert "Reeve has no `attack`" in tray.ui.gangSlot.deals.text()


# chips.action_for_drop: repeated ids become counts -------------------------------------
def test_repeated_attackers_become_counts(desk):
    state = desk.state
    gang = chips.action_for_drop(chips.attack_chip(["hagr", "coedwig", "coedwig"]), state,
                                 ["heavy"])
    assert gang == {"type": "gang_damage", "target": "heavy",
                    "attackers": [{"id": "hagr"}, {"id": "coedwig", "count": 2}]}
    same = chips.action_for_drop(chips.attack_chip(["coedwig"] * 3), state, ["heavy"])
    assert same["attackers"] == [{"id": "coedwig", "count": 3}]
    outcome = apply(state, {**same, "rolls": [4]})
    assert outcome.ok and outcome.events[0].data["expression"] == "d6+2"
    assert outcome.events[0].data["combatants"] == 3
    single = chips.action_for_drop(chips.attack_chip(["coedwig"]), state, ["heavy"])
    assert single["type"] == "damage" and single["dice"] == "d6"


# a still tray -------------------------------------------------------------------------
def laid_out(tray) -> dict:
    """Where each shown chip is, and how tall the tray's contents are, once laid out."""
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    QApplication.processEvents()
    chips_shown = [c for c in tray.findChildren(ChipButton) if c.isVisible()]
    return {"height": tray.ui.scrollContents.height(),
            **{c.text(): c.mapTo(tray, QPoint(0, 0)).toTuple() + c.size().toTuple()
               for c in chips_shown}}


def tick_every_toggle(tray) -> None:
    ui = tray.ui
    for box in (ui.ignoresArmorCheck, ui.nonLethalCheck, ui.knockoutCheck, ui.weakenedCheck,
                ui.directCheck, ui.xPiercingCheck):
        box.setChecked(True)
    ui.piercingSpin.setValue(3)
    ui.damageTypeCombo.setEditText("lightning")
    ui.additionalSpin.setValue(12)
    ui.additionalTypeCombo.setEditText("cold")


@pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
@pytest.mark.parametrize("name", ["Wood", "Lux", "Free"])
def test_ticking_the_modifiers_moves_no_chip_and_keeps_the_trays_height(
        qtbot, tray, desk, tray_store, name):
    """A chip must stay under the mouse: ticking a toggle changes what the chips take,
    never their place or size, nor the height of the tray."""
    open_campaign(desk, tray_store, name)
    tray.ui.gangSlot.add(["hagr", "coedwig"] if name == "Wood" else [])
    tray.ui.typedEdit.setText("7")
    with qtbot.waitExposed(tray, timeout=20000):
        tray.show()
    still = laid_out(tray)
    tick_every_toggle(tray)
    assert tray.ui.modifierSummary.text().startswith("Every damage chip adds:")
    assert laid_out(tray) == still
    assert all(c.takes for c in tray.chips_in("severity") + tray.chips_in("dangers"))


def test_the_dragged_chips_image_is_drawn_beside_the_pointer(tray, monkeypatch):
    """The image of a dragged chip lies beside the pointer, clear of the point under it,
    so the tile's preview there stays readable."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QDrag

    from harmdesk.qt import tray_chips

    drags = []

    class Watched(QDrag):
        def exec(self, *_):
            drags.append((self.hotSpot(), self.pixmap().deviceIndependentSize().toSize()))
            return Qt.DropAction.IgnoreAction

    monkeypatch.setattr(tray_chips, "QDrag", Watched)
    for source in (chip_named(tray, "severity", "d8"), chip_named(tray, "dangers", "Hagr")):
        source.start_drag(source.chip())
    tray.ui.gangSlot.add(["hagr", "coedwig"])
    tray.ui.gangSlot.start_drag(tray.ui.gangSlot.chip())
    assert len(drags) == 3
    for hot_spot, size in drags:
        assert size.width() > 20 and size.height() > 10  # the chip's own image
        image = QRect(QPoint(0, 0) - hot_spot, size)  # the pointer at (0, 0)
        clear = QRect(-8, -8, 17, 17)  # the point under the pointer and a margin round it
        assert not image.intersects(clear), (image, "covers the pointer")
        assert image.left() > 0 and image.top() > 0  # below and to the right
