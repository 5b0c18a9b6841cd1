"""Crash stress: many more SIGKILLs than the test suite's 100, each after a random number of
confirmed steps, and the counts.

Run by hand: python tests/bench/crash_stress.py [KILLS] [--reverts]
(--reverts: the writer reverts entries too, and each kill's file is also checked for a
revert saved whole or not at all: struck marks, re-derived rows, correction rows, states.)
"""

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.store.test_crash import correcting_writer, crash_many, writer

given = [a for a in sys.argv[1:] if not a.startswith("--")]
kills = int(given[0]) if given else 2000
work = correcting_writer if "--reverts" in sys.argv else writer
with tempfile.TemporaryDirectory() as folder:
    started = time.perf_counter()
    counts = crash_many(Path(folder), kills, work=work)
    counts["seconds"] = round(time.perf_counter() - started, 1)
print("integrity ok, nothing confirmed was lost, nothing half applied:", counts)
