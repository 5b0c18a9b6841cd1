"""Screenshots of who hurt whom, to read by eye (run by hand, not a test):

    python tests/e2e/recap_screens.py [FOLDER]

saves FOLDER/*.png (default /tmp/harmdesk-recap-shots): `statistics.png`, the Statistics
page counting the night's encounter on the Stonetop demo; `recap_dialog.png`, File →
Export recap… with a "Story so far"; `recap_phone.png`, the players' HTML recap in
Chromium at a phone's width (when Chromium is installed); `summary_page.png`, the
summary PDF's "Who hurt whom" page (with poppler's pdftoppm). The real window, in this
process (offscreen unless QT_QPA_PLATFORM says otherwise), on a fresh data folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.e2e.library_screens import settle, until  # noqa: E402

NIGHT = [{"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"},
         {"type": "damage", "target": "hagr", "amount": 6, "source": "heavy"},
         {"type": "damage", "target": "vahid", "amount": 5, "source": "hagr"},
         {"type": "damage", "target": "hagr", "amount": 4, "source": "caradoc"},
         {"type": "damage", "target": "caradoc", "amount": 3}]
STORY = ("The hagr came out of the wood at dusk. The Heavy held the ford while Caradoc "
         "caught it on the far bank.")


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/harmdesk-recap-shots")
    folder.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="harmdesk-recap-shots-"))
    os.environ["XDG_CONFIG_HOME"] = str(work / "config")  # the window remembers nothing here
    from PySide6.QtWidgets import QApplication

    from harmdesk.app import make_app
    from harmdesk.qt.main_window import MainWindow

    app = make_app()
    window = MainWindow()
    window.resize(1400, 760)
    window.show()
    window.campaign_menus.load(str(work / "data"))
    c = window.controller
    until(app, lambda: c.campaign is not None and not c.campaign.loading and not c.read_only,
          "the demo campaign, open for writing")
    c.start_play_session("At the ford")
    assert c.submit({"type": "edit_character", "target": "hagr",
                     "changes": {"players_see": "full"}})
    assert c.submit({"type": "start_encounter", "order": ["heavy", "caradoc", "vahid", "hagr"]})
    for action in NIGHT:
        assert c.submit(action), action
    window.ui.actionShowStatistics.trigger()
    combo = window.ui.statisticsScope
    until(app, lambda: combo.count() > 2, "the encounter among the scopes")
    combo.setCurrentIndex(1)
    until(app, lambda: window.statistics.task is None
          and window.ui.statisticsTable.model().rowCount() > 0, "the encounter counted")
    settle(app)
    window.grab().save(str(folder / "statistics.png"))
    print(folder / "statistics.png")

    window.ui.actionExportRecap.trigger()
    dialog = next(w for w in QApplication.topLevelWidgets()
                  if w.objectName() == "ExportRecapDialog" and w.isVisible())
    dialog.ui.story.setPlainText(STORY)
    dialog.ui.format.setCurrentIndex(dialog.ui.format.findData("html"))
    settle(app)
    dialog.grab().save(str(folder / "recap_dialog.png"))
    print(folder / "recap_dialog.png")
    page = work / "recap.html"
    dialog.ui.format.setCurrentIndex(dialog.ui.format.findData("html"))
    job = c.service.recap_job("session", "players", "html", None)
    dialog.keep_story()
    page.write_text(job(lambda _: None), "utf-8")
    dialog.close()

    chromium = shutil.which("chromium")
    if chromium:
        shot = folder / "recap_phone.png"
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                        "--hide-scrollbars", f"--screenshot={shot}", "--window-size=390,1100",
                        page.as_uri()], check=True, capture_output=True, timeout=120)
        print(shot)

    from harmdesk.report.summary import prepare_summary, written_summary
    prepare_summary()
    pdf = work / "summary.pdf"
    written_summary(c.service.summary_request(c.service.play_sessions()[-1:], False), pdf)
    if shutil.which("pdftotext") and shutil.which("pdftoppm"):
        pages = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                               text=True, check=True).stdout.split("\f")
        number = next(i for i, p in enumerate(pages, 1) if "Who hurt whom" in p)
        subprocess.run(["pdftoppm", "-png", "-r", "70", "-f", str(number), "-l", str(number),
                        "-singlefile", str(pdf), str(folder / "summary_page")], check=True)
        print(folder / "summary_page.png")
    c.service.close()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
