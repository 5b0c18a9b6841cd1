"""Data folders for the scaling benchmark, built fast and cached under build/bench/.

A folder holds one Stonetop campaign, "Scaling", of N characters and a log of R rows.
The rows are the store's own: a scratch campaign of the same characters applies 300 real
actions that between them hit every character, and its log rows are copied (renumbered,
in turn) with executemany through the store's `log` table, so any 300 rows in a row of
the log, and the last session's 2,000, touch every character. The newest rows are real
actions applied on top, so the desk, the undo stack and the last play session end in a
state the rules made. The last session holds the newest 2,000 rows (fewer in a smaller
log); everything before is an earlier session.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
CACHE = ROOT / "build" / "bench"
NAME = "Scaling"
LAST_SESSION_ROWS = 2000
REAL_TAIL = 100  # real actions applied on top of the copied rows
TEMPLATE_ROWS = 300  # the copied rows repeat this many real ones, which hit every character
CHUNK = 20_000
# the log's columns, bar its id; quoted where they are SQL words
COLUMNS = ("campaign_id", "session_id", "seq", "action", "events", '"before"', '"after"',
           "settings_before", "settings_after", "undone", "applied_at", "step", "step_text")
COPIED = COLUMNS[3:9] + ("applied_at",)


def sheets(n: int) -> list[dict]:
    return [{"id": f"c{i}", "name": f"Character {i}", "kind": "pc" if i < 6 else "monster",
             "max_hp": 16 + i % 5, "armor": i % 3} for i in range(n)]


def action(rng: random.Random, characters: int) -> dict:
    cid = f"c{rng.randrange(characters)}"
    return rng.choice([{"type": "damage", "target": cid, "amount": rng.randint(1, 6)},
                       {"type": "damage", "target": cid, "amount": rng.randint(1, 6),
                        "piercing": 1},
                       {"type": "heal", "target": cid, "amount": rng.randint(1, 6)}])


def apply_real(campaign, n: int, characters: int, seed: int) -> None:
    rng = random.Random(seed)
    while n:
        if campaign.apply(action(rng, characters)).ok:
            n -= 1


def template_targets(i: int, characters: int) -> list[str]:
    """The characters the template's action `i` hits: up to 300 characters, the one
    numbered `i` modulo the characters; beyond, every one numbered `i` modulo 300 (four at
    most at 1,000). So the template's rows, and any TEMPLATE_ROWS rows in a row of the log
    copied from them, touch every character."""
    return [f"c{j}" for j in range(i % max(1, min(characters, TEMPLATE_ROWS)), characters,
                                   TEMPLATE_ROWS)]


def template_action(rng: random.Random, targets: list[str]) -> dict:
    target = targets[0] if len(targets) == 1 else targets
    return rng.choice([{"type": "damage", "target": target, "amount": rng.randint(1, 6)},
                       {"type": "damage", "target": target, "amount": rng.randint(1, 6),
                        "piercing": 1},
                       {"type": "heal", "target": target, "amount": rng.randint(1, 6)}])


def template_rows(characters: int) -> list[dict]:
    """Log rows of real actions on a scratch campaign of the same characters, the
    TEMPLATE_ROWS actions hitting every character between them (`template_targets`)."""
    from harmdesk.desk.campaign import Campaign
    from harmdesk.store import Store

    scratch = CACHE / f"template-{characters}"
    shutil.rmtree(scratch, ignore_errors=True)
    store = Store.open(scratch)
    campaign = Campaign.create(store, "Template", "stonetop", {}, sheets(characters))
    rng = random.Random(characters)
    for i in range(TEMPLATE_ROWS):
        targets = template_targets(i, characters)
        for _ in range(20):  # a kind the rules take for these targets now
            if campaign.apply(template_action(rng, targets)).ok:
                break
        else:
            raise RuntimeError(f"no action on {targets} was taken")
    with store._reading() as con:  # the JSON columns stay text, as they are copied
        cursor = con.execute(f"SELECT {', '.join(COPIED)} FROM log ORDER BY seq")
        rows = [dict(zip(COPIED, r, strict=True)) for r in cursor]
    store.close()
    shutil.rmtree(scratch, ignore_errors=True)
    if len(rows) != TEMPLATE_ROWS:
        raise RuntimeError(f"the template has {len(rows)} rows, not {TEMPLATE_ROWS}")
    return rows


def key(characters: int, rows: int) -> Path:
    from harmdesk.store.paths import SCHEMA_VERSION
    # "-all": the copied rows hit every character (before, 300 random ones)
    return CACHE / f"v{SCHEMA_VERSION}-{characters}c-{rows}r-all"


def build(characters: int, rows: int) -> Path:
    """The cached data folder of `characters` × `rows`; built when missing."""
    folder = key(characters, rows)
    if (folder / "ready").exists():
        return folder
    from harmdesk.desk.campaign import Campaign
    from harmdesk.store import Store

    shutil.rmtree(folder, ignore_errors=True)
    started = time.perf_counter()
    template = template_rows(characters)
    store = Store.open(folder)
    campaign = Campaign.create(store, NAME, "stonetop", {}, sheets(characters))
    tail = min(REAL_TAIL, rows)
    last = min(LAST_SESSION_ROWS, rows)
    copied = rows - tail
    earlier = campaign.start_play_session("Earlier nights")
    campaign.end_play_session()
    latest = campaign.start_play_session("Tonight")
    cid = campaign.info.id
    for start in range(0, copied, CHUNK):
        batch = []
        for seq in range(start + 1, min(start + CHUNK, copied) + 1):
            row = dict(template[seq % len(template)])
            row.update(campaign_id=cid, seq=seq, step=seq, undone=0, step_text=None,
                       session_id=latest["id"] if seq > rows - last else earlier["id"])
            batch.append([row[c] for c in COLUMNS])
        with store._hot() as con:
            con.executemany(f"INSERT INTO log ({', '.join(COLUMNS)}) "
                            f"VALUES ({', '.join('?' * len(COLUMNS))})", batch)
    apply_real(campaign, tail, characters, seed=rows)
    store.close()
    shutil.rmtree(folder / "backups", ignore_errors=True)
    (folder / "ready").write_text(json.dumps({"characters": characters, "rows": rows}))
    print(f"(built {characters} characters × {rows:,} rows in "
          f"{time.perf_counter() - started:.1f} s: {folder})", file=sys.stderr)
    return folder


def fresh_copy(characters: int, rows: int, where: Path) -> Path:
    """A private copy of the cached folder (the store writes and backs up into it)."""
    source = build(characters, rows)
    target = where / f"{characters}c-{rows}r"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in ("harmdesk.sqlite", "harmdesk.sqlite-wal"):
        if (source / name).exists():
            shutil.copy(source / name, target / name)
    return target


class BareCommit:
    """One sqlite3 INSERT + COMMIT of a small JSON row, WAL, synchronous=FULL: `once()`
    makes one and returns its seconds, to pair with a store's step."""

    def __init__(self, folder: Path):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "paired.sqlite").unlink(missing_ok=True)
        self.con = sqlite3.connect(folder / "paired.sqlite", isolation_level=None)
        self.con.execute("PRAGMA journal_mode=WAL")
        self.con.execute("PRAGMA synchronous=FULL")
        self.con.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
        self.made = 0

    def once(self) -> float:
        self.made += 1
        t = time.perf_counter()
        self.con.execute("BEGIN IMMEDIATE")
        self.con.execute("INSERT INTO t (body) VALUES (?)",
                         (json.dumps({"i": self.made, "hp": 20}),))
        self.con.execute("COMMIT")
        return time.perf_counter() - t

    def close(self) -> None:
        self.con.close()


def bare_commit(folder: Path, n: int = 200) -> float:
    """Median of one sqlite3 INSERT + COMMIT of a small JSON row, WAL, synchronous=FULL."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bare.sqlite").unlink(missing_ok=True)
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
