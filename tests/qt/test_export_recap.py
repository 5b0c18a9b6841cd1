"""File → Export recap… in the real window: the players' recap copied for the chat, or
saved in the format chosen, names no hidden character; a folder is refused."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QApplication, QFileDialog

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def night(qtbot, window):
    c = window.controller
    assert c.submit({"type": "edit_character", "target": "coedwig",
                     "changes": {"name": "Lurker", "players_see": "hidden"}})
    assert c.submit({"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"})
    assert c.submit({"type": "damage", "target": "heavy", "amount": 4, "source": "coedwig"})
    assert c.submit({"type": "edit_character", "target": "hagr",
                     "changes": {"players_see": "full"}})
    window.ui.actionExportRecap.trigger()
    dialog = next(w for w in QApplication.topLevelWidgets()
                  if w.objectName() == "ExportRecapDialog" and w.isVisible())
    yield dialog
    dialog.close()


def choose(dialog, audience: str, fmt: str = "md") -> None:
    dialog.ui.audience.setCurrentIndex(dialog.ui.audience.findData(audience))
    dialog.ui.format.setCurrentIndex(dialog.ui.format.findData(fmt))


def test_copy_recap_puts_the_players_markdown_on_the_clipboard(qtbot, night):
    QApplication.clipboard().setText("")
    choose(night, "players")
    night.copy_button.click()
    qtbot.waitUntil(lambda: not night.running, timeout=20000)
    text = QApplication.clipboard().text()
    # the hagr was shown in words when it hit: its hit counts, the Heavy's HP are shown
    assert "- **The Heavy**: took 9 HP (7 from Hagr, 2 from Unattributed)" in text
    assert "Lurker" not in text
    assert "clipboard" in night.ui.note.text()


@pytest.mark.parametrize("fmt", ["md", "html", "json"])
def test_save_writes_the_format_chosen_without_a_hidden_name(qtbot, night, tmp_path,
                                                             monkeypatch, fmt):
    target = tmp_path / f"recap.{fmt}"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(target), "")))
    choose(night, "players", fmt)
    night.save_button.click()
    qtbot.waitUntil(lambda: not night.running, timeout=20000)
    assert night.ui.note.text() == f"Saved {target}."
    text = target.read_text("utf-8")
    assert "Lurker" not in text and "The Heavy" in text
    if fmt == "json":
        assert json.loads(text)["audience"] == "players"


def test_the_gms_recap_names_the_hidden_too(qtbot, night, tmp_path, monkeypatch):
    target = tmp_path / "gm.md"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(target), "")))
    choose(night, "gm")
    night.save_button.click()
    qtbot.waitUntil(lambda: not night.running, timeout=20000)
    assert "(7 from Hagr, 2 from Lurker)" in target.read_text("utf-8")  # 4 − 2 armor, ST-3


def test_a_folder_is_refused_in_plain_words(qtbot, night, tmp_path, monkeypatch):
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(tmp_path), "")))
    night.save_button.click()
    qtbot.waitUntil(lambda: not night.running, timeout=20000)
    assert night.ui.note.text().startswith(f"Cannot write {tmp_path}")
    assert night.isVisible()


def stories(window) -> list[str]:
    """Each play session's story, as the data file holds it."""
    import sqlite3

    from harmdesk.store import db
    con = sqlite3.connect(window.controller.service.store.path.parent / db.DB_NAME)
    try:
        return [s for (s,) in con.execute("SELECT story FROM play_session ORDER BY number")]
    finally:
        con.close()


def opened(window, besides=None):
    window.ui.actionExportRecap.trigger()
    return next(w for w in QApplication.topLevelWidgets()
                if w.objectName() == "ExportRecapDialog" and w.isVisible() and w is not besides)


def test_the_story_so_far_opens_the_recap_and_is_kept_with_the_play_session(qtbot, window):
    c = window.controller
    c.start_play_session("First night")
    assert c.submit({"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"})
    night = opened(window)
    assert night.ui.story.isEnabled() and night.ui.story.toPlainText() == ""
    night.ui.story.setPlainText("The hagr came out of the <wood> & took the Heavy.")
    QApplication.clipboard().setText("")
    choose(night, "players")
    night.copy_button.click()
    qtbot.waitUntil(lambda: not night.running, timeout=20000)
    text = QApplication.clipboard().text()
    assert text.index("## Story so far") < text.index("The hagr came out of the <wood> & "
                                                      "took the Heavy.") < text.index("The Heavy**")
    assert stories(window)[-1] == "The hagr came out of the <wood> & took the Heavy."
    night.ui.story.setPlainText("Edited, then closed.")
    night.close()
    assert stories(window)[-1] == "Edited, then closed."
    again = opened(window, besides=night)
    assert again.ui.story.toPlainText() == "Edited, then closed."
    again.close()


def test_an_encounter_can_be_recapped_and_the_story_waits_for_a_play_session(qtbot, window):
    c = window.controller
    assert c.submit({"type": "start_encounter", "order": list(c.state["characters"])})
    assert c.submit({"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"})
    dialog = opened(window)
    try:
        scope = dialog.ui.scope
        assert scope.itemText(1) == "Encounter 1 (running)"
        scope.setCurrentIndex(1)
        assert not dialog.ui.story.isEnabled()   # a story opens a play session's recap
        QApplication.clipboard().setText("")
        choose(dialog, "gm")
        dialog.copy_button.click()
        qtbot.waitUntil(lambda: not dialog.running, timeout=20000)
        text = QApplication.clipboard().text()
        assert text.startswith("# Desk: Encounter 1") and "took 7 HP (7 from Hagr)" in text
    finally:
        dialog.close()
