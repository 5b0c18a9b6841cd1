"""The keyboard path the README promises, in the real window, with real X11 key presses.

Arrow keys and Shift select tiles, Ctrl+L goes to the quick entry, Enter applies to the
selected tiles, Ctrl+Z and Ctrl+Shift+Z undo and redo (also after a restart), Ctrl+1
and Ctrl+2 switch the views, Ctrl+D and Ctrl+M open the dialogs. Results are read
back from the database file.
"""

from __future__ import annotations

from .conftest import ARTIFACTS
from .realdesk import RealDesk, focus_tiles, poll, quick_entry, wait_saved, wait_undone


def test_arrows_and_shift_select_then_quick_entry_applies_to_all(desk):
    before = len(desk.saved_actions())
    focus_tiles(desk)
    desk.key("shift+Right")
    desk.wait_for(lambda s: sorted(s.get("selected", [])) == ["caradoc", "rhianna"],
                  "Shift+Right adding Rhianna")
    actions = quick_entry(desk, "heal 1", before + 1)
    assert actions[-1] == {"type": "heal", "target": ["caradoc", "rhianna"], "amount": 1}


def test_ctrl_z_and_ctrl_shift_z_undo_and_redo_also_after_a_restart(desk, display, tmp_path):
    before = len(desk.saved_actions())
    hp = desk.saved_state("caradoc")["hp"]
    focus_tiles(desk)
    quick_entry(desk, "lose 2", before + 1)
    assert desk.saved_state("caradoc")["hp"] == hp - 2
    desk.key("ctrl+z")
    wait_undone(desk, before)
    assert desk.saved_state("caradoc")["hp"] == hp
    desk.key("ctrl+shift+z")
    wait_saved(desk, before + 1)
    assert desk.saved_state("caradoc")["hp"] == hp - 2
    assert desk.quit() == 0

    again = RealDesk(display, tmp_path, ARTIFACTS / "after-restart")
    try:
        again.wait_until_settled(timeout=60)
        focus_tiles(again)
        again.key("ctrl+z")
        wait_undone(again, before)
        assert again.saved_state("caradoc")["hp"] == hp
        again.key("ctrl+shift+z")
        wait_saved(again, before + 1)
        assert again.saved_state("caradoc")["hp"] == hp - 2
    finally:
        again.close()


def test_ctrl_2_shows_the_table_and_ctrl_1_the_tiles(desk):
    focus_tiles(desk)
    desk.key("ctrl+2")
    desk.wait_for(lambda s: s.get("tiles_visible") is False, "the table page")
    desk.key("ctrl+1")
    desk.wait_for(lambda s: s.get("tiles_visible") is True, "the tiles page")


def test_ctrl_d_and_ctrl_m_open_their_dialogs_and_escape_changes_nothing(desk):
    before = desk.saved_actions()
    focus_tiles(desk)
    desk.key("ctrl+d")
    desk.wait_for_dialog("", "the conditions dialog")
    desk.screenshot("conditions-dialog")
    desk.key("Escape")
    desk.wait_for(lambda s: not s.get("dialog"), "the conditions dialog to close")
    focus_tiles(desk)
    desk.key("ctrl+m")
    desk.wait_for_dialog("", "the rests and moves dialog")
    desk.screenshot("moves-dialog")
    desk.key("Escape")
    desk.wait_for(lambda s: not s.get("dialog"), "the moves dialog to close")
    assert desk.saved_actions() == before


def test_ctrl_3_shows_who_hurt_whom_as_the_data_file_holds_it(desk):
    before = len(desk.saved_actions())
    focus_tiles(desk)
    quick_entry(desk, "5", before + 1)  # typed: counted, under Unattributed
    hp = desk.saved_state("caradoc")
    desk.key("ctrl+3")
    shown = desk.wait_for(lambda s: s.get("page") == 2 and s.get("statistics"),
                          "the Statistics page, counted")
    rows = {row[0]: row for row in shown["statistics"]}
    # every HP Caradoc lost is in the log (the demo's 2, and 5 − 1 armor now, ST-3)
    assert int(rows["Caradoc"][2]) == hp["max_hp"] - hp["hp"] >= 4
    desk.screenshot("statistics")
    desk.key("ctrl+1")
    desk.wait_for(lambda s: s.get("tiles_visible") is True, "the tiles page")


def test_export_recap_for_the_players_names_no_hidden_monster(desk, tmp_path):
    before = len(desk.saved_actions())
    focus_tiles(desk, "hagr")
    desk.key("ctrl+r")  # hidden from the players
    wait_saved(desk, before + 1)
    desk.drag(desk.tile("hagr"), desk.tile("heavy"))  # and then it attacks
    actions = wait_saved(desk, before + 2)
    assert actions[-1].get("source") == "hagr"
    desk.key("ctrl+shift+r")
    desk.wait_for_dialog("Export recap", "the Export recap dialog")
    desk.key("Return")  # Save…: for the players, as Markdown, as the dialog opens
    desk.wait_for_dialog("Save the recap", "the file dialog of Save…")
    target = tmp_path / "players.md"
    desk.key("ctrl+a")
    desk.type(str(target))
    desk.key("Return")
    poll(lambda: target.exists(), "the recap to be written", 30)
    text = target.read_text("utf-8")
    assert "## Who hurt whom" in text
    # the hidden hagr's hit counts, from no one the players can name
    heavy = next(line for line in text.splitlines() if line.startswith("- **The Heavy**"))
    assert "Unattributed" in heavy and "Hagr" not in text
