"""The window's side of the scaling benchmark, measured with the event loop running.

- `per_drop`: a chip dropped on a tile of the real window (in this process), from the
  moment the drop event is posted until the loop is idle again: the drop, the save,
  whatever it queued (model updates, the log dock, the paint). Idle means a zero-timer
  fired with no other event delivered since the previous one, and the step is on the
  undo stack. Both the wall time and the GUI thread's CPU time are kept.
- `bare_repaint`: the same measurement of a bare QMainWindow repainting itself.
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

from PySide6.QtCore import QCoreApplication, QEventLoop, QObject, QPointF, Qt, QTimer

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


def bare_repaint(app, settle: Settle, runs: int) -> tuple[float, float]:
    """Median (wall, CPU) of a bare 1280×800 QMainWindow repainting all of itself."""
    from PySide6.QtWidgets import QMainWindow
    window = QMainWindow()
    window.resize(1280, 800)
    window.show()
    settle.wait(lambda: None)
    times = [settle.wait(window.update) for _ in range(runs)]
    window.close()
    window.deleteLater()
    settle.wait(lambda: None)
    return tuple(statistics.median(t[i] for t in times) for i in (0, 1))


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


def per_drop(app, settle: Settle, window, runs: int,
             undo: bool = False) -> tuple[float, float]:
    """Median (wall, CPU) of a damage chip dropped on one of the first tiles. The drag
    enters and hovers first (outside the clock, as the hand takes its time). Drops follow
    one another as at the table; with `undo`, each is undone (outside the clock) before
    the next, so each new step replaces an undone one."""
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
    copy, left, none = (Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton,
                        Qt.KeyboardModifier.NoModifier)
    times = []
    for i in range(runs + 1):
        cid = f"c{6 + i % 6}"  # the monsters: hitting them never asks for a ruling
        at = view.visualRect(model.index(model.row_of(cid), 0)).center()
        target = view.viewport()

        def hover(target=target, at=at):
            QCoreApplication.postEvent(target, QDragEnterEvent(at, copy, mime, left, none))
            QCoreApplication.postEvent(target, QDragMoveEvent(at, copy, mime, left, none))

        def drop(target=target, at=at):
            QCoreApplication.postEvent(target, QDropEvent(QPointF(at), copy, mime, left, none))

        settle.wait(hover)
        seen = len(changes)
        took = settle.wait(drop, lambda seen=seen: len(changes) > seen or bool(refusals))
        if refusals:
            raise RuntimeError(f"the drop was refused: {refusals[0]}")
        if i:  # the first drop warms caches up
            times.append(took)
        if undo:
            seen = len(changes)
            settle.wait(controller.stack.undo, lambda seen=seen: len(changes) > seen)
    return tuple(statistics.median(t[i] for t in times) for i in (0, 1))


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
