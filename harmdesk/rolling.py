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


def with_rolls(action: dict, rng: random.Random | None = None) -> dict:
    """A copy of `action` whose `dice` carry rolled faces (when they are missing)."""
    if action.get("dice") is None or "rolls" in action or action.get("amount") is not None:
        return dict(action)
    return {**action, "rolls": roll_faces(action["dice"], rng)}


def fill_need(action: dict, need: dict, rng: random.Random | None = None) -> dict:
    """A copy of `action` with the roll a refusal asked for (see `Refused.needs`)."""
    faces = roll_faces(need["dice"], rng)
    value = faces if need["key"] == "rolls" else sum(faces)
    return {**action, need["key"]: value}
