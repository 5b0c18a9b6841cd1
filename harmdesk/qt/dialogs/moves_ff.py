"""Freedom Fantasies rests and Medicine (FF-10 … FF-12)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout

from ..style import ERROR_STYLE
from .common import (
    Choice,
    Invalid,
    Page,
    Rows,
    combo,
    form_layout,
    note_label,
    spin,
    target_value,
)


class ShortRestPage(Page):
    title = "Short Rest"
    tip = "Heal Damage equal to HP, once until the next Long Rest"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(note_label("Each selected character heals Damage equal to their HP; "
                                    "one Short Rest between Long Rests."))
        layout.addStretch(1)

    def actions(self) -> list[dict]:
        return [{"type": "short_rest", "target": target_value(self.desk.need_targets())}]


class LongRestPage(Page):
    title = "Long Rest"
    tip = "Heal all Damage"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        self.who = Choice("Who rests", [("The &selected characters", "selected"),
                                        ("&Everyone on the desk", "everyone")])
        if not desk.targets:
            self.who.set_value("everyone")
        layout.addWidget(self.who)
        layout.addWidget(note_label("Objects are mended only when named (selected)."))
        layout.addStretch(1)
        self.watch(self.who)

    def actions(self) -> list[dict]:
        if self.who.value() == "everyone":
            return [{"type": "long_rest"}]
        return [{"type": "long_rest", "target": target_value(self.desk.need_targets())}]


class MedicinePage(Page):
    title = "Medicine"
    tip = "A DC 10 healing check; the d20 is the total healed, split as the healer likes"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        form = form_layout()
        profile = desk.profile
        self.split_fits = profile.medicine_split_fits  # FF-11, as the rules check it
        healers = [c for c in desk.characters.values() if c["kind"] not in profile.object_kinds]
        # the healer is usually one of the party other than the patients
        healers.sort(key=lambda c: (c["kind"] not in profile.party_kinds,
                                    c["id"] in desk.targets))
        self.healer = combo([(c["name"] + (f" ({c['supplies']} Supplies)"
                                           if c.get("supplies") is not None else ""), c["id"])
                             for c in healers], "Healer", "Who makes the healing check")
        self.roll = spin(1, 20, 10, "d20 face", "The face of the d20 (the Performance)")
        self.bonus = spin(-10, 30, 0, "Check bonus", "Focus or Dexterity (Medicine) bonus")
        form.addRow("&Healer:", self.healer)
        form.addRow("&d20 rolled:", self.roll)
        form.addRow("&Bonus:", self.bonus)
        layout.addLayout(form)
        self.rows = Rows(("Patient", "Heals"))
        self.split = []
        for char in desk.chars():
            amount = spin(0, char.get("damage", 0), 0, "Damage healed",
                          f"Up to their {char.get('damage', 0)} Damage")
            amount.setSuffix(f" of {char.get('damage', 0)} Damage")
            self.rows.add(char, amount)
            self.split.append((char, amount))
            self.watch(amount)
        self.rows.finish()
        layout.addWidget(self.rows)
        self.total = QLabel()
        self.total.setAccessibleName("Split so far")
        layout.addWidget(self.total)
        layout.addStretch(1)
        self.watch(self.healer, self.roll, self.bonus)
        self.changed.connect(self.show_total)
        self.show_total()

    def show_total(self) -> None:
        given = sum(amount.value() for _, amount in self.split)
        roll = self.roll.value()
        self.total.setText(f"Split: {given} of the {roll} rolled")
        self.total.setStyleSheet("" if self.split_fits(given, roll) else ERROR_STYLE)

    def actions(self) -> list[dict]:
        self.desk.need_targets()
        healer = self.healer.currentData()
        if healer is None:
            raise Invalid("Nobody on the desk can make a healing check.")
        given = sum(amount.value() for _, amount in self.split)
        if not self.split_fits(given, self.roll.value()):
            raise Invalid(f"The split heals {given}, more than the d20 roll "
                          f"{self.roll.value()}: the roll is the total that can be healed.")
        return [{"type": "medicine", "healer": healer, "roll": self.roll.value(),
                 "bonus": self.bonus.value(),
                 "split": {c["id"]: a.value() for c, a in self.split if a.value()}}]


PAGES = {"short_rest": ShortRestPage, "long_rest": LongRestPage, "medicine": MedicinePage}
