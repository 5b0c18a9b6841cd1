"""A drop's work on the GUI thread, measured with the event loop running, early in a
window's life and after thousands of drops in it.

    python tests/bench/bench_drop_loop.py [--chars N] [--drops N] [--pairs N] [--events N]

The real window (200 characters unless `--chars` says otherwise, a session log of 2,000
events) is shown; each drop is a chip's drop event posted to the tile view's viewport,
on a tile on the screen, after the drag entered and hovered there (outside the clock).
The clock runs from posting the drop until the loop is idle again, idle meaning a
zero-timer fired with no other event delivered since the previous one (a quiet tick,
`scaling_gui.Settle`), with the step saved and the tiles repainted: the queued work
(model updates, the log dock, layouts, the paint) is inside it. The GUI thread's CPU
time (`time.thread_time`) and the wall time are both kept.

Each measured drop is paired with the yardstick made just before it: text dropped on
the label of a bare 1280×800 QMainWindow, measured the same way. `--pairs` pairs (15)
are measured after a first drop, then the window takes drops until it has taken
`--drops` (5,000), and `--pairs` pairs are measured again: the goal is that the late
drops cost what the early ones do. Every figure is min / median / max.

Before that, the method is checked against a drop whose cost is known: the bare drop
again, with a zero-timer that burns 5 ms of the GUI thread's CPU, queued by its handler
and then by the label's repaint; the quiet-tick measurement must see those 5 ms more
than the plain bare drop. The stop this benchmark used before (the first
`QAbstractEventDispatcher.aboutToBlock` after the repaint, which the glib dispatcher
emits at every loop iteration, even with a zero-timer due) is shown on the same drops.
Runs on the offscreen platform unless QT_QPA_PLATFORM says otherwise.
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
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import scaling_gui as gui  # noqa: E402
from PySide6.QtCore import (  # noqa: E402
    QAbstractEventDispatcher,
    QCoreApplication,
    QEventLoop,
    QMimeData,
    QPointF,
    Qt,
    QTimer,
)
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

BURN = 0.005  # the known cost: seconds of CPU burnt after the check's drop


def option(flag: str, default: int) -> int:
    return int(sys.argv[sys.argv.index(flag) + 1]) if flag in sys.argv else default


def about_to_block(bare: gui.BareDrop) -> tuple[float, float]:
    """The bare drop, timed as this benchmark once did: until the dispatcher's first
    `aboutToBlock` after the drop ran and the label painted."""
    loop, done = QEventLoop(), []
    dispatcher = QAbstractEventDispatcher.instance()
    painted, ran = bare.paints.count, []
    mime = QMimeData()
    mime.setText("aboutToBlock")
    event = QDropEvent(QPointF(bare.label.rect().center()), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)

    def idle():
        if ran and bare.paints.count > painted and not done:
            done.append((time.perf_counter(), time.thread_time()))
            loop.quit()

    def start():
        ran.append((time.perf_counter(), time.thread_time()))
        QCoreApplication.postEvent(bare.label, event)

    at = bare.label.rect().center()
    how = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
           Qt.KeyboardModifier.NoModifier)
    bare.settle.wait(lambda: (QCoreApplication.postEvent(bare.label, QDragEnterEvent(at, *how)),
                              QCoreApplication.postEvent(bare.label, QDragMoveEvent(at, *how))))

    dispatcher.aboutToBlock.connect(idle)
    QTimer.singleShot(5000, loop.quit)
    QTimer.singleShot(0, start)
    loop.exec()
    dispatcher.aboutToBlock.disconnect(idle)
    bare.settle.wait(lambda: None)  # let what it left behind run before the next
    if not done:
        raise RuntimeError("the loop never blocked after the repaint")
    return done[0][0] - ran[0][0], done[0][1] - ran[0][1]


def known_cost_check(bare: gui.BareDrop, pairs: int) -> None:
    """The bare drop, plain and burning BURN more, queued by the drop and by its repaint;
    what the quiet-tick idle and the aboutToBlock stop each see of the burn."""
    for after_paint, queued in ((False, "the drop"), (True, "the label's repaint")):
        plain, burnt, blocked = [], [], []
        bare.after_paint = after_paint
        for _ in range(pairs):
            plain.append(bare.drop()[1])
            bare.burn = BURN
            burnt.append(bare.drop()[1])
            blocked.append(about_to_block(bare)[1])
            bare.burn = 0.0
        extra = [b - p for b, p in zip(burnt, plain, strict=True)]
        missed = [b - p for b, p in zip(blocked, plain, strict=True)]
        print(f"known-cost check ({pairs} pairs), a bare drop burning {BURN * 1000:.1f} ms of "
              f"CPU in a zero-timer {queued} queues: quiet-tick idle measures "
              f"{gui.spread(extra)} CPU more than the plain bare drop "
              f"({gui.spread(plain)}); the aboutToBlock stop {gui.spread(missed)} more")
    bare.after_paint = False


class Desk:
    """The real window on a campaign of `chars` characters whose open session holds
    `events` events; `drop()` drops one chip on a tile on the screen."""

    def __init__(self, settle: gui.Settle, chars: int, events: int):
        from harmdesk.desk import chips
        from harmdesk.desk.campaign import Campaign
        from harmdesk.desk.service import Service
        from harmdesk.qt.main_window import MainWindow
        from harmdesk.store import Store

        self.settle = settle
        self.store = Store.open(tempfile.mkdtemp(prefix="harmdesk-drop-loop-"))
        sheets = [{"id": f"c{i}", "name": f"Character {i}", "kind": "pc", "max_hp": 20,
                   "armor": 0} for i in range(chars)]
        campaign = Campaign.create(self.store, "Drops", "stonetop", {}, sheets)
        campaign.start_play_session("A long night")
        for i in range(events):  # a night's worth of history in the open session
            campaign.apply({"type": "heal" if i % 2 else "damage", "target": f"c{i % chars}",
                            "amount": 1})
        self.steps = events
        self.window = MainWindow()
        self.window.resize(1280, 800)
        self.window.show()
        self.window.controller.set_service(Service.on(campaign))
        settle.wait(lambda: None)
        self.view, self.model = self.window.tiles, self.window.tiles.model()
        self.targets = gui.visible_tiles(self.window)
        if not self.targets:
            raise RuntimeError("no tile is on the screen")
        self.paints = gui.Paints()
        self.view.viewport().installEventFilter(self.paints)
        self.changes, self.refusals = [], []
        self.window.controller.changed.connect(self.changes.append)
        self.window.controller.refused.connect(lambda why, _ids: self.refusals.append(why))

        def mime(kind: str) -> QMimeData:
            data = QMimeData()
            data.setData(chips.MIME_TYPE, chips.encode(chips.action_chip("1", {
                "type": kind, "amount": 1})))
            return data

        self.damage, self.heal = mime("damage"), mime("heal")
        self.drops = 0

    def drop(self) -> tuple[float, float]:
        """(wall s, CPU s) of one drop; each tile on the screen is hurt, then healed."""
        i = self.drops
        cid = self.targets[i // 2 % len(self.targets)]
        mime = self.heal if i % 2 else self.damage
        at = self.view.visualRect(self.model.index(self.model.row_of(cid), 0)).center()
        target = self.view.viewport()
        copy, left, none = (Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)

        def hover():
            QCoreApplication.postEvent(target, QDragEnterEvent(at, copy, mime, left, none))
            QCoreApplication.postEvent(target, QDragMoveEvent(at, copy, mime, left, none))

        self.settle.wait(hover)
        seen, painted = len(self.changes), self.paints.count
        took = self.settle.wait(
            lambda: QCoreApplication.postEvent(target, QDropEvent(QPointF(at), copy, mime,
                                                                  left, none)),
            lambda: bool(self.refusals) or (len(self.changes) > seen
                                            and self.paints.count > painted))
        if self.refusals:
            raise RuntimeError(f"the drop was refused: {self.refusals[0]}")
        self.drops += 1
        return took

    def close(self) -> None:
        saved = self.window.controller.service.history()[0]
        assert saved == self.steps + self.drops, \
            f"{saved} steps saved, {self.steps + self.drops} expected"
        self.window.close()
        self.store.close()


def measure(desk: Desk, bare: gui.BareDrop, pairs: int) -> dict[str, list[float]]:
    figures = {"wall": [], "cpu": [], "bare_wall": [], "bare_cpu": []}
    for _ in range(pairs):
        bare_wall, bare_cpu = bare.drop()
        wall, cpu = desk.drop()
        for name, value in zip(figures, (wall, cpu, bare_wall, bare_cpu), strict=True):
            figures[name].append(value)
    return figures


def report(what: str, f: dict[str, list[float]]) -> None:
    print(f"{what}: GUI-thread CPU {gui.spread(f['cpu'])} "
          f"(bare {gui.spread(f['bare_cpu'])}) = {gui.ratio_spread(f['cpu'], f['bare_cpu'])} "
          f"bare; wall {gui.spread(f['wall'])} (bare {gui.spread(f['bare_wall'])}) = "
          f"{gui.ratio_spread(f['wall'], f['bare_wall'])} bare")


def main() -> None:
    chars, drops = option("--chars", 200), option("--drops", 5000)
    pairs, events = option("--pairs", 15), option("--events", 2000)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    settle = gui.Settle(app)
    print(f"platform: {app.platformName()}; {chars:,} characters, {events:,} events in the "
          f"session, {drops:,} drops in one window, {pairs} interleaved pairs measured "
          f"(min / median / max)")
    bare = gui.BareDrop(settle)
    for _ in range(3):  # the first drops warm caches up
        bare.drop()
    known_cost_check(bare, pairs)
    desk = Desk(settle, chars, events)
    desk.drop()  # the first drop warms caches up
    early = measure(desk, bare, pairs)
    started = time.perf_counter()
    while desk.drops < drops - pairs:  # the late pairs bring it to `drops`
        desk.drop()
    filled = time.perf_counter() - started
    late = measure(desk, bare, pairs)
    total = desk.drops
    desk.close()
    bare.close()
    report(f"drops 2–{pairs + 1}", early)
    report(f"drops {total - pairs + 1:,}–{total:,}", late)
    early_ratio = statistics.median(gui.ratios(early["cpu"], early["bare_cpu"]))
    late_ratio = statistics.median(gui.ratios(late["cpu"], late["bare_cpu"]))
    raw = statistics.median(late["cpu"]) / statistics.median(early["cpu"])
    print(f"goal, flat after {total:,} drops: late / early, each the median ratio to its bare "
          f"drops: {late_ratio / early_ratio:.2f} (1.00 is flat; their CPU medians alone: "
          f"{raw:.2f}; the {total - 2 * pairs - 1:,} drops between took {filled:.0f} s)")


if __name__ == "__main__":
    main()
