"""The GM's gestures, in the real window, with real X11 input (README: "At the table").

Each test starts `harmdesk` on a fresh data folder under Xvfb, moves the real
pointer with xdotool, checks what the window shows while the chip hovers, and
reads what was saved back from the database file.
"""

from __future__ import annotations

from .realdesk import focus_tiles, settle, wait_saved


def test_chip_onto_a_tile_previews_while_hovering_and_saves_one_step(desk):
    before = len(desk.saved_actions())
    hp = desk.saved_state("heavy")["hp"]
    desk.press_and_carry(desk.chip("d8"), desk.tile("heavy"))
    hovering = desk.wait_for(lambda s: "heavy" in s.get("previews", {}),
                             "a preview on the Heavy's tile")
    desk.screenshot("hovering")
    first_line = hovering["previews"]["heavy"][0]
    assert "HP" in first_line and "→" in first_line
    desk.release()
    actions = wait_saved(desk, before + 1)
    assert len(actions) == before + 1
    assert actions[-1]["type"] == "damage" and actions[-1]["dice"] == "d8"
    assert actions[-1]["target"] == "heavy" and len(actions[-1]["rolls"]) == 1
    assert desk.saved_state("heavy")["hp"] < hp or actions[-1]["rolls"][0] <= 2  # armor 2
    desk.wait_for(lambda s: not s.get("previews"), "the preview to clear after the drop")


def test_monster_tile_onto_a_character_deals_its_attack(desk):
    before = len(desk.saved_actions())
    desk.press_and_carry(desk.tile("hagr"), desk.tile("heavy"))
    desk.wait_for(lambda s: "heavy" in s.get("previews", {}), "the hagr's preview on the Heavy")
    desk.release()
    actions = wait_saved(desk, before + 1)
    assert len(actions) == before + 1
    assert actions[-1]["target"] == "heavy"
    assert actions[-1].get("dice", "").startswith("d10+3")


def test_chip_onto_one_of_three_selected_tiles_is_one_step_for_all(desk):
    before = len(desk.saved_actions())
    desk.click(*desk.tile("caradoc"))
    desk.click(*desk.tile("rhianna"), modifier="ctrl")
    desk.click(*desk.tile("vahid"), modifier="ctrl")
    desk.wait_for(lambda s: sorted(s.get("selected", [])) == ["caradoc", "rhianna", "vahid"],
                  "three selected tiles")
    desk.press_and_carry(desk.chip("d4"), desk.tile("rhianna"))
    desk.wait_for(lambda s: set(s.get("previews", {})) == {"caradoc", "rhianna", "vahid"},
                  "a preview on each selected tile")
    desk.screenshot("three-selected")
    desk.release()
    actions = wait_saved(desk, before + 1)
    settle(desk)
    actions = desk.saved_actions()
    assert len(actions) == before + 1, "one drop on a selection is one step"
    assert sorted(actions[-1]["target"]) == ["caradoc", "rhianna", "vahid"]


def test_gang_slot_onto_a_tile_deals_gang_up_damage(desk):
    before = len(desk.saved_actions())
    desk.drag(desk.chip("Hagr"), desk.centre(desk.status()["gang_slot"]))
    desk.wait_for(lambda s: s.get("gang_ids") == ["hagr"], "the hagr in the gang slot")
    desk.drag(desk.chip("Coedwig"), desk.centre(desk.status()["gang_slot"]))
    desk.wait_for(lambda s: s.get("gang_ids") == ["hagr", "coedwig"], "two in the gang slot")
    assert len(desk.saved_actions()) == before, "filling the gang slot saves nothing"
    desk.press_and_carry(desk.centre(desk.status()["gang_slot"]), desk.tile("blodwen"))
    desk.wait_for(lambda s: "blodwen" in s.get("previews", {}), "the gang's preview on Blodwen")
    desk.screenshot("gang-hovering")
    desk.release()
    actions = wait_saved(desk, before + 1)
    assert actions[-1]["type"] == "gang_damage" and actions[-1]["target"] == "blodwen"
    assert [a.get("id") for a in actions[-1]["attackers"]] == ["hagr", "coedwig"]


def test_escape_cancels_a_drag_and_saves_nothing(desk):
    before = desk.saved_actions()
    desk.press_and_carry(desk.chip("d10"), desk.tile("heavy"))
    desk.wait_for(lambda s: "heavy" in s.get("previews", {}), "a preview on the Heavy")
    desk.key("Escape")
    desk.release()
    settle(desk)
    assert desk.saved_actions() == before


def test_quick_entry_and_enter_damages_the_selected_tile(desk):
    before = len(desk.saved_actions())
    hp = desk.saved_state("vahid")["hp"]
    focus_tiles(desk, "vahid")
    desk.click(*desk.centre(desk.status()["quick_entry"]))
    desk.wait_for(lambda s: s.get("focus_name") == "quickEntry", "the click in the quick entry")
    desk.type("3")
    desk.wait_for(lambda s: s.get("quick_text") == "3", "3 in the quick entry")
    desk.key("Return")
    actions = wait_saved(desk, before + 1)
    assert actions[-1] == {"type": "damage", "target": "vahid", "amount": 3}
    assert desk.saved_state("vahid")["hp"] == max(hp - 3, 0)


def test_hovering_a_chip_previews_on_the_selection_and_a_click_only_asks(desk):
    before = desk.saved_actions()
    desk.click(*desk.tile("heavy"))
    desk.wait_for(lambda s: s.get("selected") == ["heavy"], "the Heavy selected")
    desk.move(*desk.chip("d6"))
    desk.wait_for(lambda s: "heavy" in s.get("previews", {}), "the hovered chip's preview")
    desk.move(desk.tile("heavy")[0], 700)  # below the tiles: nothing under the pointer
    desk.wait_for(lambda s: not s.get("previews"), "the preview to clear when the mouse leaves")
    desk.click(*desk.chip("d6"))
    desk.wait_for_dialog("Apply", "the Apply dialog")
    desk.screenshot("apply-dialog")
    assert desk.saved_actions() == before, "a click alone changes nothing"
    desk.key("Return")
    actions = wait_saved(desk, len(before) + 1)
    assert len(actions) == len(before) + 1
    assert actions[-1]["target"] == "heavy" and actions[-1]["dice"] == "d6"
