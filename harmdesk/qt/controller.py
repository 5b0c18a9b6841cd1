"""The window's handle on a campaign: actions through a QUndoStack bound to the store's log.

Every change goes through `submit`, which checks the action with the rules core
first (validate before push), asks for any missing dice, saves it, and only then
pushes an undo command whose first redo has already happened. One command is one
step of the store's log (a macro such as a party's Make Camp is one step of
several actions), and its undo and redo call the store's persistent undo and
redo, so the stack survives a restart: on loading, it is rebuilt from the log's
steps.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from ..profiles import profile_for

HISTORY_WINDOW = 500  # log steps rebuilt into the undo stack when a campaign opens

# (action, need) -> the value for need["key"], or None when the GM cancels
RollProvider = Callable[[dict, dict], object]


def describe(action: dict, events: list) -> str:
    """The undo stack's text for a step: its first explanation, shortened."""
    text = events[0]["text"] if events else action.get("type", "step").replace("_", " ")
    return text if len(text) <= 80 else text[:77] + "…"


class StepCommand(QUndoCommand):
    """One logged step (one or several actions). Its first redo already happened when it
    was saved."""

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
        # while a roll is asked for: the desk the action applies to (in a series, the
        # desk after the steps before it), for the provider to show what the roll will do
        self.rolling_on: dict | None = None
        self._redone: set[int] | None = None  # log rows redone while redoing through one

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
    def profile(self):
        """The open campaign's display profile (what its game shows), or None."""
        return profile_for(self.campaign.system) if self.campaign is not None else None

    @property
    def read_only(self) -> bool:
        return self.campaign is not None and self.campaign.store.read_only

    def option(self, key: str, default=None):
        return self.campaign.info.options.get(key, default) if self.campaign else default

    def _rebuild_stack(self) -> None:
        """Mirror the store's log into the stack, one command per step: applied steps,
        then the redo branch."""
        self.syncing = True
        try:
            self.stack.clear()
            if self.campaign is None or getattr(self.campaign, "glimpse", False):
                return
            store, cid = self.campaign.store, self.campaign.info.id
            steps: list[tuple[int, str, bool]] = []  # (step, text, undone), oldest first
            for entry in store.log(cid, include_undone=True):
                if not steps or steps[-1][0] != entry.step:
                    steps.append((entry.step, entry.step_text
                                  or describe(entry.action, entry.events), entry.undone))
            steps = steps[-HISTORY_WINDOW:]
            for _step, text, _undone in steps:
                self.stack.push(StepCommand(self, text))
            self.stack.setIndex(sum(1 for *_, undone in steps if not undone))
            self.stack.setClean()
        finally:
            self.syncing = False

    # changing -----------------------------------------------------------------
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
            self.rolling_on = state
            try:
                value = self.roll_provider(action, need)
            finally:
                self.rolling_on = None
            if value is None:
                return None
            action = {**action, need["key"]: value}
        return action

    def submit(self, action: dict) -> bool:
        """Check, complete, save and push one action. False if refused or cancelled."""
        targets = action.get("target")
        ids = targets if isinstance(targets, list) else [targets] if targets else []
        if not self._writable(ids):
            return False
        action = self.complete(action)
        if action is None:
            return False
        return self._save([action], None, ids)

    def submit_many(self, actions: list[dict], text: str) -> int:
        """Several actions as one undoable step (a macro), logged as one step of the store,
        so it undoes as one also after a restart; all or nothing.

        Returns how many were applied (0 when refused or cancelled).
        """
        from ..rules import apply
        if not actions or not self._writable([]):
            return 0
        # complete and check the whole series in memory first, so a refusal leaves no half
        # macro and names its own targets
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
        return len(ready) if self._save(ready, text, []) else 0

    def _writable(self, ids: list) -> bool:
        if self.campaign is None:
            return False
        if self.read_only:
            self.refused.emit(f"This campaign is open read-only: "
                              f"{self.campaign.store.why_read_only}.", ids)
            return False
        return True

    def _save(self, actions: list[dict], text: str | None, ids: list) -> bool:
        """Apply and log `actions` as one step, then push its command."""
        from ..store import StoreError

        try:
            change = self.campaign.apply_step(actions, text)
        except StoreError as err:
            self.failed.emit(str(err))
            return False
        if not change.ok:
            self.refused.emit(change.outcome.error, ids)
            return False
        if text is None:
            text = describe(actions[0], [e.to_dict() for e in change.outcome.events])
        self.stack.push(StepCommand(self, text))
        self.changed.emit(change)
        return True

    def redo_through(self, entry_id: int) -> bool:
        """Redo the undone steps, oldest first, until the log row `entry_id` is applied
        again (a row comes back with the other rows of its step)."""
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
            self._redone.update(entry.id for entry in change.entries)
        self.changed.emit(change)

    # play sessions ------------------------------------------------------------
    def start_session(self, title: str = "") -> None:
        self.campaign.start_session(title)
        self.sessionChanged.emit()

    def end_session(self, notes: str | None = None) -> None:
        self.campaign.end_session(notes)
        self.sessionChanged.emit()
