"""Names read exactly as typed wherever the window shows them: a campaign, a character, a
wound or a play session named in markup, or a file quoting markup, never turns bold or
into a link in a message box, a dialog's label, a tooltip or a button.

The walk goes through the window's own code paths (its menus, the encounter, imports and
restores), and every box and dialog they show is caught as it opens: each QLabel, button,
tooltip and item tooltip in it is read as Qt would show it, so a surface added later is
checked too.
"""

import json
import re

import pytest
from PySide6 import QtGui
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QDialog,
    QInputDialog,
    QLabel,
    QMenu,
    QMessageBox,
    QWidget,
)

from harmdesk.errors import UserError
from harmdesk.qt.dialogs.campaigns import NewCampaignDialog
from harmdesk.qt.export_summary import export_session_summary, offer_to_open
from harmdesk.qt.plain import plain_button

from . import kit

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

NAME = "<b>Bold</b> & <a href=x>link</a>"
LINK = "<a href=x>Click here to repair the campaign</a>"  # an id in a shared file
# a word that shows a text mentions the markup, and the markup it must show as typed
MARKS = {"Bold": NAME, "Click here": LINK}

PARTY = [
    {"id": "bold", "name": NAME, "kind": "pc", "max_hp": 16, "supplies": 3},
    {"id": "brute", "name": f"{NAME} the hagr", "kind": "monster", "max_hp": 16,
     "attack": {"dice": "d10+3"}},
    {"id": "afon", "name": f"Afon {NAME}", "kind": "follower", "max_hp": 4},
]


# how Qt shows a text ---------------------------------------------------------------------
def as_rich(text: str) -> str:
    doc = QTextDocument()
    doc.setHtml(text)
    return doc.toPlainText()


def as_shown(text: str, fmt=Qt.TextFormat.AutoText) -> str:
    """What the GM reads: rich text is rendered as a QLabel, a QMessageBox or a tooltip
    would (a tooltip is AutoText: rich when Qt.mightBeRichText says so)."""
    rich = fmt == Qt.TextFormat.RichText or (
        fmt == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(text))
    return as_rich(text) if rich else text


def as_button_shows(text: str) -> str:
    """A button's text: `&x` underlines x, and only `&&` shows an ampersand."""
    return re.sub(r"&(.)", r"\1", text)


class Surfaces:
    """Every text the walk found, as (where, the text given, the text shown)."""

    def __init__(self):
        self.found: list[tuple[str, str, str]] = []
        self.opened: list[str] = []  # the dialogs and boxes read, by class

    def add(self, where: str, given, shown: str) -> None:
        if given and any(word in str(given) for word in MARKS):
            self.found.append((where, str(given), shown))

    def text(self, where, text, fmt=Qt.TextFormat.AutoText) -> None:
        if text:
            self.add(where, text, as_shown(text, fmt))

    def tip(self, where, tip) -> None:
        if isinstance(tip, str) and tip:
            self.add(f"{where} tooltip", tip, as_shown(tip))

    def widget(self, where: str, top: QWidget) -> None:
        """Every label, button, tooltip and item tooltip in `top` and its children."""
        for w in [top, *top.findChildren(QWidget)]:
            name = f"{where}/{type(w).__name__}:{w.objectName()}"
            self.tip(name, w.toolTip())
            if isinstance(w, QLabel):
                self.text(name, w.text(), w.textFormat())
            elif isinstance(w, QAbstractButton):  # its text as Qt holds it
                text = QAbstractButton.text(w)
                self.add(name, text, as_button_shows(text))
            elif isinstance(w, QMenu):
                for action in w.actions():
                    self.add(f"{name} entry", action.text(), as_button_shows(action.text()))
            if isinstance(w, QAbstractItemView) and w.model() is not None:
                self.items(name, w.model(), QModelIndex())

    def items(self, where: str, model, parent) -> None:
        for row in range(min(model.rowCount(parent), 200)):
            for column in range(50):  # (a list model hides its columnCount)
                index = model.index(row, column, parent)
                if not index.isValid():
                    break
                self.tip(f"{where}[{row},{column}]", index.data(Qt.ItemDataRole.ToolTipRole))
            self.items(where, model, model.index(row, 0, parent))

    def wrong(self) -> list[tuple[str, str, str]]:
        """Those that do not show the markup they hold as typed."""
        return [(where, given, shown) for where, given, shown in self.found
                if any(word in given and mark not in shown for word, mark in MARKS.items())]

    def mention(self, words: str) -> list[str]:
        return [given for _, given, _ in self.found if words in given]


@pytest.fixture
def surfaces(monkeypatch):
    """Every dialog or box the window opens is read as it opens, then cancelled; a static
    QMessageBox helper (which shows its text as AutoText) is read as such."""
    seen = Surfaces()

    def read(dialog):
        seen.opened.append(type(dialog).__name__)
        seen.widget(type(dialog).__name__, dialog)

    def dialog_exec(dialog):
        read(dialog)
        return QDialog.DialogCode.Rejected

    def box_exec(box):
        read(box)
        return QMessageBox.StandardButton.Ok

    def dialog_open(dialog):
        read(dialog)
        dialog.reject()

    def box_show(box):
        read(box)
        box.deleteLater()

    def static(kind):
        def helper(parent, title, text, *args, **kwargs):
            seen.text(f"QMessageBox.{kind}", text, Qt.TextFormat.AutoText)
            return QMessageBox.StandardButton.Ok
        return staticmethod(helper)

    monkeypatch.setattr(QDialog, "exec", dialog_exec)
    monkeypatch.setattr(QDialog, "open", dialog_open)
    monkeypatch.setattr(QInputDialog, "open", dialog_open)  # it has an open() of its own
    monkeypatch.setattr(QMessageBox, "exec", box_exec)
    monkeypatch.setattr(QMessageBox, "open", dialog_open)
    monkeypatch.setattr(QMessageBox, "show", box_show)
    for kind in ("warning", "critical", "question", "information", "about"):
        monkeypatch.setattr(QMessageBox, kind, static(kind))
    return seen


@pytest.fixture
def marked(qtbot, tmp_path):
    """The window on a Stonetop campaign named in markup, whose characters are too."""
    folder = kit.make_folder(tmp_path / "data", [(NAME, "stonetop", {}, PARTY)])
    window = kit.open_window(qtbot, folder, name=NAME, size=(1300, 850))
    yield window
    window.controller.service.close()


def sweep(surfaces, window) -> None:
    """The window and whatever it has open beside it."""
    for top in QApplication.topLevelWidgets():
        if top.isVisible() or top is window:
            surfaces.widget(type(top).__name__, top)
    surfaces.tip("undo button", window.step_tips.text("undo"))


def wait_for(qtbot, surfaces, words: str) -> None:
    qtbot.waitUntil(lambda: bool(surfaces.mention(words)), timeout=20000)


def shared_file(path, name: str, actions: list) -> str:
    """A campaign export as another GM shares it."""
    path.write_text(json.dumps({"name": name, "system": "stonetop", "characters": [
        {"id": "bold", "name": NAME, "kind": "pc", "max_hp": 16}], "actions": actions}))
    return str(path)


def test_every_surface_shows_names_in_markup_as_typed(qtbot, marked, surfaces, tmp_path,
                                                      monkeypatch):
    window = marked
    c, menus, play = window.controller, window.campaign_menus, window.play_menus
    c.start_play_session(NAME)
    assert c.submit({"type": "add_wound", "target": "bold", "text": NAME,
                     "requirements": [NAME]})
    assert c.submit({"type": "damage", "target": "afon", "amount": 9})  # the follower dies
    assert c.submit({"type": "start_encounter", "mode": "spotlight",
                     "order": ["bold", "brute"]})
    window.select_ids(["bold", "brute"])
    sweep(surfaces, window)

    # the GM's own typing, quoted back
    window.log.ui.filterEdit.setText(f"{NAME} nowhere")
    window.tray.ui.damageTypeCombo.setEditText(NAME)
    window.tray.ui.typedEdit.setText(NAME)
    window.ui.quickEntry.setText(NAME)
    window.chips.apply_quick_entry()
    sweep(surfaces, window)
    window.log.ui.filterEdit.clear()
    window.tray.ui.damageTypeCombo.setEditText("")
    window.tray.ui.typedEdit.clear()

    # every dialog of the menus, the encounter and the chips
    play.add_character()
    play.edit_character()
    play.conditions(["bold", "brute"])
    play.moves()
    play.death_state()
    play.settings()
    menus.new_campaign()
    menus.open_campaign()
    window.encounter.start()
    window.encounter.ask_save(NAME, [("dazed", NAME)], NAME)
    window.select_ids(["bold"])
    window.tray.chips_in("dangers")[0].click()  # asks before applying the hagr's attack
    c.service.set_options({**c.service.options, "dice_mode": "manual"})
    assert not c.submit({"type": "damage", "target": "bold", "dice": "d6"})  # asks the faces
    menus.restore_backup()
    qtbot.waitUntil(lambda: "RestoreDialog" in surfaces.opened, timeout=20000)

    # the message boxes, each from its own way there
    menus.import_file(shared_file(tmp_path / "shared.json", "Shared", [
        {"type": "damage", "target": LINK, "amount": 1}]))
    wait_for(qtbot, surfaces, "Click here")
    menus.import_file(shared_file(tmp_path / "same.json", NAME, []))  # that name is taken
    wait_for(qtbot, surfaces, "already a campaign named")
    menus.open_named(f"{NAME} gone")
    c.failed.emit(f"Saving {NAME} failed; nothing was changed.")
    menus._maintained([f"SQLite's check finds {NAME} damaged."])
    menus.restore_file(NAME)
    qtbot.waitUntil(lambda: window.statusBar().currentMessage() == "Nothing was restored.",
                    timeout=20000)
    with monkeypatch.context() as patch:  # a name another HarmDesk took meanwhile
        patch.setattr(NewCampaignDialog, "exec", lambda dialog: QDialog.DialogCode.Accepted)
        patch.setattr(NewCampaignDialog, "name", lambda dialog: NAME)
        menus.new_campaign()
    offer_to_open(window, str(tmp_path / f"{NAME}.pdf"))  # a summary written
    with monkeypatch.context() as patch:  # a summary that cannot be written
        def refused(numbers):
            raise UserError(f"No summary of {NAME}.")
        patch.setattr(c.service, "summary_choice", refused)
        export_session_summary(window, c.service, None)
    menus.fill_recent()
    window.player_display.set_shown(True)  # the players see the names too
    sweep(surfaces, window)

    wrong = surfaces.wrong()
    assert not wrong, "\n".join(f"{where}: {given!r} shows as {shown!r}"
                                 for where, given, shown in wrong)
    # the walk reached what it is for
    assert {"CharacterDialog", "ConditionDialog", "MovesDialog", "DeathDialog",
            "SettingsDialog", "NewCampaignDialog", "OpenCampaignDialog", "StartEncounterDialog",
            "TurnSaveDialog", "ApplyDialog", "DiceDialog", "RestoreDialog",
            "QMessageBox"} <= set(surfaces.opened)
    for words in ("Click here to repair", "already a campaign named", "no campaign named",
                  "drag to change the order", "is out of the fight", "Nothing in the log "
                  "matches", f"For: {NAME}", f"Apply {NAME} the hagr", "damaged", "may roll "
                  "a Save", "Undo: ", "The session summary was saved", "No summary of",
                  f"1 {plain_button(NAME)}"):
        assert surfaces.mention(words), words


def test_the_walk_finds_markup_shown_as_rich_text(qtbot, surfaces):
    """The check itself: a label or a box left as AutoText is caught, a plain one is not."""
    rich, plain = QLabel(NAME), QLabel(NAME)
    plain.setTextFormat(Qt.TextFormat.PlainText)
    for label in (rich, plain):
        qtbot.addWidget(label)
    surfaces.widget("rich", rich)
    surfaces.widget("plain", plain)
    QMessageBox.warning(None, "HarmDesk", NAME)
    assert [where for where, _, _ in surfaces.wrong()] == ["rich/QLabel:", "QMessageBox.warning"]
    assert as_shown(f"<qt>{NAME.replace('&', '&amp;').replace('<', '&lt;')}</qt>") == NAME

