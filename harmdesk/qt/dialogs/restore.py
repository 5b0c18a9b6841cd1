"""File → Restore from backup…: the backups of the data folder, and the one to put back."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHeaderView, QTreeWidgetItem, QWidget

from ..forms.ui_restore_dialog import Ui_RestoreDialog
from ..plain import plain_tip
from .campaigns import system_title, when
from .common import Invalid, Validated

FILE_ROLE = Qt.ItemDataRole.UserRole
PLAY_REASON = re.compile(r"session-([0-9]+)-(start|end|hour)(?:-([0-9]+))?(?:-[0-9]+)?")


def why_made(reason: str, label: str | None = None) -> str:
    """A backup's reason as the GM reads it: `before-v3` -> Before the upgrade to data
    version 3; one made for a moment of play says what it holds (its `label`)."""
    if label:
        return label
    play = PLAY_REASON.fullmatch(reason)
    if play:
        number, moment, hours = play.groups()
        if moment == "hour":
            return f"{hours} hour{'' if hours == '1' else 's'} into play session {number}"
        return f"{'Start' if moment == 'start' else 'End'} of play session {number}"
    if reason == "hourly":
        return "An hour of play"
    if reason == "daily":
        return "First use of the day"
    if reason.startswith("before-restore"):
        return "Before a restore"
    if reason.startswith("before-v"):
        return f"Before the upgrade to data version {reason[len('before-v'):]}"
    return reason[:1].upper() + reason[1:]


def steps(n: int) -> str:
    return f"{n} step{'' if n == 1 else 's'}"


def holds(backup: dict) -> str:
    """The Holds column: its campaigns and their steps, or what is wrong with it."""
    if "problem" in backup:
        return "cannot be restored"
    camps = backup["campaigns"]
    total = sum(c["steps"] for c in camps)
    return f"{len(camps)} campaign{'' if len(camps) == 1 else 's'}, {steps(total)}"


def details(backup: dict) -> str:
    """Below the list: each campaign of the chosen backup, its game and its steps."""
    size = backup["size"]
    head = f"{backup['file']} ({f'{size / 1024:,.0f} KiB' if size >= 1024 else f'{size} bytes'})"
    if "problem" in backup:
        return head
    lines = [f"{c['name']} ({system_title(c['system'])}): {steps(c['steps'])}"
             for c in backup["campaigns"]]
    return "\n".join([head, *lines]) if lines else f"{head}\nNo campaign."


class RestoreDialog(Validated, QDialog):
    """`backups`: what `desk.folder.backups` lists, newest first. Result: `file()`, the
    chosen backup's path. Arrows choose, Enter restores, Escape cancels."""

    def __init__(self, backups: list[dict], parent: QWidget | None = None):
        super().__init__(parent)
        self.ui = Ui_RestoreDialog()
        self.ui.setupUi(self)
        self.init_validation()
        self.ok_button().setText("&Restore")
        self.ui.buttonBox.button(QDialogButtonBox.StandardButton.Cancel).setAutoDefault(False)
        self.backups = {b["path"]: b for b in backups}
        tree = self.ui.backupList
        for backup in backups:
            item = QTreeWidgetItem([when(backup["time"]),
                                    why_made(backup["reason"], backup.get("label")),
                                    holds(backup)])
            item.setData(0, FILE_ROLE, backup["path"])
            item.setToolTip(0, plain_tip(backup["file"]))  # any file a GM put there
            tree.addTopLevelItem(item)
        header = tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        for column in (0, 1):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        tree.itemActivated.connect(lambda *_: self.accept())
        tree.currentItemChanged.connect(self.revalidate)
        # the newest one that can be restored
        first = next((i for i, b in enumerate(backups) if "problem" not in b), 0)
        if backups:
            tree.setCurrentItem(tree.topLevelItem(first))
        tree.setFocus()
        self.revalidate()

    def file(self) -> str | None:
        item = self.ui.backupList.currentItem()
        return None if item is None else item.data(0, FILE_ROLE)

    def build(self) -> list[dict]:
        chosen = self.backups.get(self.file())
        self.ui.detailsLabel.setText(details(chosen) if chosen else "")
        if not self.backups:
            raise Invalid("There is no backup yet: HarmDesk makes one on the first use of "
                          "each day.")
        if chosen is None:
            raise Invalid("Choose a backup to restore.")
        if "problem" in chosen:
            raise Invalid(f"This file cannot be restored: {chosen['problem']}.")
        return []
