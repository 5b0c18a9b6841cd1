"""Rule settings and the dice mode."""

import re

import pytest
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialogButtonBox, QSpinBox

from harmdesk import rules
from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.profiles import profile_for
from harmdesk.profiles.parts import without_rule_ids
from harmdesk.qt.controller import DeskController
from harmdesk.qt.dialogs.settings import SettingsDialog, with_mnemonic
from harmdesk.store import Store


@pytest.fixture
def dialog(qtbot):
    def make(system, settings=None, options=None):
        dlg = SettingsDialog(profile_for(system), settings or {}, options or {})
        qtbot.addWidget(dlg)
        return dlg
    return make


@pytest.mark.parametrize("system", ["stonetop", "lux_aeterna", "freedom_fantasies"])
def test_every_rule_setting_has_the_right_widget_and_its_doc(dialog, system):
    dlg = dialog(system)
    settings = {k: s for k, s in rules.system_named(system).settings.items() if s.gm_edits}
    assert list(dlg.widgets) == list(settings)
    # the running encounter is kept in the settings but is no rule the GM edits here
    assert "encounter" in rules.system_named(system).settings and "encounter" not in dlg.widgets
    for key, setting in settings.items():
        widget = dlg.widgets[key]
        kind = (QComboBox if setting.choices else QCheckBox
                if isinstance(setting.default, bool) else QSpinBox)
        assert isinstance(widget, kind), key
        assert widget.toolTip() == without_rule_ids(setting.doc)
        assert not re.search(r"[A-Z]{2}-\d", widget.toolTip())  # IDs are for the log
        assert dlg.value(key) == setting.default
    assert dlg.settings_action() is None  # nothing changed


def test_only_changed_keys_and_negative_prosperity(dialog):
    dlg = dialog("stonetop", {"prosperity": 1, "piercing_stack": "sum"})
    assert dlg.value("prosperity") == 1 and dlg.value("piercing_stack") == "sum"
    dlg.widgets["prosperity"].setValue(-2)
    dlg.widgets["lacking"].setChecked(True)
    assert dlg.settings_action() == {"type": "change_settings",
                                     "settings": {"prosperity": -2, "lacking": True}}
    combo = dlg.widgets["piercing_stack"]
    assert combo.itemText(combo.findData("max")) == "Max"


def test_restore_defaults(qtbot, dialog):
    dlg = dialog("lux_aeterna", {"halve_rounding": "up", "strain_reset": "never"})
    dlg.ui.buttonBox.button(QDialogButtonBox.StandardButton.RestoreDefaults).click()
    assert dlg.settings_action() == {"type": "change_settings", "settings": {
        "strain_reset": "full_rest", "halve_rounding": "down"}}


def test_dice_mode_round_trips_and_keeps_other_options(dialog):
    dlg = dialog("freedom_fantasies", options={"dice_mode": "manual", "theme": "dark"})
    assert dlg.ui.manualDiceRadio.isChecked()
    assert dlg.options() == {"dice_mode": "manual", "theme": "dark"}
    dlg.ui.appDiceRadio.setChecked(True)
    assert dlg.options() == {"dice_mode": "app", "theme": "dark"}
    assert dialog("stonetop").options() == {"dice_mode": "app"}


def test_labels_get_distinct_mnemonics():
    used = set("hiocr")  # the dice radios and the buttons have these
    assert with_mnemonic("Prosperity:", used) == "&Prosperity:"
    assert with_mnemonic("Piercing stack:", used) == "Pi&ercing stack:"
    assert with_mnemonic("Lacking:", used) == "&Lacking:"


def test_the_action_applies_to_a_real_campaign(qtbot, tmp_path, dialog):
    store = Store.open(tmp_path)
    try:
        sheets = [{"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20}]
        desk = DeskController()
        desk.set_service(Service.on(Campaign.create(store, "T", "stonetop", {"prosperity": 1},
                                                    sheets)))
        dlg = dialog("stonetop", desk.state["settings"], desk.service.campaign.info.options)
        dlg.widgets["prosperity"].setValue(3)
        assert desk.submit(dlg.settings_action())
        assert desk.state["settings"]["prosperity"] == 3
    finally:
        store.close()


def test_lux_day_and_rest_while_unconscious_are_set_here(dialog):
    """LA-8/LA-5: the campaign's day past 99 is kept as it is; the rest reading reads like
    the rules."""
    dlg = dialog("lux_aeterna", {"day": 150})
    assert dlg.value("day") == 150 and dlg.settings_action() is None
    assert "once per day" in dlg.widgets["day"].toolTip()
    rest = dlg.widgets["rest_while_unconscious"]
    assert "You recover 1d6 HP every 6 hours" in rest.toolTip()
    rest.setCurrentIndex(rest.findData("rest"))
    dlg.widgets["day"].setValue(151)
    assert dlg.settings_action() == {"type": "change_settings", "settings": {
        "rest_while_unconscious": "rest", "day": 151}}
