"""Freedom Fantasies GM corrections of the current values kept on the table: Damage and
Protection and Momentum (FF-1, FF-2 … FF-4, FF-9)."""

from __future__ import annotations

from .. import fields
from ..core import ARROW, Event, Refused, quoted
from ..shapes import Action
from .sheet import LIMITS, FFCharacter, FFDesk
from .status import is_object, momentum_of, settle

CORRECTABLE = ("damage", "protection", "protection_source", "momentum")


def read_count(char: FFCharacter, action: Action, key: str, label: str) -> int | None:
    """A corrected count: a whole number, 0 or more (at most what a sheet holds)."""
    if action.get(key) is None:
        return None
    value = action[key]
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Refused(f"{char['name']}'s {label} must be a whole number, 0 or more, "
                      f"not {quoted(value)}")
    return fields.within(value, key, *LIMITS[key])


def set_state(desk: FFDesk, action: Action, cid: str) -> list[Event]:
    """A GM correction of `damage`, `protection` (with `protection_source` when there is
    none yet) or `momentum`: set, not dealt or healed, so no Block and no healing apply. The
    status follows the new Damage (FF-2, FF-4); an ended Story or a destroyed object stays
    so (FF-3)."""
    fields.refuse_unknown(action, CORRECTABLE, "set_state", also=fields.ACTION_KEYS)
    char = desk.peek(cid)
    damage = read_count(char, action, "damage", "Damage")
    points = read_count(char, action, "protection", "Protection")
    source = fields.text(action, "protection_source", default=None)
    momentum = read_count(char, action, "momentum", "Momentum")
    if damage is None and points is None and momentum is None:
        raise Refused("`set_state` needs a value to set: damage, protection or momentum")
    if momentum is not None and is_object(char):
        raise Refused(f"{char['name']} is an object and has no Momentum Points")
    if source is not None and points is None:
        raise Refused("`protection_source` goes with `protection`")
    if points:
        source = source or char["protection_source"]
        if source is None:
            raise Refused(f"{char['name']} has no Protection yet: name its one source, "
                          "or grant it as Protection")
    if (damage in (None, char["damage"]) and points in (None, char["protection"])
            and (points is None or source == char["protection_source"])
            and momentum in (None, momentum_of(char))):
        raise Refused(f"{char['name']} already has that Damage, Protection and Momentum")
    char = desk.char(cid)
    events: list[Event] = []
    if damage is not None and damage != char["damage"]:
        before = char["damage"]
        char["damage"] = damage
        events.append(Event("set_state", cid, f"GM correction: {char['name']}'s damage "
                            f"{before} {ARROW} {damage} (HP {char['hp']})",
                            {"field": "damage", "damage_before": before,
                             "damage_after": damage}))
    if points is not None:
        before, old = char["protection"], char["protection_source"]
        char["protection"], char["protection_source"] = points, (source if points else None)
        shown = f" ({char['protection_source']})" if points else ""
        events.append(Event("set_state", cid, f"GM correction: {char['name']}'s Protection "
                            f"{before} {ARROW} {points}{shown}",
                            {"field": "protection", "protection_before": before,
                             "protection_after": points, "source_before": old,
                             "source": char["protection_source"]}))
    if momentum is not None and momentum != momentum_of(char):
        before = momentum_of(char)
        char["momentum"] = momentum
        events.append(Event("set_state", cid, f"GM correction: {char['name']}'s Momentum "
                            f"{before} {ARROW} {momentum}",
                            {"field": "momentum", "momentum_before": before,
                             "momentum_after": momentum}))
    events.extend(settle(char))
    return events
