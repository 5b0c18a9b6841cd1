"""The window backs up as the GM plays: Play → Start session and End session each make a
backup, and so does the first step saved an hour after the newest one; the restore dialog
names each by what it holds."""

from datetime import timedelta

import pytest

from harmdesk.store import backups

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def made(folder, ending: str) -> bool:
    return any((folder / "backups").glob(f"*{ending}"))


def test_start_an_hour_of_play_and_end_each_make_a_backup(qtbot, window, folder):
    from harmdesk.qt.dialogs.restore import RestoreDialog
    qtbot.waitUntil(lambda: made(folder, "-daily.sqlite"), timeout=30000)  # the day's, at open
    play = window.campaign_menus.play_backups
    window.controller.start_play_session("The hagr")
    qtbot.waitUntil(lambda: made(folder, "-session-1-start.sqlite"), timeout=30000)
    qtbot.waitUntil(lambda: play.running is None)
    assert window.controller.submit({"type": "damage", "target": "heavy", "amount": 5})
    assert not made(folder, "-session-1-hour-1.sqlite") and play.running is None  # too soon
    later = backups.newest_time(window.controller.service.store.path) + timedelta(minutes=61)
    play.clock = lambda: later
    assert window.controller.submit({"type": "damage", "target": "heavy", "amount": 5})
    qtbot.waitUntil(lambda: made(folder, "-hour-1.sqlite") or made(folder, "-hourly.sqlite"),
                    timeout=30000)
    qtbot.waitUntil(lambda: play.running is None)
    window.controller.end_play_session()
    qtbot.waitUntil(lambda: made(folder, "-session-1-end.sqlite"), timeout=30000)
    qtbot.waitUntil(lambda: play.running is None)

    listed = backups.listing(window.controller.service.store.path)
    dialog = RestoreDialog(listed, window)
    qtbot.addWidget(dialog)
    tree = dialog.ui.backupList
    reasons = [tree.topLevelItem(i).text(1) for i in range(tree.topLevelItemCount())]
    assert sorted(reasons) == sorted(["First use of the day", "Start of play session 1 of “Desk”",
                                      "1 hour into play session 1 of “Desk”",
                                      "End of play session 1 of “Desk”"])
