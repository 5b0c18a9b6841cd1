"""The round, turn and scene clock: an encounter's order, its rounds, and the effects the
rules tie to them (Lux Aeterna: "at the start of your turn each round", "Once per round
when your turn ends", "When a Scene ends, all Endurance is lost").

The running encounter is kept in the desk's settings (`rules/encounter.py`); only the
actions here change it. Each game hands the clock its turn and scene effects
(`System.turn_starts`, `turn_ends`, `scene_ends`).
"""

from __future__ import annotations

from typing import Any, cast

from . import fields
from .core import Desk, Event, Refused, quoted
from .encounter import INITIATIVE, MODES, Encounter, encounter_of, set_encounter, whose_turn
from .shapes import Action, C, Character
from .system import System

# the clock's actions: the fields of each besides `type` and `target`, before the fields
# the game's turn effects read
FIELDS = {"start_encounter": ("order", "initiative", "mode"), "set_order": ("order",),
          "next_turn": (), "mark_acted": (), "next_round": (), "end_encounter": ()}
TURNS_ONLY, SPOTLIGHT_ONLY = ("next_turn",), ("mark_acted", "next_round")


def actions_of(system: System[Any]) -> tuple[str, ...]:
    """The clock's actions a game plays (Stonetop, spotlight only, has no `next_turn`)."""
    return tuple(k for k in FIELDS
                 if not (k in TURNS_ONLY and "turns" not in system.clock_modes)
                 and not (k in SPOTLIGHT_ONLY and "spotlight" not in system.clock_modes))


def fields_of(system: System[Any], kind: str) -> tuple[str, ...]:
    """Every field a clock action may carry in `system`: its own, and what the turn
    effects it fires read (a Save for the turn that ends, rolls for the one that begins)."""
    more = {"start_encounter": system.turn_start_fields,
            "next_turn": system.turn_end_fields + system.turn_start_fields}.get(kind, ())
    return FIELDS[kind] + tuple(f for f in more if f not in FIELDS[kind])


def name(desk: Desk[C], cid: str) -> str:
    char: Character = desk.peek(cid)  # the name every game's character has
    return char.get("name") or cid


def passed_over_why(system: System[C], desk: Desk[C], cid: str) -> str | None:
    """Why `cid`'s turn is passed over ("Brann is dead"), or None for the living."""
    if system.passed_over is None:
        return None
    why = system.passed_over(desk.peek(cid))
    return None if why is None else why.replace("{who}", name(desk, cid))


def running(desk: Desk[C], system: System[C], mode: str | None = None) -> Encounter:
    enc = encounter_of(desk.settings)
    if enc is None:
        raise Refused("no encounter is running: start one first (`start_encounter`)")
    if mode == "turns" and enc["mode"] != "turns":
        raise Refused(f"this {system.title} encounter is in spotlight mode, with no turns: "
                      "mark who has acted (`mark_acted`) and move on with `next_round`")
    if mode == "spotlight" and enc["mode"] != "spotlight":
        raise Refused("this encounter takes turns in order: move on with `next_turn`")
    return enc.copy()


def turn_index(enc: Encounter) -> int:
    """The index into the order of whose turn it is: always set in turns mode."""
    return cast(int, enc["turn"])


def read_order(desk: Desk[C], action: Action, key: str = "order") -> list[str]:
    order = fields.listing(action, key)
    if not order:
        raise Refused(f"`{key}` is empty: name at least one character")
    seen: set[str] = set()
    for cid in order:
        if not isinstance(cid, str):
            raise Refused(f"`{key}` must be a list of character ids, not {quoted(cid)}")
        if cid in seen:
            raise Refused(f"{name(desk, cid) if desk.has(cid) else quoted(cid)} is named twice "
                          f"in `{key}`")
        seen.add(cid)
        desk.peek(cid)  # refuses an id not on the desk
    return list(order)


def read_initiative(desk: Desk[C], action: Action) -> dict[str, int] | None:
    if action.get("initiative") is None:
        return None
    given = fields.mapping(action, "initiative")
    out = {}
    for cid in given:
        desk.peek(cid)
        out[cid] = fields.whole(given, cid, minimum=INITIATIVE[0], maximum=INITIATIVE[1])
    if not out:
        raise Refused("`initiative` is empty: give each character's initiative")
    return out


def by_initiative(desk: Desk[C], initiative: dict[str, int]) -> list[str]:
    """Highest initiative first; ties keep the desk's order."""
    place = {cid: i for i, cid in enumerate(desk.ids())}
    return sorted(initiative, key=lambda cid: (-initiative[cid], place[cid]))


def order_words(desk: Desk[C], order: list[str], initiative: dict[str, int] | None) -> str:
    if not initiative:
        return ", ".join(name(desk, c) for c in order)
    return ", ".join(name(desk, c) + (f" ({initiative[c]})" if c in initiative else "")
                     for c in order)


def under(heading: str, who: str, events: list[Event]) -> list[Event]:
    """The game's turn effects told under the turn's heading: "Karis: Save against …"
    becomes "Karis's turn ends: Save against …"; the game's own "ends the turn" line
    gives way to the heading."""
    kept = [e for e in events if e.kind != "turn"]
    if not kept:
        return []
    return [Event(e.kind, e.target, f"{heading}: {e.text[len(who) + 2:]}", e.data)
            if e.text.startswith(f"{who}: ") else e for e in kept]


def begin_turn(system: System[C], desk: Desk[C], action: Action,
               enc: Encounter) -> list[Event]:
    """The turn of `enc`'s current character begins: the game's start-of-turn effects."""
    cid = enc["order"][turn_index(enc)]
    who = name(desk, cid)
    events = [Event("turn_begins", cid, f"Round {enc['round']}: {who}'s turn begins",
                    {"round": enc["round"], "turn": enc["turn"]})]
    if system.turn_starts is not None:
        events += [e for e in system.turn_starts(desk, action, cid) if e.kind != "turn"]
    return events


def next_living(system: System[C], desk: Desk[C], enc: Encounter, start: int
                ) -> tuple[int, int, list[Event]]:
    """(index, rounds gone by, the passed-over lines): the first living character in
    order from `start` on, wrapping into the next round past the last."""
    order = enc["order"]
    passed: list[Event] = []
    for step in range(len(order)):
        index = (start + step) % len(order)
        why = passed_over_why(system, desk, order[index])
        if why is None:
            return index, (start + step) // len(order), passed
        passed.append(Event("passed_over", order[index], f"{why}: their turn is passed over"))
    raise Refused("everyone in the encounter's order is dead: no one's turn can begin; "
                  "end the encounter (`end_encounter`)")


def start_encounter(system: System[C], desk: Desk[C], action: Action) -> list[Event]:
    """Round 1; in turns mode the first living character in order starts their turn."""
    enc = encounter_of(desk.settings)
    if enc is not None:
        raise Refused(f"an encounter is already running (round {enc['round']}): end it "
                      "first (`end_encounter`)")
    mode = action.get("mode", system.clock_modes[0])
    if mode not in system.clock_modes:
        if mode in MODES:
            lacking = "initiative" if mode == "turns" else "spotlight"
            raise Refused(f"{system.title} has no {lacking}"
                          f": its encounters are in {' or '.join(system.clock_modes)} mode")
        raise Refused(f"`mode` must be one of {', '.join(system.clock_modes)}, not {quoted(mode)}")
    initiative = read_initiative(desk, action)
    if initiative is not None and mode == "spotlight":
        raise Refused(f"{system.title} has no initiative: leave `initiative` out, and mark "
                      "who has acted each round")
    if action.get("order") is None and initiative is None:
        raise Refused("`order` is missing: name the characters in the encounter, or give "
                      "their `initiative`")
    order = read_order(desk, action) if action.get("order") is not None \
        else by_initiative(desk, cast("dict[str, int]", initiative))  # given, as checked
    stray = [c for c in initiative or () if c not in order]
    if stray:
        raise Refused(f"{name(desk, stray[0])} has an initiative but is not in `order`")
    enc = {"mode": mode, "order": order, "round": 1, "turn": None, "acted": []}
    if initiative is not None:
        enc["initiative"] = initiative
    events = [Event("encounter_starts", None,
                    f"The encounter begins, round 1: {order_words(desk, order, initiative)}",
                    {"order": order, "mode": mode})]
    if mode == "spotlight":
        set_encounter(desk, enc)
        return events
    enc["turn"], _, passed = next_living(system, desk, enc, 0)
    set_encounter(desk, enc)
    return events + passed + begin_turn(system, desk, action, enc)


def next_turn(system: System[C], desk: Desk[C], action: Action) -> list[Event]:
    """The end-of-turn effects of the one whose turn ends, then the start-of-turn effects
    of the next living one in order; past the last, the next round."""
    enc = running(desk, system, "turns")
    ending = enc["order"][turn_index(enc)]
    who = name(desk, ending)
    heading = f"{who}'s turn ends"
    gone = passed_over_why(system, desk, ending)
    events: list[Event] = []
    if gone is not None:
        given = [k for k in system.turn_end_fields if action.get(k) is not None]
        if given:
            raise Refused(f"{gone}: nothing happens at the end of their turn; leave out "
                          f"`{given[0]}`")
        events.append(Event("turn_ends", ending, f"{heading} ({gone})"))
    else:
        told = under(heading, who, system.turn_ends(desk, action, ending)) \
            if system.turn_ends is not None else []
        events += told or [Event("turn_ends", ending, heading)]
    index, rounds, passed = next_living(system, desk, enc, turn_index(enc) + 1)
    enc["turn"], enc["round"] = index, enc["round"] + rounds
    set_encounter(desk, enc)
    return events + passed + begin_turn(system, desk, action, enc)


def set_order(system: System[C], desk: Desk[C], action: Action) -> list[Event]:
    """The order rearranged (characters who joined added, others left out); whose turn
    it is stays with that character."""
    enc = running(desk, system)
    order = read_order(desk, action)
    current = whose_turn(desk.settings)
    if current is not None and current not in order:
        raise Refused(f"it is {name(desk, current)}'s turn: they stay in the order until "
                      "their turn ends")
    enc["order"] = order
    if current is not None:
        enc["turn"] = order.index(current)
    enc["acted"] = [c for c in enc["acted"] if c in order]
    if "initiative" in enc:
        enc["initiative"] = {c: v for c, v in enc["initiative"].items() if c in order}
    set_encounter(desk, enc)
    return [Event("order", None, f"The order: {order_words(desk, order, enc.get('initiative'))}",
                  {"order": order})]


def mark_acted(system: System[C], desk: Desk[C], action: Action) -> list[Event]:
    """Spotlight: `target` has acted this round; marking them again takes it back."""
    enc = running(desk, system, "spotlight")
    target = action.get("target")
    if target is None:
        raise Refused("`target` is missing: who has acted?")
    ids = read_order(desk, {"target": target if isinstance(target, list) else [target]},
                     "target")
    acted, events = list(enc["acted"]), []
    for cid in ids:
        if cid not in enc["order"]:
            raise Refused(f"{name(desk, cid)} is not in the encounter: add them to the order "
                          "first (`set_order`)")
        if cid in acted:
            acted.remove(cid)
            events.append(Event("acted", cid, f"{name(desk, cid)} has not acted this round "
                                "after all", {"acted": False, "round": enc["round"]}))
        else:
            acted.append(cid)
            events.append(Event("acted", cid, f"Round {enc['round']}: {name(desk, cid)} has "
                                "acted", {"acted": True, "round": enc["round"]}))
    enc["acted"] = [c for c in enc["order"] if c in acted]
    set_encounter(desk, enc)
    return events


def next_round(system: System[C], desk: Desk[C], action: Action) -> list[Event]:
    """Spotlight: a new round; nobody has acted in it yet."""
    enc = running(desk, system, "spotlight")
    waiting = [name(desk, c) for c in enc["order"] if c not in enc["acted"]]
    text = f"Round {enc['round']} ends"
    if waiting:
        text += f" ({', '.join(waiting)} did not act)"
    enc["round"] += 1
    enc["acted"] = []
    set_encounter(desk, enc)
    return [Event("round", None, f"{text}; round {enc['round']} begins",
                  {"round": enc["round"]})]


def end_scene(system: System[C], desk: Desk[C], action: Action, why: str) -> list[Event]:
    """The encounter ends and the game's scene effects with it, for everyone on the desk."""
    enc = cast(Encounter, encounter_of(desk.settings))  # it runs until it ends here
    text = f"The encounter ends {why}"
    if system.scene_end_words:
        text += f": {system.scene_end_words}"
    events = [Event("encounter_ends", None, text, {"round": enc["round"]})]
    if system.scene_ends is not None:
        for cid in desk.ids():
            events += system.scene_ends(desk, action, cid)
    set_encounter(desk, None)
    return events


def end_encounter(system: System[C], desk: Desk[C], action: Action) -> list[Event]:
    enc = running(desk, system)
    return end_scene(system, desk, action, f"in round {enc['round']}")


def character_leaves(system: System[C], desk: Desk[C], action: Action,
                     cid: str) -> list[Event]:
    """A character removed from the desk leaves the order; whose turn it is moves on to
    the next living one in order if it was theirs, as `next_turn` passes it (without their
    start-of-turn effects, which the GM applies if they apply); nobody left, the encounter
    ends."""
    enc = encounter_of(desk.settings)
    if enc is None or cid not in enc["order"]:
        return []
    enc = enc.copy()
    index = enc["order"].index(cid)
    enc["order"] = [c for c in enc["order"] if c != cid]
    enc["acted"] = [c for c in enc["acted"] if c != cid]
    if "initiative" in enc:
        enc["initiative"] = {c: v for c, v in enc["initiative"].items() if c != cid}
    if not enc["order"]:
        return end_scene(system, desk, action, "with nobody left in it")
    events = []
    if enc["turn"] is not None:
        if index < enc["turn"]:
            enc["turn"] -= 1
        elif index == enc["turn"]:
            events += turn_passes_on(system, desk, enc)
    set_encounter(desk, enc)
    return events


def turn_passes_on(system: System[C], desk: Desk[C], enc: Encounter) -> list[Event]:
    """The turn of the one leaving passes to the next living one in order from where they
    stood (past the last, into the next round); `enc` is changed in place."""
    try:
        enc["turn"], rounds, passed = next_living(system, desk, enc, turn_index(enc))
    except Refused:
        raise Refused("it is their turn, and everyone else in the encounter's order is "
                      "dead: no one's turn can begin; end the encounter (`end_encounter`) "
                      "before they leave the desk") from None
    enc["round"] += rounds
    text = f"Round {enc['round']}: the turn passes to {name(desk, enc['order'][turn_index(enc)])}"
    if system.turn_starts is not None:
        text += " (its start-of-turn effects are not applied)"
    return passed + [Event("turn_passes", enc["order"][turn_index(enc)], text)]


ACTIONS = {"start_encounter": start_encounter, "set_order": set_order,
           "next_turn": next_turn, "mark_acted": mark_acted, "next_round": next_round,
           "end_encounter": end_encounter}


def apply_clock(system: System[C], desk: Desk[C], action: Action,
                kind: str) -> list[Event]:
    """One clock action, refused by name in a game that does not play it."""
    if kind not in actions_of(system):
        if kind in TURNS_ONLY:
            raise Refused(f"{system.title} has no initiative or turns: mark who has acted "
                          "(`mark_acted`) and move on with `next_round`")
        raise Refused(f"{system.title} encounters take turns in order: move on with "
                      "`next_turn`")
    fields.refuse_unknown(action, fields_of(system, kind), kind, also=fields.ACTION_KEYS)
    return ACTIONS[kind](system, desk, action)
