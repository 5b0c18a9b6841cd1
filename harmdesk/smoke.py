"""`harmdesk --smoke`: the whole app, end to end, in a temporary data folder.

Opens the main window, loads the demo campaign, applies and undoes one action,
writes a session summary PDF, and exits 0 (or 1 with the step that failed). Run on
a source install and on the frozen bundle after each build. The temporary folder (its
database, backups and PDF) is removed on the way out, whatever happened.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path


def run_smoke() -> int:
    from PySide6.QtCore import QSettings, QTimer

    from .app import make_app

    folder = Path(tempfile.mkdtemp(prefix="harmdesk-smoke-"))
    for kind in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        # the window's settings too stay in the folder that goes: nothing in the GM's own
        QSettings.setPath(kind, QSettings.Scope.UserScope, str(folder / "settings"))
    app = make_app()
    from .qt.main_window import MainWindow

    window = MainWindow(deferred=True)
    window.resize(1280, 800)
    result: dict = {"data_dir": str(folder)}

    def fail(step: str, why: str) -> None:
        result.update(ok=False, step=step, error=why)
        app.exit(1)

    def check() -> None:
        campaign = window.controller.campaign
        if campaign is None or campaign.loading:
            return  # not the store yet
        try:
            result["campaign"] = campaign.name
            heavy = campaign.state["characters"]["heavy"]["hp"]
            if not window.controller.submit({"type": "damage", "target": "heavy", "amount": 5,
                                             "piercing": 1}):
                return fail("apply", "the demo's damage was refused")
            hurt = window.controller.state["characters"]["heavy"]["hp"]
            window.controller.stack.undo()
            back = window.controller.state["characters"]["heavy"]["hp"]
            if not (hurt == heavy - 4 and back == heavy):
                return fail("undo", f"HP {heavy} → {hurt} → {back}")
            from .report.pdf import write_pdf
            from .report.source import from_store
            pdf = folder / "summary.pdf"
            pages = write_pdf(from_store(campaign.store, campaign.name, everything=True), pdf)
            result.update(ok=True, hp=[heavy, hurt, back], pages=pages,
                          pdf_bytes=pdf.stat().st_size)
            campaign.close()
            app.exit(0)
        except Exception as err:  # the smoke test reports, it does not hide
            fail("exception", f"{type(err).__name__}: {err}")

    def start() -> None:
        window.finish_setup()
        window.campaign_menus._failed = lambda message: fail("open", message)
        window.controller.campaignChanged.connect(lambda: QTimer.singleShot(0, check))
        window.campaign_menus.load(folder)

    window.firstPainted.connect(start)
    QTimer.singleShot(60_000, lambda: fail("timeout", "nothing happened for a minute"))
    window.show()
    code = 1
    try:
        code = app.exec()  # quitting closes the store (the window's aboutToQuit)
    finally:
        code = _removed(folder, result, code)
    sys.stdout.write(json.dumps(result) + "\n")
    return code


def _removed(folder: Path, result: dict, code: int) -> int:
    """Remove the smoke test's own folder; one that stays is said, and fails the test."""
    try:
        shutil.rmtree(folder)
    except FileNotFoundError:
        pass
    except OSError as err:
        result.update(ok=False, step="cleanup",
                      error=f"could not remove {folder} ({err.strerror or err})")
        return 1
    return code
