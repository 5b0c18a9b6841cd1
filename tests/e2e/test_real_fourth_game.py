"""The real window on a fourth game from outside the package (tests/fourth_game/), under
real X11 input: a chip dragged onto its tile is saved in the database file, and Ctrl+Z
takes it back. Run as a script, this file is the window's probe with the game registered."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PARTY = [{"id": "ada", "name": "Ada", "kind": "pc", "max_hp": 6, "hp": 3}]


@pytest.fixture
def hearth_desk(display, tmp_path, request, monkeypatch):
    from harmdesk.desk.campaign import Campaign
    from harmdesk.store import Store
    from tests.test_fourth_game import forget_hearth, register_hearth

    from . import realdesk
    from .conftest import ARTIFACTS

    register_hearth()
    try:
        store = Store.open(tmp_path / "data")
        Campaign.create(store, "Hearth", "hearth", {}, PARTY)
        store.close()
    finally:
        forget_hearth()
    monkeypatch.setattr(realdesk, "PROBE", Path(__file__))  # the probe, with Hearth known
    opened = realdesk.RealDesk(display, tmp_path, ARTIFACTS / request.node.name)
    try:
        opened.wait_until_settled(timeout=60)
        yield opened
    finally:
        opened.close()


def test_a_chip_dragged_onto_a_fourth_games_tile_is_saved_and_undone(hearth_desk):
    from .realdesk import wait_saved, wait_undone
    desk = hearth_desk
    desk.wait_for(lambda s: s.get("writable") and "ada" in s.get("tiles", {}),
                  "the Hearth campaign open for writing")
    assert desk.saved_state("ada")["hp"] == 3
    desk.drag(desk.chip("Fire"), desk.tile("ada"))
    actions = wait_saved(desk, 1)
    assert actions == [{"type": "heal", "amount": 2, "target": "ada"}]
    assert desk.saved_state("ada")["hp"] == 5
    desk.wait_for_desk_keys()
    desk.key("ctrl+z")
    wait_undone(desk, 0)
    assert desk.saved_state("ada")["hp"] == 3


if __name__ == "__main__":
    sys.path[:0] = [str(ROOT), str(Path(__file__).parent)]
    from window_probe import main

    from tests.test_fourth_game import register_hearth

    register_hearth()
    sys.exit(main())
