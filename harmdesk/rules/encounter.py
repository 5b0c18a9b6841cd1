"""The encounter as the desk keeps it, for the clock (`rules/clock.py`) and what reads it.

The running encounter lives in the desk's settings under `encounter`, so each step that
changes it is logged with the settings before and after, and undone with them: `None`
when no encounter runs, else
`{"mode": "turns" | "spotlight", "order": [ids], "round": 1, "turn": index | None,
"acted": [ids], "initiative": {id: int}}` (`initiative` only when it was given).
It is no rule setting the GM edits: only the clock's actions change it.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from .core import Desk, listed
from .fields import MOST
from .shapes import C, Settings
from .system import Setting


class Encounter(TypedDict):
    """The running encounter, as the desk's settings keep it (see above)."""

    mode: str  # one of MODES
    order: list[str]  # character ids, in the order they act
    round: int
    # the index into `order` of whose turn it is; None (or left out) in spotlight mode
    turn: NotRequired[int | None]
    acted: NotRequired[list[str]]  # spotlight: who has acted this round
    initiative: NotRequired[dict[str, int]]  # only when it was given

ENCOUNTER = "encounter"
MODES = ("turns", "spotlight")
KEYS = ("mode", "order", "round", "turn", "acted", "initiative")
INITIATIVE = (-99, 999)  # the lowest and highest initiative a character may have


def _ids(value: Any, what: str) -> str | None:
    if not isinstance(value, list) or not all(isinstance(i, str) for i in value):
        return f"{what} must be a list of character ids"
    if len(set(value)) != len(value):
        return f"{what} names a character twice"
    return None


def encounter_problem(value: Any) -> str | None:
    """None when `value` is a well-formed encounter (or None), else what is wrong."""
    if value is None:
        return None
    if not isinstance(value, dict):
        return "must be null or an object"
    stray = [str(k) for k in value if k not in KEYS]
    if stray:
        return f"has unknown keys {listed(stray)}; known: {', '.join(KEYS)}"
    if value.get("mode") not in MODES:
        return f"`mode` must be one of {', '.join(MODES)}"
    order, turn, rnd = value.get("order"), value.get("turn"), value.get("round")
    problem = _ids(order, "`order`") or _ids(value.get("acted", []), "`acted`")
    if problem:
        return problem
    if not order:
        return "`order` is empty"
    if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= MOST:
        return f"`round` must be a whole number from 1 to {MOST:,}"
    if value["mode"] == "turns":
        if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < len(order):
            return "`turn` must be an index into `order`"
    elif turn is not None:
        return "`turn` must be null in spotlight mode"
    if any(i not in order for i in value.get("acted", [])):
        return "`acted` names someone not in `order`"
    initiative = value.get("initiative", {})
    low, high = INITIATIVE
    if not isinstance(initiative, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and low <= v <= high
            for v in initiative.values()):
        return f"`initiative` must be an object of whole numbers from {low} to {high}"
    return None


SETTINGS = {
    ENCOUNTER: Setting(None, "The encounter running now: its order, round and whose turn it "
                       "is. Only the encounter's own actions change it.",
                       gm_edits=False, validate=encounter_problem),
}


def encounter_of(settings: Settings) -> Encounter | None:
    """The running encounter, or None (also for a desk saved before encounters)."""
    return settings.get(ENCOUNTER)


def current_round(settings: Settings) -> int | None:
    """The encounter's round, or None when no encounter runs (no round is known)."""
    enc = encounter_of(settings)
    return None if enc is None else enc["round"]


def whose_turn(settings: Settings) -> str | None:
    """The id of the character whose turn it is (turns mode), else None."""
    enc = encounter_of(settings)
    turn = None if enc is None else enc.get("turn")  # spotlight mode may leave `turn` out
    if enc is None or turn is None:
        return None
    return enc["order"][turn]


def set_encounter(desk: Desk[C], enc: Encounter | None) -> None:
    """Replace the settings, never change them in place: the step is logged with them."""
    desk.settings = {**desk.settings, ENCOUNTER: enc}
