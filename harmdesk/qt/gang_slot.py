"""The gang slot: attackers gathered for Stonetop's gang-up damage (ST-2)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QVBoxLayout, QWidget

from ..desk.chips import attack_chip
from .plain import plain_tip
from .style import ERROR_STYLE
from .tray_chips import DragsChip, chip_in


class GangSlot(DragsChip, QFrame):
    """Holds attacker ids for a Stonetop gang-up (ST-2); repeated ids are extra combatants.

    Accepts drops of attack chips, and is itself dragged as one attack chip of
    all the ids it holds. The tray fills in the rules core's summary with
    `show_summary`; the slot does no arithmetic.
    """

    idsChanged = Signal(list)
    activated = Signal(object)
    hovered = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._ids: list[str] = []
        self._label = "gang-up"
        self._press = None
        self.setAcceptDrops(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFrameShadow(QFrame.Shadow.Sunken)
        self.setMinimumHeight(56)
        layout = QVBoxLayout(self)
        self.members = QLabel(self)
        self.members.setWordWrap(True)
        self.members.setTextFormat(Qt.TextFormat.PlainText)  # names, never markup
        self.members.setAccessibleName("Attackers in the gang")
        self.deals = QLabel(self)
        self.deals.setWordWrap(True)
        self.deals.setTextFormat(Qt.TextFormat.PlainText)
        self.deals.setAccessibleName("What the gang deals")
        layout.addWidget(self.members)
        layout.addWidget(self.deals)
        self.show_summary([], "", True)

    # contents -------------------------------------------------------------------
    def ids(self) -> list[str]:
        return list(self._ids)

    def set_ids(self, ids: list[str]) -> None:
        if list(ids) != self._ids:
            self._ids = list(ids)
            self.idsChanged.emit(self.ids())

    def add(self, ids: list[str]) -> None:
        self.set_ids(self._ids + list(ids))

    def clear(self) -> None:
        self.set_ids([])

    def show_summary(self, lines: list[str], deals: str, ok: bool, label: str = "",
                     takes: list[str] = ()) -> None:
        """The members and what they deal; the ticked modifiers (`takes`) go in the
        tooltip, so ticking one never makes the slot taller."""
        self._label = label or "gang-up"
        self.setToolTip(plain_tip(f"With the ticked modifiers: + {', '.join(takes)}.")
                        if takes and lines and ok else "")
        if not lines:
            self.members.setText("Drop monster tiles or danger chips here.")
            self.members.setEnabled(False)
            self.deals.setText("")
            self.setCursor(Qt.CursorShape.ArrowCursor)
            return
        self.members.setEnabled(True)
        self.members.setText("\n".join(lines))
        self.deals.setText(deals)
        self.deals.setStyleSheet("" if ok else ERROR_STYLE)
        self.setCursor(Qt.CursorShape.OpenHandCursor)

    def chip(self) -> dict | None:
        return attack_chip(self._ids, self._label) if self._ids else None

    # dropping in ----------------------------------------------------------------
    def _attackers(self, event) -> list[str] | None:
        chip = chip_in(event.mimeData())
        return chip.get("attackers") if chip and "attackers" in chip else None

    def dragEnterEvent(self, event) -> None:
        if self._attackers(event):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        self.dragEnterEvent(event)

    def dropEvent(self, event) -> None:
        attackers = self._attackers(event)
        if not attackers:
            event.ignore()
            return
        event.acceptProposedAction()
        self.add(attackers)

    # clicking and keys (dragging out comes from DragsChip) ---------------------------
    def mouseReleaseEvent(self, event) -> None:
        clicked = self._press is not None and event.button() == Qt.MouseButton.LeftButton
        self._press = None
        if clicked and self.chip() is not None:
            self.activated.emit(self.chip())
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event) -> None:
        keys = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if event.key() in keys and not event.isAutoRepeat() and self.chip() is not None:
            self.activated.emit(self.chip())
            return
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.clear()
            return
        super().keyPressEvent(event)
