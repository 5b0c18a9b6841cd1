"""Hiding a monster from the players and revealing it, in the real window with real X11
input: Ctrl+R on a clicked tile, and the right-click menu's Players see, chosen with keys.
What was saved is read back from the database file."""

from __future__ import annotations

from .realdesk import focus_tiles, wait_saved, wait_undone


def test_ctrl_r_hides_the_clicked_monster_and_ctrl_r_again_reveals_it(desk):
    before = len(desk.saved_actions())
    assert "players_see" not in desk.saved_state("hagr")
    focus_tiles(desk, "hagr")
    desk.key("ctrl+r")
    actions = wait_saved(desk, before + 1)
    assert actions[-1] == {"type": "edit_character", "target": "hagr",
                           "changes": {"players_see": "hidden"}}
    assert desk.saved_state("hagr")["players_see"] == "hidden"
    desk.wait_for(lambda s: s.get("status_bar") == "Hagr is hidden from the players.",
                  "the status bar to say the hagr is hidden")
    desk.screenshot("hagr-hidden")
    desk.key("ctrl+r")
    actions = wait_saved(desk, before + 2)
    assert actions[-1]["changes"] == {"players_see": None}
    assert "players_see" not in desk.saved_state("hagr")  # as a monster is by default
    desk.wait_for(lambda s: s.get("status_bar") == "Hagr is revealed to the players.",
                  "the status bar to say the hagr is revealed")
    desk.key("ctrl+z")  # undoing the reveal hides it again
    wait_undone(desk, before + 1)
    assert desk.saved_state("hagr")["players_see"] == "hidden"


def test_right_click_players_see_hidden_chosen_with_keys(desk):
    before = len(desk.saved_actions())
    x, y = desk.tile("coedwig")
    desk.move(x - 3, y)
    desk.move(x, y)
    desk.xdotool("click", "3")
    desk.wait_for(lambda s: "Players see" in s.get("menu", {}), "the tile's menu")
    desk.key("p")  # opens the Players see submenu
    desk.wait_for(lambda s: "Hidden" in s.get("menu", {}), "the Players see submenu")
    desk.screenshot("players-see-menu")
    desk.key("h")
    actions = wait_saved(desk, before + 1)
    assert actions[-1] == {"type": "edit_character", "target": "coedwig",
                           "changes": {"players_see": "hidden"}}
    assert desk.saved_state("coedwig")["players_see"] == "hidden"
    desk.wait_for(lambda s: s.get("status_bar") == "Coedwig is hidden from the players.",
                  "the status bar to say the coedwig is hidden")
