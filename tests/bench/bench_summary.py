"""Summary benchmark: the newest play session of a Stonetop campaign of 12, 200 and 1,000
characters (a log of 1,000 rows whose last session touches every character, built once
and cached under build/bench/ by scaling_data.py), read from the store and written as a
PDF, as `harmdesk summary` and File → Export summary make it. The aim: 0.4 s or less at
1,000 characters.

Run by hand: python tests/bench/bench_summary.py [--chars 12,200,1000] [--runs N]

Each summary is paired with a yardstick made just before it in the same process: a bare
QPdfWriter (A4, 300 dpi, the report's font at 9 pt) and a QPainter drawing as many lines
of text as the summary lays out (its own lines' text, a table row standing for one line),
one drawText each. Prints min / median / max of the summary, read and PDF together, over
`--runs` pairs (at least 7), the yardstick's median, and min / median / max of the
pairs' ratios. The first summary and yardstick of each size warm up and are not counted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import scaling_data as data  # noqa: E402
from summary_yardstick import bare_pdf, summary_lines  # noqa: E402

ROWS = 1000
GOAL = 0.4  # seconds at 1,000 characters


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def spread(values: list[float]) -> str:
    return " / ".join(f"{v * 1000:.0f}" for v in
                      (min(values), statistics.median(values), max(values))) + " ms"


def measure(characters: int, runs: int, work: Path) -> dict:
    from harmdesk.report.pdf import write_pdf
    from harmdesk.report.source import from_store
    from harmdesk.store import Store
    store = Store.open(data.build(characters, ROWS), write=False)
    try:
        last = store.play_sessions(store.campaign(data.NAME).id)[-1]["number"]
        target, bare_target = work / f"summary-{characters}.pdf", work / "bare.pdf"

        def summary() -> None:
            write_pdf(from_store(store, data.NAME, [last]), target)

        report = from_store(store, data.NAME, [last])
        lines, pages = summary_lines(report)
        summary()
        bare_pdf(lines, bare_target)
        made, bare = [], []
        for _ in range(runs):
            bare.append(timed(lambda: bare_pdf(lines, bare_target)))
            made.append(timed(summary))
        return {"summary": made, "bare": bare, "lines": len(lines), "pages": pages,
                "touched": len(report.rows),
                "characters": len(report.rows) + len(report.untouched)}
    finally:
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chars", default="12,200,1000")
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    runs = max(7, args.runs)
    from PySide6.QtGui import QGuiApplication

    from harmdesk.report.pdf import load_fonts
    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (fonts need it)
    load_fonts()
    print("| characters | summary (min / median / max) | bare QPdfWriter (median) | "
          "× bare (min / median / max) | lines | pages |")
    print("|---|---|---|---|---|---|")
    at_most = None
    with tempfile.TemporaryDirectory() as folder:
        for characters in (int(c) for c in args.chars.split(",")):
            f = measure(characters, runs, Path(folder))
            ratios = [s / b for s, b in zip(f["summary"], f["bare"], strict=True)]
            print(f"| {characters:,} ({f['touched']:,} touched) | {spread(f['summary'])} | "
                  f"{statistics.median(f['bare']) * 1000:.0f} ms | "
                  f"{min(ratios):.1f}× / {statistics.median(ratios):.1f}× / "
                  f"{max(ratios):.1f}× | {f['lines']:,} | {f['pages']} |", flush=True)
            if characters == 1000:
                at_most = statistics.median(f["summary"])
    if at_most is not None:
        print(f"\n1,000 characters: {at_most * 1000:.0f} ms, median of {runs} "
              f"(aim: {GOAL * 1000:.0f} ms or less)")


if __name__ == "__main__":
    main()
