"""Modifiers, GM rulings and table corrections, in the real window, with real X11 input.

The README promises that the modifiers apply to every damage chip (a monster's tile
too), that a right click on a tile offers the Death state ruling, and that a new HP
can be typed straight into the table. Each is driven here with the real pointer and
keyboard and read back from the database file.
"""

from __future__ import annotations

from .realdesk import focus_tiles, quick_entry, wait_saved, wait_undone


def test_non_lethal_applies_to_a_monster_tile_attack(desk):
    # the bug this guards: a PC went Dying from a "non-lethal" monster attack
    focus_tiles(desk, "vahid")
    before = len(desk.saved_actions())
    quick_entry(desk, "lose 10", before + 1)
    assert desk.saved_state("vahid")["hp"] == 1
    desk.click(*desk.centre(desk.status()["toggles"]["Non-lethal"]))
    desk.press_and_carry(desk.tile("hagr"), desk.tile("vahid"))
    hovering = desk.wait_for(lambda s: "vahid" in s.get("previews", {}), "the preview on Vahid")
    assert "non-lethal" in hovering["previews"]["vahid"][1]
    desk.screenshot("non-lethal-hagr-over-vahid")
    desk.release()
    actions = wait_saved(desk, before + 2)
    assert actions[-1]["target"] == "vahid" and actions[-1]["lethal"] is False
    vahid = desk.saved_state("vahid")
    assert vahid["hp"] == 0 and vahid["death"] == "out_of_action"


def test_right_click_death_state_rules_the_dead_coedwig_out_of_the_action(desk):
    before = len(desk.saved_actions())
    assert desk.saved_state("coedwig")["death"] == "dead"
    x, y = desk.tile("coedwig")
    desk.move(x - 3, y)
    desk.move(x, y)
    desk.xdotool("click", "3")
    menu = desk.wait_for(lambda s: "Death state…" in s.get("menu", {}), "the tile's menu")
    desk.click(*desk.centre(menu["menu"]["Death state…"]))
    desk.wait_for_dialog("Death", "the Death state dialog")
    desk.key("alt+o")  # Out of the action
    desk.wait_for(lambda s: any(name.startswith("Out of the action") and ticked
                                for name, ticked in s["dialog_fields"].items()),
                  "Out of the action chosen")
    desk.screenshot("death-state-dialog")
    desk.key("Return")
    actions = wait_saved(desk, before + 1)
    assert actions[-1]["type"] == "set_death" and actions[-1]["death"] == "out_of_action"
    assert desk.saved_state("coedwig")["death"] == "out_of_action"


def test_typing_hp_into_the_table_is_a_logged_undoable_step(desk):
    before = len(desk.saved_actions())
    hp = desk.saved_state("heavy")["hp"]
    focus_tiles(desk, "heavy")
    desk.key("ctrl+2")
    status = desk.wait_for(lambda s: s.get("table_cells"), "the table")
    cell = desk.centre(status["table_cells"]["heavy"]["HP"])
    desk.move(cell[0] - 3, cell[1])
    desk.move(*cell)
    desk.xdotool("click", "--repeat", "2", "--delay", "80", "1")
    desk.wait_for(lambda s: s.get("table_editing"), "the HP cell's editor")
    desk.key("ctrl+a")
    desk.type("5")
    desk.key("Return")
    actions = wait_saved(desk, before + 1)
    assert desk.saved_state("heavy")["hp"] == 5
    assert actions[-1]["target"] == "heavy"
    desk.screenshot("table-after-edit")
    desk.key("ctrl+z")
    wait_undone(desk, before)
    assert desk.saved_state("heavy")["hp"] == hp
