"""One display profile per game: everything the window and the summary show that differs
between games, as plain data (no Qt, no SQL).

The window and the report iterate over a `Profile` instead of testing the game's name,
so a new game brings its own rules package and its own profile module here, and nothing
in `harmdesk/qt`. Thresholds, kinds, checks, word lists (debilities, conditions, Trauma
names) and rule settings come from the rules packages; a profile only names and arranges
them. It also names, for the log's details, the IDs in RULES.md each action applies.

Dialog pages and modifier toggles are Qt widgets; a profile names them by key
(`moves_pages=("recover", ...)`, `modifiers=("piercing", ...)`) and the module of its
window pages (`pages_module`), which the window imports; its end states carry a tone the
window maps to a colour. Its hooks (the gang-up's summary, what works once per play
session) are plain functions the service calls.

What a profile is made of lives in `parts`; this module keeps the registry of games.
"""

from __future__ import annotations

import importlib

from ..rules.engine import SYSTEM_NAMES, system_names
from .parts import Profile

_PROFILES: dict[str, Profile] = {}


def register(profile: Profile) -> None:
    """Add a game's profile (the game modules here register themselves on import)."""
    _PROFILES[profile.name] = profile


def forget(name: str) -> None:
    _PROFILES.pop(name, None)


def names() -> tuple[str, ...]:
    """Every game with a profile: the rules' games (the shipped ones, then any registered
    besides), then any profile registered besides."""
    return tuple(dict.fromkeys([*system_names(), *_PROFILES]))


def profile_for(system: str) -> Profile:
    """The display profile of a game, imported on first use. KeyError for an unknown game."""
    if system not in _PROFILES:
        if system not in SYSTEM_NAMES:
            raise KeyError(f"no display profile for the game {system!r}")
        # its module registers it on import, unless it was left out since
        register(importlib.import_module(f"{__package__}.{system}").PROFILE)
    return _PROFILES[system]


def all_profiles() -> list[Profile]:
    return [profile_for(name) for name in names()]


def title_of(system: str) -> str:
    """'Stonetop' for `stonetop`; the name itself for a game HarmDesk does not know."""
    try:
        return profile_for(system).title
    except KeyError:
        return system
