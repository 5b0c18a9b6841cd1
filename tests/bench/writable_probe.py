"""`harmdesk` as the command starts it, printing `writable TIME` once its store takes drops.

    python tests/bench/writable_probe.py --data-dir DIR

The scaling benchmark spawns it and times it against a bare window spawned the same way.
"""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def main() -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    import harmdesk.app as app_module
    from harmdesk.cli import main as harmdesk_main

    make_app = app_module.make_app

    def watch() -> None:
        from harmdesk.qt.main_window import MainWindow
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
        c = windows[0].controller if windows else None
        if c is not None and c.campaign is not None and not c.campaign.loading \
                and not c.read_only:
            print(f"writable {time.time()}", flush=True)
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
