"""Lux Aeterna tabs of the conditions dialog: a status condition added, with its Save, its
duration and, for Fixated, its enemy (LA-14 … LA-16); a Trauma medically treated (LA-11);
the effects a character sustains (LA-4, LA-16)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QVBoxLayout

from .common import (
    Choice,
    Desk,
    Invalid,
    Page,
    capital,
    combo,
    form_layout,
    line,
    note_label,
    select_data,
    spin,
    target_value,
)

# LA-15: how long a condition lasts besides rounds; a length in minutes or hours is the
# GM's note, and the GM ends it
LASTING = (("no other duration", None), ("until the scene ends", "scene"),
           ("until a Full Rest", "full_rest"), ("minutes or hours (a note)", "note"))
NOT_ON_THE_DESK = "someone not on the desk"


class AddConditionPage(Page):
    title = "&Add condition"
    tip = "A status condition; applying it again replaces it"

    def __init__(self, desk: Desk, parent=None):
        super().__init__(desk, parent)
        self.names = desk.profile.conditions
        self.positive = desk.profile.positive_conditions
        self.with_amount = desk.profile.conditions_with_amount
        form = form_layout(self)
        self.name = combo([(capital(n) + (" (a boon)" if n in self.positive else ""), n)
                           for n in self.names], "Condition")
        self.level = spin(1, 30, 1, "Origin Level",
                          "The Level of the effect's origin: the Save's Difficulty in Bumps")
        self.amount = spin(1, 99, 1, "Amount per turn",
                           "HP lost (Ongoing Damage) or regained (Regenerating) each turn")
        self.enemy = combo([*((c["name"], cid) for cid, c in desk.characters.items()
                              if cid not in desk.targets and not c.get("dead")),
                            (NOT_ON_THE_DESK, None)],
                           "Enemy Fixated on",
                           "The enemy a Fixated character is compelled to attack; Fixated "
                           "ends when they become Hidden or Invisible, leave the scene or "
                           "drop to 0 HP")
        self.rounds = spin(0, 99, 0, "Duration in rounds",
                           "Rounds until it ends by itself; 0 for no set duration",
                           "no set duration")
        self.until = combo(LASTING, "Lasts until",
                           "A duration besides rounds: the scene's end or a Full Rest end it; "
                           "a length in minutes or hours is kept as a note, and you end it")
        self.note = line("Length of the condition", "10 minutes, 1 hour …",
                         "How long it lasts, as the effect says; you end it when it runs out")
        self.hint = note_label()
        form.addRow("&Condition:", self.name)
        form.addRow("Origin &Level:", self.level)
        form.addRow("A&mount:", self.amount)
        form.addRow("&Enemy:", self.enemy)
        form.addRow("&Duration:", self.rounds)
        form.addRow("Lasts &until:", self.until)
        form.addRow("&Note:", self.note)
        form.addRow(self.hint)
        self.name.currentIndexChanged.connect(self.sync)
        self.level.valueChanged.connect(self.sync)
        self.until.currentIndexChanged.connect(self.sync)
        self.watch(self.name, self.level, self.amount, self.enemy, self.rounds, self.until,
                   self.note)
        self.sync()

    def sync(self) -> None:
        name = self.name.currentData()
        boon = name in self.positive
        self.level.setEnabled(not boon)
        self.amount.setEnabled(name in self.with_amount)
        self.enemy.setEnabled(name == "fixated")
        self.note.setEnabled(self.until.currentData() == "note")
        level = self.level.value()
        self.hint.setText("A boon: no Save ends it." if boon else
                          f"A Save ends it at {level} Bump{'s' if level != 1 else ''} "
                          "(the origin's Level).")

    def preset(self, name: str) -> bool:
        return select_data(self.name, name)

    def duration(self) -> dict:
        """LA-15: one duration: rounds, until the scene ends or a Full Rest, or a note."""
        until, rounds = self.until.currentData(), self.rounds.value()
        if rounds and until:
            raise Invalid("Give one duration: rounds, or how long it lasts, not both.")
        if rounds:
            return {"rounds": rounds}
        if until == "note":
            note = self.note.text().strip()
            if not note:
                raise Invalid("Say how long it lasts (10 minutes, 1 hour …), or choose "
                              "another duration.")
            return {"duration": note}
        return {"until": until} if until else {}

    def actions(self) -> list[dict]:
        ids, name = self.desk.need_targets(), self.name.currentData()
        action = {"type": "add_condition", "target": target_value(ids), "name": name}
        if name not in self.positive:
            action["origin_level"] = self.level.value()
        if name in self.with_amount:
            action["amount"] = self.amount.value()
        if name == "fixated" and self.enemy.currentData() is not None:
            action["enemy"] = self.enemy.currentData()
        return [{**action, **self.duration()}]


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
