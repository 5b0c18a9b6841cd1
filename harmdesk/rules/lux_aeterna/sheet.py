"""Lux Aeterna character sheets: reading them into state, and editing them (LA-3, LA-10, LA-12)."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from .. import fields
from ..core import Desk, Event, Refused, listed, quoted
from ..shapes import JSON, Character, Settings
from .common import (
    CONDITIONS,
    DIE_CHAIN,
    INFECTION,
    NOT_IN_FORCE,
    POSITIVE,
    TRAUMA_CONDITIONS,
    WITH_AMOUNT,
    current_resolve_die,
    moved,
    set_conscious,
    who,
)


class Condition(TypedDict):
    """One status condition on a character (LA-14 … LA-16), as `new_condition` makes it."""

    name: str  # one of CONDITIONS
    origin_level: int  # the Level of its origin: the Save's Difficulty, in Bumps
    bumps: int  # Save Bumps so far
    amount: int | None  # Ongoing Damage's and Regenerating's X
    from_trauma: bool  # a Trauma's condition lasts until the Trauma heals (LA-10)
    save_ends: bool
    rounds: int | None
    # at most one of these, kept only when given (LA-15), and Fixated's enemy (an id)
    until: NotRequired[str]  # one of UNTIL
    duration: NotRequired[str]  # the GM's note ("10 minutes")
    enemy: NotRequired[str]
    damage_saves: NotRequired[int]  # Charmed: the Saves damage gave, not rolled yet


class Sustained(TypedDict):
    """An effect a character sustains (`sustain.py`)."""

    effect: str
    concentration: bool


class LuxFields(TypedDict):
    """A Lux Aeterna character's own fields, as `make_character` makes them."""

    max_hp: int
    hp: int  # below 0: HP Debt (LA-3)
    endurance: int
    conscious: bool
    wounded: bool
    stabilized: bool
    strain: int
    max_strain: int
    dead: bool
    traumas: list[int]  # the Trauma table numbers in force (LA-10)
    trauma_bumps: int
    conditions: list[Condition]
    save_score: int
    base_resolve_die: str  # the sheet's, of DIE_CHAIN
    resolve_die: str  # the sheet's, made smaller by each Open Wound
    resolve_dice: int  # unspent
    resolve_dice_max: int
    base_physical_vulnerability: int
    infections: list[int]  # one count per Infection in force
    physical_vulnerability: int
    # the day medical aid last restored HP (LA-8); a character saved before days were
    # counted kept only `medical_aid_used` (`days.aid_day`)
    medical_aid_day: NotRequired[int | None]
    medical_aid_used: NotRequired[bool]
    # states saved before these lists existed lack them
    treated_traumas: NotRequired[list[int]]
    sustaining: NotRequired[list[Sustained]]
    saved_round: NotRequired[int]  # the round of the last once-per-round Save (LA-14)
    # a creature's Level: the Save Difficulty, in Bumps, of the effects it causes (LA-14)
    level: NotRequired[int]


class LuxCharacter(Character, LuxFields):
    """A Lux Aeterna character on the desk: the common fields and its own."""


LuxDesk = Desk[LuxCharacter]


SHEET_FIELDS = ("max_hp", "max_strain", "save_score", "resolve_die", "resolve_dice",
                "physical_vulnerability", "level")
CONDITION_FIELDS = ("name", "origin_level", "amount", "save_ends", "rounds", "until",
                    "duration")
# LA-15: "Every effect has a different duration": besides rounds, one that ends with the
# scene or a Full Rest, or a length the GM keeps as a note ("10 minutes") and ends by hand
UNTIL = ("scene", "full_rest")
DURATION_LENGTH = 60
# what each number of a sheet may hold (lowest, highest): the character dialog offers the same
LIMITS = {"max_hp": (1, fields.MOST), "hp": (-fields.MOST, fields.MOST),  # HP Debt (LA-3)
          "max_strain": (1, 20), "strain": (0, 20), "save_score": (-fields.MOST_COUNT,
                                                                   fields.MOST_COUNT),
          "resolve_dice": (0, 20), "endurance": (0, fields.MOST),
          "trauma_bumps": (0, fields.MOST_COUNT),
          "physical_vulnerability": (0, fields.MOST_COUNT), "level": (0, fields.MOST_COUNT)}
INITIAL_STATE = ("hp", "endurance", "strain", "wounded", "stabilized", "dead", "traumas",
                 "trauma_bumps", "conditions")


def save_endable_by_default(name: str, from_trauma: bool) -> bool:
    """LA-14/LA-15: "a Save can usually end a Status Condition": every negative condition
    unless a Trauma brings it (LA-10: those last until the Trauma heals); positive
    conditions are the character's own boons and are not saved against."""
    return not from_trauma and name not in POSITIVE


def new_condition(name: str, origin_level: int = 0, amount: int | None = None,
                  from_trauma: bool = False, save_ends: bool | None = None,
                  rounds: int | None = None, **lasting: str | None) -> Condition:
    """One condition instance as the state stores it (LA-15). `lasting`: `until`,
    `duration`, Fixated's `enemy`, each kept only when given, so states saved before
    them read the same."""
    if save_ends is None:
        save_ends = save_endable_by_default(name, from_trauma)
    return cast(Condition, {"name": name, "origin_level": origin_level, "bumps": 0,
                            "amount": amount, "from_trauma": from_trauma,
                            "save_ends": save_ends, "rounds": rounds,
                            **{k: v for k, v in lasting.items() if v is not None}})


def read_duration(spec: JSON) -> tuple[int | None, dict[str, str | None]]:
    """LA-15: at most one of `rounds`, `until` (scene, full_rest) or `duration` (text)."""
    given = [k for k in ("rounds", "until", "duration") if spec.get(k) is not None]
    if len(given) > 1:
        raise Refused(f"give one duration, not {' and '.join(f'`{k}`' for k in given)}")
    rounds = fields.whole(spec, "rounds", default=None, minimum=1)
    until = fields.choice(spec, "until", UNTIL, default=None)
    duration = fields.text(spec, "duration", default=None)
    if duration is not None:
        duration = duration.strip()
        if len(duration) > DURATION_LENGTH:
            raise Refused(f"`duration` is {len(duration)} characters long; say it in at most "
                          f"{DURATION_LENGTH}")
    return rounds, {"until": until, "duration": duration}


def read_condition(spec: JSON) -> Condition:
    """Read `name`, `origin_level`, `amount`, `save_ends` and the duration of a condition
    (LA-14/15/16)."""
    name = fields.name(spec, "name", CONDITIONS, what="condition")
    save_ends = fields.flag(spec, "save_ends", save_endable_by_default(name, False))
    if save_ends:
        origin = fields.whole(spec, "origin_level", default=None, minimum=1)
        if origin is None:
            raise Refused(f"{name} ends on a Save, so `origin_level` (the Level of its origin, "
                          "the Save's Difficulty) is needed")
    else:
        origin = fields.whole(spec, "origin_level", default=0)
    if name in WITH_AMOUNT:
        amount = fields.whole(spec, "amount", minimum=1)
    elif spec.get("amount") is not None:
        raise Refused(f"`amount` is only for {' and '.join(WITH_AMOUNT)}, not {name}")
    else:
        amount = None
    rounds, lasting = read_duration(spec)
    return new_condition(name, origin, amount, False, save_ends, rounds, **lasting)


def trauma_list(value: Any) -> list[int]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(
            isinstance(t, int) and not isinstance(t, bool) and 1 <= t <= 20 for t in value):
        raise Refused(f"`traumas` must be a list of Trauma table numbers (1 to 20), not "
                      f"{quoted(value)}")
    return [t for t in value if t not in NOT_IN_FORCE]


def make_character(sheet: JSON, settings: Settings) -> LuxFields:
    """A new character's fields and state. hp defaults to max_hp, Resolve dice start unspent."""
    fields.refuse_unknown(sheet, SHEET_FIELDS + INITIAL_STATE, "Lux Aeterna")
    max_hp = fields.limited(sheet, "max_hp", LIMITS)
    max_strain = fields.limited(sheet, "max_strain", LIMITS, default=3)
    die = fields.choice(sheet, "resolve_die", DIE_CHAIN, default="d6")
    dice_count = fields.limited(sheet, "resolve_dice", LIMITS, default=0)
    traumas = trauma_list(sheet.get("traumas"))
    hp = fields.limited(sheet, "hp", LIMITS, default=max_hp, maximum=max_hp)
    wounded = fields.flag(sheet, "wounded")
    if wounded and hp >= 1:
        raise Refused("`wounded` needs `hp` at 0 or below (Wounded ends at 1 HP)")
    stabilized = fields.flag(sheet, "stabilized")
    if stabilized and not wounded:
        raise Refused("`stabilized` only applies to a Wounded character")
    if fields.flag(sheet, "dead") and hp == max_hp:
        raise Refused(f"`dead` is true but `hp` is full ({hp} of {max_hp}): death comes with a "
                      "Trauma or maximum Strain while Wounded")
    infections = [1] * traumas.count(INFECTION)
    base_vulnerability = fields.limited(sheet, "physical_vulnerability", LIMITS, default=0)
    conditions = [new_condition(TRAUMA_CONDITIONS[t], from_trauma=True)
                  for t in traumas if t in TRAUMA_CONDITIONS]
    for i, spec in enumerate(fields.listing(sheet, "conditions", default=[])):
        if not isinstance(spec, dict):
            raise Refused(f"`conditions[{i}]` must be an object with a `name`")
        stray = [k for k in spec if k not in CONDITION_FIELDS]
        if stray:
            raise Refused(f"`conditions[{i}]`: unknown field {listed(stray)}; "
                          f"known: {', '.join(CONDITION_FIELDS)} (a Trauma's conditions come "
                          "from `traumas`)")
        conditions.append(read_condition(spec))
    char: LuxFields = {
        "max_hp": max_hp, "hp": hp,
        "endurance": fields.limited(sheet, "endurance", LIMITS, default=0),
        "conscious": True, "wounded": wounded, "stabilized": stabilized,
        "strain": fields.limited(sheet, "strain", LIMITS, default=0, maximum=max_strain),
        "max_strain": max_strain, "dead": fields.flag(sheet, "dead"),
        "traumas": traumas,
        "trauma_bumps": fields.limited(sheet, "trauma_bumps", LIMITS, default=0),
        "conditions": conditions,
        "save_score": fields.limited(sheet, "save_score", LIMITS, default=0),
        "base_resolve_die": die, "resolve_die": die,
        "resolve_dice": dice_count, "resolve_dice_max": dice_count,
        "base_physical_vulnerability": base_vulnerability, "infections": infections,
        "physical_vulnerability": base_vulnerability + sum(infections),
        "medical_aid_day": None,  # the day medical aid last restored HP (LA-8)
        # read with defaults: states saved before these lists existed lack them
        "treated_traumas": [], "sustaining": [],
    }
    if sheet.get("level") is not None:
        char["level"] = fields.limited(sheet, "level", LIMITS)
    char["resolve_die"] = current_resolve_die(char)
    set_conscious(char)
    return char


def edit_character(char: LuxCharacter, changes: JSON, settings: Settings) -> list[Event]:
    """Sheet edits. Lowering a maximum below the current value lowers the current value."""
    unknown = [k for k in changes if k not in SHEET_FIELDS]
    if unknown:
        raise Refused(f"{listed(unknown)} cannot be edited on a Lux Aeterna sheet; "
                      f"editable: {', '.join(SHEET_FIELDS)}")
    events: list[Event] = []
    name = who(char)
    if "max_hp" in changes:
        new = fields.limited(changes, "max_hp", LIMITS)
        before = char["hp"]
        char["max_hp"] = new
        char["hp"] = min(char["hp"], new)
        text = f"{name}: max HP {new}"
        if char["hp"] != before:
            text += f"; {moved(before, char['hp'])}"
        events.append(Event("edit_character", char["id"], text,
                            {"hp_before": before, "hp_after": char["hp"], "max_hp": new}))
    if "max_strain" in changes:
        new = fields.limited(changes, "max_strain", LIMITS)
        char["max_strain"] = new
        char["strain"] = min(char["strain"], new)
        events.append(Event("edit_character", char["id"],
                            f"{name}: max Strain {new}; Strain {char['strain']}"))
    if "save_score" in changes:
        char["save_score"] = fields.limited(changes, "save_score", LIMITS)
        events.append(Event("edit_character", char["id"],
                            f"{name}: Save score {char['save_score']}"))
    if "resolve_die" in changes:
        char["base_resolve_die"] = fields.choice(changes, "resolve_die", DIE_CHAIN)
        char["resolve_die"] = current_resolve_die(char)
        events.append(Event("edit_character", char["id"],
                            f"{name}: Resolve die {char['base_resolve_die']} on the sheet, "
                            f"{char['resolve_die']} now"))
    if "resolve_dice" in changes:
        new = fields.limited(changes, "resolve_dice", LIMITS)
        char["resolve_dice_max"] = new
        char["resolve_dice"] = min(char["resolve_dice"], new)
        events.append(Event("edit_character", char["id"],
                            f"{name}: {new} Resolve dice; {char['resolve_dice']} unspent"))
    if "physical_vulnerability" in changes:
        char["base_physical_vulnerability"] = fields.limited(changes, "physical_vulnerability",
                                                             LIMITS)
        char["physical_vulnerability"] = char["base_physical_vulnerability"] + sum(
            char["infections"])
        events.append(Event("edit_character", char["id"],
                            f"{name}: Physical Vulnerability {char['physical_vulnerability']}"))
    if "level" in changes:
        if changes["level"] is None:
            char.pop("level", None)
        else:
            char["level"] = fields.limited(changes, "level", LIMITS)
        events.append(Event("edit_character", char["id"],
                            f"{name}: Level {char.get('level', 'not given')}"))
    set_conscious(char)
    return events
