"""Crash stress: many more SIGKILLs than the test suite's 100, each after a random number of
confirmed steps, and the counts.

Run by hand: python tests/bench/crash_stress.py [KILLS]
"""

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.store.test_crash import crash_many

kills = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
with tempfile.TemporaryDirectory() as folder:
    started = time.perf_counter()
    counts = crash_many(Path(folder), kills)
    counts["seconds"] = round(time.perf_counter() - started, 1)
print("integrity ok, nothing confirmed was lost, nothing half applied:", counts)
