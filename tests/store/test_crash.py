"""Crash test: a writer killed with SIGKILL at random moments loses nothing it confirmed."""

import json
import os
import random
import select
import signal
import sys
import time

import pytest

from harmdesk import rules
from harmdesk.campaign import Campaign
from harmdesk.store import Store

from .conftest import PARTY

KILLS = int(os.environ.get("HARMDESK_CRASH_KILLS", "200"))

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs fork and SIGKILL")


def writer(folder, ack_fd, seed):
    """Child: apply actions forever, acknowledging each one after `apply` returned."""
    rng = random.Random(seed)
    store = Store.open(folder)
    campaign = Campaign.open(store, "Crash")
    n = 0
    while True:
        action = rng.choice([
            {"type": "damage", "target": rng.choice(["heavy", "caradoc", "hagr"]),
             "amount": rng.randint(0, 6), "lethal": False},
            {"type": "heal", "target": ["heavy", "caradoc", "hagr"], "amount": rng.randint(1, 6)},
            {"type": "set_death", "target": "hagr", "death": "none"},
        ])
        if rng.random() < 0.15 and campaign.history()[0]:
            campaign.undo()
        elif campaign.apply(action).ok:
            n += 1
        os.write(ack_fd, (json.dumps(campaign.history()) + "\n").encode())


def run_once(folder, rng) -> tuple[tuple[int, int] | None, int]:
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child never returns
        os.close(read_fd)
        try:
            writer(folder, write_fd, rng.random())
        finally:
            os._exit(0)
    os.close(write_fd)
    buffer = b""
    # let the writer run for a random while, reading its confirmations, then kill it
    deadline = time.monotonic() + rng.uniform(0.0, 0.06)
    while (left := deadline - time.monotonic()) > 0:
        if select.select([read_fd], [], [], left)[0]:
            chunk = os.read(read_fd, 65536)
            if not chunk:
                break
            buffer += chunk
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    while chunk := os.read(read_fd, 65536):
        buffer += chunk
    os.close(read_fd)
    lines = buffer.decode().split("\n")[:-1]  # a torn last line was never confirmed
    return (tuple(json.loads(lines[-1])), len(lines)) if lines else (None, 0)


def crash_many(folder, kills: int, seed: int = 20261130) -> dict:
    """Kill a writer `kills` times, checking the file after each kill; return the counts."""
    rng = random.Random(seed)
    store = Store.open(folder)
    initial = Campaign.create(store, "Crash", "stonetop", {}, PARTY).state
    store.close()
    confirmed_runs = steps = 0
    for _ in range(kills):
        confirmed, confirmed_steps = run_once(folder, rng)
        steps += confirmed_steps
        store = Store.open(folder)
        try:
            with store.engine.connect() as conn:
                assert conn.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
            campaign = Campaign(store, "Crash")
            applied, undone = campaign.history()
            if confirmed is not None:
                confirmed_runs += 1
                a, u = confirmed
                # the step in flight at the kill (an apply or an undo) may have landed whole;
                # everything confirmed before it must be there
                assert (applied, undone) in {(a, u), (a + 1, 0), (a - 1, u + 1)}
            log = [e.action for e in store.log(campaign.info.id)]
            assert campaign.state == rules.fold(initial, log)
        finally:
            store.close()
    return {"kills": kills, "kills_after_confirmed_steps": confirmed_runs,
            "steps_confirmed": steps,
            "log_rows": len(log), "undoable": applied, "redoable": undone}


def test_sigkill_never_loses_a_confirmed_action_nor_half_applies_one(tmp_path):
    counts = crash_many(tmp_path, KILLS)
    assert counts["kills_after_confirmed_steps"] > KILLS // 4, \
        "the writer rarely got going; the test proved little"
