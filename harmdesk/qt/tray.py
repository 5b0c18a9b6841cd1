"""The tray: chips for damage, healing, moves and conditions, as the open campaign's
display profile lists them.

Dragging a chip onto tiles applies it there; clicking it (or Space/Enter)
emits `chipActivated(chip)` for the window to confirm on the selected tiles, and
resting the mouse on it emits `chipHovered(chip)` (None when it leaves) for them
to preview it. The modifier toggles apply to every damage chip, the prepared
dangers and the gang included: `modifiers()` is read when a chip becomes an
action, and each damage chip names the toggles it will take. The rules core
decides every number (the gang slot's expression included).
"""

from __future__ import annotations

import itertools
import re

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from ..desk.chips import (
    DAMAGE_ACTIONS,
    action_chip,
    attack_chip,
    taken_modifiers,
    takes_modifiers,
)
from ..desk.display import modifier_words
from ..desk.explain import gang_summary
from ..desk.quick import (
    QuickEntryError,
    examples as quick_examples,
    is_rules_name,
    parse as parse_quick,
    rules_name,
)
from ..errors import UserError
from .forms.ui_tray import Ui_Tray
from .style import CHIP_STYLE, ERROR_STYLE
from .tray_chips import (
    COMMON_TYPES,
    HEAL_DICE,
    TAKES_STYLE,
    ChipButton,
    FlowLayout,
    action_label,
    danger_of,
    dangers,
)

NOTHING_ADDED = "The damage chips add nothing; tick a modifier to add it."


def added_words(mods: dict) -> str:
    """The modifier summary: what every damage chip takes."""
    added = modifier_words(mods)
    if not added:
        return NOTHING_ADDED
    return ("Every damage chip adds: " + ", ".join(added) + " (prepared dangers and the gang "
            "too)")


def every_modifier(keys) -> dict:
    """The toggles of `keys` all ticked, at their widest: the summary's tallest text."""
    widest = {"piercing": {"piercing": 99}, "ignores_armor": {"ignores_armor": True},
              "non_lethal": {"lethal": False}, "non_lethal_knockout": {"lethal": False},
              "attacker_weakened": {"attacker_weakened": True},
              "damage_type": {"damage_type": max(COMMON_TYPES, key=len)},
              "direct": {"direct": True},
              "additional": {"additional": [{"amount": 99,
                                             "damage_type": max(COMMON_TYPES, key=len)}]}}
    return {k: v for key in keys for k, v in widest.get(key, {}).items()}


class TrayWidget(QWidget):
    """Signals: `chipActivated(dict)` when a chip is clicked or activated from the keyboard,
    `chipHovered(dict or None)` when the mouse enters or leaves a chip."""

    chipActivated = Signal(object)
    chipHovered = Signal(object)

    def __init__(self, controller, parent: QWidget | None = None):
        super().__init__(parent)
        self.controller = controller
        self.ui = Ui_Tray()
        self.ui.setupUi(self)
        self.setStyleSheet(CHIP_STYLE + TAKES_STYLE)
        self._profile = None
        # the toggles each modifier key shows (the profile names them by key)
        ui = self.ui
        self._toggles = {
            "piercing": (ui.piercingLabel, ui.piercingSpin, ui.xPiercingCheck),
            "ignores_armor": (ui.ignoresArmorCheck,), "non_lethal": (ui.nonLethalCheck,),
            "non_lethal_knockout": (ui.knockoutCheck,), "attacker_weakened": (ui.weakenedCheck,),
            "damage_type": (ui.damageTypeLabel, ui.damageTypeCombo),
            "direct": (ui.directCheck,),
            "additional": (ui.additionalLabel, ui.additionalSpin, ui.additionalTypeCombo)}
        self._danger_key: tuple | None = None
        self._danger_of: dict[str, tuple] = {}  # the dangers shown, by character id
        self._chips: dict[str, list[ChipButton]] = {}
        self._danger_chips: dict[str, ChipButton] = {}  # by the danger's character id
        self._spare_dangers: list[ChipButton] = []  # hidden, for the next dangers to come
        self._flows = {name: FlowLayout(getattr(self.ui, f"{name}Box"))
                       for name in ("severity", "dangers", "heal", "moves", "conditions")}
        self._wire()
        controller.campaignChanged.connect(self.rebuild)
        controller.changed.connect(self._on_changed)
        self.rebuild()

    def _wire(self) -> None:
        ui = self.ui
        for chip, factory, category in ((ui.typedChip, self._typed_chip, "damage"),
                                        (ui.healChip, self._heal_chip, "heal")):
            chip.set_factory(factory)
            chip.set_category(category)
            chip.activated.connect(self.chipActivated)
            chip.hovered.connect(self.chipHovered)
            chip.setEnabled(False)
        ui.typedEdit.textChanged.connect(self._check_typed)
        ui.typedEdit.returnPressed.connect(ui.typedChip.click)
        ui.healEdit.textChanged.connect(self._check_heal)
        ui.healEdit.returnPressed.connect(ui.healChip.click)
        for box in (ui.xPiercingCheck, ui.ignoresArmorCheck, ui.nonLethalCheck,
                    ui.knockoutCheck, ui.weakenedCheck, ui.directCheck):
            box.toggled.connect(self._show_modifiers)
        for spin in (ui.piercingSpin, ui.additionalSpin):
            spin.valueChanged.connect(self._show_modifiers)
        for combo in (ui.damageTypeCombo, ui.additionalTypeCombo):
            combo.editTextChanged.connect(self._show_modifiers)
        ui.xPiercingCheck.toggled.connect(lambda on: ui.piercingSpin.setEnabled(not on))
        ui.gangSlot.idsChanged.connect(self._show_gang)
        ui.gangSlot.activated.connect(self.chipActivated)
        ui.gangSlot.hovered.connect(self.chipHovered)
        ui.gangAddButton.clicked.connect(self._add_to_gang)
        ui.gangClearButton.clicked.connect(ui.gangSlot.clear)

    # building ---------------------------------------------------------------------
    def rebuild(self) -> None:
        """Show the sections and chips of the open campaign's game."""
        ui = self.ui
        profile = self._profile = self.controller.profile
        ui.emptyLabel.setVisible(profile is None)
        for group in (ui.damageGroup, ui.modifiersGroup, ui.healingGroup, ui.movesGroup):
            group.setVisible(profile is not None)
        self._show_toggles(profile.modifiers if profile else ())
        ui.modifierSummary.reserve([NOTHING_ADDED, added_words(every_modifier(
            profile.modifiers if profile else ()))])
        ui.conditionsGroup.setVisible(bool(profile and profile.condition_chips))
        ui.gangGroup.setVisible(bool(profile and profile.gang))
        ui.conditionsGroup.setTitle(profile.conditions_title if profile else "")
        self._fill("severity", [] if profile is None else [
            (f"{die} — {harm}", self._damage_factory(die), "damage",
             f"Damage {die}: what a normal person suffers from {harm}. Drag onto tiles, or "
             "click to see what it does to the selected tiles and apply it.")
            for die, harm in profile.severity])
        self._fill("heal", [] if profile is None else [
            (f"Heal 1{die}", self._fixed(action_chip(f"Heal 1{die}",
                                                           {"type": "heal", "dice": die})),
             "heal", f"Heal 1{die}: the dice are rolled (or asked for) on the drop.")
            for die in HEAL_DICE])
        self._fill("moves", self._profile_chips(profile.move_chips if profile else (), "move"))
        ui.movesGroup.setVisible(bool(profile and profile.move_chips))
        self._fill("conditions", self._profile_chips(
            profile.condition_chips if profile else (), "condition"))
        self._danger_key = None
        ui.gangSlot.clear()
        self._refresh_desk()
        self._fill_type_combos()
        if profile is not None:  # each game's own examples, never Stonetop's for all
            examples = quick_examples(profile.name)
            ui.typedEdit.setPlaceholderText(examples)
            ui.typedEdit.setToolTip(f"An amount or dice for a damage chip: {examples}. Enter "
                                    "applies it to the selected tiles.")
        self._check_typed(ui.typedEdit.text())
        self._check_heal(ui.healEdit.text())
        self._show_modifiers()
        self._set_tab_order()
        self._fit_width()

    def _show_toggles(self, keys) -> None:
        """Only the game's own modifier toggles, and the panels that hold them."""
        for key, widgets in self._toggles.items():
            for widget in widgets:
                widget.setVisible(key in keys)
        for panel in (self.ui.checkMods, self.ui.knockoutMods, self.ui.typeMods):
            panel.setVisible(any(key in keys and w.parent() is panel
                                 for key, ws in self._toggles.items() for w in ws))

    def _fit_width(self) -> None:
        # the scroll area only scrolls up and down, so it must be as wide as its widest row
        area = self.ui.scrollArea
        area.setMinimumWidth(self.ui.scrollContents.minimumSizeHint().width()
                             + area.verticalScrollBar().sizeHint().width())

    def _profile_chips(self, listed, category: str) -> list:
        return [(chip.label, self._fixed(action_chip(chip.label, dict(chip.action),
                                                           ask=chip.ask)), category, chip.tip)
                for chip in listed]

    def _fill(self, name: str, specs: list) -> None:
        """Replace a section's chips with (text, factory, category, tooltip) specs."""
        flow, box = self._flows[name], getattr(self.ui, f"{name}Box")
        for old in self._chips.get(name, []):
            flow.removeWidget(old)
            old.hide()
            old.deleteLater()
        made = []
        for text, factory, category, tip in specs:
            chip = self._chip_button(box, category, text, factory, tip)
            flow.addWidget(chip)
            made.append(chip)
        self._chips[name] = made
        box.setVisible(bool(made))

    @staticmethod
    def _fixed(chip: dict):
        return lambda: dict(chip)

    def _damage_factory(self, die: str):
        return lambda: self._labelled({"type": "damage", "dice": die})

    def chips_in(self, section: str) -> list[ChipButton]:
        """The chip buttons of a section: severity, dangers, heal, moves or conditions."""
        return list(self._chips.get(section, []))

    def _on_changed(self, change) -> None:
        if self._dangers_stand(change):
            self._show_gang()  # the gang's summary reads its attackers' states
        else:
            self._refresh_desk()

    def _dangers_stand(self, change) -> bool:
        """Whether a step left the dangers as they were: no one came or went, and the
        characters it changed offer the same chip as before (or none still). Only those
        are read, not the whole desk."""
        if change.desk_changed or self._danger_key is None or self.controller.campaign is None:
            return False
        chars, kinds = self.controller.state["characters"], self._profile.danger_kinds
        return all(cid in chars and danger_of(cid, chars[cid], kinds) == self._danger_of.get(cid)
                   for cid in change.changed)

    def _refresh_desk(self) -> None:
        """Dangers and the gang follow the desk: monsters come, go and change their attacks."""
        state = self.controller.state if self.controller.campaign else None
        found = dangers(state, self._profile.danger_kinds) if state else []
        if tuple(found) != self._danger_key:
            self._danger_key = tuple(found)
            self._danger_of = {d[0]: d for d in found}
            self._show_dangers(found)
            self.ui.dangersEmpty.setVisible(state is not None and not found)
            self.ui.gangCombo.clear()
            for cid, label, _ in found:
                self.ui.gangCombo.addItem(label, cid)
            self.ui.gangAddButton.setEnabled(bool(found))
            self._set_tab_order()
            self._show_modifiers()
        if state is not None:
            kept = [c for c in self.ui.gangSlot.ids() if c in state["characters"]]
            self.ui.gangSlot.set_ids(kept)
        self._show_gang()

    def _show_dangers(self, found: list) -> None:
        """One chip per danger: a danger's chip kept as it was while it stays on the desk,
        and chips put away (hidden) as dangers leave taken up again for those that come, so
        a step that brings or takes away many copies builds few widgets or none."""
        flow, box = self._flows["dangers"], self.ui.dangersBox
        wanted = {cid for cid, _, _ in found}
        spare = self._spare_dangers + [chip for cid, chip in self._danger_chips.items()
                                       if cid not in wanted]
        shown = {cid: chip for cid, chip in self._danger_chips.items() if cid in wanted}
        for cid, label, tip in found:
            chip = shown.get(cid)
            if chip is None:
                if spare:
                    chip = spare.pop()
                else:
                    chip = self._chip_button(box, "danger")
                    flow.addWidget(chip)
                chip.dress(label, self._attack_factory(cid, label), tip)
                shown[cid] = chip
            elif chip.base_text != label or chip.tip != tip:  # renamed, or its attack changed
                chip.dress(label, self._attack_factory(cid, label), tip)
        made = [shown[cid] for cid, _, _ in found]
        for chip in spare:
            chip.hide()
        flow.put_in_order(made)
        for chip in made:
            if chip.isHidden():
                chip.show()
        self._danger_chips = {cid: shown[cid] for cid, _, _ in found}
        self._spare_dangers = spare
        self._chips["dangers"] = made
        box.setVisible(bool(made))

    def _chip_button(self, box: QWidget, category: str, text: str = "",
                     factory=None, tip: str = "") -> ChipButton:
        chip = ChipButton(box, text=text, factory=factory, category=category, tooltip=tip)
        chip.activated.connect(self.chipActivated)
        chip.hovered.connect(self.chipHovered)
        return chip

    @staticmethod
    def _attack_factory(cid: str, label: str):
        return lambda: attack_chip([cid], label)

    def _fill_type_combos(self) -> None:
        state = self.controller.state if self.controller.campaign else {"characters": {}}
        seen = []
        for char in state["characters"].values():
            for key in ("immune", "resistant", "vulnerable"):
                seen += char.get(key) or []
            seen.append((char.get("attack") or {}).get("damage_type"))
        names = [t for t in dict.fromkeys([*seen, *COMMON_TYPES]) if t]
        for combo in (self.ui.damageTypeCombo, self.ui.additionalTypeCombo):
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(["", *names])
            combo.setCurrentIndex(0)
            combo.blockSignals(False)
        self.ui.additionalTypeCombo.lineEdit().setPlaceholderText("same type")
        self.ui.damageTypeCombo.lineEdit().setPlaceholderText("no type")

    def _set_tab_order(self) -> None:
        ui = self.ui
        order = [*self._chips.get("severity", []), *self._chips.get("dangers", []),
                 ui.typedEdit, ui.typedChip, ui.piercingSpin, ui.xPiercingCheck,
                 ui.ignoresArmorCheck, ui.nonLethalCheck, ui.knockoutCheck, ui.weakenedCheck,
                 ui.damageTypeCombo, ui.directCheck, ui.additionalSpin, ui.additionalTypeCombo,
                 *self._chips.get("heal", []), ui.healEdit, ui.healChip,
                 *self._chips.get("moves", []), *self._chips.get("conditions", []),
                 ui.gangSlot, ui.gangCombo, ui.gangAddButton, ui.gangClearButton]
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)

    # the toggles ------------------------------------------------------------------
    def modifiers(self) -> dict:
        """The action fields the toggles add to damage chips; UserError on a bad type name."""
        ui, mods = self.ui, {}
        shown = self._profile.modifiers if self._profile else ()
        if "piercing" in shown:
            if ui.xPiercingCheck.isChecked():
                mods["piercing"] = "x"
            elif ui.piercingSpin.value():
                mods["piercing"] = ui.piercingSpin.value()
        if "ignores_armor" in shown and ui.ignoresArmorCheck.isChecked():
            mods["ignores_armor"] = True
        if "non_lethal" in shown and ui.nonLethalCheck.isChecked():
            mods["lethal"] = False
        if "non_lethal_knockout" in shown and ui.knockoutCheck.isChecked():
            mods["lethal"] = False
        if "attacker_weakened" in shown and ui.weakenedCheck.isChecked():
            mods["attacker_weakened"] = True
        if "damage_type" in shown:
            kind = self._type_name(ui.damageTypeCombo.currentText(), "the damage type")
            if kind:
                mods["damage_type"] = kind
        if "direct" in shown and ui.directCheck.isChecked():
            mods["direct"] = True
        if "additional" in shown and ui.additionalSpin.value():
            extra = {"amount": ui.additionalSpin.value()}
            kind = self._type_name(ui.additionalTypeCombo.currentText(),
                                   "the Additional Damage's type")
            if kind:
                extra["damage_type"] = kind
            mods["additional"] = [extra]
        return mods

    def modifiers_for(self, chip: dict) -> dict:
        """The modifiers a drop or a click of `chip` takes: the toggles if it deals damage,
        else none; UserError, saying so, when they cannot be read."""
        if not takes_modifiers(chip):
            return {}
        try:
            return self.modifiers()
        except UserError as err:
            raise UserError(f"the modifiers need fixing first: {err}") from None

    @staticmethod
    def _type_name(text: str, what: str) -> str:
        name = rules_name(text)
        if name and not is_rules_name(name):
            raise UserError(f"{what} must be a name in letters and digits, such as fire or "
                            f"cold_iron; {text.strip()!r} is not")
        return name

    def _modifiers_or_none(self) -> dict | None:
        try:
            return self.modifiers()
        except UserError:
            return None  # the modifier box already shows why

    def _show_modifiers(self, *_) -> None:
        """Say what the toggles add, on the summary line and on each damage chip."""
        try:
            mods = self.modifiers()
        except UserError as err:
            mods, problem = None, str(err)
        else:
            problem = ""
        self.ui.modifierSummary.setStyleSheet(ERROR_STYLE if problem else "")
        self.ui.modifierSummary.setText(problem or added_words(mods or {}))
        chars = self.controller.state["characters"] if self.controller.campaign else {}
        attacks = [chars.get(cid, {}).get("attack") or {} for cid, _, _ in self._danger_key or ()]
        for chip in self._chips.get("severity", []):
            chip.show_modifiers(mods)
        for chip, attack in zip(self._chips.get("dangers", []), attacks, strict=True):
            chip.show_modifiers(taken_modifiers(attack, mods))
        for chip in (*self._chips.get("severity", []), *self._chips.get("dangers", [])):
            chip.setEnabled(mods is not None)  # a bad type name must be fixed first
        self._check_typed(self.ui.typedEdit.text())
        self._show_gang()
        self._fit_width()

    def _labelled(self, action: dict) -> dict | None:
        """A chip for `action`; none for damage while the toggles cannot be read."""
        if action["type"] in DAMAGE_ACTIONS and self._modifiers_or_none() is None:
            return None
        return action_chip(action_label(action), action)

    # typed amounts ------------------------------------------------------------------
    def _parsed(self, text: str, heal: bool) -> dict:
        if heal and not re.match(r"^\s*(heal|h|\+)", text, re.IGNORECASE):
            text = f"heal {text}"
        if self._profile is None:
            raise QuickEntryError("open a campaign first")
        action = parse_quick(text, self._profile.name)
        if heal and action["type"] != "heal":
            raise QuickEntryError("type an amount or dice to heal, such as 4 or d6")
        return action

    def _check(self, edit, chip, message, heal: bool, fallback: str) -> None:
        text, error = edit.text(), ""
        action = None
        if text.strip() and self._profile is not None:
            try:
                action = self._parsed(text, heal)
            except QuickEntryError as err:
                error = str(err)
        message.setStyleSheet(ERROR_STYLE)
        message.setText(error)
        message.setVisible(bool(error))
        if action is None:
            chip.show_modifiers(None, fallback)
            chip.setEnabled(False)
            return
        mods = self._modifiers_or_none()
        damage = action["type"] in DAMAGE_ACTIONS
        chip.show_modifiers(taken_modifiers(action, mods) if damage else None,
                            action_label(action))
        chip.setEnabled(mods is not None or not damage)

    def _check_typed(self, *_) -> None:
        ui = self.ui
        self._check(ui.typedEdit, ui.typedChip, ui.typedMessage, False, "Damage")

    def _check_heal(self, *_) -> None:
        ui = self.ui
        self._check(ui.healEdit, ui.healChip, ui.healMessage, True, "Heal")

    def _typed_chip(self) -> dict | None:
        try:
            return self._labelled(self._parsed(self.ui.typedEdit.text(), False))
        except QuickEntryError:
            return None

    def _heal_chip(self) -> dict | None:
        try:
            return self._labelled(self._parsed(self.ui.healEdit.text(), True))
        except QuickEntryError:
            return None

    # the gang slot --------------------------------------------------------------------
    def _add_to_gang(self) -> None:
        cid = self.ui.gangCombo.currentData()
        if cid:
            self.ui.gangSlot.add([cid])

    def _show_gang(self, *_) -> None:
        state = self.controller.state if self.controller.campaign else {"characters": {}}
        ids = self.ui.gangSlot.ids()
        lines, deals, ok, label = gang_summary(state, ids) if ids else ([], "", True, "")
        self.ui.gangSlot.show_summary(lines, deals, ok, label,
                                      modifier_words(self._modifiers_or_none() or {}))
        self.ui.gangClearButton.setEnabled(bool(ids))
