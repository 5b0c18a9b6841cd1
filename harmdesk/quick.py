"""The quick-entry bar's little language, turned into an action (no target yet).

    7            7 damage              d8+3      damage dice, rolled or asked for
    7 p1         1 piercing            7 px      x piercing (Stonetop)
    7 ia         ignores armor         7 nl      non-lethal
    7 direct     Direct (Freedom Fantasies)      7 fire    a damage type (Freedom Fantasies)
    heal 4       heal 4 (also h4, +4)  lose 3    lose 3 HP (Stonetop)
"""

from __future__ import annotations

import re

from .rules import Refused, dice

AMOUNT = re.compile(r"^\d+$")
PIERCING = re.compile(r"^p(\d+|x)$")
TYPE = re.compile(r"^[a-z][a-z_]*$")


class QuickEntryError(ValueError):
    pass


def _amount(token: str) -> dict:
    if AMOUNT.match(token):
        return {"amount": int(token)}
    try:
        dice.parse(token)
        dice.sides(token)
    except Refused as err:
        raise QuickEntryError(f"{token!r} is neither a number nor dice: {err.reason}") from None
    return {"dice": token}


def parse(text: str, system: str) -> dict:
    """The action for `text`, or QuickEntryError with a message to show inline."""
    tokens = text.strip().lower().split()
    if not tokens:
        raise QuickEntryError("type an amount such as 7, 7 p1, d8+3 or heal 4")
    head = tokens[0]
    if head in ("heal", "h") or head.startswith("+") or re.match(r"^h\d", head):
        rest = tokens[1:] if head in ("heal", "h") else [head.lstrip("+h")] + tokens[1:]
        if len(rest) != 1:
            raise QuickEntryError("heal takes one amount: heal 4")
        return {"type": "heal", **_amount(rest[0])}
    if head == "lose":
        if system != "stonetop" or len(tokens) != 2:
            raise QuickEntryError("lose 3 (lose HP, armor never applies) is for Stonetop")
        return {"type": "lose_hp", **_amount(tokens[1])}
    action = {"type": "damage", **_amount(head)}
    for token in tokens[1:]:
        if (m := PIERCING.match(token)) and system == "stonetop":
            action["piercing"] = "x" if m.group(1) == "x" else int(m.group(1))
        elif token in ("ia", "ignores", "ignores_armor") and system == "stonetop":
            action["ignores_armor"] = True
        elif token in ("nl", "nonlethal", "non-lethal") and system != "freedom_fantasies":
            action["lethal"] = False
        elif token == "direct" and system == "freedom_fantasies":
            action["direct"] = True
        elif TYPE.match(token) and system == "freedom_fantasies" and "damage_type" not in action:
            action["damage_type"] = token
        else:
            raise QuickEntryError(f"{token!r} is not understood here; try p1, px, ia, nl"
                                  if system == "stonetop" else f"{token!r} is not understood here")
    return action
