"""Re-deriving the log after a correction: pure, over log rows held in memory.

A revert takes an entry out of the desk's history, an edit changes what it was, and a
rewind takes out everything after a moment. The rows that count (neither struck nor
corrections themselves) lead from one desk to the next; working back through their
`before` states gives the desk before the corrected entry, and the later rows are then
applied again by the rules, each with the dice it recorded.

What depends on what is computed: each later row runs on the new desk with its reads
watched (`Watched`). A row that read no character and no setting that differs between
the old history and the new one, and whose outcome is the same, is left alone; one that
did is re-derived, and its row rewritten; one the rules now refuse is struck. Once the
two histories agree again, nothing after it can differ, and the walk stops.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .. import rules
from ..rules.shapes import JSON, Action as ActionJSON, Character, DeskState, Settings
from .actions import Action, RollNeed

KINDS = ("revert", "edit", "rewind")
# what a correction keeps of each row it re-derives, as it was and as it is now
REWRITTEN = ("revised", "events", "before", "after", "settings_before", "settings_after")
# one applied action as the store logs it (`harmdesk.store.steps.Logged`)
Logged = dict[str, Any]


class Row(Protocol):
    """A log row as a re-derivation reads it: the store's `Row`, or a row that a
    replay keeps in memory (`memory_log.MemoryRow`)."""

    @property
    def seq(self) -> int: ...
    @property
    def step(self) -> int: ...
    @property
    def action(self) -> JSON: ...
    @property
    def events(self) -> list[Any]: ...
    @property
    def before(self) -> JSON: ...
    @property
    def after(self) -> JSON: ...
    @property
    def settings_before(self) -> Settings | None: ...
    @property
    def settings_after(self) -> Settings | None: ...
    @property
    def struck_by(self) -> int | None: ...
    @property
    def revised(self) -> JSON | None: ...
    @property
    def correction(self) -> JSON | None: ...
    @property
    def struck(self) -> bool: ...
    @property
    def is_correction(self) -> bool: ...
    @property
    def effective_action(self) -> JSON: ...

# the states of some characters by id; None: not on the desk
States = dict[str, Character | None]


def touched(before: DeskState, after: DeskState) -> tuple[States, States]:
    """The states of the characters an action touched, before and after (None: absent).

    The rules core copies only what it changes, so identity finds them cheaply.
    """
    old, new = before["characters"], after["characters"]
    ids = [cid for cid in old if old[cid] is not new.get(cid)]
    ids += [cid for cid in new if cid not in old]
    return ({cid: old.get(cid) for cid in ids}, {cid: new.get(cid) for cid in ids})


def logged_row(state: DeskState, outcome: rules.Outcome, action: ActionJSON) -> Logged:
    """What the store logs for an action applied to `state`: `record`'s arguments."""
    before, after = touched(state, outcome.state)
    changed = outcome.state["settings"] is not state["settings"]
    return {"action": action, "events": [e.to_dict() for e in outcome.events],
            "before": before, "after": after,
            "settings_before": state["settings"] if changed else None,
            "settings_after": outcome.state["settings"] if changed else None}


class Refusal(Exception):
    """The correction cannot be made as asked; `message` says why in the GM's words.
    `rewind_to`: where a rewind would do what the GM wants instead (None: no offer)."""

    def __init__(self, message: str, rewind_to: int | None = None):
        super().__init__(message)
        self.message = message
        self.rewind_to = rewind_to


@dataclass(frozen=True)
class Rewrite:
    """A later row applied again: what it was and what it is now (`steps.REWRITTEN`'s
    keys), whether its outcome differs, and whether it read what the correction changed."""

    seq: int
    was: JSON
    now: JSON
    changed: bool


@dataclass(frozen=True)
class Strike:
    seq: int
    why: str            # "reverted", "after the checkpoint", or the rules' refusal
    dependant: bool     # a later entry struck because the corrected one no longer leads to it


@dataclass
class Rederivation:
    """What a correction does to the log and the desk; nothing of it saved yet."""

    kind: str
    step: int                               # the entry corrected (or rewound to)
    start: DeskState                        # the desk before the corrected entry
    state: DeskState                        # the desk after the whole log, re-derived
    strikes: list[Strike] = field(default_factory=list)
    rewrites: list[Rewrite] = field(default_factory=list)
    needs: list[tuple[int, RollNeed]] = field(default_factory=list)
    rows: dict[int, Row] = field(default_factory=dict)  # every row read, by seq

    def record(self) -> JSON:
        """The correction row's record, as the store keeps it (`schema.LogRow.correction`)."""
        return {"kind": self.kind, "entry": self.step,
                "struck": [s.seq for s in self.strikes],
                "rewrites": [{"seq": r.seq, "was": r.was, "now": r.now} for r in self.rewrites]}


def counted(rows: Iterable[Row]) -> list[Row]:
    """The rows that lead from one desk to the next: neither struck nor corrections."""
    return [r for r in rows if not r.struck and not r.is_correction]


def desk_before(now: DeskState, rows: Sequence[Row], order: Sequence[str] = ()) -> DeskState:
    """The desk as it was before the first of `rows` (counted rows, in order, up to now),
    worked back from `now` through their `before` states. A character that comes back
    takes its place in `order` (every id in desk order, those that left included)."""
    chars: dict[str, Any] = dict(now["characters"])
    settings = now["settings"]
    for row in reversed(rows):
        for cid, char in row.before.items():
            if char is None:
                chars.pop(cid, None)
            else:
                chars[cid] = char
        if row.settings_before is not None:
            settings = row.settings_before
    if order and any(cid not in now["characters"] for cid in chars):
        place = {cid: index for index, cid in enumerate(order)}
        chars = dict(sorted(chars.items(), key=lambda item: place.get(item[0], len(place))))
    return {"system": now["system"], "settings": rules.saved_settings(now["system"], settings),
            "characters": chars}


class Watched(dict[str, Any]):
    """A desk's characters that note which ones the rules read (`[]`) and whether they
    asked who is on the desk (`in`, iteration). `Desk.result` copies the untouched ones
    with `get`, which reads none of them."""

    def __init__(self, chars: Mapping[str, Any]):
        super().__init__(chars)
        self.read: set[str] = set()
        self.members: set[str] = set()
        self.listed = False

    def __getitem__(self, cid: str) -> Any:
        self.read.add(cid)
        return super().__getitem__(cid)

    def __contains__(self, cid: object) -> bool:
        if isinstance(cid, str):
            self.members.add(cid)
        return super().__contains__(cid)

    def __iter__(self) -> Iterator[str]:
        self.listed = True
        return super().__iter__()

    def keys(self) -> Any:
        self.listed = True
        return super().keys()


def rederive(kind: str, step: int, now: DeskState, rows: Sequence[Row],
             action: JSON | None = None, rolls: Mapping[int, JSON] | None = None,
             order: Sequence[str] = ()) -> Rederivation:
    """The log re-derived after reverting step `step` (its rows), editing row `step` to
    `action`, or rewinding to after row `step`. `rows`: every applied row from the corrected
    one (a rewind: from the one after `step`) to the newest, in order; `now`: the desk
    after them. `rolls`: faces for rolls re-derived rows now need, by row; `order`: every
    id in desk order, those that left included (`desk_before`). Raises `Refusal`."""
    rolls = rolls or {}
    live = counted(rows)
    _only_new_faces(live, kind, step, action, rolls)
    start = desk_before(now, live, order)
    result = Rederivation(kind, step, start, start, rows={r.seq: r for r in rows})
    if kind == "rewind":
        result.strikes = [Strike(r.seq, "after the checkpoint", False) for r in live]
        return result
    corrected = [r for r in live if (r.step if kind == "revert" else r.seq) == step]
    later = live[len(corrected):]
    history = _Histories(start)
    for row in corrected:
        if kind == "revert":
            result.strikes.append(Strike(row.seq, "reverted", False))
            history.keep_old(row)
        else:
            _edit(result, history, row, {**(action or {}), **rolls.get(row.seq, {})})
    absent: list[tuple[Row, str]] = []
    for index, row in enumerate(later):
        if history.agree() and not any(r.seq in rolls for r in later[index:]):
            history.follow_rest(later[index:])  # the same desk: the rest stands as logged
            break
        if row.seq not in rolls and not history.may_be_read_by(row):
            history.both(row)  # it reads nothing the correction changed: left alone
            continue
        _again(result, history, row, rolls.get(row.seq), absent)
    if absent:
        named = ", ".join(f"#{r.seq}" for r, _ in absent[:10])
        whom = ", ".join(dict.fromkeys(cid for _, cid in absent))
        first = corrected[0].seq
        raise Refusal(f"#{step} cannot be {'reverted' if kind == 'revert' else 'changed so'}: "
                      f"{named} act{'s' if len(absent) == 1 else ''} on {whom}, who would not "
                      f"be on the desk. Rewind to before #{first} instead.", first - 1)
    result.state = history.new_desk()
    return result


# targeted actions whose rules reach beyond their targets: one leaving the desk may end
# what the others hold (the game's `leaves_the_desk`, the encounter clock's turns)
REACHES_THE_DESK = ("remove_character",)


class _Histories:
    """The desk along the old history (as logged) and the new one (re-derived), and
    what differs between them."""

    def __init__(self, start: DeskState):
        self.system = start["system"]
        self.old: dict[str, Any] = dict(start["characters"])
        self.new: dict[str, Any] = dict(start["characters"])
        self.old_settings: Settings = start["settings"]
        self.new_settings: Settings = start["settings"]
        self.differ: set[str] = set()
        self.settings_differ = False

    def agree(self) -> bool:
        return not self.differ and not self.settings_differ and list(self.old) == list(self.new)

    def new_desk(self, chars: dict[str, Any] | None = None) -> DeskState:
        return {"system": self.system, "settings": self.new_settings,
                "characters": chars if chars is not None else dict(self.new)}

    def keep_old(self, row: Row) -> None:
        """`row` happened in the old history only."""
        self._write(self.old, row.after)
        if row.settings_after is not None:
            self.old_settings = row.settings_after
            self.settings_differ = self.old_settings != self.new_settings
        self.compare(row.after)

    def write_new(self, states: Mapping[str, Any], settings: Settings | None) -> None:
        self._write(self.new, states)
        if settings is not None:
            self.new_settings = settings
            self.settings_differ = self.old_settings != self.new_settings

    def may_be_read_by(self, row: Row) -> bool:
        """Whether `row` could read anything that differs between the histories: a setting,
        who is on the desk, a character it names or changed; a row without a target acts
        on the whole desk. One that cannot stands as logged, without running the rules."""
        if self.settings_differ or any((c in self.old) != (c in self.new) for c in self.differ):
            return True
        action = row.effective_action
        if "target" not in action or action.get("type") in REACHES_THE_DESK:
            return True
        return any(cid in self.differ for cid in row.before) \
            or any(text in self.differ for text in _texts(action))

    def both(self, row: Row) -> None:
        """`row` stands as logged in both histories."""
        self.keep_old(row)
        self.write_new(row.after, row.settings_after)
        self.compare(row.after)

    def follow_rest(self, rows: list[Row]) -> None:
        for row in rows:
            self.both(row)

    def compare(self, cids: Iterable[str]) -> None:
        for cid in cids:
            if self.old.get(cid) == self.new.get(cid):
                self.differ.discard(cid)
            else:
                self.differ.add(cid)

    @staticmethod
    def _write(chars: dict[str, Any], states: Mapping[str, Any]) -> None:
        for cid, char in states.items():
            if char is None:
                chars.pop(cid, None)
            else:
                chars[cid] = char


def _outcome(history: _Histories, action: JSON) -> tuple[rules.Outcome, Watched]:
    watched = Watched(history.new)
    state: DeskState = {"system": history.system, "settings": history.new_settings,
                        "characters": watched}
    return rules.apply(state, action), watched


def _touched(before: Mapping[str, Any], after: DeskState) -> tuple[JSON, JSON]:
    """The states of the characters the rules changed (None: not on the desk)."""
    new = after["characters"]
    ids = [cid for cid in before if before[cid] is not new.get(cid)]
    ids += [cid for cid in new if cid not in before]
    return ({cid: before.get(cid) for cid in ids}, {cid: new.get(cid) for cid in ids})


def _values(row: Row) -> JSON:
    return {"revised": row.revised, "events": row.events, "before": row.before,
            "after": row.after, "settings_before": row.settings_before,
            "settings_after": row.settings_after}


def _applied(history: _Histories, outcome: rules.Outcome, revised: JSON | None) -> JSON:
    """What a row logs of `outcome` on the new desk, and the new desk moved on."""
    before, after = _touched(history.new, outcome.state)
    settings = outcome.state["settings"]
    changed = settings is not history.new_settings
    values: JSON = {"revised": revised, "events": [e.to_dict() for e in outcome.events],
                    "before": before, "after": after,
                    "settings_before": history.new_settings if changed else None,
                    "settings_after": settings if changed else None}
    history.write_new(after, settings if changed else None)
    return values


def _edit(result: Rederivation, history: _Histories, row: Row, action: JSON) -> None:
    outcome, _ = _outcome(history, action)
    if outcome.needs:
        result.needs += [(row.seq, RollNeed.of(n)) for n in outcome.needs]
        history.keep_old(row)
        return
    if not outcome.ok:
        raise Refusal(f"#{row.seq} cannot be changed so: {outcome.error}.")
    history.keep_old(row)
    values = _applied(history, outcome, action)
    history.compare([*row.after, *values["after"]])
    result.rewrites.append(Rewrite(row.seq, _values(row), values, True))


def _again(result: Rederivation, history: _Histories, row: Row, rolls: JSON | None,
           absent: list[tuple[Row, str]]) -> None:
    """Apply `row` again on the new desk, with the dice it recorded (and `rolls`, faces
    for a roll it now needs), and note what became of it."""
    action = row.effective_action if not rolls else {**row.effective_action, **rolls}
    outcome, watched = _outcome(history, action)
    differ = history.differ
    read = bool(watched.read & differ or watched.members & differ
                or (watched.listed and list(history.old) != list(history.new))
                or history.settings_differ)
    if outcome.needs:
        result.needs += [(row.seq, RollNeed.of(n)) for n in outcome.needs]
        history.keep_old(row)
        return
    if not outcome.ok and rolls:
        faces = ", ".join(f"`{key}` {json.dumps(value)[:40]}" for key, value in rolls.items())
        raise Refusal(f"#{row.seq} cannot take {faces}: {outcome.error}")
    if not outcome.ok:
        gone = [cid for cid in _named(row) if cid in history.old and cid not in history.new]
        if gone:
            absent.append((row, _name(history.old[gone[0]], gone[0])))
        result.strikes.append(Strike(row.seq, f"no longer possible: {outcome.error}", True))
        history.keep_old(row)
        return
    values = _applied(history, outcome, action if rolls else row.revised)
    same = values["events"] == row.events and values["after"] == row.after \
        and values["settings_after"] == row.settings_after
    history.keep_old(row)
    history.compare([*row.after, *values["after"]])
    if same and not read and not rolls:
        return  # it read nothing the correction changed: left alone
    result.rewrites.append(Rewrite(row.seq, _values(row), values, not same))


def _only_new_faces(rows: Sequence[Row], kind: str, step: int, action: JSON | None,
                    rolls: Mapping[int, JSON]) -> None:
    """Faces given for a re-derived row only fill a roll it never had: the dice a row
    recorded are reused, never rerolled (nor are its other fields changed so)."""
    for row in rows:
        given = rolls.get(row.seq)
        if not given:
            continue
        recorded = action if kind == "edit" and row.seq == step else row.effective_action
        kept = [key for key in given if key in (recorded or {})]
        if kept:
            raise Refusal(f"#{row.seq} already has its {kept[0]}: the dice an entry "
                          "recorded are reused, never rolled again")


def _texts(value: Any) -> Iterator[str]:
    """Every text in an action, keys included: the ids it may name (a target, an attacker,
    a healer, a split's receivers)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def _named(row: Row) -> list[str]:
    """The characters a row acts on: its targets and those it changed."""
    return [*Action.of(row.effective_action).targets, *row.before]


def _name(char: Character | None, cid: str) -> str:
    return str(char.get("name") or cid) if isinstance(char, dict) else cid
