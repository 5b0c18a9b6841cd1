"""Making a new campaign and opening an existing one."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QHeaderView, QTreeWidgetItem, QWidget

from ... import profiles
from ..forms.ui_new_campaign_dialog import Ui_NewCampaignDialog
from ..forms.ui_open_campaign_dialog import Ui_OpenCampaignDialog
from ..plain import plain_tip
from .common import Invalid, Validated

NAME_ROLE = Qt.ItemDataRole.UserRole


def system_title(system: str) -> str:
    """'Stonetop' for `stonetop`; the name itself for a game HarmDesk does not know."""
    return profiles.title_of(system)


def when(stamp) -> str:
    """A stored UTC time stamp in the local time zone, to the minute."""
    if not stamp:
        return "never"
    try:
        moment = datetime.fromisoformat(str(stamp))
    except ValueError:
        return str(stamp)
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


class NewCampaignDialog(Validated, QDialog):
    """Result: `name()` and `system()`. A duplicate or empty name is refused inline."""

    def __init__(self, existing_names, parent: QWidget | None = None):
        super().__init__(parent)
        self.ui = Ui_NewCampaignDialog()
        self.ui.setupUi(self)
        self.init_validation()
        self.existing = {n.strip().casefold(): n for n in existing_names}
        for profile in profiles.all_profiles():
            self.ui.systemCombo.addItem(profile.title, profile.name)
        self.touched = False
        self.ui.nameEdit.textEdited.connect(self._edited)
        self.ui.nameEdit.textChanged.connect(self.revalidate)
        self.ui.nameEdit.setFocus()
        self.revalidate()

    def _edited(self) -> None:
        self.touched = True

    def name(self) -> str:
        return self.ui.nameEdit.text().strip()

    def system(self) -> str:
        return self.ui.systemCombo.currentData()

    def build(self) -> list[dict]:
        name = self.name()
        if not name:
            raise Invalid("A campaign needs a name.")
        if name.casefold() in self.existing:
            raise Invalid(f"There is already a campaign named {self.existing[name.casefold()]!r}.")
        return []

    def revalidate(self, *args) -> None:
        super().revalidate(*args)
        if not self.touched and not self.name():
            self.ui.messageLabel.hide()  # no scolding before the GM has typed anything


class OpenCampaignDialog(Validated, QDialog):
    """`campaigns`: [{"name", "system", "opened"}]; shown newest first. Result: `name()`."""

    def __init__(self, campaigns, parent: QWidget | None = None):
        super().__init__(parent)
        self.ui = Ui_OpenCampaignDialog()
        self.ui.setupUi(self)
        self.init_validation()
        ordered = sorted(campaigns, key=lambda c: str(c.get("opened") or ""), reverse=True)
        for campaign in ordered:
            item = QTreeWidgetItem([campaign["name"], system_title(campaign.get("system", "")),
                                    when(campaign.get("opened"))])
            item.setData(0, NAME_ROLE, campaign["name"])
            item.setToolTip(0, plain_tip(campaign["name"]))
            self.ui.campaignList.addTopLevelItem(item)
        header = self.ui.campaignList.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.ui.campaignList.itemActivated.connect(lambda *_: self.accept())
        self.ui.campaignList.currentItemChanged.connect(self.revalidate)
        self.ui.filterEdit.textChanged.connect(self.filter)
        if ordered:
            self.ui.campaignList.setCurrentItem(self.ui.campaignList.topLevelItem(0))
        self.ui.campaignList.setFocus()
        self.revalidate()

    def filter(self, text: str) -> None:
        """Hide campaigns that do not match; keep a visible one selected."""
        needle = text.strip().casefold()
        tree, first = self.ui.campaignList, None
        for i in range(tree.topLevelItemCount()):
            item = tree.topLevelItem(i)
            shown = not needle or needle in f"{item.text(0)} {item.text(1)}".casefold()
            item.setHidden(not shown)
            if shown and first is None:
                first = item
        current = tree.currentItem()
        if current is None or current.isHidden():
            tree.setCurrentItem(first)
        self.revalidate()

    def name(self) -> str | None:
        item = self.ui.campaignList.currentItem()
        if item is None or item.isHidden():
            return None
        return item.data(0, NAME_ROLE)

    def build(self) -> list[dict]:
        if not self.ui.campaignList.topLevelItemCount():
            raise Invalid("There is no campaign yet: make one with New campaign.")
        if self.name() is None:
            raise Invalid("No campaign matches; change the text in Find.")
        return []
