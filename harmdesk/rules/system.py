"""What a game system hands to the engine: its settings, sheets and actions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .core import Desk, Event

# handler(desk, action, character_id) -> events, for actions applied per target;
# handler(desk, action) -> events, for actions that name their own characters.
# Kinds of character (DESIGN: pc, follower, npc, monster, object). The party are the
# player characters and their followers (the player moves are theirs, ST-8, ST-12); an
# NPC's or a monster's attack on its sheet is a prepared danger.
PARTY_KINDS = ("pc", "follower")
DANGER_KINDS = ("npc", "monster")

TargetHandler = Callable[[Desk, dict, str], list[Event]]
DeskHandler = Callable[[Desk, dict], list[Event]]


@dataclass(frozen=True)
class Setting:
    """A rule setting. `choices` for a named reading, else a type (int or bool)."""

    default: Any
    doc: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, key: str, value: Any) -> str | None:
        """None when `value` is acceptable, else what is wrong with it."""
        if self.choices:
            if value not in self.choices:
                return f"must be one of {', '.join(self.choices)}, not {value!r}"
        elif isinstance(self.default, bool):
            if not isinstance(value, bool):
                return f"must be true or false, not {value!r}"
        elif isinstance(self.default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                return f"must be a whole number, not {value!r}"
            if self.minimum is not None and value < self.minimum:
                return f"must be at least {self.minimum}, not {value}"
            if self.maximum is not None and value > self.maximum:
                return f"must be at most {self.maximum}, not {value}"
        return None


@dataclass(frozen=True)
class ActionRule:
    handler: TargetHandler | DeskHandler
    # "one": per target, a target is required; "all": per target, every character
    # when no target is given; "desk": the handler reads its own fields.
    targets: str = "one"
    doc: str = ""
    # every field the action may carry besides `type` and `target`: any other is a typo,
    # refused by name before the handler runs (a misspelt `peircing` must not hit in full);
    # a damage action's `source` names the attacker whose tile dealt it, for the log
    fields: tuple[str, ...] = ()


@dataclass(frozen=True)
class System:
    name: str
    title: str
    kinds: tuple[str, ...]
    settings: dict[str, Setting]
    # (sheet, settings) -> the character's own fields, state included; raises Refused.
    make_character: Callable[[dict, dict], dict]
    # (character, changes, settings) -> events; changes the character in place.
    edit_character: Callable[[dict, dict, dict], list[Event]]
    actions: dict[str, ActionRule] = field(default_factory=dict)
    # (character) -> None: derive what depends on the common fields (kind), in place
    finish_character: Callable[[dict], object] | None = None
    # (given settings) -> the same in today's keys: a setting renamed or widened since a
    # campaign was saved is read from its old key, so the campaign still opens
    upgrade_settings: Callable[[dict], dict] | None = None
