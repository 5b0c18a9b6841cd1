"""The creature library: templates of the dangers a GM prepares, and copies of them on the desk.

A template is plain data (`Template.data()`, what the store keeps and an export writes):
a name, a kind, HP as a number or dice, the game's own harm fields (its profile's
`library.fields`), an attack, notes and a default count. Adding copies gives one
`add_character` per copy, all saved as one step; each copy's sheet carries a `template`
mark (`rules.engine.TEMPLATE_MARK`): the template's id and name, its HP as written and
the faces rolled for this copy, so a replay adds exactly the same copies. A copy is a
copy: editing the template later never changes it.

Pure: no Qt, no SQL. The faces of rolled HP come from the caller (`desk/rolling.py`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

from ..errors import UserError
from ..profiles import profile_for
from ..profiles.parts import KIND_LABELS, Profile, SheetField, words
from ..rules import dice
from ..rules.core import Refused, clipped
from ..rules.engine import full_settings, make_character, system_named
from ..rules.fields import MOST_COUNT, MOST_LABEL, listing, plain_data, whole
from ..rules.shapes import JSON, Character, DeskState
from ..untrusted import UntrustedError, parse_json
from .library_words import CLASH_CHOICES, COUNT_RANGE, HP_MODES, NUMBERINGS

KINDS = ("npc", "monster", "follower")  # what a template makes: never a PC or an object
FORMAT, VERSION = "harmdesk-library", 1
KEYS = ("name", "kind", "notes", "hp", "sheet", "attack", "count", "source")
FILE_KEYS = ("format", "version", "templates")
MOST_TEMPLATES = 1_000  # a file of templates from outside holds at most this many
MOST_NOTES = 4_000
HP_LABEL = "HP"


@dataclass(frozen=True)
class Template:
    """One creature template: what copies of it start with."""

    id: int | None
    system: str
    name: str
    kind: str
    hp: str | None            # "3" or "2d6+2"; None: asked when copies are added
    sheet: JSON               # the game's harm fields; one left out is asked for
    attack: JSON | None
    notes: str = ""
    source: str = ""          # the words of the rules text it comes from (a starter's)
    count: int = 1
    campaign: str | None = None  # None: shared by every campaign of its game

    def data(self) -> JSON:
        """What the store keeps and an export writes (the id and scope are the store's)."""
        return {"name": self.name, "kind": self.kind, "notes": self.notes, "hp": self.hp,
                "sheet": dict(self.sheet), "attack": None if self.attack is None
                else dict(self.attack), "count": self.count, "source": self.source}

    def missing(self) -> list[str]:
        """The labels of what the GM still has to fill in ("HP", "Armor"), in sheet order."""
        out = [HP_LABEL] if self.hp is None else []
        return out + [field_label(f) for f in harm_fields(self.system)
                      if f.key not in self.sheet]

    def missing_keys(self) -> list[str]:
        """`missing()` by key: "hp" and the harm fields' keys."""
        out = ["hp"] if self.hp is None else []
        return out + [f.key for f in harm_fields(self.system) if f.key not in self.sheet]


def field_label(sheet_field: SheetField) -> str:
    """'Armor' from the dialog label '&Armor:'."""
    return sheet_field.label.replace("&", "").rstrip(":").strip()


def harm_fields(system: str) -> tuple[SheetField, ...]:
    return profile_for(system).library.fields


def _profile(system: str) -> Profile:
    try:
        return profile_for(system)
    except (KeyError, Refused, ValueError):
        raise UserError(f"HarmDesk has no game {clipped(str(system))!r}.") from None


def game_title(system: str) -> str:
    return _profile(system).title


# reading ------------------------------------------------------------------------------

def read_template(system: str | None, data: Any, where: str = "the template") -> Template:
    """A template from untrusted JSON: UserError naming the field on bad input. `system`:
    the game it must be of (its own `system` field, when it has one, must agree)."""
    if not isinstance(data, dict):
        raise UserError(f"{where}: a template must be an object with a name.")
    own = data.get("system", system)
    if system is not None and own != system:
        raise UserError(f"{where}: {clipped(str(data.get('name', 'this')))} is a "
                        f"{_title_of(own)} template; this campaign plays "
                        f"{game_title(system)}.")
    if not isinstance(own, str):
        raise UserError(f"{where}: say which game the template is of (`system`).")
    profile = _profile(own)
    known = (*KEYS, "system", "id")
    stray = [str(k) for k in data if k not in known]
    if stray:
        raise UserError(f"{where}: unknown field {clipped(stray[0])!r}; a template holds "
                        f"{', '.join(KEYS)}.")
    try:
        plain_data(data, where)
        return _read(profile, data)
    except Refused as err:
        raise UserError(f"{where}: {err.reason}") from None


def _title_of(system: Any) -> str:
    try:
        return str(system_named(system).title)
    except Exception:  # a name no game has: quoted as given
        return repr(clipped(str(system)))


def _read(profile: Profile, data: JSON) -> Template:
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise Refused("give the template a name")
    name = name.strip()
    if len(name) > MOST_LABEL - 3:  # room for " 50"
        raise Refused(f"the name is {len(name):,} characters long; a template's may have at "
                      f"most {MOST_LABEL - 3}")
    kinds = [k for k in KINDS if k in profile.kinds]
    kind = data.get("kind", "monster")
    if kind not in kinds:
        raise Refused(f"`kind` must be one of {', '.join(kinds)}, not {clipped(str(kind))!r}")
    hp = read_hp(data.get("hp"))
    sheet = data.get("sheet") or {}
    if not isinstance(sheet, dict):
        raise Refused("`sheet` must be an object of the game's harm fields")
    allowed = {f.key: f for f in profile.library.fields}
    for key, value in sheet.items():
        if key not in allowed:
            raise Refused(f"`sheet.{clipped(str(key))}` is not a {profile.title} template "
                          f"field; known: {', '.join(allowed) or 'none'}")
        low, high = allowed[key].options[:2]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise Refused(f"`sheet.{key}` must be a whole number from {low} to {high}, "
                          f"not {clipped(str(value))}")
    attack = data.get("attack")
    if attack is not None:
        attack = _read_attack(profile, attack)
    count = data.get("count", 1)
    low, high = COUNT_RANGE
    if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
        raise Refused(f"`count` must be from {low} to {high}, not {clipped(str(count))}")
    notes, source = (_text(data, key) for key in ("notes", "source"))
    template = Template(None, profile.name, name, kind, hp, dict(sheet), attack, notes,
                        source, count)
    probe(template)
    return template


def read_hp(value: Any) -> str | None:
    """A template's HP as written: a whole number or dice ("3", "2d6+2"); None when blank."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise Refused("`hp` must be a number or dice such as 2d6+2")
    text = str(value).strip().lower().replace(" ", "")
    if not text:
        return None
    dice.parse(text)  # the plain-words message the quick entry gives
    return text


def _read_attack(profile: Profile, attack: Any) -> JSON:
    if not isinstance(attack, dict):
        raise Refused("`attack` must be an object such as {\"dice\": \"d8+3\"}")
    known = ("dice", *profile.attack_fields)
    stray = [str(k) for k in attack if k not in known]
    if stray:
        raise Refused(f"`attack.{clipped(stray[0])}` is not part of a {profile.title} "
                      f"attack; known: {', '.join(known)}")
    expr = attack.get("dice")
    if not isinstance(expr, str) or not expr.strip():
        raise Refused("an attack needs its damage dice, such as d8+2")
    expr = expr.strip().lower()
    if not dice.sides(expr):
        raise Refused(f"{expr} has no die: an attack's damage is dice, such as d8+2")
    read: JSON = {**attack, "dice": expr}
    if attack.get("piercing") is not None:  # as armor: a count
        read["piercing"] = whole(attack, "piercing",
                                 maximum=MOST_COUNT)
    if attack.get("tags") is not None:
        tags = listing(attack, "tags")
        if not all(isinstance(t, str) and 0 < len(t) <= MOST_LABEL for t in tags) \
                or len(tags) > MOST_COUNT:
            raise Refused("`attack.tags` must be a list of tags such as [\"forceful\"]")
    return read


def _text(data: JSON, key: str) -> str:
    value = data.get(key) or ""
    if not isinstance(value, str):
        raise Refused(f"`{key}` must be text")
    if len(value) > MOST_NOTES:
        raise Refused(f"`{key}` is {len(value):,} characters long; at most {MOST_NOTES:,}")
    return value


def probe(template: Template) -> None:
    """Let the rules read a copy at the template's highest HP: absurd numbers are refused
    in the rules' own words before anything is saved."""
    system = system_named(template.system)
    hp = dice.bounds(template.hp)[1] if template.hp else 0
    # HP left blank (asked when copies are added) is probed as the least a copy may have
    sheet = copy_sheet(template, "probe", template.name, max(hp, 1), dict(template.sheet))
    make_character(system, sheet, full_settings(system, None))


# copies ------------------------------------------------------------------------------

@dataclass(frozen=True)
class CopiesRequest:
    """What the add dialog (or `harmdesk library add`) asks for."""

    template: Template
    count: int
    hp: str = "average"          # one of HP_MODES
    fixed_hp: int | None = None  # "fixed" with dice HP: the GM's number
    numbering: str = "lowest"    # fill the lowest free numbers, or count up past the highest
    hidden: bool = True
    allow_zero: bool = False     # the GM's yes to copies at 0 HP or less
    extra: JSON = field(default_factory=dict)  # what the GM filled in for `missing_keys()`


@dataclass(frozen=True)
class Copies:
    """What adding the copies will do: their names, HP and actions, or why it cannot."""

    names: list[str]
    actions: list[JSON]
    hp: list[int]
    faces: list[list[int]]
    warnings: list[str]
    problem: str | None
    text: str
    zero_asked: bool = False  # some copy starts at 0 HP or less: the GM's yes is asked


def is_dice(hp: str | None) -> bool:
    return bool(hp) and bool(dice.sides(str(hp)))


def hp_words(template: Template) -> str:
    """'HP 2d6+2 (4–14, average 9)', 'HP 3', or 'HP to fill in'."""
    if template.hp is None:
        return "HP to fill in"
    if not is_dice(template.hp):
        return f"HP {template.hp}"
    low, high = dice.bounds(template.hp)
    return f"HP {template.hp} ({low}\u2013{high}, average {dice.average(template.hp)})"


def attack_words(attack: Mapping[str, Any] | None) -> str:
    """'d10+3, 1 piercing, forceful' from an attack, as written."""
    if not attack:
        return "no attack"
    parts = [str(attack.get("dice", "?"))]
    if attack.get("piercing"):
        parts.append(f"{attack['piercing']} piercing")
    if attack.get("ignores_armor"):
        parts.append("ignores armor")
    parts += [words(t) for t in attack.get("tags") or ()]
    if attack.get("damage_type"):
        parts.append(words(attack["damage_type"]))
    return ", ".join(parts)


def describe(template: Template) -> str:
    """One line for a library row: 'Monster · HP d6 · d6, 1 piercing · Armor 1'."""
    parts = [KIND_LABELS.get(template.kind, template.kind), hp_words(template)]
    if template.attack:
        parts.append(attack_words(template.attack))
    for f in harm_fields(template.system):
        if f.key in template.sheet:
            parts.append(f"{field_label(f)} {template.sheet[f.key]}")
    missing = template.missing()
    if missing:
        parts.append(f"to fill in: {', '.join(missing)}")
    return " \u00b7 ".join(parts)


def rolls_needed(req: CopiesRequest) -> tuple[str, int] | None:
    """(dice, copies) when the request rolls each copy's HP; None when nothing is rolled."""
    hp = _hp_of(req)
    if req.hp == "roll" and hp is not None and is_dice(hp):
        return hp, req.count
    return None


def _hp_of(req: CopiesRequest) -> str | None:
    if req.template.hp is not None:
        return req.template.hp
    try:
        return read_hp(req.extra.get("hp"))
    except Refused:
        return None


def plan_copies(state: DeskState, req: CopiesRequest,
                faces: Sequence[Sequence[int]] | None = None) -> Copies:
    """The copies `req` adds to the desk `state`: one add_character each. `faces`: the
    rolled faces of each copy's HP when `req.hp` is "roll"."""
    template = req.template
    names: list[str] = []
    try:
        _check(state, req)
        hp_expr = read_hp(req.extra.get("hp")) if template.hp is None else template.hp
        if hp_expr is None:
            raise UserError("Give the copies' HP (a number, or dice such as 2d6+2).")
        values = _harm_values(req)
        names = copy_names(state, template.name, req.count, req.numbering,
                           _profile(template.system))
        hps, rolled = _hit_points(hp_expr, req, faces)
    except (UserError, Refused) as err:
        text = err.message if isinstance(err, UserError) else _sentence(err.reason)
        return Copies(names, [], [], [], [], text, "")
    warnings = []
    profile = _profile(template.system)
    floor = _lowest(profile, profile.library.hp_field)
    if profile.library.hp_field == "hp" and floor > 0:
        # HP is the game's limit (Freedom Fantasies counts Damage up to it): never below it
        if any(hp < floor for hp in hps):
            warnings.append(f"A {profile.title} creature has at least {floor} HP: a copy "
                            f"that comes to less starts at {floor}.")
            hps = [max(hp, floor) for hp in hps]
    elif is_dice(hp_expr) and dice.bounds(hp_expr)[0] <= 0:
        warnings.append(f"{hp_expr} can roll 0 or less: a copy may start at 0 HP.")
    low = [n for n, hp in zip(names, hps, strict=True) if hp <= 0]
    problem = None
    if low and not req.allow_zero:
        problem = (f"{_listed(low)} would start at 0 HP. Say yes to adding "
                   f"{'it' if len(low) == 1 else 'them'} at 0 HP, or change the HP.")
    ids = set(state["characters"])
    actions = []
    for name, hp, face in zip(names, hps, rolled, strict=True):
        cid = new_id(name, ids)
        ids.add(cid)
        mark: JSON = {"name": template.name, "hp": hp_expr}
        if template.id is not None:
            mark["id"] = template.id
        if face:
            mark["faces"] = list(face)
        sheet = copy_sheet(template, cid, name, hp, values)
        sheet["template"] = mark
        if req.hidden:
            sheet["players_see"] = "hidden"
        actions.append({"type": "add_character", "character": sheet})
    try:
        system = system_named(template.system)
        if actions:  # the rules read one copy now; the commit reads every one
            make_character(system, actions[0]["character"], state["settings"])
    except Refused as err:
        problem = problem or _sentence(err.reason)
    return Copies(names, actions, hps, rolled, warnings, problem, step_text(template.name, names),
                  bool(low))


def _check(state: DeskState, req: CopiesRequest) -> None:
    template = req.template
    if template.system != state["system"]:
        raise UserError(f"{template.name} is a {_title_of(template.system)} template; this "
                        f"campaign plays {_title_of(state['system'])}.")
    low, high = COUNT_RANGE
    if isinstance(req.count, bool) or not isinstance(req.count, int) or \
            not low <= req.count <= high:
        raise UserError(f"Add from {low} to {high} copies at once, not {req.count}.")
    if req.hp not in HP_MODES:
        raise UserError(f"HP is one of {', '.join(HP_MODES)}, not {clipped(str(req.hp))!r}.")
    if req.numbering not in NUMBERINGS:
        raise UserError(f"Numbering is one of {', '.join(NUMBERINGS)}, not "
                        f"{clipped(str(req.numbering))!r}.")


def _harm_values(req: CopiesRequest) -> JSON:
    """The template's harm fields, with what the GM filled in for those it leaves out."""
    values = dict(req.template.sheet)
    for f in harm_fields(req.template.system):
        if f.key in values:
            continue
        given = req.extra.get(f.key)
        if given is None:
            raise UserError(f"Give the copies' {field_label(f)}.")
        low, high = f.options[:2]
        if isinstance(given, bool) or not isinstance(given, int) or not low <= given <= high:
            raise UserError(f"{field_label(f)} must be a whole number from {low} to {high}.")
        values[f.key] = given
    return values


def _hit_points(expr: str, req: CopiesRequest, faces: Sequence[Sequence[int]] | None
                ) -> tuple[list[int], list[list[int]]]:
    """Each copy's HP and the faces rolled for it."""
    none: list[list[int]] = [[] for _ in range(req.count)]
    if not is_dice(expr):
        return [int(dice.total(expr, []).total)] * req.count, none
    if req.hp == "average":
        return [dice.average(expr)] * req.count, none
    if req.hp == "fixed":
        if req.fixed_hp is None or isinstance(req.fixed_hp, bool):
            raise UserError(f"Give the HP every copy starts with, or roll {expr} for each.")
        return [int(req.fixed_hp)] * req.count, none
    if faces is None or len(faces) != req.count:
        raise UserError(f"Roll {expr} once for each of the {req.count} copies.")
    totals = [dice.total(expr, list(f)).total for f in faces]
    return totals, [list(f) for f in faces]


def copy_sheet(template: Template, cid: str, name: str, hp: int | None, values: JSON) -> JSON:
    """A copy's sheet: the template's kind, HP, harm fields, attack and notes."""
    profile = _profile(template.system)
    sheet: JSON = {"id": cid, "name": name, "kind": template.kind}
    if hp is not None:
        hp_field = profile.library.hp_field
        lowest = _lowest(profile, hp_field)
        sheet[hp_field] = max(hp, lowest)
        if hp < lowest and hp_field != "hp":  # a maximum cannot be 0: HP now can
            sheet["hp"] = hp
    sheet.update(values)
    sheet.update(profile.library.completes(name, values))
    if template.attack:
        sheet["attack"] = dict(template.attack)
    if template.notes:
        sheet["notes"] = template.notes
    return sheet


def _lowest(profile: Profile, key: str) -> int:
    for f in profile.sheet:
        if f.key == key and f.kind == "int":
            return int(f.options[0])
    return 0


def step_text(name: str, names: Sequence[str]) -> str:
    """The step's words: 'Add 6 Coedwig (Coedwig 1–6)', 'Add Hagr'."""
    if len(names) == 1:
        return f"Add {names[0]}"
    numbers = [_number(n, name) for n in names]
    if all(n is not None for n in numbers):
        found = [n for n in numbers if n is not None]
        if found == list(range(found[0], found[0] + len(found))):
            return f"Add {len(names)} {name} ({name} {found[0]}\u2013{found[-1]})"
    return f"Add {len(names)} {name} ({', '.join(names)})"


def _sentence(reason: str) -> str:
    reason = reason.strip()
    return (reason[:1].upper() + reason[1:]).rstrip(".") + "."


def _listed(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


# numbering ---------------------------------------------------------------------------

def _number(name: str, base: str) -> int | None:
    """Which copy of `base` the name `name` is: "Coedwig 3" is 3, "Coedwig" alone 1."""
    if name == base:
        return 1
    if name.startswith(base + " "):
        tail = name[len(base) + 1:]
        if tail.isdigit() and not tail.startswith("0"):
            return int(tail)
    return None


def copy_names(state: DeskState, base: str, count: int, numbering: str = "lowest",
               profile: Profile | None = None) -> list[str]:
    """The names of `count` new copies of `base`. "lowest" fills the lowest numbers no copy
    still standing holds (a fallen Coedwig 2's number is free again); "up" counts on
    from the highest number on the desk. Even a lone copy is numbered, so that the next
    one added beside it reads as its sibling, not as the same creature."""
    standing: set[int] = set()
    every: set[int] = set()
    for char in state["characters"].values():
        name = str(char.get("name", ""))
        number = _number(name, base)
        # a hand-made character of the plain name is not a copy: only a copy counts as 1
        if number is None or (name == base and mark_of(char) is None):
            continue
        every.add(number)
        if profile is None or not fallen(profile, char):
            standing.add(number)
    if numbering == "up":
        start = max(every, default=0) + 1
        return [f"{base} {n}" for n in range(start, start + count)]
    out: list[int] = []
    n = 1
    while len(out) < count:
        if n not in standing:
            out.append(n)
        n += 1
    return [f"{base} {n}" for n in out]


def fallen(profile: Profile, char: Character) -> bool:
    """Out of the fight, as its tile shows it: at an end state (dead, destroyed, out)."""
    return profile.tile_facts(char).status != "ok"


def new_id(name: str, existing: Iterable[str]) -> str:
    """A readable, unique id from a name: "The Heavy" -> the_heavy (the_heavy_2 if taken)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    base = re.sub(r"[^a-z0-9]+", "_", plain.lower()).strip("_") or "character"
    taken, candidate, n = set(existing), base, 2
    while candidate in taken:
        candidate, n = f"{base}_{n}", n + 1
    return candidate


# a tile and its template ---------------------------------------------------------------

def mark_of(char: Mapping[str, Any]) -> JSON | None:
    """The `template` mark of a copy: {"id", "name", "hp", "faces"}; None for any other."""
    mark = char.get("template")
    return dict(mark) if isinstance(mark, dict) else None


def same_template(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    if "id" in a and "id" in b:
        return bool(a["id"] == b["id"])
    return bool(a.get("name") == b.get("name"))


def copies_of(state: DeskState, cid: str) -> list[str]:
    """The ids of every copy on the desk made from the same template as `cid`, in desk
    order ([] when `cid` is no copy)."""
    char = state["characters"].get(cid)
    mark = mark_of(char) if char else None
    if mark is None:
        return []
    return [other for other, c in state["characters"].items()
            if (m := mark_of(c)) is not None and same_template(mark, m)]


def one_more(state: DeskState, cid: str, template: Template | None) -> CopiesRequest:
    """The (+) on a copy's tile: one more copy of its template, hidden. The template as the
    library holds it now, else (deleted since) as the tile was made; its HP rolled again
    when the tile's was rolled, else as the tile's."""
    char = state["characters"].get(cid)
    mark = mark_of(char) if char else None
    if char is None or mark is None:
        raise UserError("That tile was not added from a template.")
    if template is None:
        template = replace(from_character(char, state["system"]), name=str(mark["name"]),
                           hp=mark.get("hp"))
    hp_field = _profile(state["system"]).library.hp_field
    mode = "roll" if mark.get("faces") else "fixed"
    sheet = cast(dict[str, Any], char)
    extra = {f.key: sheet[f.key] for f in harm_fields(state["system"])
             if f.key not in template.sheet and isinstance(sheet.get(f.key), int)}
    if template.hp is None:
        extra["hp"] = str(char.get(hp_field, char.get("hp", 1)))
    return CopiesRequest(template, 1, mode, fixed_hp=_int(char.get(hp_field)),
                         hidden=True, allow_zero=True, extra=extra)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def from_character(char: Mapping[str, Any], system: str) -> Template:
    """A template made from a tile ("Save as template"): its kind, HP, harm fields, attack
    and notes. A PC's becomes an NPC's."""
    profile = _profile(system)
    kind = char.get("kind") if char.get("kind") in KINDS else "npc"
    hp_field = profile.library.hp_field
    hp = char.get(hp_field)
    sheet = {f.key: char[f.key] for f in profile.library.fields
             if isinstance(char.get(f.key), int) and not isinstance(char.get(f.key), bool)}
    attack = char.get("attack")
    mark = mark_of(char)
    name = str(mark["name"]) if mark else str(char.get("name", "")).strip()
    return Template(None, system, name, str(kind), None if hp is None else str(hp),
                    sheet, dict(attack) if isinstance(attack, dict) else None,
                    str(char.get("notes") or ""))


def starters(system: str) -> list[Template]:
    """The dangers the rules texts name, as templates (`Profile.library.starters`)."""
    out = []
    for s in _profile(system).library.starters:
        out.append(Template(None, system, s.name, s.kind, s.hp, dict(s.sheet),
                            None if s.attack is None else dict(s.attack), s.notes, s.source,
                            s.count))
    return out


# files ---------------------------------------------------------------------------------

def library_json(templates: Iterable[Template]) -> JSON:
    """A versioned file of templates, each with its game."""
    return {"format": FORMAT, "version": VERSION,
            "templates": [{"system": t.system, **t.data()} for t in templates]}


def read_library(text: str | bytes, where: str) -> list[Template]:
    """The templates of a library file from outside, with every limit of `untrusted`."""
    try:
        data = parse_json(text, where)
    except UntrustedError as err:
        raise UserError(str(err)) from None
    return read_library_data(data, where)


def read_library_data(data: Any, where: str) -> list[Template]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UserError(f"{where}: not a HarmDesk library file (its `format` must be "
                        f"{FORMAT!r}).")
    stray = [str(k) for k in data if k not in FILE_KEYS]
    if stray:
        raise UserError(f"{where}: unknown field {clipped(stray[0])!r}; a library file holds "
                        f"{', '.join(FILE_KEYS)}.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise UserError(f"{where}: `version` must be a whole number.")
    if version > VERSION:
        raise UserError(f"{where}: a library file of version {version}; this HarmDesk reads "
                        f"version {VERSION}. Update HarmDesk to read it.")
    listed = data.get("templates")
    if not isinstance(listed, list):
        raise UserError(f"{where}: `templates` must be a list.")
    if len(listed) > MOST_TEMPLATES:
        raise UserError(f"{where}: the file holds {len(listed):,} templates; HarmDesk imports "
                        f"at most {MOST_TEMPLATES:,}.")
    return [read_template(None, t, f"{where}: templates[{i}]") for i, t in enumerate(listed)]


@dataclass(frozen=True)
class Merge:
    """An import's outcome before it is saved: what to write, and the words for the GM."""

    save: list[Template]   # each with the id it replaces, or None
    lines: list[str]


def merge(existing: Sequence[Template], incoming: Sequence[Template],
          choose: Callable[[Template, Template], str]) -> Merge:
    """Templates from a file into a library: a name already there (same game) is the GM's
    choice (`choose(existing, incoming)` -> one of CLASH_CHOICES)."""
    by_name = {(t.system, t.name.casefold()): t for t in existing}
    names = {(t.system, t.name) for t in existing}
    save: list[Template] = []
    lines: list[str] = []
    for new in incoming:
        old = by_name.get((new.system, new.name.casefold()))
        if old is None:
            save.append(new)
            lines.append(f"Added {new.name}.")
        else:
            choice = choose(old, new)
            if choice not in CLASH_CHOICES:
                raise UserError(f"Choose one of {', '.join(CLASH_CHOICES)} for {new.name}.")
            if choice == "skip":
                lines.append(f"Skipped {new.name}: the library has one already.")
                continue
            if choice == "replace":
                save.append(replace(new, id=old.id, campaign=old.campaign))
                lines.append(f"Replaced {old.name}.")
                continue
            renamed = _free_name(new.name, {n for s, n in names if s == new.system})
            save.append(replace(new, name=renamed))
            lines.append(f"Added {new.name} as {renamed}, beside the one already there.")
            new = replace(new, name=renamed)
        names.add((new.system, new.name))
        by_name[(new.system, new.name.casefold())] = new
    return Merge(save, lines)


def _free_name(name: str, taken: set[str]) -> str:
    """'Coedwig (2)', or the first number no name holds (letter case aside); a long name
    is cut to leave the number room."""
    folded = {t.casefold() for t in taken}
    n = 2
    while True:
        suffix = f" ({n})"
        free = name[:MOST_LABEL - 3 - len(suffix)].rstrip() + suffix
        if free.casefold() not in folded:
            return free
        n += 1
