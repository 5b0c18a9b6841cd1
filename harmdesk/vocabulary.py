"""The rules' own words and settings, as the window offers them. No Qt.

The dialogs list what the rules know (Stonetop's debilities, Lux Aeterna's
conditions and Trauma names, each game's settings and sheet kinds); they read
them here, from the rules packages themselves, so the window never imports the
rules core and never keeps a copy of its lists.
"""

from __future__ import annotations

from .rules import SheetError, full_settings, system_named
from .rules.engine import SYSTEM_NAMES
from .rules.fields import SNAKE
from .rules.lux_aeterna.common import (
    CONDITIONS,
    DIE_CHAIN,
    POSITIVE,
    TRAUMA_NAMES,
    WITH_AMOUNT,
)
from .rules.stonetop.sheet import DEATH_WORDS, DEBILITIES


def game_title(system: str) -> str:
    """'Stonetop' for `stonetop`; the name itself for a game HarmDesk does not know."""
    try:
        return system_named(system).title
    except SheetError:
        return system


__all__ = ["CONDITIONS", "DEATH_WORDS", "DEBILITIES", "DIE_CHAIN", "POSITIVE", "SNAKE",
           "SYSTEM_NAMES", "SheetError", "TRAUMA_NAMES", "WITH_AMOUNT", "full_settings",
           "game_title", "system_named"]
