"""What the death ruling's dialog asks the rules before the GM applies anything: the bounds
it opens with (no Qt). A game's own pages ask its profile (`profiles/<game>.py`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.death_rulings import hp_bounds, strain_top


def ruling_hp(chars: list[Mapping[str, Any]], lowest: int) -> tuple[int, int, int]:
    """(lowest, highest, proposed) HP a death ruling may set on all of `chars`."""
    return hp_bounds(chars, lowest)


def ruling_strain_top(chars: list[Mapping[str, Any]]) -> int:
    """The highest Strain a death ruling may set on all of `chars`."""
    return strain_top(chars)
