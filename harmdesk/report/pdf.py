"""Writing the summary as a PDF with Qt's own writer: A4, the shipped DejaVu font, page
numbers, and the file replaced only once it is complete.

Needs a QGuiApplication (fonts). QPdfWriter is a paint device, not a widget, so this may
run in a worker thread.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFontDatabase,
    QFontMetricsF,
    QGuiApplication,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from ..files import write_atomically
from ..resources import resource_path
from . import collector
from .charts import font
from .data import Report, ReportError
from .document import build_document

FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
DPI = 300
MARGINS_MM = QMarginsF(16, 14, 16, 12)
FOOTER_MM = 7

_fonts_lock = threading.Lock()
_family: str | None = None

Progress = Callable[[int], None]


def load_fonts() -> str:
    """Register the shipped font once and return its family. Without it, a machine with no
    system fonts gets a PDF without any text and no warning, so a missing file is an error."""
    global _family
    with _fonts_lock:
        if _family is None:
            if QGuiApplication.instance() is None:
                raise ReportError("Writing a PDF needs a QGuiApplication (for its fonts).")
            families = []
            for name in FONT_FILES:
                path = resource_path("fonts", name)
                font_id = QFontDatabase.addApplicationFont(str(path)) if path.is_file() else -1
                if font_id < 0:
                    raise ReportError(f"The report font {path} is missing or unreadable; "
                                      "reinstall HarmDesk.")
                families += QFontDatabase.applicationFontFamilies(font_id)
            _family = families[0]
        return _family


def new_writer(device: QIODevice, title: str) -> QPdfWriter:
    writer = QPdfWriter(device)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageOrientation(QPageLayout.Orientation.Portrait)
    writer.setResolution(DPI)
    writer.setPageMargins(MARGINS_MM, QPageLayout.Unit.Millimeter)
    writer.setTitle(title)
    writer.setCreator("HarmDesk")
    return writer


def render(report: Report, progress: Progress | None = None) -> tuple[bytes, int]:
    """The PDF's bytes and its page count."""
    step = progress or (lambda _p: None)
    family = load_fonts()
    buffer = QBuffer()
    buffer.setData(QByteArray())
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    h = report.header
    writer = new_writer(buffer, f"{h.campaign} — {h.scope}")
    mm = DPI / 25.4
    width, height = writer.width(), writer.height()
    page_height = height - FOOTER_MM * mm
    doc = build_document(report, writer, width, family, page_height)
    step(30)
    pages = doc.pageCount()
    step(45)
    footer_left = f"{h.campaign} · {h.scope}"
    painter = QPainter()
    if not painter.begin(writer):
        raise ReportError("Qt could not start the PDF writer.")
    try:
        for page in range(pages):
            if page:
                writer.newPage()
            painter.save()
            painter.translate(0, -page * page_height)
            # a block moved to the next page starts right at this page's foot, where Qt
            # would draw it too: clipped out of sight, but there for a viewer's search
            doc.drawContents(painter, QRectF(0, page * page_height, width, page_height - 1))
            painter.restore()
            footer(painter, family, QRectF(0, page_height, width, FOOTER_MM * mm), mm,
                   footer_left, f"Page {page + 1} of {pages}")
            step(45 + 50 * (page + 1) // pages)
    finally:
        painter.end()
    buffer.close()
    return bytes(buffer.data()), pages


def footer(painter: QPainter, family: str, area: QRectF, mm: float, left: str,
           right: str) -> None:
    painter.save()
    small = font(family, 7.5)
    painter.setFont(small)
    metrics = QFontMetricsF(small, painter.device())
    painter.setPen(QPen(QColor("#c3c9d0"), 0.25 * mm))
    top = area.top() + 2 * mm
    painter.drawLine(area.left(), top, area.right(), top)
    painter.setPen(QColor("#52606d"))
    line = QRectF(area.left(), top + 1 * mm, area.width(), metrics.height())
    room = area.width() - metrics.horizontalAdvance(right) - 8 * mm
    painter.drawText(line, Qt.AlignmentFlag.AlignLeft,
                     metrics.elidedText(left, Qt.TextElideMode.ElideRight, room))
    painter.drawText(line, Qt.AlignmentFlag.AlignRight, right)
    painter.restore()


def write_pdf(report: Report, target: str | os.PathLike,
              progress: Progress | None = None) -> int:
    """Write the summary to `target` and return its page count.

    The PDF goes to a temporary file beside the target, which replaces the target only
    when complete (os.replace), so a failure never leaves half a file behind.
    """
    target = Path(target)
    with collector.paused():
        data, pages = render(report, progress)
    try:
        write_atomically(target, data)
    except OSError as err:
        raise ReportError(f"Cannot write {target}: {err.strerror or err}.") from None
    if progress:
        progress(100)
    return pages
