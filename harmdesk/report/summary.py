"""The session summary as the window and the command line ask for it: which store and
play sessions it reads, and the PDF written from them (with Qt's QPdfWriter: a task's work).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import StoreError

if TYPE_CHECKING:
    from ..report.data import Report


@dataclass(frozen=True)
class SummaryRequest:
    """What a summary reads: the open store itself (its pooled connections serve the
    task's thread as well as the window's; a second store of the same file in this
    process could take SQLite's locks away from the first) and which play sessions."""

    store: Any
    campaign: str
    sessions: tuple[int, ...] | None = None    # session numbers; None: the default
    everything: bool = False


def prepare_summary() -> None:
    """Register the report's font; on the GUI thread, before a task writes a summary.
    StoreError when the font HarmDesk ships is missing."""
    from ..report.data import ReportError
    from ..report.pdf import load_fonts
    try:
        load_fonts()
    except ReportError as err:
        raise StoreError(str(err)) from None


def write_summary(source: SummaryRequest | Report, target: str | Path,
                  progress: Callable[[int], None]) -> str:
    """Write the summary PDF of `source` (a `SummaryRequest`, or a report already
    gathered) to `target`, replacing it only once complete; the path. Slow: run it as
    a task. StoreError when it cannot be written or there is nothing such to summarise."""
    written_summary(source, target, progress)
    return str(target)


def written_summary(source, target: str | Path,
                    progress: Callable[[int], object] | None = None) -> tuple[int, int]:
    """`write_summary`, answering (the PDF's pages, the events it summarises)."""
    from .data import Report, ReportError
    from .pdf import write_pdf
    from .source import from_store
    try:
        if isinstance(source, Report):
            report = source
        else:
            report = from_store(source.store, source.campaign,
                                list(source.sessions) if source.sessions else None,
                                source.everything)
        if progress is not None:
            progress(15)
        pages = write_pdf(report, str(target), progress)
    except ReportError as err:
        raise StoreError(str(err)) from None
    return pages, report.events
