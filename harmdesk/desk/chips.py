"""What a dragged chip carries, and the action it becomes when dropped on tiles.

Pure data, no Qt: the tray and the tiles encode chips with `encode`, the drop
handler decodes them with `decode` and turns them into one action with
`action_for_drop`. A malformed payload decodes to None and is ignored.

The tray's modifier toggles are not in the chip: they join every damage action
(typed, by severity, a prepared danger, a monster's tile, the gang) in one place,
`with_modifiers`, when the chip becomes an action, so a drag, a hover and a click
all hit the same way.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

from ..errors import UserError
from ..rules.shapes import JSON, Action, DeskState
from ..untrusted import UntrustedError, parse_json
from .display import modifier_words

MIME_TYPE = "application/x-harmdesk-chip+json"
MAX_PAYLOAD = 64 * 1024


class DropError(UserError):
    """The chip cannot become an action here (for example, a gang-up outside Stonetop)."""


def encode(chip: JSON) -> bytes:
    return json.dumps(chip, separators=(",", ":")).encode("utf-8")


def decode(data: bytes | bytearray | memoryview | None) -> JSON | None:
    """The chip in a drag, or None when the payload is not one of ours."""
    if data is None:
        return None
    raw = bytes(data)
    if not raw or len(raw) > MAX_PAYLOAD:
        return None
    try:  # a drag may come from any program: deep, huge or broken values are not ours
        chip = parse_json(raw, "the dragged chip")
    except UntrustedError:
        return None
    if not isinstance(chip, dict) or not isinstance(chip.get("label", ""), str):
        return None
    action, attackers = chip.get("action"), chip.get("attackers")
    if isinstance(action, dict) and isinstance(action.get("type"), str) and "target" not in action:
        return chip
    if isinstance(attackers, list) and attackers and all(isinstance(a, str) for a in attackers):
        return chip
    return None


def action_chip(label: str, action: Action, ask: str | None = None) -> JSON:
    chip: JSON = {"label": label, "action": action}
    if ask:
        chip["ask"] = ask
    return chip


def attack_chip(attackers: list[str], label: str = "") -> JSON:
    return {"label": label or "attack", "attackers": list(attackers)}


def _attack_fields(attack: JSON, system: str) -> JSON:
    """The dice, and what else an attack on a sheet holds in this game (its profile says)."""
    from ..profiles import profile_for
    fields = {"dice": attack["dice"]}
    for key in profile_for(system).attack_fields:
        if attack.get(key) not in (None, ""):
            fields[key] = attack[key]
    return fields


DAMAGE_ACTIONS = ("damage", "gang_damage")


def takes_modifiers(chip: JSON) -> bool:
    """Whether the tray's toggles apply to this chip: damage of any kind, and attacks."""
    return "attackers" in chip or chip.get("action", {}).get("type") in DAMAGE_ACTIONS


def with_modifiers(action: Action, modifiers: JSON | None) -> Action:
    """A damage action with the tray's toggles added; other actions are left as they are.

    Non-lethal, ignores armor, Direct and a Weakened attacker hold whatever the attack
    says. Piercing joins the attack's own as `added_piercing`, for the rules to combine
    (ST-2 b). An attack's own damage type wins, one instance has one type (FF-8);
    Additional Damage is added to any the attack has.
    """
    if not modifiers or action.get("type") not in DAMAGE_ACTIONS:
        return action
    out = dict(action)
    for key, value in modifiers.items():
        if key == "piercing":
            own = action["type"] == "damage" and not action.get("piercing")
            out["piercing" if own else "added_piercing"] = value
        elif key == "damage_type":
            out["damage_type"] = action.get("damage_type") or value
        elif key == "additional":
            out["additional"] = [*(action.get("additional") or ()), *value]
        else:
            out[key] = value
    return out


def taken_modifiers(action: Action, modifiers: JSON | None) -> JSON:
    """The toggles that change `action` (or an attack on a sheet): all of them, but the
    damage type when it has its own."""
    return {k: v for k, v in (modifiers or {}).items()
            if not (k == "damage_type" and action.get("damage_type"))}


def action_for_drop(chip: JSON, state: DeskState, targets: list[str],
                    modifiers: JSON | None = None) -> Action:
    """The action a chip becomes when dropped on `targets` (one or several tiles), with
    the tray's `modifiers` on it when it deals damage."""
    return with_modifiers(_base_action(chip, state, targets), modifiers)


def _base_action(chip: JSON, state: DeskState, targets: list[str]) -> Action:
    target: Any = targets[0] if len(targets) == 1 else list(targets)
    if "action" in chip:
        return {**chip["action"], "target": target}
    chars = state["characters"]
    attackers = [a for a in chip["attackers"] if a in chars]
    if not attackers:
        raise DropError("the attacker is no longer on the desk")
    if set(attackers) & set(targets):
        raise DropError("a character cannot attack itself")
    missing = [chars[a]["name"] for a in attackers if not chars[a].get("attack")]
    if missing:
        raise DropError(f"{', '.join(missing)} has no attack on the sheet")
    system = state["system"]
    if len(attackers) == 1:
        attack = chars[attackers[0]]["attack"]
        return {"type": "damage", "target": target, **_attack_fields(attack, system),
                "source": attackers[0]}
    from ..profiles import profile_for
    if not profile_for(system).gang:
        raise DropError(f"several attackers at once (a gang-up) is not a rule of "
                        f"{profile_for(system).title}; drop one attacker at a time")
    # the same attacker listed twice (two coedwig from the gang slot) is one group with a count
    counts = {a: attackers.count(a) for a in dict.fromkeys(attackers)}
    return {"type": "gang_damage", "target": target,
            "attackers": [{"id": a, "count": n} if n > 1 else {"id": a}
                          for a, n in counts.items()]}


# what the GM reads -------------------------------------------------------------------
def tag_words(action: Action, state: DeskState) -> list[str]:
    """Everything a damage action carries, a gang's attackers' tags included."""
    parts = [action]
    if action.get("type") == "gang_damage":
        chars = state["characters"]
        ids = [a.get("id") for a in action.get("attackers") or () if isinstance(a, dict)]
        parts = [chars[i].get("attack") or {} for i in ids if i in chars] + [action]
    return list(dict.fromkeys(w for part in parts for w in modifier_words(part)))


# previews ------------------------------------------------------------------------------
Row = tuple[str, str, bool]  # (first line, detail, ok): what one tile shows


def preview_rows(state: DeskState, action: Action, targets: Sequence[str],
                 added: Sequence[str] = ()) -> dict[str, Row]:
    """What `action` would do to each target, as the tiles show it; `added` (the
    toggles' words) lead the detail line where the rules' explanation does not say them."""
    from .preview import preview
    result = preview(state, action)
    if not result.ok:
        # a preview the rules refuse always says why
        return {cid: (cast(str, result.error), "", False) for cid in targets}
    rows: dict[str, Row] = {}
    for cid in targets:
        detail = result.details.get(cid, "")
        missing = [w for w in added if w not in detail]
        if missing:
            detail = f"with {', '.join(missing)}" + (f"; {detail}" if detail else "")
        rows[cid] = (result.lines.get(cid, "no change"), detail, True)
    return rows


def chip_preview(chip: JSON, state: DeskState, targets: list[str],
                 modifiers: JSON | None = None) -> dict[str, Row]:
    """What a chip would do to each of `targets`: a drop's, a hover's and a click's preview."""
    try:
        base = _base_action(chip, state, targets)
    except DropError as err:
        return {cid: (str(err), "", False) for cid in targets}
    if chip.get("ask"):
        label = chip.get("label", "")
        return dict.fromkeys(targets, (f"{label}: details asked on drop", "", True))
    added = modifier_words(taken_modifiers(base, modifiers)) if takes_modifiers(chip) else []
    return preview_rows(state, with_modifiers(base, modifiers), targets, added)


def outcome_lines(state: DeskState, action: Action, added: Sequence[str] = ()
                  ) -> tuple[str | None, list[str], list[str]]:
    """(the rules' refusal or None, 'Caradoc: 16/16 HP → 10/16 HP' per target, the
    rules' explanation per target), for a dialog that asks before applying."""
    target: Any = action.get("target")
    targets = target if isinstance(target, list) else [target]
    rows = preview_rows(state, action, targets, added)
    refusal = next((line for line, _, ok in rows.values() if not ok), None)
    if refusal is not None:
        return refusal, [], []
    chars = state["characters"]
    names = {cid: chars[cid]["name"] if cid in chars else cid for cid in targets}
    lines = [f"{names[cid]}: {line}" for cid, (line, _, _) in rows.items()]
    details = [detail if detail.startswith(names[cid]) else f"{names[cid]}: {detail}"
               for cid, (_, detail, _) in rows.items() if detail]
    return None, lines, details
