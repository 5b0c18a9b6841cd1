"""Frozen start-up: HarmDesk's first paint against a bare PySide6 window frozen the same way.

    python tests/bench/bench_frozen.py [--runs N]

Builds both with packaging/build.sh (one folder; --no-build reuses the last builds),
then starts each N times, taking turns so that a busy machine slows both alike, with
HARMDESK_FIRST_PAINT_PROBE set: the bare window prints the time of its first frame
and quits; HarmDesk prints its first frame (an empty window), then the desk's (layout,
menus, tray and log, before any campaign), then the desk's with the campaign's tiles
painted, and quits. The data folder is empty at the first start (unmeasured), which
makes the demo campaigns; every measured start opens the Stonetop one.
Aims: HarmDesk's first frame within 1.3x of the bare window's, the desk with its tiles
within 1.5x. Also prints the bundle sizes.
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


def paints(app: Path, data_dir: str) -> dict[str, float]:
    """Seconds from starting `app` to each frame it reports ("first-paint", "desk-paint",
    "tiles-paint")."""
    start = time.time()
    out = subprocess.run([str(app), "--data-dir", data_dir], capture_output=True, text=True,
                         env={**os.environ, "HARMDESK_FIRST_PAINT_PROBE": "1"}, timeout=60)
    return {line.split()[0]: float(line.split()[1]) - start
            for line in out.stdout.splitlines()
            if line.split()[:1] in (["first-paint"], ["desk-paint"], ["tiles-paint"])}


def size(folder: Path) -> str:
    total = sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    return f"{total / 2**20:.1f} MiB"


def main() -> None:
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 9
    if "--no-build" not in sys.argv:
        build("--bare")
        build()
    bare_app, app = DIST / "bare-window" / "bare-window", DIST / "harmdesk" / "harmdesk"
    bare, ours = [], []
    with tempfile.TemporaryDirectory() as data_dir:
        paints(app, data_dir), paints(bare_app, data_dir)  # warm the file cache
        for _ in range(runs):
            bare.append(paints(bare_app, data_dir)["first-paint"])
            ours.append(paints(app, data_dir))
    b = statistics.median(bare)
    o = statistics.median(run["first-paint"] for run in ours)
    desk = statistics.median(run.get("desk-paint", float("nan")) for run in ours)
    tiles = statistics.median(run.get("tiles-paint", float("nan")) for run in ours)
    print(f"platform: {os.environ.get('QT_QPA_PLATFORM') or 'default'} "
          f"(DISPLAY={os.environ.get('DISPLAY', '')})")
    print(f"frozen bare window first paint: median {b * 1000:.0f} ms over {runs} starts "
          f"({size(DIST / 'bare-window')})")
    print(f"frozen HarmDesk first paint:    median {o * 1000:.0f} ms = {o / b:.2f}x bare "
          f"(aim: 1.3x) ({size(DIST / 'harmdesk')})")
    print(f"frozen HarmDesk desk painted:   median {desk * 1000:.0f} ms = {desk / b:.2f}x bare")
    print(f"frozen HarmDesk desk with tiles: median {tiles * 1000:.0f} ms = {tiles / b:.2f}x bare "
          "(aim: 1.5x)")


if __name__ == "__main__":
    main()
