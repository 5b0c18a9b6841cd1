"""What a game system hands to the engine: its settings, sheets and actions."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic

from .core import Desk, Event, quoted
from .fields import MOST
from .shapes import JSON, Action, C, Settings

# handler(desk, action, character_id) -> events, for actions applied per target;
# handler(desk, action) -> events, for actions that name their own characters.
# Kinds of character (DESIGN: pc, follower, npc, monster, object). The party are the
# player characters and their followers (the player moves are theirs, ST-8, ST-12); an
# NPC's or a monster's attack on its sheet is a prepared danger.
PARTY_KINDS = ("pc", "follower")
DANGER_KINDS = ("npc", "monster")

TargetHandler = Callable[[Desk[C], Action, str], list[Event]]
DeskHandler = Callable[[Desk[C], Action], list[Event]]


@dataclass(frozen=True)
class Setting:
    """A rule setting. `choices` for a named reading, else a type (int or bool)."""

    default: Any
    doc: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    # False for what the desk keeps in its settings that is no rule reading, such as the
    # running encounter: only its own actions change it, and the settings dialog leaves
    # it out (`change_settings` refuses it)
    gm_edits: bool = True
    # (value) -> None or what is wrong with it, for a value no type above describes
    validate: Callable[[Any], str | None] | None = None

    def check(self, key: str, value: Any) -> str | None:
        """None when `value` is acceptable, else what is wrong with it."""
        if self.validate is not None:
            return self.validate(value)
        if self.choices:
            if value not in self.choices:
                return f"must be one of {', '.join(self.choices)}, not {quoted(value)}"
        elif isinstance(self.default, bool):
            if not isinstance(value, bool):
                return f"must be true or false, not {quoted(value)}"
        elif isinstance(self.default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                return f"must be a whole number, not {quoted(value)}"
            low = -MOST if self.minimum is None else self.minimum
            high = MOST if self.maximum is None else self.maximum
            if value < low:
                return f"must be at least {low}, not {quoted(value)}"
            if value > high:
                return f"must be at most {high}, not {quoted(value)}"
        return None


@dataclass(frozen=True)
class ActionRule(Generic[C]):
    handler: TargetHandler[C] | DeskHandler[C]
    # "one": per target, a target is required; "all": per target, every character
    # when no target is given; "desk": the handler reads its own fields.
    targets: str = "one"
    doc: str = ""
    # every field the action may carry besides `type` and `target`: any other is a typo,
    # refused by name before the handler runs (a misspelt `peircing` must not hit in full);
    # a damage action's `source` names the attacker whose tile dealt it, for the log
    fields: tuple[str, ...] = ()


@dataclass(frozen=True)
class System(Generic[C]):
    """One game's rules; `C` is its character, as its rules read it."""

    name: str
    title: str
    kinds: tuple[str, ...]
    settings: dict[str, Setting]
    # (sheet, settings) -> the character's own fields, state included; raises Refused.
    make_character: Callable[[JSON, Settings], Mapping[str, Any]]
    # (character, changes, settings) -> events; changes the character in place.
    edit_character: Callable[[C, JSON, Settings], list[Event]]
    actions: dict[str, ActionRule[C]] = field(default_factory=dict)
    # (character) -> None: derive what depends on the common fields (kind), in place
    finish_character: Callable[[C], object] | None = None
    # (given settings) -> the same in today's keys: a setting renamed or widened since a
    # campaign was saved is read from its old key, so the campaign still opens
    upgrade_settings: Callable[[Settings], Settings] | None = None
    # the clock (rules/clock.py): what the game does when a character's turn begins or
    # ends and when a scene ends, each (desk, action, character id) -> events, None where
    # the game has nothing then; the action's fields those handlers read
    turn_starts: TargetHandler[C] | None = None
    turn_ends: TargetHandler[C] | None = None
    scene_ends: TargetHandler[C] | None = None
    # what the game does for the others when a character is removed from the desk, called
    # while they are still on it
    leaves_the_desk: TargetHandler[C] | None = None
    turn_start_fields: tuple[str, ...] = ()
    turn_end_fields: tuple[str, ...] = ()
    # the clock's modes the game plays: "turns" in order of initiative, or "spotlight"
    # (Stonetop has no initiative: who has acted this round)
    clock_modes: tuple[str, ...] = ("turns",)
    # (character) -> why their turn is passed over ("{who} is dead"), or None
    passed_over: Callable[[C], str | None] | None = None
    # what the end of an encounter does in this game, for the log ("the scene's Endurance
    # is lost")
    scene_end_words: str = ""


# The games the engine knows, by name: each game package registers its `System` when it
# is imported (`register_system(SYSTEM)`), and a game from elsewhere registers its own.
_REGISTERED: dict[str, System[Any]] = {}


def register_system(system: System[Any]) -> None:
    """Make `system` a game the engine plays, under its name."""
    _REGISTERED[system.name] = system


def forget_system(name: str) -> None:
    """Leave a registered game out again (a shipped one registers itself on its next use)."""
    _REGISTERED.pop(name, None)


def registered_system(name: str) -> System[Any] | None:
    return _REGISTERED.get(name)


def registered_names() -> tuple[str, ...]:
    return tuple(_REGISTERED)
