"""Work kept off the GUI thread: opening the store and a campaign, import and export.

Workers take plain data in and hand plain results (or an error message) back
through signals; they never touch widgets and never swallow an exception.
"""

from __future__ import annotations

import json
import traceback

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
        except OSError as err:  # the machine said no: a full disk, a read-only folder
            self.failed.emit(f"Cannot write {err.filename or 'the file'}: {err.strerror or err}.")
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
    """The campaign export, written whole or not at all."""
    from ..files import write_atomically
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return str(write_atomically(path, text.encode("utf-8")))
