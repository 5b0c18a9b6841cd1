"""A monster out of the fight, with real X11 input: in the Stonetop demo the coedwig is
dead at 0 HP (ST-6). Its tile carried onto a PC previews the refusal naming it, and the
drop saves no step."""

from __future__ import annotations

REFUSAL = "Coedwig is out of the action (dead at 0 HP) and no longer in the fight"


def test_a_dead_monsters_tile_onto_a_pc_previews_the_refusal_and_saves_nothing(desk):
    assert desk.saved_state("coedwig")["death"] == "dead"
    before = desk.saved_actions()
    hp = desk.saved_state("rhianna")["hp"]
    desk.press_and_carry(desk.tile("coedwig"), desk.tile("rhianna"))
    hovering = desk.wait_for(lambda s: "rhianna" in s.get("previews", {}),
                             "the coedwig's preview on Rhianna")
    desk.screenshot("hovering")
    line, _, ok = hovering["previews"]["rhianna"]
    assert not ok and line.startswith(REFUSAL), line
    assert "ST-6" not in line
    desk.release()
    desk.wait_for(lambda s: REFUSAL in s.get("status_message", ""),
                  "the refusal in the status bar once the drop is taken")
    desk.wait_for(lambda s: not s.get("previews"), "the preview to clear after the drop")
    assert desk.saved_actions() == before
    assert desk.saved_state("rhianna")["hp"] == hp
