"""What the window asks the service for, and what comes back: no Qt, no SQL, no rules arithmetic.

An `Action` holds its targets as a tuple, so nobody normalises `target` by hand; a
`RollNeed` is a roll the rules ask for; a `TilePreview` is what one tile shows
under a chip; a `Change` says what one apply, undo or redo did, with a `ChangeKind`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..rules.core import Outcome
    from ..rules.shapes import JSON, DeskState, Need
    from ..store.steps import LogEntry


@dataclass(frozen=True)
class Action:
    """One action as the rules read it: its `type`, its `targets` (character ids, in the
    GM's order) and every other field. `outcome` is the rules' passing outcome once
    `Service.complete` has checked it on the desk `basis`, so the commit does not run
    the rules again on that same desk."""

    type: str
    targets: tuple[str, ...] = ()
    fields: JSON = field(default_factory=dict)
    outcome: Outcome | None = field(default=None, compare=False, repr=False)
    basis: DeskState | None = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, data: Action | JSON) -> Action:
        """An action from the rules' JSON form (`target` one id or a list of them)."""
        if isinstance(data, Action):
            return data
        fields = {k: v for k, v in data.items() if k not in ("type", "target")}
        target = data.get("target")
        targets = tuple(target) if isinstance(target, (list, tuple)) else (
            () if target is None else (target,))
        # a missing type stays None: the rules refuse it in their own words
        return cls(data.get("type"), targets, fields)  # type: ignore[arg-type]

    def to_dict(self) -> JSON:
        """The rules' and the log's JSON form: one target is a plain id."""
        out: JSON = {"type": self.type}
        if self.targets:
            out["target"] = self.targets[0] if len(self.targets) == 1 else list(self.targets)
        out.update(self.fields)
        return out

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)

    def on(self, targets: Iterable[str]) -> Action:
        """The same action aimed at `targets`."""
        return replace(self, targets=tuple(targets), outcome=None, basis=None)

    def with_fields(self, **fields: Any) -> Action:
        """The same action with `fields` added (a roll's faces); not checked yet."""
        return replace(self, fields={**self.fields, **fields}, outcome=None, basis=None)


@dataclass(frozen=True)
class RollNeed:
    """A roll the rules ask for before they can apply an action: the field it fills
    (`key`), the dice to roll, why, and whose roll it is (None: the action's own)."""

    key: str
    dice: str
    why: str = ""
    target: str | None = None

    @classmethod
    def of(cls, need: Need) -> RollNeed:
        return cls(need["key"], str(need["dice"]), need.get("why") or "", need.get("target"))


class TilePreview(NamedTuple):
    """What one tile shows under a chip: the numbers, the rules' explanation, and
    whether the rules would take it (False: `line` is their refusal)."""

    line: str
    detail: str = ""
    ok: bool = True


class ChangeKind(Enum):
    APPLY = "apply"
    UNDO = "undo"
    REDO = "redo"
    REFUSED = "refused"


@dataclass(frozen=True)
class Change:
    """What one apply, undo or redo did, so views refresh only what changed."""

    kind: ChangeKind
    changed: tuple[str, ...] = ()   # ids of characters whose state changed
    desk_changed: bool = False      # characters joined or left the desk
    settings_changed: bool = False
    outcome: Outcome | None = None  # an apply's (last) outcome, or the refusal
    entries: tuple[LogEntry, ...] = ()  # the step's log rows, in log order

    @property
    def ok(self) -> bool:
        return self.kind is not ChangeKind.REFUSED

    @property
    def entry(self) -> LogEntry | None:
        """The step's first log row (a step of one action has only that)."""
        return self.entries[0] if self.entries else None

    @property
    def error(self) -> str | None:
        """The rules' reason, when they refused."""
        return None if self.ok or self.outcome is None else self.outcome.error

    @property
    def undo_text(self) -> str:
        """The undo stack's text for the step: its first explanation, shortened."""
        events = self.outcome.events if self.outcome is not None else ()
        if events:
            text = events[0].text
        else:
            action = self.entry.action if self.entry is not None else {}
            text = action.get("type", "step").replace("_", " ")
        return shortened(text)

    @property
    def said(self) -> str:
        """The rules' last explanation of an apply ('' for undo and redo)."""
        events = self.outcome.events if self.outcome is not None else ()
        return events[-1].text if events else ""


def shortened(text: str) -> str:
    """A step's text as the undo stack shows it: at most 80 characters, a longer one cut
    with "…"."""
    return text if len(text) <= 80 else text[:77] + "…"


__all__ = ["Action", "Change", "ChangeKind", "RollNeed", "TilePreview", "shortened"]
