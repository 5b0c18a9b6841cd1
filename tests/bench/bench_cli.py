"""The command line as whole processes, against bare processes spawned the same way.

    python tests/bench/bench_cli.py [--chars 12,200,1000] [--rows 1000,100000,1000000]
                                    [--pairs 7] [--commands apply,undo,state,log,summary]

For each size it runs each command as a GM's shell does (`python -m harmdesk …`, a
new process each time, its bytecode kept as an installed HarmDesk keeps it) in
interleaved pairs with its yardstick, and prints min / median / max of the wall time
and the ratio (each pair's command over its yardstick, then the median of the ratios):

- apply, undo, state and log against a bare Python process that opens a SQLite file in
  WAL, inserts one small JSON row, commits and prints a line of JSON;
- summary (the newest play session as a PDF) against a bare Python process that imports
  PySide6, draws as many lines of text with QPdfWriter and QPainter as the summary has
  and writes the file.

The goal is at most 3× the yardstick at every size, flat from 1k to 1M rows. The data
folders are scaling_data's (cached under build/bench/); each size runs on a private copy.
The first run of each kind is left out (it fills the bytecode cache).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import scaling_data as data  # noqa: E402
from scaling_gui import child_env  # noqa: E402

BARE_COMMIT = """
import json, sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("PRAGMA journal_mode=WAL")
con.execute("PRAGMA synchronous=FULL")
con.execute("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, body TEXT)")
con.execute("BEGIN IMMEDIATE")
con.execute("INSERT INTO t (body) VALUES (?)", (json.dumps({"hp": 20, "armor": 1}),))
con.execute("COMMIT")
print(json.dumps({"ok": True}))
"""

BARE_PDF = """
import sys
from PySide6.QtCore import QMarginsF
from PySide6.QtGui import QGuiApplication, QPageLayout, QPageSize, QPainter, QPdfWriter
app = QGuiApplication(sys.argv[:1])
lines = int(sys.argv[2])
writer = QPdfWriter(sys.argv[1])
writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)
painter = QPainter(writer)
height = painter.fontMetrics().height()
y, page = height, painter.viewport().height()
for i in range(lines):
    if y > page - height:
        writer.newPage()
        y = height
    painter.drawText(0, y, f"Character {i % 1000} takes 3 harm: armor 1, 4 - 1 = 3; 20 -> 17 HP")
    y += height
painter.end()
"""


def option(flag: str, default: list):
    if flag not in sys.argv:
        return default
    value = sys.argv[sys.argv.index(flag) + 1].split(",")
    return [type(default[0])(v) for v in value]


def timed(argv: list[str], env: dict, accept=(0,)) -> float:
    t = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - t
    if done.returncode not in accept:
        raise SystemExit(f"{' '.join(argv[:6])}… failed ({done.returncode}): {done.stderr}")
    return elapsed


def harmdesk(folder: Path, *words: str) -> list[str]:
    return [sys.executable, "-m", "harmdesk", "--data-dir", str(folder), *words]


def summary_lines(folder: Path, env: dict) -> int:
    """How many lines the summary of the newest play session writes (its pages' text)."""
    with tempfile.TemporaryDirectory() as out:
        pdf = Path(out) / "s.pdf"
        subprocess.run(harmdesk(folder, "summary", data.NAME, "-o", str(pdf)), env=env,
                       check=True, capture_output=True)
        try:
            text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True,
                                  text=True, check=True).stdout
        except (OSError, subprocess.CalledProcessError):
            return 2000
    return max(1, sum(1 for line in text.splitlines() if line.strip()))


def commands(folder: Path, out: Path, chars: int, wanted: list[str]) -> dict[str, list[str]]:
    hit = json.dumps({"type": "damage", "target": f"c{chars // 2}", "amount": 1})
    every = {"apply": harmdesk(folder, "apply", data.NAME, hit),
             "undo": harmdesk(folder, "undo", data.NAME),
             "state": harmdesk(folder, "state", data.NAME),
             "log": harmdesk(folder, "log", data.NAME, "--limit", "20"),
             "summary": harmdesk(folder, "summary", data.NAME, "-o", str(out / "summary.pdf"))}
    return {name: every[name] for name in wanted}


def spread(values: list[float]) -> str:
    ms = [v * 1000 for v in (min(values), statistics.median(values), max(values))]
    return " / ".join(f"{v:.0f}" for v in ms) + " ms"


def main() -> None:
    chars_list = option("--chars", [12, 200, 1000])
    rows_list = option("--rows", [1000, 100_000, 1_000_000])
    pairs = option("--pairs", [7])[0]
    wanted = option("--commands", ["apply", "undo", "state", "log", "summary"])
    print(f"{pairs} interleaved pairs each; min / median / max wall time; × is the median "
          f"of the pairs' ratios to the yardstick (goal: at most 3×)\n")
    print("| characters | rows | command | HarmDesk | yardstick | × |")
    print("|---:|---:|---|---|---|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = child_env(work / "config")
        for chars in chars_list:
            for rows in rows_list:
                folder = data.fresh_copy(chars, rows, work)
                out = work / "out"
                out.mkdir(exist_ok=True)
                lines = summary_lines(folder, env) if "summary" in wanted else 0
                bare_db = out / "bare.sqlite"
                for name, argv in commands(folder, out, chars, wanted).items():
                    if name == "summary":
                        bare = [sys.executable, "-c", BARE_PDF, str(out / "bare.pdf"),
                                str(lines)]
                    else:
                        bare = [sys.executable, "-c", BARE_COMMIT, str(bare_db)]
                    # undo after apply keeps the log's length; a refused undo still counts
                    accept = (0, 1) if name == "undo" else (0,)
                    timed(argv, env, accept), timed(bare, env)  # the bytecode caches
                    ours, theirs = [], []
                    for _ in range(pairs):
                        ours.append(timed(argv, env, accept))
                        theirs.append(timed(bare, env))
                    ratio = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
                    label = f"{name} ({lines:,} lines)" if name == "summary" else name
                    print(f"| {chars:,} | {rows:,} | {label} | {spread(ours)} | "
                          f"{spread(theirs)} | {ratio:.1f}× |", flush=True)


if __name__ == "__main__":
    main()
