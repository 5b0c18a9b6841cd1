"""The tray under real X11 input: the gang's preview on a tile, and the modifier toggles,
which must leave every chip where the GM's mouse expects it."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing

from .realdesk import wait_saved


def saved_events(desk, count: int) -> list[dict]:
    """The events of the newest `count` applied steps, as the database file holds them."""
    path = desk.data_dir / "harmdesk.sqlite"
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        rows = db.execute("SELECT events FROM log WHERE campaign_id = ? AND undone = 0 "
                          "ORDER BY seq DESC LIMIT ?",
                          (desk._campaign_id(db), count)).fetchall()
    return [event for row in reversed(rows) for event in json.loads(row[0])]


def gather_the_gang(desk, ids: list[str], chips: list[str]) -> None:
    for n, chip in enumerate(chips, start=1):
        desk.drag(desk.chip(chip), desk.centre(desk.status()["gang_slot"]))
        desk.wait_for(lambda s, n=n: s.get("gang_ids") == ids[:n], f"{ids[:n]} in the gang slot")


def test_the_gangs_preview_names_its_tags_and_the_exact_odds(desk):
    """ST-2 in the demo: two Hagr (d10+3, forceful) roll one d10+4, forceful, and the tray
    adds 1 piercing (the demo's Coedwig, 1 piercing, is dead: out of the fight). The Heavy
    (13 of 20 HP, armor 2 − 1 piercing) loses 4–13: only a 10 takes him to 0 HP, 1 in 10."""
    before = len(desk.saved_actions())
    assert desk.saved_state("heavy")["hp"] == 13
    desk.wait_for_desk_keys()
    desk.key("alt+r")  # Pie&rcing
    desk.wait_for(lambda s: s.get("focus_name") == "piercingSpin", "Alt+R to reach Piercing")
    desk.key("ctrl+a")
    desk.type("1")
    desk.wait_for(lambda s: s.get("piercing") == 1, "1 piercing in the tray")
    gather_the_gang(desk, ["hagr", "hagr"], ["Hagr", "Hagr"])
    desk.press_and_carry(desk.centre(desk.status()["gang_slot"]), desk.tile("heavy"))
    hovering = desk.wait_for(lambda s: "heavy" in s.get("previews", {}),
                             "the gang's preview on the Heavy")
    desk.screenshot("gang-preview-on-the-heavy")
    line, detail, ok = hovering["previews"]["heavy"]
    assert ok
    assert line == "13 → 0–9 HP; 1 in 10: Dying — Death's Door"
    assert detail == "not rolled yet: d10+4, 1 piercing added, forceful; the odds are exact"
    desk.release()
    actions = wait_saved(desk, before + 1)
    gang = actions[-1]
    assert gang["type"] == "gang_damage" and gang["target"] == "heavy"
    assert gang["attackers"] == [{"id": "hagr", "count": 2}] and gang["added_piercing"] == 1
    assert len(gang["rolls"]) == 1 and 1 <= gang["rolls"][0] <= 10
    hit = saved_events(desk, 1)[0]
    assert "2 × Hagr → d10+4, forceful" in hit["text"] and "armor 2 − 1 piercing" in hit["text"]
    assert hit["expression"] == "d10+4" and hit["tags"] == ["forceful"]
    assert desk.saved_state("heavy")["hp"] == max(13 - (gang["rolls"][0] + 4 - 1), 0)


def test_ticking_a_modifier_moves_no_chip_and_the_drop_takes_it(desk):
    still = desk.status()
    places = {chip["text"]: chip["rect"] for chip in still["chips"]}
    height = still["tray_height"]
    assert still["ticked"]["Ignores armor"] is False
    desk.click(*desk.centre(still["toggles"]["Ignores armor"]))
    desk.wait_for(lambda s: s["ticked"].get("Ignores armor")
                  and "ignores armor" in s.get("modifier_summary", ""),
                  "Ignores armor ticked, and the tray saying so")
    ticked = desk.wait_until_settled()
    desk.screenshot("ignores-armor-ticked")
    assert {chip["text"]: chip["rect"] for chip in ticked["chips"]} == places
    assert ticked["tray_height"] == height
    before = len(desk.saved_actions())
    desk.drag(desk.chip("d6"), desk.tile("heavy"))
    actions = wait_saved(desk, before + 1)
    assert actions[-1]["dice"] == "d6" and actions[-1]["target"] == "heavy"
    assert actions[-1]["ignores_armor"] is True
