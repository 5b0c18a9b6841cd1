"""Rolling dice for the GM: the one place HarmDesk uses a random source.

The rules core never rolls. When the GM lets HarmDesk roll, the faces are
rolled here and written into the action, so the log can be replayed exactly.
Pass your own `random.Random` to make rolls repeatable (tests do).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..errors import UserError
from ..rules import dice
from ..rules.core import Refused
from ..rules.dice import DiceTotal
from .actions import RollNeed


def roll_faces(expr: str, rng: random.Random | None = None) -> list[int]:
    """One face per die of `expr`, in the order the rules core reads them."""
    rng = rng or random.SystemRandom()
    return [rng.randint(1, size) for size in dice.sides(expr)]


# what a roll fills in an action: the faces themselves, or their total
RollValue = list[int] | int


def value_for(need: Mapping[str, Any], faces: list[int]) -> RollValue:
    """What a roll the rules asked for (`Refused.needs`) takes from the faces: `rolls`
    takes the faces themselves; any other key (Death's Door's `roll`) their total."""
    return list(faces) if need["key"] == "rolls" else dice.total(need["dice"], faces).total


def roll_value(need: RollNeed, faces: list[int]) -> RollValue:
    """What a roll the rules asked for takes from the faces: the faces, or their total."""
    return value_for({"key": need.key, "dice": need.dice}, faces)


def roll(need: RollNeed, rng: random.Random | None = None) -> RollValue:
    """HarmDesk rolls for `need` (from `rng`, else the system's random source)."""
    return roll_value(need, roll_faces(need.dice, rng))


def dice_sides(expr: str) -> list[int]:
    """One size per die of `expr`; UserError when the rules cannot read it."""
    try:
        return dice.sides(expr)
    except Refused as err:
        raise UserError(err.reason) from None


def dice_total(expr: str, faces: list[int]) -> DiceTotal:
    """The rules' reading of `faces` rolled for `expr` (its `total` and its `text`)."""
    try:
        return dice.total(expr, faces)
    except Refused as err:
        raise UserError(err.reason) from None
