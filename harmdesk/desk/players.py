"""What the players' display shows of each character, as plain data (no Qt).

Each character is shown to the players in full (its bar and numbers), as words only
(how it looks, in its game's own states), or not at all. The words come from each game's
display profile (`Profile.player_looks`, `Profile.player_look`): a small table the GM may
reword. Nothing here gives a number for a character shown as words, and nothing at all
for a hidden one: the player window's model is built from these cards only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, cast

from ..profiles import profile_for
from ..profiles.parts import KIND_LABELS, Look
from ..rules.encounter import ENCOUNTER, whose_turn
from ..rules.engine import PLAYERS_SEE_WORDS, players_see
from ..rules.shapes import Character


def visibility(char: Character) -> str:
    """How the players see `char`: "full", "words" or "hidden" (its sheet's choice, else
    the rules' default for its kind)."""
    return players_see(char)


def seen_words(seen: str) -> str:
    """'shown to the players as words only': how a visibility reads to the GM."""
    return PLAYERS_SEE_WORDS[seen]


def chosen(kind: str | None, seen: str | None) -> str | None:
    """The sheet's players_see for showing a character of `kind` as `seen`: None (left off
    the sheet) where that is how its kind is shown by default."""
    # the rules' default reads only the kind
    return None if seen == visibility(cast(Character, {"kind": kind})) else seen


@dataclass(frozen=True)
class Card:
    """One character as the players see it. `bar` (value, maximum, text) and `badges`
    only when shown in full."""

    id: str
    name: str
    kind: str                # "PC", "Monster" …
    visibility: str          # "full" or "words" (hidden characters have no card)
    look: str                # the key of its row in the words table
    words: str
    tone: str
    notes: tuple[str, ...] = ()   # further looks and visible conditions, as words
    bar: tuple[int, int, str] | None = None
    fills_with_harm: bool = False
    turn: bool = False       # its turn in the encounter (set by the clock)


def looks(system: str, reworded: Mapping[str, str] | None = None) -> dict[str, Look]:
    """The game's words table by key, with the GM's rewording (`reworded`: key → words;
    empty or unknown keys are ignored)."""
    out: dict[str, Look] = {}
    for look in profile_for(system).player_looks:
        words = (reworded or {}).get(look.key)
        if isinstance(words, str) and words.strip():
            look = Look(look.key, words.strip(), look.tone, look.meaning, look.sentence)
        out[look.key] = look
    return out


def card(system: str, char: Character, reworded: Mapping[str, str] | None = None,
         table: Mapping[str, Look] | None = None) -> Card | None:
    """`char` as the players see it; None when hidden from them."""
    seen = visibility(char)
    if seen == "hidden":
        return None
    profile = profile_for(system)
    table = table if table is not None else looks(system, reworded)
    key, notes = profile.player_look(char)
    look = table[key]
    words = tuple(table[n].words if n in table else n for n in notes)
    bar, fills = None, False
    if seen == "full":
        facts = profile.tile_facts(dict(char))
        bar, fills = (facts.bar.value, facts.bar.maximum, facts.bar.text), \
            facts.bar.fills_with_harm
    return Card(char["id"], char["name"], KIND_LABELS.get(char.get("kind"), ""), seen,
                key, look.words, look.tone, words, bar, fills)


def cards(system: str, characters: Mapping[str, Character],
          reworded: Mapping[str, str] | None = None,
          encounter: Mapping[str, Any] | None = None) -> list[Card]:
    """Every character the players may see, in the desk's order; with the desk's running
    `encounter` (its settings' `encounter`), the one whose turn it is has `turn` set (in
    spotlight mode, nobody)."""
    table = looks(system, reworded)
    out = (card(system, char, table=table) for char in characters.values())
    turn = turn_of(encounter)
    return [replace(c, turn=True) if c.id == turn else c for c in out if c is not None]


def turn_of(encounter: Mapping[str, Any] | None) -> str | None:
    """Whose turn it is in a running `encounter` (a desk's settings' `encounter`)."""
    return whose_turn({ENCOUNTER: encounter})


def announcement(before: Card | None, after: Card | None,
                 table: Mapping[str, Look] | None = None) -> str | None:
    """What the players' display says of a change: "Rhianna is at Death's Door". None when
    nothing the players see changed, or the character is hidden now."""
    if after is None:
        return None
    if before is None:
        return f"{after.name} appears: {after.words}"
    if before.look == after.look and before.notes == after.notes:
        return None
    if before.look == after.look:
        gained = [n for n in after.notes if n not in before.notes]
        return f"{after.name}: {', '.join(gained)}" if gained else None
    sentence = table[after.look].sentence if table and after.look in table else \
        "{name} is {words}"
    return sentence.format(name=after.name, words=after.words)


# how grave a look reads, to word a correction that takes a state away ("no longer …")
GRAVITY = {"fine": 0, "note": 0, "hurt": 1, "grave": 2, "down": 3, "dead": 4}


def correction_announcement(before: Card | None, after: Card | None,
                            table: Mapping[str, Look] | None = None) -> str | None:
    """What the players' display says when a correction of the log changed what they see:
    "Correction: Bran is no longer at Death's Door", "Correction: Bran is at Death's
    Door". Built from the cards alone, so a words-only card is told in words and a
    hidden character (no card after) is told nothing; None when nothing they see changed."""
    if after is None or before is None:
        said = announcement(before, after, table)
        return f"Correction: {said}" if said else None
    if before.look != after.look:
        if GRAVITY.get(after.tone, 0) < GRAVITY.get(before.tone, 0):
            sentence = table[before.look].sentence if table and before.look in table else ""
            if sentence and not sentence.startswith("{name} is "):
                return f"Correction: {after.name}: no longer {before.words}"
            return f"Correction: {after.name} is no longer {before.words}"
        said = announcement(before, after, table)
        return f"Correction: {said}" if said else None
    gained = [n for n in after.notes if n not in before.notes]
    lost = [n for n in before.notes if n not in after.notes]
    parts = gained + [f"no longer {n}" for n in lost]
    return f"Correction: {after.name}: {', '.join(parts)}" if parts else None
