"""The demo campaigns, one per game system, made on first run when the store is empty."""

from __future__ import annotations

from .campaign import import_campaign
from ..resources import resource_path
from ..store.store import Store

# the last made is listed first, so a first start opens Stonetop
DEMO_FILES = ("freedom_fantasies.json", "lux_aeterna.json", "stonetop.json")


def ensure_demo(store: Store) -> list[str]:
    """Import the demo campaigns if the store has no campaign yet; their names. All three
    are saved in one transaction: a first start killed half-way leaves none, and the
    next start makes them all."""
    if store.read_only:
        return []
    with store.together():
        if store.campaigns():
            return []
        return [import_campaign(store, resource_path("demo", name)).name for name in DEMO_FILES]
