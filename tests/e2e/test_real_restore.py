"""File → Restore from backup… with the real keyboard: Alt+F, B, Enter puts back the
day's backup, and the database file holds the desk as the backup did."""

from __future__ import annotations

from .realdesk import RealDesk, focus_tiles, poll, quick_entry


def wait_for_todays_backup(desk: RealDesk) -> None:
    """The day's backup is made in the background once the desk is open."""
    manifest = desk.data_dir / "backups" / "made-by-harmdesk.json"
    poll(lambda: manifest.exists() and "daily" in manifest.read_text(encoding="utf-8"),
         "the backup of the day", 30)


def test_alt_f_b_enter_restores_the_days_backup(desk):
    wait_for_todays_backup(desk)
    before = len(desk.saved_actions())
    hp = desk.saved_state("caradoc")["hp"]
    focus_tiles(desk)
    quick_entry(desk, "lose 2", before + 1)
    assert desk.saved_state("caradoc")["hp"] == hp - 2

    desk.key("alt+f")
    desk.wait_for(lambda s: "Restore from backup…" in s.get("menu", {}), "the File menu")
    desk.key("b")
    desk.wait_for_dialog("Restore from a backup", "the restore dialog")
    desk.screenshot("restore-dialog")
    desk.key("Return")
    desk.wait_for(lambda s: s.get("dialog") is None and s.get("writable"),
                  "the desk reloaded from the backup", timeout=30)
    poll(lambda: desk.saved_state("caradoc")["hp"] == hp, "Caradoc's HP as backed up", 15)
    assert desk.saved_state("caradoc")["hp"] == hp
    assert len(desk.saved_actions()) == before
    # the file it replaced was kept, holding the step made after the backup
    assert list((desk.data_dir / "backups").glob("*-before-restore.sqlite"))
    desk.screenshot("restored")
