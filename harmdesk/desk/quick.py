"""The quick-entry bar's little language, turned into an action (no target yet).

One table per game (its display profile's `quick_forms`) drives both the parser and the
Help page, so what the GM reads there is what the parser understands.
"""

from __future__ import annotations

import itertools
import math
import re
from typing import cast

from .. import profiles
from ..errors import UserError
from ..profiles.parts import Form, Modifier
from ..rules import dice
from ..rules.core import Refused
from ..rules.fields import SNAKE
from ..rules.shapes import JSON, Action

AMOUNT = re.compile(r"^\d+$")
MAX_TRIES = 2000  # dice combinations tried to see whether an expression can deal anything


class QuickEntryError(UserError):
    pass


def rules_name(text: str) -> str:
    """What the GM typed as a rules name: "Cold Iron" -> cold_iron."""
    return re.sub(r"[\s\-]+", "_", text.strip().lower())


def is_rules_name(name: str) -> bool:
    """A name the rules accept for a damage type, condition or tag (`fire2` too)."""
    return bool(SNAKE.match(name))


def forms(system: str) -> list[Form]:
    """Everything the quick entry understands in `system`, in the Help page's order."""
    return list(profiles.profile_for(system).quick_forms)


def modifiers(system: str) -> list[Modifier]:
    return [f for f in forms(system) if isinstance(f, Modifier)]


def title(system: str) -> str:
    return profiles.profile_for(system).title


def hint(system: str) -> str:
    """The placeholder text: a few examples of this game's own quick entry."""
    words = [m.example for m in modifiers(system)][:1]
    return " · ".join([*words, "d8+3", "heal 4"]) + " — F1 lists more"


def combined(system: str) -> str:
    """An entry whose words after the amount combine: 'd8+3 p1 ia'."""
    words: list[str] = []
    keys: set[str] = set()
    for modifier in modifiers(system):
        word = modifier.example.split()[-1]
        # a modifier's example always reads with it
        fields = modifier.read(cast("re.Match[str]", modifier.match(word)))
        if fields and not keys & set(fields) and len(words) < 2:
            words.append(word)
            keys |= set(fields)
    return " ".join(["d8+3", *words])


def examples(system: str) -> str:
    """'7, d8+3 or 7 p1': the first few damage forms of this game."""
    words = [f.example for f in forms(system)
             if not f.example.startswith(("heal", "lose"))][:3]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _amount(token: str, system: str, what: str) -> JSON:
    if AMOUNT.match(token):
        if int(token) == 0:
            raise QuickEntryError(f"0 {what} changes nothing: type 1 or more")
        return {"amount": int(token)}
    if token.startswith(("-", "\u2212")):
        rest = token.lstrip("-\u2212")
        other = f"damage, type {rest}" if what == "healing" else f"healing, type heal {rest}"
        raise QuickEntryError(f"{token} is negative: {what} is 1 or more (for {other})")
    if not re.match(r"[\d(d]", token) or not re.search(r"\d", token):
        tries = "4, d6 or 2d4+1" if what == "healing" else examples(system)
        raise QuickEntryError(f"{token} is neither a number nor dice: try {tries}")
    if "." in token or "," in token:
        raise QuickEntryError(f"{token}: amounts are whole numbers")
    try:
        dice.parse(token)
        sizes = dice.sides(token)
    except Refused as err:
        raise QuickEntryError(err.reason) from None
    if not sizes:
        raise QuickEntryError(f"{token} has no die in it: type the total as a number")
    if not _can_be_positive(token, sizes):
        raise QuickEntryError(f"{token} can never come to more than 0 {what}")
    return {"dice": token}


def _can_be_positive(expr: str, sizes: list[int]) -> bool:
    """Whether some roll of `expr` totals 1 or more (d4-5 never does)."""
    if math.prod(sizes) > MAX_TRIES:
        return True  # too many to try; the rules count a negative total as 0 anyway
    try:
        return any(dice.total(expr, list(faces)).total > 0
                   for faces in itertools.product(*(range(s, 0, -1) for s in sizes)))
    except Refused as err:
        raise QuickEntryError(err.reason) from None


def parse(text: str, system: str) -> Action:
    """The action for `text`, or QuickEntryError with a message to show inline."""
    tokens = text.strip().lower().split()
    if not tokens:
        raise QuickEntryError(f"type an amount such as {examples(system)}, or heal 4")
    head = tokens[0]
    if head in ("heal", "h") or head.startswith("+") or re.match(r"^h\d", head):
        rest = tokens[1:] if head in ("heal", "h") else [head.lstrip("+h")] + tokens[1:]
        if len(rest) != 1 or not rest[0]:
            raise QuickEntryError("heal takes one amount: heal 4 or heal d6")
        return {"type": "heal", **_amount(rest[0], system, "healing")}
    if head == "lose":
        if not any(f.word == "lose" for f in forms(system)):
            whose = " or ".join(p.title for p in profiles.all_profiles()
                                if any(f.word == "lose" for f in p.quick_forms))
            raise QuickEntryError(f"lose (HP lost, armor never applies) is {whose}'s; in "
                                  f"{title(system)} type the damage, "
                                  f"such as {' '.join(tokens[1:2]) or '3'}")
        if len(tokens) != 2:
            raise QuickEntryError("lose takes one amount: lose 3")
        return {"type": "lose_hp", **_amount(tokens[1], system, "HP lost")}
    action = {"type": "damage", **_amount(head, system, "damage")}
    for token in tokens[1:]:
        action.update(_modifier(token, system, action))
    return action


def _modifier(token: str, system: str, action: Action) -> JSON:
    for modifier in modifiers(system):
        if m := modifier.match(token):
            fields = modifier.read(m)
            if "damage_type" in fields:
                _not_elsewhere(token, system)  # nl or p1 is a slip, not a type's name
                if "damage_type" in action:
                    raise QuickEntryError(f"{token}: one damage type per entry; "
                                          f"this one is already {action['damage_type']}")
            return fields
    _not_elsewhere(token, system)
    raise QuickEntryError(f"{token} is not understood here; {_known(system)}")


def _known(system: str) -> str:
    words = ", ".join(dict.fromkeys(m.example.split()[-1] for m in modifiers(system)))
    return f"after the amount {title(system)} reads {words}"


def _not_elsewhere(token: str, system: str) -> None:
    """Refuse a word that belongs to another game's quick entry, saying whose it is."""
    own = modifiers(system)
    for profile in profiles.all_profiles():
        for other in profile.quick_forms:
            if isinstance(other, Modifier) and other not in own and other.match(token):
                what = other.meaning.split(":")[0].split(" (")[0]
                raise QuickEntryError(f"{token} ({what}) is not a {title(system)} "
                                      f"rule; {_known(system)}")
