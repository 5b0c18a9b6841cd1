"""Stonetop rests and moves (ST-7 … ST-12): Recover, Make Camp, Death's Door, Convalesce,
and the rest of NPCs and monsters."""

from __future__ import annotations

from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import QCheckBox, QVBoxLayout

from ...rules.stonetop.sheet import DEBILITIES
from .common import (
    Choice,
    Invalid,
    Page,
    Rows,
    combo,
    form_layout,
    line,
    note_label,
    rules_refusal,
    spin,
    target_value,
)

PLAYERS = ("pc", "follower")  # the player moves are theirs (ST-8, ST-12)


def first_refusal(page: Page, action: dict) -> str:
    """The rules' own words for why nobody here can make this move."""
    return rules_refusal(page.desk.state, action) or "Nobody selected can make this move."


class RecoverPage(Page):
    title = "Recover"
    tip = "Spend 1 use of supplies and regain 4 + Prosperity HP; not again until hurt"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        form = form_layout(self)
        marked = [d for d in DEBILITIES if any(d in c["debilities"] for c in desk.chars())]
        self.debility = combo([("no debility", None), *((f"clear {d}", d) for d in marked)],
                              "Debility tended", "A GM ruling may let Recover tend a debility "
                              "too")
        payers = [c for c in desk.characters.values() if c.get("supplies") is not None]
        self.payer = combo([("each their own", None),
                            *((f"{c['name']} ({c['supplies']} uses)", c["id"]) for c in payers)],
                           "Whose supplies", "Whose supplies pay the use Recover spends")
        form.addRow("&Tend too:", self.debility)
        form.addRow("&Supplies from:", self.payer)
        form.addRow(note_label("Recover spends 1 use of supplies (when tracked) and heals "
                               "4 + the steading's Prosperity."))
        self.watch(self.debility, self.payer)

    def actions(self) -> list[dict]:
        action = {"type": "recover", "target": target_value(self.desk.need_targets())}
        if self.debility.currentData():
            action["debility"] = self.debility.currentData()
        if self.payer.currentData():
            action["supplies_from"] = self.payer.currentData()
        return [action]


class MakeCampPage(Page):
    title = "Make Camp"
    tip = "The whole party at once: each picks half max HP or one debility"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        self.rows = Rows(("Who", "Picks", "Bedroll", "Fed"))
        self.fields = []
        self.others = [c for c in desk.chars() if c["kind"] not in PLAYERS]
        for char in desk.chars():
            if char["kind"] not in PLAYERS:
                continue
            pick = combo([("regain HP", None),
                          *((f"clear {d}", d) for d in char["debilities"])], "Pick",
                         "Regain half of max HP rounded up, or clear one marked debility")
            bedroll = spin(0, 6, 0, "Bedroll d6", "The bedroll's d6 face, if they have one",
                           "no bedroll")
            fed = QCheckBox("fed")
            fed.setChecked(True)
            fed.setAccessibleName("Ate and drank their fill")
            fed.setToolTip("Without food and drink Make Camp gives no benefit")
            self.rows.add(char, pick, bedroll, fed)
            self.fields.append((char, pick, bedroll, fed))
            self.watch(pick, bedroll, fed)
        self.rows.finish()
        self.comfort = QCheckBox("A &comfortable rest (advantage on the next roll)")
        self.comfort.setToolTip("A comfortable camp gives advantage; being uninjured does not")
        layout.addWidget(self.rows)
        layout.addWidget(self.comfort)
        layout.addStretch(1)
        self.watch(self.comfort)

    def _action(self, char, pick, bedroll, fed) -> dict:
        action = {"type": "make_camp", "target": char["id"],
                  "choice": "debility" if pick.currentData() else "hp"}
        if pick.currentData():
            action["debility"] = pick.currentData()
        if bedroll.value():
            action["bedroll"] = bedroll.value()
        if not fed.isChecked():
            action["fed"] = False
        if self.comfort.isChecked():
            action["comfortable"] = True
        return action

    def actions(self) -> list[dict]:
        self.desk.need_targets()
        if not self.fields:
            raise Invalid(first_refusal(self, {"type": "make_camp", "choice": "hp",
                                               "target": self.desk.targets[0]}))
        out = [self._action(*row) for row in self.fields if row[3].isChecked()]
        if not out:
            raise Invalid(first_refusal(self, self._action(*self.fields[0])))
        return out

    def note(self) -> str:
        unfed = [rules_refusal(self.desk.state, self._action(*row))
                 for row in self.fields if not row[3].isChecked()]
        rest = [f"{c['name']} is not a PC or follower: use NPC rest" for c in self.others]
        return "\n".join(t for t in (*unfed, *rest) if t)


class DeathsDoorPage(Page):
    title = "Death's Door"
    tip = "While dying, roll 2d6: 10+ back at 1 HP, 7–9 out of the action, 6− fate"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        dying = [c for c in desk.chars() if c.get("death") == "dying"]
        hard_to_kill = any("hard_to_kill" in c.get("moves", []) for c in dying)
        self.rows = Rows(("Who", "2d6 total", *(["Hard to Kill on a 7–9"] * hard_to_kill)))
        self.fields = []
        for char in dying:
            roll = line("Death's Door total", "empty: HarmDesk rolls",
                        "The 2d6 total with modifiers; leave empty to let HarmDesk roll "
                        "(or ask for your dice)")
            roll.setValidator(QIntValidator(-20, 40, roll))
            hard = None
            if "hard_to_kill" in char.get("moves", []):
                hard = combo([("no debility", None),
                              *((f"mark {d} for 1 HP", d) for d in DEBILITIES
                                if d not in char["debilities"])], "Hard to Kill",
                             "Hard to Kill: on a 7–9, mark a debility to regain 1 HP")
            self.rows.add(char, roll, hard)
            self.fields.append((char, roll, hard))
            self.watch(*(w for w in (roll, hard) if w is not None))
        self.rows.finish()
        layout.addWidget(self.rows)
        layout.addStretch(1)

    def actions(self) -> list[dict]:
        ids = self.desk.need_targets()
        if not self.fields:
            raise Invalid(first_refusal(self, {"type": "deaths_door", "target": ids[0],
                                               "roll": 7}))
        out = []
        for char, roll, hard in self.fields:
            action = {"type": "deaths_door", "target": char["id"]}
            if roll.text().strip():
                try:
                    action["roll"] = int(roll.text())
                except ValueError:
                    raise Invalid(f"{char['name']}'s total must be a whole number.") from None
            if hard is not None and hard.currentData():
                action["debility"] = hard.currentData()
            out.append(action)
        return out

    def note(self) -> str:
        rolled = [c["name"] for c, roll, _ in self.fields if not roll.text().strip()]
        names = ", ".join(c["name"] for c in self.desk.chars() if c.get("death") != "dying")
        lines = [f"2d6 will be rolled for {', '.join(rolled)} after OK."] if rolled else []
        if names:
            lines.append(f"Not dying, so no Death's Door: {names}.")
        return "\n".join(lines)


class ConvalescePage(Page):
    title = "Convalesce"
    tip = "A few days of rest: full HP and every debility cleared"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        wounds = dict.fromkeys(w for c in desk.chars() for w in c.get("wounds", []))
        self.healed = {}
        if wounds:
            layout.addWidget(note_label("Weeks in a healer's care also heal these wounds:"))
        for wound in wounds:
            box = QCheckBox(wound)
            box.setAccessibleName(f"Wound heals: {wound}")
            box.setToolTip("Check when this wound heals in the healer's care")
            layout.addWidget(box)
            self.healed[wound] = box
            self.watch(box)
        layout.addStretch(1)

    def actions(self) -> list[dict]:
        out = []
        for cid in self.desk.need_targets():
            action = {"type": "convalesce", "target": cid}
            wounds = [w for w in self.desk.characters[cid].get("wounds", [])
                      if w in self.healed and self.healed[w].isChecked()]
            if wounds:
                action["healed_wounds"] = wounds
            out.append(action)
        return out


class NpcRestPage(Page):
    title = "NPC rest"
    tip = "NPCs and monsters regain HP as the GM decides, by these guides"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        self.length = Choice("How long", [
            ("A few &minutes with supplies (3–5 HP)", "minutes"),
            ("A &night (half of max HP)", "night"), ("A few &days (full HP)", "days")])
        form = form_layout()
        self.amount = spin(3, 5, 4, "HP regained", "3 to 5 HP for a few minutes' rest")
        form.addRow("&HP regained:", self.amount)
        layout.addWidget(self.length)
        layout.addLayout(form)
        layout.addStretch(1)
        self.length.changed.connect(
            lambda: self.amount.setEnabled(self.length.value() == "minutes"))
        self.watch(self.length, self.amount)

    def actions(self) -> list[dict]:
        action = {"type": "rest", "target": target_value(self.desk.need_targets()),
                  "length": self.length.value()}
        if self.length.value() == "minutes":
            action["amount"] = self.amount.value()
        return [action]


PAGES = (RecoverPage, MakeCampPage, DeathsDoorPage, ConvalescePage, NpcRestPage)
