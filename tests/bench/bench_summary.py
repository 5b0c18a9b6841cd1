"""Summary benchmark: one play session of 2,000 events across 12 characters, as a PDF.

Run by hand: python tests/bench/bench_summary.py. Prints the time to read the session
from the store, to write the PDF, and both together (the aim: 1 s or less), as the median
of a few runs after one warm-up.
"""

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtGui import QGuiApplication

from harmdesk.desk.campaign import Campaign
from harmdesk.report.pdf import load_fonts, write_pdf
from harmdesk.report.source import from_store
from harmdesk.store import Store
from tests.report.kit import long_session

RUNS = 5


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def main() -> None:
    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 (fonts need it)
    load_fonts()
    system, sheets, actions = long_session(2000, 12)
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(folder)
        campaign = Campaign.create(store, "Bench", system, {}, sheets)
        campaign.start_play_session("Two thousand events")
        t = time.perf_counter()
        for action in actions:
            assert campaign.apply(action).ok
        print(f"setup: {len(actions)} actions applied and saved in "
              f"{time.perf_counter() - t:.1f} s")
        target = Path(folder) / "summary.pdf"
        gather, write, pages = [], [], 0
        for run in range(RUNS + 1):
            t0 = time.perf_counter()
            report = from_store(store, "Bench")
            t1 = time.perf_counter()
            pages = write_pdf(report, target)
            t2 = time.perf_counter()
            if run:  # the first run warms caches up
                gather.append(t1 - t0)
                write.append(t2 - t1)
        store.close()
        total = [g + w for g, w in zip(gather, write, strict=True)]
        print(f"summary of {report.events} events, {len(report.rows)} characters, "
              f"{pages} pages, {target.stat().st_size // 1024} KiB")
        print(f"read from the store: {ms(statistics.median(gather))}")
        print(f"write the PDF:       {ms(statistics.median(write))}")
        print(f"together:            {ms(statistics.median(total))} (aim: 1 s or less)")


if __name__ == "__main__":
    main()
