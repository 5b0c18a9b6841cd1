"""A downed monster in the real window, with real X11 input, on the Lux Aeterna demo: the
ice wraith knocked to 0 HP, its tile carried onto Sara shows while hovering that it deals
no damage (LA-4, LA-16), and the drop saves nothing; read back from the database file."""

from __future__ import annotations

from .realdesk import focus_tiles, quick_entry, settle
from .test_real_encounter import lux_desk  # noqa: F401  (the fixture)


def test_a_downed_wraith_onto_sara_shows_the_refusal_and_saves_nothing(lux_desk):  # noqa: F811
    desk = lux_desk
    before = len(desk.saved_actions())
    focus_tiles(desk, "wraith")
    actions = quick_entry(desk, "99 nl", before + 1)
    assert actions[-1]["type"] == "damage" and actions[-1]["lethal"] is False
    assert desk.saved_state("wraith")["hp"] <= 0
    sara = desk.saved_state("sara")["hp"]
    desk.press_and_carry(desk.tile("wraith"), desk.tile("sara"))
    hovering = desk.wait_for(lambda s: "sara" in s.get("previews", {}),
                             "the wraith's preview on Sara")
    desk.screenshot("downed-wraith-hovering")
    line, detail, ok = hovering["previews"]["sara"]
    shown = f"{line} {detail}"
    assert not ok and "Ice wraith is unconscious at" in shown, shown
    assert "deals no damage" in shown and "LA-" not in shown
    desk.release()
    settle(desk)
    assert len(desk.saved_actions()) == before + 1
    assert desk.saved_state("sara")["hp"] == sara
