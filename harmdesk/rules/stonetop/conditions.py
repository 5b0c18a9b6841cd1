"""Stonetop debilities and death (ST-6, ST-7, ST-13)."""

from __future__ import annotations

from typing import Any, Final

from .. import dice, fields
from ..core import ARROW, MINUS, Event, Refused, need_roll, signed
from ..shapes import Action, Settings
from .healing import clear_marked
from .sheet import (
    DEATH_STATES,
    DEATH_WORDS,
    DEBILITIES,
    StonetopCharacter,
    StonetopDesk,
    wounds_of,
)


def refuse_debilities_for(char: StonetopCharacter, settings: Settings) -> None:
    """ST-13: NPCs and monsters never mark debilities; a follower may carry one as a
    temporary tag (setting follower_debilities, default true)."""
    kind = char["kind"]
    if kind in ("npc", "monster"):
        raise Refused(f"{char['name']} is {'an NPC' if kind == 'npc' else 'a monster'}: NPCs and "
                      "monsters never mark debilities; describe it in the fiction")
    if kind == "follower" and not settings["follower_debilities"]:
        raise Refused(f"{char['name']} is a follower; followers do not mark debilities under "
                      "this campaign's settings")


def mark(char: StonetopCharacter, debility: str) -> None:
    char["debilities"] = sorted({*char["debilities"], debility})


def mark_debility(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-13: mark a named debility. Already marked: no further change, unless marking it
    was an optional choice (`optional`), which then cannot be chosen. Without a name the
    player must choose an unmarked one; with all three marked, setting full_debilities."""
    char = desk.peek(cid)
    refuse_debilities_for(char, desk.settings)
    optional = fields.flag(action, "optional")
    name = char["name"]
    if action.get("debility") is None:
        unmarked = [d for d in DEBILITIES if d not in char["debilities"]]
        if unmarked:
            raise Refused(f"{name} must choose which debility to mark: `debility` one of "
                          + ", ".join(unmarked))
        if optional or desk.settings["full_debilities"] == "refuse":
            raise Refused(f"{name} already has all three debilities marked: cannot mark "
                          "another")
        return [Event("mark_debility", cid, f"{name} already has all three debilities marked: "
                      "nothing more happens", {"changed": False})]
    debility = fields.name(action, "debility", DEBILITIES, "debility")
    if debility in char["debilities"]:
        if optional:
            raise Refused(f"{name} is already {debility}: that option cannot be chosen")
        return [Event("mark_debility", cid, f"{name} is already {debility}: caught a break, "
                      "no further mechanical change",
                      {"debility": debility, "changed": False})]
    mark(desk.char(cid), debility)
    return [Event("mark_debility", cid, f"{name} marks {debility}",
                  {"debility": debility, "changed": True})]


def clear_debility(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-13: another move or a GM offer clears a marked debility."""
    debility = fields.name(action, "debility", DEBILITIES, "debility")
    char = desk.char(cid)
    text = clear_marked(char, debility, "clear_debility")
    return [Event("clear_debility", cid, f"{char['name']} {text}", {"debility": debility})]


KEEP_ME_DOWN: Final = "keep_me_down_session"  # the play session it was last used in


def keep_me_down_session(char: StonetopCharacter, action: Action) -> int:
    """ST-7: Never Gonna Keep Me Down "gives an automatic 10+ once per session": the
    action names the play session (`session`, its number); refused if already used in it."""
    if action.get("session") is None:
        raise Refused("Never Gonna Keep Me Down works once per session: start a play session "
                      "first (Play menu), so that its number (`session`) is kept")
    session = fields.whole(action, "session", minimum=1)
    if char.get(KEEP_ME_DOWN) == session:
        raise Refused(f"{char['name']} has already used Never Gonna Keep Me Down this session "
                      f"(session {session}): an automatic 10+ once per session")
    return session


# ST-13: the stats each debility rolls with disadvantage.
DEBILITY_STATS = {"weakened": ("str", "dex"), "dazed": ("int", "wis"),
                  "miserable": ("con", "cha")}
# ST-13: disadvantage rolls one die more and drops the highest: 2d6 becomes 3d6kl2.
PLAIN_ROLL, DISADVANTAGE_ROLL = "2d6", "3d6kl2"


def debility_against(char: StonetopCharacter, stat: str) -> str | None:
    """ST-13: the marked debility that gives disadvantage when rolling +`stat`, if any."""
    return next((d for d in char["debilities"] if stat in DEBILITY_STATS[d]), None)


def read_con(char: StonetopCharacter, action: Action) -> tuple[int | None, str | None]:
    """ST-7, ST-13: Hard to Kill lets the player roll +CON (`con`, the modifier) instead
    of +nothing; rolling +CON while miserable is rolling with disadvantage. (The CON
    modifier and the debility it meets, or (None, None) for +nothing.)"""
    if action.get("con") is None:
        return None, None
    if "hard_to_kill" not in char.get("moves", []):
        raise Refused(f"{char['name']} does not have Hard to Kill: Death's Door adds no stat, "
                      "so there is no +CON to roll")
    con = fields.whole(action, "con", minimum=-3, maximum=3)
    return con, debility_against(char, "con")


def same_move(a: str, b: str) -> bool:
    """Move names as the GM types them: "Death's Door", "deaths door"."""
    def plain(name: str) -> str:
        return " ".join(name.lower().replace("'", "").replace("\u2019", "").split())
    return plain(a) == plain(b)


def wound_against(char: StonetopCharacter, move: str) -> str | None:
    """ST-11: the wound whose effects, while they last, make `move` a roll with
    disadvantage (as Rhianna's arm does her Let Fly); its words, or None."""
    from .wounds import effects_hold  # wounds reads the sheet, as this module does
    for wound in wounds_of(char):
        if effects_hold(wound) and any(same_move(m, move)
                                       for m in wound.get("disadvantage", [])):
            return f"the wound {wound['text']}"
    return None


def disadvantage_on(char: StonetopCharacter, action: Action) -> tuple[int | None, str | None]:
    """ST-7, ST-11, ST-13: Hard to Kill's +CON (or None for +nothing) and why Death's Door
    rolls with disadvantage, if it does: miserable when rolling +CON, or a wound that
    names Death's Door. Two reasons are still one disadvantage."""
    con, against = read_con(char, action)
    return con, against or wound_against(char, "Death's Door")


def con_words(con: int | None, against: str | None) -> str:
    """How the roll's additions read: " (+CON +1, with disadvantage: miserable)"."""
    parts = [] if con is None else [f"+CON {f'+{con}' if con >= 0 else signed(con)}"]
    parts += [f"with disadvantage: {against}"] if against else []
    return f" ({', '.join(parts)})" if parts else ""


def deaths_door_faces(action: Action, against: str | None) -> tuple[int, str]:
    """ST-7, ST-13: the dice of Death's Door from their faces (`rolls`): 2d6, or with
    disadvantage 3d6 less the highest. (The dice's total, and the faces as the log reads
    them.)"""
    expr = DISADVANTAGE_ROLL if against else PLAIN_ROLL
    faces = fields.listing(action, "rolls")
    if len(faces) != len(dice.sides(expr)):
        why = (f"with disadvantage ({against}) it rolls 3d6 and drops the highest"
               if against else "Death's Door rolls 2d6")
        raise Refused(f"{why}: `rolls` needs {len(dice.sides(expr))} faces, not {len(faces)}")
    faces = [fields.faces({"rolls": f}, "rolls", 6) for f in faces]
    kept = dice.total(expr, faces).total
    if not against:
        return kept, f"{faces[0]} + {faces[1]}"
    high = max(faces)
    rest = list(faces)
    rest.remove(high)
    return kept, (f"{', '.join(map(str, faces))} with disadvantage ({against}), drops the "
                  f"highest {high}: {rest[0]} + {rest[1]}")


def deaths_door_total(char: StonetopCharacter, action: Action, cid: str) -> tuple[int, str]:
    """ST-7: the 2d6 total with modifiers: `roll` as the player added it up, or the
    `rolls` plus `bonus` and Hard to Kill's +CON (`con`), less 1 per circle for
    Unstoppable. ST-13: +CON while miserable rolls with disadvantage, three dice for two."""
    name = char["name"]
    moves = char.get("moves", [])
    if fields.flag(action, "automatic"):
        if "never_gonna_keep_me_down" not in moves:
            raise Refused(f"{name} does not have Never Gonna Keep Me Down: no automatic 10+")
        session = keep_me_down_session(char, action)
        return 12, ("Never Gonna Keep Me Down: an automatic 10+ "
                    f"(once per session, session {session})")
    con, against = disadvantage_on(char, action)
    if action.get("roll") is not None:
        total = fields.whole(action, "roll", minimum=-20, maximum=40)
        return total, f"rolls {total}{con_words(con, against)}"
    if action.get("rolls") is None:
        if con is not None or against:  # the rules add +CON to the faces and drop one
            why = "Death's Door" + con_words(con, against)
            raise Refused(f"{name} needs a Death's Door roll: `rolls`, the faces of "
                          f"{DISADVANTAGE_ROLL if against else PLAIN_ROLL}",
                          needs=[need_roll("rolls", DISADVANTAGE_ROLL if against
                                           else PLAIN_ROLL, why, cid)])
        raise Refused(f"{name} needs a Death's Door roll: `roll` (2d6 with modifiers)",
                      needs=[need_roll("roll", PLAIN_ROLL, "Death's Door", cid)])
    kept, how = deaths_door_faces(action, against)
    bonus = fields.whole(action, "bonus", default=0, minimum=-5, maximum=5)
    circles = char.get("circles", 0) if "unstoppable" in moves else 0
    total = kept + bonus + (con or 0) - circles
    how = f"rolls {how}"
    if con is not None:
        how += f" {'+' if con >= 0 else MINUS} {abs(con)} CON"
    if bonus:
        how += f" {'+' if bonus > 0 else MINUS} {abs(bonus)}"
    if circles:
        how += f" {MINUS} {circles} circles (Unstoppable)"
    return total, f"{how} = {total}"


def deaths_door_result(total: int, destined: bool) -> str:
    """ST-7: 10+ → "10+", 7–9 → "7-9", 6− → "6-"; Destined moves each result up one band."""
    band = "10+" if total >= 10 else "7-9" if total >= 7 else "6-"
    if destined:
        band = {"6-": "7-9", "7-9": "10+", "10+": "10+"}[band]
    return band


def deaths_door(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-7: only while dying. 10+ → 1 HP and back; 7–9 → out of the action at 0 HP
    (Hard to Kill: mark a debility to regain 1 HP instead); 6− → fate pending."""
    char = desk.peek(cid)
    name = char["name"]
    if char["death"] != "dying":
        raise Refused(f"{name} is not dying ({char['death'].replace('_', ' ')}): Death's Door is "
                      "rolled only while dying")
    total, how = deaths_door_total(char, action, cid)
    con, against = disadvantage_on(char, action)  # before a debility is marked below
    moves = char.get("moves", [])
    band = deaths_door_result(total, "destined" in moves)
    shown = band.replace("-", "–" if band == "7-9" else MINUS)
    if "destined" in moves:
        how += f"; Destined {ARROW} {shown}"
    debility = None
    if action.get("debility") is not None:
        debility = fields.name(action, "debility", DEBILITIES, "debility")
        if "hard_to_kill" not in moves:
            raise Refused(f"{name} does not have Hard to Kill: no debility for 1 HP")
        if band != "7-9":
            raise Refused(f"Hard to Kill trades a debility for 1 HP only on a 7–9, not {shown}")
        if debility in char["debilities"]:
            raise Refused(f"{name} is already {debility}: choose an unmarked debility")
    char = desk.char(cid)
    if fields.flag(action, "automatic"):
        char[KEEP_ME_DOWN] = action["session"]
    before = char["hp"]
    if band == "10+" or debility:
        char["hp"] = max(1, before)
        char["death"] = "none"
        if debility:
            mark(char, debility)
            outcome = f"7–9 with Hard to Kill: marks {debility} to regain 1 HP"
        else:
            outcome = "10+: returns to 1 HP, marked by the brush with death"
    elif band == "7-9":
        char["death"] = "out_of_action"
        outcome = "7–9: no longer dying, but out of the action at 0 HP"
    else:
        char["death"] = "fate_pending"
        outcome = ("6−: fate pending (a last move then death, Revenant or Ghost, "
                   "or a Thrall of the Things Below)")
    text = f"{name} at Death's Door {how}; {outcome}"
    data = {"roll": total, "result": band, "death_before": "dying",
            "death_after": char["death"], "hp_before": before, "hp_after": char["hp"]}
    if con is not None or against:
        data.update(con=con, disadvantage=against)
    if char["hp"] != before:
        text += f"; {before} {ARROW} {char['hp']} HP"
    return [Event("deaths_door", cid, text, data)]


def set_death(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-6, ST-7: the GM rules on a character's fate (NPC deaths, a fall onto rocks that
    puts a PC at 0 HP on Death's Door, the 6− choice resolved, a revival, someone out of
    the action who is back in it), with the HP they choose (`hp`, optional). Dying is at
    0 HP; at 0 HP a character is out of the action, so "none" needs 1 HP or more."""
    death = fields.choice(action, "death", DEATH_STATES)
    peek = desk.peek(cid)
    name, before, hp = peek["name"], peek["death"], peek["hp"]
    new_hp = fields.whole(action, "hp", default=None, maximum=peek["max_hp"])
    if death == "dying":
        if new_hp:
            raise Refused(f"a dying character is at 0 HP, not {new_hp}")
        new_hp = 0  # Death's Door is at 0 HP (ST-6: the fall onto rocks)
    after_hp = hp if new_hp is None else new_hp
    if death == "none" and after_hp == 0:
        raise Refused(f"{name} is at 0 HP, and at 0 HP a character is out of the action: "
                      "back in the action needs 1 HP or more")
    if death == before and after_hp == hp:
        raise Refused(f"{name} is already {DEATH_WORDS[death]}"
                      + (f" at {hp} HP" if new_hp is not None else ""))
    char = desk.char(cid)
    char["death"] = death
    data: dict[str, Any] = {"death_before": before, "death_after": death}
    text = f"GM ruling: {name} {DEATH_WORDS[before]} {ARROW} {DEATH_WORDS[death]}"
    if after_hp != hp:
        char["hp"] = after_hp
        text += f"; {hp} {ARROW} {after_hp} HP"
        data.update(hp_before=hp, hp_after=after_hp)
    return [Event("set_death", cid, text, data)]
