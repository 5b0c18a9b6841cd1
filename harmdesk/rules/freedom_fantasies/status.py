"""Conditions that follow from Damage against HP: Wounded, Story Ends, Broken, Destroyed.

They are derived from `damage` and `hp` after every change (FF-2, FF-3, FF-4),
except that an ended story and a destroyed object stay so (sticky).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from ..core import Event

if TYPE_CHECKING:  # the sheet reads the status
    from .sheet import FFCharacter

StatusKey = Literal["wounded", "story_ended", "broken", "destroyed"]

OBJECT = "object"
PERSON_KEYS: tuple[StatusKey, StatusKey] = ("wounded", "story_ended")
OBJECT_KEYS: tuple[StatusKey, StatusKey] = ("broken", "destroyed")


def momentum_of(char: FFCharacter) -> int:
    """FF-2: Momentum Points (0 for a state saved before they were tracked)."""
    return char.get("momentum", 0)


def is_object(char: FFCharacter) -> bool:
    """FF-4: objects track Broken and Destroyed instead of Wounded and Story Ends."""
    return char.get("kind") == OBJECT


def thresholds(hp: int) -> tuple[int, int]:
    """FF-2 / FF-3 / FF-4: the Damage that Wounded (Broken) and the Story's End (Destroyed)
    must exceed: HP, and twice HP."""
    return hp, 2 * hp


def exceeds_hp(damage: int, hp: int) -> bool:
    """FF-2 / FF-4: Wounded (Broken) iff Damage exceeds HP, strictly."""
    return damage > thresholds(hp)[0]


def exceeds_twice_hp(damage: int, hp: int) -> bool:
    """FF-3 / FF-4: the Story Ends (the object is Destroyed) when Damage exceeds twice HP."""
    return damage > thresholds(hp)[1]


def initial_status(damage: int, hp: int) -> dict[str, Any]:
    """The status keys of a new character (FF-2, FF-3).

    `make_character` cannot see the kind, so a new sheet starts with the keys of a
    person; `settle` turns them into Broken/Destroyed the first time an object is
    touched (or at once, where the engine calls `settle` after merging the kind).
    """
    return {"wounded": exceeds_hp(damage, hp), "story_ended": exceeds_twice_hp(damage, hp)}


def settle(char: FFCharacter) -> list[Event]:
    """Re-derive the status keys of `char` in place and report what changed.

    FF-2: Wounded ends as soon as Damage no longer exceeds HP.
    FF-3: the Story Ends when Damage exceeds 2·HP; no healing undoes it (sticky).
    FF-4: objects are Broken / Destroyed (sticky) by the same thresholds; a Destroyed
    object stays Broken until magic repairs it (`healing.magic_mends`).
    """
    damage, hp, name, cid = char["damage"], char["hp"], char["name"], char["id"]
    # A sticky end carries over if the GM changes the kind (a person ↔ an object).
    was_over = bool(char.get("story_ended") or char.get("destroyed"))
    second: StatusKey
    if is_object(char):
        first, second, stale = OBJECT_KEYS, "destroyed", PERSON_KEYS
    else:
        first, second, stale = PERSON_KEYS, "story_ended", OBJECT_KEYS
    # After a change of kind the old pair's first key holds the previous value.
    was_first = bool(char.get(first[0], char.get(stale[0])))
    for key in stale:
        char.pop(key, None)
    now_over = was_over or exceeds_twice_hp(damage, hp)
    # FF-4: a Destroyed object "cannot be repaired", so it stays Broken whatever its Damage
    now_first = exceeds_hp(damage, hp) or (now_over and is_object(char))
    char[first[0]] = now_first
    char[second] = now_over
    events: list[Event] = []
    data: dict[str, Any] = {"damage": damage, "hp": hp}
    if is_object(char):
        if now_first and not was_first:
            events.append(Event("broken", cid, f"{name} is Broken: damage {damage} > HP {hp}; "
                                "it must be repaired before it can be used again", data))
        elif was_first and not now_first:
            events.append(Event("repaired", cid, f"{name} is no longer Broken: damage "
                                f"{damage} ≤ HP {hp}", data))
        if now_over and not was_over:
            events.append(Event("destroyed", cid, f"{name} is Destroyed: damage {damage} > "
                                f"2 × HP {hp} = {2 * hp}; only magic can repair it", data))
    else:
        if now_first and not was_first:
            events.append(Event("wounded", cid, f"{name} is Wounded: damage {damage} > HP {hp}; "
                                "helpless, each Action costs 1 Momentum Point "
                                f"(Momentum {momentum_of(char)})", data))
        elif was_first and not now_first:
            events.append(Event("wound_ended", cid, f"{name} is no longer Wounded: damage "
                                f"{damage} ≤ HP {hp}", data))
        if now_over and not was_over:
            events.append(Event("story_end", cid, f"{name}'s Story Ends: damage {damage} > "
                                f"2 × HP {hp} = {2 * hp}", data))
    return events


def passed_over(char: FFCharacter) -> str | None:
    """FF-3, FF-4: a character whose Story has ended, or a destroyed object, takes no turn."""
    if char.get("story_ended"):
        return "{who}'s Story has ended"
    if char.get("destroyed"):
        return "{who} is destroyed"
    return None
