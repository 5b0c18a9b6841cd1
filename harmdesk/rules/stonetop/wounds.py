"""Stonetop problematic wounds (ST-14, ST-11): each with its source, whether it can heal,
and the requirements the GM names for treating it (Rhianna's Make a Plan)."""

from __future__ import annotations

from .. import fields
from ..core import Event, Refused, listed, quoted
from ..shapes import Action
from .sheet import (
    WOUND_FIELDS,
    Requirement,
    StonetopDesk,
    Wound,
    find_wound,
    read_requirements,
    read_wound,
    wound_texts,
    wounds_of,
)


def wound_words(wound: Wound) -> str:
    """A wound as the log reads it: "lost right arm (permanent; from Three Coven Lake)"."""
    notes = [*(["permanent"] * wound["permanent"]),
             *([f"from {wound['source']}"] if wound["source"] else [])]
    return wound["text"] + (f" ({'; '.join(notes)})" if notes else "")


def effects_hold(wound: Wound) -> bool:
    """ST-11: a wound's effects last while it does, and, when treating it has
    requirements, until every one is met (Rhianna: "once you get another month of
    practice, you'll shoot and Let Fly without penalty")."""
    reqs = wound["requirements"]
    return not (reqs and all(r["met"] for r in reqs))


def effect_words(wound: Wound) -> list[str]:
    """A wound's effects as the GM reads them: "bow: reload", "Let Fly with disadvantage"."""
    return [*(f"{t['item']}: {t['tag']}" for t in wound.get("gear_tags", [])),
            *(f"{m} with disadvantage" for m in wound.get("disadvantage", []))]


def lasting_words(wound: Wound) -> str:
    """A wound's effects as the log reads them: "the bow has the reload tag; Let Fly with
    disadvantage"."""
    return "; ".join([*(f"the {t['item']} has the {t['tag']} tag"
                        for t in wound.get("gear_tags", [])),
                      *(f"{m} with disadvantage" for m in wound.get("disadvantage", []))])


def ended_words(wound: Wound) -> str:
    """What ends with a wound's effects: "the bow loses the reload tag; Let Fly without
    penalty"."""
    return "; ".join([*(f"the {t['item']} loses the {t['tag']} tag"
                        for t in wound.get("gear_tags", [])),
                      *(f"{m} without penalty" for m in wound.get("disadvantage", []))])


def requirements_words(requirements: list[Requirement]) -> str:
    met = sum(r["met"] for r in requirements)
    if met == len(requirements):
        return f"every requirement met ({met} of {met})"
    return f"{met} of {len(requirements)} requirements met"


def add_wound(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-14: "Simply describe the wound in the fiction. It's now true!" — with where it
    came from (`source`), whether it can heal (`permanent`) and what treating it
    requires (`requirements`, ST-11: "Tell them the requirements")."""
    wound = read_wound({k: action[k] for k in WOUND_FIELDS if action.get(k) is not None},
                       "wound")
    char = desk.char(cid)
    if wound["text"] in wound_texts(char):
        raise Refused(f"{char['name']} already has the wound {quoted(wound['text'])}")
    char["wounds"] = [*wounds_of(char), wound]
    text = f"{char['name']} suffers a problematic wound: {wound_words(wound)}"
    if wound["requirements"]:
        text += "; to treat it: " + "; ".join(r["text"] for r in wound["requirements"])
    if effect_words(wound):
        text += "; while it lasts: " + lasting_words(wound)
    return [Event("add_wound", cid, text, {"wound": wound["text"]})]


def treat_wound(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-11, ST-14: the GM names what treating a wound requires (`require`), and marks the
    requirements met as the fiction meets them (`met`); `permanent` rules whether it can
    heal. Meeting every requirement does not remove the wound: it heals or stays as the
    fiction says (remove_wound, Convalesce)."""
    text = fields.text(action, "wound")
    require = read_requirements(action.get("require"), "require")
    met = fields.listing(action, "met", default=[])
    permanent = None if action.get("permanent") is None else fields.flag(action, "permanent")
    if not require and not met and permanent is None:
        raise Refused("`treat_wound` needs something to record: `require` (what it takes), "
                      "`met` (requirements fulfilled) or `permanent`")
    peek = desk.peek(cid)
    at = find_wound(peek, text)
    wound = wounds_of(peek)[at].copy()
    reqs = [r.copy() for r in wound["requirements"]]
    parts = []
    for new in require:
        if any(r["text"] == new["text"] for r in reqs):
            raise Refused(f"{quoted(text)} already requires {quoted(new['text'])}")
        reqs.append(new)
        parts.append(f"requires: {new['text']}")
    for i, done in enumerate(met):
        if not isinstance(done, str) or not done.strip():
            raise Refused(f"`met[{i}]` must be the text of a requirement, not {quoted(done)}")
        found = [r for r in reqs if r["text"] == done]
        if not found:
            raise Refused(f"{quoted(text)} has no requirement {quoted(done)} (requirements: "
                          f"{listed((r['text'] for r in reqs), '; ') or 'none'})")
        if found[0]["met"]:
            raise Refused(f"{quoted(done)} is already met")
        found[0]["met"] = True
        parts.append(f"met: {done}")
    if permanent is not None:
        if permanent == wound["permanent"]:
            raise Refused(f"{quoted(text)} is already {'permanent' if permanent else 'healable'}")
        parts.append("permanent: it will not heal; Make a Plan to live with it" if permanent
                     else "it can heal after all")
    wound["requirements"] = reqs
    if permanent is not None:
        wound["permanent"] = permanent
    char = desk.char(cid)
    char["wounds"] = wounds_of(char)
    char["wounds"][at] = wound
    if reqs:
        parts.append(requirements_words(reqs))
    held = effects_hold(wounds_of(peek)[at])
    if effect_words(wound) and held != effects_hold(wound):
        # the last requirement met ends them; a new one named brings them back
        parts.append("its effects end: " + ended_words(wound) if held
                     else "its effects hold again: " + lasting_words(wound))
    return [Event("treat_wound", cid, f"{char['name']}'s wound {text!r}: " + "; ".join(parts),
                  {"wound": text})]


def remove_wound(desk: StonetopDesk, action: Action, cid: str) -> list[Event]:
    """ST-14: the wound heals or is taken care of (Recover tend, Convalesce, Make a Plan)."""
    text = fields.text(action, "text")
    char = desk.char(cid)
    char["wounds"] = wounds_of(char)
    wound = char["wounds"].pop(find_wound(char, text))
    words = f"{char['name']}'s wound heals: {text}"
    if effect_words(wound) and effects_hold(wound):
        words += "; its effects end: " + ended_words(wound)
    return [Event("remove_wound", cid, words, {"wound": text})]
