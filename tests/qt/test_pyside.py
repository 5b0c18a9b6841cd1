"""Guards against a broken Qt binding: PySide6 6.12.0 drops a reference to None on every
void QPainter call (setFont, setPen, setBrush), and Python 3.11 then aborts mid-paint."""

import sys

from PySide6.QtGui import QColor, QFont, QImage, QPainter


def test_painting_keeps_none_alive(qapp):
    image = QImage(16, 16, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    font = QFont()
    before = sys.getrefcount(None)
    for _ in range(2000):
        painter.setFont(font)
        painter.setPen(QColor(1, 2, 3))
        painter.setBrush(QColor(1, 2, 3))
    after = sys.getrefcount(None)
    painter.end()
    assert after - before > -1000, "this PySide6 leaks references to None: pin another version"
