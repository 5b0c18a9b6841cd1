"""Add N copies of a library template to the desk: how many, their HP, their numbering,
whether the players see them, and whatever the template still leaves blank.

The dialog never works out a name or an HP itself: every change asks the service for the
plan (`Service.plan_copies`), shows its names and HP, its warnings and its problem, and OK
hands that very plan back (`copies()`), rolled faces and all, to be added as one step.
"""

from __future__ import annotations

import random

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLineEdit, QSpinBox, QWidget

from ...desk.library import Copies, CopiesRequest, Template, attack_words
from ...desk.library_words import COUNT_RANGE
from ...errors import UserError
from ..forms.ui_add_copies import Ui_AddCopiesDialog
from ..style import ERROR_STYLE, WARNING

WARNING_STYLE = f"color: {WARNING.darker(130).name()};"
# the numbering's choices, as the service names them
NUMBERING = (("lowest", "Fill the lowest free numbers"), ("up", "Keep counting up"))
HP_KEY = "hp"  # what the GM types for an HP the template leaves blank


def is_number(hp: str | None) -> bool:
    """'3' is a number of HP, '2d6+2' a dice expression (the service reads both)."""
    return hp is not None and hp.strip().lstrip("-").isdigit()


class AddCopiesDialog(QDialog):
    """Result: `copies()`, the plan shown when OK was pressed (None before)."""

    def __init__(self, service, template: Template, parent: QWidget | None = None,
                 rng: random.Random | None = None):
        super().__init__(parent)
        self.ui = Ui_AddCopiesDialog()
        self.ui.setupUi(self)
        self.service = service
        self.template = template
        # one seed for the dialog: changing another box never rolls the copies' HP anew
        self._seed = (rng or random.SystemRandom()).randrange(2 ** 32)
        self._plan: Copies | None = None
        self.problem: str | None = None
        ui = self.ui
        ui.messageLabel.setStyleSheet(ERROR_STYLE)
        ui.warningLabel.setStyleSheet(WARNING_STYLE)
        ui.previewScroll.viewport().setAutoFillBackground(False)
        ui.previewContents.setAutoFillBackground(False)
        line = ui.previewScroll.fontMetrics().lineSpacing()
        ui.previewScroll.setMinimumHeight(line * 6 + 4)
        low, high = COUNT_RANGE
        ui.count.setRange(low, high)
        ui.count.setValue(min(max(template.count, low), high))
        ui.countLabel.setText(f"How &many ({low}–{high}):")
        for key, text in NUMBERING:
            ui.numbering.addItem(text, key)
        ui.hidden.setChecked(template.kind == "monster")
        self.extra_boxes: dict[str, QWidget] = {}
        self._build_missing()
        self.setWindowTitle(f"Add {template.name}")
        ui.templateLabel.setText(self._about())
        ui.buttonBox.button(QDialogButtonBox.StandardButton.Ok).setDefault(True)
        ui.hpAverage.setChecked(True)
        self._fit_hp_modes()
        for box in (ui.count, ui.fixedHp):
            box.valueChanged.connect(self.refresh)
        for button in (ui.hpFixed, ui.hpRoll, ui.hpAverage, ui.hidden, ui.allowZero):
            button.toggled.connect(self.refresh)
        ui.numbering.currentIndexChanged.connect(self.refresh)
        ui.allowZero.setVisible(False)
        ui.count.setFocus()
        self.refresh()

    # the template and what it leaves blank ----------------------------------------------
    def _about(self) -> str:
        t = self.template
        parts = [f"{t.name} ({t.kind})", f"HP {t.hp}" if t.hp else "HP to fill in"]
        if t.attack and t.attack.get("dice"):
            parts.append(f"attack {attack_words(t.attack)}")
        text = "; ".join(parts) + "."
        return f"{text}\n{t.source}" if t.source else text

    def _fields_missing(self) -> list:
        """The game's harm fields (its profile's library fields) the template still asks
        for (`Template.missing()` names them by their labels)."""
        library = getattr(self.service.profile, "library", None)
        fields = getattr(library, "fields", ()) if library is not None else ()
        asked = set(self.template.missing())
        return [f for f in fields if f.key not in (self.template.sheet or {})
                and f.label.replace("&", "").rstrip(":").strip() in asked]

    def _build_missing(self) -> None:
        form = self.ui.missingLayout
        if self.template.hp is None:
            box = QLineEdit()
            box.setPlaceholderText("3 or 2d6+2")
            box.setAccessibleName("HP of each copy")
            box.setToolTip("A number, or dice such as 2d6+2 (rolled or averaged below)")
            box.textChanged.connect(self._hp_typed)
            box.setObjectName(f"missing_{HP_KEY}")
            self.extra_boxes[HP_KEY] = box
            form.addRow("H&P:", box)
        for field in self._fields_missing():
            if field.kind not in ("int", "supplies"):
                continue  # the harm fields are numbers; any other kind is the editor's
            low, high, default = (tuple(field.options) + (0, 99, 0))[:3]
            box = QSpinBox()
            box.setRange(int(low), int(high))
            box.setValue(int(default))
            box.setAccessibleName(field.label.replace("&", "").rstrip(":"))
            if field.tip:
                box.setToolTip(field.tip)
            box.valueChanged.connect(self.refresh)
            box.setObjectName(f"missing_{field.key}")
            self.extra_boxes[field.key] = box
            form.addRow(field.label, box)
        self.ui.missingBox.setVisible(bool(self.extra_boxes))
        before = self.ui.count  # the blanks come next after how many, on the keyboard too
        for box in self.extra_boxes.values():
            QWidget.setTabOrder(before, box)
            before = box

    def _hp_typed(self, _text: str) -> None:
        self._fit_hp_modes()
        self.refresh()

    def hp_written(self) -> str | None:
        """The HP as the template has it, or as the GM typed it for the copies."""
        if self.template.hp is not None:
            return self.template.hp
        box = self.extra_boxes.get(HP_KEY)
        text = box.text().strip() if isinstance(box, QLineEdit) else ""
        return text or None

    def _fit_hp_modes(self) -> None:
        """Fixed, rolled or average only make sense for dice: a number of HP is simply
        every copy's HP."""
        ui, hp = self.ui, self.hp_written()
        dice = hp is not None and not is_number(hp)
        for button in (ui.hpRoll, ui.hpAverage):
            button.setEnabled(dice)
        ui.fixedHp.setVisible(dice)
        ui.hpFixed.setText("&Fixed" if dice else f"&Fixed: {hp} HP" if hp else "&Fixed")
        if not dice:
            ui.hpFixed.setChecked(True)
        elif ui.hpFixed.isChecked() and not ui.hpFixed.isEnabled():
            ui.hpAverage.setChecked(True)

    # the plan ----------------------------------------------------------------------------
    def hp_mode(self) -> str:
        ui = self.ui
        if not (self.hp_written() and not is_number(self.hp_written())):
            return "fixed"
        return "roll" if ui.hpRoll.isChecked() else "fixed" if ui.hpFixed.isChecked() \
            else "average"

    def extra(self) -> dict:
        out: dict = {}
        for key, box in self.extra_boxes.items():
            if isinstance(box, QLineEdit):
                if box.text().strip():
                    out[key] = box.text().strip()
            else:
                out[key] = box.value()
        return out

    def request(self, allow_zero: bool | None = None) -> CopiesRequest:
        ui, mode = self.ui, self.hp_mode()
        dice = mode == "fixed" and self.hp_written() and not is_number(self.hp_written())
        return CopiesRequest(
            template=self.template, count=ui.count.value(), hp=mode,
            fixed_hp=ui.fixedHp.value() if dice else None,
            numbering=ui.numbering.currentData(), hidden=ui.hidden.isChecked(),
            allow_zero=ui.allowZero.isChecked() if allow_zero is None else allow_zero,
            extra=self.extra())

    def _ask(self, request: CopiesRequest) -> Copies | str:
        """The service's plan, or its refusal in words; the same faces for the same
        request, however often it is asked."""
        try:
            return self.service.plan_copies(request, random.Random(self._seed))
        except UserError as err:
            return err.message

    def refresh(self, *_) -> None:
        ui = self.ui
        plan = self._ask(self.request())
        if isinstance(plan, str):
            self._plan, problem, lines, warnings = None, plan, [], []
        else:
            self._plan, problem = plan, plan.problem
            lines = [self.line(name, hp, faces)
                     for name, hp, faces in zip(plan.names, plan.hp, plan.faces, strict=True)]
            warnings = list(plan.warnings)
        # the yes to copies at 0 HP or less is offered when it is what stands in the way
        ui.allowZero.setVisible(ui.allowZero.isChecked() or self._zero_is_the_problem(plan))
        ui.previewLabel.setText("\n".join(lines) or "—")
        ui.warningLabel.setText("\n".join(warnings))
        ui.warningLabel.setVisible(bool(warnings))
        ui.messageLabel.setText(problem or "")
        ui.messageLabel.setVisible(bool(problem))
        self.problem = problem
        ui.buttonBox.button(QDialogButtonBox.StandardButton.Ok).setEnabled(
            problem is None and self._plan is not None)
        if self.template.hp and not is_number(self.template.hp) and not ui.hpFixed.isChecked() \
                and isinstance(plan, Copies) and plan.hp and ui.hpAverage.isChecked():
            ui.fixedHp.blockSignals(True)  # Fixed starts from the average the service gives
            ui.fixedHp.setValue(plan.hp[0])
            ui.fixedHp.blockSignals(False)

    def _zero_is_the_problem(self, plan) -> bool:
        if isinstance(plan, str) or plan.problem is None or self.ui.allowZero.isChecked():
            return False
        allowed = self._ask(self.request(allow_zero=True))
        return isinstance(allowed, Copies) and allowed.problem is None

    @staticmethod
    def line(name: str, hp: int, faces: list[int]) -> str:
        rolled = f" (rolled {' '.join(str(f) for f in faces)})" if faces else ""
        return f"{name}: {str(hp).replace('-', chr(0x2212))} HP{rolled}"

    # the result --------------------------------------------------------------------------
    def copies(self) -> Copies | None:
        return self._plan if self.problem is None else None

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.ui.count.selectAll()  # typing a number replaces the default count

    def accept(self) -> None:
        if self.problem is None and self._plan is not None:
            super().accept()
