"""A campaign seen through a read-only snapshot, until the store has opened.

It answers what the window reads of a `Campaign` (name, system, state, options,
session) and refuses to change anything: HarmDesk is still opening the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules.shapes import JSON, DeskState


@dataclass(frozen=True)
class _Info:
    name: str
    system: str
    options: JSON = field(default_factory=dict)
    id: int | None = None


class _NoStore:
    """Reads find nothing yet; writes are refused by the controller (read_only)."""

    read_only = True
    why_read_only = "HarmDesk is still opening the campaign; try again in a moment"

    def log(self, *args: Any, **kwargs: Any) -> list[Any]:
        return []

    def log_page(self, *args: Any, **kwargs: Any) -> list[Any]:
        return []

    def play_sessions(self, *args: Any, **kwargs: Any) -> list[Any]:
        return []

    def close(self) -> None:
        pass


class SnapshotCampaign:
    """What a `Service` with `loading=True` reads in place of a `Campaign`."""

    def __init__(self, snapshot: JSON):
        self.info = _Info(snapshot["name"], snapshot["system"], snapshot.get("options") or {})
        self.state: DeskState = {"system": snapshot["system"], "settings": snapshot["settings"],
                      "characters": snapshot["characters"]}
        self.play_session: JSON | None = snapshot.get("session")
        self.store = _NoStore()

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def system(self) -> str:
        return self.info.system
