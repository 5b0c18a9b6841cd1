"""A real drag with real X11 input: from the button's release until the hit tile is
repainted and the loop is idle, against a bare PySide6 window doing the same with text.

    python tests/bench/bench_x11_drag.py [--chars 12,200,1000] [--rows N] [--pairs N]

Each size's data folder (`scaling_data`: a Stonetop campaign of N characters, a log of
`--rows` rows, 2,000 unless told) is opened by `harmdesk` itself, in a child process
started as the command starts it. Beside it on the same screen runs a bare PySide6
window, another child: a label whose text is dragged (QDrag) onto another label. xdotool
makes each gesture through XTEST, as a hand does: the pointer arrives on the source,
the button goes down, the pointer moves in small steps onto the target, and once the
target has seen the drag hover and the loop is quiet again, the button goes up. For the
real window the source is a chip of the tray, a damage chip then a healing chip in
turn, and the target a monster's tile on the screen.

Each child takes the clock in its GUI thread when its native event filter sees the
button's release (xcb's ButtonRelease), and stops it when the loop is idle again: a
zero-timer fired with no other event delivered since the previous one (a quiet tick, as
`scaling_gui.Settle`), with the drop taken (the step saved, or the label's text
changed) and the target repainted. It keeps the GUI thread's CPU time (`time.thread_time`)
and the wall time in between. `--pairs` pairs (7) are measured, each a bare drag then a
real one, after a first one of each; every figure is min / median / max, and the
real drag's ratio to the bare one. The goal: at most 5 ms of GUI-thread CPU at 1,000
characters. First the measurement is checked against a drag whose cost is known: the
bare window's, with every second drop queueing a zero-timer that burns 5 ms of CPU;
the burning drags must measure 5 ms more than the plain ones.

It uses the X server in DISPLAY (with a window manager running), or else starts its own
Xvfb and openbox as `tests/e2e` does. Needs Xvfb, xdotool and openbox.
"""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

GOAL = 0.005  # seconds of GUI-thread CPU from release to idle, at 1,000 characters
BURN = 0.005  # the known cost of the check's drop, in seconds of CPU
STEP = 0.06  # seconds between pointer moves during a drag: a hand's pace (see realdesk.py)
XCB_BUTTON_RELEASE = 5  # a core event's response type; button at byte 1
XCB_GE_GENERIC, XI_BUTTON_RELEASE = 35, 5  # Qt takes the mouse through XInput 2: its
# events are generic ones, the type a 16-bit word at byte 8 and the button at byte 16
BARE_AT = (1330, 60)  # the bare window's place: right of the real one (1280×800 at 0, 0)


# the children ------------------------------------------------------------------------

class Probe:
    """In a child: counts events (for the quiet tick), sees the button's release, and
    writes the status file the parent reads: where the source and target are, how many
    presses and hovers the child has seen, and each drag's result."""

    def __init__(self, app, path: str, done, where):
        from PySide6.QtCore import QAbstractNativeEventFilter, QEvent, QObject, QTimer

        self.app, self.path, self.done, self.where = app, path, done, where
        self.status = {"ready": False, "presses": 0, "hovers": 0, "moves": 0,
                       "quiet_moves": 0, "results": []}
        self.count, self.seen, self.start = 0, -1, None
        self.target = None  # the widget whose DragMove counts as a hover
        probe = self

        class Events(QObject):
            def eventFilter(self, obj, event) -> bool:  # every event the GUI thread delivers
                if obj is not probe.tick:
                    probe.count += 1
                kind = event.type()
                if kind == QEvent.Type.MouseButtonPress:
                    probe.status["presses"] += 1
                    probe.write()
                elif kind == QEvent.Type.DragMove and obj is probe.target \
                        and probe.start is None:
                    probe.status["moves"] += 1
                    if not probe.hovering:
                        probe.hovering, probe.before = True, probe.done(None)
                        probe.status["hovers"] += 1
                        probe.write()
                    probe.begin("hover")
                elif kind == QEvent.Type.Drop and probe.released is not None:
                    probe.begin("release")  # the clock started at the release itself
                return False

        class Release(QAbstractNativeEventFilter):
            def nativeEventFilter(self, kind, message):
                # only the time: work here (a timer started) breaks Qt's drop
                if probe.hovering and probe.released is None \
                        and bytes(kind) == b"xcb_generic_event_t" and released(int(message)):
                    probe.released = (time.perf_counter(), time.thread_time())
                return False, 0

        self.hovering, self.released, self.before = False, None, None
        self.tick = QTimer()
        self.tick.setSingleShot(True)
        self.tick.setInterval(0)
        self.tick.timeout.connect(self._tick)
        self.events, self.release = Events(), Release()
        app.installEventFilter(self.events)
        app.installNativeEventFilter(self.release)

    def begin(self, what: str) -> None:
        """Start the clock (at the release) or a quiet wait (after a drag move)."""
        if what == "release":
            wall, cpu = self.released
            self.start = {"wall": wall, "cpu": cpu, "before": self.before,
                          "drop": (time.perf_counter(), time.thread_time())}
            self.hovering, self.released = False, None
        self.what, self.seen = what, -1
        self.tick.start()

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        if self.count == self.seen:
            if self.what == "hover":  # quiet after the drag's last move over the target
                self.status["quiet_moves"] = self.status["moves"]
                self.write()
                return
            if self.done(self.start["before"]):
                start = self.start
                drop = start["drop"]
                self.status["results"].append({
                    "wall": now - start["wall"], "cpu": cpu - start["cpu"],
                    "drop_wall": now - drop[0], "drop_cpu": cpu - drop[1],
                    "to_drop_cpu": drop[1] - start["cpu"]})
                self.start = None
                self.write()
                return
        self.seen = self.count
        self.tick.start()

    def write(self) -> None:
        self.status.update(self.where())
        with open(self.path + ".tmp", "w", encoding="utf-8") as out:
            json.dump(self.status, out)
        os.replace(self.path + ".tmp", self.path)


def released(address: int) -> bool:
    """Whether the xcb event at `address` is the left button's release."""
    response = ctypes.c_uint8.from_address(address).value & 0x7F
    if response == XCB_BUTTON_RELEASE:
        return ctypes.c_uint8.from_address(address + 1).value == 1
    if response == XCB_GE_GENERIC:
        return ctypes.c_uint16.from_address(address + 8).value == XI_BUTTON_RELEASE \
            and ctypes.c_uint32.from_address(address + 16).value == 1
    return False


def screen_rect(widget, local=None) -> list[int]:
    from PySide6.QtCore import QRect
    r = local if local is not None else QRect(0, 0, widget.width(), widget.height())
    top_left = widget.mapToGlobal(r.topLeft())
    return [top_left.x(), top_left.y(), r.width(), r.height()]


def bare_child(path: str, burn: float = 0.0) -> int:
    """A bare PySide6 window: text dragged from one label onto another. With `burn`, every
    second drop (the second, the fourth…) queues a zero-timer that burns that many
    seconds of the GUI thread's CPU: a drop whose extra cost is known."""
    import scaling_gui as gui
    from PySide6.QtCore import QMimeData, Qt, QTimer
    from PySide6.QtGui import QDrag
    from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

    app = QApplication(sys.argv[:1])

    class Source(QLabel):
        press = None

        def mousePressEvent(self, event):
            self.press = event.position().toPoint()

        def mouseMoveEvent(self, event):
            if self.press is None or (event.position().toPoint() - self.press).manhattanLength() \
                    < QApplication.startDragDistance():
                return
            self.press = None
            mime = QMimeData()
            mime.setText(f"dropped {len(probe.status['results']) + 1}")
            drag = QDrag(self)
            drag.setMimeData(mime)
            drag.exec(Qt.DropAction.CopyAction)

    class Target(QLabel):
        paints = 0

        def dragEnterEvent(self, event):
            event.acceptProposedAction()

        def dragMoveEvent(self, event):
            event.acceptProposedAction()

        def dropEvent(self, event):
            event.acceptProposedAction()
            self.setText(event.mimeData().text())
            if burn and len(probe.status["results"]) % 2:
                QTimer.singleShot(0, lambda: gui.burn(burn))

        def paintEvent(self, event):
            Target.paints += 1
            super().paintEvent(event)

    window = QWidget()
    window.setWindowTitle("Bare drag")
    source, target = Source("drag this text"), Target("onto this label")
    target.setAcceptDrops(True)
    for label in (source, target):
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setMinimumHeight(120)
    layout = QVBoxLayout(window)
    layout.addWidget(source)
    layout.addWidget(target)
    window.resize(240, 360)
    window.move(*BARE_AT)

    def done(before):
        return (target.text(), Target.paints) if before is None else \
            target.text() != before[0] and Target.paints > before[1]

    probe = Probe(app, path, done, lambda: {"source": screen_rect(source),
                                            "target": screen_rect(target),
                                            "window": screen_rect(window)})
    probe.target = target
    window.show()

    def ready():
        probe.status["ready"] = True
        probe.write()

    QTimer.singleShot(500, ready)  # the parent also waits for the window to be quiet
    return app.exec()


def real_child(path: str, argv: list[str]) -> int:
    """`harmdesk` as the command starts it, probed once its store is writable and the
    maintenance after the opening (integrity check, backup) has run."""
    import scaling_gui as gui
    from PySide6.QtCore import QTimer
    from writable_probe import maintained, writable_window

    import harmdesk.app as app_module
    from harmdesk.cli import main as harmdesk_main

    ran = maintained()
    make_app = app_module.make_app

    def setup(app) -> None:
        w = writable_window()
        if w is None or not ran.is_set():
            QTimer.singleShot(50, lambda: setup(app))
            return
        c = w.controller
        settle = gui.Settle(app)
        w.move(0, 0)  # the top left corner, leaving the bare window its place beside it
        settle.wait(lambda: None, lambda: w.frameGeometry().topLeft().isNull(), limit=30)
        targets = gui.monster_targets(app, settle, w)
        app.removeEventFilter(settle)
        changes = []
        c.changed.connect(changes.append)
        c.refused.connect(lambda reason, _ids: print(f"refused: {reason}", flush=True))
        paints = gui.Paints()
        w.tiles.viewport().installEventFilter(paints)
        chips = {"damage": w.tray.chips_in("severity")[0], "heal": w.tray.chips_in("heal")[0]}
        view, model = w.tiles, w.tiles.model()

        def done(before):
            if before is None:
                return len(changes), paints.count
            return len(changes) > before[0] and paints.count > before[1]

        def where():
            turn = len(probe.status["results"])
            cid = targets[turn // 2 % len(targets)]  # hurt, then healed: no one dies
            chip = chips["heal" if turn % 2 else "damage"]
            return {"source": screen_rect(chip), "chip": chip.text(),
                    "target": screen_rect(view.viewport(),
                                          view.visualRect(model.index(model.row_of(cid), 0))),
                    "tile": cid, "window": screen_rect(w)}

        nonlocal probe
        probe = Probe(app, path, done, where)
        probe.target = view.viewport()
        probe.status["ready"] = True
        probe.write()

    probe = None

    def make_app_with_probe(*args, **kwargs):
        app = make_app(*args, **kwargs)
        QTimer.singleShot(0, lambda: setup(app))
        return app

    app_module.make_app = make_app_with_probe
    return harmdesk_main(argv)


# the parent --------------------------------------------------------------------------

class Child:
    """A child process and its status file."""

    def __init__(self, kind: str, folder: Path, env: dict, argv: list[str] = ()):
        self.status_file = folder / f"{kind}-status.json"
        self.status_file.unlink(missing_ok=True)
        self.log = open(folder / f"{kind}.log", "w")  # noqa: SIM115 (open while it runs)
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--child", kind,
             str(self.status_file), *argv], env=env, stdout=self.log, stderr=subprocess.STDOUT,
            cwd=ROOT)
        self.kind, self.folder = kind, folder

    def status(self) -> dict:
        try:
            return json.loads(self.status_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def wait_for(self, test, what: str, timeout: float = 60.0) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the {self.kind} window exited while waiting for {what}:\n"
                                   + (self.folder / f"{self.kind}.log").read_text()[-3000:])
            status = self.status()
            if status and test(status):
                return status
            time.sleep(0.02)
        raise RuntimeError(f"timed out waiting for {what} in the {self.kind} window; "
                           f"last status {self.status()}")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        self.log.close()


def xdotool(env: dict, *args: str) -> None:
    subprocess.run(["xdotool", *args], env=env, check=True, timeout=20)


def centre(rect: list[int]) -> tuple[int, int]:
    x, y, w, h = rect
    return x + w // 2, y + h // 2


def drag(child: Child, env: dict) -> dict:
    """One real gesture onto the child's target; its result once the child has it."""
    status = child.status()
    made = len(status["results"])
    (x0, y0), (x1, y1) = centre(status["source"]), centre(status["target"])
    presses = status["presses"]
    xdotool(env, "mousemove", str(x0 - 3), str(y0))
    time.sleep(STEP)
    xdotool(env, "mousemove", str(x0), str(y0))
    time.sleep(STEP)
    xdotool(env, "mousedown", "1")
    child.wait_for(lambda s: s["presses"] > presses, "the press")
    hovers = status["hovers"]
    for dx in (2, 4, 6, 9, 12, 16):  # the first few pixels: past startDragDistance
        xdotool(env, "mousemove", str(x0 + dx), str(y0 + dx // 2))
        time.sleep(STEP)
    steps = 12
    for i in range(1, steps + 1):
        xdotool(env, "mousemove", str(x0 + (x1 - x0) * i // steps),
                str(y0 + (y1 - y0) * i // steps))
        time.sleep(STEP)
    for dx in (1, 0):
        xdotool(env, "mousemove", str(x1 + dx), str(y1))
        time.sleep(STEP)
    child.wait_for(lambda s: s["hovers"] > hovers and s["quiet_moves"] == s["moves"],
                   "the drag to hover on the target, and the loop to be quiet after it")
    xdotool(env, "mouseup", "1")
    return child.wait_for(lambda s: len(s["results"]) > made, "the drop's result")["results"][-1]


def overlap(a: list[int], b: list[int]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] \
        and b[1] < a[1] + a[3]


def measure(chars: int, rows: int, pairs: int, env: dict, work: Path) -> dict:
    import scaling_data as data
    folder = data.fresh_copy(chars, rows, work)
    config = work / f"config-{chars}"
    shutil.rmtree(config, ignore_errors=True)
    child_env = {**env, "XDG_CONFIG_HOME": str(config), "QT_QPA_PLATFORM": "xcb",
                 "PYTHONPATH": str(ROOT)}
    xdotool(env, "mousemove", "1590", "990")  # parked off both windows, as a hand waits
    bare = Child("bare", work, child_env)
    real = Child("real", work, child_env, ["--data-dir", str(folder)])
    figures = {"cpu": [], "wall": [], "bare_cpu": [], "bare_wall": [], "to_drop": [],
               "bare_to_drop": []}
    try:
        b = bare.wait_for(lambda s: s.get("ready"), "the bare window")
        r = real.wait_for(lambda s: s.get("ready"), "HarmDesk, writable and maintained",
                          timeout=600)
        if overlap(b["window"], r["window"]):
            raise RuntimeError(f"the windows overlap: bare {b['window']}, HarmDesk "
                               f"{r['window']}")
        drag(bare, env)  # a first one of each warms caches up
        drag(real, env)
        for _ in range(pairs):
            took = drag(bare, env)
            figures["bare_cpu"].append(took["cpu"])
            figures["bare_wall"].append(took["wall"])
            figures["bare_to_drop"].append(took["to_drop_cpu"])
            took = drag(real, env)
            figures["cpu"].append(took["cpu"])
            figures["wall"].append(took["wall"])
            figures["to_drop"].append(took["to_drop_cpu"])
    finally:
        real.close()
        bare.close()
    return figures


def known_cost_check(pairs: int, env: dict, work: Path) -> str:
    """The bare window's drag, plain and with a drop that burns BURN more seconds of CPU,
    in turn: what the measurement sees of the burn."""
    child_env = {**env, "QT_QPA_PLATFORM": "xcb", "PYTHONPATH": str(ROOT)}
    xdotool(env, "mousemove", "1590", "990")
    bare = Child("bare", work, child_env, ["--burn", str(BURN)])
    plain, burnt = [], []
    try:
        bare.wait_for(lambda s: s.get("ready"), "the bare window")
        drag(bare, env)  # the first ones warm caches up
        drag(bare, env)
        for _ in range(pairs):
            plain.append(drag(bare, env)["cpu"])
            burnt.append(drag(bare, env)["cpu"])
    finally:
        bare.close()
    import scaling_gui as gui
    extra = [b - p for b, p in zip(burnt, plain, strict=True)]
    return (f"known-cost check ({pairs} pairs): a bare drag whose drop queues a zero-timer "
            f"burning {BURN * 1000:.1f} ms of CPU measures {gui.spread(extra)} more than the "
            f"plain one ({gui.spread(plain)})")


def own_screen(work: Path):
    """Xvfb and openbox of our own, as the end-to-end tests start them."""
    from tests.e2e.realdesk import missing_tools, start_window_manager, start_xvfb
    missing = missing_tools()
    if missing:
        raise SystemExit(f"needs {', '.join(missing)} (apt-get install xvfb xdotool openbox)")
    server, name = start_xvfb()
    manager = start_window_manager(name, work / "openbox")
    return name, (manager, server)


def main() -> None:
    import scaling_data as data
    import scaling_gui as gui

    def option(flag, default):
        return sys.argv[sys.argv.index(flag) + 1] if flag in sys.argv else default

    chars = [int(c) for c in option("--chars", "12,200,1000").split(",")]
    rows, pairs = int(option("--rows", "2000")), max(7, int(option("--pairs", "7")))
    for c in chars:
        data.build(c, rows)
    work = Path(tempfile.mkdtemp(prefix="harmdesk-x11-drag-"))
    started = ()
    if not os.environ.get("DISPLAY"):
        display, started = own_screen(work)
    else:
        display = os.environ["DISPLAY"]
    env = {**os.environ, "DISPLAY": display}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    lines = []
    try:
        check = known_cost_check(pairs, env, work)
        print(check, file=sys.stderr, flush=True)
        for c in chars:
            f = measure(c, rows, pairs, env, work)
            line = (f"| {c:,} | {gui.spread(f['cpu'])} | {gui.spread(f['bare_cpu'])} | "
                    f"{gui.ratio_spread(f['cpu'], f['bare_cpu'])} | {gui.spread(f['wall'])} | "
                    f"{gui.spread(f['bare_wall'])} | "
                    f"{gui.ratio_spread(f['wall'], f['bare_wall'])} | "
                    f"{gui.spread(f['to_drop'])} | "
                    f"{statistics.median(f['cpu']) / GOAL:.2f}× |")
            print(line, file=sys.stderr, flush=True)
            lines.append(line)
    finally:
        for process in started:
            process.terminate()
            process.wait(10)
    print(f"\nDISPLAY {display}; {rows:,} log rows; {pairs} interleaved pairs (a bare drag, "
          "then HarmDesk's); each cell min / median / max, from the button's release to the "
          "target repainted and the loop idle.\n")
    print("| characters | GUI-thread CPU | bare window's | × bare | wall | bare window's | "
          "× bare | CPU from the release to the drop event | median CPU × the goal (5 ms) |")
    print("|---:|---|---|---|---|---|---|---|---|")
    print("\n".join(lines))
    print(f"\n{check}")


if __name__ == "__main__":
    if "--child" in sys.argv:
        at = sys.argv.index("--child")
        kind, path, rest = sys.argv[at + 1], sys.argv[at + 2], sys.argv[at + 3:]
        if kind == "bare":
            sys.exit(bare_child(path, float(rest[1]) if rest[:1] == ["--burn"] else 0.0))
        sys.exit(real_child(path, rest))
    main()
