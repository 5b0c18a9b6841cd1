"""Text that may hold what the GM typed (a name, a wound, a path, an error quoting one),
shown exactly as typed.

Qt guesses whether a tooltip's or a static QMessageBox helper's text is rich text, so
a character named `<b>Bold</b>` would show in bold, and a shared file quoting
`<a href=…>` as a link. Escaped and marked as rich text, a name reads as it was typed;
a box built here shows plain text instead, as every label that shows a name does. On a
button or in a menu, `&` marks the shortcut, so a name's own is doubled.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as QtGui
from PySide6.QtWidgets import QMessageBox, QWidget


def plain_tip(text: str) -> str:
    """`text` as a tooltip that shows every character as typed, its spaces and line
    breaks kept."""
    if not text:
        return ""
    return '<qt style="white-space:pre-wrap">' + html.escape(str(text), quote=False) + "</qt>"


def plain_message(text: str) -> str:
    """`text` for a box that guesses its format: unchanged where Qt shows it as plain
    text anyway, else escaped, so it still reads as typed."""
    return plain_tip(text) if QtGui.mightBeRichText(text) else text


def plain_button(text: str) -> str:
    """A name on a button or a menu entry: its `&` shown, never taken as a shortcut."""
    return text.replace("&", "&&")


def note_box(parent: QWidget | None, title: str, text: str) -> QMessageBox:
    """A warning box, not shown yet, that shows `text` as plain text."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok,
                      parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    return box
