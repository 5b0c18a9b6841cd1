"""The Stonetop wound page (ST-11, ST-14): a wound with its source, permanence and
requirements; treating it; what the tile and the table show."""

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.profiles import profile_for
from harmdesk.qt.controller import DeskController
from harmdesk.qt.dialogs.condition import ConditionDialog
from harmdesk.store import Store

OK = QDialogButtonBox.StandardButton.Ok
SHEETS = [
    {"id": "rhianna", "name": "Rhianna", "kind": "pc", "max_hp": 16,
     "wounds": [{"text": "lost right arm", "source": "Three Coven Lake", "permanent": True,
                 "requirements": [{"text": "make a device", "met": True},
                                  "learn to use it", "months of practice"]}]},
    {"id": "vahid", "name": "Vahid", "kind": "pc", "max_hp": 16, "wounds": ["gash"]},
]


@pytest.fixture
def table(qtbot, tmp_path):
    store = Store.open(tmp_path)
    desk = DeskController()
    desk.set_service(Service.on(Campaign.create(store, "st", "stonetop", {}, SHEETS)))

    def dialog(targets):
        dlg = ConditionDialog(profile_for("stonetop"), desk.state, targets)
        qtbot.addWidget(dlg)
        dlg.ui.tabs.setCurrentIndex(1)
        return dlg
    yield desk, dialog, lambda: Campaign.open(store, "st").state["characters"]
    store.close()


def test_adding_a_wound_with_its_source_permanence_and_requirements(qtbot, table):
    desk, dialog, saved = table
    dlg = dialog(["vahid"])
    page = dlg.page()
    qtbot.keyClicks(page.text, "twisted ankle")
    qtbot.keyClicks(page.source, "a fall in the gulley")
    qtbot.keyClicks(page.require, "splint it; find a cane or a crutch;")
    assert dlg.actions() == [{"type": "add_wound", "target": "vahid", "text": "twisted ankle",
                              "source": "a fall in the gulley",
                              "requirements": ["splint it", "find a cane or a crutch"]}]
    assert "to treat it: splint it; find a cane or a crutch" in dlg.ui.previewLabel.text()
    assert desk.submit(dlg.actions()[0])
    for chars in (desk.state["characters"], saved()):
        ankle = chars["vahid"]["wounds"][1]
        assert (ankle["source"], ankle["permanent"], len(ankle["requirements"])) == (
            "a fall in the gulley", False, 2)


def test_treating_shows_the_requirements_and_marks_those_met(qtbot, table):
    desk, dialog, saved = table
    dlg = dialog(["rhianna", "vahid"])
    page = dlg.page()
    page.mode.set_value("treat")
    assert page.wound.currentData() == "lost right arm"
    assert list(page.met) == ["make a device", "learn to use it", "months of practice"]
    assert not page.met["make a device"].isEnabled()  # already met
    assert page.permanent.isChecked()
    assert not ok_enabled(dlg) and "Name what treating it requires" in \
        dlg.ui.messageLabel.text()
    page.met["learn to use it"].setChecked(True)
    assert dlg.actions() == [{"type": "treat_wound", "target": "rhianna",
                              "wound": "lost right arm", "met": ["learn to use it"]}]
    assert "2 of 3 requirements met" in dlg.ui.previewLabel.text()
    assert desk.submit(dlg.actions()[0])
    for chars in (desk.state["characters"], saved()):
        assert [r["met"] for r in chars["rhianna"]["wounds"][0]["requirements"]] == [
            True, True, False]


def test_treating_a_wound_saved_as_text_rules_it_permanent(qtbot, table):
    desk, dialog, saved = table
    dlg = dialog(["vahid"])
    page = dlg.page()
    page.mode.set_value("treat")
    assert page.met == {} and not page.met_note.isVisible()
    page.permanent.setChecked(True)
    assert dlg.actions() == [{"type": "treat_wound", "target": "vahid", "wound": "gash",
                              "permanent": True}]
    assert desk.submit(dlg.actions()[0])
    assert saved()["vahid"]["wounds"][0]["permanent"] is True


def test_the_tile_shows_each_wound_with_its_progress():
    facts = profile_for("stonetop").tile_facts({**SHEETS[0], "kind": "pc", "hp": 16,
                                                "armor": 0, "debilities": [], "death": "none",
                                                "can_recover": True, "supplies": None,
                                                "wounds": [
        {"text": "lost right arm", "source": "Three Coven Lake", "permanent": True,
         "requirements": [{"text": "a", "met": True}, {"text": "b", "met": False}]},
        "gash"]})
    assert facts.badges == ("wound: lost right arm · permanent · 1/2 met · "
                            "from Three Coven Lake", "wound: gash")


def ok_enabled(dlg):
    return dlg.ui.buttonBox.button(OK).isEnabled()
