"""What the rules would say about an action on a desk the caller holds itself: a
dialog's series of actions, a sheet not saved yet, the gang slot. No Qt; saves nothing.
"""

from __future__ import annotations

from ..profiles import profile_for
from ..rules.engine import apply
from ..rules.shapes import JSON, DeskState
from . import chips
from .actions import Action, RollNeed
from .rolling import roll_value


def gang_summary(state: DeskState, ids: list[str]) -> tuple[list[str], str, bool, str]:
    """(member lines, what the gang deals, ok, chip label), as the game's rules read the
    gang slot's attackers (`ids`, one per combatant)."""
    if not ids:
        return [], "", True, ""
    profile = profile_for(state["system"])
    if profile.gang_summary is None:
        return [], f"{profile.title} has no gang-up", False, ""
    return profile.gang_summary(state, ids)


def refusal(state: DeskState, action: JSON) -> str | None:
    """The rules' reason to refuse `action`, or None (missing rolls are not a refusal)."""
    outcome = apply(state, action)
    if outcome.ok or outcome.needs:
        return None
    return outcome.error


def explain(state: DeskState, action: JSON) -> tuple[str | None, list[str]]:
    """(the rules' refusal, or None and their explanation line by line) of `action`."""
    outcome = apply(state, action)
    if not outcome.ok:
        return outcome.error, []
    return None, [e.text for e in outcome.events]


def preview_lines(state: DeskState, actions: list[JSON]) -> tuple[str | None, list[str]]:
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
        outcome = apply(state, action)
        if outcome.ok:  # a roll still to come leaves the state for the next preview as it is
            # events that change nothing ("already weakened") still say what happens
            lines += [e.text for e in outcome.events if e.target not in shown.lines]
            state = outcome.state
    return None, lines


def outcome_lines(state: DeskState, action: Action | JSON, need: RollNeed | None = None,
                  faces: list[int] | None = None
                  ) -> tuple[str | None, list[str], list[str]]:
    """(refusal, 'Caradoc: 16/16 HP → 10/16 HP' per target, the rules' explanation per
    target) of `action` with `faces` rolled for `need` (the odds without them)."""
    action = Action.of(action)
    if need is not None and faces is not None:
        action = action.with_fields(**{need.key: roll_value(need, faces)})
    return chips.outcome_lines(state, action.to_dict())


def tag_words(action: Action | JSON, state: DeskState) -> list[str]:
    return chips.tag_words(Action.of(action).to_dict(), state)
