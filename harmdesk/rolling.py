"""Rolling dice for the GM: the one place HarmDesk uses a random source.

The rules core never rolls. When the GM lets HarmDesk roll, the faces are
rolled here and written into the action, so the log can be replayed exactly.
Pass your own `random.Random` to make rolls repeatable (tests do).
"""

from __future__ import annotations

import random

from .rules import dice


def roll_faces(expr: str, rng: random.Random | None = None) -> list[int]:
    """One face per die of `expr`, in the order the rules core reads them."""
    rng = rng or random.SystemRandom()
    return [rng.randint(1, size) for size in dice.sides(expr)]


def value_for(need: dict, faces: list[int]):
    """What a roll the rules asked for (`Refused.needs`) takes from the faces: `rolls`
    takes the faces themselves; any other key (Death's Door's `roll`) their total."""
    return list(faces) if need["key"] == "rolls" else dice.total(need["dice"], faces).total
