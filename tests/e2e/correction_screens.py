"""Screenshots of the correction preview, to read by eye (run by hand, not a test):

    python tests/e2e/correction_screens.py [FOLDER]

saves FOLDER/*.png (default /tmp/harmdesk-correction-shots): a Stonetop hit reverted with
the Death's Door
roll that followed it, a Lux Aeterna hit reverted so that a later one no longer Wounds and
the Trauma care that followed goes, and a Freedom Fantasies hit reverted so that a door is
no longer Broken. Each desk is played through the service, previewed as the window does,
and the dialog drawn as the GM sees it (offscreen unless QT_QPA_PLATFORM says otherwise).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

STONETOP = ("stonetop", {"prosperity": 1}, [
    {"id": "bran", "name": "Bran", "kind": "pc", "max_hp": 12, "armor": 1},
    {"id": "rhianna", "name": "Rhianna", "kind": "pc", "max_hp": 16, "armor": 1},
    {"id": "hagr", "name": "The Hagr", "kind": "monster", "max_hp": 16, "armor": 2,
     "attack": {"dice": "d10+3", "tags": ["forceful"]}}], [
    {"type": "damage", "target": "bran", "amount": 5, "source": "hagr"},     # 12 → 8 HP
    {"type": "damage", "target": "bran", "amount": 10, "source": "hagr"},    # 0 HP: dying
    {"type": "deaths_door", "target": "bran", "roll": 8},                     # out of action
    {"type": "heal", "target": "bran", "amount": 3},
    {"type": "damage", "target": "rhianna", "amount": 4}], 2)

LUX = ("lux_aeterna", {}, [
    {"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 10},
    {"id": "ghoul", "name": "Ghoul", "kind": "monster", "max_hp": 8}], [
    {"type": "damage", "target": "sara", "amount": 4, "source": "ghoul"},    # 10 → 6 HP
    {"type": "damage", "target": "sara", "amount": 8, "source": "ghoul",     # Wounded
     "trauma_roll": 7, "brush_roll": 3},
    {"type": "medical_aid", "target": "sara", "bumps": 2}], 1)

FREEDOM = ("freedom_fantasies", {}, [
    {"id": "brann", "name": "Brann", "kind": "pc", "hp": 5},
    {"id": "door", "name": "The vault door", "kind": "object", "hp": 4}], [
    {"type": "damage", "target": "door", "amount": 3},                         # damaged
    {"type": "damage", "target": "door", "amount": 2},                         # Broken
    {"type": "damage", "target": "brann", "amount": 2}], 1)

SHOTS = {"stonetop-deaths-door": STONETOP, "lux-trauma": LUX, "freedom-broken": FREEDOM}


def preview(store, name: str, game) -> object:
    """The game's desk played, then the revert's Correction, as the window asks for it."""
    from harmdesk.desk.campaign import Campaign
    from harmdesk.desk.service import Service

    system, settings, party, actions, reverted = game
    service = Service.on(Campaign.create(store, name, system, settings, party))
    for action in actions:
        change = service.apply(action)
        if not change.ok:
            raise SystemExit(f"{name}: {action} was refused: {change.error}")
    return service.correction("revert", reverted)


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/harmdesk-correction-shots")
    folder.mkdir(parents=True, exist_ok=True)
    from PySide6.QtWidgets import QApplication

    from harmdesk.qt.dialogs.correction import CorrectionDialog
    from harmdesk.store import Store

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as data:
        store = Store.open(Path(data))
        try:
            for name, game in SHOTS.items():
                dialog = CorrectionDialog(preview(store, name, game))
                dialog.show()
                app.processEvents()
                path = folder / f"{name}.png"
                dialog.grab().save(str(path))
                dialog.close()
                print(path)
        finally:
            store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
