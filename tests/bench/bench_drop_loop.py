"""A drop's work on the GUI thread, measured with the event loop running.

    python tests/bench/bench_drop_loop.py [--drops N] [--events N]

The real window (200 characters, a session log of 2,000 events) is shown; each drop
calls the tile view's real `dropEvent` from a zero-timer, and the time runs from
posting that timer until the loop is about to block again with the window repainted:
the queued work (model updates, the log dock, layouts, the paint) is inside it. The
same is measured for a bare QMainWindow whose label changes its text, as the baseline.
Runs on the offscreen platform unless QT_QPA_PLATFORM says otherwise.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import (  # noqa: E402
    QAbstractEventDispatcher,
    QEvent,
    QEventLoop,
    QMimeData,
    QObject,
    QPointF,
    Qt,
    QTimer,
)
from PySide6.QtGui import QDropEvent  # noqa: E402
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow  # noqa: E402


class PaintCount(QObject):
    """Counts the paint events of the widgets it watches."""

    def __init__(self):
        super().__init__()
        self.paints = 0

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def until_idle(app, work, painter: PaintCount, timeout_s: float = 5.0) -> float:
    """Seconds from posting `work` on a zero-timer until the loop is about to block
    again, having run it and painted at least once."""
    loop, ran, done = QEventLoop(), [], []
    dispatcher = QAbstractEventDispatcher.instance()
    before = painter.paints

    def run():
        work()
        ran.append(True)

    def idle():
        if ran and painter.paints > before and not done:
            done.append(time.perf_counter())
            loop.quit()

    dispatcher.aboutToBlock.connect(idle)
    QTimer.singleShot(int(timeout_s * 1000), loop.quit)
    start = time.perf_counter()
    QTimer.singleShot(0, run)
    loop.exec()
    dispatcher.aboutToBlock.disconnect(idle)
    if not done:
        raise RuntimeError("the loop never went idle after a repaint")
    return done[0] - start


def bare_updates(app, drops: int) -> list[float]:
    window = QMainWindow()
    label = QLabel("0")
    window.setCentralWidget(label)
    window.resize(1280, 800)
    painter = PaintCount()
    label.installEventFilter(painter)
    window.show()
    settle(app)
    times = [until_idle(app, lambda i=i: label.setText(str(i + 1)), painter)
             for i in range(drops)]
    window.close()
    return times


def settle(app) -> None:
    for _ in range(20):
        app.processEvents()


def harmdesk_drops(app, drops: int, events: int) -> list[float]:
    from harmdesk.desk import chips
    from harmdesk.desk.campaign import Campaign
    from harmdesk.desk.service import Service
    from harmdesk.qt.main_window import MainWindow
    from harmdesk.store import Store

    folder = tempfile.mkdtemp()
    store = Store.open(folder)
    sheets = [{"id": f"c{i}", "name": f"Character {i}", "kind": "pc", "max_hp": 20, "armor": 0}
              for i in range(200)]
    campaign = Campaign.create(store, "Two hundred", "stonetop", {}, sheets)
    campaign.start_play_session("A long night")
    for i in range(events):  # a night's worth of history in the open session
        campaign.apply({"type": "heal" if i % 2 else "damage", "target": f"c{i % 200}",
                        "amount": 1})
    window = MainWindow()
    window.resize(1280, 800)
    window.show()
    window.controller.set_service(Service.on(campaign))
    settle(app)
    view, model = window.tiles, window.tiles.model()
    painter = PaintCount()
    view.viewport().installEventFilter(painter)

    def mime(kind: str) -> QMimeData:
        data = QMimeData()
        data.setData(chips.MIME_TYPE, chips.encode(chips.action_chip("1", {
            "type": kind, "amount": 1})))
        return data

    damage, heal = mime("damage"), mime("heal")
    times = []
    for i in range(drops):
        cid = f"c{i // 2 % 12}"  # each tile is hurt, then healed: no one dies
        index = model.index(model.row_of(cid), 0)
        view.scrollTo(index)  # a hand drops only on a tile it can see
        settle(app)
        pos = QPointF(view.visualRect(index).center())
        event = QDropEvent(pos, Qt.DropAction.CopyAction, heal if i % 2 else damage,
                           Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
        times.append(until_idle(app, lambda event=event: view.dropEvent(event), painter))
    saved = window.controller.service.history()[0]
    assert saved == events + drops, f"{saved} steps saved, {events + drops} expected"
    window.close()
    store.close()
    return times


def figures(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def main() -> None:
    drops = int(sys.argv[sys.argv.index("--drops") + 1]) if "--drops" in sys.argv else 60
    events = int(sys.argv[sys.argv.index("--events") + 1]) if "--events" in sys.argv else 2000
    app = QApplication.instance() or QApplication(sys.argv[:1])
    print(f"platform: {app.platformName()}; {drops} drops, 200 characters, "
          f"{events} events in the session")
    bare_median, bare_p95 = figures(bare_updates(app, drops))
    median, p95 = figures(harmdesk_drops(app, drops, events))
    print(f"bare QMainWindow, a label's text: median {bare_median * 1000:.2f} ms, "
          f"p95 {bare_p95 * 1000:.2f} ms")
    print(f"HarmDesk drop, loop idle again:   median {median * 1000:.2f} ms, "
          f"p95 {p95 * 1000:.2f} ms (aim: 16 ms) = {median / bare_median:.1f}x bare")


if __name__ == "__main__":
    main()
