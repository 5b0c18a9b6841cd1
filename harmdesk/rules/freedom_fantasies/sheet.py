"""Character sheets: reading them into a state and editing them (FF-1, FF-6, FF-8, FF-9)."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, cast

from .. import fields
from ..core import ARROW, Desk, Event, Refused, quoted
from ..shapes import JSON, Character, Settings
from .status import initial_status, settle


class FFFields(TypedDict):
    """A Freedom Fantasies character's (or object's) own fields, as `make_character` makes
    them; `status.settle` keeps its status keys."""

    hp: int  # the limit, never changed by damage (FF-1)
    damage: int
    might: int
    block_bonus: int
    block: int  # what an instance is compared with (`block_value`)
    immune: list[str]  # damage types, sorted
    resistant: list[str]
    vulnerable: list[str]
    protection: int
    protection_source: str | None  # None once the points are 0
    short_rest_used: bool
    supplies: int | None  # None: not tracked
    momentum: NotRequired[int]  # a state saved before Momentum was tracked lacks it
    # a person's status, or an object's (FF-2 … FF-4): `status.settle` keeps one pair
    wounded: NotRequired[bool]
    story_ended: NotRequired[bool]
    broken: NotRequired[bool]
    destroyed: NotRequired[bool]


class FFCharacter(Character, FFFields):
    """A Freedom Fantasies character or object on the desk: the common fields and its own."""


FFDesk = Desk[FFCharacter]
TypeList = Literal["immune", "resistant", "vulnerable"]

SHEET_FIELDS = ("hp", "might", "block_bonus", "immune", "resistant", "vulnerable", "supplies",
                "damage", "protection", "protection_source", "momentum")
EDITABLE = ("hp", "might", "block_bonus", "immune", "resistant", "vulnerable", "supplies")
# what each number of a sheet may hold (lowest, highest): the character dialog offers the same
LIMITS = {"hp": (1, fields.MOST), "might": (-fields.MOST_COUNT, fields.MOST_COUNT),
          "block_bonus": (-fields.MOST_COUNT, fields.MOST_COUNT), "damage": (0, fields.MOST),
          "protection": (0, fields.MOST), "momentum": (0, fields.MOST),
          "supplies": (0, fields.MOST_COUNT)}
TYPE_LISTS: tuple[TypeList, ...] = ("immune", "resistant", "vulnerable")


def block_value(might: int, block_bonus: int, settings: Settings) -> int:
    """FF-6: Block Rating = Might + Block Bonus from armor.

    AMBIGUITY (setting `block_compare`): the seed then compares against the Block
    Bonus; "rating" (default) compares against the whole Rating, "bonus" against
    the armor's Block Bonus alone.
    """
    if settings.get("block_compare") == "bonus":
        return block_bonus
    return might + block_bonus


def damage_types(sheet: JSON, key: str) -> list[str]:
    """FF-8: a list of snake_case damage types (the 13 names are unknown, so any name)."""
    return sorted(set(fields.names(sheet, key, what="damage type")))


def supplies_of(sheet: JSON) -> int | None:
    """Supplies are tracked only when the sheet gives a number (null = not tracked)."""
    return fields.limited(sheet, "supplies", LIMITS, default=None)


def protection_of(sheet: JSON) -> tuple[int, str | None]:
    """FF-9: Protection points and their one source; no source once the points are 0."""
    points = fields.limited(sheet, "protection", LIMITS, default=0)
    source = fields.text(sheet, "protection_source", default=None)
    if points and source is None:
        raise Refused("`protection_source` is missing: Protection comes from one named source")
    if source is not None and not points:
        raise Refused(f"`protection_source` is {quoted(source)} but `protection` is 0: a source "
                      "gives Protection Points")
    return points, (source if points else None)


def make_character(sheet: JSON, settings: Settings) -> FFFields:
    """A Freedom Fantasies character (or object) from its sheet.

    FF-1: `hp` is the limit and never changes with damage; `damage` builds up from 0.
    """
    fields.refuse_unknown(sheet, SHEET_FIELDS, "Freedom Fantasies sheet")
    hp = fields.limited(sheet, "hp", LIMITS)
    might = fields.limited(sheet, "might", LIMITS, default=0)
    block_bonus = fields.limited(sheet, "block_bonus", LIMITS, default=0)
    damage = fields.limited(sheet, "damage", LIMITS, default=0)
    points, source = protection_of(sheet)
    char: dict[str, Any] = {"hp": hp, "damage": damage, "might": might, "block_bonus": block_bonus,
            "block": block_value(might, block_bonus, settings)}
    for key in TYPE_LISTS:
        char[key] = damage_types(sheet, key)
    char.update({"protection": points, "protection_source": source,
                 "short_rest_used": False, "supplies": supplies_of(sheet),
                 "momentum": fields.limited(sheet, "momentum", LIMITS, default=0)})  # FF-2
    char.update(initial_status(damage, hp))
    return cast(FFFields, char)  # every field above


def edit_character(char: FFCharacter, changes: JSON, settings: Settings) -> list[Event]:
    """Apply sheet changes in place (HP, Might, Block Bonus, damage types, Supplies).

    FF-1: HP changes only here. Its status is re-derived at once (FF-2 … FF-4); an
    ended story stays ended. FF has no current value below a maximum, so lowering
    HP lowers nothing else.
    """
    fields.refuse_unknown(changes, EDITABLE, "editable Freedom Fantasies")
    name, cid = char["name"], char["id"]
    events: list[Event] = []
    was = cast("dict[str, Any]", char)  # its fields are compared by name below
    new = dict(was)
    if "hp" in changes:
        new["hp"] = fields.limited(changes, "hp", LIMITS)
    for key in ("might", "block_bonus"):
        if key in changes:
            new[key] = fields.limited(changes, key, LIMITS, default=0)
    for key in TYPE_LISTS:
        if key in changes:
            new[key] = damage_types(changes, key)
    if "supplies" in changes:
        new["supplies"] = supplies_of(changes)
    new["block"] = block_value(new["might"], new["block_bonus"], settings)
    for key in ("hp", "might", "block_bonus", "block", *TYPE_LISTS, "supplies"):
        if new[key] != was[key]:
            events.append(Event("edit_character", cid, f"{name}: {key} {show(was[key])} "
                                f"{ARROW} {show(new[key])}",
                                {"field": key, "before": was[key], "after": new[key]}))
    was.update(new)
    events.extend(settle(char))
    return events


def show(value: Any) -> str:
    if value is None:
        return "not tracked"
    if isinstance(value, list):
        return "[" + ", ".join(value) + "]" if value else "none"
    return str(value)
