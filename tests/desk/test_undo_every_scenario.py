"""Undo holds for every action of every game: each scenario of `tests/scenarios/` is played
through the real `Campaign` on a data file, and every step makes the round trip (apply; undo
to the desk before; redo to the desk after; close and reopen the file, and the desk is still
the one after). The party macro (a scenario's accepted actions as one step of several) makes
the same trip."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from harmdesk import rules
from harmdesk.desk.actions import ChangeKind
from harmdesk.desk.campaign import Campaign
from harmdesk.desk.replay import EXPECT_KEYS, Scenario, read_scenario
from harmdesk.store import Store
from tests.conftest import ROOT

SCENARIOS = sorted((ROOT / "tests" / "scenarios").rglob("*.json"))
NAME = "Round trip"


def played(action: Any) -> Any:
    """The action as the desk applies it: without the scenario's expectations."""
    if isinstance(action, dict):
        return {k: v for k, v in action.items() if k not in EXPECT_KEYS}
    return action


class Table:
    """A campaign on a data file of its own, reopened as a restart does."""

    def __init__(self, folder: Path, scenario: Scenario):
        self.folder = folder
        self.store = Store.open(folder)
        state = scenario.state
        self.campaign = Campaign.create(self.store, NAME, state["system"], state["settings"],
                                        scenario.sheets)

    def reopen(self) -> None:
        self.store.close()
        self.store = Store.open(self.folder)
        self.campaign = Campaign.open(self.store, NAME)

    def desk(self) -> dict:
        """The desk in memory, after checking the file holds the same one."""
        assert Campaign(self.store, NAME).state == self.campaign.state, "memory and file differ"
        return self.campaign.state

    def history(self) -> tuple[int, int]:
        return self.campaign.history()

    def close(self) -> None:
        self.store.close()


def round_trip(table: Table, actions: list, where: str) -> bool:
    """Apply `actions` as one step and make the round trip; False when the rules refuse
    it (the desk and the log then stay as they were)."""
    before, history = table.desk(), table.history()
    change = table.campaign.apply_step(actions)
    if not change.ok:
        assert table.desk() == before and table.history() == history, f"{where}: refused, kept"
        return False
    after = table.desk()
    expected = before
    for action in actions:
        expected = rules.apply(expected, action).state
    assert after == expected, f"{where}: the desk is not the rules' outcome"
    step = change.entry.step
    assert {entry.step for entry in change.entries} == {step}, f"{where}: one step"

    undone = table.campaign.undo()
    assert undone is not None and undone.kind is ChangeKind.UNDO, f"{where}: nothing undone"
    assert [e.id for e in undone.entries] == [e.id for e in change.entries], where
    assert table.desk() == before, f"{where}: undo does not give the desk before"

    redone = table.campaign.redo()
    assert redone is not None and [e.step for e in redone.entries] == [step] * len(actions)
    assert table.desk() == after, f"{where}: redo does not give the desk after"

    table.reopen()
    assert table.desk() == after, f"{where}: the reopened file holds another desk"
    assert table.history() == (history[0] + 1, 0), f"{where}: the log after reopening"
    return True


@pytest.fixture
def table_for(tmp_path):
    opened: list[Table] = []

    def make(scenario: Scenario, folder: str) -> Table:
        opened.append(Table(tmp_path / folder, scenario))
        return opened[-1]

    yield make
    for table in opened:
        table.close()


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.relative_to(ROOT / "tests").as_posix()
                                                 for p in SCENARIOS])
def test_every_step_of_the_scenario_undoes_redoes_and_survives_a_reopen(path, table_for):
    scenario = read_scenario(path)
    table = table_for(scenario, "steps")
    accepted = []
    for index, action in enumerate(scenario.actions):
        kind = action.get("type") if isinstance(action, dict) else action
        if round_trip(table, [played(action)], f"action {index} ({kind})"):
            accepted.append(played(action))
    assert accepted, "a scenario applies something"

    # the same accepted actions as one party macro, on a fresh file: one step of them all
    macro = table_for(scenario, "macro")
    assert round_trip(macro, accepted, f"the macro of {len(accepted)} actions")
    assert macro.desk() == table.desk()


def test_the_scenarios_cover_every_game_and_the_party_and_encounter_actions():
    kinds = set()
    for path in SCENARIOS:
        kinds |= {a.get("type") for a in read_scenario(path).actions if isinstance(a, dict)}
    assert {p.parent.name for p in SCENARIOS} == {"stonetop", "lux_aeterna",
                                                  "freedom_fantasies"}
    assert {"make_camp", "start_encounter", "next_turn", "end_encounter", "add_character",
            "remove_character", "change_settings"} <= kinds
