"""What a character's tile shows, as plain data (no Qt, no arithmetic of rules).

Each game's display profile (`harmdesk.profiles`) fills these facts in; the Qt views
paint them. The rules core has already decided every number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .profiles import profile_for

KIND_LABELS = {"pc": "PC", "follower": "Follower", "npc": "NPC", "monster": "Monster",
               "object": "Object"}

# How each end state looks and reads; the order is the order of gravity.
STATUS_LABELS = {
    "dead": "Dead", "destroyed": "Destroyed", "story_ended": "Story ended",
    "fate_pending": "Fate pending", "dying": "Dying — Death's Door", "wounded": "Wounded",
    "broken": "Broken", "out_of_action": "Out of the action", "unconscious": "Unconscious",
    "ok": "",
}
# how leaving an end state reads where the new one has no label: a thing is mended
RECOVERED = {"broken": "repaired", "destroyed": "repaired"}


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

    def status_change(self, before: "TileFacts") -> str:
        """How this status reads after `before`'s: its label, or how leaving it reads
        (a person is back on their feet, a thing repaired)."""
        return self.status_label or RECOVERED.get(before.status, "back on their feet")

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


def tile_facts(system: str, char: dict) -> TileFacts:
    """What `char`'s tile shows, as its game's display profile reads it."""
    return profile_for(system).tile_facts(char)
