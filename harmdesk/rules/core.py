"""Shared machinery of the rules core: events, outcomes, refusals and the desk.

Everything here is pure: no I/O, no clock, no randomness. A state is a plain,
JSON-serialisable mapping, so the store can save it and `replay` can print it.
"""

from __future__ import annotations

import copy
import reprlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, cast

from .shapes import C, Character, DeskState, Need, Settings

MINUS = "\u2212"  # the rules' texts print a real minus sign
ARROW = "\u2192"


def signed(n: int) -> str:
    """A number as the rules print it, with a real minus sign."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


SHOWN = 60  # the most of a value from outside a message quotes, in characters
_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong = 3, SHOWN, SHOWN, SHOWN


def clipped(text: str, most: int = SHOWN) -> str:
    """`text` as a message shows it: at most `most` characters, a longer one cut with "…"."""
    return text if len(text) <= most else text[:most - 1] + "\u2026"


def quoted(value: Any, most: int = SHOWN) -> str:
    """`value` as a message quotes it (as `repr` does), cut to about `most` characters with
    "…": a long name, list or number from outside is never echoed whole."""
    if isinstance(value, str):
        return repr(clipped(value, most))
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * most:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    try:
        text = _SHORT.repr(value)  # a long list is cut before it is ever spelt out
    except ValueError:  # an int too long for str(), deep inside
        text = f"a {type(value).__name__}"
    return clipped(text, most)


def listed(items: Iterable[Any], joiner: str = ", ", most: int = 10) -> str:
    """Names from outside (keys, ids, wounds) as a message lists them: each clipped, the
    first `most` of them and how many more."""
    items = list(items)
    more = len(items) - most if len(items) > most else 0
    return joiner.join(clipped(str(item)) for item in items[:most]) + \
        (f" and {more:,} more" if more else "")


class Refused(Exception):
    """The rules forbid this action. Raised inside a handler, caught by `apply`.

    `needs` names rolls the action must carry before it can be applied
    (for example a Trauma d20), so a caller can roll or ask the GM and retry.
    """

    def __init__(self, reason: str, needs: list[Need] | None = None):
        super().__init__(reason)
        self.reason = reason
        self.needs = needs or []


class SheetError(ValueError):
    """A character sheet or a setting cannot be read. Names the offending key."""

    def __init__(self, key: str, message: str):
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


@dataclass(frozen=True)
class Event:
    """One thing that happened, with the arithmetic explained in one line."""

    kind: str
    target: str | None
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "target": self.target, "text": self.text}
        out.update(self.data)
        return out


@dataclass(frozen=True)
class Outcome:
    ok: bool
    state: DeskState
    events: tuple[Event, ...] = ()
    error: str | None = None
    needs: tuple[Need, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        if self.ok:
            return {"ok": True, "events": [e.to_dict() for e in self.events]}
        out: dict[str, Any] = {"ok": False, "error": self.error}
        if self.needs:
            out["needs"] = list(self.needs)
        return out


def need_roll(key: str, dice: str, why: str, target: str | None = None) -> Need:
    """Describe a roll an action must carry (see `Refused.needs`)."""
    out: Need = {"key": key, "dice": dice, "why": why}
    if target is not None:
        out["target"] = target
    return out


class Desk(Generic[C]):
    """A copy-on-write view of one state while an action is applied.

    Only the characters an action touches are copied, so applying an action to a
    desk of hundreds of characters stays cheap, and the input state is never
    mutated. `C` is the character of the game the desk plays, as its rules read it.
    """

    def __init__(self, state: DeskState, settings: Settings | None = None):
        self.system: str = state["system"]
        # `settings`: the state's, as the rules read them (every setting there)
        self.settings: Settings = state["settings"] if settings is None else settings
        # a desk holds the characters of one game, read as its rules read them (`C`)
        self._chars: dict[str, C] = cast("dict[str, C]", state["characters"])
        self._copied: dict[str, C] = {}
        self._order: list[str] | None = None  # set when the desk itself changes
        self._state = state
        self._settings = self.settings

    def ids(self) -> list[str]:
        return list(self._order if self._order is not None else self._chars)

    def has(self, cid: str) -> bool:
        return cid in (self._order if self._order is not None else self._chars)

    def char(self, cid: Any) -> C:
        """The character with id `cid`, as a private copy that may be changed."""
        if not isinstance(cid, str) or not self.has(cid):
            raise Refused(f"there is no character {quoted(cid)} on the desk")
        if cid not in self._copied:
            self._copied[cid] = copy.deepcopy(self._chars[cid])
        return self._copied[cid]

    def peek(self, cid: str) -> C:
        """Read a character without copying it."""
        if cid in self._copied:
            return self._copied[cid]
        if not self.has(cid):
            raise Refused(f"there is no character {quoted(cid)} on the desk")
        return self._chars[cid]

    def add(self, cid: str, char: C) -> None:
        if self.has(cid):
            raise Refused(f"there is already a character {quoted(cid)} on the desk")
        if self._order is None:
            self._order = list(self._chars)
        self._order.append(cid)
        self._copied[cid] = char

    def remove(self, cid: str) -> None:
        self.char(cid)
        if self._order is None:
            self._order = list(self._chars)
        self._order.remove(cid)
        self._copied.pop(cid, None)

    def result(self) -> DeskState:
        if not self._copied and self._order is None and self.settings is self._settings:
            return self._state
        copied, kept = self._copied, self._chars
        chars: dict[str, Character]
        if self._order is None:
            # nobody joined or left, so every copy replaces a character of the state in its
            # place: the untouched are shared in one copy of the mapping, never visited one
            # by one
            chars = cast("dict[str, Character]", dict(kept))
            chars.update(cast("dict[str, Character]", copied))
        else:
            # every id in order is a character of the state or one added to the desk
            chars = {cid: copied[cid] if cid in copied else kept[cid] for cid in self._order}
        # settings no action changed stay the state's own: the step changed none
        settings = self._state["settings"] if self.settings is self._settings else \
            self.settings
        return {"system": self.system, "settings": settings, "characters": chars}


def half_up(n: int) -> int:
    """Half of n, rounded up (Make Camp, a night's rest)."""
    return -(-n // 2)
