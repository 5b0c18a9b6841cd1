"""Lux Aeterna sustained effects and Concentration (LA-4, LA-16).

At 0 HP "all special effects you were sustaining end"; Wounded ends "all powers, effects,
and actions you are sustaining"; an Unconscious character "cannot move, act, or react at
all"; Dazed "cannot maintain Concentration" and Silenced "lose any instance of
Concentration you are maintaining". A character keeps a list of what they sustain, each
entry marked when it needs Concentration (only those end on Dazed or Silenced).
"""

from __future__ import annotations

from .. import fields
from ..core import Event, Refused
from ..shapes import Action
from .common import event, refuse_if_dead, who
from .sheet import LuxCharacter, LuxDesk, Sustained

# LA-16: the conditions that end Concentration, as the seed words them.
ENDS_CONCENTRATION = {"dazed": "Dazed", "silenced": "Silenced"}
EFFECT_LENGTH = 60  # a name that fits on a tile


def sustained(char: LuxCharacter) -> list[Sustained]:
    """What the character sustains; a state saved before this list existed has none."""
    return char.get("sustaining") or []


def sustained_text(entry: Sustained) -> str:
    return entry["effect"] + (" (Concentration)" if entry.get("concentration") else "")


def stops_sustaining(char: LuxCharacter, why: str, concentration_only: bool = False) -> list[Event]:
    """End what `char` sustains (only Concentration when `concentration_only`), one log
    line naming the cause: "Maelis is Dazed: stops sustaining Wall of Light"."""
    ending = [e for e in sustained(char) if e.get("concentration") or not concentration_only]
    if not ending:
        return []
    char["sustaining"] = [e for e in sustained(char) if e not in ending]
    names = ", ".join(e["effect"] for e in ending)
    return [event("sustaining_ends", char, f"{{who}} {why}: stops sustaining {names}",
                  effects=[e["effect"] for e in ending])]


def concentration_breaker(char: LuxCharacter) -> str | None:
    """The condition in force that forbids Concentration (Dazed, Silenced), or None."""
    for cond in char["conditions"]:
        if cond["name"] in ENDS_CONCENTRATION:
            return ENDS_CONCENTRATION[cond["name"]]
    return None


def sustain(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """Begin sustaining `effect`; `concentration` (default true) when it needs
    Concentration. Refused while unconscious, and for Concentration while Dazed or Silenced."""
    effect = fields.text(action, "effect").strip()
    if len(effect) > EFFECT_LENGTH:
        raise Refused(f"`effect` is {len(effect)} characters long: name the effect in at most "
                      f"{EFFECT_LENGTH}")
    concentration = fields.flag(action, "concentration", True)
    char = desk.char(cid)
    refuse_if_dead(char, "sustaining an effect")
    if not char["conscious"]:
        raise Refused(f"{who(char)} is unconscious and cannot act at all, so cannot sustain "
                      f"{effect}")
    breaker = concentration_breaker(char)
    if concentration and breaker:
        raise Refused(f"{who(char)} is {breaker} and cannot maintain Concentration on {effect}")
    if any(e["effect"].casefold() == effect.casefold() for e in sustained(char)):
        raise Refused(f"{who(char)} already sustains {effect}")
    entry: Sustained = {"effect": effect, "concentration": concentration}
    char["sustaining"] = [*sustained(char), entry]
    return [event("sustaining", char, f"{{who}} sustains {sustained_text(entry)}",
                  effect=effect, concentration=concentration)]


def stop_sustaining(desk: LuxDesk, action: Action, cid: str) -> list[Event]:
    """The GM ends one sustained `effect`, or everything the character sustains when no
    `effect` is given (its own duration ran out, or the character let it go)."""
    effect = fields.text(action, "effect", default=None)
    char = desk.char(cid)
    held = sustained(char)
    if effect is None:
        if not held:
            raise Refused(f"{who(char)} sustains nothing")
        ending = held
    else:
        ending = [e for e in held if e["effect"].casefold() == effect.strip().casefold()]
        if not ending:
            now = ", ".join(e["effect"] for e in held) or "nothing"
            raise Refused(f"{who(char)} does not sustain {effect} (sustains: {now})")
    char["sustaining"] = [e for e in held if e not in ending]
    names = ", ".join(e["effect"] for e in ending)
    return [event("sustaining_ends", char, f"{{who}} stops sustaining {names}",
                  effects=[e["effect"] for e in ending])]
