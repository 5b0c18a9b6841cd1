"""Momentum Points while Wounded (FF-2).

"You continue to be able to See and Speak, however if you wish to use any Action or
Reaction to affect the Story, you must expend 1 Momentum Point for each Action you use."
The seed does not say how Momentum is gained, so the GM grants it.
"""

from __future__ import annotations

from .. import fields
from ..core import ARROW, MINUS, Event, Refused
from ..shapes import Action
from .sheet import FFCharacter, FFDesk
from .status import is_object, momentum_of

ACTION_COST = 1  # FF-2: "1 Momentum Point for each Action you use"


def momentum_cost(actions: int) -> int:
    """FF-2: a Wounded character pays 1 Momentum Point per Action or Reaction."""
    return actions * ACTION_COST


def refuse_non_person(char: FFCharacter) -> None:
    if is_object(char):
        raise Refused(f"{char['name']} is an object and has no Momentum Points")


def pay_for_action(desk: FFDesk, cid: str, what: str, actions: int = 1) -> list[Event]:
    """FF-2: charge a Wounded character's Momentum for `actions` Actions (`what`);
    refused when the points are not there. Nothing for one who is not Wounded."""
    char = desk.peek(cid)
    if char.get("story_ended"):
        raise Refused(f"{char['name']}'s Story has Ended: they take no more Actions")
    if not char.get("wounded"):
        return []
    cost, have = momentum_cost(actions), momentum_of(char)
    if have < cost:
        raise Refused(f"{char['name']} is Wounded and has {have} Momentum Point"
                      f"{'' if have == 1 else 's'}: {what} costs {cost} Momentum Point"
                      f"{'' if cost == 1 else 's'}")
    char = desk.char(cid)
    char["momentum"] = have - cost
    return [Event("momentum", cid, f"{char['name']} is Wounded: {what} costs {cost} Momentum; "
                  f"Momentum {have} {MINUS} {cost} {ARROW} {char['momentum']}",
                  {"momentum_before": have, "momentum_after": char["momentum"],
                   "actions": actions})]


def gain_momentum(desk: FFDesk, action: Action, cid: str) -> list[Event]:
    """FF-2: the GM grants Momentum Points (the seed does not say how they are gained)."""
    amount = fields.whole(action, "amount", default=1, minimum=1)
    char = desk.peek(cid)
    refuse_non_person(char)
    char = desk.char(cid)
    before = momentum_of(char)
    char["momentum"] = before + amount
    return [Event("momentum", cid, f"{char['name']} gains {amount} Momentum Point"
                  f"{'' if amount == 1 else 's'}: Momentum {before} + {amount} {ARROW} "
                  f"{char['momentum']}",
                  {"momentum_before": before, "momentum_after": char["momentum"]})]


def spend_momentum(desk: FFDesk, action: Action, cid: str) -> list[Event]:
    """FF-2: a Wounded character uses `actions` Actions or Reactions to affect the
    Story: 1 Momentum Point each. One who is not Wounded pays nothing, so it is refused."""
    actions = fields.whole(action, "actions", default=1, minimum=1)
    char = desk.peek(cid)
    refuse_non_person(char)
    if not char.get("wounded") and not char.get("story_ended"):
        raise Refused(f"{char['name']} is not Wounded: their Actions cost no Momentum")
    what = "an Action" if actions == 1 else f"{actions} Actions"
    return pay_for_action(desk, cid, what, actions)
