"""Correcting the past in the real window, with real X11 input: a right click on an entry
three steps back, Revert, the preview naming the entry that existed only because of it,
Revert again, and Ctrl+Z; the same for an edit of an entry's amount; and Rewind to the
round's checkpoint from the Edit menu. Each read back from the database file."""

from __future__ import annotations

import json
import sqlite3
import time
from contextlib import closing

from .realdesk import RealDesk, focus_tiles, quick_entry, wait_saved

PREVIEW_LISTS = ("struckList", "reappliedList", "affectedTable")


def file_log(desk: RealDesk) -> dict[int, dict]:
    """seq → the row's struck_by, revised action and whether it is a correction, as the
    database file holds them (applied rows only)."""
    path = desk.data_dir / "harmdesk.sqlite"
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        campaign = desk._campaign_id(db)
        rows = db.execute("SELECT seq, struck_by, revised, correction FROM log "
                          "WHERE campaign_id = ? AND undone = 0 ORDER BY seq", (campaign,))
        return {seq: {"struck_by": struck, "revised": json.loads(revised) if revised else None,
                      "correction": correction is not None}
                for seq, struck, revised, correction in rows}


def wait_file(desk: RealDesk, test, what: str, timeout: float = 20.0) -> dict[int, dict]:
    """The file's log once `test(log)` holds."""
    deadline = time.monotonic() + timeout
    while True:
        log = file_log(desk)
        if test(log):
            return log
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; the file's log: {log}")
        time.sleep(0.1)


def log_row(desk: RealDesk, seq: int) -> tuple[int, int]:
    """The middle of log row `seq` on the screen, once the log shows it."""
    status = desk.wait_for(lambda s: any(r["seq"] == seq and r["rect"] for r in s.get("log", [])),
                           f"#{seq} in the log")
    row = next(r for r in status["log"] if r["seq"] == seq)
    x, y, w, h = row["rect"]
    return x + min(w // 3, 120), y + h // 2


def right_click(desk: RealDesk, x: int, y: int) -> None:
    desk.move(x - 3, y)
    desk.move(x, y)
    desk.wait_for(lambda s: True, "the pointer over the row")
    desk.xdotool("click", "3")


def choose(desk: RealDesk, seq: int, item: str) -> None:
    """Right-click log row `seq` and pick `item` from its menu."""
    right_click(desk, *log_row(desk, seq))
    status = desk.wait_for(lambda s: item in s.get("menu", {}), f"the menu of #{seq}")
    x, y, w, h = status["menu"][item]
    desk.click(x + w // 2, y + h // 2)


def preview(desk: RealDesk, title: str) -> dict:
    """The preview dialog's lists once it is shown and has the keyboard."""
    status = desk.wait_for_dialog(title, f"the preview {title!r}")
    status = desk.wait_for(lambda s: "struckList" in s.get("dialog_lists", {})
                           or "reappliedList" in s.get("dialog_lists", {}),
                           "the preview's lists")
    return status["dialog_lists"]


def scuffle(desk: RealDesk) -> tuple[int, int]:
    """Vahid hit twice (the second takes him to 0 HP: Death's Door), his Death's Door roll
    (Ctrl+M opens on it; HarmDesk rolls), then a hit on the Heavy. The seq of the second
    hit on Vahid (three steps back), and his HP before it."""
    before = len(desk.saved_actions())
    focus_tiles(desk, "vahid")
    quick_entry(desk, "5", before + 1)
    standing = desk.saved_state("vahid")["hp"]
    assert standing > 3
    actions = quick_entry(desk, "12", before + 2)
    assert desk.saved_state("vahid")["hp"] == 0
    assert actions[-1]["type"] == "damage"
    desk.key("ctrl+m")
    desk.wait_for_dialog("", "the moves dialog on Death's Door")
    desk.key("Return")
    actions = wait_saved(desk, before + 3)
    assert actions[-1]["type"] == "deaths_door"
    focus_tiles(desk, "heavy")
    quick_entry(desk, "3", before + 4)
    newest = max(file_log(desk))
    # the log dock shows the newest row on top before a row's place is read
    desk.wait_for(lambda s: s.get("log") and s["log"][0]["seq"] == newest,
                  "the newest step on top of the log")
    return newest - 2, standing


def test_revert_an_entry_three_steps_back_strikes_its_dependant_and_ctrl_z_restores_it(desk):
    hit, standing = scuffle(desk)
    dying = desk.saved_state("vahid")
    heavy = desk.saved_state("heavy")["hp"]
    choose(desk, hit, "Revert this entry…")
    lists = preview(desk, f"Revert #{hit}")
    desk.screenshot("revert-preview")
    struck = lists["struckList"]["rows"]
    assert struck[0].startswith(f"#{hit} ") and struck[0].endswith("(reverted)")
    assert any(line.startswith(f"#{hit + 1} ") and "no longer possible" in line
               for line in struck), struck
    [[name, _was, now]] = lists["affectedTable"]["rows"]
    assert name == "Vahid" and now.startswith(f"{standing}/16 HP")
    desk.key("Return")  # Revert
    log = wait_file(desk, lambda log: log[hit]["struck_by"], "the revert saved")
    correction = max(log)
    assert log[correction]["correction"] and log[hit + 1]["struck_by"] == correction
    assert log[hit + 2]["struck_by"] is None  # the Heavy's hit stands
    assert desk.saved_state("vahid")["hp"] == standing
    assert desk.saved_state("heavy")["hp"] == heavy
    desk.wait_for(lambda s: any(r["seq"] == hit and r["struck"] for r in s["log"]),
                  "the reverted row struck through in the log")
    focus_tiles(desk, "vahid")
    desk.key("ctrl+z")
    wait_file(desk, lambda log: log[hit]["struck_by"] is None and correction not in log,
              "the revert undone")
    assert desk.saved_state("vahid") == dying


def test_edit_an_entrys_amount_re_derives_what_followed_and_ctrl_z_restores_it(desk):
    hit, standing = scuffle(desk)
    dying = desk.saved_state("vahid")
    choose(desk, hit, "Edit this entry…")
    status = desk.wait_for_dialog(f"Edit #{hit}", "the edit form")
    box = status["dialog_boxes"]["amount"]
    desk.click(*desk.centre(box["rect"]))
    desk.wait_for(lambda s: s["dialog_boxes"]["amount"]["focus"], "the amount box focused")
    desk.key("ctrl+a")
    desk.type("3")
    desk.wait_for(lambda s: s["dialog_boxes"]["amount"]["text"] == "3", "3 in the amount box")
    desk.key("Return")  # Preview…
    lists = preview(desk, f"Edit #{hit}")
    desk.screenshot("edit-preview")
    assert any(line.startswith(f"#{hit + 1} ") and "no longer possible" in line
               for line in lists["struckList"]["rows"])
    desk.key("Return")  # Save edit
    log = wait_file(desk, lambda log: log[hit]["revised"] is not None, "the edit saved")
    assert log[hit]["revised"]["amount"] == 3 and log[hit]["struck_by"] is None
    assert log[hit + 1]["struck_by"] == max(log)
    assert desk.saved_state("vahid")["hp"] == max(0, standing - 3)
    focus_tiles(desk, "vahid")
    desk.key("ctrl+z")
    wait_file(desk, lambda log: log[hit]["revised"] is None, "the edit undone")
    assert desk.saved_state("vahid") == dying


def test_rewind_to_the_rounds_checkpoint_from_the_edit_menu(desk):
    focus_tiles(desk, "caradoc")
    before = len(desk.saved_actions())
    desk.key("ctrl+e")
    desk.wait_for_dialog("Start encounter", "the start dialog")
    desk.key("Return")
    wait_saved(desk, before + 1)
    # the encounter bar comes in above the tiles: they move down, then stay
    desk.wait_for(lambda s: (s.get("encounter") or {}).get("visible"), "the encounter bar")
    desk.wait_until_settled()
    focus_tiles(desk, "caradoc")
    desk.key("F8")  # Next round: the round's checkpoint is the desk as it begins
    wait_saved(desk, before + 2)
    assert desk.saved_settings()["encounter"]["round"] == 2
    hp = {cid: desk.saved_state(cid)["hp"] for cid in ("caradoc", "heavy")}
    start = max(file_log(desk))
    focus_tiles(desk, "caradoc")
    quick_entry(desk, "4", before + 3)
    focus_tiles(desk, "heavy")
    quick_entry(desk, "5", before + 4)
    desk.key("ctrl+alt+z")
    desk.wait_for_dialog("Rewind to a checkpoint", "the checkpoints")
    status = desk.wait_for(lambda s: "checkpointList" in s.get("dialog_lists", {}),
                           "the checkpoint list")
    rows = status["dialog_lists"]["checkpointList"]["rows"]
    # newest first: the round's, then the encounter's
    assert rows[0].startswith("Round 2") and rows[0].endswith(f"(after #{start})"), rows
    assert rows[1].startswith("The start of the encounter")
    assert status["dialog_lists"]["checkpointList"]["current"] == rows[0]
    desk.key("Return")
    lists = preview(desk, f"Rewind to #{start}")
    desk.screenshot("rewind-preview")
    assert [line.split(" ")[0] for line in lists["struckList"]["rows"]] == \
        [f"#{start + 1}", f"#{start + 2}"]
    desk.key("Return")
    log = wait_file(desk, lambda log: log[start + 1]["struck_by"], "the rewind saved")
    assert log[start + 2]["struck_by"] == max(log) and log[start]["struck_by"] is None
    assert {cid: desk.saved_state(cid)["hp"] for cid in hp} == hp
    assert desk.saved_settings()["encounter"]["round"] == 2  # the round itself stands
