"""Python's cycle collector held off while a summary is read and written.

A summary of a large desk makes some hundred thousand small objects (log entries, rows,
their Qt points and rectangles) that live until it is written; each of the collector's
passes over them on the way costs time and finds nothing to free. Reference counting
still frees everything at once; the collector runs again when the last summary is done.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_holders = 0
_was_enabled = False


@contextmanager
def paused() -> Iterator[None]:
    """No automatic collection inside; as it was before once every holder is out (two
    summaries may be made at once, in two threads)."""
    global _holders, _was_enabled
    with _lock:
        if _holders == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0 and _was_enabled:
                gc.enable()
