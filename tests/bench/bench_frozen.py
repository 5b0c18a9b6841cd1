"""Frozen start-up: HarmDesk's first paint against a bare PySide6 window frozen the same way.

    python tests/bench/bench_frozen.py [--runs N]

Builds both with packaging/build.sh (one folder), then starts each N times with
HARMDESK_FIRST_PAINT_PROBE set, which prints the time of the first frame and quits.
Aim: HarmDesk within 1.3x of the bare window. Also prints the bundle sizes.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "build" / "packaging" / "dist"


def build(*flags: str) -> None:
    subprocess.run(["bash", str(ROOT / "packaging" / "build.sh"), *flags], cwd=ROOT, check=True,
                   capture_output=True, text=True, env={**os.environ, "HARMDESK_REUSE_VENV": "1"})


def first_paint(app: Path, data_dir: str) -> float:
    start = time.time()
    out = subprocess.run([str(app), "--data-dir", data_dir], capture_output=True, text=True,
                         env={**os.environ, "HARMDESK_FIRST_PAINT_PROBE": "1"}, timeout=60)
    line = next(l for l in out.stdout.splitlines() if l.startswith("first-paint"))
    return float(line.split()[1]) - start


def size(folder: Path) -> str:
    total = sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    return f"{total / 2**20:.1f} MiB"


def main() -> None:
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 9
    if "--no-build" not in sys.argv:
        build("--bare")
        build()
    bare_app, app = DIST / "bare-window" / "bare-window", DIST / "harmdesk" / "harmdesk"
    with tempfile.TemporaryDirectory() as data_dir:
        first_paint(app, data_dir), first_paint(bare_app, data_dir)  # warm the file cache
        bare = [first_paint(bare_app, data_dir) for _ in range(runs)]
        ours = [first_paint(app, data_dir) for _ in range(runs)]
    b, o = statistics.median(bare), statistics.median(ours)
    print(f"platform: {os.environ.get('QT_QPA_PLATFORM') or 'default'} "
          f"(DISPLAY={os.environ.get('DISPLAY', '')})")
    print(f"frozen bare window first paint: median {b * 1000:.0f} ms over {runs} starts "
          f"({size(DIST / 'bare-window')})")
    print(f"frozen HarmDesk first paint:    median {o * 1000:.0f} ms = {o / b:.2f}x bare "
          f"(aim: 1.3x) ({size(DIST / 'harmdesk')})")


if __name__ == "__main__":
    main()
