"""Store benchmark: apply, undo, redo, open and a summary's data, at 1k, 10k and 100k log rows.

Run by hand: python tests/bench/bench_store.py [ROWS ...]. Every time is printed with its
ratio to a bare baseline measured in the same run: one sqlite3 INSERT + COMMIT with the
same pragmas. Per-action costs must not grow with the log.
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
sys.path.insert(0, str(Path(__file__).resolve().parent))

from scaling_data import bare_commit

from harmdesk.desk.campaign import Campaign
from harmdesk.report.source import from_store
from harmdesk.store import Store

CHARACTERS = 200
SESSION_ROWS = 2000   # log rows per play session in the built logs


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def sheets(n: int) -> list[dict]:
    return [{"id": f"c{i}", "name": f"Character {i}", "kind": "pc" if i < 6 else "monster",
             "max_hp": 16 + i % 5, "armor": i % 3} for i in range(n)]


def hit(rng: random.Random, characters: int) -> dict:
    cid = f"c{rng.randrange(characters)}"
    return rng.choice([{"type": "damage", "target": cid, "amount": rng.randint(1, 6)},
                       {"type": "heal", "target": cid, "amount": rng.randint(1, 6)}])


def build(folder: Path, rows: int, characters: int = CHARACTERS) -> None:
    """A campaign whose log holds `rows` real steps, in play sessions of SESSION_ROWS.

    The rules core works out every step; the rows go in with sqlite3 in a few big
    transactions, so that building a big log takes seconds, not an evening."""
    store = Store.open(folder)
    campaign = Campaign.create(store, "Big", "stonetop", {}, sheets(characters))
    store.close()
    from harmdesk import rules
    from harmdesk.desk.rederive import logged_row as _logged
    state, rng = campaign.state, random.Random(2)
    con = sqlite3.connect(folder / "harmdesk.sqlite", isolation_level=None)
    con.execute("BEGIN")
    session = None
    for seq in range(1, rows + 1):
        if seq % SESSION_ROWS == 1:
            if session:
                con.execute("UPDATE play_session SET ended = ? WHERE id = ?",
                            ("2026-11-30T23:00:00+00:00", session))
            session = con.execute(
                "INSERT INTO play_session (campaign_id, number, started, title, notes) "
                "VALUES (1, ?, '2026-11-30T19:00:00+00:00', '', '')",
                (seq // SESSION_ROWS + 1,)).lastrowid
        action = hit(rng, characters)
        outcome = rules.apply(state, action)
        logged = _logged(state, outcome, action)
        state = outcome.state
        con.execute(
            "INSERT INTO log (campaign_id, session_id, seq, action, events, before, after, "
            "undone, applied_at, step) VALUES (1, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
            (session, seq, json.dumps(action), json.dumps(logged["events"]),
             json.dumps(logged["before"]), json.dumps(logged["after"]),
             "2026-11-30T20:00:00+00:00", seq))
    for cid, char in state["characters"].items():
        con.execute("UPDATE character SET state = ? WHERE cid = ?", (json.dumps(char), cid))
    con.execute("COMMIT")
    con.close()


def timed(fn, n: int) -> list[float]:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return times


def measure(folder: Path, rows: int) -> dict[str, float]:
    build(folder, rows)
    found = {}
    opens = []
    for _ in range(5):
        t = time.perf_counter()
        store = Store.open(folder)
        campaign = Campaign.open(store, "Big")
        opens.append(time.perf_counter() - t)
        assert len(campaign.state["characters"]) == CHARACTERS
        store.close()
    found["open"] = statistics.median(opens)
    store = Store.open(folder)
    campaign = Campaign.open(store, "Big")
    rng = random.Random(3)
    found["apply"] = statistics.median(timed(lambda: campaign.apply(hit(rng, CHARACTERS)), 200))
    found["undo"] = statistics.median(timed(campaign.undo, 100))
    found["redo"] = statistics.median(timed(campaign.redo, 100))
    found["summary data"] = statistics.median(timed(lambda: from_store(store, "Big"), 3))
    store.close()
    return found


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [1_000, 10_000, 100_000]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        bare = bare_commit(tmp)
        print(f"bare sqlite3 INSERT+COMMIT (WAL, synchronous=FULL): median {ms(bare)}")
        print(f"{CHARACTERS} characters; medians; summary = data of the last play session "
              f"({SESSION_ROWS} rows, or fewer)\n")
        results = {rows: measure(tmp / f"log{rows}", rows) for rows in sizes}
        names = list(next(iter(results.values())))
        print("| log rows | " + " | ".join(names) + " |")
        print("|---" * (len(names) + 1) + "|")
        for rows, found in results.items():
            print(f"| {rows:,} | " + " | ".join(
                f"{ms(found[n])} ({found[n] / bare:.1f}×)" for n in names) + " |")


if __name__ == "__main__":
    main()
