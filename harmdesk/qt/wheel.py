"""The mouse wheel turns a combo box or a spin box only once the GM has chosen it (given
it the keyboard focus with a click or Tab). Over one without the focus the wheel goes on
to what holds it, so scrolling a list of settings scrolls it and never changes a value
on the way.

One filter on the application does it for every window and dialog, present and future.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QComboBox

VALUE_WIDGETS = (QComboBox, QAbstractSpinBox)  # what the wheel would change


class WheelNeedsFocus(QObject):
    """An application event filter on the value widgets: the wheel never gives them the
    focus, and a wheel over one without it is ignored, so Qt offers it to the parents
    (a scroll area scrolls)."""

    def eventFilter(self, obj, event) -> bool:
        if not isinstance(obj, VALUE_WIDGETS):
            return False
        if event.type() == QEvent.Type.Polish \
                and obj.focusPolicy() == Qt.FocusPolicy.WheelFocus:
            # Qt gives a WheelFocus widget the focus before it delivers the wheel
            obj.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        elif event.type() == QEvent.Type.Wheel and not obj.hasFocus():
            event.ignore()
            return True
        return False


def install_wheel_policy(app: QApplication) -> WheelNeedsFocus:
    """Install the policy on `app` once; the filter is kept on the application."""
    policy = getattr(app, "_harmdesk_wheel_policy", None)
    if policy is None:
        policy = WheelNeedsFocus(app)
        app.installEventFilter(policy)
        app._harmdesk_wheel_policy = policy
    return policy
