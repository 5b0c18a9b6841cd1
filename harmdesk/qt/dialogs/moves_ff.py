"""Freedom Fantasies rests and the Medicine and Technology checks (FF-10 … FF-12)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QLabel, QVBoxLayout

from ..style import ERROR_STYLE
from .common import (
    Choice,
    FaceBox,
    Invalid,
    Page,
    Rows,
    combo,
    form_layout,
    note_label,
    spin,
    target_value,
)
from .condition import ProtectionPage, TraitsPage


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


def healer_label(char: dict) -> str:
    """The healer's name with their Supplies and, while Wounded, their Momentum (FF-2:
    the check is an Action, 1 Momentum Point)."""
    notes = []
    if char.get("supplies") is not None:
        notes.append(f"{char['supplies']} Supplies")
    if char.get("wounded"):
        notes.append(f"Wounded: {char.get('momentum', 0)} Momentum")
    return char["name"] + (f" ({', '.join(notes)})" if notes else "")


class MedicinePage(Page):
    title = "Medicine"
    tip = "A DC 10 healing check; the d20 is the total healed, split as the healer likes"
    action = "medicine"
    skill = "Medicine"
    heals_objects = False  # FF-12: objects are repaired on the Technology page
    other_page = "Technology"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        form = form_layout()
        profile = desk.profile
        self.split_fits = profile.medicine_split_fits  # FF-11, as the rules check it
        healers = [c for c in desk.characters.values() if c["kind"] not in profile.object_kinds]
        # the GM selects the healer with the patients: the healer offered first is one
        # of those selected (a PC before others), never someone the GM did not select
        chosen = {cid: i for i, cid in enumerate(desk.targets)}
        healers.sort(key=lambda c: (c["id"] not in chosen, c["kind"] not in profile.party_kinds,
                                    chosen.get(c["id"], 0)))
        items = [(healer_label(c), c["id"]) for c in healers]
        if not healers or healers[0]["id"] not in chosen:
            items.insert(0, ("choose the healer", None))
        self.healer = combo(items, "Healer", f"Who makes the {self.skill} check")
        self.roll = FaceBox(20, "d20 face", "The face of the d20 (the Performance)")
        self.bonus = spin(-10, 30, 0, "Check bonus",
                          f"Focus or Dexterity ({self.skill}) bonus")
        form.addRow("&Healer:", self.healer)
        form.addRow("&d20 rolled:", self.roll)
        form.addRow("&Bonus:", self.bonus)
        layout.addLayout(form)
        # FF-11: the check heals the healer and the Characters Adjacent to them; HarmDesk
        # keeps no map and people move every round, so the GM says who is Adjacent at each
        # check (objects are repaired where the healer works on them: not asked)
        self.asks_adjacent = not self.heals_objects
        self.rows = Rows(("Object", "Heals") if self.heals_objects else
                         ("Patient", "Heals", "Adjacent"))
        self.split = []
        self.adjacent: dict[str, QCheckBox] = {}
        patients = [c for c in desk.chars()
                    if (c["kind"] in profile.object_kinds) == self.heals_objects]
        self.left_out = [c["name"] for c in desk.chars() if c not in patients]
        for char in patients:
            amount = spin(0, char.get("damage", 0), 0, "Damage healed",
                          f"Up to their {char.get('damage', 0)} Damage")
            amount.setSuffix(f" of {char.get('damage', 0)} Damage")
            if char.get("destroyed"):  # FF-4: only magical means repair it
                amount.setEnabled(False)
                amount.setSuffix(" — Destroyed")
                amount.setToolTip("Destroyed: it cannot be repaired except by magical means")
            self.split.append((char, amount))
            self.watch(amount)
            if not self.asks_adjacent:
                self.rows.add(char, amount)
                continue
            beside = QCheckBox()
            beside.setAccessibleName("Adjacent to the healer")
            beside.setToolTip("Adjacent to the healer: the check heals only the healer and "
                              "the characters Adjacent to them")
            self.rows.add(char, amount, beside)
            self.adjacent[char["id"]] = beside
            self.watch(beside)
        self.rows.finish()
        layout.addWidget(self.rows)
        self.healer.currentIndexChanged.connect(self.mark_healer)
        self.mark_healer()
        self.total = QLabel()
        self.total.setAccessibleName("Split so far")
        layout.addWidget(self.total)
        layout.addStretch(1)
        self.watch(self.healer, self.roll, self.bonus)
        self.changed.connect(self.show_total)
        self.show_total()

    def mark_healer(self) -> None:
        """The healer heals themselves wherever they stand: their row needs no answer."""
        healer = self.healer.currentData()
        for cid, beside in self.adjacent.items():
            if cid == healer:
                beside.setChecked(True)
                beside.setEnabled(False)
            elif not beside.isEnabled():  # the healer before: asked anew
                beside.setEnabled(True)
                beside.setChecked(False)

    def out_of_reach(self, healer: str) -> list[str]:
        """FF-11: who is given a share but not marked Adjacent to the healer."""
        return [c["name"] for c, a in self.split if a.value() and c["id"] in self.adjacent
                and c["id"] != healer and not self.adjacent[c["id"]].isChecked()]

    def show_total(self) -> None:
        given = sum(amount.value() for _, amount in self.split)
        roll = self.roll.value()
        rolled = f"the {roll} rolled" if self.roll.face() else "the d20 (type its face)"
        self.total.setText(f"Split: {given} of {rolled}")
        self.total.setStyleSheet("" if self.split_fits(given, roll) else ERROR_STYLE)

    def note(self) -> str:
        if not self.left_out:
            return ""
        what = "people; objects are repaired" if not self.heals_objects else \
            "objects; people are healed"
        return (f"Left out: {', '.join(self.left_out)} (a {self.skill} check heals {what} "
                f"on the {self.other_page} page).")

    def actions(self) -> list[dict]:
        self.desk.need_targets()
        if not self.split:
            what = "objects" if self.heals_objects else "people"
            raise Invalid(f"Select the {what} to heal: a {self.skill} check heals only "
                          f"{what} (the {self.other_page} page heals the others).")
        healer = self.healer.currentData()
        if healer is None:
            raise Invalid(f"Choose the healer, who makes the {self.skill} check.")
        if self.roll.face() is None:
            raise Invalid("Type the face of the d20 the healer rolled (1 to 20).")
        given = sum(amount.value() for _, amount in self.split)
        if not self.split_fits(given, self.roll.value()):
            raise Invalid(f"The split heals {given}, more than the d20 roll "
                          f"{self.roll.value()}: the roll is the total that can be healed.")
        far = self.out_of_reach(healer)
        if far:
            verb = "Is" if len(far) == 1 else "Are"
            raise Invalid(f"{verb} {' and '.join(far)} Adjacent to the healer? Tick Adjacent, "
                          "or give no share: the check heals only the healer and the "
                          "characters Adjacent to them.")
        action = {"type": self.action, "healer": healer, "roll": self.roll.value(),
                  "bonus": self.bonus.value(),
                  "split": {c["id"]: a.value() for c, a in self.split if a.value()}}
        if self.asks_adjacent:
            action["adjacent"] = [cid for cid, beside in self.adjacent.items()
                                  if beside.isChecked() and cid != healer]
        return [action]


class TechnologyPage(MedicinePage):
    """FF-12: "If Healing Objects, use the Technology Skill instead"; FF-4: not a
    Destroyed object, which only magic repairs."""

    title = "Technology"
    tip = "Repair objects: a DC 10 Technology check, as for Medicine"
    action = "technology"
    skill = "Technology"
    heals_objects = True
    other_page = "Medicine"


class MagicalRepairPage(Page):
    """FF-4: a Destroyed object "cannot be repaired except by magical means"; magic
    repairs any object by the Damage the GM gives."""

    title = "Magical repair"
    tip = "Repair objects by magical means, the only repair of a Destroyed object"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(note_label("Magic repairs each selected object by the Damage you "
                                    "give; only magical means repair a Destroyed object."))
        kinds = desk.profile.object_kinds
        self.rows = Rows(("Object", "Repairs"))
        self.amounts = []
        objects = [c for c in desk.chars() if c["kind"] in kinds]
        self.left_out = [c["name"] for c in desk.chars() if c not in objects]
        for char in objects:
            amount = spin(0, char.get("damage", 0), char.get("damage", 0), "Damage repaired",
                          f"Up to its {char.get('damage', 0)} Damage")
            amount.setSuffix(f" of {char.get('damage', 0)} Damage")
            self.rows.add(char, amount)
            self.amounts.append((char, amount))
            self.watch(amount)
        self.rows.finish()
        layout.addWidget(self.rows)
        layout.addStretch(1)

    def note(self) -> str:
        if not self.left_out:
            return ""
        return f"Left out: {', '.join(self.left_out)} (magical repair is for objects)."

    def actions(self) -> list[dict]:
        self.desk.need_targets()
        given = [(c, a.value()) for c, a in self.amounts if a.value()]
        if not given:
            raise Invalid("Select a damaged object and give the Damage magic repairs.")
        return [{"type": "heal", "target": c["id"], "amount": n, "magical": True}
                for c, n in given]


PAGES = {"short_rest": ShortRestPage, "long_rest": LongRestPage, "medicine": MedicinePage,
         "technology": TechnologyPage, "magical_repair": MagicalRepairPage}


# The conditions dialog's pages the profile names in its `condition_pages`, by key.
CONDITION_PAGES = {"protection": ProtectionPage, "damage_types": TraitsPage}
