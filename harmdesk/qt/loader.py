"""Work kept off the GUI thread: opening the store and a campaign, import and export.

Workers take plain data in and hand plain results (or an error message) back
through signals; they never touch widgets and never swallow an exception.
"""

from __future__ import annotations

import json
import threading
import traceback

from PySide6.QtCore import QObject, Qt, Signal, Slot


class Job(QObject):
    """Runs `fn()` in a worker thread; emits done(result) or failed(message) on the GUI thread.

    The worker is a plain Python thread, not a QThread: quitting while it works never
    destroys a running QThread (which aborts the process), and Python's own exit lets
    it finish. A result nobody will take any more, because the window quit first (see
    `abandon`), goes to `discard` instead, which closes what it opened.
    """

    done = Signal(object)
    failed = Signal(str)
    _ready = Signal()  # the worker's outcome waits in `_outcome`

    def __init__(self, fn, parent=None, discard=None):
        super().__init__(parent)
        self._fn = fn
        self._discard = discard
        self._lock = threading.Lock()
        self._outcome: tuple[str, object] | None = None  # ("done" | "failed", value)
        self._abandoned = False
        self._thread = threading.Thread(target=self._run, name="harmdesk-job")
        self._ready.connect(self._deliver, Qt.ConnectionType.QueuedConnection)

    def start(self) -> None:
        self._thread.start()

    def running(self) -> bool:
        return self._thread.is_alive()

    def settled(self) -> bool:
        """Finished, and its outcome handed over or discarded."""
        with self._lock:
            return not self._thread.is_alive() and self._outcome is None

    def wait(self, seconds: float = 30.0) -> bool:
        """Block until the worker is done, at most `seconds`; True if it is done."""
        self._thread.join(seconds)
        return not self._thread.is_alive()

    def abandon(self, seconds: float) -> None:
        """The window is going: wait up to `seconds` for the worker, then nobody takes its
        result any more. A result already waiting is discarded here; one still to come,
        by the worker itself when it is done."""
        self.wait(seconds)
        with self._lock:
            self._abandoned = True
            outcome, self._outcome = self._outcome, None
        self._dispose(outcome)

    def _run(self) -> None:
        outcome = self._attempt()
        with self._lock:
            if not self._abandoned:
                self._outcome = outcome
                try:
                    self._ready.emit()
                    return
                except RuntimeError:  # the window and this job are gone already
                    self._outcome = None
        self._dispose(outcome)

    def _attempt(self) -> tuple[str, object]:
        from ..store import StoreError
        try:
            return "done", self._fn()
        except StoreError as err:
            return "failed", str(err)
        except OSError as err:  # the machine said no: a full disk, a read-only folder
            return "failed", f"Cannot write {err.filename or 'the file'}: {err.strerror or err}."
        except Exception as err:  # a bug: say so plainly, with the details for a report
            return "failed", f"Something went wrong: {err}\n\n{traceback.format_exc(limit=3)}"

    @Slot()
    def _deliver(self) -> None:
        with self._lock:
            outcome, self._outcome = self._outcome, None
        if outcome is None:  # abandoned in the meantime
            return
        kind, value = outcome
        if kind == "done":
            self.done.emit(value)
        else:
            self.failed.emit(value)

    def _dispose(self, outcome: tuple[str, object] | None) -> None:
        if outcome is not None and outcome[0] == "done" and self._discard is not None:
            self._discard(outcome[1])


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


def close_desk(result) -> None:
    """Discard what `open_desk` opened: close its store."""
    store, _campaign = result
    store.close()


def write_json(path: str, data: dict) -> str:
    """The campaign export, written whole or not at all."""
    from ..files import write_atomically
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return str(write_atomically(path, text.encode("utf-8")))
