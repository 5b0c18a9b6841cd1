"""What the GM's ruling on life and death (`set_death`) may set on several characters at
once: HP and Strain that every one of their sheets can hold (ST-6, ST-7, LA-4, LA-10)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Sheet = Mapping[str, Any]


def hp_bounds(chars: Sequence[Sheet], lowest: int) -> tuple[int, int, int]:
    """(the lowest HP, the highest, the HP proposed) a ruling may set on all of `chars`: at
    most the smallest max HP among them, at least the game's `lowest`; the first one's HP
    is proposed, within those bounds (0 when there is nobody)."""
    most = min((c["max_hp"] for c in chars), default=1)
    proposed = max(lowest, min(most, chars[0]["hp"])) if chars else 0
    return lowest, most, proposed


def strain_top(chars: Sequence[Sheet]) -> int:
    """LA-4: the highest Strain a ruling may set on all of `chars` (the smallest maximum)."""
    return min((c["max_strain"] for c in chars), default=3)
