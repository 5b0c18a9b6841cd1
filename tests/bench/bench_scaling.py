"""Scaling benchmark: does each action cost the same whatever the campaign's length?

    python tests/bench/bench_scaling.py [--big] [--chars 12,200] [--rows 1000,100000] [--runs N]

For 12, 200 and 1,000 characters × 1k and 100k log rows (and 1M with --big) it prints a
markdown table of: the store opening the campaign (`Service.open`; the integrity check
and the daily backup come later), apply, undo and redo (commit included), the window
from spawn until the store takes drops, with the window process's peak resident memory
(the most of its starts) once writable and once the integrity check and backup have
run, the GUI thread's work for one drop on a monster's tile on the screen in a running
event loop (drops in a row, and drops each made after an undo), and the summary (read
and PDF) of the last play session (2,000 rows, or the whole log when shorter), whose
rows hit every character (see scaling_data.py).

Every figure is paired with a yardstick measured just before it, `--runs` pairs (10, at
least 7): apply, undo and redo with a bare sqlite3 INSERT + COMMIT (the store's opening
is given against their median), a drop with text dropped on a bare 1280×800 window's
label (`scaling_gui.BareDrop`, timed the same way: to the loop idle with the label
repainted), and the summary with a bare QPdfWriter + QPainter drawing as many lines of
text as the summary has (its own lines' text, a table row standing for one). Each cell
is the median, then min× / median× / max× of the pairs' ratios; the window's start is
paired with a bare window's, three times. The goal printed last: the summary in at most
0.4 s at 1,000 characters. The window's children keep their compiled bytecode, as an
installed HarmDesk does (see `scaling_gui.child_env`). Data folders are built once and
cached under build/bench/ (see scaling_data.py). Run it under Xvfb for a real X server;
otherwise it uses the offscreen platform.
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
from summary_yardstick import bare_pdf, summary_lines  # noqa: E402


def option(flag: str, default):
    if flag not in sys.argv:
        return default
    value = sys.argv[sys.argv.index(flag) + 1]
    return [int(v) for v in value.split(",")] if isinstance(default, list) else int(value)


def cell(seconds: float, bare: float) -> str:
    ms = seconds * 1000
    figure = f"{ms:.0f} ms" if ms >= 100 else f"{ms:.1f} ms" if ms >= 1 else f"{ms:.2f} ms"
    return f"{figure} ({seconds / bare:.1f}×)"


def timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def store_figures(folder: Path, bare: data.BareCommit, runs: int) -> dict:
    """Open, then apply, undo and redo `runs` steps each, through the window's Service,
    each step paired with a bare commit made just before it (`bare_apply`, …)."""
    from harmdesk.desk.service import Service
    t = time.perf_counter()
    session = Service.open(folder, data.NAME)
    assert len(session.state["characters"]) > 0
    opened = time.perf_counter() - t
    import random
    rng = random.Random(7)
    characters = len(session.state["characters"])
    actions = iter([data.action(rng, characters) for _ in range(runs)])
    figures = {"open": opened}
    try:
        for name, step in (("apply", lambda: session.apply(next(actions))),
                           ("undo", session.undo), ("redo", session.redo)):
            figures[name], figures["bare_" + name] = [], []
            for _ in range(runs):
                figures["bare_" + name].append(bare.once())
                figures[name].append(timed(step))
        return figures
    finally:
        session.close()


def summary_figures(folder: Path, pairs: int) -> dict:
    """The last play session read and written as a PDF, `pairs` times, each paired with
    the bare PDF of as many lines made just before it; after a first export of each (the
    first in a process also loads the PDF writer's fonts and code)."""
    from harmdesk.report.pdf import write_pdf
    from harmdesk.report.source import from_store
    from harmdesk.store import Store
    store = Store.open(folder, write=False)
    last = store.play_sessions(store.campaign(data.NAME).id)[-1]["number"]
    target, bare_target = folder / "summary.pdf", folder / "bare.pdf"

    def summary():
        write_pdf(from_store(store, data.NAME, [last]), target)

    try:
        report = from_store(store, data.NAME, [last])
        lines, pages = summary_lines(report)
        touched = len(report.rows)  # the characters it does not list as untouched
        summary()
        bare_pdf(lines, bare_target)
        figures = {"summary": [], "bare": [], "lines": len(lines), "pages": pages,
                   "touched": touched, "characters": len(report.rows) + len(report.untouched)}
        for _ in range(pairs):
            figures["bare"].append(timed(lambda: bare_pdf(lines, bare_target)))
            figures["summary"].append(timed(summary))
        return figures
    finally:
        store.close()


def main() -> None:
    chars = option("--chars", [12, 200, 1000])
    rows = option("--rows", [1000, 100_000] + ([1_000_000] if "--big" in sys.argv else []))
    runs = max(7, option("--runs", 10))
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
    commits = data.BareCommit(work / "bare")
    for _ in range(20):  # the first commits warm the file up
        commits.once()
    bare = gui.BareDrop(settle)
    for _ in range(3):
        bare.drop()
    from harmdesk.desk.service import Service
    Service.open(data.fresh_copy(chars[0], rows[0], work / "warm"), data.NAME).close()
    bare_opens = []  # (the first opening above loads the store's and the rules' code)
    print(f"platform: {app.platformName()}; {runs} interleaved pairs for each figure "
          f"(min / median / max of the ratios)", file=sys.stderr)
    table, goals = [], []
    for c in chars:
        for r in rows:
            folder = data.fresh_copy(c, r, work)
            store = store_figures(folder, commits, runs)
            summary = summary_figures(folder, runs)
            window = gui.open_window(app, settle, folder, data.NAME)
            drop = gui.per_drop(app, settle, window, bare, runs)
            undone = gui.per_drop(app, settle, window, bare, runs, undo=True)
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
            bare_commit = statistics.median(store["bare_apply"])
            table.append(
                f"| {c:,} | {r:,} | {cell(store['open'], bare_commit)} | "
                + " | ".join(f"{ms(statistics.median(store[k]))} "
                             f"({gui.ratio_spread(store[k], store['bare_' + k])})"
                             for k in ("apply", "undo", "redo"))
                + f" | {ms(statistics.median(opens))} "
                f"({gui.ratio_spread(opens, bare_opens[-3:])}) | "
                f"{max(p[0] for p in peaks):.0f} / {max(p[1] for p in peaks):.0f} MiB | "
                f"{ms(statistics.median(drop['cpu']))} "
                f"({gui.ratio_spread(drop['cpu'], drop['bare_cpu'])}); wall "
                f"{ms(statistics.median(drop['wall']))} "
                f"({gui.ratio_spread(drop['wall'], drop['bare_wall'])}) | "
                f"{ms(statistics.median(undone['cpu']))} "
                f"({gui.ratio_spread(undone['cpu'], undone['bare_cpu'])}) | "
                f"{ms(statistics.median(summary['summary']))} "
                f"({gui.ratio_spread(summary['summary'], summary['bare'])}); "
                f"{summary['lines']:,} lines, {summary['pages']} pages, "
                f"{summary['touched']:,} of {summary['characters']:,} characters touched |")
            print(table[-1], file=sys.stderr, flush=True)
            took = statistics.median(summary["summary"])
            goals.append(
                f"{c:,} characters × {r:,} rows: summary {ms(took)} "
                f"(goal 400 ms: {took / 0.4:.2f}× the goal), "
                f"{gui.ratio_spread(summary['summary'], summary['bare'])} a bare QPdfWriter of "
                f"its {summary['lines']:,} lines ({ms(statistics.median(summary['bare']))})")
    bare.close()
    commits.close()
    print(f"\nBare yardsticks, this run (medians): sqlite3 INSERT+COMMIT (WAL, "
          f"synchronous=FULL) {ms(statistics.median(store['bare_apply']))}; text dropped on "
          f"a bare 1280×800 QMainWindow's label, to the loop idle "
          f"{ms(statistics.median(drop['bare_cpu']))} CPU; bare window spawn to first paint "
          f"{ms(statistics.median(bare_opens))} (platform {app.platformName()}).\n")
    print("| characters | log rows | open (× median bare commit) | apply | undo | redo | window "
          "open to writable (× bare window) | window's peak memory: writable / maintained | "
          "per drop, GUI-thread CPU (× bare drop) | per drop after an undo, CPU | summary of "
          "the last session (× bare QPdfWriter) |")
    print("|---:|---:|---|---|---|---|---|---|---|---|---|")
    print("\n".join(table))
    print(f"\nEach figure: its median, then (min× / median× / max×) of its ratios to the "
          f"yardstick measured just before it ({runs} pairs; 3 for the window's start). "
          "Apply, undo and redo are paired with a bare sqlite3 commit, a drop with text "
          "dropped on a bare window's label, the summary with a bare QPdfWriter + QPainter "
          "writing as many lines of text as it has.\n")
    print("Goals:")
    print("\n".join(goals))


def ms(seconds: float) -> str:
    v = seconds * 1000
    return f"{v:.0f} ms" if v >= 100 else f"{v:.1f} ms" if v >= 1 else f"{v:.2f} ms"


if __name__ == "__main__":
    main()
