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
