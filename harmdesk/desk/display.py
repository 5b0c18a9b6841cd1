"""What a character's tile shows, as plain data (no Qt, no arithmetic of rules).

Each game's display profile (`harmdesk.profiles`) fills these facts in; the Qt views
paint them. The rules core has already decided every number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..profiles import profile_for
from ..profiles.parts import TileFacts, words
from ..rules.shapes import Character


def modifier_words(action: Mapping[str, Any]) -> list[str]:
    """'1 piercing', 'ignores armor', the tags, 'non-lethal' …: the words an action or
    an attack carries, in the rules' own terms."""
    out: list[str] = []
    if action.get("piercing"):
        out.append(f"{action['piercing']} piercing")
    if action.get("added_piercing"):
        out.append(f"{action['added_piercing']} piercing added")
    if action.get("ignores_armor"):
        out.append("ignores armor")
    out += [words(t) for t in action.get("tags") or () if isinstance(t, str)]
    if action.get("lethal") is False:
        out.append("non-lethal")
    if action.get("attacker_weakened"):
        out.append("attacker Weakened")
    if action.get("damage_type"):
        out.append(words(action["damage_type"]))
    if action.get("direct"):
        out.append("Direct")
    for extra in action.get("additional") or ():
        kind = words(extra.get("damage_type") or "")
        out.append(f"+{extra['amount']} {kind} Additional Damage".replace("  ", " "))
    return out


def damage_words(action: Mapping[str, Any]) -> str:
    """'d10+3, 1 piercing, forceful': the dice or amount with everything that comes with it."""
    what = action.get("dice", action.get("amount", ""))
    return ", ".join(str(p) for p in (what, *modifier_words(action)) if p != "")


def tile_facts(system: str, char: Character) -> TileFacts:
    """What `char`'s tile shows, as its game's display profile reads it."""
    facts: TileFacts = profile_for(system).tile_facts(char)
    return facts
