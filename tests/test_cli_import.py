"""`harmdesk campaign import FILE [--as NAME]` on a data folder that has the campaign already
(a new laptop has the demo campaigns): refused, naming --as, or imported under the name
given, every step at the time it was first made."""

import json
import sqlite3
from contextlib import closing

from tests.cli_kit import folder_digest
from tests.test_cli_store import harmdesk, ok

STONETOP = "Stonetop: the hagr in the Great Wood"
LAST_WEEK = "2026-11-24T19:{:02d}:00+00:00"


def exported_from_another_laptop(tmp_path) -> tuple[dict, object]:
    """The Stonetop demo, played a little on another laptop last week, and exported."""
    other = tmp_path / "other-laptop"
    ok(harmdesk(other, "apply", STONETOP, '{"type": "damage", "target": "heavy", "amount": 5}'))
    exported = ok(harmdesk(other, "campaign", "export", STONETOP))
    exported["times"] = [LAST_WEEK.format(minute) for minute in range(len(exported["actions"]))]
    path = tmp_path / "stonetop.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    return exported, path


def log_times(folder, name: str) -> list[str]:
    with closing(sqlite3.connect(folder / "harmdesk.sqlite")) as db:
        return [t for (t,) in db.execute(
            "SELECT applied_at FROM log JOIN campaign ON campaign.id = log.campaign_id "
            "WHERE campaign.name = ? ORDER BY seq", (name,))]


def test_an_import_whose_name_is_taken_is_refused_naming_as(tmp_path):
    _exported, path = exported_from_another_laptop(tmp_path)
    laptop = tmp_path / "new-laptop"
    ok(harmdesk(laptop, "campaign", "list"))  # a first start: the demo campaigns
    before = folder_digest(laptop)
    run = harmdesk(laptop, "campaign", "import", str(path))
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert f"already a campaign named '{STONETOP}'" in run.stderr
    assert "nothing was imported" in run.stderr
    assert f"--as '{STONETOP} (2)'" in run.stderr
    assert run.stdout == ""
    assert folder_digest(laptop) == before


def test_import_as_another_name_keeps_both_and_each_steps_time(tmp_path):
    exported, path = exported_from_another_laptop(tmp_path)
    laptop = tmp_path / "new-laptop"
    demo_before = ok(harmdesk(laptop, "state", STONETOP))
    copy = ok(harmdesk(laptop, "campaign", "import", str(path), "--as", "Stonetop demo (2)"))
    assert copy["campaign"] == "Stonetop demo (2)"
    assert copy["state"]["heavy"]["hp"] == demo_before["state"]["heavy"]["hp"] - 3  # 5 - armor 2
    names = [c["name"] for c in ok(harmdesk(laptop, "campaign", "list"))["campaigns"]]
    assert STONETOP in names and "Stonetop demo (2)" in names
    assert ok(harmdesk(laptop, "state", STONETOP)) == demo_before  # the demo is as it was
    assert log_times(laptop, "Stonetop demo (2)") == exported["times"]
    # and an export of the import says the same times again
    again = ok(harmdesk(laptop, "campaign", "export", "Stonetop demo (2)"))
    assert again["times"] == exported["times"] and again["actions"] == exported["actions"]


def test_as_a_taken_name_or_no_name_is_refused(tmp_path):
    _exported, path = exported_from_another_laptop(tmp_path)
    laptop = tmp_path / "new-laptop"
    ok(harmdesk(laptop, "campaign", "import", str(path), "--as", "Stonetop demo (2)"))
    again = harmdesk(laptop, "campaign", "import", str(path), "--as", "Stonetop demo (2)")
    assert again.returncode == 1 and "--as 'Stonetop demo (3)'" in again.stderr
    empty = harmdesk(laptop, "campaign", "import", str(path), "--as", " ")
    assert empty.returncode == 2 and "--as needs a campaign name" in empty.stderr
    elsewhere = harmdesk(laptop, "campaign", "list", "--as", "x")
    assert elsewhere.returncode == 2 and "--as goes with campaign import" in elsewhere.stderr


def test_times_that_are_no_times_are_refused_by_their_place(tmp_path):
    exported, path = exported_from_another_laptop(tmp_path)
    laptop = tmp_path / "new-laptop"
    for times, words in ((["tomorrow"] * len(exported["actions"]), "`times[0]` must be a time"),
                         (exported["times"][:-1], "one time per action"),
                         ([exported["times"][0][:-6]] * len(exported["actions"]), "offset")):
        path.write_text(json.dumps({**exported, "times": times}), encoding="utf-8")
        run = harmdesk(laptop, "campaign", "import", str(path), "--as", "Copy")
        assert run.returncode == 1 and words in run.stderr and "Traceback" not in run.stderr
