"""The demo campaigns, one per game system, made on first run when the store is empty."""

from __future__ import annotations

from ..profiles import all_profiles
from ..resources import resource_path
from ..store.store import Store
from .campaign import import_campaign


def demo_files() -> tuple[str, ...]:
    """The demo file each game's profile names, in resources/demo, the first game's made
    last: the last made is listed first, so a first start opens the first game."""
    return tuple(p.demo for p in reversed(all_profiles()) if p.demo)


DEMO_FILES = demo_files()  # the shipped games'


def ensure_demo(store: Store) -> list[str]:
    """Import the demo campaigns if the store has no campaign yet; their names. All of them
    are saved in one transaction: a first start killed half-way leaves none, and the
    next start makes them all."""
    if store.read_only:
        return []
    with store.together():
        if store.campaigns():
            return []
        return [import_campaign(store, resource_path("demo", name)).name for name in demo_files()]
