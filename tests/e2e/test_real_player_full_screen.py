"""F11 in the GM's window fills the players' screen and gives it back a window, with real
X11 keys under a window manager, the focus staying with the GM throughout: no click into
the players' window first."""

from __future__ import annotations

from .realdesk import focus_tiles


def test_f11_in_the_gms_window_toggles_the_players_display_full_screen(desk):
    focus_tiles(desk)
    gm_title = desk.status()["title"]
    desk.key("ctrl+shift+p")
    shown = desk.wait_for(lambda s: (s.get("players") or {}).get("visible"),
                          "the players' window to open")
    assert not shown["players"]["full_screen"] and shown["active_window"] == gm_title
    desk.key("F11")
    # a window manager activates a window that fills its screen; the GM's gets it back
    desk.wait_for(lambda s: s["players"]["full_screen"] and s["active_window"] == gm_title,
                  "the players' window to fill its screen, the GM's keeping the keyboard")
    desk.key("F11")
    desk.wait_for(lambda s: s["players"]["visible"] and not s["players"]["full_screen"]
                  and s["active_window"] == gm_title,
                  "the players' window to be a window again, the GM's keeping the keyboard")
