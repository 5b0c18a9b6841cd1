"""A campaign seen through a read-only snapshot, until the store has opened.

It answers what the window reads of a `Campaign` (name, system, state, options,
session) and refuses to change anything: HarmDesk is still opening the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class _Info:
    name: str
    system: str
    options: dict = field(default_factory=dict)
    id: int | None = None


class _NoStore:
    """Reads find nothing yet; writes are refused by the controller (read_only)."""

    read_only = True
    why_read_only = "HarmDesk is still opening the campaign; try again in a moment"

    def log(self, *args, **kwargs) -> list:
        return []

    def log_page(self, *args, **kwargs) -> list:
        return []

    def play_sessions(self, *args, **kwargs) -> list:
        return []

    def close(self) -> None:
        pass


class CampaignGlimpse:
    """What a `Service` with `loading=True` reads in place of a `Campaign`."""

    def __init__(self, snapshot: dict):
        self.info = _Info(snapshot["name"], snapshot["system"], snapshot.get("options") or {})
        self.state = {"system": snapshot["system"], "settings": snapshot["settings"],
                      "characters": snapshot["characters"]}
        self.play_session = snapshot.get("session")
        self.store = _NoStore()

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def system(self) -> str:
        return self.info.system
