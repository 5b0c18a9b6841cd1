"""Marking and clearing conditions, per game: one tab per kind of change.

Stonetop: debilities and problematic wounds. Lux Aeterna: add, remove and Save
against status conditions. Freedom Fantasies: Protection and damage-type traits.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout, QWidget

from ...profiles.parts import words
from ..forms.ui_condition_dialog import Ui_ConditionDialog
from .common import (
    Choice,
    Desk,
    Invalid,
    Page,
    Validated,
    capital,
    combo,
    form_layout,
    line,
    note_label,
    parse_names,
    spin,
    target_value,
)
from .moves import pages_of

# ST-13: what each debility hinders, as the GM reads it out.
DEBILITY_ROLLS = {"weakened": "STR and DEX", "dazed": "INT and WIS", "miserable": "CON and CHA"}
DEBILITY_KEYS = {"weakened": "&Weakened", "dazed": "Da&zed", "miserable": "Mi&serable"}


def having(desk: Desk, test) -> list[str]:
    return [c["id"] for c in desk.chars() if test(c)]


class DebilityPage(Page):
    title = "&Debility"
    tip = "Mark or clear a debility; NPCs and monsters never mark them"
    def __init__(self, desk: Desk, parent=None):
        super().__init__(desk, parent)
        self.names = desk.profile.debilities
        layout = QVBoxLayout(self)
        self.mode = Choice("Change", [("Mar&k", "mark", "Mark the debility"),
                                      ("C&lear", "clear", "Clear a marked debility")], True)
        self.debility = Choice("Debility", [
            (f"{DEBILITY_KEYS[d]}: disadvantage on {DEBILITY_ROLLS[d]} rolls", d)
            for d in ("weakened", "dazed", "miserable")])
        layout.addWidget(self.mode)
        layout.addWidget(self.debility)
        layout.addStretch(1)
        self.watch(self.mode, self.debility)

    def preset(self, name: str) -> bool:
        if not self.debility.set_value(name):
            return False
        chars = self.desk.chars()
        self.mode.set_value("clear" if chars and all(name in c["debilities"] for c in chars)
                            else "mark")
        return True

    def actions(self) -> list[dict]:
        ids, debility = self.desk.need_targets(), self.debility.value()
        if self.mode.value() == "mark":
            return [{"type": "mark_debility", "target": target_value(ids), "debility": debility}]
        marked = having(self.desk, lambda c: debility in c.get("debilities", []))
        if not marked:
            raise Invalid(f"Nobody selected is {debility}: there is nothing to clear.")
        return [{"type": "clear_debility", "target": target_value(marked), "debility": debility}]


def own_conditions(char: dict) -> list[dict]:
    """The conditions a character has that are not a Trauma's (those stay, LA-10)."""
    return [c for c in char.get("conditions", []) if not c.get("from_trauma")]


class RemoveConditionPage(Page):
    title = "&Remove condition"
    tip = "End a condition (its duration says so, or the GM rules it)"

    def __init__(self, desk: Desk, parent=None):
        super().__init__(desk, parent)
        form = form_layout(self)
        present = dict.fromkeys(c["name"] for ch in desk.chars() for c in own_conditions(ch))
        self.name = combo([(capital(n), n) for n in present], "Condition to remove")
        form.addRow("&Condition:", self.name)
        form.addRow(note_label("A Trauma's conditions last until the Trauma heals."))
        self.watch(self.name)

    def actions(self) -> list[dict]:
        self.desk.need_targets()
        name = self.name.currentData()
        if name is None:
            raise Invalid("Nobody selected has a condition that can be removed.")
        ids = having(self.desk, lambda c: any(x["name"] == name for x in own_conditions(c)))
        return [{"type": "remove_condition", "target": target_value(ids), "name": name}]


class SavePage(Page):
    title = "&Save"
    tip = "Save Bumps against a condition add up; it ends at its Difficulty"

    def __init__(self, desk: Desk, parent=None):
        super().__init__(desk, parent)
        form = form_layout(self)
        self.entries = [(ch, c) for ch in desk.chars() for c in own_conditions(ch)
                        if c.get("save_ends")]
        many = len(desk.targets) > 1
        self.which = combo([((f"{ch['name']}: " if many else "") + capital(c["name"]), i)
                            for i, (ch, c) in enumerate(self.entries)], "Condition saved against")
        self.progress = QLabel()
        self.progress.setAccessibleName("Save progress so far")
        self.bumps = spin(0, 20, 1, "Bumps of this Save", "Bumps rolled on this Save (0: failed)")
        form.addRow("&Against:", self.which)
        form.addRow("So far:", self.progress)
        form.addRow("&Bumps:", self.bumps)
        self.which.currentIndexChanged.connect(self.sync)
        self.watch(self.which, self.bumps)
        self.sync()

    def sync(self) -> None:
        i = self.which.currentData()
        if i is None:
            self.progress.setText("—")
            return
        char, cond = self.entries[i]
        odds = self.desk.profile.save_odds(char)  # "Disadvantage: Chronic Pain"
        self.progress.setText(f"{cond.get('bumps', 0)} Bumps of Difficulty {cond['origin_level']}"
                              + (f"; {odds}" if odds else ""))

    def actions(self) -> list[dict]:
        self.desk.need_targets()
        i = self.which.currentData()
        if i is None:
            raise Invalid("Nobody selected has a condition a Save can end.")
        char, cond = self.entries[i]
        return [{"type": "save", "target": char["id"], "condition": cond["name"],
                 "bumps": self.bumps.value()}]


class ProtectionPage(Page):
    title = "&Protection"
    tip = "Protection Points from one source; a new source replaces the old or is declined"
    names = ("protection",)

    def __init__(self, desk: Desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        form = form_layout()
        self.points = spin(1, 99, 1, "Protection points")
        self.source = line("Source of the Protection", "shield spell, ward …",
                           "Protection comes from one named source")
        form.addRow("P&oints:", self.points)
        form.addRow("&Source:", self.source)
        self.keep = Choice("When some Protection remains", [
            ("Take the &new points", "new"), ("Keep the &old points", "old")])
        layout.addLayout(form)
        layout.addWidget(self.keep)
        layout.addStretch(1)
        self.watch(self.points, self.source, self.keep)

    def preset(self, name: str) -> bool:
        return name in self.names

    def actions(self) -> list[dict]:
        ids = self.desk.need_targets()
        source = self.source.text().strip()
        if not source:
            raise Invalid("Name the source of the Protection (a spell, a shield …).")
        return [{"type": "grant_protection", "target": target_value(ids),
                 "points": self.points.value(), "source": source, "keep": self.keep.value()}]


TRAIT_LISTS = (("immune", "&Immune to"), ("resistant", "&Resistant to"),
               ("vulnerable", "&Vulnerable to"))


class TraitsPage(Page):
    title = "Damage &types"
    tip = "Immunity, Resistance and Vulnerability by damage type"

    def __init__(self, desk: Desk, parent=None):
        super().__init__(desk, parent)
        form = form_layout(self)
        self.edits, self.initial = {}, {}
        chars = desk.chars()
        for key, label in TRAIT_LISTS:
            lists = {tuple(c.get(key, [])) for c in chars}
            shared = ", ".join(words(t) for t in next(iter(lists))) if len(lists) == 1 else ""
            edit = line(label.replace("&", ""),
                        "differs: leave empty to keep each one's" if len(lists) > 1 else "none",
                        "Damage types, separated by commas; type none to clear the list")
            edit.setText(shared)
            self.edits[key], self.initial[key] = edit, shared
            form.addRow(label + ":", edit)
            self.watch(edit)
        form.addRow(note_label("Damage types are the game's own names, e.g. fire, cold iron."))

    def actions(self) -> list[dict]:
        ids = self.desk.need_targets()
        changes = {}
        for key, edit in self.edits.items():
            text = edit.text().strip()
            if text == self.initial[key]:
                continue
            names = [] if text.lower() == "none" else parse_names(text, "damage type")
            changes[key] = names
        if not changes:
            return []
        return [{"type": "edit_character", "target": target_value(ids), "changes": changes}]


class ConditionDialog(Validated, QDialog):
    """Conditions for the selected characters. Result: `actions()` (target set)."""

    def __init__(self, profile, state: dict, targets, parent: QWidget | None = None,
                 preset: str | None = None):
        super().__init__(parent)
        self.ui = Ui_ConditionDialog()
        self.ui.setupUi(self)
        self.init_validation()
        self.desk = Desk(state, tuple(targets), profile=profile)
        self.preview_state = state
        pages = pages_of(profile, "CONDITION_PAGES")
        self.pages = [pages[key](self.desk) for key in profile.condition_pages]
        for page in self.pages:
            self.ui.tabs.addTab(page, page.title)
            self.ui.tabs.setTabToolTip(self.ui.tabs.count() - 1, page.tip)
            page.changed.connect(self.revalidate)
        if preset:
            for page in self.pages:
                if page.preset(preset):
                    self.ui.tabs.setCurrentWidget(page)
                    break
        self.ui.tabs.currentChanged.connect(self.revalidate)
        self.ui.targetsLabel.setText(f"For: {self.desk.names()}")
        self.setWindowTitle(f"Conditions — {self.desk.names()}")
        self.revalidate()

    def page(self) -> Page:
        return self.ui.tabs.currentWidget()

    def build(self) -> list[dict]:
        return self.page().actions()

    def actions(self) -> list[dict]:
        """The actions to submit (empty when nothing changes or the input is bad)."""
        try:
            return self.build()
        except Invalid:
            return []
