"""The one runner for work kept off the GUI thread: opening the store and a campaign,
import and export, the session summary.

A task takes plain data in and hands a plain result back through a signal; it never
touches widgets. What goes wrong is sorted as everywhere else (`harmdesk.errors`):
the GM's mistake or the machine's refusal comes back as a message (`failed`), and a
bug goes to the one excepthook, which shows its report (`broke` tells the caller
to tidy up).
"""

from __future__ import annotations

import sys
import threading

from PySide6.QtCore import QObject, Qt, QThread, Signal, Slot

from ..errors import StoreError, UserError


class Task(QObject):
    """Runs `fn()` in a worker thread; emits done(result), failed(message) or broke()
    on the GUI thread.

    The worker is a plain Python thread, not a QThread: quitting while it works never
    destroys a running QThread (which aborts the process), and Python's own exit lets
    it finish. A result nobody will take any more, because the window quit first (see
    `abandon`), goes to `discard` instead, which closes what it opened.
    """

    done = Signal(object)
    failed = Signal(str)
    broke = Signal()   # a bug: the excepthook has shown its report
    progress = Signal(int)  # what `fn(report)` reports, 0 to 100, when it takes `report`
    _ready = Signal()  # the worker's outcome waits in `_outcome`

    def __init__(self, fn, parent=None, discard=None, reports: bool = False,
                 paints: bool = False):
        """`reports`: `fn` takes a callback for its progress (0 to 100). `paints`: `fn`
        makes Qt objects (a PDF writer), which need a QThread's event dispatcher."""
        super().__init__(parent)
        self._fn = fn
        self._reports = reports
        self._discard = discard
        self._lock = threading.Lock()
        self._outcome: tuple[str, object] | None = None  # ("done" | "failed" | "bug", value)
        self._abandoned = False
        self._thread = (_PaintingThread(self._run) if paints
                        else threading.Thread(target=self._run, name="harmdesk-job"))
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
        try:
            return "done", self._fn(self.progress.emit) if self._reports else self._fn()
        except (StoreError, UserError) as err:
            return "failed", str(err)
        except OSError as err:  # the machine said no: a full disk, a read-only folder
            return "failed", f"Cannot write {err.filename or 'the file'}: {err.strerror or err}."
        except Exception:  # a bug: its report goes to the excepthook, on the GUI thread
            return "bug", sys.exc_info()

    @Slot()
    def _deliver(self) -> None:
        with self._lock:
            outcome, self._outcome = self._outcome, None
        if outcome is None:  # abandoned in the meantime
            return
        kind, value = outcome
        if kind == "done":
            self.done.emit(value)
        elif kind == "failed":
            self.failed.emit(value)
        else:
            sys.excepthook(*value)
            self.broke.emit()

    def _dispose(self, outcome: tuple[str, object] | None) -> None:
        if outcome is not None and outcome[0] == "done" and self._discard is not None:
            self._discard(outcome[1])


class _PaintingThread(QThread):
    """A QThread that answers like `threading.Thread`, for work that makes Qt objects.
    Its task keeps it alive, and `abandon` waits for it, so it is never destroyed while
    it runs."""

    def __init__(self, target):
        super().__init__()
        self._target = target

    def run(self) -> None:
        self._target()

    def is_alive(self) -> bool:
        return self.isRunning()

    def join(self, seconds: float) -> None:
        self.wait(int(seconds * 1000))
