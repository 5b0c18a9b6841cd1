import os

import pytest

from harmdesk import rules
from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store, db

PARTY = [
    {"id": "caradoc", "name": "Caradoc", "kind": "pc", "max_hp": 16, "armor": 1, "supplies": 5},
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2},
    {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 12, "armor": 1,
     "attack": {"dice": "d10+3"}},
]


@pytest.fixture
def campaign(store):
    return Campaign.create(store, "Test", "stonetop", {"prosperity": 1}, PARTY)


def reopen(store):
    """Close and open the data folder again, as a restart does."""
    folder = store.path.parent
    store.close()
    return Store.open(folder)


def fold(state: dict, actions) -> dict:
    """The state after applying `actions` in order, skipping refusals: what the database
    must hold after its log."""
    for action in actions:
        state = rules.apply(state, action).state
    return state


def traced(store) -> list[str]:
    """Every SQL statement the store's connections run from now on, as SQLite runs it
    (values filled in)."""
    statements: list[str] = []
    store.connections.on_connect(lambda con: con.set_trace_callback(statements.append))
    return statements


def counted(store, every: int = 100) -> list[int]:
    """Count SQLite's virtual-machine steps (in `every`s) on the store's connections from
    now on: work that grows with a table shows here, with no clock involved."""
    steps: list[int] = []
    store.connections.on_connect(
        lambda con: con.set_progress_handler(lambda: steps.append(1) and 0, every))
    return steps


def unreadable_with_a_backup(folder):
    """A data folder whose file SQLite cannot read (a sound header, then noise), and a
    sound backup made before: (the data file, the backup, the bytes it now holds)."""
    store = Store.open(folder)
    Campaign.create(store, "Test", "stonetop", {}, PARTY)
    store.close()
    path = folder / db.DB_NAME
    good = db.backup(path, "daily")
    garbage = db.SQLITE_HEADER + os.urandom(8192)
    path.write_bytes(garbage)
    return path, good, garbage
