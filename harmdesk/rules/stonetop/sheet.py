"""Stonetop character sheets: the fields a character carries and how they are edited.

State keys (DESIGN.md, Stonetop): hp, max_hp, armor, debilities, death, can_recover,
supplies, wounds; optionally moves and circles (Death's Door playbook modifiers, ST-7).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict, cast

from .. import fields
from ..core import ARROW, Desk, Event, Refused, listed, quoted
from ..shapes import JSON, Character, Settings


class GearTag(TypedDict):
    """ST-11: a tag a wound puts on gear while it lasts ("bow: reload")."""

    item: str
    tag: str


class Requirement(TypedDict):
    """ST-11: what treating a wound requires, and whether it is met."""

    text: str
    met: bool


class Wound(TypedDict):
    """ST-14: a problematic wound (`read_wound`); its effects are kept only when it has
    some, so wounds saved before they had effects read as they were."""

    text: str
    source: str | None
    permanent: bool
    requirements: list[Requirement]
    gear_tags: NotRequired[list[GearTag]]
    disadvantage: NotRequired[list[str]]  # move names


class StonetopFields(TypedDict):
    """A Stonetop character's own fields, as `make_character` makes them."""

    hp: int
    max_hp: int
    armor: int
    debilities: list[str]  # of DEBILITIES, sorted
    death: str  # one of DEATH_STATES
    can_recover: bool
    supplies: int | None  # None: not tracked
    # A desk saved before wounds carried a source, permanence and requirements holds their
    # text alone (or no list at all): `wounds_of` reads every kind.
    wounds: NotRequired[list[Wound]]
    moves: NotRequired[list[str]]  # of MOVES, sorted
    circles: NotRequired[int]
    # the play session Never Gonna Keep Me Down was last used in (`conditions.KEEP_ME_DOWN`)
    keep_me_down_session: NotRequired[int]


class StonetopCharacter(Character, StonetopFields):
    """A Stonetop character on the desk: the common fields and its own."""


StonetopDesk = Desk[StonetopCharacter]

DEBILITIES = ("dazed", "miserable", "weakened")  # ST-13: at most these three, kept sorted
DEATH_STATES = ("none", "dying", "out_of_action", "fate_pending", "dead")
# ST-6, ST-7: the death states in the rules' words.
DEATH_WORDS = {"none": "in the action", "dying": "dying", "out_of_action": "out of the action",
               "fate_pending": "fate pending", "dead": "dead"}
# ST-7 playbook moves that change Death's Door.
MOVES = ("hard_to_kill", "unstoppable", "destined", "never_gonna_keep_me_down")
SHEET_FIELDS = ("max_hp", "hp", "armor", "supplies", "debilities", "wounds", "death",
                "can_recover", "moves", "circles")
EDITABLE = ("max_hp", "hp", "armor", "supplies", "moves", "circles")
# what each number of a sheet may hold (lowest, highest): the character dialog offers the same
LIMITS = {"max_hp": (1, fields.MOST), "hp": (0, fields.MOST), "armor": (0, fields.MOST_COUNT),
          "supplies": (0, fields.MOST_COUNT), "circles": (0, fields.MOST_COUNT)}
# State that only actions change, so the log explains every change.
BY_ACTION = {"debilities": "mark_debility / clear_debility", "wounds": "add_wound / remove_wound",
             "death": "set_death", "can_recover": "recover or damage"}


WOUND_FIELDS = ("text", "source", "permanent", "requirements", "gear_tags", "disadvantage")


def read_gear_tags(given: Any, where: str) -> list[GearTag]:
    """ST-11 (Rhianna: "your bow will have the reload tag"): the tags a wound puts on gear
    while it lasts, each "bow: reload" or {"item", "tag"}."""
    if given is None:
        return []
    if not isinstance(given, list):
        raise Refused(f"`{where}` must be a list such as [\"bow: reload\"], not {quoted(given)}")
    out: list[GearTag] = []
    for i, item in enumerate(given):
        if isinstance(item, str):
            if ":" not in item:
                raise Refused(f"`{where}[{i}]` {quoted(item)} needs the gear and its tag, "
                              "as \"bow: reload\"")
            item_name, _, tag = item.partition(":")
            item = {"item": item_name.strip(), "tag": tag.strip()}
        if not isinstance(item, dict):
            raise Refused(f"`{where}[{i}]` must be \"item: tag\" or {{\"item\", \"tag\"}}, "
                          f"not {quoted(item)}")
        fields.refuse_unknown(item, ("item", "tag"), "gear tag")
        pair: GearTag = {"item": fields.text(item, "item"), "tag": fields.text(item, "tag")}
        if pair in out:
            raise Refused(f"the {pair['item']}'s {pair['tag']} tag is listed twice")
        out.append(pair)
    return out


def read_disadvantage(given: Any, where: str) -> list[str]:
    """ST-11 (Rhianna: "you'll Let Fly with disadvantage"): the moves a wound makes her
    roll with disadvantage while it lasts, by name."""
    if given is None:
        return []
    if not isinstance(given, list):
        raise Refused(f"`{where}` must be a list of move names, not {quoted(given)}")
    out: list[str] = []
    for i, move in enumerate(given):
        if not isinstance(move, str) or not move.strip():
            raise Refused(f"`{where}[{i}]` must be the name of a move, not {quoted(move)}")
        if move.strip() not in out:
            out.append(move.strip())
    return out


def read_requirements(given: Any, where: str) -> list[Requirement]:
    """ST-11 (Rhianna's Make a Plan): what treating a wound requires, each met or not;
    a requirement is text, or {"text", "met"}."""
    if given is None:
        return []
    if not isinstance(given, list):
        raise Refused(f"`{where}` must be a list of requirements, not {quoted(given)}")
    out: list[Requirement] = []
    for i, item in enumerate(given):
        item = {"text": item} if isinstance(item, str) else item
        if not isinstance(item, dict):
            raise Refused(f"`{where}[{i}]` must be text or {{\"text\", \"met\"}}, "
                          f"not {quoted(item)}")
        fields.refuse_unknown(item, ("text", "met"), "requirement")
        text = fields.text(item, "text")
        if any(r["text"] == text for r in out):
            raise Refused(f"the requirement {quoted(text)} is listed twice")
        out.append({"text": text, "met": fields.flag(item, "met")})
    return out


def read_wound(value: Any, where: str) -> Wound:
    """ST-14: a problematic wound: its text, where it came from (`source`), whether it can
    heal (`permanent`) and what treating it requires. Text alone is a healable wound."""
    value = {"text": value} if isinstance(value, str) else value
    if not isinstance(value, dict):
        raise Refused(f"`{where}` must be text or an object with `text`, not {quoted(value)}")
    fields.refuse_unknown(value, WOUND_FIELDS, "wound")
    wound: Wound = {"text": fields.text(value, "text"),
             "source": fields.text(value, "source", default=None),
             "permanent": fields.flag(value, "permanent"),
             "requirements": read_requirements(value.get("requirements"),
                                               f"{where}.requirements")}
    # its effects while it lasts, kept only when there are some (wounds saved before
    # they had effects read as they were)
    tags = read_gear_tags(value.get("gear_tags"), f"{where}.gear_tags")
    moves = read_disadvantage(value.get("disadvantage"), f"{where}.disadvantage")
    if tags:
        wound["gear_tags"] = tags
    if moves:
        wound["disadvantage"] = moves
    return wound


def read_wounds(sheet: JSON) -> list[Wound]:
    """ST-14: problematic wounds, each named once."""
    out: list[Wound] = []
    for i, value in enumerate(fields.listing(sheet, "wounds", default=[])):
        wound = read_wound(value, f"wounds[{i}]")
        if any(w["text"] == wound["text"] for w in out):
            raise Refused(f"the wound {quoted(wound['text'])} is listed twice")
        out.append(wound)
    return out


def wounds_of(char: StonetopCharacter) -> list[Wound]:
    """A character's wounds as today's objects: states saved before wounds carried a
    source, permanence and requirements hold plain text (or no list at all)."""
    return [{"text": w, "source": None, "permanent": False, "requirements": []}
            if isinstance(w, str) else w
            for w in cast("list[Wound | str]", char.get("wounds", []))]


def wound_texts(char: StonetopCharacter) -> list[str]:
    return [w["text"] for w in wounds_of(char)]


def find_wound(char: StonetopCharacter, text: str, why: str = "") -> int:
    """The index of the wound named `text`; refused naming the wounds there are."""
    texts = wound_texts(char)
    if text not in texts:
        raise Refused(f"{char['name']} has no wound {quoted(text)}{why} (wounds: "
                      f"{listed(texts, '; ') or 'none'})")
    return texts.index(text)


def read_moves(sheet: JSON) -> list[str]:
    return sorted(set(fields.names(sheet, "moves", MOVES, what="Death's Door move")))


def make_character(sheet: JSON, settings: Settings) -> StonetopFields:
    """A Stonetop character's own fields from its sheet (ST-16); hp defaults to max_hp."""
    fields.refuse_unknown(sheet, SHEET_FIELDS, "Stonetop sheet")
    max_hp = fields.limited(sheet, "max_hp", LIMITS)
    hp = fields.limited(sheet, "hp", LIMITS, default=max_hp, maximum=max_hp)
    supplies = None if sheet.get("supplies") is None else fields.limited(sheet, "supplies",
                                                                          LIMITS)
    # ST-6: someone at 0 HP is out of the action unless the sheet says otherwise.
    death = fields.choice(sheet, "death", DEATH_STATES,
                          default="none" if hp > 0 else "out_of_action")
    if death == "dying" and hp > 0:
        raise Refused(f"`death` is dying but `hp` is {hp}: a dying character is at 0 HP")
    if death != "none" and hp == max_hp:
        raise Refused(f"`death` is {DEATH_WORDS[death]} but `hp` is full ({hp} of {max_hp}): "
                      "only a drop to 0 HP takes a character out of the action")
    char: StonetopFields = {
        "hp": hp,
        "max_hp": max_hp,
        "armor": fields.limited(sheet, "armor", LIMITS, default=0),
        "debilities": sorted(set(fields.names(sheet, "debilities", DEBILITIES, "debility"))),
        "death": death,
        "can_recover": fields.flag(sheet, "can_recover", default=True),
        "supplies": supplies,
        "wounds": read_wounds(sheet),
    }
    if sheet.get("moves") is not None:
        char["moves"] = read_moves(sheet)
    if sheet.get("circles") is not None:
        char["circles"] = fields.limited(sheet, "circles", LIMITS)
    return char


def edit_character(char: StonetopCharacter, changes: JSON, settings: Settings) -> list[Event]:
    """Sheet edits (ST-16): a lower maximum lowers current HP with it; raising it heals nothing."""
    for key in changes:
        if key in BY_ACTION:
            raise Refused(f"`{key}` is changed by actions ({BY_ACTION[key]}), "
                          "not by editing the sheet")
    fields.refuse_unknown(changes, EDITABLE, "editable Stonetop sheet")
    name, events = char["name"], []
    before: int | None  # HP, armor, then supplies (None: not tracked)
    if "max_hp" in changes:
        new_max = fields.limited(changes, "max_hp", LIMITS)
        old_max, before = char["max_hp"], char["hp"]
        char["max_hp"] = new_max
        text = f"{name}: max HP {old_max} {ARROW} {new_max}"
        if before > new_max:
            char["hp"] = new_max
            text += f"; HP {before} {ARROW} {new_max} (lowered with the maximum)"
        events.append(Event("edit_character", char["id"], text,
                            {"hp_before": before, "hp_after": char["hp"],
                             "max_hp_before": old_max, "max_hp_after": new_max}))
    if "hp" in changes:
        events.append(correct_hp(char, changes))
    if "armor" in changes:
        before = char["armor"]
        char["armor"] = fields.limited(changes, "armor", LIMITS)
        events.append(Event("edit_character", char["id"],
                            f"{name}: armor {before} {ARROW} {char['armor']}",
                            {"armor_before": before, "armor_after": char["armor"]}))
    if "supplies" in changes:
        before = char["supplies"]
        char["supplies"] = (None if changes["supplies"] is None
                            else fields.limited(changes, "supplies", LIMITS))
        events.append(Event("edit_character", char["id"],
                            f"{name}: supplies {shown(before)} {ARROW} {shown(char['supplies'])}",
                            {"supplies_before": before, "supplies_after": char["supplies"]}))
    if "moves" in changes:
        char["moves"] = read_moves(changes)
        events.append(Event("edit_character", char["id"],
                            f"{name}: moves {', '.join(char['moves']) or 'none'}"))
    if "circles" in changes:
        char["circles"] = fields.limited(changes, "circles", LIMITS)
        events.append(Event("edit_character", char["id"],
                            f"{name}: {char['circles']} circles marked"))
    return events


def correct_hp(char: StonetopCharacter, changes: JSON) -> Event:
    """A GM's correction of current HP, 0 to max HP. ST-7: someone dying is at 0 HP until
    Death's Door or a GM ruling; ST-6: at 0 HP a character is out of the action."""
    name, before = char["name"], char["hp"]
    value = changes["hp"]
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= char["max_hp"]:
        raise Refused(f"{name}'s HP must be a whole number from 0 to max HP "
                      f"{char['max_hp']}, not {quoted(value)}")
    if char["death"] == "dying" and value > 0:
        raise Refused(f"{name} is dying at 0 HP: Death's Door or a GM ruling on the death "
                      "state comes first")
    char["hp"] = value
    text = f"{name}: HP set {before} {ARROW} {value} (sheet correction)"
    data: dict[str, Any] = {"hp_before": before, "hp_after": value}
    if value == 0 and char["death"] == "none":
        char["death"] = "out_of_action"
        text += "; at 0 HP, out of the action"
        data.update(death_before="none", death_after="out_of_action")
    return Event("edit_character", char["id"], text, data)


def shown(supplies: int | None) -> str:
    return "not tracked" if supplies is None else str(supplies)


def upgrade_settings(given: Settings) -> Settings:
    """Campaigns saved with the yes/no `followers_roll_deaths_door` read it as today's
    `follower_at_zero` (yes: dying, at Death's Door; no: dead)."""
    if "followers_roll_deaths_door" not in given:
        return given
    out = {k: v for k, v in given.items() if k != "followers_roll_deaths_door"}
    if given["followers_roll_deaths_door"] is True:
        out.setdefault("follower_at_zero", "dying")
    return out


def follower_at_zero(settings: Settings) -> str:
    """ST-6: what lethal harm to 0 HP makes of a follower (setting follower_at_zero; a
    desk saved with the old key reads it as above: `engine.saved_settings`)."""
    return cast(str, settings["follower_at_zero"])  # one of the setting's choices


def lethal_zero_state(char: StonetopCharacter, settings: Settings) -> str:
    """ST-6: a PC at 0 HP from a lethal source is dying; an NPC or monster is probably
    dead; a follower as the setting says ("gm_decides": out of the action, at 0 HP, until
    the GM rules)."""
    kind = char["kind"]
    if kind == "follower":
        return {"dead": "dead", "dying": "dying",
                "gm_decides": "out_of_action"}[follower_at_zero(settings)]
    return "dead" if kind in ("npc", "monster") else "dying"


def refuse_for_npcs(char: StonetopCharacter, move: str, instead: str) -> None:
    """Player moves are for PCs and followers (ST-8, ST-12)."""
    if char["kind"] in ("npc", "monster"):
        raise Refused(f"{char['name']} is {'an' if char['kind'] == 'npc' else 'a'} "
                      f"{char['kind'].upper() if char['kind'] == 'npc' else char['kind']}: "
                      f"{move} is a player move; {instead}")


def refuse_unless_up(char: StonetopCharacter, move: str) -> None:
    """Dying, dead or fate-pending characters cannot make recovery moves (ST-7)."""
    death = char["death"]
    if death == "dying":
        raise Refused(f"{char['name']} is dying and must roll Death's Door before {move}")
    if death in ("dead", "fate_pending"):
        word = "dead" if death == "dead" else "facing their fate (Death's Door 6−)"
        raise Refused(f"{char['name']} is {word}: no {move}")


def spend_supplies(desk: StonetopDesk, payer_id: str, uses: int, why: str,
                   for_id: str) -> tuple[str, dict[str, Any]]:
    """Spend uses of supplies from `payer_id` (DESIGN: refused when tracked and short).

    Returns a phrase for the event and its data. Untracked supplies are not counted.
    """
    if uses == 0:
        return "", {}
    payer = desk.char(payer_id)
    have = payer["supplies"]
    plural = "use" if uses == 1 else "uses"
    if have is None:
        return f"{uses} {plural} of supplies (not tracked)", {}
    if have < uses:
        raise Refused(f"{payer['name']} has {have} {'use' if have == 1 else 'uses'} of supplies "
                      f"left; {why} needs {uses}")
    payer["supplies"] = have - uses
    whose = "" if payer_id == for_id else f"{payer['name']}'s "
    return (f"spends {uses} {plural} of {whose}supplies ({have} {ARROW} {have - uses})",
            {"supplies_before": have, "supplies_after": have - uses, "supplies_from": payer_id})


def check_kind(char: StonetopCharacter) -> None:
    """ST-13: NPCs and monsters never mark debilities, not even on their sheet."""
    if char["kind"] in ("npc", "monster") and char["debilities"]:
        raise Refused(f"{char['name']} is {'an NPC' if char['kind'] == 'npc' else 'a monster'}: "
                      "NPCs and monsters never mark debilities")
