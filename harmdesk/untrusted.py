"""JSON from outside (an ACTION_JSON argument, an import or scenario file): parsed with
limits, so odd input is refused with a sentence naming where, never a traceback.

Refused: text that is not JSON, lone surrogates in any string (keys too), numbers with
more digits than any game needs, NaN and Infinity, and nesting deeper than any action
or export needs. Depth and digits are checked on the text before `json.loads` runs, so
neither its recursion nor Python's int-to-str limit is ever reached.

Pure Python, no Qt and no SQL: every layer may use it.
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

MAX_DEPTH = 40          # an export is about 6 deep; an action 3
MAX_DIGITS = 40         # a run of digits in a number; HP and dice need a handful
# a JSON string as it stands in the text; one left open runs to the end (possessive,
# so a text full of escaped quotes is still read in one pass)
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\Z)', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")
_LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
BOM = "\ufeff"  # the byte-order mark some editors put before UTF-8 text
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class UntrustedError(ValueError):
    """The text cannot be taken; the message names where and why."""


def parse_json(text: str | bytes, where: str) -> Any:
    """The value of `text`, or `UntrustedError` naming `where` ("ACTION_JSON", a file)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise UntrustedError(f"{where}: the text is not UTF-8 (byte {err.start + 1}).") \
                from None
    text = text.removeprefix(BOM)  # Windows editors and shells write one; it means nothing
    hit = LONE_SURROGATE.search(text)
    if hit:  # only possible in text given in-process or on a command line
        raise UntrustedError(f"{where}: {_at(text, hit.start())}the text holds a broken "
                             "character (a lone surrogate); retype it.")
    bare = _STRING.sub('""', text)  # brackets and digits in names are not structure
    if _too_deep(bare) is not None or _LONG_NUMBER.search(bare):
        _refuse_shape(text, where)
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except json.JSONDecodeError as err:
        raise UntrustedError(f"{where}: not valid JSON (line {err.lineno}, column "
                             f"{err.colno}: {err.msg}).") from None
    except _Refused as err:
        raise UntrustedError(f"{where}: {err}") from None
    except (ValueError, RecursionError, MemoryError) as err:  # a limit the scans missed
        raise UntrustedError(f"{where}: the text cannot be read ({type(err).__name__}).") \
            from None
    path = lone_surrogate_at(value) if _SURROGATE_ESCAPE.search(text) else None
    if path is not None:
        raise UntrustedError(f"{where}: {path} holds a broken character (a lone surrogate, "
                             "written \\ud800 … \\udfff); retype it.")
    return value


def lone_surrogate_at(value: Any) -> str | None:
    """Where in `value` a string (or a key) holds a lone surrogate, as a readable path,
    or None. Walks without recursion, so any depth is safe."""
    from .rules.core import clipped  # read only when the text escapes a surrogate
    stack: list[tuple[Any, str]] = [(value, "the value")]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if LONE_SURROGATE.search(item):
                return path
        elif isinstance(item, dict):
            for key, sub in item.items():
                if isinstance(key, str) and LONE_SURROGATE.search(key):
                    return f"a key in {path}"
                stack.append((sub, f"`{clipped(key)}`" if isinstance(key, str) else "a key"))
        elif isinstance(item, (list, tuple)):
            stack.extend((sub, path) for sub in item)
    return None


class _Refused(ValueError):
    pass


def _no_constant(name: str):
    raise _Refused(f"`{name}` is not a number HarmDesk can use; write a plain number.")


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise _Refused(f"the number {shown} is too large; write a plain number.")
    return number


def _too_deep(bare: str) -> int | None:
    """Which bracket of `bare` goes deeper than MAX_DEPTH (counting from 0), or None."""
    depths = accumulate(1 if b in "[{" else -1 for b in _BRACKETS.findall(bare))
    return next((i for i, d in enumerate(depths) if d > MAX_DEPTH), None)


def _refuse_shape(text: str, where: str) -> None:
    """Too deep or too long a number: found again in `text` with its strings blanked to
    their own length, so the message can say where (only on the way out: slower)."""
    blank = _STRING.sub(lambda m: " " * len(m.group()), text)
    index = _too_deep(blank)
    if index is not None:
        start = next(m.start() for n, m in enumerate(_BRACKETS.finditer(blank)) if n == index)
        raise UntrustedError(f"{where}: {_at(text, start)}values nest more than {MAX_DEPTH} "
                             "levels deep; no campaign or action needs that many.")
    hit = _LONG_NUMBER.search(blank)
    raise UntrustedError(f"{where}: {_at(text, hit.start())}a number with "
                         f"{len(hit.group()):,} digits; numbers here have at most "
                         f"{MAX_DIGITS} digits.")


def _at(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"line {line}, column {column}: "


__all__ = ["LONE_SURROGATE", "MAX_DEPTH", "MAX_DIGITS", "UntrustedError", "lone_surrogate_at",
           "parse_json"]
