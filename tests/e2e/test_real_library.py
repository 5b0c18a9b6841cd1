"""Numbered copies from the creature library, in the real window with real X11 input, on
the Stonetop demo campaign: the coedwig template dragged from the library onto the desk,
6 typed and Enter; six hidden numbered tiles, saved as one step. Then the group selected
with its shortcut and dragged into the gang slot with a birdwraig, and the gang held over
the Heavy: ST-2's "d8+9, 1 piercing, forceful". What was saved is read back from the
database file."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing

import pytest

from .realdesk import RealDesk, focus_tiles, poll

# the library's dock is what the coedwig is dragged from
pytest.importorskip("harmdesk.qt.library_model")

GANG = "d8+9, 1 piercing, forceful"


def characters(desk: RealDesk) -> dict[str, dict]:
    """The open campaign's characters on the desk, as the database file holds them."""
    path = desk.data_dir / "harmdesk.sqlite"
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        campaign = desk._campaign_id(db)
        rows = db.execute("SELECT cid, state FROM character WHERE campaign_id = ? AND "
                          "archived = 0 ORDER BY position", (campaign,)).fetchall()
    return {cid: json.loads(state) for cid, state in rows}


def steps(desk: RealDesk) -> int:
    """Applied steps in the log table (a step of several rows counts once)."""
    path = desk.data_dir / "harmdesk.sqlite"
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        campaign = desk._campaign_id(db)
        return db.execute("SELECT COUNT(DISTINCT step) FROM log WHERE campaign_id = ? AND "
                          "undone = 0", (campaign,)).fetchone()[0]


def named(desk: RealDesk, prefix: str) -> dict[str, str]:
    """id -> name of the saved characters whose name is `prefix` and a number."""
    return {cid: s["name"] for cid, s in characters(desk).items()
            if s["name"].startswith(prefix + " ") and s["name"][len(prefix) + 1:].isdigit()}


def library_row(desk: RealDesk, name: str) -> tuple[int, int]:
    status = desk.wait_for(
        lambda s: any(r["name"] == name and r["rect"] for r in
                      ((s.get("library") or {}).get("rows") or [])),
        f"the {name} template in the library")
    row = next(r for r in status["library"]["rows"] if r["name"] == name and r["rect"])
    x, y, w, h = row["rect"]
    return x + min(w // 2, 40), y + h // 2


def in_view(desk: RealDesk, cid: str) -> bool:
    status = desk.status()
    x, y, w, h = status["tiles"][cid]
    vx, vy, vw, vh = status["tiles_viewport"]
    return vy <= y + h // 2 <= vy + vh - 10 and vx <= x + w // 2 <= vx + vw


def gang_slot(desk: RealDesk) -> tuple[int, int]:
    """The gang slot's centre, the tray scrolled down with the wheel until it shows (each
    copy with an attack is a danger chip above it)."""
    def shown(s) -> bool:
        _, y, _, h = s["gang_slot"]
        return y + h <= s["tray_viewport"][1] + s["tray_viewport"][3]

    for _ in range(20):
        status = desk.status()
        if shown(status):
            return desk.centre(status["gang_slot"])
        desk.move(*desk.centre(status["tray_viewport"]))
        desk.xdotool("click", "5")
        desk.wait_for(lambda s, y=status["gang_slot"][1]: s["gang_slot"][1] != y or shown(s),
                      "the tray to scroll")
    raise AssertionError("the gang slot never came into the tray's view")


def add_copies(desk: RealDesk, template: str, count: str | None, hp: str = "3") -> dict:
    """Drag `template` from the library onto the desk; in its dialog type `count` (None:
    keep the template's), fill a blank HP with `hp`, and press Enter. The new copies."""
    before = set(named(desk, template))
    start = library_row(desk, template)
    vx, vy, vw, vh = desk.status()["tiles_viewport"]
    desk.drag(start, (vx + vw // 2, vy + vh // 2))
    desk.wait_for_dialog(f"Add {template}", f"the add dialog for {template}")
    if count is not None:
        desk.wait_for(lambda s: s.get("dialog_focus") == "count", "the count to have the focus")
        desk.type(count)
        desk.wait_for(lambda s: s["dialog_fields"].get("count") == count,
                      f"{count} in the count")
    if "missing_hp" in desk.status()["dialog_fields"]:  # the template leaves HP blank
        desk.key("Tab")
        desk.wait_for(lambda s: s.get("dialog_focus") == "missing_hp", "the blank HP's box")
        desk.type(hp)
        desk.wait_for(lambda s: s["dialog_fields"].get("missing_hp") == hp, "the HP typed")
    desk.wait_for(lambda s: not s.get("dialog_message"), "the dialog to take the copies")
    desk.key("Return")
    want = int(count) if count is not None else 1
    poll(lambda: len(set(named(desk, template)) - before) == want,
         f"{want} {template} saved", 20)
    desk.wait_for(lambda s: s.get("dialog") is None, "the dialog to close")
    return {cid: name for cid, name in named(desk, template).items() if cid not in before}


def test_six_hidden_coedwig_in_one_step_then_a_gang_with_the_birdwraig_on_the_heavy(desk):
    focus_tiles(desk)
    desk.key("ctrl+shift+l")  # View → Library
    desk.wait_for(lambda s: (s.get("library") or {}).get("visible"), "the library dock")
    before = steps(desk)
    coedwig = add_copies(desk, "Coedwig", "6")
    assert sorted(coedwig.values(), key=lambda n: int(n.split()[-1])) == \
        [f"Coedwig {n}" for n in range(1, 7)]
    saved = characters(desk)
    assert all(saved[cid].get("players_see") == "hidden" for cid in coedwig)
    assert steps(desk) == before + 1
    desk.wait_for(lambda s: all(cid in s["tiles"] for cid in coedwig), "the six tiles")
    desk.screenshot("six-coedwig")

    birdwraig = add_copies(desk, "Birdwraig", None)
    assert list(birdwraig.values()) == ["Birdwraig 1"]
    (bird,) = birdwraig
    desk.wait_for(lambda s: bird in s["tiles"], "the birdwraig's tile")

    # the group: one copy clicked, its template's copies selected with the shortcut
    first = next(cid for cid, name in coedwig.items() if name == "Coedwig 1")
    poll(lambda: in_view(desk, first), "Coedwig 1 on the screen", 10)
    focus_tiles(desk, first)
    desk.key("ctrl+shift+g")
    desk.wait_for(lambda s: sorted(s.get("selected", [])) == sorted(coedwig),
                  "every coedwig selected")
    slot = gang_slot(desk)
    desk.drag(desk.tile(first), slot)
    desk.wait_for(lambda s: sorted(s.get("gang_ids", [])) == sorted(coedwig),
                  "the six coedwig in the gang slot")
    poll(lambda: in_view(desk, bird), "the birdwraig on the screen", 10)
    desk.drag(desk.tile(bird), gang_slot(desk))
    desk.wait_for(lambda s: len(s.get("gang_ids", [])) == 7, "the birdwraig in the gang slot")

    # back to the party: Home goes to the first tile, and the Heavy is on the screen
    focus_tiles(desk, bird)
    desk.key("Home")
    poll(lambda: in_view(desk, "heavy"), "the Heavy on the screen", 10)
    desk.press_and_carry(gang_slot(desk), desk.tile("heavy"))
    status = desk.wait_for(lambda s: "heavy" in s.get("previews", {}),
                           "the gang's preview on the Heavy")
    shown = " ".join(status["previews"]["heavy"][:2])
    desk.screenshot("gang-over-the-heavy")
    desk.key("Escape")  # the drag is cancelled: nothing is dealt
    desk.release()
    assert GANG in shown, shown
