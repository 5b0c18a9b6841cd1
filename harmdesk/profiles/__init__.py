"""One display profile per game: everything the window and the summary show that differs
between games, as plain data (no Qt, no SQL).

The window and the report iterate over a `Profile` instead of testing the game's name,
so a new game brings its own rules package and its own profile module here, and nothing
in `harmdesk/qt`. Thresholds, kinds and checks come from the rules packages; a profile
only names and arranges them.

Dialog pages and modifier toggles are Qt widgets; a profile names them by key
(`moves_pages=("recover", ...)`, `modifiers=("piercing", ...)`) and the Qt side keeps one
registry from key to widget.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..rules.engine import SYSTEM_NAMES
from ..rules.system import DANGER_KINDS, PARTY_KINDS

# The modifier toggles the tray knows. Non-lethal reads two ways: out of the action at
# 0 HP (ST-6), or knocked out without a Wound (LA-4).
MODIFIERS = ("piercing", "ignores_armor", "non_lethal", "non_lethal_knockout",
             "attacker_weakened", "damage_type", "direct", "additional")
NOT_TRACKED = -1  # a sheet's number field at its lowest: not tracked (null)


@dataclass(frozen=True)
class Chip:
    """A tray chip whose only input is the tile it lands on."""

    label: str
    action: Mapping[str, Any]
    tip: str
    ask: str | None = None  # the drop asks for more ("condition": its origin Level)


@dataclass(frozen=True)
class Edit:
    """A table column the GM may type into: the action it becomes and the field it sets."""

    action: str            # edit_character (a sheet edit) or set_state (a GM correction)
    key: str
    label: str             # what the GM calls it, in messages
    empty_ok: bool = False  # empty means not tracked


@dataclass(frozen=True)
class SheetField:
    """A field of the character sheet dialog."""

    key: str
    label: str
    kind: str              # int, supplies, die or types
    options: tuple = ()    # (lowest, highest, default) for numbers; the choices for a die
    tip: str = ""
    source: str | None = None  # where an edited character keeps the sheet's value


@dataclass(frozen=True)
class DeathRuling:
    """The GM's ruling on life and death (`set_death`) as this game reads it."""

    key: str                                  # the action's and the state's field
    heading: str
    choices: tuple[tuple[str, Any], ...]      # (label, value)
    proposed: Callable[[list[dict]], Any]     # the ruling offered first for these characters
    where: Callable[[dict], str]              # a character's state in words
    alive: Callable[[Any], bool]              # HP (and Strain) go with this ruling
    changes: Callable[[dict, Any, Any], bool]  # (char, value, hp): the ruling changes them
    lowest_hp: int = 0
    sets_strain: bool = False


SUPPLIES = SheetField("supplies", "&Supplies:", "supplies", (NOT_TRACKED, 99, NOT_TRACKED),
                      "Uses of supplies; 'not tracked' leaves them to the table")


def _nothing(*_args) -> None:
    return None


@dataclass(frozen=True)
class ReportFacts:
    """How events and states read in a session summary."""

    charts_damage: bool                       # Damage builds up against HP, not HP left
    taken_heading: str
    fates_heading: str
    marker_columns: tuple[tuple[str, str], ...]  # (key, heading): what is marked, gained
    markers: Callable[[dict], list[str]]
    fate: Callable[[dict], str | None]
    death: Callable[[dict], str | None]
    ended: Callable[[dict], bool]
    margin: Callable[[dict], float]
    standing: Callable[[dict], str]
    marks: Callable[[dict], tuple[tuple[int, str], ...]] = lambda char: ()
    trauma: Callable[[dict], str | None] = _nothing


@dataclass(frozen=True)
class Profile:
    name: str
    title: str
    kinds: tuple[str, ...]
    tile_facts: Callable[[dict], Any]         # char -> display.TileFacts
    # the table: one heading per column, and the columns (bar, guard, buffer) the GM edits
    headers: tuple[str, ...]
    edits: Mapping[str, Edit]
    # the tray
    severity: tuple[tuple[str, str], ...]     # (die, the harm it stands for)
    move_chips: tuple[Chip, ...]
    condition_chips: tuple[Chip, ...]
    conditions_title: str
    gang: bool                                # several attackers as one (a gang-up)
    modifiers: tuple[str, ...]
    attack_fields: tuple[str, ...]            # what an attack on a sheet holds besides dice
    # the quick entry: its forms, in the Help page's order
    quick_forms: tuple
    # dialogs
    condition_pages: tuple[str, ...]
    moves_pages: tuple[str, ...]
    sheet: tuple[SheetField, ...]
    death_ruling: DeathRuling | None
    no_death_ruling: str
    ends_scenes: bool                         # End scene: everyone loses their Endurance
    report: ReportFacts
    party_kinds: tuple[str, ...] = PARTY_KINDS
    danger_kinds: tuple[str, ...] = DANGER_KINDS
    object_kinds: tuple[str, ...] = ()  # things, not people: they are not in the party's fight

    def editable(self) -> tuple[str, ...]:
        return tuple(self.edits)


_PROFILES: dict[str, Profile] = {}


def register(profile: Profile) -> None:
    """Add a game's profile (the game modules here register themselves on import)."""
    _PROFILES[profile.name] = profile


def forget(name: str) -> None:
    _PROFILES.pop(name, None)


def names() -> tuple[str, ...]:
    """Every game with a profile: the rules' games, then any registered besides."""
    return tuple(dict.fromkeys([*SYSTEM_NAMES, *_PROFILES]))


def profile_for(system: str) -> Profile:
    """The display profile of a game, imported on first use. KeyError for an unknown game."""
    if system not in _PROFILES:
        if system not in SYSTEM_NAMES:
            raise KeyError(f"no display profile for the game {system!r}")
        importlib.import_module(f"{__package__}.{system}")
    return _PROFILES[system]


def all_profiles() -> list[Profile]:
    return [profile_for(name) for name in names()]
