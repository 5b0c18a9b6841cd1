"""File → Restore from backup…: the dialog lists the backups, restores one with the keyboard,
and the window reloads the desk (and its undo stack) from the restored file."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from harmdesk.desk.folder import backups
from harmdesk.qt.desk_model import CharacterRole
from harmdesk.qt.dialogs.restore import RestoreDialog
from harmdesk.store import db

from .kit import saved

# the offscreen platform says so whenever a window is shown
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

HIT = {"type": "damage", "target": "heavy", "amount": 5}


def listed(folder):
    return backups(folder)


@pytest.fixture
def backed_up(qtbot, window, folder):
    """The window on Desk with today's backup made, then two hits on the Heavy after it."""
    from harmdesk.store import backups
    qtbot.waitUntil(lambda: backups.made_today(folder / db.DB_NAME), timeout=20000)
    for _ in range(2):
        assert window.controller.submit(HIT)
    assert saved(folder)[0]["heavy"]["hp"] == 20 - 3 - 3  # armor 2 takes 2 of each 5
    return window


def test_the_dialog_lists_each_backup_with_its_campaigns_and_steps(qtbot, backed_up, folder):
    (folder / "backups" / "notes.sqlite").write_text("not a database")
    dialog = RestoreDialog(listed(folder))
    qtbot.addWidget(dialog)
    tree = dialog.ui.backupList
    rows = [[tree.topLevelItem(i).text(c) for c in range(3)]
            for i in range(tree.topLevelItemCount())]
    assert ["First use of the day", "1 campaign, 0 steps"] in [r[1:] for r in rows]
    assert any(r[2] == "cannot be restored" for r in rows)
    for i, row in enumerate(rows):  # arrows move to each; only a sound one can be restored
        tree.setCurrentItem(tree.topLevelItem(i))
        restorable = row[2] != "cannot be restored"
        assert dialog.ok_button().isEnabled() == restorable
        assert dialog.ui.messageLabel.isHidden() == restorable
    tree.setCurrentItem(tree.topLevelItem([r[1] for r in rows].index("First use of the day")))
    assert "Desk (Stonetop): 0 steps" in dialog.ui.detailsLabel.text()
    assert dialog.ok_button().text() == "&Restore"


def test_restore_from_the_menu_reloads_the_desk_the_stack_and_the_file(qtbot, backed_up,
                                                                    folder):
    window = backed_up
    assert window.controller.stack.count() == 2
    window.ui.actionRestoreBackup.trigger()
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), RestoreDialog),
                    timeout=10000)
    dialog = QApplication.activeModalWidget()
    daily = next(i for i in range(dialog.ui.backupList.topLevelItemCount())
                 if dialog.ui.backupList.topLevelItem(i).text(1) == "First use of the day")
    dialog.ui.backupList.setCurrentItem(dialog.ui.backupList.topLevelItem(daily))
    qtbot.keyClick(dialog.ui.backupList, Qt.Key.Key_Return)  # Enter restores
    qtbot.waitUntil(lambda: "Restored the backup" in window.statusBar().currentMessage(),
                    timeout=20000)
    assert "before-restore" in window.statusBar().currentMessage()
    # the model, the undo stack and the database all show the desk as the backup held it
    row = window.model.row_of("heavy")
    assert window.controller.state["characters"]["heavy"]["hp"] == 20
    assert window.model.index(row, 0).data(CharacterRole)["hp"] == 20
    assert window.controller.stack.count() == 0 and not window.controller.read_only
    characters, log = saved(folder)
    assert characters["heavy"]["hp"] == 20 and log == []
    # the desk goes on saving into the restored file; the replaced one kept both hits
    assert window.controller.submit(HIT)
    assert saved(folder)[0]["heavy"]["hp"] == 17
    [kept] = (folder / "backups").glob("*-before-restore.sqlite")
    import sqlite3
    con = sqlite3.connect(kept)
    assert con.execute("SELECT count(*) FROM log").fetchone()[0] == 2
    con.close()


def test_a_refused_restore_says_why_and_the_desk_goes_on(qtbot, backed_up, folder,
                                                        monkeypatch):
    from PySide6.QtWidgets import QMessageBox
    said = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _w, title, text: said.append(text))
    bad = folder / "bad.sqlite"
    bad.write_text("name,hp")
    before = (folder / db.DB_NAME).stat().st_mtime_ns
    job = backed_up.campaign_menus.restore_file(str(bad))
    with qtbot.waitSignal(job.failed, timeout=10000):
        pass
    assert said and "cannot be restored" in said[0] and "not an SQLite database" in said[0]
    assert backed_up.statusBar().currentMessage() == "Nothing was restored."
    assert (folder / db.DB_NAME).stat().st_mtime_ns == before
    assert backed_up.controller.submit(HIT)  # the store it had still saves
    assert saved(folder)[0]["heavy"]["hp"] == 11


def test_the_dialog_without_backups_says_when_they_come(qtbot):
    dialog = RestoreDialog([])
    qtbot.addWidget(dialog)
    assert not dialog.ok_button().isEnabled()
    assert "first use of each day" in dialog.ui.messageLabel.text()
    assert dialog.ui.buttonBox.button(QDialogButtonBox.StandardButton.Cancel).isEnabled()
