"""Each undo command knows its step of the store's log, and a stack that disagrees with the
store says so out loud (a Qt warning, which fails any test) before it follows the store."""

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.qt.controller import DeskController
from harmdesk.store import Store

HIT = {"type": "damage", "target": "heavy", "amount": 3}
CUT = {"type": "damage", "target": "caradoc", "amount": 2}
DISAGREES = "undo stack disagrees with the store"


def commands(stack) -> list[int]:
    return [stack.command(i).step for i in range(stack.count())]


def stored_steps(desk) -> list[int]:
    return [step for step, _text, _undone in desk.service.steps()]


def opened(campaign) -> DeskController:
    desk = DeskController()
    desk.set_service(Service.on(campaign))
    return desk


def test_every_command_carries_its_step_of_the_log_also_after_a_reopen(qtbot, store, campaign):
    desk = opened(campaign)
    assert desk.submit(HIT) and desk.submit(CUT)
    assert desk.submit_many([HIT, CUT], "Both again")
    steps = stored_steps(desk)
    assert len(set(steps)) == 3 and commands(desk.stack) == steps
    desk.stack.undo()

    folder = store.path.parent
    store.close()
    reopened = Store.open(folder)
    try:
        desk = opened(Campaign.open(reopened, "Desk"))
        assert commands(desk.stack) == steps and desk.stack.index() == 2
        desk.stack.redo()
        assert stored_steps(desk) == steps and not desk.stack.canRedo()
    finally:
        reopened.close()


@pytest.mark.qt_log_ignore(DISAGREES)
def test_a_stack_that_disagrees_with_the_store_says_so_and_follows_the_store(
        qtbot, qtlog, campaign):
    desk = opened(campaign)
    assert desk.submit(HIT) and desk.submit(CUT)
    hit, cut = stored_steps(desk)
    campaign.undo()  # behind the stack's back: the store's newest step is now the hit

    desk.stack.undo()  # the command of the cut meets the hit's step
    warned = [r.message for r in qtlog.records if DISAGREES in r.message]
    assert warned == [f"HarmDesk's undo stack disagrees with the store: undo of step {cut} "
                      f"met step {hit}; rebuilding the stack from the log"]
    # the store is trusted: both steps are undone there, and the stack is rebuilt to match
    assert campaign.history() == (0, 2)
    qtbot.waitUntil(lambda: desk.stack.index() == 0, timeout=10_000)
    assert commands(desk.stack) == [hit, cut] and desk.stack.canRedo()
    assert desk.state["characters"]["heavy"]["hp"] == 20


@pytest.mark.qt_log_ignore(DISAGREES)
def test_a_command_with_nothing_left_to_undo_in_the_store_says_so(qtbot, qtlog, campaign):
    desk = opened(campaign)
    assert desk.submit(HIT)
    (hit,) = stored_steps(desk)
    campaign.undo()

    desk.stack.undo()
    assert [r.message for r in qtlog.records if DISAGREES in r.message] == [
        f"HarmDesk's undo stack disagrees with the store: undo of step {hit} met step None; "
        "rebuilding the stack from the log"]
    qtbot.waitUntil(lambda: not desk.stack.canUndo(), timeout=10_000)
    assert (desk.stack.count(), desk.stack.index()) == (1, 0)


def test_undo_and_redo_in_step_with_the_store_warn_nothing(qtbot, qtlog, campaign):
    desk = opened(campaign)
    assert desk.submit(HIT) and desk.submit_many([CUT, HIT], "Two")
    for _ in range(2):
        desk.stack.undo()
    desk.stack.redo()
    assert desk.stack.index() == 1 and campaign.history() == (1, 1)
    assert [r for r in qtlog.records if DISAGREES in r.message] == []
