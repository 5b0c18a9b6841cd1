"""New campaign and open campaign dialogs."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from harmdesk.desk.demo import ensure_demo
from harmdesk.qt.dialogs.campaigns import NewCampaignDialog, OpenCampaignDialog
from harmdesk.store import Store

# the offscreen platform cannot pass a shown dialog's size hints on; nothing is wrong
OFFSCREEN_SHOW = pytest.mark.qt_log_ignore("does not support propagateSizeHints")
OK = QDialogButtonBox.StandardButton.Ok
OPEN = QDialogButtonBox.StandardButton.Open


@pytest.fixture
def new_dialog(qtbot):
    dlg = NewCampaignDialog(["Stonetop: the hagr"])
    qtbot.addWidget(dlg)
    return dlg


def test_new_campaign_offers_the_three_games(new_dialog):
    combo = new_dialog.ui.systemCombo
    assert [combo.itemData(i) for i in range(combo.count())] == [
        "stonetop", "lux_aeterna", "freedom_fantasies"]
    assert combo.itemText(1) == "Lux Aeterna"


def test_empty_name_disables_ok_without_scolding_first(qtbot, new_dialog):
    assert not new_dialog.ui.buttonBox.button(OK).isEnabled()
    assert new_dialog.ui.messageLabel.isHidden()
    qtbot.keyClicks(new_dialog.ui.nameEdit, "  ")
    assert new_dialog.ui.messageLabel.text() == "A campaign needs a name."
    assert not new_dialog.ui.messageLabel.isHidden()


def test_duplicate_name_is_refused_case_and_space_insensitively(qtbot, new_dialog):
    qtbot.keyClicks(new_dialog.ui.nameEdit, " stonetop: THE hagr ")
    assert "already a campaign named 'Stonetop: the hagr'" in new_dialog.ui.messageLabel.text()
    assert not new_dialog.ui.buttonBox.button(OK).isEnabled()
    new_dialog.accept()
    assert new_dialog.result() != QDialog.DialogCode.Accepted


def test_new_campaign_result(qtbot, new_dialog):
    qtbot.keyClicks(new_dialog.ui.nameEdit, "  Ashes of Marrow  ")
    new_dialog.ui.systemCombo.setCurrentIndex(2)
    assert new_dialog.ui.buttonBox.button(OK).isEnabled()
    assert (new_dialog.name(), new_dialog.system()) == ("Ashes of Marrow", "freedom_fantasies")
    new_dialog.accept()
    assert new_dialog.result() == QDialog.DialogCode.Accepted


CAMPAIGNS = [
    {"name": "Old", "system": "stonetop", "opened": "2024-01-01T10:00:00+00:00"},
    {"name": "Newest", "system": "lux_aeterna", "opened": "2024-06-01T10:00:00+00:00"},
    {"name": "Middle", "system": "freedom_fantasies", "opened": "2024-03-01T10:00:00+00:00"},
]


@pytest.fixture
def open_dialog(qtbot):
    dlg = OpenCampaignDialog(CAMPAIGNS)
    qtbot.addWidget(dlg)
    return dlg


def names_shown(dlg):
    tree = dlg.ui.campaignList
    return [tree.topLevelItem(i).text(0) for i in range(tree.topLevelItemCount())
            if not tree.topLevelItem(i).isHidden()]


def test_open_lists_newest_first_with_the_newest_selected(open_dialog):
    assert names_shown(open_dialog) == ["Newest", "Middle", "Old"]
    assert open_dialog.name() == "Newest"
    assert open_dialog.ui.campaignList.topLevelItem(0).text(1) == "Lux Aeterna"


@OFFSCREEN_SHOW
def test_enter_opens_the_selected_campaign(qtbot, open_dialog):
    with qtbot.waitExposed(open_dialog):
        open_dialog.show()
    tree = open_dialog.ui.campaignList
    tree.setFocus()
    qtbot.keyClick(tree, Qt.Key.Key_Down)
    assert open_dialog.name() == "Middle"
    qtbot.keyClick(tree, Qt.Key.Key_Return)
    assert open_dialog.result() == QDialog.DialogCode.Accepted
    assert open_dialog.name() == "Middle"


@OFFSCREEN_SHOW
def test_double_click_opens(qtbot, open_dialog):
    open_dialog.show()
    tree = open_dialog.ui.campaignList
    item = tree.topLevelItem(2)
    tree.setCurrentItem(item)
    tree.itemActivated.emit(item, 0)  # what a double-click emits
    assert open_dialog.result() == QDialog.DialogCode.Accepted
    assert open_dialog.name() == "Old"


def test_find_filters_and_refuses_when_nothing_matches(qtbot, open_dialog):
    qtbot.keyClicks(open_dialog.ui.filterEdit, "fantas")
    assert names_shown(open_dialog) == ["Middle"]
    assert open_dialog.name() == "Middle"
    qtbot.keyClicks(open_dialog.ui.filterEdit, "zzz")
    assert open_dialog.name() is None
    assert "No campaign matches" in open_dialog.ui.messageLabel.text()
    assert not open_dialog.ui.buttonBox.button(OPEN).isEnabled()


def test_open_reads_a_real_store(qtbot, tmp_path):
    store = Store.open(tmp_path)
    try:
        ensure_demo(store)
        dlg = OpenCampaignDialog(store.campaigns())
        qtbot.addWidget(dlg)
        assert len(names_shown(dlg)) == 3
        assert dlg.name() in {c["name"] for c in store.campaigns()}
        assert dlg.ui.campaignList.topLevelItem(0).text(2)[:2] == "20"  # a readable date
    finally:
        store.close()


def test_no_campaigns_at_all(qtbot):
    dlg = OpenCampaignDialog([])
    qtbot.addWidget(dlg)
    assert dlg.name() is None
    assert "no campaign yet" in dlg.ui.messageLabel.text()
