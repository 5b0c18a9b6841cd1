"""How each game's events and states read in a summary: the measure charted, harm taken,
healing, what was marked, Traumas and changes of fate. Pure: no Qt, no SQL.

The rules core has already done every sum; this only reads the numbers its events carry
(`lost`, `taken`, `healed`, `hp_after`, `damage_after` …) and names them in the rules' words.
"""

from __future__ import annotations

from ..display import STATUS_LABELS, tile_facts, words
from ..rules.core import ARROW, MINUS, signed
from ..rules.lux_aeterna.common import TRAUMA_NAMES

# Kinds of event that are a hit. Their `lost` (Stonetop, Lux Aeterna) or `taken`
# (Freedom Fantasies) is the harm left after armor, Endurance, Block and Protection.
HARM_KINDS = ("damage", "gang_damage", "lose_hp")
# Freedom Fantasies charts the Damage that builds up against a fixed HP.
DAMAGE_SYSTEMS = ("freedom_fantasies",)


def charts_damage(system: str) -> bool:
    return system in DAMAGE_SYSTEMS


def value_keys(system: str) -> tuple[str, str]:
    """The event keys that carry the charted value before and after."""
    return ("damage_before", "damage_after") if charts_damage(system) else \
        ("hp_before", "hp_after")


def value(system: str, char: dict) -> int:
    return char["damage"] if charts_damage(system) else char["hp"]


def maximum(system: str, char: dict) -> int:
    """Max HP, or for Freedom Fantasies the HP that Damage is measured against."""
    return char["hp"] if charts_damage(system) else char["max_hp"]


def marks(system: str, char: dict) -> tuple[tuple[int, str], ...]:
    """Thresholds drawn on a chart besides 0: Wounded and Story Ends (or Broken and
    Destroyed for an object), as the tile's bar shows them."""
    if not charts_damage(system):
        return ()
    return tile_facts(system, char).bar.marks


def harm_taken(system: str, event: dict) -> int | None:
    """The harm a hit did after armor, Endurance, Block and Protection; None: not a hit."""
    if event.get("kind") not in HARM_KINDS:
        return None
    key = "taken" if charts_damage(system) else "lost"
    return int(event.get(key) or 0)


def healed(event: dict) -> int:
    """HP restored (Damage lowered, in Freedom Fantasies); every healing event says so."""
    return int(event.get("healed") or 0) if event.get("kind") not in HARM_KINDS else 0


def markers(system: str, char: dict | None) -> list[str]:
    """What is marked on a character: debilities and problematic wounds (Stonetop) or
    status conditions (Lux Aeterna). A list, so the same name twice counts twice."""
    if char is None:
        return []
    if system == "stonetop":
        return [*char.get("debilities", []), *(f"wound: {w}" for w in char.get("wounds", []))]
    if system == "lux_aeterna":
        return [words(c["name"]) + (" (Trauma)" if c.get("from_trauma") else "")
                for c in char.get("conditions", [])]
    return []


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


def death_label(state: str) -> str:
    return STATUS_LABELS.get(state) or "up and about"


def fate(system: str, event: dict) -> str | None:
    """A change of death state in a few words, or None."""
    kind, data = event.get("kind"), event
    if system == "stonetop":
        if kind == "death":
            return f"0 HP: {death_label(data['death_after'])}"
        if kind == "deaths_door":
            after = data["death_after"]
            outcome = "back at 1 HP" if after == "none" else death_label(after).lower()
            return f"Death's Door {signed(data['roll'])} ({band(data['result'])}): {outcome}"
        if kind == "set_death":
            return (f"GM ruling: {death_label(data['death_before'])} {ARROW} "
                    f"{death_label(data['death_after'])}")
        if "death_after" in data:  # healing or tending someone who was dying
            return {"none": "back on their feet",
                    "out_of_action": "stabilized, out of the action"}.get(
                data["death_after"], death_label(data["death_after"]))
        return None
    if system == "lux_aeterna":
        if kind == "unconscious":
            return f"unconscious at {signed(data.get('hp', 0))} HP"
        return {"wounded": "Wounded", "stabilized": "Stabilized", "death": "Dead",
                "wakes": "conscious again", "wounded_ends": "no longer Wounded",
                "set_death": "GM ruling: alive again"}.get(kind)
    return {"wounded": "Wounded", "wound_ended": "no longer Wounded", "story_end": "Story ended",
            "broken": "Broken", "repaired": "repaired", "destroyed": "Destroyed"}.get(kind)


def band(result: str) -> str:
    """Death's Door bands as the rules print them: 10+, 7–9, 6−."""
    return {"7-9": "7–9", "6-": f"6{MINUS}"}.get(result, result)


def death(system: str, event: dict) -> str | None:
    """The end of a character, in words, or None: death, a fate pending after Death's
    Door, a Story that Ends, an object destroyed."""
    kind = event.get("kind")
    if system == "stonetop":
        after = event.get("death_after")
        if kind in ("death", "set_death", "deaths_door") and after in ("dead", "fate_pending"):
            return "dead" if after == "dead" else f"fate pending (Death's Door {band('6-')})"
        return None
    if system == "lux_aeterna":
        return "dead" if kind == "death" else None
    return {"story_end": "the Story Ends", "destroyed": "destroyed"}.get(kind)


def trauma(system: str, event: dict) -> str | None:
    """A Trauma rolled or healed (Lux Aeterna), or None."""
    if system != "lux_aeterna":
        return None
    kind = event.get("kind")
    if kind == "trauma":
        number = event["trauma"]
        return f"{number} {TRAUMA_NAMES.get(number, '')}".strip()
    if kind == "brush_with_death":
        survives = "survives" if event.get("total", 0) >= 6 else "dies"
        return f"Brush with Death {event.get('total')}: {survives}"
    if kind == "trauma_healed":
        return f"healed: {event['trauma']} {TRAUMA_NAMES.get(event['trauma'], '')}".strip()
    return None


def ended(system: str, char: dict) -> bool:
    """Dead, Story ended or destroyed: past any close call."""
    if system == "stonetop":
        return char["death"] in ("dead", "fate_pending")
    if system == "lux_aeterna":
        return bool(char["dead"])
    return bool(char.get("story_ended") or char.get("destroyed"))


def margin(system: str, char: dict) -> float:
    """How far from the end a character stands, as a share of their HP (lower is closer).

    Stonetop: HP left (0 is Death's Door); Lux Aeterna: HP, which may be negative;
    Freedom Fantasies: room left before Damage exceeds twice HP and the Story Ends.
    """
    if charts_damage(system):
        limit = 2 * char["hp"]
        return (limit - char["damage"]) / max(limit, 1)
    return char["hp"] / max(char["max_hp"], 1)


def standing(system: str, char: dict) -> str:
    """Where a close call left someone, in the rules' words."""
    name = char["name"]
    if system == "stonetop":
        text = f"{name} fell to {char['hp']} of {char['max_hp']} HP"
        return text + (" at Death's Door" if char["death"] == "dying" else "")
    if system == "lux_aeterna":
        return f"{name} dropped to {signed(char['hp'])} of {char['max_hp']} HP"
    return (f"{name} reached Damage {char['damage']} against HP {char['hp']} "
            f"(the Story Ends above {2 * char['hp']})")


def harm_words(system: str, amount: int) -> str:
    return f"took {amount} Damage" if charts_damage(system) else f"lost {amount} HP"


def measure_words(system: str) -> tuple[str, str]:
    """(column heading, unit) for the charted value."""
    return ("Damage / HP", "Damage") if charts_damage(system) else ("HP", "HP")
