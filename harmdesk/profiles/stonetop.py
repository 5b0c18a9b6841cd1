"""Stonetop as the window and the summary show it: HP and armor, debilities and wounds,
Death's Door (ST-1 … ST-16)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules.core import ARROW, MINUS, Desk, Refused, signed
from ..rules.stonetop import SYSTEM, harm
from ..rules.stonetop.healing import tending_settles_death
from ..rules.stonetop.sheet import DEATH_WORDS, DEBILITIES, LIMITS, wound_texts, wounds_of
from ..rules.stonetop.wounds import effect_words, effects_hold
from . import register
from .parts import (
    HEADS,
    KIND_LABELS,
    SUPPLIES,
    Bar,
    Chip,
    Clock,
    DeathRuling,
    Edit,
    EndState,
    Form,
    LibraryFields,
    Look,
    Modifier,
    Profile,
    ReportFacts,
    SheetField,
    Starter,
    TileFacts,
)

# Damage by severity, for harm not tied to a prepared danger (seed 001).
SEVERITY = (("d4", "bruises, scrapes, light burns"), ("d6", "nasty flesh wounds, bad burns"),
            ("d8", "broken bones, debilitating pain"), ("d10", "death or dismemberment"))
# ST-6, ST-7: each state as the GM reads it.
DEATH_CHOICES = (
    ("&None: in the action", "none"),
    ("D&ying: at Death's Door, 0 HP", "dying"),
    ("&Out of the action: unconscious, trapped, disabled", "out_of_action"),
    ("&Fate pending: Death's Door 6−, the choice is theirs", "fate_pending"),
    ("D&ead", "dead"),
)
ENDED = ("dead", "fate_pending")
# ST-6, ST-7: the death states a tile shows, gravest first
END_STATES = {"dead": EndState("Dead", "ended"), "fate_pending": EndState("Fate pending", "grave"),
              "dying": EndState("Dying — Death's Door", "grave"),
              "out_of_action": EndState("Out of the action", "down")}


def wound_badge(wound: dict) -> str:
    """ST-14: "wound: lost right arm · permanent · 1/3 met · from Three Coven Lake"."""
    reqs = wound["requirements"]
    notes = [*(["permanent"] * wound["permanent"]),
             *([f"{sum(r['met'] for r in reqs)}/{len(reqs)} met"] if reqs else []),
             *([f"from {wound['source']}"] if wound["source"] else [])]
    return " · ".join([f"wound: {wound['text']}", *notes])


def lasting_effects(char: dict) -> list[str]:
    """ST-11: what a character's wounds do while they last, each once: "bow: reload",
    "Let Fly with disadvantage" (Rhianna's lost arm, until every requirement is met)."""
    return list(dict.fromkeys(e for w in wounds_of(char) if effects_hold(w)
                              for e in effect_words(w)))


def wounds_shown(char: dict) -> list[dict]:
    """Each wound as the window reads it, with what it does now (`lasting`, ST-11)."""
    return [{**w, "lasting": effect_words(w) if effects_hold(w) else []}
            for w in wounds_of(char)]


def status(char: dict) -> str:
    death = char["death"]
    return death if death != "none" else "ok"


def tile_facts(char: dict) -> TileFacts:
    status_now = status(char)
    # what the wounds do at the table comes before their stories, on a tile's one row
    badges = [*char["debilities"], *lasting_effects(char),
              *(wound_badge(w) for w in wounds_of(char))]
    supplies = char.get("supplies")
    return TileFacts(
        char["name"], KIND_LABELS[char["kind"]],
        Bar(char["hp"], char["max_hp"], f"{char['hp']}/{char['max_hp']} HP"),
        ("Armor", str(char["armor"])),
        ("Supplies", str(supplies)) if supplies is not None else None,
        tuple(badges), status_now,
        () if char["can_recover"] else ("Recover used",), PROFILE.end_state(status_now))


# the summary ---------------------------------------------------------------------------
def death_label(state: str) -> str:
    return END_STATES[state].label if state in END_STATES else "up and about"


def band(result: str) -> str:
    """Death's Door bands as the rules print them: 10+, 7–9, 6−."""
    return {"7-9": "7–9", "6-": f"6{MINUS}"}.get(result, result)


def markers(char: dict) -> list[str]:
    """Debilities and problematic wounds; a list, so the same name twice counts twice."""
    return [*char.get("debilities", []), *(f"wound: {w}" for w in wound_texts(char))]


def fate(event: dict) -> str | None:
    kind = event.get("kind")
    if kind == "death":
        return f"0 HP: {death_label(event['death_after'])}"
    if kind == "deaths_door":
        after = event["death_after"]
        outcome = "back at 1 HP" if after == "none" else death_label(after).lower()
        return f"Death's Door {signed(event['roll'])} ({band(event['result'])}): {outcome}"
    if kind == "set_death":
        return (f"GM ruling: {death_label(event['death_before'])} {ARROW} "
                f"{death_label(event['death_after'])}")
    if "death_after" in event:  # healing or tending someone who was dying
        return {"none": "back on their feet",
                "out_of_action": "stabilized, out of the action"}.get(
            event["death_after"], death_label(event["death_after"]))
    return None


def death(event: dict) -> str | None:
    after = event.get("death_after")
    if event.get("kind") in ("death", "set_death", "deaths_door") and after in ENDED:
        return "dead" if after == "dead" else f"fate pending (Death's Door {band('6-')})"
    return None


def ending(event: dict) -> tuple[str, str] | None:
    """Death, or a fate pending after Death's Door."""
    if death(event) is None:
        return None
    return ("Death", "") if event["death_after"] == "dead" else \
        ("Fate pending", f"Death's Door {band('6-')}")


def standing(char: dict) -> str:
    text = f"{char['name']} fell to {char['hp']} of {char['max_hp']} HP"
    return text + (" at Death's Door" if char["death"] == "dying" else "")


REPORT = ReportFacts(
    charts_damage=False,
    taken_heading="HP lost (after armor)",
    fates_heading="Death's Door and death",
    marker_columns=(("gained", "Debilities and wounds gained"), ("cleared", "… cleared")),
    markers=markers, fate=fate, death=death, ending=ending,
    ended=lambda char: char["death"] in ENDED,
    margin=lambda char: char["hp"] / max(char["max_hp"], 1),  # 0 is Death's Door
    standing=standing,
)

DEATH = DeathRuling(
    key="death", heading="Death state (a GM ruling)", choices=DEATH_CHOICES,
    proposed=lambda chars: (states.pop() if len(states := {c["death"] for c in chars}) == 1
                            else "none"),
    where=lambda char: DEATH_WORDS[char["death"]],
    alive=lambda value: value != "dying",
    changes=lambda char, value, hp: char["death"] != value or (hp is not None
                                                               and char["hp"] != hp),
)

QUICK = (
    *HEADS,
    Form("lose 3", "lose 3 HP: armor never applies", word="lose"),
    Modifier("7 p1", "1 piercing: the target's armor counts 1 less",
             pattern=r"p(\d+)", read=lambda m: {"piercing": int(m[1])}),
    Modifier("7 px", "x piercing: piercing equal to the steading's Prosperity",
             pattern=r"px", read=lambda m: {"piercing": "x"}),
    Modifier("7 ia", "ignores armor",
             pattern=r"ia|ignores|ignores_armor", read=lambda m: {"ignores_armor": True}),
    Modifier("7 nl", "non-lethal: at 0 HP out of the action, not dying",
             pattern=r"nl|nonlethal|non-lethal", read=lambda m: {"lethal": False}),
)

# the players' display: how each state reads to the players (the GM may reword it)
PLAYER_LOOKS = (
    Look("unhurt", "unhurt", "fine", "at full HP, with no debility or wound"),
    Look("hurt", "hurt", "hurt", "below full HP"),
    Look("badly_hurt", "badly hurt", "grave",
         "at half their HP or less, or with a debility or a wound marked"),
    Look("deaths_door", "at Death's Door", "down",
         "dying, or Death's Door rolled and their fate yet to be chosen"),
    Look("out_of_action", "out of the action", "down",
         "at 0 HP from a non-lethal source: unconscious, trapped, disabled"),
    Look("dead", "dead", "dead", "dead"),
)


def player_look(char: dict) -> tuple[str, tuple[str, ...]]:
    """The character's row of PLAYER_LOOKS, and its debilities as words."""
    death = char["death"]
    if death == "dead":
        return "dead", ()
    if death in ("dying", "fate_pending"):
        return "deaths_door", ()
    notes = tuple(char["debilities"])
    if death == "out_of_action":
        return "out_of_action", notes
    hp, top = char["hp"], char["max_hp"]
    if hp * 2 <= top or notes or wounds_of(char):
        return "badly_hurt", notes
    return ("hurt" if hp < top else "unhurt"), notes


def gang_summary(state: dict, ids: list[str]) -> tuple[list[str], str, bool, str]:
    """ST-2: the gang slot's (member lines, what the gang deals, ok, chip label); `ids`
    holds an attacker once per combatant."""
    chars = state["characters"]
    groups = [(cid, ids.count(cid)) for cid in dict.fromkeys(ids)]
    lines = [f"{n} × {chars[c]['name'] if c in chars else c}" for c, n in groups]
    try:
        desk = Desk(state)
        gang, _, gone = harm.fighting_gang(desk, [{"id": c, "count": n} for c, n in groups])
    except Refused as err:
        return lines, err.reason, False, ""
    # the downed are not counted (out of the action, no longer in the fight)
    lines = [f"{line} (out of the action: not counted)" if c in gone else line
             for line, (c, _) in zip(lines, groups, strict=True)]
    deals = gang.text.split(f" {ARROW} ", 1)[-1]
    return lines, f"Deals {deals}", True, f"Gang: {deals}"


def gang_roll(state: dict, attackers: list) -> tuple[dict[str, Any], list[str]]:
    """ST-2: the gang's one roll as the rules make it of its attackers, and the notes on
    those left out of it."""
    gang, left_out, _ = harm.fighting_gang(Desk(state), attackers)
    roll = {"dice": gang.expr, "piercing": gang.piercing, "ignores_armor": gang.ignores_armor,
            "tags": list(gang.tags)}
    return roll, list(left_out)


def tending_changes_death(char: Mapping[str, Any]) -> bool:
    """ST-15: whether tending `char` may change their death state (someone dying or out of
    the action), so the Tend page offers what becomes of them."""
    return tending_settles_death(char)


def once_per_session(action: Mapping[str, Any]) -> bool:
    """ST-7: Never Gonna Keep Me Down, "an automatic 10+ once per session", names the
    play session it is used in as `session`."""
    return action.get("type") == "deaths_door" and action.get("automatic") is True


PROFILE = Profile(
    name=SYSTEM.name, title=SYSTEM.title, kinds=SYSTEM.kinds,
    tile_facts=tile_facts, status=status,
    headers=("Name", "Kind", "HP", "Armor", "Supplies", "Marks", "State"),
    edits={"bar": Edit("edit_character", "hp", "HP"),
           "guard": Edit("edit_character", "armor", "armor"),
           # empty: supplies are not tracked
           "buffer": Edit("edit_character", "supplies", "supplies", empty_ok=True)},
    severity=SEVERITY,
    move_chips=(Chip("Recover", {"type": "recover"},
                     "Recover: spend 1 use of supplies and heal 4 + Prosperity HP."),),
    condition_chips=tuple(
        Chip(d.capitalize(), {"type": "mark_debility", "debility": d},
             f"Mark the debility {d}. NPCs and monsters never mark debilities.")
        for d in ("weakened", "dazed", "miserable") if d in DEBILITIES),
    conditions_title="Debilities",
    gang=True,
    modifiers=("piercing", "ignores_armor", "non_lethal"),
    attack_fields=("piercing", "tags", "ignores_armor"),
    quick_forms=QUICK,
    condition_pages=("debility", "wound"),
    moves_pages=("recover", "tend", "make_camp", "deaths_door", "convalesce", "npc_rest"),
    sheet=(
        SheetField("max_hp", "&Max HP:", "int", (*LIMITS["max_hp"], 10), "Maximum Hit Points"),
        SheetField("hp", "&HP now:", "int", (*LIMITS["hp"], 10), "Current Hit Points"),
        SheetField("armor", "A&rmor:", "int", (*LIMITS["armor"], 0),
                   "Armor subtracts from each hit (less piercing)"),
        SUPPLIES,
    ),
    death_ruling=DEATH,
    no_death_ruling="",
    ends_scenes="end_scene" in SYSTEM.actions,
    report=REPORT,
    debilities=DEBILITIES,
    death_words=DEATH_WORDS,
    wounds=wounds_shown,
    rule_ids={
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
        "treat_wound": ("ST-11", "ST-14"),
        "remove_wound": ("ST-14",),
    },
    rule_ids_by_field=(("piercing", "x", ("ST-4",)), ("con", None, ("ST-13",))),
    player_looks=PLAYER_LOOKS,
    player_look=player_look,
    clock=Clock(mode=SYSTEM.clock_modes[0]),
    pages_module="harmdesk.qt.dialogs.moves_stonetop",
    end_states=END_STATES,
    demo="stonetop.json",
    gang_summary=gang_summary,
    gang_roll=gang_roll,
    once_per_session=once_per_session,
    library=LibraryFields(
        fields=(SheetField("armor", "A&rmor:", "int", (*LIMITS["armor"], 0),
                           "Armor subtracts from each hit (less piercing)"),),
        # ST-1 and ST-2's worked examples: the dangers seeds 000 and 001 name, with the
        # damage they give; their HP and armor are the GM's to fill in
        starters=(
            Starter("Hagr", "monster", "Stonetop: \u201cyou'd deal the hagr's 1d10+3 "
                    "damage\u201d (seed 000)", attack={"dice": "d10+3"}),
            Starter("Coedwig", "monster", "Stonetop: \u201csix coedwig (thorn-spirits, "
                    "dealing d6 damage, 1 piercing)\u201d (seed 000)",
                    attack={"dice": "d6", "piercing": 1}, count=6, notes="Thorn-spirits."),
            Starter("Birdwraig", "monster", "Stonetop: \u201ca birdwraig (tree spirit, d8+3 "
                    "damage, forceful)\u201d (seed 000)",
                    attack={"dice": "d8+3", "tags": ["forceful"]}, notes="A tree spirit."),
        )),
)

register(PROFILE)
