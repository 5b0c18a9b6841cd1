"""A real HarmDesk window on a private X server, driven by real X11 input.

Xvfb gives the window a screen; xdotool moves the pointer and types through the
XTEST extension, so every event reaches Qt exactly as a GM's mouse would (drag
thresholds, QDrag's own event loop, the viewport's drop flag). What the window
shows comes from `window_probe.py`'s status file; what was saved comes from the
database file itself.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

PROBE = Path(__file__).with_name("window_probe.py")
SCREEN = "1600x1000x24"
PARKED = ("1590", "990")  # off the window, which opens at 1280×800 in the corner
STEP = 0.06  # seconds between pointer moves during a drag


def missing_tools() -> list[str]:
    return [tool for tool in ("Xvfb", "xdotool", "openbox") if shutil.which(tool) is None]


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """An X server on the first free display; Xvfb itself picks and reports it."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", SCREEN,
                               "-nolisten", "tcp", "-noreset"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        raise RuntimeError("Xvfb did not start")
    return server, f":{number}"


def start_window_manager(display: str, folder: Path,
                         timeout: float = 30.0) -> subprocess.Popen:
    """Openbox on `display`, as every GM has a window manager: it places, decorates and
    focuses windows, and moves what a bare X server leaves where Qt put it. Openbox runs
    its `--startup` command once it manages the screen, which is the moment to go on."""
    ready = folder / "openbox-ready"
    ready.unlink(missing_ok=True)
    env = {**os.environ, "DISPLAY": display, "HOME": str(folder),
           "XDG_CONFIG_HOME": str(folder / "config")}
    manager = subprocess.Popen(["openbox", "--sm-disable", "--startup", f"touch {ready}"],
                               env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    while not ready.exists():
        if manager.poll() is not None or time.monotonic() > deadline:
            manager.kill()
            raise RuntimeError("openbox did not start")
        time.sleep(0.05)
    return manager


class RealDesk:
    """The `harmdesk` window under the probe, on `display`, with its own data folder."""

    def __init__(self, display: str, folder: Path, artifacts: Path):
        self.display, self.folder, self.artifacts = display, folder, artifacts
        self.status_file = folder / "status.json"
        self.status_file.unlink(missing_ok=True)  # a restart must not read the last run's
        self.data_dir = folder / "data"
        env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb",
               "HOME": str(folder), "XDG_CONFIG_HOME": str(folder / "config")}
        self.env = env
        # the pointer waits off the window, as a hand does: Qt takes a window's first
        # press for an enter when the pointer was already inside it when it appeared
        self.xdotool("mousemove", *PARKED)
        self.log = open(folder / "harmdesk.log", "a")  # noqa: SIM115 (open while the window runs)
        self.process = subprocess.Popen(
            [sys.executable, str(PROBE), str(self.status_file), "--data-dir", str(self.data_dir)],
            env=env, stdout=self.log, stderr=subprocess.STDOUT)

    # reading the window -------------------------------------------------------------
    def status(self) -> dict:
        try:
            return json.loads(self.status_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def wait_for(self, test, what: str, timeout: float = 20.0) -> dict:
        """Poll the status file until `test(status)` holds; fail with `what` if it never does."""
        deadline = time.monotonic() + timeout
        status = {}
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"HarmDesk exited ({self.process.returncode}) while "
                                     f"waiting for {what}:\n{self.output()}")
            status = self.status()
            if status and test(status):
                return status
            time.sleep(0.05)
        self.screenshot(f"timeout-{what.replace(' ', '-')[:40]}")
        raise AssertionError(f"timed out waiting for {what}; last status: {status}")

    def wait_until_settled(self, quiet: float = 0.6, timeout: float = 30.0) -> dict:
        """Wait until the window is open for writing and its layout has stopped moving:
        the docks are laid out after the first frame, so early positions are stale."""
        def layout(s):
            return (s.get("tiles"), s.get("chips"), s.get("gang_slot"), s.get("quick_entry"))
        ready = self.wait_for(lambda s: s.get("writable") and s.get("chips") and s.get("tiles"),
                              "the desk, open for writing", timeout)
        deadline = time.monotonic() + timeout
        last, since = layout(ready), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.1)
            now = layout(self.status())
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return self.status()
        raise AssertionError("the window's layout never settled")

    def wait_for_dialog(self, title: str, what: str, timeout: float = 20.0) -> dict:
        """Until a dialog whose title starts with `title` is shown and has the keyboard:
        it is on the screen before the X server gives it the focus, and keys sent in
        between go to the window it blocks, which drops them."""
        return self.wait_for(lambda s: (s.get("dialog") or "").startswith(title)
                             and s.get("dialog_active") and s.get("dialog_focus"),
                             what, timeout)

    def wait_for_desk_keys(self, what: str = "the desk to have the keyboard") -> dict:
        """Until the GM's window has the keyboard (its shortcuts take keys only then)."""
        return self.wait_for(lambda s: s.get("desk_active"), what)

    def output(self) -> str:
        self.log.flush()
        return (self.folder / "harmdesk.log").read_text(encoding="utf-8", errors="replace")

    def centre(self, rect) -> tuple[int, int]:
        x, y, w, h = rect
        return x + w // 2, y + h // 2

    def tile(self, cid: str) -> tuple[int, int]:
        return self.centre(self.status()["tiles"][cid])

    def chip(self, text_start: str) -> tuple[int, int]:
        for chip in self.status().get("chips", []):
            if chip["text"].startswith(text_start):
                return self.centre(chip["rect"])
        raise AssertionError(f"no chip starting {text_start!r} in the tray")

    def screenshot(self, name: str) -> Path:
        self.artifacts.mkdir(parents=True, exist_ok=True)
        path = self.artifacts / f"{name}.png"
        if shutil.which("import"):
            subprocess.run(["import", "-display", self.display, "-window", "root", str(path)],
                           env=self.env, check=False, timeout=20,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return path

    # real input ---------------------------------------------------------------------
    def xdotool(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=True, timeout=20)

    def move(self, x: int, y: int) -> None:
        self.xdotool("mousemove", str(x), str(y))

    def click(self, x: int, y: int, modifier: str | None = None) -> None:
        self.move(x - 3, y)
        time.sleep(0.1)
        self.move(x, y)
        time.sleep(0.2)
        if modifier:
            self.xdotool("keydown", modifier)
        self.xdotool("click", "1")
        if modifier:
            self.xdotool("keyup", modifier)
        time.sleep(0.1)

    def key(self, *keys: str) -> None:
        # no --clearmodifiers: it counts a held mouse button as a modifier and lets it go
        self.xdotool("key", *keys)

    def type(self, text: str) -> None:
        self.xdotool("type", "--delay", "20", text)

    def press_and_carry(self, start: tuple[int, int], end: tuple[int, int],
                        steps: int = 12) -> None:
        """Press at `start`, move past the drag threshold in small steps, glide to `end`
        and wiggle there so the target sees drag moves; the button stays down."""
        x0, y0 = start
        self.move(x0 - 3, y0)  # arrive first, as a hand does, so the widget sees the pointer
        time.sleep(0.1)
        self.move(x0, y0)
        time.sleep(0.2)
        self.xdotool("mousedown", "1")
        time.sleep(0.2)
        # a hand's pace: Qt's X11 drag answers each move before it takes the next, and
        # moves that come faster than that are dropped, leaving the drag behind the pointer
        for dx in (2, 4, 6, 9, 12, 16):  # the first few pixels: past startDragDistance
            self.move(x0 + dx, y0 + dx // 2)
            time.sleep(STEP)
        x1, y1 = end
        for i in range(1, steps + 1):
            self.move(x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps)
            time.sleep(STEP)
        for dx in (1, 0, -1, 0):
            self.move(x1 + dx, y1)
            time.sleep(STEP)

    def release(self) -> None:
        self.xdotool("mouseup", "1")

    def drag(self, start, end) -> None:
        self.press_and_carry(start, end)
        self.release()

    # reading the database file ----------------------------------------------------
    # (each connection is closed at once: one left for the garbage collector would hold
    # its lock on the file, hiding from a test what the window's own locks do)
    def saved_actions(self) -> list[dict]:
        """The applied (not undone) actions of the open campaign, oldest first."""
        path = self.data_dir / "harmdesk.sqlite"
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            campaign = self._campaign_id(db)
            rows = db.execute("SELECT action FROM log WHERE campaign_id = ? AND undone = 0 "
                              "ORDER BY seq", (campaign,)).fetchall()
        return [json.loads(r[0]) for r in rows]

    def saved_state(self, cid: str) -> dict:
        path = self.data_dir / "harmdesk.sqlite"
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            row = db.execute("SELECT state FROM character WHERE campaign_id = ? AND cid = ?",
                             (self._campaign_id(db), cid)).fetchone()
        return json.loads(row[0])

    def saved_settings(self) -> dict:
        """The open campaign's settings now (the running encounter among them)."""
        path = self.data_dir / "harmdesk.sqlite"
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            row = db.execute("SELECT settings FROM campaign WHERE id = ?",
                             (self._campaign_id(db),)).fetchone()
        return json.loads(row[0])

    def _campaign_id(self, db) -> int:
        title = self.status().get("title", "")
        for cid, name in db.execute("SELECT id, name FROM campaign"):
            if title.startswith(name):
                return cid
        raise AssertionError(f"no campaign in the file matches the title {title!r}")

    def quit(self) -> int:
        """Ctrl+Q, as the GM quits; the exit code once the app has gone."""
        self.key("ctrl+q")
        try:
            return self.process.wait(20)
        finally:
            self.log.close()

    def close(self) -> None:
        self.release()  # a test that failed mid-drag must not leave the button down
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        if not self.log.closed:
            self.log.close()


def focus_tiles(desk: RealDesk, cid: str = "caradoc") -> None:
    """A click on a tile selects it and gives the window the keyboard, which comes a
    moment after the selection."""
    desk.click(*desk.tile(cid))
    desk.wait_for(lambda s: s.get("selected") == [cid] and s.get("desk_active"),
                  f"{cid} selected by a click, and the keyboard in the window")


def quick_entry(desk: RealDesk, text: str, count: int) -> list[dict]:
    """Ctrl+L, `text`, Enter: applied to the selected tiles; the saved actions once there
    are `count` of them."""
    desk.wait_for_desk_keys()
    desk.key("ctrl+l")
    desk.wait_for(lambda s: s.get("focus_name") == "quickEntry", "Ctrl+L to reach the quick entry")
    desk.type(text)
    desk.wait_for(lambda s: s.get("quick_text") == text, f"{text!r} in the quick entry")
    desk.key("Return")
    return wait_saved(desk, count)


def poll(test, what: str, timeout: float) -> None:
    """Until `test()` holds (what the status file does not show: a file, the database)."""
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def wait_saved(desk: RealDesk, count: int) -> list[dict]:
    """The saved actions once there are `count` of them."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        actions = desk.saved_actions()
        if len(actions) >= count:
            return actions
        time.sleep(0.05)
    raise AssertionError(f"expected {count} saved steps, found {len(desk.saved_actions())}")


def settle(desk: RealDesk) -> None:
    """Give a cancelled gesture the time a wrongly applied one would need to be saved."""
    time.sleep(1.0)
    desk.wait_for(lambda s: not s.get("previews"), "the previews to clear")


def wait_undone(desk: RealDesk, count: int) -> list[dict]:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        actions = desk.saved_actions()
        if len(actions) == count:
            return actions
        time.sleep(0.05)
    raise AssertionError(f"expected {count} applied steps, found {len(desk.saved_actions())}")
