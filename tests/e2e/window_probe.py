"""Runs the real HarmDesk window for the real-input tests and reports what it shows.

`python window_probe.py STATUS_FILE harmdesk-arguments…` starts HarmDesk exactly as
the `harmdesk` command does, and every 50 ms writes STATUS_FILE (atomically): where
the tiles, chips, gang slot and quick entry are on the screen, each tile's hover
preview, the selection, whether the store is open for writing, which window has the
keyboard and which widget the focus, the open dialog (its fields), the players' window
(its cards and banner) and the encounter bar (its round, turn and chips). The test moves
the real X pointer with xdotool and reads this file and the database file; the
probe itself sends no input.
"""

from __future__ import annotations

import json
import os
import sys


def rect(widget, local=None) -> list[int]:
    """A widget's (or a rectangle inside it) screen rectangle: [x, y, w, h]."""
    from PySide6.QtCore import QRect
    r = local if local is not None else QRect(0, 0, widget.width(), widget.height())
    top_left = widget.mapToGlobal(r.topLeft())
    return [top_left.x(), top_left.y(), r.width(), r.height()]


def snapshot(window) -> dict:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QCheckBox, QDialog, QFileDialog, QLabel, QMenu

    from harmdesk.qt.desk_model import IdRole, PreviewRole
    from harmdesk.qt.tray_chips import ChipButton

    controller = window.controller
    campaign = controller.campaign
    status = {"writable": campaign is not None and not campaign.loading
              and not controller.read_only,
              "title": window.windowTitle(),
              "status_bar": window.statusBar().currentMessage()}
    tiles = getattr(window, "tiles", None)
    if tiles is None or tiles.model() is None:
        return status
    model, view = tiles.model(), tiles.viewport()
    status["tiles"], status["previews"] = {}, {}
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        cid = index.data(IdRole)
        status["tiles"][cid] = rect(view, tiles.visualRect(index))
        preview = index.data(PreviewRole)
        if preview:
            status["previews"][cid] = list(preview)
    status["selected"] = tiles.selected_ids()
    status["tiles_viewport"] = rect(view)
    status["tiles_visible"] = window.ui.pages.currentIndex() == 0
    status["page"] = window.ui.pages.currentIndex()
    statistics = getattr(window, "statistics", None)
    if statistics is not None:  # the Statistics page's rows as shown, once counted
        model = window.ui.statisticsTable.model()
        status["statistics"] = None if statistics.task is not None else [
            [model.index(r, c).data() for c in range(model.columnCount())]
            for r in range(model.rowCount())]
    tray = getattr(window, "tray", None)
    if tray is not None:
        status["chips"] = [{"text": chip.text(), "rect": rect(chip)}
                           for chip in tray.findChildren(ChipButton) if chip.isVisible()]
        status["gang_slot"] = rect(tray.ui.gangSlot) if tray.ui.gangSlot.isVisible() else None
        status["gang_ids"] = tray.ui.gangSlot.ids()
        status["tray_height"] = tray.ui.scrollContents.height()
        status["tray_viewport"] = rect(tray.ui.scrollArea.viewport())
        status["modifier_summary"] = tray.ui.modifierSummary.text()
        status["piercing"] = tray.ui.piercingSpin.value()
    status["toggles"] = {box.text().replace("&", ""): rect(box)
                         for box in window.findChildren(QCheckBox) if box.isVisible()
                         and box.window() is window}
    status["ticked"] = {box.text().replace("&", ""): box.isChecked()
                        for box in window.findChildren(QCheckBox) if box.isVisible()
                        and box.window() is window}
    popup = QApplication.activePopupWidget()
    status["menu"] = {a.text().replace("&", ""): rect(popup, popup.actionGeometry(a))
                      for a in popup.actions() if a.text()} if isinstance(popup, QMenu) else {}
    table = window.ui.table
    status["table_cells"] = {}
    status["table_editing"] = table.state() == table.State.EditingState
    if table.isVisible() and table.model() is not None:
        model = table.model()
        headers = [model.headerData(c, Qt.Orientation.Horizontal)
                   for c in range(model.columnCount())]
        for row in range(model.rowCount()):
            cid = model.index(row, 0).data(IdRole)
            status["table_cells"][cid] = {
                headers[c]: rect(table.viewport(), table.visualRect(model.index(row, c)))
                for c in range(model.columnCount())}
    active = QApplication.activeWindow()
    dialogs = [w for w in QApplication.topLevelWidgets()
               if isinstance(w, QDialog) and w.isVisible()]
    dialog = active if active in dialogs else (dialogs[0] if dialogs else None)
    status["dialog"] = dialog.windowTitle() if dialog is not None else None
    # a dialog is on the screen before it has the keyboard: keys sent in between go to
    # the window it blocks, which drops them
    status["dialog_active"] = dialog is not None and dialog is active
    status["dialog_focus"] = name_of(dialog.focusWidget()) if dialog is not None else None
    status["dialog_fields"] = fields(dialog) if dialog is not None else {}
    status["dialog_boxes"] = value_boxes(dialog) if dialog is not None else {}
    status["dialog_scroll"] = scrolls(dialog) if dialog is not None else []
    message = dialog.findChild(QLabel, "messageLabel") if dialog is not None else None
    status["dialog_message"] = message.text() if message is not None and message.isVisible() \
        else ""
    status["file_dialog"] = any(isinstance(d, QFileDialog) for d in dialogs)
    status["quick_entry"] = rect(window.ui.quickEntry)
    status["quick_text"] = window.ui.quickEntry.text()
    status["quick_message"] = window.ui.quickMessage.text()
    status["status_message"] = window.statusBar().currentMessage()
    status["focus"] = type(window.focusWidget()).__name__ if window.focusWidget() else None
    status["focus_name"] = name_of(window.focusWidget())
    status["active_window"] = active.windowTitle() if active is not None else None
    status["desk_active"] = active is window
    status["dialog_lists"] = lists(dialog) if dialog is not None else {}
    status["log"] = log_rows(window)
    status["players"] = players_window(window)
    status["layout"] = layout(window)
    status["encounter"] = encounter_bar(window)
    status["library"] = library(window)
    return status


def library(window) -> dict | None:
    """The creature library's dock, once built: whether it shows, and each template row's
    id, name and place on the screen (None when scrolled out of sight)."""
    part = getattr(window, "library", None)
    if part is None:
        return None
    from harmdesk.qt.library_model import TemplateIdRole
    view = part.dock.view
    model, rows = view.model(), []
    for g in range(model.rowCount()):
        group = model.index(g, 0)
        for r in range(model.rowCount(group)):
            index = model.index(r, 0, group)
            place = view.visualRect(index)
            shown = place.isValid() and view.viewport().rect().contains(place.center())
            rows.append({"id": index.data(TemplateIdRole), "name": index.data(),
                         "rect": rect(view.viewport(), place) if shown else None})
    return {"visible": part.dock.isVisible(), "rows": rows}


def layout(window) -> dict:
    """The window's layout as a restart must bring it back: the window's size, each dock
    (shown, width, height), how many columns of tiles, and the encounter bar's height."""
    from PySide6.QtWidgets import QDockWidget
    tiles = getattr(window, "tiles", None)
    lefts = set()
    if tiles is not None and tiles.model() is not None:
        top = None
        for row in range(tiles.model().rowCount()):
            r = tiles.visualRect(tiles.model().index(row, 0))
            top = r.top() if top is None else top
            if r.top() == top:
                lefts.add(r.left())
    docks = {dock.objectName(): {"visible": dock.isVisible(), "floating": dock.isFloating(),
                                 "width": dock.width(), "height": dock.height()}
             for dock in window.findChildren(QDockWidget)}
    return {"window": [window.width(), window.height()], "maximised": window.isMaximized(),
            "columns": len(lefts), "docks": docks,
            "toolbar": window.ui.toolbar.isVisible()}


def name_of(widget) -> str | None:
    """A widget as the tests name it: its object name, else its class."""
    if widget is None:
        return None
    return widget.objectName() or type(widget).__name__


def fields(dialog) -> dict:
    """What a dialog's shown fields hold, each by its object name (a button by its text):
    a ticked or chosen button True, a box its text, a list its rows and current row."""
    from PySide6.QtWidgets import (
        QAbstractButton,
        QAbstractSpinBox,
        QComboBox,
        QLineEdit,
        QTreeWidget,
    )

    held = {}
    for widget in dialog.findChildren(QAbstractButton):
        if widget.isVisible() and widget.isCheckable():
            held[widget.text().replace("&", "")] = widget.isChecked()
    for widget in dialog.findChildren(QAbstractSpinBox):
        if widget.isVisible():
            held[name_of(widget)] = widget.text()
    for widget in dialog.findChildren(QLineEdit):
        if widget.isVisible() and not isinstance(widget.parent(), QAbstractSpinBox):
            held[name_of(widget)] = widget.text()
    for widget in dialog.findChildren(QComboBox):
        if widget.isVisible():
            held[name_of(widget)] = widget.currentText()
    for tree in dialog.findChildren(QTreeWidget):
        if tree.isVisible():
            items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
            current = tree.currentItem()
            held[name_of(tree)] = {
                "rows": [[item.text(c) for c in range(tree.columnCount())] for item in items],
                "current": current.text(0) if current is not None else None}
    return held


def lists(dialog) -> dict:
    """A dialog's shown lists and tables, by object name: each row's text (a table's
    rows as lists of cells), and a list's current row."""
    from PySide6.QtWidgets import QListWidget, QTableWidget

    held: dict = {}
    for widget in dialog.findChildren(QListWidget):
        if widget.isVisible():
            current = widget.currentItem()
            held[name_of(widget)] = {
                "rows": [widget.item(i).text() for i in range(widget.count())],
                "current": current.text() if current is not None else None}
    for table in dialog.findChildren(QTableWidget):
        if table.isVisible():
            held[name_of(table)] = {"rows": [
                [table.item(r, c).text() if table.item(r, c) else ""
                 for c in range(table.columnCount())] for r in range(table.rowCount())]}
    return held


def log_rows(window) -> list[dict]:
    """The log dock's event rows in the sessions it shows open, newest first: each one's
    number, text, whether it is struck or a correction, and where it is on the screen
    (None when scrolled out of sight)."""
    from harmdesk.qt.log_model import CorrectionRole, SeqRole, StruckRole

    log = getattr(window, "log", None)
    if log is None:
        return []
    tree, model = log.ui.tree, log.ui.tree.model()
    rows = []
    for g in range(model.rowCount()):
        group = model.index(g, 0)
        if not tree.isExpanded(group):
            continue
        for r in range(model.rowCount(group)):
            index = model.index(r, 0, group)
            place = tree.visualRect(index)
            shown = place.isValid() and tree.viewport().rect().contains(place.center())
            rows.append({"seq": index.data(SeqRole), "text": index.data(),
                         "struck": index.data(StruckRole),
                         "correction": bool(index.data(CorrectionRole)),
                         "rect": rect(tree.viewport(), place) if shown else None})
    return rows


def value_boxes(dialog) -> dict:
    """A dialog's shown combo and spin boxes, by accessible name: their text and where."""
    from PySide6.QtWidgets import QAbstractSpinBox, QComboBox

    boxes = [*dialog.findChildren(QComboBox), *dialog.findChildren(QAbstractSpinBox)]
    return {box.accessibleName() or name_of(box): {"text": box.currentText()
                                                  if isinstance(box, QComboBox) else box.text(),
                                                  "rect": rect(box), "focus": box.hasFocus()}
            for box in boxes if box.isVisible()}


def scrolls(dialog) -> list[dict]:
    """A dialog's shown scroll areas: how far down each is, and its viewport."""
    from PySide6.QtWidgets import QScrollArea

    return [{"value": area.verticalScrollBar().value(), "rect": rect(area.viewport())}
            for area in dialog.findChildren(QScrollArea) if area.isVisible()]


def encounter_bar(window) -> dict | None:
    """The encounter bar, once built: whether it shows, its round and turn line, and each
    chip's name, place on the screen and marks."""
    from harmdesk.qt.encounter_model import ActedRole, IdRole, TurnRole

    encounter = getattr(window, "encounter", None)
    if encounter is None:
        return None
    bar, view = encounter.bar, encounter.bar.ui.order
    model = view.model()
    return {"visible": encounter.dock.isVisible(), "round": bar.ui.roundLabel.text(),
            "chips": [{"id": index.data(IdRole), "name": index.data(),
                       "turn": bool(index.data(TurnRole)), "acted": bool(index.data(ActedRole)),
                       "rect": rect(view.viewport(), view.visualRect(index))}
                      for index in (model.index(row) for row in range(model.rowCount()))]}


def players_window(window) -> dict | None:
    """The players' window, once opened: where it is, its banner, and each card's name,
    words and visibility, as the players read them."""
    from harmdesk.qt.player_model import SeenRole, WordsRole

    life = getattr(window, "player_display", None)
    shown = life.display if life is not None else None
    if shown is None:
        return None
    model = shown.model
    return {"visible": shown.isVisible(), "rect": rect(shown),
            "full_screen": shown.isFullScreen(), "banner": shown.ui.banner.text(),
            "cards": [{"name": index.data(), "words": index.data(WordsRole),
                       "visibility": index.data(SeenRole)}
                      for index in (model.index(row) for row in range(model.rowCount()))]}


def install(path: str) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from harmdesk.qt.main_window import MainWindow

    def write() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
        if not windows or not hasattr(windows[0], "controller"):
            return  # the first frame is drawn; the layout and controller come after it
        data = json.dumps(snapshot(windows[0]))
        with open(path + ".tmp", "w", encoding="utf-8") as out:
            out.write(data)
        os.replace(path + ".tmp", path)

    timer = QTimer(QApplication.instance())
    timer.timeout.connect(write)
    timer.start(50)


def main() -> int:
    path, argv = sys.argv[1], sys.argv[2:]
    from PySide6.QtCore import QTimer

    import harmdesk.app as app_module
    from harmdesk.cli import main as harmdesk_main

    make_app = app_module.make_app

    def make_app_with_probe(*args, **kwargs):
        app = make_app(*args, **kwargs)
        QTimer.singleShot(0, lambda: install(path))
        return app

    app_module.make_app = make_app_with_probe
    return harmdesk_main(argv)


if __name__ == "__main__":
    sys.exit(main())
