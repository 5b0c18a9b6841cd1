import os
import sys
from pathlib import Path

import pytest

# Qt must never look for a display in the tests; set before any Qt import.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture
def store(tmp_path):
    """A fresh data folder's store, closed after the test."""
    from harmdesk.store import Store
    opened = Store.open(tmp_path)
    yield opened
    opened.close()
