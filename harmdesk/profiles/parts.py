"""What a display profile is made of: plain data the window, the summary and the
service read (no Qt, no SQL).

A game's profile (`profiles/<game>.py`) fills these in: the facts its tiles show (`TileFacts`,
`Bar`), its chips and edits, its sheet fields, its quick-entry forms and modifiers, its clock and
its report facts. The rules decide every number; a profile only names and arranges them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..rules.engine import full_settings, system_named
from ..rules.fields import MOST_COUNT
from ..rules.system import DANGER_KINDS, PARTY_KINDS

# a character's sheet as a profile reads it (each game's TypedDict is one)
Sheet = Mapping[str, Any]

KIND_LABELS = {"pc": "PC", "follower": "Follower", "npc": "NPC", "monster": "Monster",
               "object": "Object"}


@dataclass(frozen=True)
class EndState:
    """How an end state looks and reads on a tile. The window maps the tone to its colour:
    "ended" (out of the story: hatched, in the danger colour), "grave" (the danger colour),
    "down" (the warning colour), or "" (no colour)."""

    label: str
    tone: str = ""
    recovered: str = "back on their feet"  # how leaving it reads where the next has no label
    dashed: bool = False  # the tile's outline is dashed (a thing broken, not yet destroyed)


UNHARMED = EndState("")  # "ok": no end state


@dataclass(frozen=True)
class Bar:
    value: int
    maximum: int
    text: str
    marks: tuple[tuple[int, str], ...] = ()
    # True when the bar fills with harm taken (Freedom Fantasies), not with HP left
    fills_with_harm: bool = False
    number: int | None = None  # the signed figure the bar stands for, when it differs

    @property
    def figure(self) -> int:
        return self.value if self.number is None else self.number


@dataclass(frozen=True)
class TileFacts:
    name: str
    kind: str
    bar: Bar
    guard: tuple[str, str] | None          # ("Armor", "2") or ("Block", "3")
    buffer: tuple[str, str] | None         # ("Endurance", "5") or ("Protection", "4 · ward")
    badges: tuple[str, ...] = ()
    status: str = "ok"
    extra: tuple[str, ...] = field(default_factory=tuple)
    end_state: EndState = UNHARMED  # how `status` looks, as the game's profile reads it

    @property
    def status_label(self) -> str:
        return self.end_state.label

    def status_change(self, before: TileFacts) -> str:
        """How this status reads after `before`'s: its label, or how leaving it reads
        (a person is back on their feet, a thing repaired)."""
        return self.status_label or before.end_state.recovered

    def description(self) -> str:
        """One sentence for screen readers and tooltips."""
        parts = [f"{self.name}, {self.kind}", self.bar.text]
        for pair in (self.guard, self.buffer):
            if pair:
                parts.append(f"{pair[0]} {pair[1]}")
        if self.status_label:
            parts.append(self.status_label)
        if self.badges:
            parts.append("marked: " + ", ".join(self.badges))
        return "; ".join(parts)


# A rule's ID as RULES.md writes it: ST-9, ST-2 (b), ST-9 b, LA-10 #3, LA-14 … LA-16.
_ID = r"[A-Z]{2}-\d+(?: ?\(?[a-z]\)?(?![a-z])| #\d+)?"
_IDS = _ID + r"(?:\s*(?:,|…|and|/)\s*" + _ID + r")*"
_IDS_IN_BRACKETS = re.compile(r"\s*\(" + _IDS + r"\)")
_ID_AT_START = re.compile(r"^" + _IDS + r":\s*")


def without_rule_ids(text: str) -> str:
    """Text for the GM without the rules' IDs: 'Death's Door (ST-7)' -> 'Death's Door'.
    The IDs stay in the log's details, where the rules can be looked up."""
    text = str(text)
    if _ID_AT_START.match(text):  # "ST-6: followers go…" reads as "Followers go…"
        text = _ID_AT_START.sub("", text)
        text = text[:1].upper() + text[1:]
    return _IDS_IN_BRACKETS.sub("", text)


def words(name) -> str:
    """A snake_case rules name as words: ongoing_damage -> ongoing damage."""
    return str(name).replace("_", " ")


@dataclass(frozen=True)
class Form:
    """One way of writing something in the quick entry, as the Help page lists it."""

    example: str
    meaning: str
    word: str = ""  # the word that starts it (lose), when it is not an amount


@dataclass(frozen=True)
class Modifier(Form):
    """A word after the amount that adds to the damage (`p1`, `nl`, `fire`)."""

    pattern: str = ""
    read: Callable[[re.Match], dict] = lambda m: {}

    def match(self, token: str) -> re.Match | None:
        return re.fullmatch(self.pattern, token)


# What every game's quick entry reads; each profile adds its own forms after these.
HEADS = (
    Form("7", "7 damage to each selected tile"),
    Form("d8+3", "damage dice: HarmDesk rolls them, or asks for the faces you rolled"),
    Form("heal 4", "heal 4 (also h4 or +4; heal d6 rolls a d6)"),
)


# The modifier toggles the tray knows. Non-lethal reads two ways: out of the action at
# 0 HP (ST-6), or knocked out without a Wound (LA-4).
MODIFIERS = ("piercing", "ignores_armor", "non_lethal", "non_lethal_knockout",
             "attacker_weakened", "damage_type", "direct", "additional")
NOT_TRACKED = -1  # a sheet's number field at its lowest: not tracked (null)


@dataclass(frozen=True)
class Chip:
    """A tray chip whose only input is the tile it lands on."""

    label: str
    action: Mapping[str, Any]
    tip: str
    ask: str | None = None  # the drop asks for more ("condition": its origin Level)


@dataclass(frozen=True)
class Edit:
    """A table column the GM may type into: the action it becomes and the field it sets."""

    action: str            # edit_character (a sheet edit) or set_state (a GM correction)
    key: str
    label: str             # what the GM calls it, in messages
    empty_ok: bool = False  # empty means not tracked


@dataclass(frozen=True)
class SheetField:
    """A field of the character sheet dialog."""

    key: str
    label: str
    kind: str              # int, supplies, die or types
    options: tuple = ()    # (lowest, highest, default) for numbers; the choices for a die
    tip: str = ""
    source: str | None = None  # where an edited character keeps the sheet's value


@dataclass(frozen=True)
class Starter:
    """A danger the rules texts name, as a creature template to start a library with: what
    the text gives, and nothing it does not (the GM fills in the rest when adding it)."""

    name: str
    kind: str
    source: str                       # the words it comes from, quoted
    hp: str | None = None             # None: the text gives none
    sheet: Mapping[str, Any] = field(default_factory=dict)
    attack: Mapping[str, Any] | None = None
    count: int = 1
    notes: str = ""


@dataclass(frozen=True)
class LibraryFields:
    """What a creature template of this game holds besides its name, kind and HP."""

    hp_field: str = "max_hp"          # the sheet field a template's HP fills
    fields: tuple[SheetField, ...] = ()  # the game's own harm fields (armor, Level ...)
    starters: tuple[Starter, ...] = ()
    # (the template's name, its harm fields) -> what else a copy's sheet needs for them
    completes: Callable[[str, Mapping[str, Any]], dict[str, Any]] = lambda name, values: {}


@dataclass(frozen=True)
class DeathRuling:
    """The GM's ruling on life and death (`set_death`) as this game reads it."""

    key: str                                  # the action's and the state's field
    heading: str
    choices: tuple[tuple[str, Any], ...]      # (label, value)
    proposed: Callable[[list[dict]], Any]     # the ruling offered first for these characters
    where: Callable[[Sheet], str]              # a character's state in words
    alive: Callable[[Any], bool]              # HP (and Strain) go with this ruling
    changes: Callable[[Sheet, Any, Any], bool]  # (char, value, hp): the ruling changes them
    lowest_hp: int = 0
    sets_strain: bool = False


SUPPLIES = SheetField("supplies", "&Supplies:", "supplies", (NOT_TRACKED, MOST_COUNT, NOT_TRACKED),
                      "Uses of supplies; 'not tracked' leaves them to the table")


def _nothing(*_args) -> None:
    return None


@dataclass(frozen=True)
class ReportFacts:
    """How events and states read in a session summary."""

    charts_damage: bool                       # Damage builds up against HP, not HP left
    taken_heading: str
    fates_heading: str
    marker_columns: tuple[tuple[str, str], ...]  # (key, heading): what is marked, gained
    markers: Callable[[Sheet], list[str]]
    fate: Callable[[Sheet], str | None]
    death: Callable[[Sheet], str | None]
    ended: Callable[[Sheet], bool]
    margin: Callable[[Sheet], float]
    standing: Callable[[Sheet], str]
    marks: Callable[[Sheet], tuple[tuple[int, str], ...]] = lambda char: ()
    trauma: Callable[[Sheet], str | None] = _nothing
    # an event that ends a character: (what ended, in the rules' word: "Death",
    # "Destroyed"; a note or ""), for the summary's highlights
    ending: Callable[[Sheet], tuple[str, str] | None] = _nothing


@dataclass(frozen=True)
class Look:
    """One row of a game's words table for the players' display: how a state reads."""

    key: str            # "badly_hurt"
    words: str          # "badly hurt": what the players read (the GM may reword it)
    tone: str           # "fine", "hurt", "grave", "down", "dead" or "note": colour and symbol
    meaning: str        # when it shows, for the GM rewording the table
    sentence: str = "{name} is {words}"  # how a change to it is announced


def _unhurt(char: dict) -> tuple[str, tuple[str, ...]]:
    return "unhurt", ()


def _no_saves(char: dict, settings: dict) -> tuple[tuple[str, str], ...]:
    return ()


@dataclass(frozen=True)
class Clock:
    """How the encounter bar runs this game's encounters (the rules keep the count)."""

    # the rules' own (`System.clock_modes`): "turns": Next turn fires turn effects;
    # "spotlight": who acted
    mode: str = "turns"
    initiative_dice: str = "d20"  # what the Roll button rolls, unless the GM types another
    # (char, desk settings) -> the conditions it may Save against as its turn ends, as the
    # rules offer them: (name, label)
    turn_saves: Callable[[Sheet, dict], tuple[tuple[str, str], ...]] = _no_saves
    save_rule: str = ""          # the prompt's reminder of the rule ("once per round … LA-14")

    @property
    def initiative(self) -> bool:
        """An initiative per character, typed or rolled: the turns take it; the spotlight
        has none."""
        return self.mode == "turns"


@dataclass(frozen=True)
class Profile:
    name: str
    title: str
    kinds: tuple[str, ...]
    tile_facts: Callable[[Sheet], TileFacts]
    # the table: one heading per column, and the columns (bar, guard, buffer) the GM edits
    headers: tuple[str, ...]
    edits: Mapping[str, Edit]
    # the tray
    severity: tuple[tuple[str, str], ...]     # (die, the harm it stands for)
    move_chips: tuple[Chip, ...]
    condition_chips: tuple[Chip, ...]
    conditions_title: str
    gang: bool                                # several attackers as one (a gang-up)
    modifiers: tuple[str, ...]
    attack_fields: tuple[str, ...]            # what an attack on a sheet holds besides dice
    # the quick entry: its forms, in the Help page's order
    quick_forms: tuple
    # dialogs
    condition_pages: tuple[str, ...]
    moves_pages: tuple[str, ...]
    sheet: tuple[SheetField, ...]
    death_ruling: DeathRuling | None
    no_death_ruling: str
    ends_scenes: bool                         # End scene: everyone loses their Endurance
    report: ReportFacts
    party_kinds: tuple[str, ...] = PARTY_KINDS
    danger_kinds: tuple[str, ...] = DANGER_KINDS
    object_kinds: tuple[str, ...] = ()  # things, not people: they are not in the party's fight
    # the rules' own word lists the dialogs offer (the rules' objects, not copies)
    debilities: tuple[str, ...] = ()
    death_words: Mapping[str, str] = field(default_factory=dict)
    conditions: tuple[str, ...] = ()
    positive_conditions: tuple[str, ...] = ()   # boons, not harm
    conditions_with_amount: tuple[str, ...] = ()
    trauma_names: Mapping[int, str] = field(default_factory=dict)
    # char -> its problematic wounds as objects (text, source, permanent, requirements, and
    # `lasting`: the words of the effects it has now, none once they have ended)
    wounds: Callable[[Sheet], list[dict]] = lambda char: []
    # the log's details: the IDs in RULES.md each action applies, and the rules an
    # action's own fields bring in, as (field, value or None for any, IDs)
    rule_ids: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    rule_ids_by_field: tuple[tuple[str, Any, tuple[str, ...]], ...] = ()
    # FF-11: (total healed, the d20) -> whether the rules take that split
    medicine_split_fits: Callable[[int, int], bool] | None = None
    # the players' display: the words table, and a character's row in it with the keys
    # (or plain words) of what else the players may see of it
    player_looks: tuple[Look, ...] = (Look("unhurt", "unhurt", "fine", "always"),)
    player_look: Callable[[Sheet], tuple[str, tuple[str, ...]]] = _unhurt
    # the encounter bar: turns with initiative, or Stonetop's spotlight
    clock: Clock = Clock()
    # char -> what tilts the Saves it rolls, for where a Save is asked
    # ("Disadvantage: Chronic Pain"), or ""
    save_odds: Callable[[Sheet], str] = lambda char: ""
    # the module of its window pages (a name the window imports): its `PAGES` hold the
    # `moves_pages` by key, its `CONDITION_PAGES` the `condition_pages`
    pages_module: str = ""
    # each end state a tile may show (`TileFacts.status`), the order being the order of
    # gravity; "ok" is none
    end_states: Mapping[str, EndState] = field(default_factory=dict)
    # the demo campaign made on a first start: a file in resources/demo, or none
    demo: str = ""
    # the gang slot (when `gang`): (desk state, attacker ids, an id once per combatant) ->
    # (member lines, what the gang deals, ok, chip label), as the game's rules read it
    gang_summary: Callable[[Sheet, list[str]], tuple[list[str], str, bool, str]] | None = None
    # a gang-up's one roll made of its attackers (`dice`, `piercing`, `ignores_armor`,
    # `tags`) and the notes on those left out, for the preview of a roll still to make
    gang_roll: Callable[[Sheet, list[Any]], tuple[dict[str, Any], list[str]]] | None = None
    # (action) -> whether the action works once per play session, taking tonight's
    # session number as its `session` (the rules refuse it without one)
    once_per_session: Callable[[Mapping[str, Any]], bool] = lambda action: False
    # the creature library's templates of this game
    library: LibraryFields = LibraryFields()
    # char -> its tile's status (`TileFacts.status`) alone, without the rest of the tile:
    # what a long count of who went down reads; None: read from `tile_facts`
    status: Callable[[Sheet], str] | None = None

    def end_state(self, status: str) -> EndState:
        """How `status` looks on a tile: `UNHARMED` for "ok"."""
        return UNHARMED if status == "ok" else self.end_states[status]

    def status_of(self, char: Sheet) -> str:
        """`char`'s tile's status ("ok", or a key of `end_states`)."""
        return self.tile_facts(char).status if self.status is None else self.status(char)

    def editable(self) -> tuple[str, ...]:
        return tuple(self.edits)

    def rule_ids_of(self, action: Mapping) -> tuple[str, ...]:
        """The IDs of the rules `action` applies; () for changes to the desk."""
        ids = list(self.rule_ids.get(str(action.get("type")), ()))
        for key, value, more in self.rule_ids_by_field:
            if key in action and (value is None or action[key] == value):
                ids += more
        return tuple(dict.fromkeys(ids))

    @property
    def settings(self) -> Mapping[str, Any]:
        """The game's rule settings (`Setting`s with their docs), as the rules define them."""
        return system_named(self.name).settings

    def full_settings(self, given: dict | None) -> dict:
        """`given` with the rules' defaults filled in; SheetError for a bad one."""
        return full_settings(system_named(self.name), given or {})
