"""The steps the window saves survive a reader from outside.

Every step the window saves goes to `harmdesk.sqlite-wal` first. Another process that
reads the folder (`harmdesk campaign list`) must see the window's locks and leave that
-wal alone, also once the window has exported a session summary: otherwise the window
goes on writing into a deleted file, and a crash loses every step since.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

from .realdesk import RealDesk, focus_tiles, quick_entry

SIDE_FILES = ("harmdesk.sqlite-wal", "harmdesk.sqlite-shm")
DELETED = " (deleted)"


def side_files(pid: int) -> list[str]:
    """The -wal and -shm files process `pid` has open, as /proc names them (a deleted
    one ends in " (deleted)")."""
    found = []
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue  # closed while we looked
        if Path(target.removesuffix(DELETED)).name in SIDE_FILES:
            found.append(target)
    return found


def export_summary(desk: RealDesk, target: Path) -> None:
    """Ctrl+P, the full path typed into Qt's own file dialog, Enter; the offer to open
    the PDF is closed with Escape."""
    desk.wait_for_desk_keys()
    desk.key("ctrl+p")
    desk.wait_for_dialog("Export session summary", "the file dialog of Ctrl+P")
    assert desk.status()["file_dialog"]
    desk.key("ctrl+a")
    desk.type(str(target))
    desk.key("Return")
    desk.wait_for_dialog("Session summary written", "the offer to open the summary",
                         timeout=60)
    desk.screenshot("summary-written")
    desk.key("Escape")
    desk.wait_for(lambda s: s.get("dialog") is None, "the offer to close")


def applied_steps(data_dir: Path) -> int:
    """The applied steps of every campaign, as the file (and any -wal beside it) holds them."""
    with closing(sqlite3.connect(data_dir / "harmdesk.sqlite")) as db:
        return db.execute("SELECT count(DISTINCT campaign_id || '.' || step) FROM log "
                          "WHERE undone = 0").fetchone()[0]


def test_a_reader_after_a_summary_export_leaves_the_windows_wal_alone(desk, tmp_path):
    steps_before = applied_steps(desk.data_dir)
    before = len(desk.saved_actions())
    focus_tiles(desk)
    quick_entry(desk, "lose 1", before + 1)
    pdf = tmp_path / "tonight.pdf"
    export_summary(desk, pdf)
    assert pdf.read_bytes().startswith(b"%PDF")

    listed = subprocess.run([sys.executable, "-m", "harmdesk", "--data-dir", str(desk.data_dir),
                             "campaign", "list"], capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0, listed.stderr
    pid = desk.process.pid
    held = side_files(pid)
    assert held, "the window holds its -wal and -shm open while it writes"
    assert [f for f in held if f.endswith(DELETED)] == []

    focus_tiles(desk)
    quick_entry(desk, "lose 1", before + 2)
    quick_entry(desk, "lose 1", before + 3)
    desk.process.send_signal(signal.SIGKILL)
    desk.process.wait(20)
    assert applied_steps(desk.data_dir) == steps_before + 3
