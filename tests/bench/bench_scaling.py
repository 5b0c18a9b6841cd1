"""Scaling benchmark: does each action cost the same whatever the campaign's length?

    python tests/bench/bench_scaling.py [--big] [--chars 12,200] [--rows 1000,10000] [--runs N]

For 12, 200 and 1,000 characters × 1k, 10k and 100k log rows (and 1M with --big) it
prints a markdown table of: the store opening the campaign (`Service.open`; the
integrity check and the daily backup come later), apply, undo and redo (commit
included), the window from spawn until the store takes drops, the GUI thread's work for
one drop in a running event loop (drops in a row, and drops each made after an undo),
and the summary (read and PDF) of the last play session (2,000 rows, or the whole log
when shorter). With the window's time comes the window process's peak resident memory
(the most of its starts), once writable and once the integrity check and backup have run.
The store's figures and the summary are given as a ratio to one bare sqlite3 INSERT +
COMMIT, the window's to a bare PySide6 window, all measured in this run; the window's
children keep their compiled bytecode, as an installed HarmDesk does (see `scaling_gui.child_env`).
Data folders are built once and cached under build/bench/ (see scaling_data.py).
Run it under Xvfb for a real X server; otherwise it uses the offscreen platform.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import scaling_data as data  # noqa: E402
import scaling_gui as gui  # noqa: E402


def option(flag: str, default):
    if flag not in sys.argv:
        return default
    value = sys.argv[sys.argv.index(flag) + 1]
    return [int(v) for v in value.split(",")] if isinstance(default, list) else int(value)


def cell(seconds: float, bare: float) -> str:
    ms = seconds * 1000
    figure = f"{ms:.0f} ms" if ms >= 100 else f"{ms:.1f} ms" if ms >= 1 else f"{ms:.2f} ms"
    return f"{figure} ({seconds / bare:.1f}×)"


def median_of(fn, n: int) -> float:
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def store_figures(folder: Path, runs: int) -> dict:
    """Open, then apply, undo and redo `runs` steps each, through the window's Service."""
    from harmdesk.desk.service import Service
    t = time.perf_counter()
    session = Service.open(folder, data.NAME)
    assert len(session.state["characters"]) > 0
    opened = time.perf_counter() - t
    import random
    rng = random.Random(7)
    characters = len(session.state["characters"])
    actions = iter([data.action(rng, characters) for _ in range(runs)])
    try:
        return {"open": opened,
                "apply": median_of(lambda: session.apply(next(actions)), runs),
                "undo": median_of(session.undo, runs),
                "redo": median_of(session.redo, runs)}
    finally:
        session.close()


def summary_time(folder: Path, runs: int) -> float:
    """Read the last play session and write its PDF: the median of `runs`, after a first
    export (the first in a process also loads the PDF writer's fonts and code)."""
    from harmdesk.report.pdf import write_pdf
    from harmdesk.report.source import from_store
    from harmdesk.store import Store
    store = Store.open(folder, write=False)
    last = store.play_sessions(store.campaign(data.NAME).id)[-1]["number"]
    target = folder / "summary.pdf"

    def summary():
        write_pdf(from_store(store, data.NAME, [last]), target)

    try:
        summary()
        return median_of(summary, runs)
    finally:
        store.close()


def main() -> None:
    chars = option("--chars", [12, 200, 1000])
    rows = option("--rows", [1000, 10_000, 100_000] + ([1_000_000] if "--big" in sys.argv
                                                        else []))
    runs = option("--runs", 20)
    work = Path(tempfile.mkdtemp(prefix="harmdesk-scaling-"))
    os.environ["XDG_CONFIG_HOME"] = str(work / "config")  # the window remembers nothing here
    env = gui.child_env(work / "config")
    for c in chars:  # build (or find) every data folder before measuring anything
        for r in rows:
            data.build(c, r)

    from harmdesk.app import make_app
    from harmdesk.report.pdf import load_fonts
    app = make_app()
    load_fonts()
    settle = gui.Settle(app)
    bare_commit = data.bare_commit(work / "bare")
    bare_paint, bare_paint_cpu = gui.bare_repaint(app, settle, runs)
    bare_opens = []
    print(f"platform: {app.platformName()}; bare sqlite3 INSERT+COMMIT (WAL, synchronous=FULL): "
          f"{bare_commit * 1000:.2f} ms; bare 1280×800 QMainWindow repaint in a running loop: "
          f"{bare_paint * 1000:.2f} ms ({bare_paint_cpu * 1000:.2f} ms CPU)", file=sys.stderr)
    table = []
    for c in chars:
        for r in rows:
            folder = data.fresh_copy(c, r, work)
            store = store_figures(folder, runs)
            summary = summary_time(folder, 3)
            window = gui.open_window(app, settle, folder, data.NAME)
            drop, drop_cpu = gui.per_drop(app, settle, window, max(5, runs // 2))
            _, undone_cpu = gui.per_drop(app, settle, window, max(5, runs // 2), undo=True)
            gui.close_window(settle, window)
            opens, peaks = [], []
            if not bare_opens:  # a first start of each kind, unmeasured (the bytecode cache)
                gui.bare_open(env)
                gui.open_to_writable(folder, env)
            for _ in range(3):  # interleaved with the bare window's starts
                bare_opens.append(gui.bare_open(env))
                took, *peak = gui.open_to_writable(folder, env)
                opens.append(took)
                peaks.append(peak)
            bare_open = statistics.median(bare_opens)
            table.append(
                f"| {c:,} | {r:,} | {cell(store['open'], bare_commit)} | "
                f"{cell(store['apply'], bare_commit)} | {cell(store['undo'], bare_commit)} | "
                f"{cell(store['redo'], bare_commit)} | "
                f"{cell(statistics.median(opens), bare_open)} | "
                f"{max(p[0] for p in peaks):.0f} / {max(p[1] for p in peaks):.0f} MiB | "
                f"{cell(drop, bare_paint)}, {drop_cpu * 1000:.1f} ms CPU "
                f"({undone_cpu * 1000:.1f} ms after an undo) | "
                f"{cell(summary, bare_commit)} |")
            print(table[-1], file=sys.stderr, flush=True)
    print(f"\nBare yardsticks, this run: sqlite3 INSERT+COMMIT {bare_commit * 1000:.2f} ms; "
          f"QMainWindow 1280×800 repaint in a running loop {bare_paint * 1000:.2f} ms; "
          f"bare window spawn to first paint {statistics.median(bare_opens) * 1000:.0f} ms "
          f"(platform {app.platformName()}).\n")
    print("| characters | log rows | open | apply | undo | redo | window open to writable "
          "(× bare window) | window's peak memory: writable / maintained | per drop, GUI "
          "thread (× bare repaint) | summary of the last session |")
    print("|---:|---:|---|---|---|---|---|---|---|---|")
    print("\n".join(table))
    print("\nStore and summary ratios are to the bare sqlite3 commit.")


if __name__ == "__main__":
    main()
