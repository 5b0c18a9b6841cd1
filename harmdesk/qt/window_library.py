"""The creature library in the GM's window: its dock (View → Library, Ctrl+Shift+L), the
Library menu (New, Edit and Delete template, Import and Export templates) and a tile's
"Save as template…".

A part of the main window (`window.library`). Templates are read and saved through the
service (`Service.library`, `save_template`, `remove_template`, `import_templates`,
`export_templates`); they are not steps of play, so nothing here goes on the undo stack.
`addRequested(id)` (Enter or a double-click on a template, or its Add button) is for the
add dialog.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QCheckBox, QDialog, QFileDialog, QMenu, QMessageBox

from ..errors import StoreError, UserError
from .library_dock import LibraryDock
from .plain import note_box

LIBRARY_KEY = "Ctrl+Shift+L"
FILES = "HarmDesk library (*.json)"
# an imported template whose name the library has already: what the GM may choose
CLASH_CHOICES = (("both", "Keep &both"), ("replace", "&Replace"), ("skip", "&Skip"))


class Library(QObject):
    addRequested = Signal(int)  # copies of template `id` to the desk

    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self._stale = True  # the dock shows an older library than the service's
        self.dock = LibraryDock(window)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.dock.hide()  # shown from View → Library; the desk keeps its room until then
        toggle = self.toggle_action = self.dock.toggleViewAction()
        toggle.setText("&Library")
        toggle.setObjectName("actionShowLibrary")
        toggle.setShortcut(QKeySequence(LIBRARY_KEY))
        toggle.setToolTip("The creature templates, to add numbered copies to the desk")
        window.ui.menuView.addAction(toggle)
        self.new_action = self._action("&New template…", "actionNewTemplate",
                                       "Write a creature template", self.new_template)
        self.edit_action = self._action("&Edit template…", "actionEditTemplate",
                                        "Change the template selected in the library",
                                        self.edit_template)
        self.delete_action = self._action("&Delete template", "actionDeleteTemplate",
                                          "Delete the template selected in the library "
                                          "(tiles made from it stay)", self.delete_template)
        self.import_action = self._action("&Import templates…", "actionImportTemplates",
                                          "Add the templates of a library file",
                                          self.import_templates)
        self.export_action = self._action("E&xport templates…", "actionExportTemplates",
                                          "Save the selected templates (or all of them) "
                                          "as a library file", self.export_templates)
        self.save_as_action = self._action("Save as &template…", "actionSaveAsTemplate",
                                           "A creature template made from this character",
                                           self.save_as_template)
        self.menu = QMenu("&Library", window)
        self.menu.setObjectName("menuLibrary")
        for action in (self.new_action, self.edit_action, self.delete_action, None,
                       self.import_action, self.export_action):
            if action is None:
                self.menu.addSeparator()
            else:
                self.menu.addAction(action)
        window.menuBar().insertMenu(window.ui.menuView.menuAction(), self.menu)
        self.dock.addRequested.connect(self.addRequested)
        self.dock.newRequested.connect(self.new_template)
        self.dock.editRequested.connect(self.edit_template)
        self.dock.deleteRequested.connect(self.delete_template)
        self.dock.visibilityChanged.connect(self._shown)
        self.c.campaignChanged.connect(self._campaign_changed)
        self._campaign_changed()

    def _action(self, text: str, name: str, tip: str, slot) -> QAction:
        action = QAction(text, self.w)
        action.setObjectName(name)
        action.setToolTip(tip)
        action.triggered.connect(lambda: slot())
        return action

    @property
    def c(self):
        return self.w.controller

    @property
    def service(self):
        """The open campaign's service, once its store is open (not the snapshot)."""
        service = self.c.campaign
        return None if service is None or service.loading else service

    def writable(self) -> bool:
        return self.service is not None and not self.service.read_only

    # following the campaign -------------------------------------------------------------
    def _campaign_changed(self) -> None:
        writable = self.writable()
        for action in (self.new_action, self.edit_action, self.delete_action,
                       self.import_action, self.save_as_action):
            action.setEnabled(writable)
        self.export_action.setEnabled(self.service is not None)
        self.dock.set_writable(writable)
        self._stale = True
        if self.dock.isVisible():
            self.refresh()

    def _shown(self, visible: bool) -> None:
        if visible and self._stale:
            self.refresh()

    def refresh(self) -> list:
        """The dock shows the library as the service has it now."""
        service = self.service
        templates = []
        if service is not None:
            try:
                templates = service.library()
            except (StoreError, UserError) as err:
                self.w.statusBar().showMessage(f"The library could not be read: {err}", 10000)
        title = self.c.profile.title if self.c.profile is not None else ""
        self.dock.show_templates(templates, title)
        self._stale = False
        return templates

    def show_dock(self) -> None:
        self.dock.show()
        self.dock.raise_()

    def _chosen(self, tid: int | None) -> int | None:
        """`tid`, else the template selected in the dock (a word when there is none)."""
        tid = tid if tid is not None else self.dock.current_id()
        if tid is None:
            self.show_dock()
            self.w.statusBar().showMessage(
                f"Select a template in the library first (View → Library, {LIBRARY_KEY}).",
                8000)
        return tid

    # writing templates ------------------------------------------------------------------
    def edit(self, template):
        """The editor on `template` (None: a new one); the template to save, or None."""
        from .dialogs.template import TemplateDialog
        if not self.writable():
            return None
        self.w.tiles.before_asking()
        dialog = TemplateDialog(self.c.profile, self.service.name, self.w, template)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            return dialog.template()
        finally:
            dialog.deleteLater()

    def save(self, template):
        """Save `template`; the saved one (with its id), or None when refused."""
        try:
            saved = self.service.save_template(template)
        except (StoreError, UserError) as err:
            self._say(str(err))
            return None
        self.refresh()
        self.dock.select_ids([saved.id])
        self.w.statusBar().showMessage(f"Saved the template {saved.name}.", 8000)
        return saved

    def new_template(self):
        made = self.edit(None)
        return self.save(made) if made is not None else None

    def edit_template(self, tid: int | None = None):
        tid = self._chosen(tid)
        if tid is None or not self.writable():
            return None
        template = self.service.template(tid)
        if template is None:
            self.refresh()
            self._say("That template is not in the library any more.")
            return None
        changed = self.edit(template)
        return self.save(changed) if changed is not None else None

    def save_as_template(self, cid: str | None = None):
        """A template made from a tile (the selected one), in the editor before it is
        saved."""
        from ..desk.library import from_character
        if not self.writable():
            return None
        if cid is None:
            ids = self.w.selected_ids()
            if not ids:
                self.w.statusBar().showMessage("Select a tile first.", 6000)
                return None
            cid = ids[0]
        char = self.c.state["characters"].get(cid)
        if char is None:
            return None
        made = self.edit(from_character(char, self.c.system))
        return self.save(made) if made is not None else None

    def delete_template(self, tid: int | None = None) -> bool:
        tid = self._chosen(tid)
        if tid is None or not self.writable():
            return False
        template = self.service.template(tid)
        if template is None:
            self.refresh()
            return False
        if not self.confirm_delete(template):
            return False
        try:
            self.service.remove_template(tid)
        except (StoreError, UserError) as err:
            self._say(str(err))
            return False
        self.refresh()
        self.w.statusBar().showMessage(f"Deleted the template {template.name}.", 8000)
        return True

    def confirm_delete(self, template) -> bool:
        box = QMessageBox(QMessageBox.Icon.Question, "Delete template",
                          f"Delete the template {template.name}? Tiles already made from "
                          "it stay on the desk as they are.",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                          self.w)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setObjectName("deleteTemplate")
        try:
            return box.exec() == QMessageBox.StandardButton.Yes
        finally:
            box.deleteLater()

    # files ------------------------------------------------------------------------------
    def import_templates(self, path: str | None = None) -> list[str] | None:
        """Import a library file: each template whose name the library holds already is
        the GM's choice (keep both, replace or skip); then what was done, in a box."""
        if not self.writable():
            return None
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self.w, "Import templates", str(Path.home()),
                                                  FILES)
            if not path:
                return None
        chooser = ClashChooser(self)
        try:
            lines = self.service.import_templates(path, chooser.choose)
        except (StoreError, UserError) as err:
            self._say(f"Nothing was imported. {err}")
            return None
        finally:
            self.refresh()
        self._tell("Templates imported", "\n".join(lines) or "The file held no template.")
        return lines

    def export_templates(self, path: str | None = None) -> str | None:
        """Write the selected templates (or, with none selected, all of them)."""
        if self.service is None:
            return None
        ids = self.dock.selected_ids() if self.dock.isVisible() else []
        if path is None:
            default = str(Path.home() / f"{self.c.profile.title} library.json")
            path, _ = QFileDialog.getSaveFileName(self.w, "Export templates", default, FILES)
            if not path:
                return None
        try:
            written = self.service.export_templates(path, ids or None)
        except (OSError, StoreError, UserError) as err:
            self._say(f"The templates were not exported. {err}")
            return None
        what = f"{len(ids)} template(s)" if ids else "The library"
        self.w.statusBar().showMessage(f"{what} exported to {written}.", 8000)
        return written

    def ask_clash(self, existing, incoming) -> tuple[str, bool]:
        """(the GM's choice, whether it holds for the rest of the file); Esc skips."""
        box = clash_box(self.w, existing, incoming)
        try:
            box.exec()
            clicked = box.clickedButton()
            choice = clicked.property("choice") if clicked is not None else None
            return choice or "skip", box.checkBox().isChecked()
        finally:
            box.deleteLater()

    # the tiles' menu --------------------------------------------------------------------
    def add_to(self, menu: QMenu) -> QMenu:
        """A tile's "Save as template…"."""
        menu.addAction(self.save_as_action)
        return menu

    # words ------------------------------------------------------------------------------
    def _say(self, message: str) -> None:
        box = note_box(self.w, "HarmDesk", message)
        box.setObjectName("libraryRefused")
        box.exec()
        box.deleteLater()

    def _tell(self, title: str, message: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, title, message,
                          QMessageBox.StandardButton.Ok, self.w)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setObjectName("libraryImported")
        box.exec()
        box.deleteLater()


class ClashChooser:
    """Asks the GM, once per clash, what to do with an imported template whose name the
    library holds already; "Do the same for the rest" keeps the answer."""

    def __init__(self, library: Library):
        self.library = library
        self.kept: str | None = None

    def choose(self, existing, incoming) -> str:
        if self.kept is not None:
            return self.kept
        answer, for_the_rest = self.library.ask_clash(existing, incoming)
        if for_the_rest:
            self.kept = answer
        return answer


def clash_box(parent, existing, incoming) -> QMessageBox:
    """The question for one clash (not shown yet): its buttons carry `choice`."""
    box = QMessageBox(QMessageBox.Icon.Question, "A template of that name",
                      f"The library holds a template named {existing.name} already. "
                      f"Keep both, replace it with the imported one, or skip the "
                      f"imported one?", QMessageBox.StandardButton.NoButton, parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setObjectName("templateClash")
    for choice, text in CLASH_CHOICES:
        role = QMessageBox.ButtonRole.RejectRole if choice == "skip" else \
            QMessageBox.ButtonRole.AcceptRole
        button = box.addButton(text, role)
        button.setObjectName(f"clash_{choice}")
        button.setProperty("choice", choice)
    # made with its parent: a check box handed over bare is deleted with its Python object
    box.setCheckBox(QCheckBox("Do the same for the &rest of the file", box))
    return box

