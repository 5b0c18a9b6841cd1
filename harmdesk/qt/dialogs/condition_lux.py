"""Lux Aeterna tabs of the conditions dialog: a Trauma medically treated (LA-11), and
the effects a character sustains (LA-4, LA-16)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QVBoxLayout

from .common import (
    Choice,
    Desk,
    Invalid,
    Page,
    combo,
    form_layout,
    line,
    note_label,
    target_value,
)


def untreated(char: dict) -> list[int]:
    """The Traumas in force not yet treated; a Trauma taken twice counts twice."""
    left = list(char.get("traumas", []))
    for number in char.get("treated_traumas") or ():
        if number in left:
            left.remove(number)
    return left


class TreatTraumaPage(Page):
    title = "&Trauma treated"
    tip = "A Trauma that has been medically treated: its Full Rest Saves have Advantage"
    names = ("treat_trauma",)

    def __init__(self, desk: Desk, parent=None):
        super().__init__(desk, parent)
        form = form_layout(self)
        names = desk.profile.trauma_names
        many = len(desk.targets) > 1
        self.entries = [(char, number) for char in desk.chars()
                        for number in dict.fromkeys(untreated(char))]
        self.which = combo([((f"{c['name']}: " if many else "") + f"{n} {names.get(n, '')}", i)
                            for i, (c, n) in enumerate(self.entries)], "Trauma treated",
                           "The Trauma that has been medically treated")
        form.addRow("&Trauma:", self.which)
        form.addRow(note_label("If your Trauma has been medically treated, the Saves you roll "
                               "after each Full Rest to recover from it have Advantage."))
        self.watch(self.which)

    def preset(self, name: str) -> bool:
        return name in self.names

    def actions(self) -> list[dict]:
        self.desk.need_targets()
        i = self.which.currentData()
        if i is None:
            raise Invalid("Nobody selected has a Trauma that still needs treating.")
        char, number = self.entries[i]
        return [{"type": "treat_trauma", "target": char["id"], "trauma": number}]


class SustainingPage(Page):
    title = "Su&staining"
    tip = "Effects a character sustains; 0 HP ends them all, Dazed or Silenced ends " \
          "Concentration"
    names = ("sustain", "stop_sustaining")

    def __init__(self, desk: Desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        self.mode = Choice("Change", [("S&ustain an effect", "sustain"),
                                      ("Sto&p sustaining", "stop")], True)
        form = form_layout()
        self.effect = line("Effect sustained", "Wall of Light, a ward …",
                           "The power, effect or action the character keeps going")
        self.concentration = QCheckBox("Needs &Concentration (Dazed or Silenced ends it)")
        self.concentration.setChecked(True)
        held = dict.fromkeys(e["effect"] for c in desk.chars() for e in c.get("sustaining") or ())
        self.held = combo([("everything sustained", None), *((e, e) for e in held)],
                          "Effect that ends", "The sustained effect that ends")
        form.addRow("&Effect:", self.effect)
        form.addRow("", self.concentration)
        form.addRow("&Ends:", self.held)
        layout.addWidget(self.mode)
        layout.addLayout(form)
        layout.addWidget(note_label("At 0 HP all special effects you were sustaining end."))
        layout.addStretch(1)
        self.mode.changed.connect(self.sync)
        self.watch(self.mode, self.effect, self.concentration, self.held)
        self.sync()

    def sync(self) -> None:
        sustaining = self.mode.value() == "sustain"
        self.effect.setEnabled(sustaining)
        self.concentration.setEnabled(sustaining)
        self.held.setEnabled(not sustaining)

    def preset(self, name: str) -> bool:
        if name not in self.names:
            return False
        self.mode.set_value("sustain" if name == "sustain" else "stop")
        return True

    def actions(self) -> list[dict]:
        ids = self.desk.need_targets()
        if self.mode.value() == "sustain":
            effect = self.effect.text().strip()
            if not effect:
                raise Invalid("Name the effect being sustained.")
            return [{"type": "sustain", "target": target_value(ids),
                     "effect": effect, "concentration": self.concentration.isChecked()}]
        effect = self.held.currentData()
        holders = [c["id"] for c in self.desk.chars()
                   if any(effect in (None, e["effect"]) for e in c.get("sustaining") or ())]
        if not holders:
            raise Invalid("Nobody selected sustains anything.")
        action = {"type": "stop_sustaining", "target": target_value(holders)}
        if effect is not None:
            action["effect"] = effect
        return [action]
