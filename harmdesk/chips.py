"""What a dragged chip carries, and the action it becomes when dropped on tiles.

Pure data, no Qt: the tray and the tiles encode chips with `encode`, the drop
handler decodes them with `decode` and turns them into one action with
`action_for_drop`. A malformed payload decodes to None and is ignored.
"""

from __future__ import annotations

import json
from typing import Any

MIME_TYPE = "application/x-harmdesk-chip+json"
MAX_PAYLOAD = 64 * 1024


class DropError(ValueError):
    """The chip cannot become an action here (for example, a gang-up outside Stonetop)."""


def encode(chip: dict) -> bytes:
    return json.dumps(chip, separators=(",", ":")).encode("utf-8")


def decode(data: bytes | bytearray | memoryview | None) -> dict | None:
    """The chip in a drag, or None when the payload is not one of ours."""
    if data is None:
        return None
    raw = bytes(data)
    if not raw or len(raw) > MAX_PAYLOAD:
        return None
    try:
        chip = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    if not isinstance(chip, dict) or not isinstance(chip.get("label", ""), str):
        return None
    action, attackers = chip.get("action"), chip.get("attackers")
    if isinstance(action, dict) and isinstance(action.get("type"), str) and "target" not in action:
        return chip
    if isinstance(attackers, list) and attackers and all(isinstance(a, str) for a in attackers):
        return chip
    return None


def action_chip(label: str, action: dict, ask: str | None = None) -> dict:
    chip = {"label": label, "action": action}
    if ask:
        chip["ask"] = ask
    return chip


def attack_chip(attackers: list[str], label: str = "") -> dict:
    return {"label": label or "attack", "attackers": list(attackers)}


def _attack_fields(attack: dict, system: str) -> dict:
    fields = {"dice": attack["dice"]}
    for key in ("piercing", "tags", "ignores_armor") if system == "stonetop" else ():
        if attack.get(key) is not None:
            fields[key] = attack[key]
    if system == "freedom_fantasies" and attack.get("damage_type"):
        fields["damage_type"] = attack["damage_type"]
    return fields


def action_for_drop(chip: dict, state: dict, targets: list[str]) -> dict:
    """The action a chip becomes when dropped on `targets` (one or several tiles)."""
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
    if system != "stonetop":
        raise DropError("several attackers at once (a gang-up) is a Stonetop rule; "
                        "drop one attacker at a time")
    # the same attacker listed twice (two coedwig from the gang slot) is one group with a count
    counts = {a: attackers.count(a) for a in dict.fromkeys(attackers)}
    return {"type": "gang_damage", "target": target,
            "attackers": [{"id": a, "count": n} if n > 1 else {"id": a}
                          for a, n in counts.items()]}
