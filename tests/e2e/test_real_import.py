"""File → Import (Ctrl+I) with the real keyboard, of a campaign exported on another laptop
whose name this data folder has already (every new one has the demo campaigns): the window
offers the first free name, Enter imports under it, and the database file then holds both
campaigns, each imported step at the time it was made; no progress dialog is left."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from contextlib import closing
from datetime import UTC, datetime, timedelta

from .realdesk import RealDesk

STONETOP = "Stonetop: the hagr in the Great Wood"
EVENINGS = 300  # steps played on the other laptop: enough for the progress dialog to show


def exported_elsewhere(tmp_path) -> tuple[object, dict]:
    """The Stonetop demo as another laptop exports it after a night of play last week."""
    other = tmp_path / "other-laptop"
    run = subprocess.run([sys.executable, "-m", "harmdesk", "--data-dir", str(other),
                          "campaign", "export", STONETOP], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    exported = json.loads(run.stdout)
    exported["actions"] += [{"type": kind, "target": "heavy", "amount": 1}
                            for _ in range(EVENINGS) for kind in ("damage", "heal")]
    evening = datetime(2026, 11, 24, 19, 0, tzinfo=UTC)
    exported["times"] = [(evening + timedelta(seconds=n)).isoformat()
                         for n in range(len(exported["actions"]))]
    path = tmp_path / "stonetop.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    return path, exported


def campaigns_and_times(desk: RealDesk) -> dict[str, list[str]]:
    """Each campaign in the database file, with its log's times in order."""
    path = desk.data_dir / "harmdesk.sqlite"
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
        found = {name: [] for (name,) in db.execute("SELECT name FROM campaign")}
        for name, stamp in db.execute("SELECT c.name, l.applied_at FROM log l JOIN campaign c "
                                      "ON c.id = l.campaign_id ORDER BY c.id, l.seq"):
            found[name].append(stamp)
    return found


def test_ctrl_i_offers_another_name_and_enter_imports_the_campaign_under_it(desk, tmp_path):
    path, exported = exported_elsewhere(tmp_path)
    before = campaigns_and_times(desk)
    assert STONETOP in before

    desk.wait_for_desk_keys()
    desk.key("ctrl+i")
    desk.wait_for_dialog("Import a campaign", "the file dialog of Ctrl+I")
    assert desk.status()["file_dialog"]
    desk.key("ctrl+a")
    desk.type(str(path))
    desk.key("Return")
    offer = desk.wait_for_dialog("Import under another name", "the offer of another name",
                                 timeout=60)
    desk.screenshot("another-name-offered")
    assert offer["dialog_fields"]["importName"] == f"{STONETOP} (2)"
    assert offer["dialog_focus"] == "importName"
    desk.key("Return")
    desk.wait_for(lambda s: s.get("title", "").startswith(f"{STONETOP} (2)")
                  and s.get("dialog") is None and s.get("writable"),
                  "the imported campaign open, and no dialog left", timeout=120)
    desk.screenshot("imported-under-another-name")

    after = campaigns_and_times(desk)
    assert after[STONETOP] == before[STONETOP]  # the demo as it was
    assert after[f"{STONETOP} (2)"] == exported["times"]
    assert set(after) == set(before) | {f"{STONETOP} (2)"}
