"""Freedom Fantasies as the window and the summary show it: Damage building up against a
fixed HP, Block and Protection, damage types, objects (FF-1 … FF-12)."""

from __future__ import annotations

from ..rules.fields import NAME
from ..rules.freedom_fantasies import SYSTEM
from ..rules.freedom_fantasies.healing import split_fits
from ..rules.freedom_fantasies.sheet import LIMITS
from ..rules.freedom_fantasies.status import OBJECT, is_object, momentum_of, thresholds
from . import register
from .parts import (
    HEADS,
    KIND_LABELS,
    SUPPLIES,
    Bar,
    Chip,
    Clock,
    Edit,
    EndState,
    LibraryFields,
    Look,
    Modifier,
    Profile,
    ReportFacts,
    SheetField,
    TileFacts,
    words,
)


def marks(char: dict) -> tuple[tuple[int, str], ...]:
    """The Damage that Wounded and the Story's End (Broken, Destroyed) exceed (FF-2 … FF-4)."""
    first, second = thresholds(char["hp"])
    if is_object(char):
        return (first, "Broken"), (second, "Destroyed")
    return (first, "Wounded"), (second, "Story ends")


# FF-2: "When you are Wounded, you are typically no longer considered an active threat to
# combatants and will no longer be the target of further attacks": guidance, not a rule
NOT_ATTACKED = "no longer the target of further attacks"
# FF-3, FF-4: the end states a tile shows, gravest first; a thing is mended, not healed
END_STATES = {"destroyed": EndState("Destroyed", "ended", recovered="repaired"),
              "story_ended": EndState("Story ended", "ended"),
              "wounded": EndState("Wounded", "down"),
              "broken": EndState("Broken", "down", recovered="repaired", dashed=True)}


def status(char: dict) -> str:
    if is_object(char):
        return "destroyed" if char["destroyed"] else "broken" if char["broken"] else "ok"
    return "story_ended" if char["story_ended"] else "wounded" if char["wounded"] else "ok"


def tile_facts(char: dict) -> TileFacts:
    hp, damage = char["hp"], char["damage"]
    status_now = status(char)
    protection = char["protection"]
    buffer = ("Protection", f"{protection} · {char['protection_source']}") if protection else \
        ("Protection", "0")
    badges = [f"immune: {words(t)}" for t in char.get("immune", [])]
    badges += [f"resists {words(t)}" for t in char.get("resistant", [])]
    badges += [f"vulnerable: {words(t)}" for t in char.get("vulnerable", [])]
    extra: tuple[str, ...] = ()
    if not is_object(char) and (momentum_of(char) or char["wounded"]):
        # FF-2: while Wounded, each Action costs a Momentum Point; show what is left
        extra += (f"Momentum {momentum_of(char)}",)
    if char.get("wounded") and not char.get("story_ended"):
        extra += (NOT_ATTACKED,)
    if char.get("short_rest_used"):
        extra += ("Short Rest used",)
    # the bar reaches one past the Story's End, so the last mark sits inside it
    return TileFacts(
        char["name"], KIND_LABELS[char["kind"]],
        Bar(damage, thresholds(hp)[1] + 1, f"Damage {damage} · HP {hp}", marks(char),
            fills_with_harm=True),
        ("Block", str(char["block"])), buffer, tuple(badges), status_now, extra,
        PROFILE.end_state(status_now))


# the summary ---------------------------------------------------------------------------
def margin(char: dict) -> float:
    """Room left before Damage exceeds twice HP and the Story Ends, as a share of it."""
    limit = thresholds(char["hp"])[1]
    return (limit - char["damage"]) / max(limit, 1)


REPORT = ReportFacts(
    charts_damage=True,
    taken_heading="Damage taken (after Block, Protection)",
    fates_heading="Wounded, Broken, Story Ends",
    marker_columns=(),
    markers=lambda char: [],
    fate=lambda event: {"wounded": "Wounded", "wound_ended": "no longer Wounded",
                        "story_end": "Story ended", "broken": "Broken", "repaired": "repaired",
                        "destroyed": "Destroyed",
                        "undestroyed": "no longer Destroyed"}.get(event.get("kind")),
    death=lambda event: {"story_end": "the Story Ends",
                         "destroyed": "Destroyed"}.get(event.get("kind")),
    ending=lambda event: {"story_end": ("The Story Ends", ""),
                          "destroyed": ("Destroyed", "")}.get(event.get("kind")),
    ended=lambda char: bool(char.get("story_ended") or char.get("destroyed")),
    margin=margin,
    standing=lambda char: (f"{char['name']} reached Damage {char['damage']} against HP "
                           f"{char['hp']} (the Story Ends above {thresholds(char['hp'])[1]})"),
    marks=marks,
)

TYPES_TIP = "Damage types that {}, separated by commas"

# the players' display: how each state reads to the players (the GM may reword it)
PLAYER_LOOKS = (
    Look("unhurt", "unhurt", "fine", "no Damage taken"),
    Look("hurt", "hurt", "hurt", "Damage taken, not yet Wounded"),
    Look("wounded", "Wounded", "grave", "Damage past their HP: Wounded"),
    Look("not_attacked", NOT_ATTACKED, "note",
         "shown beside Wounded: the Wounded are typically no longer attacked"),
    Look("story_ends", "Story ends", "dead", "Damage past twice their HP: their Story ends",
         "{name}: {words}"),
    Look("intact", "intact", "fine", "an object with no Damage"),
    Look("damaged", "damaged", "hurt", "an object with Damage, not yet Broken"),
    Look("broken", "Broken", "grave", "an object's Damage past its HP: Broken"),
    Look("destroyed", "Destroyed", "dead", "an object's Damage past twice its HP: Destroyed"),
)


def player_look(char: dict) -> tuple[str, tuple[str, ...]]:
    """The character's (or object's) row of PLAYER_LOOKS."""
    if is_object(char):
        key = "destroyed" if char["destroyed"] else "broken" if char["broken"] else \
            "damaged" if char["damage"] else "intact"
    else:
        key = "story_ends" if char["story_ended"] else "wounded" if char["wounded"] else \
            "hurt" if char["damage"] else "unhurt"
    return key, ("not_attacked",) if key == "wounded" else ()


PROFILE = Profile(
    name=SYSTEM.name, title=SYSTEM.title, kinds=SYSTEM.kinds,
    tile_facts=tile_facts, status=status,
    headers=("Name", "Kind", "Damage", "Block", "Protection", "Traits", "State"),
    edits={"bar": Edit("set_state", "damage", "Damage"),
           "buffer": Edit("set_state", "protection", "Protection")},
    severity=(),
    move_chips=(Chip("Short Rest", {"type": "short_rest"},
                     "Short Rest: heal Damage equal to HP, once until the next Long Rest."),
                Chip("+1 Momentum", {"type": "gain_momentum"},
                     "Gain 1 Momentum Point."),
                Chip("Wounded Action", {"type": "spend_momentum"},
                     "A Wounded character uses an Action or Reaction to affect the Story: "
                     "expend 1 Momentum Point.")),
    condition_chips=(),
    conditions_title="Conditions",
    gang=False,
    modifiers=("damage_type", "direct", "additional"),
    attack_fields=("damage_type",),
    quick_forms=(
        *HEADS,
        Modifier("9 direct", "Direct Damage: never Blocked",
                 pattern=r"direct", read=lambda m: {"direct": True}),
        # last: any other word is a type's name (FF-8 allows any)
        Modifier("9 fire", "a Damage Type (fire, cold, cold_iron …), one per entry",
                 pattern=NAME, read=lambda m: {"damage_type": m[0]}),
    ),
    condition_pages=("protection", "damage_types"),
    moves_pages=("short_rest", "long_rest", "medicine", "technology", "magical_repair"),
    sheet=(
        SheetField("hp", "&HP (the limit):", "int", (*LIMITS["hp"], 10),
                   "Hit Points: Damage above this Wounds (Breaks); above twice it the Story "
                   "Ends (Destroyed). HP never changes with Damage"),
        SheetField("might", "&Might:", "int", (*LIMITS["might"], 0),
                   "Might, part of the Block Rating"),
        SheetField("block_bonus", "&Block Bonus:", "int", (*LIMITS["block_bonus"], 0),
                   "Block Bonus from armor"),
        SheetField("immune", "&Immune to:", "types", (),
                   TYPES_TIP.format("are ignored (and count as Resistance)")),
        SheetField("resistant", "&Resistant to:", "types", (),
                   TYPES_TIP.format("give attacks Disadvantage to hit (the Damage is "
                                    "unchanged)")),
        SheetField("vulnerable", "&Vulnerable to:", "types", (),
                   TYPES_TIP.format("give attacks Advantage to hit (the Damage is "
                                    "unchanged)")),
        SUPPLIES,
    ),
    death_ruling=None,
    no_death_ruling=("Freedom Fantasies has no death state to rule on: an ended Story stays "
                     "ended. Undo a mistaken hit with Ctrl+Z, or correct Damage in the "
                     "table."),
    ends_scenes="end_scene" in SYSTEM.actions,
    report=REPORT,
    object_kinds=(OBJECT,),
    medicine_split_fits=split_fits,  # the Medicine page checks its split as the rules do
    rule_ids={
        "damage": ("FF-1", "FF-2", "FF-3", "FF-6", "FF-9"),
        "grant_protection": ("FF-9",),
        "heal": ("FF-10",),  # `magical` brings FF-4 in, below
        "short_rest": ("FF-10",),
        "long_rest": ("FF-10",),
        "medicine": ("FF-11",),
        "technology": ("FF-4", "FF-11", "FF-12"),
        "gain_momentum": ("FF-2",),
        "spend_momentum": ("FF-2",),
        "set_state": ("FF-2", "FF-3", "FF-4", "FF-9"),
    },
    rule_ids_by_field=(("additional", None, ("FF-5",)),
                       ("magical", True, ("FF-4",)),
                       ("direct", True, ("FF-7",)),
                       ("damage_type", None, ("FF-8",)),
                       # a Wounded attacker pays Momentum; an ended Story cannot attack
                       ("source", None, ("FF-2", "FF-3"))),
    player_looks=PLAYER_LOOKS,
    player_look=player_look,
    clock=Clock(mode=SYSTEM.clock_modes[0]),
    pages_module="harmdesk.qt.dialogs.moves_ff",
    end_states=END_STATES,
    demo="freedom_fantasies.json",
    library=LibraryFields(
        hp_field="hp",
        fields=(SheetField("might", "&Might:", "int", (*LIMITS["might"], 0),
                           "Might, part of the Block Rating"),
                SheetField("block_bonus", "&Block Bonus:", "int", (*LIMITS["block_bonus"], 0),
                           "Block Bonus from armor"),
                # FF-9
                SheetField("protection", "&Protection:", "int", (*LIMITS["protection"], 0),
                           "Protection points, lost before Damage")),
        # FF-9: Protection comes from one named source: a creature's own is its own
        completes=lambda name, values: (
            {"protection_source": name} if values.get("protection") else {})),
)

register(PROFILE)
