"""Work kept off the GUI thread: opening the store and a campaign, import and export.

Workers take plain data in and hand plain results (or an error message) back
through signals; they never touch widgets and never swallow an exception.
"""

from __future__ import annotations

import json
import os
import tempfile
import traceback
from pathlib import Path

from PySide6.QtCore import QObject, QThread, Signal


class Job(QObject):
    """Runs `fn()` in its own thread; emits done(result) or failed(message)."""

    done = Signal(object)
    failed = Signal(str)

    def __init__(self, fn, parent=None):
        super().__init__()
        self._fn = fn
        self._thread = QThread(parent)
        self.moveToThread(self._thread)
        self._thread.started.connect(self._run)
        self.done.connect(self._thread.quit)
        self.failed.connect(self._thread.quit)
        self._thread.finished.connect(self._thread.deleteLater)

    def start(self) -> None:
        self._thread.start()

    def wait(self, ms: int = 30000) -> bool:
        return self._thread.wait(ms)

    def _run(self) -> None:
        from ..store import StoreError
        try:
            result = self._fn()
        except StoreError as err:
            self.failed.emit(str(err))
        except Exception as err:  # a bug: say so plainly, with the details for a report
            self.failed.emit(f"Something went wrong: {err}\n\n{traceback.format_exc(limit=3)}")
        else:
            self.done.emit(result)


def open_desk(data_dir, name: str | None = None):
    """Open the store (making the demo campaigns on first run) and a campaign:
    `name`, else the one used last."""
    from ..campaign import Campaign
    from ..demo import ensure_demo
    from ..store import Store, StoreError

    store = Store.open(data_dir)
    ensure_demo(store)
    listed = store.campaigns()
    if name is None:
        if not listed:
            return store, None
        name = listed[0]["name"]
    try:
        return store, Campaign.open(store, name)
    except StoreError:
        store.close()
        raise


def write_json(path: str, data: dict) -> str:
    """Write to a temporary file beside the target, then replace it: never half a file."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=".harmdesk-", suffix=".json", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=1)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return str(target)
