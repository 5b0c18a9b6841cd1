"""File → Import in the window: off the GUI thread, with actions done of the total shown,
and a Cancel that leaves the data file as it was."""

import json
import threading

import pytest
from PySide6.QtWidgets import QPushButton

from harmdesk.qt.desk_model import CharacterRole, IdRole
from harmdesk.store import Store

from .conftest import PARTY

# the offscreen platform says so whenever a window is shown
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def export_file(tmp_path, actions: int):
    path = tmp_path / "long.json"
    path.write_text(json.dumps({
        "name": "Long night", "system": "stonetop", "settings": {}, "characters": PARTY[:2],
        "actions": [{"type": "damage", "target": "heavy", "amount": 1},
                    {"type": "heal", "target": "heavy", "amount": 1}] * (actions // 2)
        + [{"type": "damage", "target": "heavy", "amount": 7}]}), encoding="utf-8")
    return path


def campaigns_in(folder) -> dict[str, int]:
    """Each campaign in the database with the number of its log rows."""
    store = Store.open(folder, write=False)
    try:
        return {c["name"]: len(store.log(store.campaign(c["name"]).id))
                for c in store.campaigns()}
    finally:
        store.close()


def test_an_import_shows_its_progress_and_opens_the_campaign(qtbot, window, folder, tmp_path,
                                                            monkeypatch):
    from harmdesk.qt.import_progress import ImportProgress
    seen = []
    built = ImportProgress.__init__

    def listened(self, *args):  # listen from the start: the worker may report at once
        built(self, *args)
        self.advanced.connect(lambda *a: seen.append(a))

    monkeypatch.setattr(ImportProgress, "__init__", listened)
    job = window.campaign_menus.import_file(str(export_file(tmp_path, 600)))
    with qtbot.waitSignal(job.done, timeout=30000):
        pass
    qtbot.waitUntil(lambda: window.controller.campaign.name == "Long night")
    assert seen[-1] == ("saving", 601, 601) and ("checking", 0, 601) in seen
    dialog = window.campaign_menus.import_progress.dialog
    assert dialog.labelText() == "Saving action 601 of 601…" and dialog.maximum() == 601
    assert not dialog.isVisible()
    # the model shows the imported desk, and the database holds the whole log
    model = window.model
    rows = {model.index(r, 0).data(IdRole): model.index(r, 0).data(CharacterRole)
            for r in range(model.rowCount())}
    assert sorted(rows) == ["caradoc", "heavy"] and rows["heavy"]["hp"] == 15  # 7 - armor 2
    assert campaigns_in(folder) == {"Desk": 0, "Long night": 601}


def test_cancel_stops_the_import_and_saves_nothing(qtbot, window, folder, tmp_path, monkeypatch):
    from harmdesk.qt import import_progress

    answered = threading.Event()
    original = import_progress.ImportProgress.report

    def report(self, stage, done, total):
        original(self, stage, done, total)
        if stage == "saving" and done > 0 and not answered.is_set():
            # hold the worker inside its transaction until the GM's Cancel is in
            assert answered.wait(20)

    monkeypatch.setattr(import_progress.ImportProgress, "report", report)
    before = campaigns_in(folder)
    job = window.campaign_menus.import_file(str(export_file(tmp_path, 600)))
    progress = window.campaign_menus.import_progress

    def press_cancel(stage, done, total):
        if stage == "saving" and done > 0 and not answered.is_set():
            progress.dialog.findChild(QPushButton).click()  # the GM's Cancel
            answered.set()

    progress.advanced.connect(press_cancel)
    with qtbot.waitSignal(job.failed, timeout=30000) as failed:
        pass
    assert failed.args == ["Import cancelled; nothing was added."]
    assert window.statusBar().currentMessage() == "Import cancelled; nothing was added."
    assert window.controller.campaign.name == "Desk"
    assert [c["name"] for c in window.controller.service.campaigns()] == ["Desk"]
    assert campaigns_in(folder) == before == {"Desk": 0}


def test_the_dialog_says_the_last_progress_when_reports_come_faster_than_it_shows_them(
        qtbot, window):
    """A shown window-modal progress dialog lets the event loop run while it takes a
    value, so the later reports, already waiting, are shown inside the first: the words
    must still end on the last one, never on the one that let the others in."""
    from harmdesk.qt.import_progress import ImportProgress
    progress = ImportProgress(window, "long.json")
    dialog = progress.dialog
    dialog.setMinimumDuration(0)
    progress.report("checking", 0, 3)
    qtbot.waitUntil(dialog.isVisible)  # shown: from now on each value runs the event loop
    for done in (1, 2, 3):  # the worker reports faster than the GUI thread shows them
        progress.report("saving", done, 3)
    qtbot.waitUntil(lambda: dialog.value() == 3)
    qtbot.waitUntil(lambda: dialog.labelText() == "Saving action 3 of 3…")
    progress.finish()


def named_desk_export(tmp_path, actions: int = 40):
    """An export of a campaign named "Desk", the name the window's folder has already,
    each action made last week."""
    path = export_file(tmp_path, actions)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["name"] = "Desk"
    data["times"] = [f"2026-11-24T19:{n // 60:02d}:{n % 60:02d}+00:00"
                     for n in range(len(data["actions"]))]
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, data["times"]


def log_times(folder, name: str) -> list[str]:
    store = Store.open(folder, write=False)
    try:
        return [e.applied_at for e in store.log(store.campaign(name).id)]
    finally:
        store.close()


def test_a_taken_name_closes_the_progress_and_offers_another_name(qtbot, window, folder,
                                                                  tmp_path, monkeypatch):
    from PySide6.QtWidgets import QInputDialog

    from harmdesk.qt import window_menus
    said = []  # a message box here is the trap: it would wait under the progress dialog
    monkeypatch.setattr(window_menus.QMessageBox, "critical", lambda *args: said.append(args))
    path, times = named_desk_export(tmp_path)
    menus = window.campaign_menus
    job = menus.import_file(str(path))
    progress = menus.import_progress
    progress.dialog.setMinimumDuration(0)  # shown at once, as for a long file
    with qtbot.waitSignal(job.done, timeout=30000):
        pass
    qtbot.waitUntil(lambda: window.findChild(QInputDialog, "importNameDialog") is not None
                    and window.findChild(QInputDialog, "importNameDialog").isVisible())
    offer = window.findChild(QInputDialog, "importNameDialog")
    assert not progress.dialog.isVisible() and said == []
    assert "already a campaign named “Desk”" in offer.labelText()
    assert offer.textValue() == "Desk (2)"
    offer.accept()
    qtbot.waitUntil(lambda: window.controller.campaign.name == "Desk (2)", timeout=30000)
    assert campaigns_in(folder) == {"Desk": 0, "Desk (2)": 41}
    assert log_times(folder, "Desk (2)") == times
    assert not any(d.isVisible() for d in window.findChildren(type(progress.dialog)))


def test_a_refused_import_says_why_with_no_progress_dialog_left(qtbot, window, folder, tmp_path,
                                                                 monkeypatch):
    """The message about a bad file is the only window left: the progress dialog is gone
    before it opens, never waiting under or over it."""
    from harmdesk.qt import window_menus
    path = export_file(tmp_path, 40)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][-1]["target"] = "nobody"
    path.write_text(json.dumps(data), encoding="utf-8")
    said = []

    def critical(parent, title, text):
        progress = window.campaign_menus.import_progress
        said.append((text, progress.dialog.isVisible()))

    monkeypatch.setattr(window_menus.QMessageBox, "critical", critical)
    job = window.campaign_menus.import_file(str(path))
    window.campaign_menus.import_progress.dialog.setMinimumDuration(0)
    with qtbot.waitSignal(job.failed, timeout=30000):
        pass
    qtbot.waitUntil(lambda: bool(said))
    [(text, progress_shown)] = said
    assert "action 40 is refused" in text and not progress_shown
    qtbot.wait(600)  # past the dialog's minimum duration: it must not come back by itself
    assert not window.campaign_menus.import_progress.dialog.isVisible()
    assert campaigns_in(folder) == {"Desk": 0}
