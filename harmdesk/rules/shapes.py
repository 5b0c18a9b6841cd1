"""The shapes of the plain data the rules read and write: a desk, its characters, an action.

A desk is what `new_state` returns and `apply` takes: plain JSON-like dicts, saved to the
store and read back as they are. These are their types, for a type checker only: nothing
here changes a value. Each game's own fields of a character are typed in its package
(`stonetop/sheet.py`, `lux_aeterna/sheet.py`, `freedom_fantasies/sheet.py`).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, TypeVar

# An object as a caller gives it (a sheet, its changes, a part of an action): untrusted
# JSON, every field read and checked by `rules/fields.py` before a rule uses it
JSON = dict[str, Any]
# An action as a caller gives it; its payloads differ from action to action
Action = JSON
# A desk's settings: each game's own (`System.settings`), and the running encounter
# (`rules/encounter.py`), with every setting filled in (`engine.saved_settings`)
Settings = dict[str, Any]


class Character(TypedDict):
    """What every character on a desk carries, whatever the game (`engine.COMMON_FIELDS`);
    each game's character adds its own fields to these."""

    id: str
    name: str
    kind: str
    # the attack a gang-up reads from the sheet: {"dice": "d10+3", ...}, as the GM gave it
    attack: NotRequired[dict[str, Any]]
    notes: NotRequired[str | None]  # an edit may set it to null
    players_see: NotRequired[str]  # one of `engine.PLAYERS_SEE`
    # a copy added from a creature template: {"id", "name", "hp", "faces"} (`engine.TEMPLATE_MARK`)
    template: NotRequired[dict[str, Any]]


class DeskState(TypedDict):
    """A desk: one game system, its settings and its characters by id, in desk order."""

    system: str
    settings: Settings
    characters: dict[str, Character]


class Need(TypedDict):
    """A roll an action must carry before it can be applied (`core.need_roll`)."""

    key: str
    dice: str
    why: str
    target: NotRequired[str]
    note: NotRequired[str]  # what the roll's preview says besides (who is not counted)


# the character of one game, as its rules read and change it
C = TypeVar("C", bound=Character)
