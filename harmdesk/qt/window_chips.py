"""How a chip (dropped, clicked or hovered) and the quick entry reach the controller.

A part of `MainWindow`: the window's tiles, selection, status bar and controller are
its own; nothing here computes a rule.
"""

from __future__ import annotations

from ..errors import UserError
from .style import ERROR_STYLE


class ChipHands:
    """The main window's chips and quick entry (mixed into `MainWindow`)."""

    _quick_campaign: str | None = None  # the campaign the quick entry's text was typed for

    def provide_roll(self, action, need):
        """The controller's roll provider: HarmDesk rolls, or the GM types the faces."""
        if self.controller.option("dice_mode", "app") == "manual":
            from .dialogs.dice import manual_roll_provider
            chars = self.controller.state["characters"]
            return manual_roll_provider(self, lambda cid: chars[cid]["name"],
                                        lambda: self.controller.rolling_on)(action, need)
        from ..desk.rolling import roll
        return roll(need, self.rng)

    def ask_turn_save(self, name: str, saves, rule: str, odds: str = ""):
        """The controller's save provider: the Save a character may roll as their turn
        ends outside the encounter's Next turn (the End turn chip)."""
        from .dialogs.encounter import ask_turn_save
        return ask_turn_save(self, name, saves, rule, odds, next_turn=False)

    def apply_chip(self, chip: dict, targets: list[str]) -> bool:
        if self.controller.campaign is None or not targets:
            return False
        if chip.get("ask") == "condition":
            return self.play_menus.conditions(targets, preset=chip.get("action", {}).get("name"))
        action = self._action_for(chip, targets)
        return action is not None and self.controller.submit(action)

    def _action_for(self, chip: dict, targets: list[str]):
        """What `chip` does to `targets`, or None with the reason shown on the tiles."""
        try:
            return self.tiles.action_for(chip, targets)
        except UserError as err:
            self.controller.refused.emit(str(err), targets)
            return None

    def apply_chip_to_selection(self, chip: dict) -> bool:
        """A click (or Enter) on a chip: ask before applying it to the selected tiles.

        The dialog shows what it will do and its tags, and takes the faces when the
        GM rolls their own dice; only its Apply button applies. True when it opened."""
        from .dialogs.dice import ApplyDialog
        targets = self.selected_ids()
        if self.controller.campaign is None or not targets:
            self.statusBar().showMessage("Select one or more tiles first, then pick a chip.", 6000)
            return False
        if chip.get("ask") == "condition":  # the conditions dialog asks before applying
            return self.play_menus.conditions(targets, preset=chip.get("action", {}).get("name"))
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
                             self, need, rolled)
        dialog.accepted.connect(lambda: self.controller.submit(dialog.action()))
        dialog.finished.connect(self._apply_dialog_closed)
        self.apply_dialog = dialog
        self.tiles.show_preview(chip, targets)  # the tiles keep previewing while it asks
        dialog.open()
        return True

    def _apply_dialog_closed(self) -> None:
        dialog, self.apply_dialog = self.apply_dialog, None
        self._hovered = None
        self.tiles.show_preview(None, [])
        if dialog is not None:
            dialog.deleteLater()

    def preview_chip(self, chip: dict | None) -> None:
        """The mouse rests on a chip: the selected tiles preview it, as under a drag."""
        if self.apply_dialog is not None:
            return  # the dialog's chip stays previewed until it closes
        self._hovered = chip
        self.tiles.show_preview(chip, self.selected_ids() if chip else [])

    def _preview_again(self, *_) -> None:
        if self._hovered is not None:
            self.preview_chip(self._hovered)

    def focus_quick_entry(self) -> None:
        self.ui.quickEntry.setFocus()
        self.ui.quickEntry.selectAll()

    def show_quick_message(self, text: str, error: bool = True) -> None:
        # on a line of its own, under the field, so it never squeezes it
        self.ui.quickMessage.setStyleSheet(ERROR_STYLE if error else "")
        self.ui.quickMessage.setText(text)
        self.ui.quickMessage.setVisible(bool(text))

    def quick_entry_follows_campaign(self) -> None:
        """Another campaign on the desk: the quick entry's text and its message were for
        the one before, so they go (the same campaign opened again keeps them)."""
        shown = self.controller.service.name if self.controller.campaign is not None else None
        if shown != self._quick_campaign:
            self.ui.quickEntry.clear()
            self.show_quick_message("")
        self._quick_campaign = shown

    def apply_quick_entry(self) -> bool:
        if self.controller.campaign is None:
            return False
        try:
            action = self.controller.service.quick_action(self.ui.quickEntry.text())
        except UserError as err:
            self.show_quick_message(str(err))
            return False
        targets = self.selected_ids()
        if not targets:
            self.show_quick_message("select one or more tiles first")
            return False
        if self.controller.submit(action.on(targets)):
            self.ui.quickEntry.clear()
            self.show_quick_message("")
            return True
        return False
