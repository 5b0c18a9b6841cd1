"""The creature library in the real window: the dock lists the game's templates (the
starters first of all), a row drags as a template and Enter asks for copies, and New,
Edit, Delete, Save as template, Import and Export change what the data file holds."""

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QTextDocument
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.library import library_json, starters
from harmdesk.qt.dialogs.template import EDIT_NOTE, TemplateDialog
from harmdesk.qt.library_model import (
    ATTACK,
    FILL,
    HP,
    KIND,
    NAME,
    TEMPLATE_MIME,
    TemplateIdRole,
    decode_template,
    encode_template,
)
from harmdesk.qt.window_library import LIBRARY_KEY
from harmdesk.store import Store

from . import kit

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

MARKUP = "<b>Bold</b> & <img src=x>"


def shown(qtbot, window):
    """The library dock, shown from View → Library, once it lists the templates."""
    window.library.toggle_action.trigger()
    qtbot.waitUntil(window.library.dock.isVisible)
    qtbot.waitUntil(lambda: bool(window.library.dock.model.templates()))
    return window.library.dock


def in_library(window) -> dict:
    """The templates the data file holds for the open game, by name (lists when shared)."""
    out: dict = {}
    for t in window.controller.service.library():
        out.setdefault(t.name, []).append(t)
    return out


def stored_names(folder) -> list[str]:
    """The templates' names as the database file holds them, read apart from the window."""
    store = Store.open(folder, write=False)
    try:
        desk = Campaign(store, "Desk").info.id
        return sorted(t.name for t in store.templates("stonetop", desk))
    finally:
        store.close()


def fill_with(monkeypatch, fill, seen=None):
    """The editor, when it opens, is filled by `fill(dialog)` and saved."""
    def exec_(dialog):
        if seen is not None:
            seen.append(dialog)
        fill(dialog)
        dialog.revalidate()
        assert dialog.problem is None, dialog.problem
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(TemplateDialog, "exec", exec_)


def row(dock, name):
    for t in dock.model.templates():
        if t.name == name:
            return dock.model.index_of(t.id)
    raise AssertionError(f"{name} is not listed")


# the list ------------------------------------------------------------------------------
def test_view_library_has_a_key_of_its_own(window):
    toggle = window.library.toggle_action
    assert toggle.shortcut() == QKeySequence(LIBRARY_KEY)
    assert toggle in window.ui.menuView.actions()
    keys = [a.shortcut() for a in window.findChildren(QAction)
            if not a.shortcut().isEmpty() and a is not toggle]
    assert QKeySequence(LIBRARY_KEY) not in keys
    menus = [a.menu().title() for a in window.menuBar().actions() if a.menu()]
    assert "&Library" in menus
    titles = [a.text() for a in window.library.menu.actions() if not a.isSeparator()]
    assert titles == ["&New template…", "&Edit template…", "&Delete template",
                      "&Import templates…", "E&xport templates…"]


def test_the_dock_lists_the_starters_grouped_with_what_is_still_to_fill_in(
        qtbot, window, qtmodeltester):
    assert not window.library.dock.isVisible()  # the desk keeps its room until asked
    dock = shown(qtbot, window)
    model = dock.model
    qtmodeltester.check(model)
    library = window.controller.service.library()
    starter_names = {t.name for t in starters("stonetop")}
    assert starter_names <= {t.name for t in library}
    assert model.names("shared") == [t.name for t in library if t.campaign is None]
    assert model.names("campaign") == []
    assert model.group_index("shared").data() == "Every Stonetop campaign"
    assert model.group_index("campaign").data() == "This campaign"
    for t in library:
        index = model.index_of(t.id)
        cells = [model.index(index.row(), c, index.parent()).data()
                 for c in (NAME, KIND, HP, ATTACK, FILL)]
        assert cells[0] == t.name
        assert cells[2] == (t.hp or "")
        missing = t.missing()
        assert cells[4] == (f"to fill in: {', '.join(missing)}" if missing else "")
    coedwig = next(t for t in library if t.name.lower().startswith("coedwig"))
    index = model.index_of(coedwig.id)
    assert model.index(index.row(), ATTACK, index.parent()).data() == "d6, 1 piercing"
    assert any(t.missing() for t in library)  # the seeds leave things for the GM
    assert not dock.view.isColumnHidden(FILL)
    assert coedwig.source in QTextDocument_plain(index.data(Qt.ItemDataRole.ToolTipRole))


def QTextDocument_plain(html: str) -> str:
    doc = QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText()


def test_a_row_drags_as_a_template_and_a_group_does_not(qtbot, window):
    dock = shown(qtbot, window)
    model = dock.model
    first = model.templates()[0]
    index = model.index_of(first.id)
    assert model.flags(index) & Qt.ItemFlag.ItemIsDragEnabled
    assert not model.flags(model.group_index("shared")) & Qt.ItemFlag.ItemIsDragEnabled
    mime = model.mimeData([model.group_index("shared"), index])
    assert mime.formats() == [TEMPLATE_MIME]
    assert json.loads(bytes(mime.data(TEMPLATE_MIME))) == {"template": first.id}
    assert decode_template(mime.data(TEMPLATE_MIME)) == first.id
    assert model.mimeData([model.group_index("shared")]) is None


@pytest.mark.parametrize("payload", [b"", b"{", b'{"template": "7"}', b'{"template": true}',
                                     b'{"template": 0}', b'{"template": 7, "x": 1}', b"[7]",
                                     b"\xff", b'{"template": 7' + b" " * 2000 + b"}"])
def test_a_payload_not_ours_is_refused(payload):
    assert decode_template(payload) is None
    assert decode_template(encode_template(7)) == 7


def test_enter_or_a_double_click_asks_for_copies(qtbot, window):
    dock = shown(qtbot, window)
    coedwig = row(dock, next(n for n in dock.model.names("shared")
                             if n.lower().startswith("coedwig")))
    tid = coedwig.data(TemplateIdRole)
    view = dock.view
    view.setFocus()
    view.setCurrentIndex(coedwig)
    kit.active(qtbot, window)
    with qtbot.waitSignal(window.library.addRequested, timeout=5000) as asked:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert asked.args == [tid]
    hagr = row(dock, next(n for n in dock.model.names("shared") if n.lower().startswith("hagr")))
    where = view.visualRect(hagr).center()
    with qtbot.waitSignal(window.library.addRequested, timeout=5000) as asked:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert asked.args == [hagr.data(TemplateIdRole)]
    with qtbot.assertNotEmitted(window.library.addRequested):
        view.activated.emit(dock.model.group_index("shared"))


# writing templates ---------------------------------------------------------------------
def test_a_new_template_is_saved_and_listed(qtbot, window, monkeypatch, folder):
    dock = shown(qtbot, window)

    def fill(dialog):
        dialog.ui.nameEdit.setText("Ice goblin")
        dialog.ui.hpEdit.setText("2d4")
        dialog.ui.attackBox.setChecked(True)
        dialog.ui.diceEdit.setText("d6")
        dialog.ui.keepCheck.setChecked(True)
    fill_with(monkeypatch, fill)
    saved = window.library.new_action.trigger() or None
    assert saved is None  # a QAction says nothing; the outcome is in the file
    goblin = in_library(window)["Ice goblin"][0]
    assert (goblin.hp, goblin.attack, goblin.campaign) == ("2d4", {"dice": "d6"}, "Desk")
    assert dock.model.names("campaign") == ["Ice goblin"]
    assert dock.current_id() == goblin.id  # the saved one is selected
    assert "Ice goblin" in stored_names(folder)


def test_editing_changes_the_template_and_says_tiles_keep_theirs(qtbot, window, monkeypatch):
    dock = shown(qtbot, window)
    hagr = next(t for t in dock.model.templates() if t.name.lower().startswith("hagr"))
    dock.select_ids([hagr.id])
    seen = []
    fill_with(monkeypatch, lambda d: d.ui.hpEdit.setText("16"), seen)
    desk_before = json.dumps(window.controller.state["characters"], sort_keys=True)
    window.library.edit_action.trigger()
    assert seen[0].ui.copiesLabel.text() == EDIT_NOTE and seen[0].ui.copiesLabel.isVisibleTo(
        seen[0])
    again = window.controller.service.template(hagr.id)
    assert again.hp == "16" and again.attack == hagr.attack and again.source == hagr.source
    assert json.dumps(window.controller.state["characters"], sort_keys=True) == desk_before
    index = dock.model.index_of(hagr.id)
    assert dock.model.index(index.row(), HP, index.parent()).data() == "16"


def test_delete_asks_then_removes_it(qtbot, window, monkeypatch, folder):
    dock = shown(qtbot, window)
    victim = dock.model.templates()[0]
    dock.select_ids([victim.id])
    monkeypatch.setattr(window.library, "confirm_delete", lambda t: False)
    assert not window.library.delete_template()
    assert window.controller.service.template(victim.id) is not None
    asked = []
    monkeypatch.setattr(window.library, "confirm_delete", lambda t: asked.append(t) or True)
    assert window.library.delete_template()
    assert asked[0].id == victim.id
    assert window.controller.service.template(victim.id) is None
    assert victim.id not in [t.id for t in dock.model.templates()]
    assert stored_names(folder).count(victim.name) == 0


def test_edit_with_nothing_selected_points_at_the_library(qtbot, window):
    window.library.edit_action.trigger()
    assert window.library.dock.isVisible()
    assert "Select a template" in window.statusBar().currentMessage()


def test_save_as_template_from_a_tile(qtbot, window, monkeypatch):
    window.select_ids(["hagr"])
    where = window.tiles.visualRect(window.model.index(window.model.row_of("hagr"), 0)).center()
    menu = window.context_menu(window.tiles, where)
    assert window.library.save_as_action in menu.actions()
    seen = []
    fill_with(monkeypatch, lambda d: d.ui.nameEdit.setText("Hagr of the hills"), seen)
    window.library.save_as_action.trigger()
    assert "to fill in" not in seen[0].windowTitle()
    made = in_library(window)["Hagr of the hills"][0]
    hagr = window.controller.state["characters"]["hagr"]
    assert made.kind == "monster" and made.attack == hagr["attack"]
    assert made.id is not None and not seen[0].ui.copiesLabel.isVisibleTo(seen[0])
    menu.deleteLater()


# files ---------------------------------------------------------------------------------
def library_file(tmp_path, templates, name="lib.json"):
    path = tmp_path / name
    path.write_text(json.dumps(library_json(templates)), encoding="utf-8")
    return path


def test_import_asks_per_clash(qtbot, window, monkeypatch, tmp_path):
    dock = shown(qtbot, window)
    coedwig = next(t for t in dock.model.templates() if t.name.lower().startswith("coedwig"))
    goblin = next(iter(starters("stonetop")))
    import dataclasses
    incoming = [dataclasses.replace(coedwig, id=None, notes="from the file"),
                dataclasses.replace(goblin, id=None, name="Ice goblin", source="")]
    path = library_file(tmp_path, incoming)
    asked = []
    monkeypatch.setattr(window.library, "ask_clash",
                        lambda old, new: asked.append((old.name, new.name)) or ("skip", False))
    told = []
    monkeypatch.setattr(window.library, "_tell", lambda title, text: told.append(text))
    lines = window.library.import_templates(str(path))
    assert asked == [(coedwig.name, coedwig.name)]
    assert told == ["\n".join(lines)] and lines
    library = in_library(window)
    assert len(library[coedwig.name]) == 1 and library[coedwig.name][0].notes == coedwig.notes
    assert "Ice goblin" in library and "Ice goblin" in dock.model.names("shared")
    monkeypatch.setattr(window.library, "ask_clash", lambda old, new: ("both", False))
    window.library.import_templates(str(library_file(tmp_path, incoming[:1], "again.json")))
    library = in_library(window)  # both kept, the newcomer under a name of its own
    assert len(library[coedwig.name]) == 1 and library[f"{coedwig.name} (2)"][0].notes == \
        "from the file"


def test_the_clash_box_offers_keep_both_replace_skip_and_the_rest(qtbot, window, monkeypatch,
                                                                     tmp_path):
    dock = shown(qtbot, window)
    import dataclasses
    theirs = [dataclasses.replace(t, id=None, notes="replaced") for t in dock.model.templates()
              if t.campaign is None][:2]
    path = library_file(tmp_path, theirs)
    monkeypatch.setattr(window.library, "_tell", lambda title, text: None)
    boxes = []

    def answer():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, answer)
            return
        boxes.append([b.text() for b in box.buttons()])
        assert box.textFormat() == Qt.TextFormat.PlainText
        box.checkBox().setChecked(True)  # the same for the second clash: asked once
        next(b for b in box.buttons() if b.objectName() == "clash_replace").click()
    QTimer.singleShot(0, answer)
    window.library.import_templates(str(path))
    assert len(boxes) == 1
    assert sorted(boxes[0]) == sorted(["Keep &both", "&Replace", "&Skip"])
    library = in_library(window)
    assert all(len(library[t.name]) == 1 and library[t.name][0].notes == "replaced"
               for t in theirs)


def test_a_bad_file_is_refused_in_plain_words_and_saves_nothing(qtbot, window, monkeypatch,
                                                                   tmp_path):
    shown(qtbot, window)
    before = sorted((t.name, t.hp) for t in window.controller.service.library())
    said = []
    monkeypatch.setattr(window.library, "_say", said.append)
    good = library_file(tmp_path, starters("stonetop"))
    data = json.loads(good.read_text())
    data["templates"].append({"name": MARKUP, "kind": "dragon", "hp": "3", "sheet": {},
                              "attack": None, "count": 1})
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    for path in (bad, tmp_path / "missing.json"):
        said.clear()
        assert window.library.import_templates(str(path)) is None
        assert len(said) == 1 and said[0].startswith("Nothing was imported.")
        assert "Traceback" not in said[0]
    assert sorted((t.name, t.hp) for t in window.controller.service.library()) == before


def test_export_writes_the_selected_templates_or_all(qtbot, window, tmp_path):
    dock = shown(qtbot, window)
    two = [t.id for t in dock.model.templates()][:2]
    dock.select_ids(two)
    written = window.library.export_templates(str(tmp_path / "two.json"))
    data = json.loads(Path(written).read_text(encoding="utf-8"))
    assert sorted(t["name"] for t in data["templates"]) == \
        sorted(window.controller.service.template(tid).name for tid in two)
    dock.select_ids([])
    written = window.library.export_templates(str(tmp_path / "all.json"))
    every = json.loads(Path(written).read_text(encoding="utf-8"))
    assert len(every["templates"]) == len(window.controller.service.library())


# plain names ---------------------------------------------------------------------------
def test_a_name_in_markup_reads_as_typed_everywhere(qtbot, window, monkeypatch):
    dock = shown(qtbot, window)
    fill_with(monkeypatch, lambda d: (d.ui.nameEdit.setText(MARKUP), d.ui.hpEdit.setText("3")))
    window.library.new_action.trigger()
    made = in_library(window)[MARKUP][0]
    index = dock.model.index_of(made.id)
    assert index.data() == MARKUP
    assert QTextDocument_plain(index.data(Qt.ItemDataRole.ToolTipRole)).startswith(MARKUP)
    boxes = []

    def answer():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, answer)
            return
        boxes.append((box.text(), box.textFormat()))
        box.reject()
    QTimer.singleShot(0, answer)
    assert not window.library.delete_template(made.id)
    assert boxes and MARKUP in boxes[0][0] and boxes[0][1] == Qt.TextFormat.PlainText
    assert window.controller.service.template(made.id) is not None
