"""The GM's rewording of each game's words table for the players' display.

Kept with the app's settings, per game rather than per campaign: a GM who calls a badly
hurt foe "bloodied" does so in every Stonetop campaign. `shared()` is the one instance
the settings page writes and the player display listens to.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QObject, Signal

from ..desk.players import looks
from .window_memory import settings

KEY = "players/words/{}"


class PlayerWords(QObject):
    """Signal `changed(str)`: a game's words were reworded (its name)."""

    changed = Signal(str)

    def words(self, system: str) -> dict[str, str]:
        """The GM's words by look key; only keys of the game's table, only text."""
        raw = settings().value(KEY.format(system))
        try:
            given = json.loads(raw) if isinstance(raw, str) else {}
        except ValueError:
            given = {}
        known = looks(system)
        return {k: v for k, v in given.items() if k in known and isinstance(v, str)} \
            if isinstance(given, dict) else {}

    def set_words(self, system: str, words: dict[str, str]) -> None:
        """Keep the GM's words, leaving out any that are blank or the game's own."""
        own = looks(system)
        kept = {k: v.strip() for k, v in words.items()
                if k in own and v.strip() and v.strip() != own[k].words}
        settings().setValue(KEY.format(system), json.dumps(kept, ensure_ascii=False))
        self.changed.emit(system)


_shared: PlayerWords | None = None


def shared() -> PlayerWords:
    global _shared
    if _shared is None:
        _shared = PlayerWords()
    return _shared
