"""`apply(state, action) -> Outcome`: the one door into the rules.

The engine handles what every system shares: reading the action's type and
targets, the desk actions (add, edit, remove a character), and turning a
refusal into an unchanged state with a reason.
"""

from __future__ import annotations

import importlib
from typing import Any, cast

from . import clock, dice, fields
from .core import Desk, Event, Outcome, Refused, SheetError, clipped, quoted
from .shapes import Action, Character, DeskState, Settings
from .system import (
    PARTY_KINDS,
    DeskHandler,
    System,
    TargetHandler,
    register_system,
    registered_names,
    registered_system,
)

COMMON_FIELDS = ("id", "name", "kind", "attack", "notes", "players_see", "template")
# what a copy added from a creature template keeps of it: the template's id and name, its
# HP as written, and the faces rolled for this copy's HP (so a replay adds the same copy)
TEMPLATE_MARK = ("id", "name", "hp", "faces")
# how the players' display shows a character: its numbers, words only, or not at all;
# absent, the party is shown in full and everyone else as words
PLAYERS_SEE = ("full", "words", "hidden")
PLAYERS_SEE_WORDS = {"full": "shown to the players in full",
                     "words": "shown to the players as words only",
                     "hidden": "hidden from the players"}


def players_see(char: Character) -> str:
    """How the players see `char`: its sheet's choice, else the party in full and everyone
    else (NPCs, monsters, objects) as words."""
    chosen = char.get("players_see")
    if chosen in PLAYERS_SEE:
        return chosen
    return "full" if char.get("kind") in PARTY_KINDS else "words"
DESK_ACTIONS = ("add_character", "edit_character", "remove_character", "change_settings")
# the fields of each desk action besides `type` and `target`
DESK_FIELDS = {"add_character": ("character",), "edit_character": ("changes",),
               "remove_character": (), "change_settings": ("settings",)}


# The games HarmDesk ships, each a package here that registers its rules on import: the
# one list of them. Any other game registers its `System` itself (`register_system`).
SYSTEM_NAMES = ("stonetop", "lux_aeterna", "freedom_fantasies")


def system_names() -> tuple[str, ...]:
    """Every game the engine plays: the shipped ones, then any registered besides."""
    return tuple(dict.fromkeys([*SYSTEM_NAMES, *registered_names()]))


def system_named(name: Any) -> System[Any]:
    """The rules of one game system; a shipped game's package is imported on first use."""
    system = registered_system(name) if isinstance(name, str) else None
    if system is None and name in SYSTEM_NAMES:
        system = importlib.import_module(f"{__package__}.{name}").SYSTEM
        register_system(system)  # its package did on import, unless it was left out since
    if system is None:
        known = ", ".join(system_names())
        raise SheetError("system", f"must be one of {known}, not {quoted(name)}")
    return system


def full_settings(system: System[Any], given: Any) -> Settings:
    """The system's settings with defaults filled in; unknown or bad keys are errors."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise SheetError("settings", "must be an object")
    if system.upgrade_settings:
        given = system.upgrade_settings(given)
    for key in given:
        if key not in system.settings:
            raise SheetError(f"settings.{clipped(str(key))}", f"is not a {system.title} "
                             f"setting; known: {', '.join(system.settings)}")
    out = {}
    for key, setting in system.settings.items():
        value = given.get(key, setting.default)
        problem = setting.check(key, value)
        if problem:
            raise SheetError(f"settings.{key}", problem)
        out[key] = value
    return out


def saved_settings(system_name: Any, given: Settings | None) -> Settings:
    """Settings as a campaign saved them, with every setting added since filled in with
    its default (and old names read as today's), so the rules read each one directly.
    Never refuses: what a campaign kept is opened as it is. The engine reads every state
    so, and a campaign opens so."""
    system = system_named(system_name)
    given = given or {}
    if system.upgrade_settings:
        given = system.upgrade_settings(given)
    if all(key in given for key in system.settings):
        return given  # nothing to fill (the usual case, on every action)
    return {**{key: setting.default for key, setting in system.settings.items()}, **given}


def _attack(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise Refused("`attack` must be an object such as {\"dice\": \"d10+3\"}")
    dice.check(fields.text(value, "dice"))
    return dict(value)


def _template_mark(value: Any) -> dict[str, Any]:
    """The `template` a copy was added from, as its sheet records it (`TEMPLATE_MARK`)."""
    if not isinstance(value, dict):
        raise Refused("`template` must be an object such as {\"id\": 3, \"name\": \"Coedwig\"}")
    fields.refuse_unknown(value, TEMPLATE_MARK, "template mark")
    mark: dict[str, Any] = {"name": fields.label(value, "name")}
    if value.get("id") is not None:
        mark["id"] = fields.whole(value, "id", minimum=1)
    if value.get("hp") is not None:
        mark["hp"] = fields.text(value, "hp")
    faces = fields.listing(value, "faces", default=[])
    if not all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= dice.LARGEST_DIE
               for f in faces) or len(faces) > dice.MAX_DICE:
        raise Refused("`template.faces` must be the faces rolled for its HP")
    if faces:
        mark["faces"] = list(faces)
    return mark


def make_character(system: System[Any], sheet: Any, settings: Settings) -> Character:
    """Build a character's state from a sheet. Raises Refused naming the bad field."""
    if not isinstance(sheet, dict):
        raise Refused("a character must be an object")
    fields.plain_data(sheet, "the sheet")
    cid = fields.label(sheet, "id")
    name = fields.label(sheet, "name", default=cid)
    kind = fields.choice(sheet, "kind", system.kinds, default="pc")
    char: dict[str, Any] = {"id": cid, "name": name, "kind": kind}
    if sheet.get("attack") is not None:
        char["attack"] = _attack(sheet["attack"])
    if sheet.get("notes") is not None:
        char["notes"] = fields.text(sheet, "notes")
    if sheet.get("players_see") is not None:
        char["players_see"] = fields.choice(sheet, "players_see", PLAYERS_SEE)
    if sheet.get("template") is not None:
        char["template"] = _template_mark(sheet["template"])
    own = {k: v for k, v in sheet.items() if k not in COMMON_FIELDS}
    char.update(system.make_character(own, settings))
    if system.finish_character:
        system.finish_character(char)
    return cast(Character, char)  # the common fields and the game's own


def new_state(system_name: Any, settings: Any = None, characters: Any = ()) -> DeskState:
    """A desk from a scenario's or campaign's parts. Raises SheetError on bad input."""
    system = system_named(system_name)
    settings = full_settings(system, settings)
    if not isinstance(characters, (list, tuple)):
        raise SheetError("characters", "must be a list")
    chars: dict[str, Character] = {}
    for i, sheet in enumerate(characters):
        label = f"characters[{i}]"
        if isinstance(sheet, dict) and isinstance(sheet.get("id"), str):
            label += f" ({clipped(sheet['id'])})"
        try:
            char = make_character(system, sheet, settings)
        except Refused as err:
            raise SheetError(label, err.reason) from None
        if char["id"] in chars:
            raise SheetError(label, f"the id {quoted(char['id'])} is used twice")
        chars[char["id"]] = char
    return {"system": system.name, "settings": settings, "characters": chars}


def desk_value(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _targets(desk: Desk[Character], action: Action, everyone: bool) -> list[str]:
    target = action.get("target")
    if target is None:
        if everyone:
            return desk.ids()
        raise Refused("`target` is missing")
    ids = target if isinstance(target, list) else [target]
    if not ids:
        raise Refused("`target` is an empty list")
    seen = set()
    for cid in ids:
        if not isinstance(cid, str):
            raise Refused(f"`target` must be an id or a list of ids, not {quoted(cid)}")
        if cid in seen:
            raise Refused(f"{quoted(cid)} is named twice in `target`")
        seen.add(cid)
        desk.peek(cid)  # refuses unknown ids before anything changes
    return ids


def _desk_action(system: System[Any], desk: Desk[Character], action: Action,
                 kind: str) -> list[Event]:
    if kind == "change_settings":
        given = fields.mapping(action, "settings")
        kept = [k for k in given if k in system.settings and not system.settings[k].gm_edits]
        if kept:
            raise Refused(f"`{kept[0]}` is not a rule setting: only its own actions change it "
                          f"({', '.join(clock.actions_of(system))})")
        try:
            settings = full_settings(system, {**desk.settings, **given})
        except SheetError as err:
            raise Refused(f"`{err.key}` {err.message}") from None
        desk.settings = settings
        changed = ", ".join(f"{k} {desk_value(v)}" for k, v in given.items())
        return [Event("change_settings", None, f"rule settings: {changed}")]
    if kind == "add_character":
        char = make_character(system, fields.mapping(action, "character"), desk.settings)
        desk.add(char["id"], char)
        return [Event("add_character", char["id"], f"{char['name']} joins the desk")]
    events: list[Event] = []
    for cid in _targets(desk, action, everyone=False):
        if kind == "remove_character":
            name = desk.peek(cid)["name"]
            after = system.leaves_the_desk(desk, action, cid) if system.leaves_the_desk else []
            desk.remove(cid)
            events.append(Event("remove_character", cid, f"{name} leaves the desk"))
            events += after
            events += clock.character_leaves(system, desk, action, cid)
            continue
        char = desk.char(cid)
        changes = dict(fields.mapping(action, "changes"))
        if "id" in changes:
            raise Refused("a character's id cannot be changed")
        if "template" in changes:
            raise Refused("the template a copy was added from cannot be changed")
        if "name" in changes:
            char["name"] = fields.label(changes, "name")
        if "kind" in changes:
            char["kind"] = fields.choice(changes, "kind", system.kinds)
        if "attack" in changes:
            if changes["attack"] is None:
                char.pop("attack", None)
            else:
                char["attack"] = _attack(changes["attack"])
        if "notes" in changes:
            char["notes"] = changes["notes"] if changes["notes"] is None else \
                fields.text(changes, "notes")
        shown = "players_see" in changes
        if shown:
            if changes["players_see"] is None:
                char.pop("players_see", None)
            else:
                char["players_see"] = fields.choice(changes, "players_see", PLAYERS_SEE)
        rest = {k: v for k, v in changes.items() if k not in COMMON_FIELDS}
        events.extend(system.edit_character(char, rest, desk.settings))
        if system.finish_character:
            system.finish_character(char)
        if shown and set(changes) == {"players_see"}:
            told = PLAYERS_SEE_WORDS[players_see(char)]
            if "players_see" not in char:
                told += " (as by default)"
            events.append(Event("edit_character", cid, f"{char['name']}: {told}"))
        elif not rest:
            events.append(Event("edit_character", cid, f"{char['name']}: sheet edited"))
    return events


def apply(state: DeskState, action: Any) -> Outcome:
    """Apply one action to a desk. Pure: the input state is never changed."""
    try:
        return _apply(state, action)
    except Refused as refusal:
        return Outcome(False, state, (), refusal.reason, tuple(refusal.needs))


def known_actions(system: System[Any]) -> str:
    """Every action `system` takes, by name, for a message."""
    return ", ".join(sorted([*system.actions, *DESK_ACTIONS, *clock.actions_of(system)]))


def _apply(state: DeskState, action: Any) -> Outcome:
    if not isinstance(action, dict):
        raise Refused("an action must be an object with a `type`")
    fields.plain_data(action)
    system = system_named(state["system"])
    kind = action.get("type")
    if kind is None:
        raise Refused(f"the action has no `type`; known: {known_actions(system)}")
    if not isinstance(kind, str):
        raise Refused(f"`type` must be the name of an action (text, such as \"damage\"), "
                      f"not {quoted(kind)}; known: {known_actions(system)}")
    desk: Desk[Character] = Desk(state, saved_settings(system.name, state["settings"]))
    if kind in DESK_ACTIONS:
        fields.refuse_unknown(action, DESK_FIELDS[kind], kind, also=fields.ACTION_KEYS)
        events = _desk_action(system, desk, action, kind)
        return Outcome(True, desk.result(), tuple(events))
    if kind in clock.ACTIONS:
        events = clock.apply_clock(system, desk, action, kind)
        return Outcome(True, desk.result(), tuple(events))
    rule = system.actions.get(kind)
    if rule is None:
        raise Refused(f"{quoted(kind)} is not a {system.title} action; known: "
                      f"{known_actions(system)}")
    fields.refuse_unknown(action, rule.fields, kind, also=fields.ACTION_KEYS)
    if rule.targets == "desk":
        events = cast("DeskHandler[Any]", rule.handler)(desk, action)
    else:
        events = []
        for cid in _targets(desk, action, everyone=rule.targets == "all"):
            events.extend(cast("TargetHandler[Any]", rule.handler)(desk, action, cid))
    return Outcome(True, desk.result(), tuple(events))
