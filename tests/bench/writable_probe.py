"""`harmdesk` as the command starts it, printing `writable TIME` once its store takes drops.

    python tests/bench/writable_probe.py --data-dir DIR

The scaling benchmark spawns it and times it against a bare window spawned the same way.
It also prints the process's peak memory: `peak-writable MIB` when the store is writable,
and `peak-maintained MIB` once the integrity check and the day's backup that follow have
run; then it quits.
"""

import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def peak_rss_mib() -> float:
    """The most resident memory this process has held so far, in MiB (-1: unknown).

    Linux's VmHWM belongs to this program alone; getrusage's ru_maxrss, its fallback,
    starts from the spawning parent's size where the child was forked from it."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    try:
        import resource
    except ImportError:  # Windows
        return -1.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)  # bytes there, KiB here


def maintained() -> threading.Event:
    """An event set once the store's maintenance after the opening (the integrity check,
    the day's backup) has run: `Service.maintain` is wrapped to say so."""
    from harmdesk.desk.service import Service

    ran = threading.Event()
    real_maintain = Service.maintain

    def maintain(self):
        try:
            return real_maintain(self)
        finally:
            if not self.loading:
                ran.set()

    Service.maintain = maintain
    return ran


def writable_window():
    """The main window once its campaign is open for writing, else None."""
    from PySide6.QtWidgets import QApplication

    from harmdesk.qt.main_window import MainWindow
    windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
    c = getattr(windows[0], "controller", None) if windows else None
    if c is None or c.campaign is None or c.campaign.loading or c.read_only:
        return None
    return windows[0]


def main() -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    import harmdesk.app as app_module
    from harmdesk.cli import main as harmdesk_main

    make_app = app_module.make_app
    done = maintained()
    writable = []

    def watch() -> None:
        if not writable and writable_window() is not None:
            writable.append(True)
            print(f"writable {time.time()}", flush=True)
            print(f"peak-writable {peak_rss_mib():.1f}", flush=True)
        if writable and done.is_set():
            print(f"peak-maintained {peak_rss_mib():.1f}", flush=True)
            QApplication.instance().quit()

    def make_app_with_probe(*args, **kwargs):
        app = make_app(*args, **kwargs)
        timer = QTimer(app)
        timer.timeout.connect(watch)
        timer.start(5)
        return app

    app_module.make_app = make_app_with_probe
    return harmdesk_main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
