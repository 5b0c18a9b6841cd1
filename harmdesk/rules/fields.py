"""Reading fields of actions and sheets, with refusals that name the field.

Actions are untrusted JSON. Every reader here either returns a value of the
right type or raises `Refused` with a sentence a GM can act on.
"""

from __future__ import annotations

import difflib
import math
import re
from typing import Any, Iterable

from .core import Refused

_MISSING = object()
# a snake_case name (condition, debility, damage type): the one pattern every reader uses
NAME = r"[a-z][a-z0-9_]*"
SNAKE = re.compile(rf"^{NAME}$")
ACTION_KEYS = ("type", "target")  # every action has them; `refuse_unknown` need not list them
# The deepest the vocabulary nests (an added character's attack's tags is 4 levels); deeper
# values are refused before anything copies or compares them.
MAX_DEPTH = 8


def refuse_unknown(given: dict, known: Iterable[str], what: str, also: Iterable[str] = ()) -> None:
    """Typos are caught: a key that is neither `known` nor `also` (taken but not listed,
    such as an action's type and target) is refused by name."""
    known = tuple(known)
    unknown = sorted(str(k) for k in given if k not in known and k not in also)
    if unknown:
        guesses = [g for k in unknown for g in difflib.get_close_matches(k, known, 1, 0.75)]
        raise Refused(f"unknown {what} field{'s' if len(unknown) > 1 else ''} "
                      f"{', '.join(unknown)}; known: {', '.join(known) or 'none'}"
                      + (f"; did you mean {', '.join(guesses)}?" if guesses else ""))


LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def plain_data(value: Any, what: str = "the action", limit: int = MAX_DEPTH) -> None:
    """Actions and sheets are small plain data: nested at most `limit` deep, text without
    lone surrogates (they cannot be printed or saved), finite numbers. Checked without
    recursion, so a value given in-process is refused before a rule copies it or the
    store keeps it."""
    stack = [(value, 0)]
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
                raise Refused(f"the text {shown!r} in {what} holds a broken character "
                              "(a lone surrogate)")
        elif isinstance(item, float) and not math.isfinite(item):
            raise Refused(f"{item} is not a number a rule can use (in {what})")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(action: dict, key: str, default: Any = _MISSING, minimum: int | None = 0,
          maximum: int | None = None) -> int:
    """A whole number, by default 0 or more."""
    if key not in action or action[key] is None:
        if default is _MISSING:
            raise Refused(f"`{key}` is missing")
        return default
    value = action[key]
    if not _is_int(value):
        raise Refused(f"`{key}` must be a whole number, not {value!r}")
    if minimum is not None and value < minimum:
        if minimum == 0:
            raise Refused(f"`{key}` cannot be negative ({value})")
        raise Refused(f"`{key}` must be at least {minimum}, not {value}")
    if maximum is not None and value > maximum:
        raise Refused(f"`{key}` must be at most {maximum}, not {value}")
    return value


def flag(action: dict, key: str, default: bool = False) -> bool:
    value = action.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise Refused(f"`{key}` must be true or false, not {value!r}")
    return value


def choice(action: dict, key: str, options: Iterable[str], default: Any = _MISSING) -> str:
    options = tuple(options)
    if key not in action or action[key] is None:
        if default is _MISSING:
            raise Refused(f"`{key}` is missing (one of {', '.join(options)})")
        return default
    value = action[key]
    if value not in options:
        raise Refused(f"`{key}` must be one of {', '.join(options)}, not {value!r}")
    return value


def text(action: dict, key: str, default: Any = _MISSING) -> str:
    if key not in action or action[key] is None:
        if default is _MISSING:
            raise Refused(f"`{key}` is missing")
        return default
    value = action[key]
    if not isinstance(value, str) or not value.strip():
        raise Refused(f"`{key}` must be non-empty text, not {value!r}")
    return value


def name(action: dict, key: str, known: Iterable[str] | None = None,
         what: str = "name") -> str:
    """A snake_case name (condition, debility, damage type), checked against `known`."""
    value = text(action, key)
    if not SNAKE.match(value):
        raise Refused(f"`{key}` must be a lower-case snake_case {what}, not {value!r}")
    if known is not None:
        known = tuple(known)
        if value not in known:
            raise Refused(f"unknown {what} {value!r}; known: {', '.join(known)}")
    return value


def names(action: dict, key: str, known: Iterable[str] | None = None,
          what: str = "name") -> list[str]:
    value = action.get(key, [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise Refused(f"`{key}` must be a list, not {value!r}")
    return [name({key: v}, key, known, what) for v in value]


def faces(action: dict, key: str, sides: int, default: Any = _MISSING) -> int:
    """A single die face (for example a Trauma d20), checked against the die's size."""
    if key not in action or action[key] is None:
        if default is _MISSING:
            raise Refused(f"`{key}` is missing")
        return default
    value = action[key]
    if not _is_int(value) or not 1 <= value <= sides:
        raise Refused(f"`{key}` must be a face of a d{sides} (1 to {sides}), not {value!r}")
    return value


def mapping(action: dict, key: str, default: Any = _MISSING) -> dict:
    if key not in action or action[key] is None:
        if default is _MISSING:
            raise Refused(f"`{key}` is missing")
        return default
    value = action[key]
    if not isinstance(value, dict):
        raise Refused(f"`{key}` must be an object, not {value!r}")
    return value


def listing(action: dict, key: str, default: Any = _MISSING) -> list:
    if key not in action or action[key] is None:
        if default is _MISSING:
            raise Refused(f"`{key}` is missing")
        return default
    value = action[key]
    if not isinstance(value, list):
        raise Refused(f"`{key}` must be a list, not {value!r}")
    return value
