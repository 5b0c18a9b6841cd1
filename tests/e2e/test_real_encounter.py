"""The encounter bar in the real window, with real X11 input, on the Lux Aeterna demo:
Ctrl+E starts an encounter with rolled initiative, a chip dragged in the bar puts Karis
next, F8 twice passes two turns (Karis, Frozen with 5 of 8 Bumps, is asked for her
Save as her turn ends, LA-14), and Ctrl+Z takes the last turn back; each read back from
the database file."""

from __future__ import annotations

import pytest

from .realdesk import RealDesk, focus_tiles, wait_saved, wait_undone

LUX = "Lux Aeterna: the ice wraith of Belhaven"
SAVE_TITLE = "Save at the end of the turn"


@pytest.fixture
def lux_desk(desk):
    """The demo's Lux Aeterna campaign, opened as a GM does: Ctrl+O, its name, Enter."""
    focus_tiles(desk)
    desk.key("ctrl+o")
    desk.wait_for_dialog("Open a campaign", "the Open a campaign dialog")
    desk.type("Lux")  # the list's own search picks it
    desk.wait_for(lambda s: (chosen(s, "campaignList") or "").startswith(LUX),
                  "the Lux Aeterna campaign picked in the dialog")
    desk.key("Return")
    desk.wait_for(lambda s: s.get("title", "").startswith(LUX) and "sara" in s.get("tiles", {}),
                  "the Lux Aeterna desk")
    return desk


def chosen(status: dict, tree: str) -> str | None:
    """The current row of a list in the open dialog."""
    return (status.get("dialog_fields", {}).get(tree) or {}).get("current")


def initiative_rolled(status: dict) -> bool:
    """The start dialog shows rolled initiative."""
    people = status.get("dialog_fields", {}).get("people") or {}
    return any(initiative for _, initiative in people.get("rows", []))


def encounter(desk: RealDesk) -> dict | None:
    return desk.saved_settings().get("encounter")


def chip_at(status: dict, cid: str, front: bool = False) -> tuple[int, int]:
    """A chip's middle, or its front part (a drop there goes before it)."""
    chip = next(c for c in status["encounter"]["chips"] if c["id"] == cid)
    x, y, w, h = chip["rect"]
    return x + (w // 5 if front else w // 2), y + h // 2


def frozen_bumps(desk: RealDesk) -> list[int]:
    return [c["bumps"] for c in desk.saved_state("karis")["conditions"]
            if c["name"] == "frozen"]


def test_ctrl_e_a_chip_dragged_f8_twice_with_karis_save_and_ctrl_z(lux_desk):
    desk = lux_desk
    assert desk.status()["title"].startswith(LUX)
    assert frozen_bumps(desk) == [5]  # the demo's Karis: Frozen, 5 of 8 Bumps
    focus_tiles(desk, "sara")
    before = len(desk.saved_actions())

    desk.key("ctrl+e")
    desk.wait_for_dialog("Start encounter", "the start dialog")
    desk.key("alt+r")  # Roll initiative
    desk.wait_for(initiative_rolled, "the initiative rolled in the start dialog")
    desk.screenshot("start-dialog-rolled")
    desk.key("Return")
    actions = wait_saved(desk, before + 1)
    started = actions[-1]
    assert started["type"] == "start_encounter"
    order = started["order"]
    assert sorted(order) == sorted(started["initiative"]) == ["karis", "pau", "roche",
                                                             "sara", "wraith"]
    rolled = [started["initiative"][cid] for cid in order]
    assert rolled == sorted(rolled, reverse=True)  # highest first
    shown = desk.wait_for(lambda s: (s.get("encounter") or {}).get("visible")
                          and len(s["encounter"]["chips"]) == 5, "the encounter bar")
    first = desk.saved_settings()["encounter"]
    assert (first["round"], first["turn"]) == (1, 0)
    assert shown["encounter"]["round"].startswith("Round 1 · ")
    desk.screenshot("encounter-bar-started")

    # a chip dragged in the bar: Karis before the chip after the one whose turn it is, so
    # hers comes next (if she is there already, or has the turn, the last two swap)
    if "karis" not in order[:2]:
        moved, onto = "karis", order[1]
    else:
        moved, onto = order[-1], order[-2]
    desk.drag(chip_at(shown, moved), chip_at(shown, onto, front=True))
    wait_saved(desk, before + 2)
    assert desk.saved_actions()[-1]["type"] == "set_order"
    expected = [cid for cid in order if cid != moved]
    expected.insert(expected.index(onto), moved)
    dragged = encounter(desk)
    assert dragged["order"] == expected
    assert dragged["order"][dragged["turn"]] == order[0]  # the turn stays where it was
    order = dragged["order"]
    assert order.index("karis") <= dragged["turn"] + 1
    desk.wait_for(lambda s: [c["id"] for c in s["encounter"]["chips"]] == expected,
                  "the bar to show the new order")
    steps = len(desk.saved_actions())
    karis_ends_on = 1 if order[0] == "karis" else 2  # which press of F8 ends her turn

    for press in (1, 2):
        desk.wait_for_desk_keys()
        desk.key("F8")
        if press == karis_ends_on:
            desk.wait_for_dialog(SAVE_TITLE, "Karis's Save prompt")
            desk.screenshot("save-prompt")
            desk.type("3")  # Bumps rolled: 5 + 3 = 8 of 8, Frozen ends
            desk.wait_for(lambda s: s["dialog_fields"].get("bumps") == "3", "3 Bumps typed")
            desk.key("Return")
        wait_saved(desk, steps + press)
        if press == karis_ends_on:  # the keyboard back on the tiles after the dialog
            focus_tiles(desk, "sara")
    turns = desk.saved_actions()[-2:]
    assert [a["type"] for a in turns] == ["next_turn", "next_turn"]
    assert turns[karis_ends_on - 1] == {"type": "next_turn", "condition": "frozen", "bumps": 3}
    assert frozen_bumps(desk) == []
    after = encounter(desk)
    assert (after["round"], after["turn"]) == (1, 2)
    desk.wait_for(lambda s: s["encounter"]["round"]
                  == f"Round 1 · {desk.status()['encounter']['chips'][2]['name']}'s turn",
                  "the bar to show the third turn")
    desk.screenshot("encounter-bar-third-turn")

    desk.wait_for_desk_keys()
    desk.key("ctrl+z")
    wait_undone(desk, steps + 1)
    back = encounter(desk)
    assert (back["round"], back["turn"]) == (1, 1)
    assert frozen_bumps(desk) == ([] if karis_ends_on == 1 else [5])
    desk.wait_for(lambda s: s["encounter"]["chips"][1]["turn"], "the bar to follow the undo")
