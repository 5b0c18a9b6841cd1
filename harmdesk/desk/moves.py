"""What the rests', moves' and death rulings' dialogs ask the rules before the GM applies
anything: the defaults they open with and the checks that turn their fields on (no Qt)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.death_rulings import hp_bounds, strain_top
from ..rules.lux_aeterna.healing import resolve_worth_spending
from ..rules.stonetop.healing import tending_settles_death


def tending_changes_death(char: Mapping[str, Any]) -> bool:
    """Stonetop: whether tending `char` may change their death state (someone dying or
    out of the action), so the dialog offers what becomes of them."""
    return tending_settles_death(char)


def resolve_offered(char: Mapping[str, Any]) -> int:
    """Lux Aeterna: the Resolve dice a Short Rest dialog proposes `char` spends."""
    return resolve_worth_spending(char)


def ruling_hp(chars: list[Mapping[str, Any]], lowest: int) -> tuple[int, int, int]:
    """(lowest, highest, proposed) HP a death ruling may set on all of `chars`."""
    return hp_bounds(chars, lowest)


def ruling_strain_top(chars: list[Mapping[str, Any]]) -> int:
    """The highest Strain a death ruling may set on all of `chars`."""
    return strain_top(chars)
