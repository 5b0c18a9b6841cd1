"""Starting the window: until its store takes drops, against a bare PySide6 window.

    python tests/bench/bench_start.py [--chars 12,200,1000] [--rows 1000,100000,1000000]
                                      [--pairs 7]

Each start is a new process (`harmdesk --data-dir FOLDER` through writable_probe.py, its
bytecode kept as an installed HarmDesk keeps it), in interleaved pairs with a bare
PySide6 window spawned the same way until its first paint. Printed: min / median / max
of the wall time, the median of the pairs' ratios, and HarmDesk's peak resident memory.

- first start: an empty data folder each time, so the schema and the three demo
  campaigns are made on the way (goal: at most 3× and under 100 MiB);
- an existing folder of N characters × R log rows (scaling_data's; goal: writable at
  most 2×).
Run it under Xvfb for a real X server; otherwise it uses the offscreen platform.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import scaling_data as data  # noqa: E402
import scaling_gui as gui  # noqa: E402


def option(flag: str, default: list):
    if flag not in sys.argv:
        return default
    return [int(v) for v in sys.argv[sys.argv.index(flag) + 1].split(",")]


def row(label: str, ours: list[float], bare: list[float], peaks: list[float]) -> str:
    ratio = statistics.median(gui.ratios(ours, bare))
    return (f"| {label} | {gui.spread(ours)} | {gui.spread(bare)} | {ratio:.2f}× | "
            f"{max(peaks):.0f} MiB |")


def main() -> None:
    chars_list = option("--chars", [12, 200, 1000])
    rows_list = option("--rows", [1000, 100_000, 1_000_000])
    pairs = option("--pairs", [7])[0]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = gui.child_env(work / "config")
        for c in chars_list:
            for r in rows_list:
                data.build(c, r)
        gui.bare_open(env), gui.open_to_writable(work / "warm", env)  # the bytecode caches
        print(f"platform: {os.environ.get('QT_QPA_PLATFORM') or 'xcb'}; {pairs} interleaved "
              "pairs each; min / median / max; × is the median of the pairs' ratios\n")
        print("| start | HarmDesk until writable | bare window until first paint | × | "
              "HarmDesk's peak memory |")
        print("|---|---|---|---:|---:|")
        ours, bare, peaks = [], [], []
        for i in range(pairs):
            bare.append(gui.bare_open(env))
            took, peak, _ = gui.open_to_writable(work / f"first-{i}", env)
            ours.append(took)
            peaks.append(peak)
        print(row("first start (empty folder: schema and demo campaigns)", ours, bare, peaks),
              flush=True)
        for c in chars_list:
            for r in rows_list:
                folder = data.fresh_copy(c, r, work)
                gui.open_to_writable(folder, env)  # the day's backup, made once
                ours, bare, peaks = [], [], []
                for _ in range(pairs):
                    bare.append(gui.bare_open(env))
                    took, peak, _ = gui.open_to_writable(folder, env)
                    ours.append(took)
                    peaks.append(peak)
                print(row(f"{c:,} characters × {r:,} rows", ours, bare, peaks), flush=True)


if __name__ == "__main__":
    main()
