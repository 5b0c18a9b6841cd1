"""Screenshots of the creature library and its copies, to read by eye (run by hand, not a
test):

    python tests/e2e/library_screens.py [FOLDER]

saves FOLDER/*.png (default /tmp/harmdesk-library-shots): `library.png`, the window on the
Stonetop demo
with the library dock shown; `add_dialog.png`, the add dialog for six coedwig; and
`desk_and_players.png`, the desk with the six numbered copies, hidden, beside the players'
display, which leaves them out. The real window, in this process (offscreen unless
QT_QPA_PLATFORM says otherwise), on a fresh data folder.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def until(app, test, what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise SystemExit(f"timed out waiting for {what}")
        app.processEvents()
        time.sleep(0.01)


def settle(app, turns: int = 20) -> None:
    for _ in range(turns):
        app.processEvents()


def beside(left, right, gap: int = 16):
    """Two grabs side by side on one image, tops aligned."""
    from PySide6.QtGui import QColor, QPainter, QPixmap
    out = QPixmap(left.width() + gap + right.width(), max(left.height(), right.height()))
    out.fill(QColor("#404040"))
    painter = QPainter(out)
    painter.drawPixmap(0, 0, left)
    painter.drawPixmap(left.width() + gap, 0, right)
    painter.end()
    return out


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/harmdesk-library-shots")
    folder.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="harmdesk-library-shots-"))
    os.environ["XDG_CONFIG_HOME"] = str(work / "config")  # the window remembers nothing here
    from harmdesk.app import make_app
    from harmdesk.qt.main_window import MainWindow

    app = make_app()
    window = MainWindow()
    window.resize(1400, 860)
    window.show()
    window.campaign_menus.load(str(work / "data"))
    c = window.controller
    until(app, lambda: c.campaign is not None and not c.campaign.loading and not c.read_only,
          "the demo campaign, open for writing")
    settle(app)
    if getattr(window, "library", None) is None:
        raise SystemExit("this window has no library dock")
    window.library.toggle_action.trigger()
    until(app, lambda: window.library.dock.isVisible(), "the library dock")
    settle(app)
    window.grab().save(str(folder / "library.png"))
    print(folder / "library.png")

    coedwig = next(t for t in c.service.library() if t.name == "Coedwig")
    window.copies.ask(coedwig.id)
    dialog = window.copies.dialog
    until(app, lambda: dialog.isVisible(), "the add dialog")
    dialog.ui.count.setValue(6)
    hp = dialog.extra_boxes.get("hp")
    if hp is not None:  # the starter leaves the coedwig's HP to the GM
        hp.setText("3")
    settle(app)
    dialog.grab().save(str(folder / "add_dialog.png"))
    print(folder / "add_dialog.png")
    dialog.accept()
    until(app, lambda: window.copies.dialog is None, "the copies added")

    window.player_display.set_shown(True)
    until(app, lambda: window.player_display.display is not None
          and window.player_display.display.isVisible(), "the players' display")
    players = window.player_display.display
    players.resize(760, 860)
    settle(app, 40)
    window.activateWindow()
    settle(app)
    beside(window.grab(), players.grab()).save(str(folder / "desk_and_players.png"))
    print(folder / "desk_and_players.png")
    players.close()
    c.service.close()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
