"""The session's answers about a desk the caller holds itself: a dialog's series of
actions, a sheet not saved yet, the gang slot, the dice a GM types, a summary to write.
No Qt. The window reaches these through `harmdesk.session`, which re-exports them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import chips, rules
from .errors import StoreError, UserError
from .rules import dice
from .values import Action, RollNeed


# questions the dialogs ask about a desk of their own (a series, a sheet not saved yet) --
def gang_summary(state: dict, ids: list[str]) -> tuple[list[str], str, bool, str]:
    """(member lines, what the gang deals, ok, chip label), as the Stonetop rules read it."""
    from .rules.core import ARROW, Desk
    from .rules.stonetop import harm
    chars = state["characters"]
    groups = [(cid, ids.count(cid)) for cid in dict.fromkeys(ids)]
    lines = [f"{n} × {chars[c]['name'] if c in chars else c}" for c, n in groups]
    if not groups:
        return [], "", True, ""
    try:
        desk = Desk(state)
        gang, _, gone = harm.fighting_gang(desk, [{"id": c, "count": n} for c, n in groups])
    except rules.Refused as err:
        return lines, err.reason, False, ""
    # the downed are not counted (Stonetop: out of the action, no longer in the fight)
    lines = [f"{line} (out of the action: not counted)" if c in gone else line
             for line, (c, _) in zip(lines, groups)]
    deals = gang.text.split(f" {ARROW} ", 1)[-1]
    return lines, f"Deals {deals}", True, f"Gang: {deals}"


def refusal(state: dict, action: dict) -> str | None:
    """The rules' reason to refuse `action`, or None (missing rolls are not a refusal)."""
    outcome = rules.apply(state, action)
    if outcome.ok or outcome.needs:
        return None
    return outcome.error


def explain(state: dict, action: dict) -> tuple[str | None, list[str]]:
    """(the rules' refusal, or None and their explanation line by line) of `action`."""
    outcome = rules.apply(state, action)
    if not outcome.ok:
        return outcome.error, []
    return None, [e.text for e in outcome.events]


def preview_lines(state: dict, actions: list[dict]) -> tuple[str | None, list[str]]:
    """(refusal or None, one line per character touched) for actions applied in order."""
    from . import preview as previews
    lines: list[str] = []
    for action in actions:
        shown = previews.preview(state, action)
        if not shown.ok:
            return shown.error, lines
        for cid, line in shown.lines.items():
            char = state["characters"].get(cid)
            name = char["name"] if char else cid
            detail = shown.details.get(cid)
            if detail:  # an unchanged bar says nothing; the rules' explanation does
                line = detail if "→" not in line and "·" not in line else f"{line} — {detail}"
            lines.append(line if line.startswith(name) else f"{name}: {line}")
        outcome = rules.apply(state, action)
        if outcome.ok:  # a roll still to come leaves the state for the next preview as it is
            # events that change nothing ("already weakened") still say what happens
            lines += [e.text for e in outcome.events if e.target not in shown.lines]
            state = outcome.state
    return None, lines


def outcome_lines(state: dict, action: Action | dict, need: RollNeed | None = None,
                  faces: list[int] | None = None):
    """(refusal, 'Caradoc: 16/16 HP → 10/16 HP' per target, the rules' explanation per
    target) of `action` with `faces` rolled for `need` (the odds without them)."""
    action = Action.of(action)
    if need is not None and faces is not None:
        action = action.with_fields(**{need.key: roll_value(need, faces)})
    return chips.outcome_lines(state, action.to_dict())


def tag_words(action: Action | dict, state: dict) -> list[str]:
    return chips.tag_words(Action.of(action).to_dict(), state)


@dataclass(frozen=True)
class SummaryRequest:
    """What a summary reads: the open store itself (its pooled connections serve the
    task's thread as well as the window's; a second store of the same file in this
    process could take SQLite's locks away from the first) and which play sessions."""

    store: Any
    campaign: str
    sessions: tuple[int, ...] | None = None    # session numbers; None: the default
    everything: bool = False


def prepare_summary() -> None:
    """Register the report's font; on the GUI thread, before a task writes a summary.
    StoreError when the font HarmDesk ships is missing."""
    from .report.data import ReportError
    from .report.pdf import load_fonts
    try:
        load_fonts()
    except ReportError as err:
        raise StoreError(str(err)) from None


def write_summary(source, target: str | Path, progress: Callable[[int], object]) -> str:
    """Write the summary PDF of `source` (a `SummaryRequest`, or a report already
    gathered) to `target`, replacing it only once complete; the path. Slow: run it as
    a task. StoreError when it cannot be written, UserError when there is nothing such
    to summarise."""
    from .report.data import Report, ReportError
    from .report.pdf import write_pdf
    from .report.source import from_store
    try:
        if isinstance(source, Report):
            report = source
        else:
            report = from_store(source.store, source.campaign,
                                list(source.sessions) if source.sessions else None,
                                source.everything)
        progress(15)
        write_pdf(report, str(target), progress)
    except ReportError as err:
        raise StoreError(str(err)) from None
    return str(target)


def write_json(path: str, data: dict) -> str:
    """A campaign export, written whole or not at all."""
    import json

    from .files import write_atomically
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return str(write_atomically(path, text.encode("utf-8")))


# dice ------------------------------------------------------------------------------
def roll_value(need: RollNeed, faces: list[int]):
    """What a roll the rules asked for takes from the faces: the faces, or their total."""
    from .rolling import value_for
    return value_for({"key": need.key, "dice": need.dice}, faces)


def roll(need: RollNeed, rng=None):
    """HarmDesk rolls for `need` (from `rng`, else the system's random source)."""
    from .rolling import roll_faces
    return roll_value(need, roll_faces(need.dice, rng))


def dice_sides(expr: str) -> list[int]:
    """One size per die of `expr`; UserError when the rules cannot read it."""
    try:
        return dice.sides(expr)
    except rules.Refused as err:
        raise UserError(err.reason) from None


def dice_total(expr: str, faces: list[int]):
    """The rules' reading of `faces` rolled for `expr` (its `total` and its `text`)."""
    try:
        return dice.total(expr, faces)
    except rules.Refused as err:
        raise UserError(err.reason) from None


def per_session(action, session: int | None):
    """`action` (an Action or a dict) with the play session's number where a rule works
    once per session: Stonetop's Never Gonna Keep Me Down ("an automatic 10+ once per
    session", ST-7) names it as `session`. Any other action comes back as it was given,
    and so does this one when no play session is open: the rules then refuse it, saying
    to start one."""
    data = action.to_dict() if isinstance(action, Action) else action
    if not isinstance(data, dict) or data.get("type") != "deaths_door" \
            or data.get("automatic") is not True or data.get("session") is not None:
        return action
    if session is None:
        return action
    return Action.of(action).with_fields(session=session)
