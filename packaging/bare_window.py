"""A bare PySide6 window, frozen the same way as HarmDesk, as the yardstick for start-up.

With HARMDESK_FIRST_PAINT_PROBE set it prints the time of its first paint and quits.
"""

import os
import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow


class FirstPaint(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and os.environ.get("HARMDESK_FIRST_PAINT_PROBE"):
            print(f"first-paint {time.time()}", flush=True)
            QTimer.singleShot(0, QApplication.instance().quit)
        return False


app = QApplication(sys.argv[:1])
window = QMainWindow()
window.resize(1280, 800)
probe = FirstPaint()
window.installEventFilter(probe)
window.show()
sys.exit(app.exec())
