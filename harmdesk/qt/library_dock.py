"""The creature library dock: the open game's templates, to drag onto the desk.

The rows come from `LibraryModel` (library_model.py). Dragging a row carries
`TEMPLATE_MIME`; Enter or a double-click on a row emits `addRequested(id)`, and the add
dialog takes it from there. The buttons and the right-click menu ask the window's library
(`window_library.Library`) to write, change or delete templates; nothing here saves.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import QDockWidget, QHeaderView, QMenu, QWidget

from .forms.ui_library_dock import Ui_LibraryDock
from .library_model import FILL, GROUPS, NAME, LibraryModel, TemplateIdRole


class LibraryDock(QDockWidget):
    """Signals: `addRequested(id)`, copies of template `id` to the desk; `newRequested()`,
    `editRequested(id)`, `deleteRequested(id)`, from its buttons and menu."""

    addRequested = Signal(int)
    newRequested = Signal()
    editRequested = Signal(int)
    deleteRequested = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Library", parent)
        self.setObjectName("libraryDock")
        self.body = QWidget(self)
        self.ui = Ui_LibraryDock()
        self.ui.setupUi(self.body)
        self.setWidget(self.body)
        self.model = LibraryModel(self)
        view = self.ui.templates
        view.setModel(self.model)
        header = view.header()
        # every name whole, however narrow the dock: it scrolls sideways rather than elide
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.model.modelReset.connect(self._after_reset)
        view.activated.connect(self._activated)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._show_menu)
        view.selectionModel().selectionChanged.connect(self._update_buttons)
        self.ui.addButton.clicked.connect(self._add_selected)
        self.ui.newButton.clicked.connect(self.newRequested.emit)
        self.ui.editButton.clicked.connect(self._edit_selected)
        self._writable = False
        self._update_buttons()

    @property
    def view(self):
        return self.ui.templates

    def show_templates(self, templates, game_title: str = "") -> None:
        """Fill the list, keeping the selection where its templates are still there."""
        kept = self.selected_ids()
        self.model.show(templates, game_title)
        self.select_ids(kept)

    def set_writable(self, writable: bool) -> None:
        self._writable = writable
        self._update_buttons()

    def _after_reset(self) -> None:
        view = self.view
        view.expandAll()
        for row in range(len(GROUPS)):  # a group's title across the whole row
            view.setFirstColumnSpanned(row, QModelIndex(), True)
        view.setColumnHidden(FILL, not any(t.missing() for t in self.model.templates()))

    # the selection ----------------------------------------------------------------------
    def selected_ids(self) -> list[int]:
        """The selected templates, in the list's order."""
        selection = self.view.selectionModel()
        if selection is None:
            return []
        rows = sorted(selection.selectedRows(NAME),
                      key=lambda i: (i.parent().row(), i.row()))
        return [i.data(TemplateIdRole) for i in rows if i.data(TemplateIdRole) is not None]

    def current_id(self) -> int | None:
        """The template the GM works on: the current row, else the first selected."""
        current = self.view.currentIndex()
        tid = current.data(TemplateIdRole) if current.isValid() else None
        ids = self.selected_ids()
        if tid is not None and tid in ids:
            return tid
        return ids[0] if ids else None

    def select_ids(self, ids) -> None:
        from PySide6.QtCore import QItemSelection, QItemSelectionModel
        selection = QItemSelection()
        first = None
        for tid in ids:
            index = self.model.index_of(tid)
            if index.isValid():
                selection.select(index, self.model.index_of(tid, self.model.columnCount() - 1))
                first = first or index
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | \
            QItemSelectionModel.SelectionFlag.Rows
        self.view.selectionModel().select(selection, flags)
        if first is not None:
            self.view.selectionModel().setCurrentIndex(
                first, QItemSelectionModel.SelectionFlag.NoUpdate)

    def _update_buttons(self, *_) -> None:
        has = self.current_id() is not None
        self.ui.addButton.setEnabled(has and self._writable)
        self.ui.editButton.setEnabled(has and self._writable)
        self.ui.newButton.setEnabled(self._writable)

    # asking -----------------------------------------------------------------------------
    def _activated(self, index: QModelIndex) -> None:
        """Enter or a double-click on a template: copies of it to the desk."""
        tid = index.data(TemplateIdRole)
        if tid is not None and self._writable:
            self.addRequested.emit(tid)

    def _add_selected(self) -> None:
        tid = self.current_id()
        if tid is not None:
            self.addRequested.emit(tid)

    def _edit_selected(self) -> None:
        tid = self.current_id()
        if tid is not None:
            self.editRequested.emit(tid)

    def context_menu(self, pos) -> QMenu:
        """The right-click menu at `pos`: on a template, what to do with it."""
        index = self.view.indexAt(pos)
        tid = index.data(TemplateIdRole) if index.isValid() else None
        if tid is not None and tid not in self.selected_ids():
            self.select_ids([tid])
        menu = QMenu(self)
        if tid is not None:
            for text, signal in (("&Add to desk…", self.addRequested),
                                 ("&Edit template…", self.editRequested),
                                 ("&Delete template", self.deleteRequested)):
                action = menu.addAction(text)
                action.setEnabled(self._writable)
                action.triggered.connect(lambda _=False, s=signal, t=tid: s.emit(t))
            menu.addSeparator()
        new = menu.addAction("&New template…")
        new.setEnabled(self._writable)
        new.triggered.connect(self.newRequested.emit)
        return menu

    def _show_menu(self, pos) -> None:
        menu = self.context_menu(pos)
        menu.exec(self.view.viewport().mapToGlobal(pos))
        menu.deleteLater()
