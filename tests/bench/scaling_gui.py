"""The window's side of the scaling benchmark, measured with the event loop running.

- `per_drop`: a chip dropped on a tile of the real window (in this process) that is on
  the screen, from the moment the drop event is posted until the loop is idle again: the
  drop, the save, whatever it queued (model updates, the log dock, the hit tile's
  paint). Idle means a zero-timer fired with no other event delivered since the previous
  one (a quiet tick), with the step on the undo stack and the tiles repainted. Both the
  wall time and the GUI thread's CPU time are kept, each drop paired with the same
  measurement of a `BareDrop` (text dropped on a label of a bare window) made just before.
- `open_to_writable` / `bare_open`: a fresh process of the real app, from spawn until the
  store is open for writing, against a bare window's script spawned the same way; and the
  app's peak memory then and after the maintenance that follows.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QEventLoop, QObject, QPointF, Qt, QTimer

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


class Settle(QObject):
    """Counts the GUI thread's events; `wait(trigger, done)` measures one burst of work."""

    def __init__(self, app):
        super().__init__()
        self.app, self.count = app, 0
        self.tick = QTimer()
        self.tick.setSingleShot(True)
        self.tick.setInterval(0)
        self.tick.timeout.connect(self._tick)
        app.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if obj is not self.tick:
            self.count += 1
        return False

    def wait(self, trigger, done=lambda: True, limit: float = 120.0) -> tuple[float, float]:
        """Run `trigger()` inside a running loop; (wall s, GUI-thread CPU s) until idle."""
        loop = QEventLoop()
        self._done, self._loop, self._limit = done, loop, time.perf_counter() + limit
        self._seen, self.result = -1, None

        def start():
            self._t0, self._c0 = time.perf_counter(), time.thread_time()
            trigger()
            self.tick.start()

        QTimer.singleShot(0, start)
        loop.exec()
        if self.result is None:
            raise RuntimeError("the window did not settle")
        return self.result

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        if self.count == self._seen and self._done():
            self.result = (now - self._t0, cpu - self._c0)
            self._loop.quit()
            return
        if now > self._limit:
            self._loop.quit()
            return
        self._seen = self.count
        self.tick.start()


def spread(values: list[float], scale: float = 1000.0, unit: str = "ms") -> str:
    """`min / median / max` of `values` (seconds, shown in ms unless told otherwise)."""
    def one(v: float) -> str:
        v *= scale
        return f"{v:.0f}" if abs(v) >= 100 else f"{v:.1f}" if abs(v) >= 1 else f"{v:.2f}"
    return (f"{one(min(values))} / {one(statistics.median(values))} / "
            f"{one(max(values))}{' ' + unit if unit else ''}")


def ratios(measured: list[float], bare: list[float]) -> list[float]:
    """Each pair's ratio: measured[i] / bare[i] (the two were measured one after the other)."""
    return [m / b if b > 0 else float("inf") for m, b in zip(measured, bare, strict=True)]


def ratio_spread(measured: list[float], bare: list[float]) -> str:
    """`min× / median× / max×` of the pairs' ratios."""
    low, mid, high = spread(ratios(measured, bare), scale=1.0, unit="").split(" / ")
    return f"{low}× / {mid}× / {high}×"


class Paints(QObject):
    """Counts the paint events of the widgets it is installed on."""

    def __init__(self):
        super().__init__()
        self.count = 0

    def eventFilter(self, obj, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


class BareDrop:
    """The yardstick of a drop: a bare 1280×800 QMainWindow whose label takes dropped text
    and shows it. `drop(settle)` posts a drop on the label and waits (as `per_drop` does)
    until the loop is idle with the label repainted: (wall s, CPU s). `burn` seconds of
    GUI-thread CPU, when given, are spent in a zero-timer the drop queues (or, with
    `after_paint`, the label's repaint queues): a drop whose extra cost is known, to check
    the measurement against."""

    def __init__(self, settle: Settle):
        from PySide6.QtWidgets import QLabel, QMainWindow
        self.settle, self.burn, self.drops = settle, 0.0, 0
        self.after_paint = self.burn_due = False  # burn after the label's repaint instead

        class Label(QLabel):
            def dragEnterEvent(label, event):  # `label`: the label, `self`: the yardstick
                event.acceptProposedAction()

            def dragMoveEvent(label, event):
                event.acceptProposedAction()

            def dropEvent(label, event):
                event.acceptProposedAction()
                label.setText(event.mimeData().text())
                if self.burn and not self.after_paint:
                    QTimer.singleShot(0, lambda: burn(self.burn))
                self.burn_due = bool(self.burn and self.after_paint)

            def paintEvent(label, event):
                super().paintEvent(event)
                if self.burn_due:
                    self.burn_due = False
                    QTimer.singleShot(0, lambda: burn(self.burn))

        self.window = QMainWindow()
        self.label = Label("dropped: 0")
        self.label.setAcceptDrops(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.window.setCentralWidget(self.label)
        self.window.resize(1280, 800)
        self.paints = Paints()
        self.label.installEventFilter(self.paints)
        self.window.show()
        settle.wait(lambda: None)

    def drop(self) -> tuple[float, float]:
        from PySide6.QtCore import QMimeData
        from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
        self.drops += 1
        mime = QMimeData()
        mime.setText(f"dropped: {self.drops}")
        at = self.label.rect().center()
        how = (Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
               Qt.KeyboardModifier.NoModifier)

        def hover():  # Qt delivers a drop only where a drag entered
            QCoreApplication.postEvent(self.label, QDragEnterEvent(at, *how))
            QCoreApplication.postEvent(self.label, QDragMoveEvent(at, *how))

        self.settle.wait(hover)
        painted = self.paints.count
        took = self.settle.wait(
            lambda: QCoreApplication.postEvent(self.label, QDropEvent(QPointF(at), *how)),
            lambda: self.paints.count > painted)
        if self.label.text() != mime.text():
            raise RuntimeError("the bare label did not take the drop")
        return took

    def close(self) -> None:
        self.window.close()
        self.window.deleteLater()
        self.settle.wait(lambda: None)


def burn(seconds: float) -> None:
    """Spend `seconds` of this thread's CPU time."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


def visible_tiles(window, wanted=lambda cid: True) -> list[str]:
    """The ids of the tiles wholly inside the tile view's viewport, in order, that
    `wanted(cid)` accepts."""
    from harmdesk.qt.desk_model import IdRole
    view, model = window.tiles, window.tiles.model()
    room = view.viewport().rect()
    shown = []
    for row in range(model.rowCount()):
        index = model.index(row, 0)
        if room.contains(view.visualRect(index)) and wanted(index.data(IdRole)):
            shown.append(index.data(IdRole))
    return shown


def open_window(app, settle: Settle, folder: Path, name: str):
    """The real window, built as `run_gui` builds it, on `folder`, once it is writable."""
    from harmdesk.app import dress
    from harmdesk.qt.main_window import MainWindow
    window = MainWindow(deferred=True)
    window.resize(1280, 800)
    window.show()
    dress(app)
    window.finish_setup()
    window.campaign_menus.load(str(folder), name)
    c = window.controller
    settle.wait(lambda: None, lambda: c.campaign is not None and not c.campaign.loading
                and not c.read_only, limit=600)
    return window


def close_window(settle: Settle, window) -> None:
    session = window.controller.service
    window.controller.set_service(None)
    if session is not None:
        session.close()
    window.close()
    window.deleteLater()
    settle.wait(lambda: None)


def monster_targets(app, settle: Settle, window) -> list[str]:
    """Tiles on the screen of monsters standing (alive, 6 HP or more: hitting a monster
    never asks for a ruling, and healing one that stands is never refused); when none is
    on the screen, the view is scrolled to the first first, as a hand drops only on a tile
    it can see."""
    from harmdesk.qt.desk_model import IdRole

    def monster(cid: str) -> bool:
        char = window.controller.state["characters"][cid]
        return char.get("kind") == "monster" and char.get("death", "none") == "none" \
            and char.get("hp", 0) >= 6

    shown = visible_tiles(window, monster)
    if not shown:
        view, model = window.tiles, window.tiles.model()
        first = next(row for row in range(model.rowCount())
                     if monster(model.index(row, 0).data(IdRole)))
        settle.wait(lambda: view.scrollTo(model.index(first, 0),
                                          view.ScrollHint.PositionAtTop))
        shown = visible_tiles(window, monster)
    if not shown:
        raise RuntimeError("no monster's tile is on the screen")
    return shown


def per_drop(app, settle: Settle, window, bare: BareDrop, runs: int,
             undo: bool = False) -> dict[str, list[float]]:
    """`runs` pairs: a bare drop (`bare`), then a damage chip dropped on a monster's tile
    on the screen; each one's wall and CPU seconds (`wall`, `cpu`, `bare_wall`, `bare_cpu`).
    The drag enters and hovers first (outside the clock, as the hand takes its time).
    Drops follow one another as at the table; with `undo`, each is undone (outside the
    clock) before the next, so each new step replaces an undone one."""
    from PySide6.QtCore import QMimeData
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent

    from harmdesk.desk import chips
    view, model, controller = window.tiles, window.tiles.model(), window.controller
    payload = chips.encode(chips.action_chip("2", {"type": "damage", "amount": 2}))
    mime = QMimeData()
    mime.setData(chips.MIME_TYPE, payload)
    changes, refusals = [], []
    controller.changed.connect(changes.append)
    controller.refused.connect(lambda reason, _ids: refusals.append(reason))
    paints = Paints()
    view.viewport().installEventFilter(paints)
    targets = monster_targets(app, settle, window)
    copy, left, none = (Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton,
                        Qt.KeyboardModifier.NoModifier)
    figures = {"wall": [], "cpu": [], "bare_wall": [], "bare_cpu": []}
    for i in range(runs + 1):
        cid = targets[i % len(targets)]
        at = view.visualRect(model.index(model.row_of(cid), 0)).center()
        target = view.viewport()

        def hover(target=target, at=at):
            QCoreApplication.postEvent(target, QDragEnterEvent(at, copy, mime, left, none))
            QCoreApplication.postEvent(target, QDragMoveEvent(at, copy, mime, left, none))

        def drop(target=target, at=at):
            QCoreApplication.postEvent(target, QDropEvent(QPointF(at), copy, mime, left, none))

        bare_took = bare.drop()
        settle.wait(hover)
        seen, painted = len(changes), paints.count
        took = settle.wait(drop, lambda seen=seen, painted=painted: bool(refusals) or (
            len(changes) > seen and paints.count > painted))
        if refusals:
            raise RuntimeError(f"the drop was refused: {refusals[0]}")
        if i:  # the first drop warms caches up
            for name, value in zip(("wall", "cpu", "bare_wall", "bare_cpu"),
                                   (*took, *bare_took), strict=True):
                figures[name].append(value)
        if undo:
            seen = len(changes)
            settle.wait(controller.stack.undo, lambda seen=seen: len(changes) > seen)
    view.viewport().removeEventFilter(paints)
    return figures


def _spawn(args: list[str], marker: str, env: dict) -> tuple[float, dict[str, str]]:
    """Seconds from spawn until the child printed `marker TIME`; every `name value` line
    it printed."""
    start = time.time()
    out = subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=ROOT,
                         env=env, timeout=900)
    said = dict(line.split(" ", 1) for line in out.stdout.splitlines() if " " in line)
    if marker not in said:
        raise RuntimeError(f"{args[0]} printed no {marker!r}: {out.stderr[-2000:]}")
    return float(said[marker]) - start, said


def open_to_writable(folder: Path, env: dict) -> tuple[float, float, float]:
    """Seconds from spawning `harmdesk --data-dir FOLDER` (its last campaign) until its store
    takes drops; the process's peak memory (MiB) then, and once the integrity check and
    the day's backup that follow have run."""
    took, said = _spawn([str(HERE / "writable_probe.py"), "--data-dir", str(folder)],
                        "writable", env)
    return took, float(said["peak-writable"]), float(said["peak-maintained"])


def bare_open(env: dict) -> float:
    """Seconds from spawning the bare window's script until its first paint."""
    return _spawn([str(ROOT / "packaging" / "bare_window.py")], "first-paint",
                  {**env, "HARMDESK_FIRST_PAINT_PROBE": "1"})[0]


def child_env(config: Path) -> dict:
    """The children's environment. Their compiled bytecode is kept (under build/bench), as
    an installed or frozen HarmDesk has it: without it (PYTHONDONTWRITEBYTECODE) each start
    compiles every HarmDesk module again, which no GM's start does."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CONFIG_HOME": str(config),
           "PYTHONPYCACHEPREFIX": str(ROOT / "build" / "bench" / "pycache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env
