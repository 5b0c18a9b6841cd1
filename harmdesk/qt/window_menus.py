"""The main window's menus: campaigns and files (File), play (Play, Edit, Settings)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QFileDialog,
    QInputDialog,
    QMessageBox,
    QProgressDialog,
)

from ..desk.service import Service, write_json
from ..errors import StoreError, UserError
from .plain import note_box, plain_button, plain_message
from .tasks import Task
from .writer_wait import WriterWait

RECENT = 8
QUIT_WAIT_S = 5.0  # at quit, how long a worker still opening or writing may finish first

open_service = Service.open     # in a worker: the data folder and a campaign, as a Service
close_service = Service.close   # a service nobody took any more (the window quit first)


class CampaignMenus(QObject):
    """File menu: new, open, recent, import, export, session summary; loading off-thread.

    The campaigns are reached through the window's service (`self.service`), which
    owns the store."""

    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self.data_dir = None
        self._jobs: list[Task] = []
        self.import_progress = None  # the running or last import's dialog
        ui = window.ui
        ui.actionNewCampaign.triggered.connect(self.new_campaign)
        ui.actionOpenCampaign.triggered.connect(self.open_campaign)
        ui.actionImport.triggered.connect(self.import_campaign)
        ui.actionExport.triggered.connect(self.export_campaign)
        ui.actionExportSummary.triggered.connect(self.export_summary)
        ui.actionExportRecap.triggered.connect(self.export_recap)
        ui.actionRestoreBackup.triggered.connect(self.restore_backup)
        ui.menuRecent.aboutToShow.connect(self.fill_recent)
        QApplication.instance().aboutToQuit.connect(self.wait_for_jobs)
        self.writer_wait = WriterWait(window, self)
        from .play_backups import PlayBackups
        self.play_backups = PlayBackups(self)  # a session's start and end, each hour of play

    @property
    def service(self) -> Service | None:
        """The open store's service (None until it opened; a snapshot is not one)."""
        service = self.w.controller.service
        return None if service is None or service.loading else service

    def wait_for_jobs(self) -> None:
        """At quit: let a worker still opening or writing finish (for a while; a worker
        that takes longer closes what it opened itself), then close the store."""
        for job in self._jobs:
            job.abandon(QUIT_WAIT_S)
        self._jobs.clear()
        if self.service is not None:
            self.service.close()

    # loading ----------------------------------------------------------------------
    def load(self, data_dir, name: str | None = None, glimpse: bool = True) -> Task:
        """Open the data folder and a campaign in a worker thread.

        With `glimpse`, the tiles first show a read-only snapshot of the desk, read
        with sqlite3 alone, while the full store opens (its imports are slow).
        """
        from ..desk.folder import data_dir as absolute
        data_dir = absolute(data_dir)  # absolute now, whatever the current folder later
        self.data_dir = data_dir
        self.w.use_data_folder(data_dir)
        self.w.statusBar().showMessage("Opening the campaign…")
        if glimpse and self.w.controller.service is None:
            seen = Service.from_snapshot(data_dir, name)
            if seen is not None:
                self.w.controller.set_service(seen)
        return self.run(lambda: open_service(data_dir, name), self._loaded, close_service,
                        broke=self._not_loaded)

    def run(self, fn, on_done, discard=None, on_failed=None, broke=None,
            reports: bool = False, on_progress=None) -> Task:
        """Run `fn` on the one task runner; finished tasks are let go. `on_progress`
        hears what `fn` reports (`reports`), connected before the worker starts, so no
        report is lost to a worker quicker than the GUI thread."""
        job = Task(fn, self.w, discard, reports or on_progress is not None)
        if on_progress is not None:
            job.progress.connect(on_progress)
        job.done.connect(on_done)
        job.failed.connect(on_failed or self._failed)
        if broke is not None:
            job.broke.connect(broke)
        self._jobs = [j for j in self._jobs if not j.settled()]
        self._jobs.append(job)
        for signal in (job.done, job.failed, job.broke):
            signal.connect(self._let_go)
        job.start()
        return job

    def _let_go(self, *_) -> None:
        self._jobs = [j for j in self._jobs if not j.settled()]

    @Slot(object)
    def _loaded(self, service: Service) -> None:
        old = self.service
        if old is not None and old.store is not service.store:
            old.close()
        self._use(service)
        # the integrity check and the daily backup, now that a drop can be saved
        self.run(service.maintain, self._maintained, on_failed=self._maintained)

    @Slot(object)
    def _maintained(self, notes) -> None:
        """What the check or the backup found; a note, never a stop: the desk goes on."""
        if not notes:
            return
        box = note_box(self.w, "HarmDesk",
                       notes if isinstance(notes, str) else "\n\n".join(notes))
        box.setObjectName("maintenanceNote")
        box.setWindowModality(Qt.WindowModality.NonModal)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.show()

    def take_writable(self, service: Service) -> None:
        """`service`, the same campaign opened again as the data file's writer, takes the
        read-only one's place, the same tiles selected; then the day's backup is made."""
        old, ids = self.service, self.w.selected_ids()
        self.w.controller.set_service(service)
        if old is not None and old.store is not service.store:
            old.close()
        self.w.select_ids(ids)
        self.run(service.maintain, self._maintained, on_failed=self._maintained)

    def _use(self, service: Service) -> None:
        self.w.controller.set_service(service)
        if not service.has_campaign:
            self.w.statusBar().showMessage("No campaign yet: File → New campaign…")
            return
        note = f" (read-only: {service.why_read_only})" if service.read_only else ""
        self.w.statusBar().showMessage(f"Opened {service.name}{note}.", 8000)
        if self.w.tiles.model().rowCount():
            self.w.tiles.setCurrentIndex(self.w.tiles.model().index(0, 0))
        self.w.tiles.setFocus()

    def _not_loaded(self) -> None:
        """The snapshot is no longer to be trusted once opening went wrong."""
        if self.w.controller.service is not None and self.w.controller.service.loading:
            self.w.controller.set_service(None)
        self.w.statusBar().showMessage("Could not open the campaign.", 10000)

    @Slot(str)
    def _failed(self, message: str) -> None:
        self._not_loaded()
        QMessageBox.critical(self.w, "HarmDesk", plain_message(message))

    def open_named(self, name: str) -> None:
        try:
            self.service.use(name)
        except (StoreError, UserError) as err:
            self._failed(str(err))
            return
        self._use(self.service)

    # the File menu ------------------------------------------------------------------
    def new_campaign(self) -> None:
        from .dialogs.campaigns import NewCampaignDialog
        if self.service is None:
            return
        dialog = NewCampaignDialog([c["name"] for c in self.service.campaigns()], self.w)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        try:
            self.service.create(dialog.name(), dialog.system())
        except (StoreError, UserError) as err:
            self._failed(str(err))
            return
        self._use(self.service)

    def open_campaign(self) -> None:
        from .dialogs.campaigns import OpenCampaignDialog
        if self.service is None:
            return
        dialog = OpenCampaignDialog(self.service.campaigns(), self.w)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.name():
            self.open_named(dialog.name())

    def fill_recent(self) -> None:
        menu = self.w.ui.menuRecent
        menu.clear()
        if self.service is None:
            return
        for n, entry in enumerate(self.service.campaigns()[:RECENT], start=1):
            action = menu.addAction(f"&{n} {plain_button(entry['name'])}")
            action.triggered.connect(lambda _=False, name=entry["name"]: self.open_named(name))

    def import_campaign(self) -> None:
        if self.service is None:
            return
        path, _ = QFileDialog.getOpenFileName(self.w, "Import a campaign", str(Path.home()),
                                              "HarmDesk campaign (*.json)")
        if path:
            self.import_file(path)

    def import_file(self, path: str) -> Task:
        from .import_progress import CampaignImport
        return CampaignImport.of(self).start(path)

    def export_campaign(self) -> None:
        campaign = self.w.controller.campaign
        if campaign is None:
            return
        default = str(Path.home() / f"{campaign.name}.json")
        path, _ = QFileDialog.getSaveFileName(self.w, "Export the campaign", default,
                                              "HarmDesk campaign (*.json)")
        if path:
            self.export_file(path)

    def export_file(self, path: str) -> Task:
        data = self.w.controller.campaign.export()  # read here: the log is plain data
        return self.run(lambda: write_json(path, data), self._exported)

    @Slot(object)
    def _exported(self, path) -> None:
        self.w.statusBar().showMessage(f"Exported to {path}.", 8000)

    def export_summary(self) -> None:
        from .export_summary import export_session_summary
        campaign = self.w.controller.campaign
        if campaign is not None:
            export_session_summary(self.w, campaign, None)

    def export_recap(self):
        """File → Export recap…: the dialog, which saves or copies the recap itself."""
        from .dialogs.export_recap import ExportRecapDialog
        if self.w.controller.campaign is None:
            return None
        dialog = ExportRecapDialog(self.w)
        dialog.show()
        return dialog

    def restore_backup(self) -> Task | None:
        """File → Restore from backup…: the backups are read off the GUI thread, then
        the dialog asks which one."""
        if self.service is None:
            return None
        folder = self.service.data_folder
        from ..desk.folder import backups
        return self.run(lambda: backups(folder), self._choose_backup,
                        on_failed=self._not_restored)

    @Slot(object)
    def _choose_backup(self, backups) -> None:
        from .dialogs.restore import RestoreDialog
        dialog = RestoreDialog(backups, self.w)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.restore_file(dialog.file()))
        dialog.open()

    def restore_file(self, file: str) -> Task:
        """Restore `file` in a worker, the window blocked meanwhile, so no step is saved
        to the file being replaced; the desk then reloads from the restored file."""
        service = self.service
        progress = self._busy("Restoring the backup…")
        progress.show()
        job = self.run(lambda: service.restore(file), self._restored, lambda done: done[0].close(),
                       on_failed=self._not_restored)
        for signal in (job.done, job.failed, job.broke):
            signal.connect(progress.close)
        return job

    @Slot(object)
    def _restored(self, done) -> None:
        service, restored = done
        self._loaded(service)
        saved = restored["replaced_file_saved_as"]
        kept = f" The file it replaced is saved as {Path(saved).name}." if saved else ""
        self.w.statusBar().showMessage(
            f"Restored the backup {Path(restored['from']).name}: every campaign is as it "
            f"holds it.{kept}", 20000)

    @Slot(str)
    def _not_restored(self, message: str) -> None:
        self.w.statusBar().showMessage("Nothing was restored.", 10000)
        QMessageBox.warning(self.w, "HarmDesk could not restore", plain_message(message))

    def _busy(self, text: str) -> QProgressDialog:
        progress = QProgressDialog(text, "", 0, 0, self.w)
        progress.setCancelButton(None)
        progress.setWindowModality(Qt.WindowModality.WindowModal)
        progress.setMinimumDuration(400)  # only slow work shows it
        return progress


class ViewMenus(QObject):
    """The View menu's layout items: the toolbar shown or hidden, and Reset layout."""

    def __init__(self, window):
        super().__init__(window)
        self.w = window
        ui = window.ui
        toolbar = ui.toolbar.toggleViewAction()
        toolbar.setText("T&oolbar")
        toolbar.setObjectName("actionToolbar")
        ui.menuView.addAction(toolbar)
        ui.menuView.addSeparator()
        ui.menuView.addAction(ui.actionResetLayout)
        ui.actionResetLayout.triggered.connect(window.reset_layout)


class PlayMenus(QObject):
    """Edit, Play and Settings: characters, conditions, moves, scenes, sessions, settings."""

    def __init__(self, window):
        super().__init__(window)
        self.w = window
        ui = window.ui
        ui.actionAddCharacter.triggered.connect(self.add_character)
        ui.actionEditCharacter.triggered.connect(self.edit_character)
        ui.actionRemoveCharacter.triggered.connect(self.remove_characters)
        ui.actionConditions.triggered.connect(lambda: self.conditions(self.w.selected_ids()))
        ui.actionMoves.triggered.connect(self.moves)
        ui.actionDeathState.triggered.connect(self.death_state)
        ui.actionEndScene.triggered.connect(self.end_scene)
        ui.actionStartSession.triggered.connect(self.start_play_session)
        ui.actionEndSession.triggered.connect(self.end_play_session)
        ui.actionSettings.triggered.connect(self.settings)
        ui.actionAbout.triggered.connect(self.about)
        ui.actionQuickHelp.triggered.connect(self.quick_help)
        self.help_dialog = None
        self.compact_tiles, self.players_full_screen = desk_view_items(window)

    @property
    def c(self):
        return self.w.controller

    def _targets(self) -> list[str] | None:
        ids = self.w.selected_ids()
        if not ids:
            self.w.statusBar().showMessage("Select one or more tiles first.", 6000)
            return None
        return ids

    def add_character(self) -> bool:
        from .dialogs.character import CharacterDialog
        dialog = CharacterDialog(self.c.profile, self.w,
                                 existing_ids=list(self.c.state["characters"]),
                                 settings=self.c.state["settings"])
        return self._submit_character(dialog)

    def edit_character(self) -> bool:
        from .dialogs.character import CharacterDialog
        ids = self._targets()
        if not ids:
            return False
        character = self.c.state["characters"][ids[0]]
        dialog = CharacterDialog(self.c.profile, self.w, character=character,
                                 existing_ids=list(self.c.state["characters"]),
                                 settings=self.c.state["settings"])
        return self._submit_character(dialog)

    def _submit_character(self, dialog) -> bool:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        action = dialog.action()
        return action is not None and self.c.submit(action)  # None: nothing was changed

    def remove_characters(self) -> bool:
        ids = self._targets()
        if not ids:
            return False
        return self.c.submit({"type": "remove_character",
                              "target": ids[0] if len(ids) == 1 else ids})

    def conditions(self, targets, preset: str | None = None) -> bool:
        from .dialogs.condition import ConditionDialog
        if not targets:
            return bool(self._targets())
        dialog = ConditionDialog(self.c.profile, self.c.state, targets, self.w, preset=preset)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.c.submit_many(dialog.actions(), "Conditions") > 0

    def moves(self, move: str | None = None) -> bool:
        from .dialogs.moves import MovesDialog
        targets = self.w.selected_ids()
        tonight = self.c.service.play_session if self.c.service else None
        dialog = MovesDialog(self.c.profile, self.c.state, targets, self.w, move=move,
                             play_session=tonight["number"] if tonight else None)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.c.submit_many(dialog.actions(), dialog.title()) > 0

    def death_state(self) -> bool:
        """The GM's ruling on life and death for the selected characters."""
        from .dialogs.death import DeathDialog
        targets = self._targets()
        if not targets:
            return False
        dialog = DeathDialog(self.c.profile, self.c.state, targets, self.w)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        return self.c.submit_many(dialog.actions(), "GM ruling: death state") > 0

    def end_scene(self) -> bool:
        return self.c.submit({"type": "end_scene"})

    def start_play_session(self) -> None:
        title, ok = QInputDialog.getText(self.w, "Start play session",
                                         "Title of tonight's session (optional):")
        if ok:
            self.c.start_play_session(title.strip())

    def end_play_session(self) -> None:
        if self.c.campaign and self.c.campaign.play_session:
            self.c.end_play_session()
            self.w.statusBar().showMessage("Play session ended. File → Export session summary… "
                                           "writes its PDF.", 10000)

    def settings(self) -> bool:
        from .dialogs.settings import SettingsDialog
        from .player_words import shared
        campaign = self.c.campaign
        words = shared().words(campaign.system)
        dialog = SettingsDialog(campaign.profile, campaign.state["settings"],
                                campaign.options, self.w, words)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        if dialog.words_changed():
            shared().set_words(campaign.system, dialog.player_words())
        if dialog.options() != campaign.options:
            campaign.set_options(dialog.options())
        action = dialog.settings_action()
        return self.c.submit(action) if action else True

    def quick_help(self):
        """The quick entry's page for this game, beside the desk (it does not block it)."""
        from .dialogs.quick_help import QuickHelpDialog
        system = self.c.profile.name if self.c.campaign else None
        if self.help_dialog is None:
            self.help_dialog = QuickHelpDialog(system, self.w)
        elif system:
            self.help_dialog.show_game(system)
        self.help_dialog.show()
        self.help_dialog.raise_()
        self.help_dialog.activateWindow()
        return self.help_dialog

    def about(self) -> None:
        from .. import __version__
        QMessageBox.about(self.w, "About HarmDesk",
                          f"HarmDesk {__version__}\nHarm and healing for Stonetop, Lux Aeterna "
                          "and Freedom Fantasies, kept exact and undoable.")


def desk_view_items(window) -> tuple[QAction, QAction]:
    """View → Compact tiles (under Tiles and Table) and Player display full screen (under
    Player display, F11 from the GM's window: no click into the players' window first)."""
    ui = window.ui
    compact = QAction("&Compact tiles", window)
    compact.setObjectName("actionCompactTiles")
    compact.setCheckable(True)
    compact.setToolTip("Shorter, narrower tiles: more characters on the desk at once")
    compact.setChecked(window.tiles.compact)
    compact.toggled.connect(window.tiles.set_compact)
    full = QAction("Player display &full screen", window)
    full.setObjectName("actionPlayerFullScreen")
    full.setShortcut("F11")
    full.setToolTip("Fill the players' display's screen, or go back to a window")
    full.triggered.connect(lambda: window.player_display.toggle_full_screen())
    menu, actions = ui.menuView, ui.menuView.actions()
    after_table = actions[actions.index(ui.actionShowTable) + 1:]
    menu.insertAction(after_table[0] if after_table else None, compact)
    after_display = actions[actions.index(ui.actionPlayerDisplay) + 1:]
    menu.insertAction(after_display[0] if after_display else None, full)
    return compact, full
