"""The summary's yardstick: its lines as its PDF lays them out, and a bare QPdfWriter
drawing as many lines (the benchmarks' `bench_scaling.py` and `bench_summary.py`)."""

from __future__ import annotations

from pathlib import Path


def summary_lines(report) -> tuple[list[str], int]:
    """The summary's lines of text as the PDF lays them out (a table row drawn as one
    inline object is one line), and its page count."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    from harmdesk.report import pdf
    from harmdesk.report.document import build_document
    buffer = QBuffer()
    buffer.setData(QByteArray())
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = pdf.new_writer(buffer, "lines")
    page_height = writer.height() - pdf.FOOTER_MM * pdf.DPI / 25.4
    doc = build_document(report, writer, writer.width(), pdf.load_fonts(), page_height)
    lines, block = [], doc.begin()
    while block.isValid():
        text, layout = block.text(), block.layout()
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            piece = text[line.textStart():line.textStart() + line.textLength()].strip()
            lines.append(piece.replace("\ufffc", "Character 123  17/20 HP  3 harm  2 wounds"))
        block = block.next()
    return lines, doc.pageCount()


def bare_pdf(lines: list[str], target: Path) -> None:
    """The yardstick of the summary: a bare QPdfWriter (A4, 300 dpi, the same font at 9
    pt) and a QPainter drawing `lines`, one drawText each, as many to a page as fit."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QFont, QFontMetricsF, QPageSize, QPainter, QPdfWriter

    from harmdesk.report.pdf import load_fonts
    writer = QPdfWriter(str(target))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setResolution(300)
    painter = QPainter(writer)
    font = QFont(load_fonts())
    font.setPointSizeF(9)
    painter.setFont(font)
    height = QFontMetricsF(font, writer).height()
    width, y = writer.width(), 0.0
    for text in lines:
        if y + height > writer.height():
            writer.newPage()
            y = 0.0
        painter.drawText(QRectF(0, y, width, height), Qt.AlignmentFlag.AlignLeft, text)
        y += height
    painter.end()
