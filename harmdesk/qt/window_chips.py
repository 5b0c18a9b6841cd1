"""How a chip (dropped, clicked or hovered) and the quick entry reach the controller.

`ChipDrops` is held by `MainWindow`: the window's tiles, tray, selection, status bar
and controller are its own; nothing here computes a rule. A chip becomes an action
here, with the tray's modifiers read here, so drops, clicks and the tiles' previews
agree.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from ..errors import UserError
from .style import ERROR_STYLE


class ChipDrops(QObject):
    """The main window's chips and quick entry: a chip dropped on tiles or picked for the
    selected ones, a chip hovered in the tray, the text typed in the quick entry, and
    the rolls and Saves the controller asks the GM for on the way."""

    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self.hovered: dict | None = None  # the chip the mouse rests on
        self.apply_dialog = None  # the open "Apply this chip?" dialog
        self._quick_campaign: str | None = None  # the campaign the quick entry's text was for

    @property
    def controller(self):
        return self.w.controller

    def connect(self) -> None:
        """Wire the tiles, the tray and the quick entry (once the window has them)."""
        w, c, ui = self.w, self.w.controller, self.w.ui
        c.roll_provider = self.provide_roll
        c.save_provider = self.ask_turn_save
        c.campaignChanged.connect(self.quick_entry_follows_campaign)
        w.tiles.modifiers_for = w.tray.modifiers_for  # for the previews under a drag
        w.tiles.chipDropped.connect(self.apply_chip)
        w.tray.chipActivated.connect(self.apply_chip_to_selection)
        w.tray.chipHovered.connect(self.preview_chip)
        c.changed.connect(self._preview_again)
        w.tiles.selectionModel().selectionChanged.connect(self._preview_again)
        ui.table.selectionModel().selectionChanged.connect(self._preview_again)
        ui.quickEntry.returnPressed.connect(self.apply_quick_entry)
        ui.quickApply.clicked.connect(self.apply_quick_entry)
        ui.quickEntry.textEdited.connect(lambda _: self.show_quick_message(""))
        ui.actionQuickEntry.triggered.connect(self.focus_quick_entry)

    # what the controller asks the GM -----------------------------------------------------
    def provide_roll(self, action, need):
        """The controller's roll provider: HarmDesk rolls, or the GM types the faces."""
        if self.controller.option("dice_mode", "app") == "manual":
            from .dialogs.dice import manual_roll_provider
            self.w.tiles.before_asking()  # the tiles show the desk, not the chip, while it asks
            chars = self.controller.state["characters"]
            # a re-applied entry's roll may be for someone no longer on the desk
            return manual_roll_provider(self.w, lambda cid: chars.get(cid, {}).get("name", cid),
                                        lambda: self.controller.rolling_on)(action, need)
        from ..desk.rolling import roll
        return roll(need, self.w.rng)

    def ask_turn_save(self, name: str, saves, rule: str, odds: str = ""):
        """The controller's save provider: the Save a character may roll as their turn
        ends outside the encounter's Next turn (the End turn chip)."""
        from .dialogs.encounter import ask_turn_save
        self.w.tiles.before_asking()
        return ask_turn_save(self.w, name, saves, rule, odds, next_turn=False)

    # chips --------------------------------------------------------------------------
    def apply_chip(self, chip: dict, targets: list[str]) -> bool:
        """A chip dropped on `targets`: applied at once."""
        if self.controller.campaign is None or not targets:
            return False
        if chip.get("ask") == "condition":
            self.w.tiles.before_asking()
            return self.w.play_menus.conditions(targets,
                                                preset=chip.get("action", {}).get("name"))
        action = self._action_for(chip, targets)
        return action is not None and self.controller.submit(action)

    def _action_for(self, chip: dict, targets: list[str]):
        """What `chip` does to `targets`, the tray's modifiers on it when it deals damage;
        None with the reason shown on the tiles."""
        try:
            mods = self.w.tray.modifiers_for(chip)
            return self.controller.service.action_for(chip, targets, mods)
        except UserError as err:
            self.controller.refused.emit(str(err), targets)
            return None

    def apply_chip_to_selection(self, chip: dict) -> bool:
        """A click (or Enter) on a chip: ask before applying it to the selected tiles.

        The dialog shows what it will do and its tags, and takes the faces when the
        GM rolls their own dice; only its Apply button applies. True when it opened."""
        from .dialogs.dice import ApplyDialog
        targets = self.w.selected_ids()
        if self.controller.campaign is None or not targets:
            self.w.statusBar().showMessage("Select one or more tiles first, then pick a chip.",
                                           6000)
            return False
        if chip.get("ask") == "condition":  # the conditions dialog asks before applying
            return self.w.play_menus.conditions(targets,
                                                preset=chip.get("action", {}).get("name"))
        action = self._action_for(chip, targets)
        if action is None:
            return False
        refusal, first_need = self.controller.service.first_need(action)
        if refusal is not None:
            self.controller.refused.emit(refusal, targets)
            return False
        manual = self.controller.option("dice_mode", "app") == "manual"
        need = first_need if manual else None
        rolled = first_need.dice if first_need and not manual else ""
        dialog = ApplyDialog(self.controller.state, action, chip.get("label", "the chip"),
                             self.w, need, rolled)
        dialog.accepted.connect(lambda: self.controller.submit(dialog.action()))
        dialog.finished.connect(self._apply_dialog_closed)
        self.apply_dialog = dialog
        self.w.tiles.show_preview(chip, targets)  # the tiles keep previewing while it asks
        dialog.open()
        return True

    def _apply_dialog_closed(self) -> None:
        dialog, self.apply_dialog = self.apply_dialog, None
        self.hovered = None
        self.w.tiles.show_preview(None, [])
        if dialog is not None:
            dialog.deleteLater()

    def preview_chip(self, chip: dict | None) -> None:
        """The mouse rests on a chip: the selected tiles preview it, as under a drag."""
        if self.apply_dialog is not None:
            return  # the dialog's chip stays previewed until it closes
        self.hovered = chip
        self.w.tiles.show_preview(chip, self.w.selected_ids() if chip else [])

    def _preview_again(self, *_) -> None:
        if self.hovered is not None:
            self.preview_chip(self.hovered)

    # the quick entry ------------------------------------------------------------------
    def focus_quick_entry(self) -> None:
        self.w.ui.quickEntry.setFocus()
        self.w.ui.quickEntry.selectAll()

    def show_quick_message(self, text: str, error: bool = True) -> None:
        # on a line of its own, under the field, so it never squeezes it
        message = self.w.ui.quickMessage
        message.setStyleSheet(ERROR_STYLE if error else "")
        message.setText(text)
        message.setVisible(bool(text))

    def quick_entry_follows_campaign(self) -> None:
        """Another campaign on the desk: the quick entry's text and its message were for
        the one before, so they go (the same campaign opened again keeps them)."""
        shown = self.controller.service.name if self.controller.campaign is not None else None
        if shown != self._quick_campaign:
            self.w.ui.quickEntry.clear()
            self.show_quick_message("")
        self._quick_campaign = shown

    def apply_quick_entry(self) -> bool:
        if self.controller.campaign is None:
            return False
        entry = self.w.ui.quickEntry
        try:
            action = self.controller.service.quick_action(entry.text())
        except UserError as err:
            self.show_quick_message(str(err))
            return False
        targets = self.w.selected_ids()
        if not targets:
            self.show_quick_message("select one or more tiles first")
            return False
        if self.controller.submit(action.on(targets)):
            entry.clear()
            self.show_quick_message("")
            return True
        return False
