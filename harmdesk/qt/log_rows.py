"""The log dock's rows: the log's entries grouped by play session, as plain data.

No Qt here: the dock's model only reads these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from ..profiles.parts import without_rule_ids

OUTSIDE, OLDER = "outside", "older"


@dataclass(frozen=True)
class Row:
    text: str
    time: str
    when: str
    targets: tuple[str, ...]
    entry_id: int
    undone: bool = False
    rules: str = ""  # the IDs of the rules the step applied, for the details
    seq: int = 0                 # the log row's number, shown as "#42"
    struck_by: int | None = None  # the correction row that struck it: it no longer counts
    correction: bool = False     # a correction row (a revert, an edit, a rewind)
    edited: bool = False         # an edit changed what the row was
    more: tuple[str, ...] = ()   # a correction row's further explanations, for the details

    @property
    def shown(self) -> str:
        """The row as the log shows it: "#42 Caradoc takes 5 damage"."""
        return f"#{self.seq} {self.text}" if self.seq else self.text

    @property
    def struck(self) -> bool:
        return self.struck_by is not None


@dataclass
class Group:
    key: object
    title: str
    tooltip: str
    moment: str = ""  # the latest time in the group (ISO, UTC), to order the groups
    rows: list[Row] = field(default_factory=list)


def local(iso: str | None) -> datetime | None:
    try:
        return datetime.fromisoformat(iso).astimezone() if iso else None
    except (TypeError, ValueError):
        return None


def session_title(session: dict) -> str:
    """'Session 3 — The hagr · 30 Nov 2026', and '(in play)' while it is open."""
    title = f"Session {session['number']}"
    if session.get("title"):
        title += f" — {session['title']}"
    started = local(session.get("started"))
    if started:
        title += f" · {started.day} {started:%b %Y}"
    return title + (" (in play)" if session.get("ended") is None else "")


def step_targets(entry) -> tuple[str, ...]:
    """Every character a step names: its action's target(s), then those of its events."""
    target = entry.effective_action.get("target")
    ids = list(target) if isinstance(target, list) else [target]
    ids += [e.get("target") for e in entry.events if isinstance(e, dict)]
    return tuple(dict.fromkeys(i for i in ids if isinstance(i, str)))


def rows_of(entry, profile=None) -> list[Row]:
    """One row per event of a log step, in the step's own order; the game's `profile`
    names the rules it applied."""
    when = local(entry.applied_at)
    time = when.strftime("%H:%M") if when else ""
    full = when.strftime("%d %b %Y %H:%M") if when else ""
    targets = step_targets(entry)
    action = entry.effective_action
    # a log an older HarmDesk saved may name rule IDs in its texts: they show in the details
    texts = [without_rule_ids(e["text"]) for e in entry.events
             if isinstance(e, dict) and e.get("text")] or \
        [str(action.get("type", "step")).replace("_", " ")]
    ids = ", ".join(profile.rule_ids_of(action)) \
        if profile is not None and isinstance(action, dict) else ""
    marks = {"seq": entry.seq, "struck_by": entry.struck_by,
             "edited": entry.revised is not None}
    if entry.is_correction:  # one row, named by its first explanation; the rest in its details
        return [Row(texts[0], time, full, targets, entry.id, bool(entry.undone), ids,
                    correction=True, more=tuple(texts[1:]), **marks)]
    return [Row(t, time, full, targets, entry.id, bool(entry.undone), ids, **marks)
            for t in texts]


def group_of(session: dict | None) -> Group:
    """A play session's group, empty; None: the steps outside any session."""
    if session is None:
        return Group(OUTSIDE, "Outside any session", "Steps logged while no play session was open")
    title = session_title(session)
    return Group(session["id"], title, session.get("notes") or title, session.get("started") or "")


def build_groups(sessions: list[dict], entries: list, cut: bool,
                 profile=None) -> list[Group]:
    """The tree's top level from the sessions and the entries, undone ones too (oldest
    first)."""
    groups: dict[object, Group] = {s["id"]: group_of(s) for s in sessions}
    for entry in reversed(entries):  # newest first
        key = entry.session_id if entry.session_id in groups else OUTSIDE
        if key not in groups:
            groups[key] = group_of(None)
        group = groups[key]
        group.moment = max(group.moment, entry.applied_at or "")
        group.rows.extend(rows_of(entry, profile))
    ordered = sorted(groups.values(), reverse=True,
                     key=lambda g: (g.moment, g.key if isinstance(g.key, int) else -1))
    if cut:
        ordered.append(older_group())
    return ordered


def older_group() -> Group:
    """The last row while older steps are still to be read from the store."""
    return Group(OLDER, "… older steps: scroll down (or double-click here) to read them",
                 "Only the newest steps are read at first, to keep the log quick; "
                 "older ones are read as you scroll to them")
