"""The window's handle on a campaign: actions through a QUndoStack bound to the store's log.

Every change goes through `submit`, which checks the action with the rules core
first (validate before push), asks for any missing dice, saves it, and only then
pushes an undo command whose first redo has already happened. Undo and redo of
any command call the store's persistent undo and redo, so the stack survives a
restart: on loading, the stack is rebuilt from the log.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

HISTORY_WINDOW = 500  # log steps rebuilt into the undo stack when a campaign opens

# (action, need) -> the value for need["key"], or None when the GM cancels
RollProvider = Callable[[dict, dict], object]


def describe(action: dict, events: list) -> str:
    """The undo stack's text for a step: its first explanation, shortened."""
    text = events[0]["text"] if events else action.get("type", "step").replace("_", " ")
    return text if len(text) <= 80 else text[:77] + "…"


class StepCommand(QUndoCommand):
    """One logged step. Its first redo already happened when it was saved."""

    def __init__(self, desk: "DeskController", text: str):
        super().__init__(text)
        self._desk = desk
        self._done = True

    def redo(self):
        if self._done or self._desk.syncing:
            self._done = False
            return
        self._desk._step("redo")

    def undo(self):
        if not self._desk.syncing:
            self._desk._step("undo")


class DeskController(QObject):
    """Signals: `changed(Change)` after any apply/undo/redo, `refused(reason, ids)`,
    `failed(message)` for store errors, `campaignChanged()` when another campaign opens,
    `sessionChanged()` when a play session starts or ends."""

    changed = Signal(object)
    refused = Signal(str, list)
    failed = Signal(str)
    campaignChanged = Signal()
    sessionChanged = Signal()

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.campaign = None
        self.stack = QUndoStack(self)
        self.syncing = False
        self.roll_provider: RollProvider | None = None
        self._redone: set[int] | None = None  # steps redone while redoing through one

    # the campaign -------------------------------------------------------------
    def set_campaign(self, campaign) -> None:
        self.campaign = campaign
        self._rebuild_stack()
        self.campaignChanged.emit()

    @property
    def state(self) -> dict:
        return self.campaign.state

    @property
    def system(self) -> str:
        return self.campaign.system

    @property
    def read_only(self) -> bool:
        return self.campaign is not None and self.campaign.store.read_only

    def option(self, key: str, default=None):
        return self.campaign.info.options.get(key, default) if self.campaign else default

    def _rebuild_stack(self) -> None:
        """Mirror the store's log into the stack: applied steps, then the redo branch."""
        self.syncing = True
        try:
            self.stack.clear()
            if self.campaign is None or getattr(self.campaign, "glimpse", False):
                return
            store, cid = self.campaign.store, self.campaign.info.id
            entries = store.log(cid, include_undone=True)[-HISTORY_WINDOW:]
            for entry in entries:
                self.stack.push(StepCommand(self, describe(entry.action, entry.events)))
            self.stack.setIndex(sum(1 for e in entries if not e.undone))
            self.stack.setClean()
        finally:
            self.syncing = False

    # changing -----------------------------------------------------------------
    def preview(self, action: dict):
        from ..preview import preview
        return preview(self.state, action)

    def complete(self, action: dict, state: dict | None = None) -> dict | None:
        """The action with every roll the rules ask for, or None if the GM cancelled."""
        from ..rules import apply
        state = self.state if state is None else state
        for _ in range(6):
            outcome = apply(state, action)
            if outcome.ok or not outcome.needs:
                return action
            if self.roll_provider is None:
                return action
            need = outcome.needs[0]
            value = self.roll_provider(action, need)
            if value is None:
                return None
            action = {**action, need["key"]: value}
        return action

    def submit(self, action: dict) -> bool:
        """Check, complete, save and push one action. False if refused or cancelled."""
        from ..store import StoreError

        if self.campaign is None:
            return False
        targets = action.get("target")
        ids = targets if isinstance(targets, list) else [targets] if targets else []
        if self.read_only:
            self.refused.emit(f"This campaign is open read-only: "
                              f"{self.campaign.store.why_read_only}.", ids)
            return False
        action = self.complete(action)
        if action is None:
            return False
        try:
            change = self.campaign.apply(action)
        except StoreError as err:
            self.failed.emit(str(err))
            return False
        if not change.ok:
            self.refused.emit(change.outcome.error, ids)
            return False
        events = [e.to_dict() for e in change.outcome.events]
        self.stack.push(StepCommand(self, describe(action, events)))
        self.changed.emit(change)
        return True

    def submit_many(self, actions: list[dict], text: str) -> int:
        """Several actions as one undoable step (a macro); stops at the first refusal.

        Each is logged on its own, so after a restart they undo one by one.
        Returns how many were applied.
        """
        from ..rules import apply
        # check the whole series in memory first, so a refusal leaves no half macro
        state, ready = self.state, []
        for action in actions:
            action = self.complete(action, state)
            if action is None:
                return 0
            outcome = apply(state, action)
            if not outcome.ok:
                targets = action.get("target")
                self.refused.emit(outcome.error, targets if isinstance(targets, list)
                                  else [targets] if targets else [])
                return 0
            state = outcome.state
            ready.append(action)
        self.stack.beginMacro(text)
        try:
            done = sum(1 for action in ready if self.submit(action))
        finally:
            self.stack.endMacro()
        return done

    def redo_through(self, entry_id: int) -> bool:
        """Redo the undone steps, oldest first, until the log step `entry_id` is applied
        again (a step undone with others in one macro comes back with them)."""
        store, cid = self.campaign.store, self.campaign.info.id
        if entry_id not in {e.id for e in store.log(cid, include_undone=True) if e.undone}:
            return False
        self._redone = set()
        try:
            while entry_id not in self._redone and self.stack.canRedo():
                self.stack.redo()
            return entry_id in self._redone
        finally:
            self._redone = None

    def _step(self, kind: str) -> None:
        from ..store import StoreError

        try:
            change = self.campaign.undo() if kind == "undo" else self.campaign.redo()
        except StoreError as err:
            self.failed.emit(str(err))
            change = None
        if change is None:
            # the store and the stack disagree (another writer, a failed write): trust the store
            self._rebuild_stack()
            self.campaignChanged.emit()
            return
        if kind == "redo" and self._redone is not None:
            self._redone.add(change.entry.id)
        self.changed.emit(change)

    # play sessions ------------------------------------------------------------
    def start_session(self, title: str = "") -> None:
        self.campaign.start_session(title)
        self.sessionChanged.emit()

    def end_session(self, notes: str | None = None) -> None:
        self.campaign.end_session(notes)
        self.sessionChanged.emit()
