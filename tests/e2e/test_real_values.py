"""Values the GM did not mean to give, in the real window with real X11 input, read back
from the database file: a die's face is never assumed (a Trauma d20 on 1 is death), and
the mouse wheel over a settings list scrolls it without changing a setting."""

from __future__ import annotations

import pytest

from .realdesk import RealDesk, focus_tiles, wait_saved

LUX = "Lux Aeterna: the ice wraith of Belhaven"
SETTINGS = "Lux Aeterna settings"
MANUAL = "I roll my own dice"


@pytest.fixture
def lux_desk(desk):
    """The demo's Lux Aeterna campaign, opened as a GM does: Ctrl+O, its name, Enter."""
    focus_tiles(desk)
    desk.key("ctrl+o")
    desk.wait_for_dialog("Open a campaign", "the Open a campaign dialog")
    desk.type("Lux")
    desk.wait_for(lambda s: ((s.get("dialog_fields", {}).get("campaignList") or {})
                             .get("current") or "").startswith(LUX),
                  "the Lux Aeterna campaign picked in the dialog")
    desk.key("Return")
    desk.wait_for(lambda s: s.get("title", "").startswith(LUX) and "pau" in s.get("tiles", {}),
                  "the Lux Aeterna desk")
    return desk


def closed(desk: RealDesk, what: str) -> None:
    desk.wait_for(lambda s: s.get("dialog") is None, what)


def test_the_trauma_d20_opens_empty_and_enter_asks_for_the_face(lux_desk):
    desk = lux_desk
    desk.wait_for_desk_keys()
    desk.key("ctrl+comma")
    desk.wait_for_dialog(SETTINGS, "the campaign settings")
    desk.key("alt+i")
    desk.wait_for(lambda s: s["dialog_fields"].get(MANUAL) is True, f"{MANUAL!r} chosen")
    desk.key("Return")
    closed(desk, "the settings to close")
    focus_tiles(desk, "pau")
    steps = len(desk.saved_actions())
    desk.key("ctrl+l")
    desk.wait_for(lambda s: s.get("focus_name") == "quickEntry", "Ctrl+L to reach the quick entry")
    desk.type("30")  # Pau has 16 HP: Wounded, and the Trauma table's d20 is asked for
    desk.wait_for(lambda s: s.get("quick_text") == "30", "30 in the quick entry")
    desk.key("Return")
    asked = desk.wait_for_dialog("Roll d20", "the Trauma d20 asked for")
    assert asked["dialog_boxes"]["Face of the d20"]["text"] == ""  # no face assumed
    desk.key("Return")
    asking = desk.wait_for(lambda s: "Type the face of the d20" in s.get("dialog_message", ""),
                           "Enter on the empty face to ask for it")
    assert asking["dialog"] == "Roll d20"
    assert len(desk.saved_actions()) == steps and desk.saved_state("pau")["hp"] == 16
    desk.type("14")
    desk.wait_for(lambda s: s["dialog_boxes"]["Face of the d20"]["text"] == "14", "14 typed")
    desk.key("Return")
    actions = wait_saved(desk, steps + 1)
    assert actions[-1]["type"] == "damage" and actions[-1]["trauma_roll"] == 14
    assert desk.saved_state("pau")["traumas"] == [14]


def inside(point: tuple[int, int], area: list[int]) -> bool:
    x, y = point
    left, top, width, height = area
    return left <= x < left + width and top <= y < top + height


def test_the_wheel_over_a_setting_scrolls_the_list_and_changes_nothing(lux_desk):
    desk = lux_desk
    before = desk.saved_settings()
    steps = len(desk.saved_actions())
    desk.wait_for_desk_keys()
    desk.key("ctrl+comma")
    shown = desk.wait_for_dialog(SETTINGS, "the campaign settings")
    boxes = shown["dialog_boxes"]
    viewport = shown["dialog_scroll"][0]["rect"]
    # the pointer rests on Strain reset (or the first box in view), never clicked
    names = ["Strain reset", *(n for n in boxes if n != "Strain reset")]
    name = next(n for n in names if n in boxes and not boxes[n]["focus"]
                and inside(desk.centre(boxes[n]["rect"]), viewport))
    desk.move(*desk.centre(boxes[name]["rect"]))
    texts = {n: b["text"] for n, b in boxes.items()}
    for _ in range(3):  # three notches down, as a GM scrolls the list
        desk.xdotool("click", "5")
    after = desk.wait_for(lambda s: s["dialog_scroll"][0]["value"] != 0
                          or {n: b["text"] for n, b in s["dialog_boxes"].items()} != texts,
                          "the wheel to reach the dialog")
    assert {n: b["text"] for n, b in after["dialog_boxes"].items()} == texts
    assert after["dialog_scroll"][0]["value"] > 0  # the list scrolled instead
    desk.key("Return")
    closed(desk, "OK to close the settings")
    assert desk.saved_settings() == before and len(desk.saved_actions()) == steps
