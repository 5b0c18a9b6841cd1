"""The corrections a summary lists for the GM: each revert, edit or rewind of its span,
the entry it corrected, what it struck and the outcomes it changed. Pure: no Qt, no SQL.

A correction row keeps what it struck (`struck`, seqs) and each row it re-derived as it
was and as it is now (`rewrites`); the figures of the summary are already the re-derived
ones (a struck row is not read), so this only says what changed and why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import facts
from .header import clock, session_label

MOST_NAMED = 12   # struck entries and changed outcomes named for one correction; the rest counted


@dataclass(frozen=True)
class CorrectionNote:
    """One correction as the summary lists it."""

    seq: int               # its own number in the log (#58)
    time: str              # local HH:MM
    group: str             # the play session it was made in
    text: str              # "Revert #42: Caradoc takes 5 damage"
    # besides the reverted entry: "#43 Caradoc at Death's Door rolls 4 … (no longer possible)"
    struck: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()    # "#47 …: was 0/12 HP, Death's Door, becomes 2/12 HP"
    edited: str = ""       # an edit's entry as it now reads
    later: bool = False    # made after the summary's span, on an entry within it


def seqs_of(record: dict) -> set[int]:
    """Every entry a correction corrected, struck or rewrote."""
    return {record.get("entry", 0), *record.get("struck", ()),
            *(r["seq"] for r in record.get("rewrites", ()))}


def in_span(row, first: int | None, last: int | None) -> tuple[bool, bool]:
    """(whether a summary of seqs `first` to `last` lists the correction `row`, whether it
    was made after them): made within them, or made later on an entry of theirs."""
    if first is None or last is None:
        return True, False
    if first <= row.seq <= last:
        return True, False
    later = row.seq > last and any(first <= s <= last for s in seqs_of(row.correction))
    return later, later


def first_text(events: list[Any] | None) -> str:
    """What a row says: its first event's text."""
    for event in events or ():
        if isinstance(event, dict) and event.get("text"):
            return facts.told(event)
    return ""


def named(seqs: list[int], line: Callable[[int], str]) -> tuple[str, ...]:
    """The first `MOST_NAMED` of `seqs` as `line` words them, then how many more."""
    out = [line(seq) for seq in seqs[:MOST_NAMED]]
    if len(seqs) > MOST_NAMED:
        rest = seqs[MOST_NAMED:]
        out.append(f"and {len(rest)} more (#{rest[0]}–#{rest[-1]})")
    return tuple(out)


def why_struck(kind: str, entry_step: int | None, row) -> str:
    """Why a row was struck, in a few words."""
    if kind == "rewind":
        return "after the checkpoint"
    if kind == "revert" and row is not None and row.step == entry_step:
        return "reverted with it"  # a row of the reverted step
    return "no longer possible"


def state_words(system: str, char: dict | None) -> str:
    """A character's state as its tile reads it: "0/12 HP, Death's Door, weakened"."""
    if char is None:
        return "not on the desk"
    measure, marked = facts.at_rest(system, char)
    return measure if marked == "—" else f"{measure}, {marked}"


def changed_line(system: str, rewrite: dict) -> str | None:
    """"#47 <what it said>: was …, becomes …" for a re-derived row whose outcome changed;
    None when it came out as before."""
    was, now = rewrite["was"], rewrite["now"]
    if was.get("events") == now.get("events") and was.get("after") == now.get("after"):
        return None
    head = f"#{rewrite['seq']} {first_text(was.get('events'))}".rstrip()
    old, new = was.get("after") or {}, now.get("after") or {}
    moved = [cid for cid in dict.fromkeys([*old, *new]) if old.get(cid) != new.get(cid)]
    if not moved:
        return f"{head}: now {first_text(now.get('events'))}"
    words = [f"was {state_words(system, old.get(cid))}, becomes "
             f"{state_words(system, new.get(cid))}" for cid in moved]
    if len(words) == 1:
        return f"{head}: {words[0]}"
    names = [(new.get(cid) or old.get(cid) or {}).get("name", cid) for cid in moved]
    return f"{head}: " + "; ".join(f"{name} {said}"
                                   for name, said in zip(names, words, strict=True))

def note(system: str, row, labels: dict, rows: Callable[[int], Any], later: bool = False
         ) -> CorrectionNote:
    """The note of the correction row `row`; `rows(seq)` reads the log row `seq` (the
    entries it struck, by name) and `labels` names the play sessions by id."""
    record = row.correction
    kind, entry = record.get("kind", ""), record.get("entry", 0)
    struck = list(record.get("struck", ()))
    corrected = rows(entry) if kind == "revert" and entry else None
    step = corrected.step if corrected is not None else None

    def struck_line(seq: int) -> str:
        found = rows(seq)
        text = first_text(found.events) if found is not None else ""
        return f"#{seq} {text} ({why_struck(kind, step, found)})".replace("  ", " ")

    rewrites = record.get("rewrites", ())
    edited = next((r for r in rewrites if kind == "edit" and r["seq"] == entry), None)
    changed = [line for r in rewrites if r is not edited
               for line in [changed_line(system, r)] if line]
    more = len(changed) - MOST_NAMED
    changed = changed[:MOST_NAMED] + ([f"and {more} more"] if more > 0 else [])
    if kind == "revert":  # the reverted entry is named by the title
        struck = [seq for seq in struck if seq != entry]
    return CorrectionNote(
        row.seq, clock(row.applied_at), labels.get(row.session_id, session_label(None)),
        row.step_text or first_text(row.events) or f"{kind.capitalize()} #{entry}",
        named(struck, struck_line), tuple(changed),
        first_text(edited["now"].get("events")) if edited else "", later)
