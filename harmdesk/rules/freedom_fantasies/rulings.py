"""Freedom Fantasies GM corrections of the current values kept on the table: Damage and
Protection (FF-1, FF-2 … FF-4, FF-9)."""

from __future__ import annotations

from .. import fields
from ..core import ARROW, Desk, Event, Refused
from .status import settle

CORRECTABLE = ("damage", "protection", "protection_source")


def read_count(char: dict, action: dict, key: str, label: str) -> int | None:
    """A corrected count: a whole number, 0 or more."""
    if action.get(key) is None:
        return None
    value = action[key]
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Refused(f"{char['name']}'s {label} must be a whole number, 0 or more, "
                      f"not {value!r}")
    return value


def set_state(desk: Desk, action: dict, cid: str) -> list[Event]:
    """A GM correction of `damage` or `protection` (with `protection_source` when there is
    none yet): set, not dealt or healed, so no Block and no healing apply. The status follows
    the new Damage (FF-2, FF-4); an ended Story or a destroyed object stays so (FF-3)."""
    fields.refuse_unknown(action, CORRECTABLE, "set_state", also=fields.ACTION_KEYS)
    char = desk.peek(cid)
    damage = read_count(char, action, "damage", "Damage")
    points = read_count(char, action, "protection", "Protection")
    source = fields.text(action, "protection_source", default=None)
    if damage is None and points is None:
        raise Refused("`set_state` needs a value to set: damage or protection")
    if source is not None and points is None:
        raise Refused("`protection_source` goes with `protection`")
    if points:
        source = source or char["protection_source"]
        if source is None:
            raise Refused(f"{char['name']} has no Protection yet: name its one source "
                          "(FF-9), or grant it as Protection")
    if (damage in (None, char["damage"]) and points in (None, char["protection"])
            and (points is None or source == char["protection_source"])):
        raise Refused(f"{char['name']} already has that Damage and Protection")
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
    events.extend(settle(char))
    return events
