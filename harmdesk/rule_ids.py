"""Which rules an action applies, by their IDs in RULES.md, for the log's details.

The desk speaks the rules' words and leaves the IDs out; the log keeps them so a
GM (or a bug report) can look up exactly which rule did what.
"""

from __future__ import annotations

RULE_IDS: dict[str, dict[str, tuple[str, ...]]] = {
    "stonetop": {
        "damage": ("ST-1", "ST-3", "ST-5", "ST-6"),
        "gang_damage": ("ST-2", "ST-3", "ST-5", "ST-6"),
        "lose_hp": ("ST-5", "ST-6"),
        "heal": ("ST-8",),
        "mark_debility": ("ST-13",),
        "clear_debility": ("ST-13",),
        "recover": ("ST-9",),
        "tend": ("ST-9", "ST-15"),
        "make_camp": ("ST-10",),
        "deaths_door": ("ST-7",),
        "convalesce": ("ST-11",),
        "rest": ("ST-12",),
        "set_death": ("ST-6",),
        "add_wound": ("ST-14",),
        "remove_wound": ("ST-14",),
    },
    "lux_aeterna": {
        "damage": ("LA-1", "LA-2", "LA-3", "LA-4"),
        "heal": ("LA-7",),
        "grant_endurance": ("LA-2",),
        "end_scene": ("LA-2",),
        "add_condition": ("LA-15", "LA-16"),
        "remove_condition": ("LA-16",),
        "save": ("LA-14",),
        "start_turn": ("LA-6", "LA-16"),
        "end_turn": ("LA-14", "LA-15"),
        "stabilize": ("LA-7",),
        "medical_aid": ("LA-8",),
        "natural_recovery": ("LA-5",),
        "short_rest": ("LA-12", "LA-13"),
        "full_rest": ("LA-11", "LA-13"),
        "heal_trauma": ("LA-11",),
        "set_state": ("LA-2", "LA-3", "LA-6", "LA-9", "LA-12"),
        "set_death": ("LA-4", "LA-6", "LA-9", "LA-10"),
    },
    "freedom_fantasies": {
        "damage": ("FF-1", "FF-2", "FF-3", "FF-6", "FF-9"),
        "grant_protection": ("FF-9",),
        "heal": ("FF-10",),
        "short_rest": ("FF-10",),
        "long_rest": ("FF-10",),
        "medicine": ("FF-11",),
        "set_state": ("FF-2", "FF-3", "FF-4", "FF-9"),
    },
}

# Rules an action's own fields bring in: (system, field, value or None for any) -> IDs
BY_FIELD = (
    ("stonetop", "piercing", "x", ("ST-4",)),
    ("lux_aeterna", "attacker_weakened", True, ("LA-17",)),
    ("lux_aeterna", "trauma_roll", None, ("LA-10",)),
    ("freedom_fantasies", "additional", None, ("FF-5",)),
    ("freedom_fantasies", "direct", True, ("FF-7",)),
    ("freedom_fantasies", "damage_type", None, ("FF-8",)),
)


def rule_ids(system: str, action: dict) -> tuple[str, ...]:
    """The IDs of the rules `action` applies in `system`; () for changes to the desk."""
    ids = list(RULE_IDS.get(system, {}).get(str(action.get("type")), ()))
    for game, key, value, more in BY_FIELD:
        if game == system and key in action and (value is None or action[key] == value):
            ids += more
    return tuple(dict.fromkeys(ids))
