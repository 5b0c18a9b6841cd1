"""What a character's tile shows, per game, as plain data (no Qt, no arithmetic of rules).

The Qt views paint these facts; the rules core has already decided every number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

KIND_LABELS = {"pc": "PC", "follower": "Follower", "npc": "NPC", "monster": "Monster",
               "object": "Object"}

# How each end state looks and reads; the order is the order of gravity.
STATUS_LABELS = {
    "dead": "Dead", "destroyed": "Destroyed", "story_ended": "Story ended",
    "fate_pending": "Fate pending", "dying": "Dying — Death's Door", "wounded": "Wounded",
    "broken": "Broken", "out_of_action": "Out of the action", "unconscious": "Unconscious",
    "ok": "",
}


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

    @property
    def status_label(self) -> str:
        return STATUS_LABELS[self.status]

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


def modifier_words(action: dict) -> list[str]:
    """'1 piercing', 'ignores armor', the tags, 'non-lethal' …: the words an action or
    an attack carries, in the rules' own terms."""
    out = []
    if action.get("piercing"):
        out.append(f"{action['piercing']} piercing")
    if action.get("added_piercing"):
        out.append(f"{action['added_piercing']} piercing added")
    if action.get("ignores_armor"):
        out.append("ignores armor")
    out += [words(t) for t in action.get("tags") or () if isinstance(t, str)]
    if action.get("lethal") is False:
        out.append("non-lethal")
    if action.get("attacker_weakened"):
        out.append("attacker Weakened")
    if action.get("damage_type"):
        out.append(words(action["damage_type"]))
    if action.get("direct"):
        out.append("Direct")
    for extra in action.get("additional") or ():
        kind = words(extra.get("damage_type") or "")
        out.append(f"+{extra['amount']} {kind} Additional Damage".replace("  ", " "))
    return out


def damage_words(action: dict) -> str:
    """'d10+3, 1 piercing, forceful': the dice or amount with everything that comes with it."""
    what = action.get("dice", action.get("amount", ""))
    return ", ".join(str(p) for p in (what, *modifier_words(action)) if p != "")


def stonetop(char: dict) -> TileFacts:
    death = char["death"]
    status = death if death != "none" else "ok"
    badges = [*char["debilities"], *(f"wound: {w}" for w in char["wounds"])]
    supplies = char.get("supplies")
    return TileFacts(
        char["name"], KIND_LABELS[char["kind"]],
        Bar(char["hp"], char["max_hp"], f"{char['hp']}/{char['max_hp']} HP"),
        ("Armor", str(char["armor"])),
        ("Supplies", str(supplies)) if supplies is not None else None,
        tuple(badges), status,
        () if char["can_recover"] else ("Recover used",))


def lux_aeterna(char: dict) -> TileFacts:
    from .rules.lux_aeterna.common import TRAUMA_NAMES

    hp = char["hp"]
    shown = f"\u2212{-hp}" if hp < 0 else str(hp)  # a real minus, as the rules print it
    text = f"{shown}/{char['max_hp']} HP" + (f" (debt {-hp})" if hp < 0 else "")
    if char["dead"]:
        status = "dead"
    elif char["wounded"]:
        status = "wounded"
    elif not char["conscious"]:
        status = "unconscious"
    else:
        status = "ok"
    badges = []
    for cond in char["conditions"]:
        label = words(cond["name"])
        if cond.get("amount"):
            label += f" ({cond['amount']})"
        if cond.get("origin_level") and not cond.get("from_trauma"):
            label += f" {cond.get('bumps', 0)}/{cond['origin_level']}"
        badges.append(label)
    badges += [f"Trauma: {TRAUMA_NAMES.get(t, t)}" for t in char["traumas"]]
    if char["wounded"] or char["strain"]:
        badges.append(f"Strain {char['strain']}/{char['max_strain']}")
    if char["wounded"]:
        badges.append("stabilized" if char["stabilized"] else "not stabilized")
    return TileFacts(
        char["name"], KIND_LABELS[char["kind"]],
        Bar(max(hp, 0), char["max_hp"], text, number=hp),
        ("Resolve", f"{char['resolve_dice']}×{char['resolve_die']}"),
        ("Endurance", str(char["endurance"])), tuple(badges), status)


def freedom_fantasies(char: dict) -> TileFacts:
    hp, damage = char["hp"], char["damage"]
    is_object = char["kind"] == "object"
    if is_object:
        marks = ((hp, "Broken"), (2 * hp, "Destroyed"))
        status = ("destroyed" if char["destroyed"] else "broken" if char["broken"] else "ok")
    else:
        marks = ((hp, "Wounded"), (2 * hp, "Story ends"))
        status = ("story_ended" if char["story_ended"] else
                  "wounded" if char["wounded"] else "ok")
    protection = char["protection"]
    buffer = ("Protection", f"{protection} · {char['protection_source']}") if protection else \
        ("Protection", "0")
    badges = [f"immune: {words(t)}" for t in char.get("immune", [])]
    badges += [f"resists {words(t)}" for t in char.get("resistant", [])]
    badges += [f"vulnerable: {words(t)}" for t in char.get("vulnerable", [])]
    extra = ("Short Rest used",) if char.get("short_rest_used") else ()
    return TileFacts(
        char["name"], KIND_LABELS[char["kind"]],
        Bar(damage, 2 * hp + 1, f"Damage {damage} · HP {hp}", marks, fills_with_harm=True),
        ("Block", str(char["block"])), buffer, tuple(badges), status, extra)


FACTS = {"stonetop": stonetop, "lux_aeterna": lux_aeterna,
         "freedom_fantasies": freedom_fantasies}


def tile_facts(system: str, char: dict) -> TileFacts:
    return FACTS[system](char)
