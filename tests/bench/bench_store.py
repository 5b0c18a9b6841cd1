"""Store benchmark: apply (commit included), opening a big campaign, undoing 100 steps.

Run by hand: python tests/bench/bench_store.py. Times are printed with a ratio to a bare
baseline measured in the same run: one sqlite3 INSERT + COMMIT with the same pragmas.
"""

import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from harmdesk.campaign import Campaign  # noqa: E402
from harmdesk.store import Store  # noqa: E402
from harmdesk.store.store import LOG  # noqa: E402


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def bare_commit(folder: Path, n: int = 300) -> float:
    con = sqlite3.connect(folder / "bare.sqlite", isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=FULL")
    con.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
    times = []
    for i in range(n):
        t = time.perf_counter()
        con.execute("BEGIN IMMEDIATE")
        con.execute("INSERT INTO t (body) VALUES (?)", (json.dumps({"i": i, "hp": 20}),))
        con.execute("COMMIT")
        times.append(time.perf_counter() - t)
    con.close()
    return statistics.median(times)


def sheets(n: int) -> list[dict]:
    return [{"id": f"c{i}", "name": f"Character {i}", "kind": "pc" if i < 6 else "monster",
             "max_hp": 16 + i % 5, "armor": i % 3} for i in range(n)]


def bench_apply(folder: Path, characters: int, n: int = 500) -> list[float]:
    store = Store.open(folder)
    campaign = Campaign.create(store, f"Apply {characters}", "stonetop", {}, sheets(characters))
    rng = random.Random(1)
    times = []
    for _ in range(n):
        cid = f"c{rng.randrange(characters)}"
        action = rng.choice([{"type": "damage", "target": cid, "amount": rng.randint(1, 6)},
                             {"type": "heal", "target": cid, "amount": rng.randint(1, 6)}])
        t = time.perf_counter()
        campaign.apply(action)
        times.append(time.perf_counter() - t)
    store.close()
    return times


def build_big(folder: Path, characters: int = 200, rows: int = 100_000) -> None:
    store = Store.open(folder)
    campaign = Campaign.create(store, "Big", "stonetop", {}, sheets(characters))
    state = campaign.state["characters"]
    with store.engine.begin() as conn:
        conn.execute(LOG.insert(), [
            {"campaign_id": campaign.info.id, "seq": i + 1, "step": i + 1, "session_id": None,
             "action": {"type": "heal", "target": f"c{i % characters}", "amount": 1},
             "events": [{"kind": "heal", "text": "+1 HP"}],
             "before": {f"c{i % characters}": state[f"c{i % characters}"]},
             "after": {f"c{i % characters}": state[f"c{i % characters}"]},
             "settings_before": None, "settings_after": None, "undone": False,
             "applied_at": "2026-11-30T20:00:00+00:00"} for i in range(rows)])
    store.close()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        bare = bare_commit(tmp)
        print(f"bare sqlite3 INSERT+COMMIT (WAL, synchronous=FULL): median {ms(bare)}")
        for characters in (12, 200):
            times = sorted(bench_apply(tmp / f"apply{characters}", characters))
            median = statistics.median(times)
            p99 = times[int(len(times) * 0.99) - 1]
            print(f"apply one action, commit included, {characters} characters: "
                  f"median {ms(median)} ({median / bare:.1f}x bare), p99 {ms(p99)} "
                  f"({p99 / bare:.1f}x bare)")
        big = tmp / "big"
        t = time.perf_counter()
        build_big(big)
        print(f"(built 200 characters + 100,000 log rows in {time.perf_counter() - t:.1f} s)")
        opens = []
        for _ in range(5):
            t = time.perf_counter()
            store = Store.open(big)
            campaign = Campaign.open(store, "Big")
            shown = [c["hp"] for c in campaign.state["characters"].values()]
            opens.append(time.perf_counter() - t)
            assert len(shown) == 200
            store.close()
        print(f"open the campaign with 200 characters and 100,000 log rows and read its states: "
              f"median {ms(statistics.median(opens))} (first {ms(opens[0])}; "
              f"{statistics.median(opens) / bare:.0f}x bare commit)")
        store = Store.open(big)
        campaign = Campaign.open(store, "Big")
        t = time.perf_counter()
        for _ in range(100):
            campaign.undo()
        undo = time.perf_counter() - t
        print(f"undo 100 actions: {ms(undo)} ({ms(undo / 100)} each, "
              f"{undo / 100 / bare:.1f}x bare commit)")
        store.close()


if __name__ == "__main__":
    main()
