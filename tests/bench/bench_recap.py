"""Recap benchmark: the newest play session (2,000 rows) of a Stonetop campaign of 12, 200
and 1,000 characters, over logs of 2k and 100k rows, in each format (Markdown, HTML,
JSON), for the GM. The aim: 0.3 s or less in each format, whatever the log before the
session. With --campaign: the whole campaign's recap (Markdown) over 100k rows; the aim
2 s or less.

Run by hand: python tests/bench/bench_recap.py [--runs N] [--big] [--campaign] (--big
adds 1M rows). Prints min / median / max over the runs, and each median against a bare
yardstick of the same run: reading the rows covered with sqlite3 and json.loads, the
least any recap of them does.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))

import scaling_data as data  # noqa: E402

from harmdesk.report.recap import recap_html, recap_json, recap_markdown  # noqa: E402
from harmdesk.report.recap_source import recap_statistics  # noqa: E402
from harmdesk.store import Store  # noqa: E402

FORMATS = {"md": recap_markdown, "html": recap_html,
           "json": lambda stats, name, scope: json.dumps(recap_json(stats, name, scope))}


def bare_read(folder: Path, everything: bool = False) -> float:
    """The session's rows (or every row) read with sqlite3 and their JSON parsed: the
    yardstick."""
    t = time.perf_counter()
    con = sqlite3.connect(folder / "harmdesk.sqlite")
    session = con.execute("SELECT max(id) FROM play_session").fetchone()[0]
    where, params = ("", ()) if everything else ("WHERE session_id = ?", (session,))
    for row in con.execute(f'SELECT action, events, "before", "after" FROM log {where}',
                           params):
        for text in row:
            json.loads(text)
    con.close()
    return time.perf_counter() - t


def one(folder: Path, fmt: str, everything: bool = False) -> float:
    store = Store.open(folder, write=False)
    try:
        t = time.perf_counter()
        stats, scope = recap_statistics(store, data.NAME, everything=everything)
        FORMATS[fmt](stats, data.NAME, scope)
        return time.perf_counter() - t
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--big", action="store_true")
    parser.add_argument("--campaign", action="store_true")
    args = parser.parse_args()
    if args.campaign:
        return whole_campaign(args.runs, [100_000] + ([1_000_000] if args.big else []))
    sizes = [2_000, 100_000] + ([1_000_000] if args.big else [])
    print(f"recap of the newest play session (2,000 rows), {args.runs} interleaved runs; "
          "min / median / max, and the median against a bare read of the session's rows")
    for characters in (12, 200, 1000):
        for rows in sizes:
            source = data.build(characters, rows)
            with tempfile.TemporaryDirectory() as scratch:
                folder = data.fresh_copy(characters, rows, Path(scratch))
                one(folder, "md")  # warm-up
                times: dict[str, list[float]] = {f: [] for f in FORMATS}
                bare: list[float] = []
                for _ in range(args.runs):
                    bare.append(bare_read(folder))
                    for fmt in FORMATS:
                        times[fmt].append(one(folder, fmt))
            del source
            yard = statistics.median(bare)
            cells = []
            for fmt, found in times.items():
                mid = statistics.median(found)
                cells.append(f"{fmt} {min(found) * 1000:.0f}/{mid * 1000:.0f}/"
                             f"{max(found) * 1000:.0f} ms ({mid / yard:.1f}×)")
            aim = "ok" if max(statistics.median(t) for t in times.values()) <= 0.3 else "OVER"
            print(f"{characters:>5} characters, {rows:>9,} rows: " + "; ".join(cells) +
                  f"; bare read {yard * 1000:.0f} ms; aim ≤ 300 ms: {aim}")


def whole_campaign(runs: int, sizes: list[int]) -> None:
    print(f"recap of the whole campaign (Markdown), {runs} interleaved runs; min / median / "
          "max, and the median against a bare read of every row")
    for characters in (12, 200, 1000):
        for rows in sizes:
            data.build(characters, rows)
            with tempfile.TemporaryDirectory() as scratch:
                folder = data.fresh_copy(characters, rows, Path(scratch))
                one(folder, "md", everything=True)  # warm-up
                found: list[float] = []
                bare: list[float] = []
                for _ in range(runs):
                    bare.append(bare_read(folder, everything=True))
                    found.append(one(folder, "md", everything=True))
            yard, mid = statistics.median(bare), statistics.median(found)
            aim = "ok" if mid <= 2 else "OVER"
            print(f"{characters:>5} characters, {rows:>9,} rows: {min(found):.2f}/{mid:.2f}/"
                  f"{max(found):.2f} s ({mid / yard:.1f}×); bare read {yard:.2f} s; "
                  f"aim ≤ 2 s: {aim}")


if __name__ == "__main__":
    main()
