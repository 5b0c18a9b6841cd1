"""The tray's building blocks: the prepared dangers, the gang's summary, the flow layout
and the chip button. Which chips a game offers is its display profile's.

A chip is dragged (QDrag with the session's MIME_TYPE) once the mouse has moved
QApplication.startDragDistance() with the button held; a plain click, Space or
Enter emits `activated(chip)` instead, and the window asks before applying it to
the selected tiles. The mouse resting on a chip emits `hovered(chip)`, and
`hovered(None)` when it leaves, so the selected tiles can preview it. The chip
itself is built by a factory at that moment.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QByteArray, QMimeData, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QDrag
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QLayout,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from ..desk.chips import MIME_TYPE, decode as decode_chip, encode as encode_chip
from ..desk.display import modifier_words
from ..desk.library import attack_words
from .plain import plain_button, plain_tip

ChipFactory = Callable[[], "dict | None"]

# a chip that will take ticked modifiers gets a dark outline: same width, so it stays put
TAKES_STYLE = '\nQPushButton[chip][takes="true"]:enabled { border-color: #202020; }'

HEAL_DICE = ("d4", "d6", "d8")
# Suggestions only: the damage-type box takes any snake_case name (FF-8).
COMMON_TYPES = ("slashing", "piercing", "bludgeoning", "fire", "cold", "lightning", "poison",
                "acid", "psychic")


def dangers(state: dict, kinds) -> list[tuple[str, str, str]]:
    """(id, chip label, tooltip) for each character of `kinds` (NPCs and monsters) with an
    `attack` on its sheet."""
    found = (danger_of(cid, char, kinds) for cid, char in state["characters"].items())
    return [d for d in found if d is not None]


def danger_of(cid: str, char: dict, kinds) -> tuple[str, str, str] | None:
    """`char`'s danger chip (id, chip label, tooltip), or None when it offers none."""
    attack = char.get("attack")
    if char.get("kind") not in kinds or not isinstance(attack, dict) or \
            not attack.get("dice"):
        return None
    tip = (f"{char['name']}: {attack_words(attack)}. Drag onto a tile to attack it, "
           "or into the gang slot; the ticked modifiers apply to it too.")
    return cid, f"{char['name']} {attack['dice']}", tip


def action_label(action: dict) -> str:
    """The chip label: 'd8, 1 piercing', 'Heal 1d4', 'Lose 3 HP'."""
    what = str(action.get("amount", action.get("dice", "")))
    if action["type"] == "heal":
        return f"Heal {'1' + what if what.startswith('d') else what}"
    if action["type"] == "lose_hp":
        return f"Lose {what} HP"
    return ", ".join([what, *modifier_words(action)])



def mime_for(chip: dict) -> QMimeData:
    mime = QMimeData()
    mime.setData(MIME_TYPE, QByteArray(encode_chip(chip)))
    mime.setText(chip.get("label", ""))
    return mime


def chip_in(mime: QMimeData | None) -> dict | None:
    """The chip a drag carries, or None when it is not one of ours."""
    if mime is None or not mime.hasFormat(MIME_TYPE):
        return None
    return decode_chip(mime.data(MIME_TYPE).data())


# where the dragged chip's image starts, right of and below the pointer, past the cursor
DRAG_OFFSET = QPoint(12, 24)


def drag_hot_spot() -> QPoint:
    """Where the pointer is on the chip's image while it is dragged: outside it, so the
    image is drawn below and to the right of the cursor. A tile's preview is written from
    its top, so its numbers and explanation above the pointer stay readable."""
    return -DRAG_OFFSET


def start_chip_drag(source: QWidget, chip: dict) -> None:
    drag = QDrag(source)
    drag.setMimeData(mime_for(chip))
    pixmap = source.grab()
    drag.setPixmap(pixmap)
    drag.setHotSpot(drag_hot_spot())
    drag.exec(Qt.DropAction.CopyAction)


def far_enough(press: QPoint | None, event) -> bool:
    if press is None or not event.buttons() & Qt.MouseButton.LeftButton:
        return False
    moved = event.position().toPoint() - press
    return moved.manhattanLength() >= QApplication.startDragDistance()


class FlowLayout(QLayout):
    """Lays chips out left to right and wraps them, so the tray fits any dock width."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4):
        super().__init__(parent)
        self._items = []
        self._gap = spacing
        self._heights: dict[int, int] = {}  # heightForWidth's answers since last invalidated
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int):
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int):
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self):
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        # asked again and again while a step is laid out, and each asks every chip its size
        if width not in self._heights:
            self._heights[width] = self._arrange(QRect(0, 0, width, 0), move=False)
        return self._heights[width]

    def invalidate(self) -> None:
        self._heights.clear()
        super().invalidate()

    def put_in_order(self, widgets: list[QWidget]) -> None:
        """Lay `widgets` out in this order, before any others it holds."""
        first = {id(w): i for i, w in enumerate(widgets)}
        self._items.sort(key=lambda item: first.get(id(item.widget()), len(first)))
        self.invalidate()

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        m = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    def _arrange(self, rect: QRect, move: bool) -> int:
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        x, y, line = area.x(), area.y(), 0
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            width = min(hint.width(), area.width())
            if x > area.x() and x + width > area.right() + 1:
                x, y, line = area.x(), y + line + self._gap, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), QSize(width, hint.height())))
            x += width + self._gap
            line = max(line, hint.height())
        return y + line - rect.y() + m.bottom()


class ReservedLabel(QLabel):
    """A word-wrapped label as tall as the longest of the texts it may show (`reserve`),
    so changing its text between them moves nothing under it."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._reserved: list[str] = []
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def reserve(self, texts: list[str]) -> None:
        self._reserved = list(texts)
        self.updateGeometry()

    def heightForWidth(self, width: int) -> int:  # Qt's name
        m = self.contentsMargins()
        inner = max(width - m.left() - m.right(), 1)
        flags = int(Qt.TextFlag.TextWordWrap)
        tallest = max((self.fontMetrics().boundingRect(QRect(0, 0, inner, 100000), flags, t)
                       .height() for t in self._reserved), default=0)
        return max(tallest + m.top() + m.bottom(), super().heightForWidth(width))


class DragsChip:
    """Mixin: a press then a move past the drag distance drags `self.chip()`; the mouse
    entering and leaving emits `hovered(chip)` and `hovered(None)`."""

    _press: QPoint | None = None

    def enterEvent(self, event) -> None:
        super().enterEvent(event)
        if self.isEnabled():
            self.hovered.emit(self.chip())

    def leaveEvent(self, event) -> None:
        super().leaveEvent(event)
        self.hovered.emit(None)

    def start_drag(self, chip: dict) -> None:
        start_chip_drag(self, chip)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:
        if far_enough(self._press, event):
            self._press = None
            self.drag_started()
            self.hovered.emit(None)  # from now on the tile under the drag previews it
            chip = self.chip()
            if chip is not None:
                self.start_drag(chip)
            return
        super().mouseMoveEvent(event)

    def drag_started(self) -> None:
        """Called as a drag begins, before the chip is built."""



class ChipButton(DragsChip, QPushButton):
    """A small labelled button that drags its chip, or emits `activated(chip)` when clicked."""

    activated = Signal(object)
    hovered = Signal(object)  # the chip under the mouse, or None when it leaves

    def __init__(self, parent: QWidget | None = None, *, text: str = "",
                 factory: ChipFactory | None = None, category: str = "damage",
                 tooltip: str = ""):
        super().__init__(parent)
        self._press: QPoint | None = None
        self.base_text = ""
        self.takes = ""  # the ticked modifiers this chip will take, in words
        self._tip = ""
        self.setAutoDefault(False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.setProperty("takes", False)
        self.set_category(category)
        self.dress(text, factory, tooltip)
        self.clicked.connect(self._emit)

    def dress(self, text: str, factory: ChipFactory | None, tooltip: str = "") -> None:
        """Give the chip its text, factory and tooltip, as built or when the tray puts it
        to another use; it then takes no modifiers until `show_modifiers` says so."""
        self._factory = factory
        self.base_text = text
        if plain_button(text) != super().text():
            self.setText(plain_button(text))  # a danger's label holds its name
            if text:
                self.setAccessibleName(f"{text} chip")
        self._tip = tooltip
        self._mark("", self._tip)

    def _mark(self, takes: str, tip: str) -> None:
        """Set what the chip takes and its tooltip, repolished only when the outline
        changes: a stylesheet's polish is the dearest thing a tray of many chips does."""
        self.takes = takes
        if self.property("takes") != bool(takes):
            self.setProperty("takes", bool(takes))
            self._repolish()
        tip = plain_tip(tip)  # a danger's tip holds its name
        if tip != self.toolTip():
            self.setToolTip(tip)
        described = f"+ {takes}" if takes else ""
        if described != self.accessibleDescription():
            self.setAccessibleDescription(described)

    def _repolish(self) -> None:
        # one not yet polished takes its properties when first shown or measured
        if self.testAttribute(Qt.WidgetAttribute.WA_WState_Polished):
            self.style().unpolish(self)
            self.style().polish(self)

    @property
    def tip(self) -> str:
        """The chip's own tooltip, before any modifiers it takes."""
        return self._tip

    def text(self) -> str:
        """What the chip says, a name's `&` as typed (the button holds it doubled)."""
        return super().text().replace("&&", "&")

    def set_factory(self, factory: ChipFactory | None) -> None:
        self._factory = factory

    def show_modifiers(self, modifiers: dict | None, base_text: str | None = None) -> None:
        """Mark the chip with the toggles it will take ('+ non-lethal' in its tooltip and a
        dark outline); its text and size stay as they are, so no chip moves under the mouse."""
        if base_text is not None:
            self.base_text = base_text
            if plain_button(base_text) != super().text():
                self.setText(plain_button(base_text))
        takes = ", ".join(modifier_words(modifiers or {}))
        self._mark(takes, "\n".join(p for p in (self._tip, f"With the ticked modifiers: "
                                                f"+ {takes}." if takes else "") if p))

    def set_category(self, category: str) -> None:
        if self.property("chip") != category:
            self.setProperty("chip", category)  # the tray's stylesheet colours by category
            self._repolish()

    def chip(self) -> dict | None:
        return self._factory() if self._factory else None

    def _emit(self) -> None:
        chip = self.chip()
        if chip is not None:
            self.activated.emit(chip)

    def drag_started(self) -> None:
        self.setDown(False)  # the drag swallows the release, so no click follows

    def mouseReleaseEvent(self, event) -> None:
        self._press = None
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.isAutoRepeat():
            self.click()
            return
        super().keyPressEvent(event)
