"""A log kept in memory as the store keeps it, for `replay` and an import.

A scenario or an export is a list of actions; a correction among them (`revert`, `edit`,
`rewind`) names an earlier entry by the number the log gives it (counted from 1 over the
actions the rules took: a refused one is not logged), and re-derives the log before it
exactly as the store's log is re-derived, so a campaign exported with its corrections
replays and imports to the same desk.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .. import rules
from ..corrected import Corrected
from ..rules.core import quoted
from ..rules.shapes import JSON, DeskState
from .corrections import correction
from .rederive import KINDS, REWRITTEN, Logged, Refusal, Row, counted, logged_row, rederive

MOST_ROLLS = 100  # rows a correction may give new faces for


@dataclass(frozen=True)
class MemoryRow(Corrected):
    """A row of the log in memory, with what a re-derivation reads of it (`rederive.Row`)."""

    seq: int
    action: JSON
    events: list[Any]
    before: JSON
    after: JSON
    settings_before: JSON | None
    settings_after: JSON | None
    struck_by: int | None = None
    revised: JSON | None = None
    correction: JSON | None = None

    @property
    def step(self) -> int:
        return self.seq  # a replayed action is a step of its own


@dataclass(frozen=True)
class Played:
    """One action played: whether the rules (or the correction) took it, why not, its
    events, and what the store would log of it (None when refused)."""

    ok: bool
    error: str | None
    events: list[Any]
    logged: Logged | None
    needs: list[Any]

    def to_dict(self) -> JSON:
        """As `replay` prints an outcome (`rules.Outcome.to_dict`)."""
        if self.ok:
            return {"ok": True, "events": self.events}
        out: JSON = {"ok": False, "error": self.error}
        if self.needs:
            out["needs"] = self.needs
        return out


class MemoryLog:
    """The desk and the log of every action played on it, rows numbered from 1. `keep`:
    keep the rows, which only a log with corrections needs."""

    def __init__(self, state: DeskState, keep: bool = True,
                 apply: Callable[[DeskState, Any], rules.Outcome] = rules.apply):
        self.state = state
        self._apply = apply  # the rules' own door, or one a caller watches
        self.rows: list[MemoryRow] = []
        self.played = 0
        self.keep = keep
        self.order: list[str] = list(state["characters"])  # as the store's positions

    def play(self, action: Any) -> Played:
        """Apply `action` (untrusted) to the desk; a refusal leaves desk and log as they were."""
        if is_correction(action):
            if not self.keep:
                return Played(False, "a correction needs the log it corrects", [], None, [])
            return self._correct(action)
        outcome = self._apply(self.state, action)
        if not outcome.ok:
            return Played(False, outcome.error, [], None, list(outcome.needs))
        logged = logged_row(self.state, outcome, action)
        self._append(logged)
        self.state = outcome.state
        return Played(True, None, logged["events"], logged, [])

    def _append(self, logged: Logged) -> None:
        self.played += 1
        if not self.keep:
            return
        for cid, char in logged["after"].items():  # one joining the desk goes to its end
            if char is not None and cid not in self.state["characters"]:
                if cid in self.order:
                    self.order.remove(cid)
                self.order.append(cid)
        seq = self.played
        self.rows.append(MemoryRow(seq, logged["action"], logged["events"], logged["before"],
                                   logged["after"], logged["settings_before"],
                                   logged["settings_after"], correction=logged.get("correction")))

    def _correct(self, action: JSON) -> Played:
        try:
            kind, step, edited, rolls = _correction_fields(action, self.played)
            rows = self._rows_for(kind, step)
            found = rederive(kind, step, self.state, rows, edited, rolls, self.order)
        except Refusal as refusal:
            return Played(False, refusal.message, [], None, [])
        made = correction(found, self.state, action, self.played)
        if made.needs:
            seq, need = made.needs[0]
            return Played(False, f"#{seq} now needs a roll that never happened ({need.dice} "
                                 f"for {need.why or need.key}); give its faces in `rolls`",
                          [], None, [n for _, n in made.needs])
        self._apply_record(self.played + 1, made.logged["correction"])
        self._append(made.logged)
        self.state = made.state
        return Played(True, None, made.logged["events"], made.logged, [])

    def _rows_for(self, kind: str, step: int) -> list[MemoryRow]:
        if kind == "rewind":
            if step >= self.played:
                raise Refusal(f"there is nothing after #{step} to rewind")
            return self.rows[step:]
        row = self.rows[step - 1]
        if row.is_correction:
            raise Refusal(f"#{step} is a correction itself")
        if row.struck:
            raise Refusal(f"#{step} was already struck by #{row.struck_by}")
        return self.rows[row.step - 1:] if kind == "revert" else self.rows[step - 1:]

    def _apply_record(self, seq: int, record: Mapping[str, Any]) -> None:
        """Strike and rewrite rows as the store does (`steps.correct`)."""
        for rewrite in record["rewrites"]:
            index = rewrite["seq"] - 1
            self.rows[index] = replace(self.rows[index],
                                       **{key: rewrite["now"].get(key) for key in REWRITTEN})
        for struck in record["struck"]:
            self.rows[struck - 1] = replace(self.rows[struck - 1], struck_by=seq)

    def counted(self) -> list[Row]:
        return counted(self.rows)


def is_correction(action: Any) -> bool:
    """Whether `action` is a revert, an edit or a rewind."""
    return isinstance(action, dict) and action.get("type") in KINDS


def _correction_fields(action: JSON, newest: int
                       ) -> tuple[str, int, JSON | None, dict[int, JSON]]:
    """A correction action's kind, step, edited action and rolls, checked; Refusal names
    what is wrong."""
    kind, step = action["type"], action.get("step")
    stray = [k for k in action if k not in ("type", "step", "action", "rolls")]
    if stray:
        raise Refusal(f"a {kind} has no field {quoted(stray[0])}; it takes `step`"
                      + (", `action`" if kind == "edit" else "") + " and `rolls`")
    lowest = 0 if kind == "rewind" else 1
    if isinstance(step, bool) or not isinstance(step, int) or not lowest <= step <= newest:
        raise Refusal(f"`step` of a {kind} must be the number of an earlier action "
                      f"({lowest} to {newest}), not {quoted(step)}")
    edited = action.get("action")
    if kind == "edit" and not isinstance(edited, dict):
        raise Refusal("an edit needs `action`: the action the entry should have been")
    if kind != "edit" and edited is not None:
        raise Refusal(f"a {kind} takes no `action`")
    given = action.get("rolls", {})
    if not isinstance(given, dict) or len(given) > MOST_ROLLS:
        raise Refusal(f"`rolls` must be an object of at most {MOST_ROLLS} entries: "
                      "{\"47\": {\"trauma_roll\": 12}}")
    rolls: dict[int, JSON] = {}
    for key, faces in given.items():
        if not (isinstance(key, str) and key.isdigit() and len(key) <= 9) \
                or not isinstance(faces, dict):
            raise Refusal(f"`rolls` maps an entry's number to its faces, not {quoted(key)}")
        rolls[int(key)] = faces
    return kind, step, edited, rolls
