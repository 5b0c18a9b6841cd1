"""Window benchmark, each figure as a ratio to a bare PySide6 QMainWindow in the same run.

    python tests/bench/bench_gui.py [--runs N]

- time to first paint, from process start (the bare script and HarmDesk, each a fresh process);
- time until the last campaign's tiles are shown and accept drops;
A drop's GUI-thread work is measured with the event loop running by bench_drop_loop.py.
Run it under Xvfb for a real X server, or it uses the offscreen platform.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

BARE = textwrap.dedent("""
    import sys, time
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication, QMainWindow
    class First(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint:
                print(time.time(), flush=True); QTimer.singleShot(0, app.quit)
            return False
    app = QApplication(sys.argv[:1])
    w = QMainWindow(); w.resize(1280, 800)
    f = First(); w.installEventFilter(f); w.show(); app.exec()
""")

HARMDESK = textwrap.dedent("""
    import sys, time
    from PySide6.QtCore import QEvent, QObject, QTimer
    from harmdesk.app import dress, make_app
    app = make_app(dressed=False)
    from harmdesk.qt.main_window import MainWindow
    class Watch(QObject):
        painted = False
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint and not self.painted:
                self.painted = True
                print("paint", time.time(), flush=True)
            return False
    w = MainWindow(deferred=True); w.resize(1280, 800)
    watch = Watch(); w.installEventFilter(watch)
    seen = set()
    def ready():
        w.tiles.viewport().repaint()
        ok = w.tiles.model().rowCount() > 0 and w.tiles.acceptDrops()
        if "tiles" not in seen:
            seen.add("tiles"); print("tiles", time.time(), ok, flush=True)
        if w.controller.campaign is not None and not w.controller.campaign.loading:
            print("store", time.time(), not w.controller.read_only, flush=True)
            QTimer.singleShot(0, app.quit)
    w.show()
    w.firstPainted.connect(lambda: (dress(app), w.finish_setup(),
                                    w.controller.campaignChanged.connect(
                                        lambda: QTimer.singleShot(0, ready)),
                                    w.campaign_menus.load(sys.argv[1])))
    app.exec()
""")


def run(code: str, *args) -> tuple[float, list[str]]:
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    return start, out.stdout.split("\n")


def first_paints(runs: int, data_dir: str):
    bare, paint, tiles, stores = [], [], [], []
    for _ in range(runs):
        start, lines = run(BARE)
        bare.append(float(lines[0]) - start)
        start, lines = run(HARMDESK, data_dir)
        fields = {line.split()[0]: line.split()[1:] for line in lines if line}
        paint.append(float(fields["paint"][0]) - start)
        assert fields["tiles"][1] == "True", "the tiles were not ready"
        tiles.append(float(fields["tiles"][0]) - start)
        assert fields["store"][1] == "True", "the store did not open for writing"
        stores.append(float(fields["store"][0]) - start)
    return bare, paint, tiles, stores


def main() -> None:
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    print(f"platform: {os.environ.get('QT_QPA_PLATFORM') or 'default'}"
          f" (DISPLAY={os.environ.get('DISPLAY', '')})")
    with tempfile.TemporaryDirectory() as data_dir:
        # the first start makes the demo campaigns; measure the starts after it
        run(HARMDESK, data_dir)
        bare, paint, tiles, stores = first_paints(runs, data_dir)
    b, p, t, s = (statistics.median(x) for x in (bare, paint, tiles, stores))
    print(f"bare QMainWindow first paint: median {b * 1000:.0f} ms over {runs} starts")
    print(f"HarmDesk first paint:         median {p * 1000:.0f} ms = {p / b:.2f}x bare "
          "(aim: 1.5x)")
    print(f"tiles shown, accepting drops: median {t * 1000:.0f} ms = {t / b:.2f}x bare "
          "(aim: 4x; from the read-only snapshot)")
    print(f"store open, drops saved:      median {s * 1000:.0f} ms = {s / b:.2f}x bare")
    print(json.dumps({"bare_first_paint_s": b, "first_paint_ratio": p / b,
                      "tiles_ready_ratio": t / b,
                      "store_ready_ratio": s / b}))


if __name__ == "__main__":
    main()
