"""What an edit in the character table becomes: one action, for the rules to check.

The table shows HP (Damage in Freedom Fantasies), the guard and the buffer of each
character. Editing one of them is a GM correction: a sheet edit (`edit_character`) or
`set_state`, as the game's display profile says (`Profile.edits`). This module only reads
what the GM typed; the rules core decides whether the value is allowed. No Qt here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..profiles import profile_for
from ..rules.core import quoted
from ..rules.shapes import Action, Character

WHOLE = re.compile(r"^[+-]?\d+$")
MOST_DIGITS = 9  # far past what any sheet holds (the rules refuse past their limits)


class EditError(ValueError):
    """What the GM typed is not a value for this cell; the text says why."""


def editable(system: str) -> tuple[str, ...]:
    """The columns (bar, guard, buffer) whose values the GM may correct in this game."""
    return profile_for(system).editable()


def cell_text(system: str, column: str, char: Mapping[str, Any]) -> str | None:
    """The value the editor starts from, or None when the cell is not editable."""
    edit = profile_for(system).edits.get(column)
    if edit is None or edit.key not in char:
        return None
    value = char[edit.key]
    return "" if value is None else str(value)


def read_number(text: Any, label: str, name: str, empty_ok: bool) -> int | None:
    """A whole number as typed, with a plain or a typographic minus sign."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    typed = str(text if text is not None else "").strip().replace("\u2212", "-")
    if not typed and empty_ok:
        return None
    if not WHOLE.match(typed):
        example = " (leave it empty for not tracked)" if empty_ok else ""
        raise EditError(f"{name}'s {label} takes a whole number such as 3{example}, "
                        f"not {quoted(str(text).strip())}")
    if len(typed.lstrip("+-")) > MOST_DIGITS:
        raise EditError(f"{name}'s {label} takes a number of at most {MOST_DIGITS} digits, "
                        f"not one of {len(typed.lstrip('+-')):,}")
    return int(typed)


def cell_action(system: str, column: str, char: Character, text: Any) -> Action:
    """The action that sets `char`'s value in `column` to what the GM typed."""
    edit = profile_for(system).edits.get(column)
    if edit is None:
        raise EditError(f"{column} is not edited in the table")
    value = read_number(text, edit.label, char["name"], edit.empty_ok)
    if edit.action == "edit_character":
        return {"type": edit.action, "target": char["id"], "changes": {edit.key: value}}
    return {"type": edit.action, "target": char["id"], edit.key: value}
