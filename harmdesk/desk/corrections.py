"""A correction as the window and the command line see it before it is saved: what a
revert, an edit or a rewind strikes, re-derives and changes, in the GM's words.

`harmdesk.desk.rederive` works it out; this gives it words and the shape the store logs
(one row whose `correction` names what it struck and what it rewrote).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import UserError
from ..rules.core import clipped
from ..rules.shapes import JSON, Character, DeskState
from .actions import RollNeed
from .rederive import Logged, Rederivation, Row

MOST_LISTED = 200  # entries a preview lists by name; the rest are counted


class CannotStand(UserError):
    """Later entries act on a character the corrected entry brought to the desk; rewinding
    to before it (`rewind_to`) is what would take them out too."""

    def __init__(self, message: str, rewind_to: int):
        super().__init__(message)
        self.rewind_to = rewind_to


@dataclass(frozen=True)
class Struck:
    seq: int
    text: str       # what the entry said
    why: str        # "reverted", "after the checkpoint", "no longer possible: …"


@dataclass(frozen=True)
class Rederived:
    """A later entry applied again with its recorded dice."""

    seq: int
    text: str       # what it said
    now_text: str   # what it says now (the same when its outcome is the same)
    changed: bool
    line: str       # "#47 Rhianna's hit on Bran: was 0 HP (Death's Door), becomes 2 HP"


@dataclass(frozen=True)
class Affected:
    """A character whose state the correction changes: now, and after it (None: not on
    the desk), and each in words ("0/12 HP, Death's Door")."""

    id: str
    name: str
    before: Character | None
    after: Character | None
    was: str
    now: str


@dataclass(frozen=True)
class Correction:
    kind: str                   # "revert", "edit" or "rewind"
    step: int                   # the entry corrected, or the one rewound to
    action: JSON                # the correction as it is logged (and replayed)
    text: str                   # the step's name
    struck: tuple[Struck, ...]
    dependants: tuple[Struck, ...]
    reapplied: tuple[Rederived, ...]
    needs: tuple[tuple[int, RollNeed], ...]
    affected: tuple[Affected, ...]
    logged: Logged              # the row the store saves
    state: DeskState            # the desk after it
    basis: int                  # the newest applied row it was worked out on

    @property
    def changed(self) -> tuple[Rederived, ...]:
        return tuple(r for r in self.reapplied if r.changed)

    def to_dict(self) -> JSON:
        """What the command line prints of it."""
        return {"kind": self.kind, "step": self.step, "text": self.text,
                "action": self.action,
                "struck": [vars(s) for s in self.struck],
                "dependants": [s.seq for s in self.dependants],
                "reapplied": [vars(r) for r in self.reapplied],
                "changed": [r.line for r in self.changed],
                "needs": [{"step": seq, "key": n.key, "dice": n.dice, "why": n.why,
                           "target": n.target} for seq, n in self.needs],
                "affected": [{"id": a.id, "name": a.name, "was": a.was, "now": a.now}
                             for a in self.affected],
                "states_after": {a.id: a.after for a in self.affected},
                "settings_after": self.logged["settings_after"]}


def entry_text(row: Row | None, events: list[Any] | None = None) -> str:
    """What a log row says: its first event's text, else its action's type."""
    events = row.events if events is None and row is not None else events or []
    for event in events:
        if isinstance(event, dict) and isinstance(event.get("text"), str):
            return clipped(event["text"], 160)
    action = row.effective_action if row is not None else {}
    return str(action.get("type", "step")).replace("_", " ")


def state_words(system: str, char: Character | None, short: bool = False) -> str:
    """A character's state as its tile shows it: "0/12 HP, Death's Door, armor 1, …";
    `short`: its bar and end state only ("0/12 HP, Death's Door")."""
    if char is None:
        return "not on the desk"
    from .display import tile_facts  # the profiles: only for a correction's words
    facts = tile_facts(system, char)
    parts = [facts.bar.text, facts.status_label]
    if not short:
        parts += [f"{pair[0].lower()} {pair[1]}" for pair in (facts.guard, facts.buffer)
                  if pair]
        parts += list(facts.badges)
    return ", ".join(p for p in parts if p)


def headline(text: str) -> str:
    """An entry's text up to its arithmetic: "Bran takes 8 damage"."""
    return text.split("; ")[0]


def correction(found: Rederivation, now: DeskState, action: JSON, basis: int,
               label: str | None = None) -> Correction:
    """The Correction of a re-derivation on the desk `now`, logged as `action`."""
    system = now["system"]
    rows = found.rows
    struck = tuple(Struck(s.seq, entry_text(rows.get(s.seq)), s.why) for s in found.strikes)
    dependants = tuple(s for s, f in zip(struck, found.strikes, strict=True) if f.dependant)
    reapplied = tuple(_rederived(system, rows[r.seq], r.now, r.changed)
                      for r in found.rewrites if r.seq != found.step or found.kind != "edit")
    affected = _affected(system, now, found.state)
    before = {a.id: a.before for a in affected}
    after = {a.id: a.after for a in affected}
    settings_changed = found.state["settings"] != now["settings"]
    text = _title(found, rows, label)
    events: list[JSON] = [{"type": "correction", "kind": found.kind, "step": found.step,
                           "text": _summary(text, struck, reapplied, action.get("rolls"))}]
    events += [{"type": "corrected", "target": a.id, "text": f"{a.name}: {a.was} → {a.now}"}
               for a in affected]
    logged: Logged = {"action": action, "events": events, "before": before, "after": after,
                      "settings_before": now["settings"] if settings_changed else None,
                      "settings_after": found.state["settings"] if settings_changed else None,
                      "correction": found.record()}
    needs = tuple(found.needs)
    return Correction(found.kind, found.step, action, text, struck, dependants, reapplied,
                      needs, affected, logged, found.state, basis)


def _title(found: Rederivation, rows: Mapping[int, Row], label: str | None) -> str:
    if found.kind == "rewind":
        return f"Rewind to {label}" if label else f"Rewind to after #{found.step}" \
            if found.step else "Rewind to the start"
    verb = "Revert" if found.kind == "revert" else "Edit"
    return f"{verb} #{found.step}: {entry_text(rows.get(found.step))}"


def _summary(text: str, struck: tuple[Struck, ...], reapplied: tuple[Rederived, ...],
             rolls: Any) -> str:
    """The correction's log line: what it did, and the faces rolled anew for it."""
    changed = sum(1 for r in reapplied if r.changed)
    parts = [f"{len(struck)} entr{'y' if len(struck) == 1 else 'ies'} struck"] if struck else []
    if reapplied:
        parts.append(f"{len(reapplied)} re-derived" + (f", {changed} changed" if changed else ""))
    if isinstance(rolls, dict) and rolls:
        parts.append("new rolls: " + ", ".join(
            f"#{seq} {str(key).replace('_', ' ')} {value}"
            for seq, faces in rolls.items() for key, value in faces.items()))
    return f"{text} ({'; '.join(parts)})" if parts else text


def _rederived(system: str, row: Row, now: JSON, changed: bool) -> Rederived:
    text, now_text = entry_text(row), entry_text(None, now["events"]) or entry_text(row)
    if not changed:
        return Rederived(row.seq, text, now_text, False, f"#{row.seq} {headline(text)}: as before")
    cids = [cid for cid in dict.fromkeys([*row.after, *now["after"]])
            if row.after.get(cid) != now["after"].get(cid)]
    if not cids:
        return Rederived(row.seq, text, now_text, True,
                         f"#{row.seq} {headline(text)}: now {now_text}")
    cid = cids[0]
    was = state_words(system, row.after.get(cid), short=True)
    becomes = state_words(system, now["after"].get(cid), short=True)
    return Rederived(row.seq, text, now_text, True,
                     f"#{row.seq} {headline(text)}: was {was}, becomes {becomes}")


def _affected(system: str, now: DeskState, after: DeskState) -> tuple[Affected, ...]:
    old, new = now["characters"], after["characters"]
    out = []
    for cid in dict.fromkeys([*old, *new]):
        was, now_char = old.get(cid), new.get(cid)
        if was is now_char or was == now_char:
            continue
        char = new.get(cid) or old.get(cid)
        name = str(char.get("name") or cid) if char else cid
        out.append(Affected(cid, name, old.get(cid), new.get(cid),
                            state_words(system, old.get(cid)), state_words(system, new.get(cid))))
    return tuple(out)
