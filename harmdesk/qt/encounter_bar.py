"""The encounter bar: the order as chips, the round and whose turn it is, and the buttons.

Layout in ui/encounter_bar.ui. The chips are an `EncounterModel` in a list view: dragged
to reorder (one `set_order` step), clicked in spotlight mode to mark who has acted (one
`mark_acted` step). The buttons are the window's own actions (Play → Encounter), so
their keys, texts and enabled states are the same everywhere.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QWidget

from .encounter_model import ActedRole, EncounterModel, EndedRole, IdRole, InitiativeRole, TurnRole
from .style import TURN

ACTED_MARK = "✓"   # in the shipped DejaVu Sans
TURN_MARK = "▶"


def round_text(encounter: dict | None, turn_name: str | None, acted: int, total: int) -> str:
    """"Round 3 · Sara's turn", "Round 2 · 1 of 4 have acted", or no encounter."""
    if encounter is None:
        return "No encounter"
    head = f"Round {encounter.get('round', 1)}"
    if encounter.get("mode") == "spotlight":
        return f"{head} · {acted} of {total} have acted"
    return f"{head} · {turn_name}'s turn" if turn_name else head


class ChipDelegate(QStyledItemDelegate):
    """One character of the order: a rounded chip with its name and initiative; the one
    whose turn it is filled, those who acted ticked, the dead struck through."""

    def sizeHint(self, option, index) -> QSize:
        fm = QFontMetrics(self._font(option.font, index))
        text = self._text(index)
        return QSize(fm.horizontalAdvance(text) + fm.height() * 2, int(fm.height() * 1.9))

    @staticmethod
    def _font(font: QFont, index) -> QFont:
        bold = QFont(font)
        bold.setBold(bool(index.data(TurnRole)))
        return bold

    @staticmethod
    def _text(index) -> str:
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        initiative = index.data(InitiativeRole)
        if initiative is not None:
            text = f"{text}  {initiative}"
        if index.data(TurnRole):
            text = f"{TURN_MARK} {text}"
        elif index.data(ActedRole):
            text = f"{ACTED_MARK} {text}"
        return text

    def paint(self, painter: QPainter, option, index) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = option.palette
        rect = QRectF(option.rect).adjusted(2, 3, -2, -3)
        turn, acted, ended = (index.data(TurnRole), index.data(ActedRole),
                              index.data(EndedRole))
        text_colour = pal.color(QPalette.ColorRole.Text)
        if turn:
            painter.setBrush(TURN)
            painter.setPen(QPen(TURN.darker(130), 2))
            text_colour = pal.color(QPalette.ColorRole.HighlightedText)
        elif acted or ended:
            painter.setBrush(pal.color(QPalette.ColorRole.Window))
            painter.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1, Qt.PenStyle.DashLine))
            text_colour = pal.color(QPalette.ColorRole.PlaceholderText)
        else:
            painter.setBrush(pal.color(QPalette.ColorRole.Base))
            painter.setPen(QPen(pal.color(QPalette.ColorRole.Mid), 1))
        if option.state & QStyle.StateFlag.State_HasFocus:
            painter.setPen(QPen(pal.color(QPalette.ColorRole.Highlight), 2))
        radius = rect.height() / 2
        painter.drawRoundedRect(rect, radius, radius)
        font = self._font(option.font, index)
        font.setStrikeOut(bool(ended))
        painter.setFont(font)
        painter.setPen(text_colour)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self._text(index))
        painter.restore()


class EncounterBar(QWidget):
    """Signal `chipClicked(id)`: the GM clicked a chip (spotlight mode marks it acted)."""

    chipClicked = Signal(str)

    def __init__(self, controller, parent=None):
        from .forms.ui_encounter_bar import Ui_EncounterBar
        super().__init__(parent)
        self.ui = Ui_EncounterBar()
        self.ui.setupUi(self)
        self.model = EncounterModel(controller, self)
        self.ui.order.setModel(self.model)
        self.ui.order.setItemDelegate(ChipDelegate(self.ui.order))
        fm = self.fontMetrics()
        # room for a row of chips and, in a long order, the scroll bar under them
        scroll = self.ui.order.horizontalScrollBar().sizeHint().height()
        self.ui.order.setFixedHeight(int(fm.height() * 2.6) + scroll)
        # as tall as a row of chips and no taller, whatever height a saved layout asks for
        self.setFixedHeight(self.sizeHint().height())
        self.ui.order.clicked.connect(lambda index: self.chipClicked.emit(index.data(IdRole)))
        self.ui.order.installEventFilter(self)
        self.model.modelReset.connect(self.update_text)
        self.update_text()

    def eventFilter(self, obj, event) -> bool:
        """The keyboard's way with the chips: Ctrl+Left and Ctrl+Right move the current
        chip one place (one `set_order` step); Space is a click on it."""
        if obj is not self.ui.order or event.type() != QEvent.Type.KeyPress:
            return False
        index = self.ui.order.currentIndex()
        if not index.isValid():
            return False
        key, ctrl = event.key(), event.modifiers() & Qt.KeyboardModifier.ControlModifier
        if ctrl and key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            cid, row = index.data(IdRole), index.row()
            self.model.move([cid], row - 1 if key == Qt.Key.Key_Left else row + 2)
            if cid in self.model.ids():
                self.ui.order.setCurrentIndex(self.model.index(self.model.ids().index(cid)))
            return True
        if key == Qt.Key.Key_Space and not event.modifiers():
            self.chipClicked.emit(index.data(IdRole))
            return True
        return False

    def bind(self, start, next_turn, end) -> None:
        """The window's actions behind the buttons."""
        self.ui.startButton.setDefaultAction(start)
        self.ui.nextButton.setDefaultAction(next_turn)
        self.ui.endButton.setDefaultAction(end)

    def update_text(self) -> None:
        model = self.model
        acted = sum(1 for row in range(model.rowCount())
                    if model.index(row).data(ActedRole))
        turn = model.turn_id()
        text = round_text(model.encounter, model.name_of(turn) if turn else None, acted,
                          model.rowCount())
        self.ui.roundLabel.setText(text)
        self.ui.roundLabel.setAccessibleDescription(text)
        big = QFont(self.font())
        big.setBold(model.encounter is not None)
        self.ui.roundLabel.setFont(big)
        turn_row = model.ids().index(turn) if turn in model.ids() else -1
        if turn_row >= 0:
            self.ui.order.scrollTo(model.index(turn_row))
