"""What the window shows of a running encounter, as the rules read it (no Qt)."""

from __future__ import annotations

from ..rules.encounter import encounter_of, whose_turn
from ..rules.shapes import Settings


def turn_now(settings: Settings) -> str | None:
    """The id of the character whose turn it is (turns mode), else None."""
    return whose_turn(settings)


def encounter_marks(settings: Settings) -> dict[str, str]:
    """Who is picked out on the tiles by the running encounter: the one whose turn it is
    ("turn"), and in the spotlight those who have acted this round ("acted")."""
    encounter = encounter_of(settings)
    if not isinstance(encounter, dict):
        return {}
    if encounter.get("mode") == "spotlight":
        return dict.fromkeys(encounter.get("acted") or (), "acted")
    turn = whose_turn(settings)
    return {turn: "turn"} if turn is not None else {}
