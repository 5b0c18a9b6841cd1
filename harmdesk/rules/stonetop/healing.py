"""Stonetop healing: heal, Recover, tending, Make Camp, Convalesce, NPC rest
(ST-8 … ST-12, ST-15)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from .. import fields
from ..core import ARROW, Event, Refused, half_up, quoted
from ..shapes import Action, Settings
from .harm import effective_prosperity, read_amount
from .sheet import (
    DEBILITIES,
    StonetopCharacter,
    StonetopDesk,
    find_wound,
    refuse_for_npcs,
    refuse_unless_up,
    spend_supplies,
    wounds_of,
)
from .wounds import effect_words, effects_hold, ended_words


def regain_hp(char: StonetopCharacter, amount: int,
              settings: Settings) -> tuple[dict[str, Any], str]:
    """ST-8: HP rises by `amount`, never above max. Dead stays dead, fate-pending and
    out-of-action hold (ST-7); a dying character brought to 1+ HP is no longer dying but
    still out of the action (setting healing_dying = "stabilizes"), or awake and able to
    move about slowly (healing_dying = "awake", Garet in ST-15)."""
    before = char["hp"]
    char["hp"] = min(char["max_hp"], before + amount)
    data: dict[str, Any] = {"hp_before": before, "hp_after": char["hp"]}
    text = f"{before} {ARROW} {char['hp']} HP"
    if before + amount > char["max_hp"]:
        text += f" (max {char['max_hp']})"
    if char["death"] == "dying" and char["hp"] > 0:
        after, words = dying_healed(settings["healing_dying"])
        if after is not None:
            char["death"] = after
            data["death_after"] = after
            text += f"; {words}"
    return data, text


def dying_healed(reading: str) -> tuple[str | None, str]:
    """The death state of someone dying who is healed to 1+ HP (setting healing_dying)."""
    if reading == "awake":
        return "none", "no longer dying: awake and able to move about slowly"
    if reading == "stabilizes":
        return "out_of_action", "no longer dying, but still out of the action"
    return None, ""


def refuse_dead(char: StonetopCharacter, what: str) -> None:
    """ST-7: dead is never undone by HP changes."""
    if char["death"] == "dead":
        raise Refused(f"{char['name']} is dead: {what} cannot undo death; "
                      "a GM ruling is set_death")


def recover_amount(settings: Settings) -> tuple[int, str]:
    """ST-9 (a): Recover heals 4 + the steading's effective Prosperity (never below 0)."""
    prosperity, how = effective_prosperity(settings)
    value = max(0, 4 + prosperity)
    return value, f"4 + {how} = {value}"


def heal(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-8: another move or a GM offer restores HP (`amount` or `dice`+`rolls`)."""
    amount, how = read_amount(action, cid, "healing")
    char = desk.char(cid)
    refuse_dead(char, "healing")
    data, text = regain_hp(char, amount, desk.settings)
    data["healed"] = data["hp_after"] - data["hp_before"]
    return [Event("heal", cid, f"{char['name']} regains {how} HP; {text}", data)]


def clear_marked(char: StonetopCharacter, debility: str, why: str) -> str:
    """ST-13: clearing erases a marked debility; clearing an unmarked one is refused."""
    if debility not in char["debilities"]:
        marked = ", ".join(char["debilities"]) or "none"
        raise Refused(f"{char['name']} is not {debility} (marked: {marked}); {why} "
                      "cannot clear it")
    char["debilities"].remove(debility)
    return f"clears {debility}"


def recover(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-9 (a): spend 1 use of supplies, regain 4 + Prosperity HP; not again until the
    character takes more damage. May also tend one debility (the Caradoc example)."""
    char = desk.peek(cid)
    refuse_for_npcs(char, "Recover", "use `rest` or `heal`")
    refuse_unless_up(char, "Recovering")
    if not char["can_recover"]:
        raise Refused(f"{char['name']} cannot Recover again until they take more damage")
    debility = (None if action.get("debility") is None
                else fields.name(action, "debility", DEBILITIES, "debility"))
    if char["hp"] >= char["max_hp"] and debility is None:
        raise Refused(f"{char['name']} is at full HP ({char['hp']}): nothing to Recover")
    payer = fields.text(action, "supplies_from", default=cid)
    amount, how = recover_amount(desk.settings)
    spent, sdata = spend_supplies(desk, payer, 1, f"Recover for {char['name']}", cid)
    char = desk.char(cid)
    data, text = regain_hp(char, amount, desk.settings)
    char["can_recover"] = False
    parts = [f"{char['name']} Recovers", spent, f"regains {how} HP", text,
             "cannot Recover again until they take more damage"]
    data.update(sdata, healed=data["hp_after"] - data["hp_before"], can_recover=False)
    events = [Event("recover", cid, "; ".join(p for p in parts if p), data)]
    if debility is not None:
        events.append(Event("clear_debility", cid,
                            f"{char['name']} tends a debility while Recovering: "
                            f"{clear_marked(char, debility, 'Recover')} (GM ruling)",
                            {"debility": debility}))
    return events


# ST-15: the bands of a Defy Danger roll the GM may require to tend a wound, and what a
# 7–9 lets the player take (the GM offers a cost or a lesser success).
DEFY_DANGER = ("10+", "7-9", "6-")
SEVEN_TO_NINE = ("cost", "lesser")
BAND_SHOWN: dict[str | None, str] = {"10+": "10+", "7-9": "7–9", "6-": "6−"}


def read_defy_danger(action: Action) -> tuple[str | None, str | None]:
    """ST-15: the Defy Danger result (`defy_danger` 10+ | 7-9 | 6-) and, on a 7–9 only,
    what the player takes (`pick`: cost | lesser)."""
    band = fields.choice(action, "defy_danger", DEFY_DANGER, default=None)
    pick = fields.choice(action, "pick", SEVEN_TO_NINE, default=None)
    if band == "7-9" and pick is None:
        raise Refused("on a 7–9 the GM offers a cost or a lesser success: `pick` cost or "
                      "lesser")
    if pick is not None and band != "7-9":
        raise Refused("`pick` is the choice of a 7–9, not of "
                      + BAND_SHOWN.get(band, "no roll"))
    return band, pick


def lesser_success(char: StonetopCharacter, gained: int,
                   death: str | None) -> tuple[int, str | None]:
    """ST-15 (Garet, 7–9): the lesser success holds back the HP and leaves someone dying
    stable but out of the action, "flitting in and out of consciousness, unable to walk"."""
    if not gained and death != "none":
        raise Refused("a lesser success needs something to hold back: HP regained or getting "
                      "back on their feet")
    return 0, ("out_of_action" if char["death"] == "dying" else None)


def tending_settles_death(char: Mapping[str, Any]) -> bool:
    """ST-15: tending can stabilize someone dying or bring someone out of the action back;
    anyone else's death state is not the tending's to change."""
    return char["death"] in ("dying", "out_of_action")


@dataclass
class Tending:
    """What a `tend` action asks for, as read (the 7–9's pick may change the HP, the death
    state and the supplies)."""

    debility: str | None
    wound: str | None
    becomes: str | None
    uses: int
    payer: str
    gained: int
    death: str | None
    how: str | None
    band: str | None
    pick: str | None


def read_tending(action: Action, cid: str) -> Tending:
    """The fields of a `tend` action, each checked as it is read."""
    debility = (None if action.get("debility") is None
                else fields.name(action, "debility", DEBILITIES, "debility"))
    wound = fields.text(action, "wound", default=None)
    becomes = fields.text(action, "wound_becomes", default=None)
    uses = fields.whole(action, "supplies", default=0, maximum=100)
    payer = fields.text(action, "supplies_from", default=cid)
    gained = fields.whole(action, "heal", default=0)
    death = fields.choice(action, "death", ("none", "out_of_action"), default=None)
    how = fields.text(action, "how", default=None)
    band, pick = read_defy_danger(action)
    return Tending(debility, wound, becomes, uses, payer, gained, death, how, band, pick)


def check_tending(char: StonetopCharacter, asked: Tending) -> None:
    """Refused unless there is something to tend on `char` and the tending can do it."""
    if asked.debility is None and asked.wound is None and not asked.gained \
            and asked.death is None:
        raise Refused("`tend` needs something to tend: `debility`, `wound`, `heal` or `death`")
    if asked.wound is not None:
        find_wound(char, asked.wound)
    if asked.debility is not None and asked.debility not in char["debilities"]:
        raise Refused(f"{char['name']} is not {asked.debility}: nothing to tend (marked: "
                      f"{', '.join(char['debilities']) or 'none'})")
    if asked.death == "none" and min(char["max_hp"], char["hp"] + asked.gained) == 0:
        raise Refused(f"{char['name']} would still be at 0 HP: back on their feet needs "
                      "`heal` too")
    if asked.becomes is not None and asked.wound is None:
        raise Refused("`wound_becomes` needs the `wound` it replaces")
    if asked.death is not None and not tending_settles_death(char):
        raise Refused(f"{char['name']} is {char['death'].replace('_', ' ')}: tending can only "
                      "stabilize someone dying or bring someone out of the action back")


def defy_danger_taken(char: StonetopCharacter, asked: Tending) -> str:
    """ST-15: what the player took on a 7–9 changes the tending (the lesser success holds
    back, the cost is a second use of supplies); the roll as the log tells it."""
    roll = f"Defy Danger {BAND_SHOWN[asked.band]}" if asked.band else ""
    if asked.pick == "lesser":
        asked.gained, asked.death = lesser_success(char, asked.gained, asked.death)
        roll += ": the lesser success"
    elif asked.pick == "cost":
        asked.uses += 1
        roll += ": the cost, a second use of supplies"
    return roll


def tend_marks(char: StonetopCharacter, asked: Tending, parts: list[str],
               data: dict[str, Any]) -> None:
    """ST-9 (b): the debility cleared, the wound taken care of or reworded."""
    if asked.debility is not None:
        parts.append(clear_marked(char, asked.debility, "tending"))
        data["debility"] = asked.debility
    if asked.wound is not None:
        char["wounds"] = wounds_of(char)
        at = find_wound(char, asked.wound)
        if asked.becomes is not None:
            # the wound keeps its source, permanence and requirements under its new words
            char["wounds"][at] = {**char["wounds"][at], "text": asked.becomes}
            parts.append(f"wound {asked.wound!r} {ARROW} {asked.becomes!r}")
        else:
            char["wounds"].pop(at)
            parts.append(f"wound {asked.wound!r} taken care of")


def tend_hp_and_state(desk: StonetopDesk, char: StonetopCharacter, asked: Tending,
                      parts: list[str], data: dict[str, Any]) -> None:
    """ST-15: the HP the tending gives back and the death state it leaves: the one the GM
    named, or as healing the dying reads (`healing_dying`)."""
    if not asked.gained and asked.death is None:
        return
    before_death = char["death"]
    hp_data, text = regain_hp(char, asked.gained, {"healing_dying": "no_change"})
    if asked.gained:
        parts.append(f"regains {asked.gained} HP; {text}")
        data.update(hp_data, healed=hp_data["hp_after"] - hp_data["hp_before"])
    if asked.death is not None:
        char["death"] = asked.death
        parts.append({"none": "back on their feet",
                      "out_of_action": "stable, but out of the action"}[asked.death])
        data.update(death_before=before_death, death_after=asked.death)
    elif before_death == "dying" and char["hp"] > 0:
        reading = desk.settings["healing_dying"]
        after, words = dying_healed("awake" if reading == "awake" else "stabilizes")
        char["death"] = cast(str, after)  # awake and stabilizes each name a state
        parts.append(words)
        data.update(death_before=before_death, death_after=after)


def tend(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-9 (b), ST-15: tend a debility or a problematic wound; the GM names the cost in
    supplies and any HP or change of state it brings. Not gated by can_recover.

    When the GM requires Defy Danger (`defy_danger`): 10+ does what the tending set out to
    do; on a 7–9 the player takes the cost, a second use of supplies, for that same result,
    or the lesser success; on a 6− nothing is tended, the supplies named are still used up
    and the GM makes a move."""
    char = desk.peek(cid)
    refuse_dead(char, "tending")
    asked = read_tending(action, cid)
    check_tending(char, asked)
    roll = defy_danger_taken(char, asked)
    spent, sdata = spend_supplies(desk, asked.payer, asked.uses, f"tending {char['name']}", cid)
    char = desk.char(cid)
    parts = [f"Tending {char['name']}" + (f" ({asked.how})" if asked.how else ""), roll, spent]
    data = dict(sdata)
    if asked.band:
        data["defy_danger"] = asked.band
    if asked.pick:
        data["pick"] = asked.pick
    if asked.band == "6-":
        parts.append("nothing is taken care of: the danger comes to pass and the GM makes "
                     "a move")
        return [Event("tend", cid, "; ".join(p for p in parts if p), data)]
    tend_marks(char, asked, parts, data)
    tend_hp_and_state(desk, char, asked, parts, data)
    return [Event("tend", cid, "; ".join(p for p in parts if p), data)]


def make_camp(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-10: fed and rested, pick ONE: regain ⌈max HP/2⌉ (a bedroll adds its d6) or clear a
    debility. Unfed, no pick at all. Comfort gives advantage; being uninjured does not."""
    char = desk.peek(cid)
    refuse_for_npcs(char, "Make Camp", "use `rest` with length night")
    refuse_unless_up(char, "Making Camp")
    choice = fields.choice(action, "choice", ("hp", "debility"))
    if not fields.flag(action, "fed", default=True):
        raise Refused(f"{char['name']} did not eat and drink their fill: Make Camp gives no "
                      "benefit")
    bedroll = (None if action.get("bedroll") is None
               else fields.faces(action, "bedroll", 6))
    comfort = fields.flag(action, "comfortable")
    debility = None
    if choice == "debility":
        debility = fields.name(action, "debility", DEBILITIES, "debility")
        if debility not in char["debilities"]:
            raise Refused(f"{char['name']} is not {debility}: Make Camp cannot clear it "
                          f"(marked: {', '.join(char['debilities']) or 'none'})")
    elif action.get("debility") is not None:
        raise Refused("`debility` goes with `choice: debility`; Make Camp gives ONE pick")
    char = desk.char(cid)
    half = half_up(char["max_hp"])
    gain, parts = 0, [f"{char['name']} Makes Camp"]
    if choice == "hp":
        gain = half
        parts.append(f"regains half of max {char['max_hp']} rounded up = {half} HP")
    else:
        parts.append(clear_marked(char, cast(str, debility), "Make Camp"))  # chosen
    if bedroll is not None and (choice == "hp" or desk.settings["bedroll"] == "always"):
        gain += bedroll
        parts.append(f"bedroll d6 ({bedroll}) = +{bedroll} HP")
    data: dict[str, Any] = {"choice": choice}
    if gain or choice == "hp":
        hp_data, text = regain_hp(char, gain, desk.settings)
        parts.append(text)
        data.update(hp_data, healed=hp_data["hp_after"] - hp_data["hp_before"])
    parts.append("advantage on the next roll (a comfortable rest)" if comfort
                 else "no advantage")
    data["advantage"] = comfort
    if debility:
        data["debility"] = debility
    return [Event("make_camp", cid, "; ".join(parts), data)]


def convalesce(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-11: a few days of rest → full HP and every debility cleared; weeks in a healer's
    care heal the wounds that can heal (`healed_wounds`). Out of the action holds (ST-7)."""
    char = desk.peek(cid)
    refuse_for_npcs(char, "Convalesce", "use `rest` with length days")
    refuse_unless_up(char, "Convalescing")
    healed = fields.listing(action, "healed_wounds", default=[])
    for text in healed:
        wound = wounds_of(char)[find_wound(char, text, " to heal")]
        if wound["permanent"]:
            raise Refused(f"{char['name']}'s wound {quoted(text)} is permanent: it does not "
                          "heal in a healer's care; retire the character or Make a Plan")
    char = desk.char(cid)
    char["wounds"] = wounds_of(char)
    data, text = regain_hp(char, char["max_hp"], desk.settings)
    cleared = list(char["debilities"])
    char["debilities"] = []
    parts = [f"{char['name']} Convalesces: back to full HP", text]
    parts.append(f"clears {', '.join(cleared)}" if cleared else "no debilities to clear")
    for wound in dict.fromkeys(healed):
        gone = char["wounds"].pop(find_wound(char, wound))
        parts.append(f"wound {wound!r} heals")
        if effect_words(gone) and effects_hold(gone):
            parts.append("its effects end: " + ended_words(gone))
    data.update(healed=data["hp_after"] - data["hp_before"], debilities_cleared=cleared)
    return [Event("convalesce", cid, "; ".join(parts), data)]


def rest_guide(char: StonetopCharacter, length: str) -> tuple[int | None, str]:
    """ST-12's guidelines: a few minutes with supplies → 3–5 HP (the GM says how many); a
    night → ⌈max/2⌉; a few days → full HP."""
    if length == "minutes":
        return None, "a few minutes' rest with supplies (3–5 HP as a guide)"
    if length == "night":
        half = half_up(char["max_hp"])
        return half, f"a night's rest: half of max {char['max_hp']} rounded up = {half} HP"
    return char["max_hp"], "a few days' rest: back to full HP"


def rest_amount(char: StonetopCharacter, length: str, action: Action, cid: str) -> tuple[int, str]:
    """ST-12: "Use the player moves as guidelines … The fiction, of course, takes
    precedence": the GM's `amount` (any whole number, 0 or more) or roll (`dice`+`rolls`)
    stands over the guide; a few minutes' rest has no fixed number, so it needs one."""
    guide, how = rest_guide(char, length)
    if action.get("amount") is None and action.get("dice") is None:
        if guide is None:
            raise Refused("a few minutes' rest restores what the GM says (3–5 HP as a "
                          "guide): give `amount` or `dice`")
        return guide, how
    amount, rolled = read_amount(action, cid, "rest")
    if guide is None:
        return amount, f"{how}: the GM's {rolled} HP"
    return amount, f"{how.split(':')[0]}: the GM's {rolled} HP (the guide: {guide})"


def rest(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-12: non-follower NPCs and monsters regain HP as the GM decides, by these guides."""
    char = desk.peek(cid)
    if char["kind"] in ("pc", "follower"):
        raise Refused(f"{char['name']} is a {'PC' if char['kind'] == 'pc' else 'follower'}: "
                      "use Recover, Make Camp or Convalesce")
    refuse_dead(char, "rest")
    length = fields.choice(action, "length", ("minutes", "night", "days"))
    amount, how = rest_amount(char, length, action, cid)
    char = desk.char(cid)
    data, text = regain_hp(char, amount, desk.settings)
    data["healed"] = data["hp_after"] - data["hp_before"]
    return [Event("rest", cid, f"{char['name']} rests: {how}; {text}", data)]
