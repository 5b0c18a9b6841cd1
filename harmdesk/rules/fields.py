"""Reading fields of actions and sheets, with refusals that name the field.

Actions are untrusted JSON. Every reader here either returns a value of the
right type or raises `Refused` with a sentence a GM can act on.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar, overload

from .core import Refused, listed, quoted

# what a reader reads from: an action, a sheet, or a part of one (untrusted JSON)
Given = Mapping[str, Any]
T = TypeVar("T")

_MISSING = object()
# a snake_case name (condition, debility, damage type): the one pattern every reader uses
NAME = r"[a-z][a-z0-9_]*"
SNAKE = re.compile(rf"^{NAME}$")
ACTION_KEYS = ("type", "target")  # every action has them; `refuse_unknown` need not list them
# The largest whole number a rule takes from outside, unless its field says less: more HP,
# damage or Endurance than any sheet holds, and what every field of the window can show
MOST = 9_999
# the longest id or name of a character, in characters
MOST_LABEL = 200
# the most a sheet's small counts hold: armor, supplies, marks, Resolve dice
MOST_COUNT = 99
# The deepest the vocabulary nests (an added character's attack's tags is 4 levels); deeper
# values are refused before anything copies or compares them.
MAX_DEPTH = 8


def refuse_unknown(given: Given, known: Iterable[str], what: str, also: Iterable[str] = ()) -> None:
    """Typos are caught: a key that is neither `known` nor `also` (taken but not listed,
    such as an action's type and target) is refused by name."""
    known = tuple(known)
    unknown = sorted(str(k) for k in given if k not in known and k not in also)
    if unknown:
        guesses = [g for k in unknown[:10] for g in difflib.get_close_matches(k, known, 1, 0.75)]
        raise Refused(f"unknown {what} field{'s' if len(unknown) > 1 else ''} "
                      f"{listed(unknown)}; known: {', '.join(known) or 'none'}"
                      + (f"; did you mean {', '.join(guesses)}?" if guesses else ""))


LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def plain_data(value: Any, what: str = "the action", limit: int = MAX_DEPTH) -> None:
    """Actions and sheets are small plain data: nested at most `limit` deep, text without
    lone surrogates (they cannot be printed or saved), finite numbers. Checked without
    recursion, so a value given in-process is refused before a rule copies it or the
    store keeps it."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list, tuple)):
            if depth >= limit:
                raise Refused(f"{what} is nested more than {limit} levels deep; no field of "
                              "an action or a sheet needs that")
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            for key, sub in pairs:
                stack += [(key, depth + 1), (sub, depth + 1)]
        elif isinstance(item, str):
            if LONE_SURROGATE.search(item):
                shown = item.encode("utf-8", "backslashreplace").decode()
                raise Refused(f"the text {quoted(shown)} in {what} holds a broken character "
                              "(a lone surrogate)")
        elif isinstance(item, float) and not math.isfinite(item):
            raise Refused(f"{item} is not a number a rule can use (in {what})")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@overload
def whole(action: Given, key: str, *, minimum: int | None = 0, maximum: int = MOST) -> int: ...


@overload
def whole(action: Given, key: str, default: T, minimum: int | None = 0,
          maximum: int = MOST) -> int | T: ...


def whole(action: Given, key: str, default: Any = _MISSING, minimum: int | None = 0,
          maximum: int = MOST) -> Any:
    """A whole number, by default 0 to MOST; `minimum` None allows down to −MOST."""
    if key not in action or action[key] is None:
        if default is _MISSING:
            raise Refused(f"`{key}` is missing")
        return default
    value = action[key]
    if not _is_int(value):
        raise Refused(f"`{key}` must be a whole number, not {quoted(value)}")
    return within(value, key, -MOST if minimum is None else minimum, maximum)


@overload
def limited(given: Given, key: str, limits: Mapping[str, tuple[int, int]], *,
            maximum: int | None = None) -> int: ...


@overload
def limited(given: Given, key: str, limits: Mapping[str, tuple[int, int]], default: T,
            maximum: int | None = None) -> int | T: ...


def limited(given: Given, key: str, limits: Mapping[str, tuple[int, int]],
            default: Any = _MISSING, maximum: int | None = None) -> Any:
    """A whole number within the sheet's `limits` for `key` (lowest, highest), and at most
    `maximum` when the sheet itself caps it (HP at max HP)."""
    low, high = limits[key]
    return whole(given, key, default, low, high if maximum is None else min(high, maximum))


def within(value: int, key: str, minimum: int, maximum: int) -> int:
    """`value` when it lies from `minimum` to `maximum`, else refused naming `key`."""
    if value < minimum:
        if minimum == 0:
            raise Refused(f"`{key}` cannot be negative ({quoted(value)})")
        raise Refused(f"`{key}` must be at least {minimum:,}, not {quoted(value)}")
    if value > maximum:
        raise Refused(f"`{key}` must be at most {maximum:,}, not {quoted(value)}")
    return value


@overload
def flag(action: Given, key: str) -> bool: ...


@overload
def flag(action: Given, key: str, default: T) -> bool | T: ...


def flag(action: Given, key: str, default: Any = False) -> Any:
    value = action.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise Refused(f"`{key}` must be true or false, not {quoted(value)}")
    return value


@overload
def choice(action: Given, key: str, options: Iterable[str]) -> str: ...


@overload
def choice(action: Given, key: str, options: Iterable[str], default: T) -> str | T: ...


def choice(action: Given, key: str, options: Iterable[str], default: Any = _MISSING) -> Any:
    options = tuple(options)
    if key not in action or action[key] is None:
        if default is _MISSING:
            raise Refused(f"`{key}` is missing (one of {', '.join(options)})")
        return default
    value = action[key]
    if value not in options:
        raise Refused(f"`{key}` must be one of {', '.join(options)}, not {quoted(value)}")
    return value


@overload
def text(action: Given, key: str) -> str: ...


@overload
def text(action: Given, key: str, default: T) -> str | T: ...


def text(action: Given, key: str, default: Any = _MISSING) -> Any:
    if key not in action or action[key] is None:
        if default is _MISSING:
            raise Refused(f"`{key}` is missing")
        return default
    value = action[key]
    if not isinstance(value, str) or not value.strip():
        raise Refused(f"`{key}` must be non-empty text, not {quoted(value)}")
    return value


@overload
def label(action: Given, key: str) -> str: ...


@overload
def label(action: Given, key: str, default: T) -> str | T: ...


def label(action: Given, key: str, default: Any = _MISSING) -> Any:
    """A character's id or name: non-empty text of at most MOST_LABEL characters, which a
    tile, a log line and a message can show."""
    value = text(action, key, default)
    if isinstance(value, str) and len(value) > MOST_LABEL:
        raise Refused(f"`{key}` is {len(value):,} characters long; it may have at most "
                      f"{MOST_LABEL}")
    return value


def name(action: Given, key: str, known: Iterable[str] | None = None,
         what: str = "name") -> str:
    """A snake_case name (condition, debility, damage type), checked against `known`."""
    value = text(action, key)
    if not SNAKE.match(value):
        raise Refused(f"`{key}` must be a lower-case snake_case {what}, not {quoted(value)}")
    if known is not None:
        known = tuple(known)
        if value not in known:
            raise Refused(f"unknown {what} {quoted(value)}; known: {', '.join(known)}")
    return value


def names(action: Given, key: str, known: Iterable[str] | None = None,
          what: str = "name") -> list[str]:
    value = action.get(key, [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise Refused(f"`{key}` must be a list, not {quoted(value)}")
    return [name({key: v}, key, known, what) for v in value]


@overload
def faces(action: Given, key: str, sides: int) -> int: ...


@overload
def faces(action: Given, key: str, sides: int, default: T) -> int | T: ...


def faces(action: Given, key: str, sides: int, default: Any = _MISSING) -> Any:
    """A single die face (for example a Trauma d20), checked against the die's size."""
    if key not in action or action[key] is None:
        if default is _MISSING:
            raise Refused(f"`{key}` is missing")
        return default
    value = action[key]
    if not _is_int(value) or not 1 <= value <= sides:
        raise Refused(f"`{key}` must be a face of a d{sides} (1 to {sides}), not {quoted(value)}")
    return value


@overload
def mapping(action: Given, key: str) -> dict[str, Any]: ...


@overload
def mapping(action: Given, key: str, default: T) -> dict[str, Any] | T: ...


def mapping(action: Given, key: str, default: Any = _MISSING) -> Any:
    if key not in action or action[key] is None:
        if default is _MISSING:
            raise Refused(f"`{key}` is missing")
        return default
    value = action[key]
    if not isinstance(value, dict):
        raise Refused(f"`{key}` must be an object, not {quoted(value)}")
    return value


@overload
def listing(action: Given, key: str) -> list[Any]: ...


@overload
def listing(action: Given, key: str, default: T) -> list[Any] | T: ...


def listing(action: Given, key: str, default: Any = _MISSING) -> Any:
    if key not in action or action[key] is None:
        if default is _MISSING:
            raise Refused(f"`{key}` is missing")
        return default
    value = action[key]
    if not isinstance(value, list):
        raise Refused(f"`{key}` must be a list, not {quoted(value)}")
    return value
