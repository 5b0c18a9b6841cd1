"""The players' display in the real window, with real X11 input: Ctrl+Shift+P opens it
beside the GM's window, and a chip dragged onto a PC shows there at once (ST-6)."""

from __future__ import annotations

from .realdesk import RealDesk, focus_tiles, wait_saved

ASIDE = ("640", "400", "950", "590")  # the players' window's size and place, off the tiles
FRAME = 40  # the window manager's border and title bar, at most
MOST_DRAGS = 16  # a d10 at a time, Vahid's 11 HP go in at most 11 drags


def cards(status: dict) -> dict[str, dict]:
    return {c["name"]: c for c in (status.get("players") or {}).get("cards", [])}


def inside(rect, point) -> bool:
    x, y, w, h = rect
    return x <= point[0] < x + w and y <= point[1] < y + h


def move_aside(desk: RealDesk) -> dict:
    """Put the players' window in the screen's corner, as a GM drags it aside. The window
    manager places its frame there, so the window itself lands a border and a title bar
    further in."""
    w, h, x, y = ASIDE
    desk.xdotool("search", "--name", "for the players", "windowsize", "%1", w, h,
                 "windowmove", "%1", x, y)
    return desk.wait_for(lambda s: all(0 <= got - want <= FRAME for got, want
                                       in zip(s["players"]["rect"][:2], (int(x), int(y)),
                                              strict=True)),
                         "the players' window moved aside")


def test_ctrl_shift_p_and_a_drag_to_deaths_door_show_in_the_players_window(desk):
    focus_tiles(desk)
    gm_title = desk.status()["title"]
    desk.key("ctrl+shift+p")
    shown = desk.wait_for(lambda s: (s.get("players") or {}).get("visible"),
                          "the players' window to open")
    assert shown["active_window"] == gm_title, "the GM's window keeps the focus"
    seen = cards(shown)
    assert {n: c["visibility"] for n, c in seen.items()} == {
        "Caradoc": "full", "Rhianna": "full", "Vahid": "full", "Blodwen": "full",
        "The Heavy": "full", "Afon": "full", "Hagr": "words", "Coedwig": "words"}
    assert seen["Vahid"]["words"] == "badly hurt"  # the demo's d6 and dazed
    status = move_aside(desk)
    for point in (desk.tile("vahid"), desk.chip("d10")):
        assert not inside(status["players"]["rect"], point), "the window covers the desk"

    # ST-6: a d10 at a time onto Vahid (no armor), until he drops to 0 HP: dying
    for _ in range(MOST_DRAGS):
        if desk.saved_state("vahid")["death"] == "dying":
            break
        before = len(desk.saved_actions())
        desk.drag(desk.chip("d10"), desk.tile("vahid"))
        wait_saved(desk, before + 1)
    assert desk.saved_state("vahid")["hp"] == 0
    assert desk.saved_state("vahid")["death"] == "dying"
    last = desk.saved_actions()[-1]
    assert (last["type"], last["target"], last["dice"]) == ("damage", "vahid", "d10")

    after = desk.wait_for(
        lambda s: cards(s).get("Vahid", {}).get("words") == "at Death's Door"
        and "Vahid is at Death's Door" in s["players"]["banner"],
        "the players' window to show Vahid at Death's Door")
    assert after["players"]["visible"] and after["active_window"] == gm_title
    assert cards(after)["Hagr"]["words"] == "hurt"  # the demo's 7 damage less armor 2, as words
    shot = desk.screenshot("both-windows")
    assert not shot.exists() or shot.stat().st_size > 10_000
