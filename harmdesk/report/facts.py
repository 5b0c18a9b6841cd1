"""How each game's events and states read in a summary: the measure charted, harm taken,
healing, what was marked, Traumas and changes of fate. Pure: no Qt, no SQL.

The rules core has already done every sum; this only reads the numbers its events carry
(`lost`, `taken`, `healed`, `hp_after`, `damage_after` …), and each game's display
profile (`harmdesk.profiles`) names them in the rules' words.
"""

from __future__ import annotations

from ..profiles import profile_for
from ..profiles.parts import without_rule_ids

# Kinds of event that are harm: a hit (damage dealt) or an HP loss (Stonetop's "lose HP",
# which no armor stops). Their `lost` (HP games) or `taken` (games that chart Damage) is the
# harm left after armor, Endurance, Block and Protection.
HIT_KINDS = ("damage", "gang_damage")
LOSS_KINDS = ("lose_hp",)
HARM_KINDS = HIT_KINDS + LOSS_KINDS
# Kinds of event that correct a sheet or a state by hand (a table edit, a GM correction)
CORRECTION_KINDS = ("edit_character", "set_state")


def charts_damage(system: str) -> bool:
    """Whether the game charts Damage building up against HP, not the HP left."""
    return profile_for(system).report.charts_damage


def value_keys(system: str) -> tuple[str, str]:
    """The event keys that carry the charted value before and after."""
    return ("damage_before", "damage_after") if charts_damage(system) else \
        ("hp_before", "hp_after")


def value(system: str, char: dict) -> int:
    return char["damage"] if charts_damage(system) else char["hp"]


def maximum(system: str, char: dict) -> int:
    """Max HP, or (when Damage is charted) the HP that Damage is measured against."""
    return char["hp"] if charts_damage(system) else char["max_hp"]


def marks(system: str, char: dict) -> tuple[tuple[int, str], ...]:
    """Thresholds drawn on a chart besides 0 (Wounded and Story Ends, say), as the
    tile's bar shows them."""
    return profile_for(system).report.marks(char)


def harm_taken(system: str, event: dict) -> int | None:
    """The harm a hit did after armor, Endurance, Block and Protection; None: not a hit."""
    if event.get("kind") not in HARM_KINDS:
        return None
    key = "taken" if charts_damage(system) else "lost"
    return int(event.get(key) or 0)


def told(event: dict) -> str:
    """An event's text as the GM reads it: a log an older HarmDesk saved may still name
    the rules' IDs, which belong in the log's details."""
    return without_rule_ids(event.get("text", ""))


def is_hit(event: dict) -> bool:
    """Damage dealt, not an HP loss."""
    return event.get("kind") in HIT_KINDS


def correction(event: dict, name: str) -> str | None:
    """A correction of a sheet or a state by hand, in the log's words without the name
    ("HP set 13 → 20 (sheet correction)"), or None."""
    if event.get("kind") not in CORRECTION_KINDS:
        return None
    text = told(event)
    for prefix in (f"{name}: ", "GM correction: "):
        text = text[len(prefix):] if text.startswith(prefix) else text
    return text.replace(" (sheet correction)", "")  # the column's heading says so


def healed(event: dict) -> int:
    """HP restored (Damage lowered, in Freedom Fantasies); every healing event says so."""
    return int(event.get("healed") or 0) if event.get("kind") not in HARM_KINDS else 0


def markers(system: str, char: dict | None) -> list[str]:
    """What is marked on a character (debilities and wounds, status conditions …).
    A list, so the same name twice counts twice."""
    return [] if char is None else profile_for(system).report.markers(char)


def difference(old: list[str], new: list[str]) -> list[str]:
    """`new` less `old`, counting repeats (a multiset difference, in `new`'s order)."""
    left = list(old)
    out = []
    for item in new:
        if item in left:
            left.remove(item)
        else:
            out.append(item)
    return out


def gained_and_ended(system: str, old: dict, new: dict) -> tuple[list[str], list[str]]:
    """What was marked on a character between two of their states, and what ended."""
    was, now = markers(system, old), markers(system, new)
    return difference(was, now), difference(now, was)


def fate(system: str, event: dict) -> str | None:
    """A change of death state in a few words, or None."""
    return profile_for(system).report.fate(event)


def death(system: str, event: dict) -> str | None:
    """The end of a character, in words, or None: death, a fate pending after Death's
    Door, a Story that Ends, an object destroyed."""
    return profile_for(system).report.death(event)


def ending(system: str, event: dict) -> tuple[str, str] | None:
    """(what ended, as the rules name it: "Death", "Destroyed" …; a note or "") for an
    event that ends a character, or None."""
    return profile_for(system).report.ending(event)


def trauma(system: str, event: dict) -> str | None:
    """A Trauma rolled or healed, or None."""
    return profile_for(system).report.trauma(event)


def ended(system: str, char: dict) -> bool:
    """Dead, Story ended or destroyed: past any close call."""
    return profile_for(system).report.ended(char)


def margin(system: str, char: dict) -> float:
    """How far from the end a character stands, as a share of their HP (lower is closer)."""
    return profile_for(system).report.margin(char)


def standing(system: str, char: dict) -> str:
    """Where a close call left someone, in the rules' words."""
    return profile_for(system).report.standing(char)


def at_rest(system: str, char: dict) -> tuple[str, str]:
    """(the measure as the tile's bar reads it, their state and what is marked on them)
    for someone nothing happened to."""
    tile = profile_for(system).tile_facts(char)
    state = [tile.status_label] if tile.status != "ok" else []
    return tile.bar.text, ", ".join(state + markers(system, char)) or "—"


def harm_words(system: str, amount: int) -> str:
    return f"took {amount} Damage" if charts_damage(system) else f"lost {amount} HP"


def measure_words(system: str) -> tuple[str, str]:
    """(column heading, unit) for the charted value."""
    return ("Damage / HP", "Damage") if charts_damage(system) else ("HP", "HP")


def in_the_fight(system: str, char: dict) -> bool:
    """A person, not a thing: objects have no close calls."""
    return char["kind"] not in profile_for(system).object_kinds


def in_the_party(system: str, char: dict) -> bool:
    return char["kind"] in profile_for(system).party_kinds
