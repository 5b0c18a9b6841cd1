"""Stonetop rests and moves (ST-7 … ST-12, ST-15): Recover, Tend, Make Camp, Death's Door,
Convalesce, and the rest of NPCs and monsters."""

from __future__ import annotations

from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import QCheckBox, QVBoxLayout

from ...desk.explain import refusal as rules_refusal
from ...profiles.stonetop import tending_changes_death
from ..plain import plain_button
from .common import (
    Choice,
    Invalid,
    Page,
    Rows,
    combo,
    form_layout,
    line,
    note_label,
    spin,
    target_value,
)
from .condition import DebilityPage
from .wounds_stonetop import WoundPage


def first_refusal(page: Page, action: dict) -> str:
    """The rules' own words for why nobody here can make this move."""
    return rules_refusal(page.desk.state, action) or "Nobody selected can make this move."


def wound_effects_note(desk) -> str:
    """ST-11: what the wounds of those selected do while they last, for their moves:
    "Rhianna's wounds: bow: reload; Let Fly with disadvantage"."""
    lines = []
    for char in desk.chars():
        effects = dict.fromkeys(e for w in desk.profile.wounds(char) for e in w["lasting"])
        if effects:
            lines.append(f"{char['name']}'s wounds: {'; '.join(effects)}.")
    return "\n".join(lines)


class MovePage(Page):
    """A Stonetop move: its own note, then what the wounds of those making it do."""

    def own_note(self) -> str:
        return ""

    def note(self) -> str:
        return "\n".join(t for t in (self.own_note(), wound_effects_note(self.desk)) if t)


class RecoverPage(MovePage):
    title = "Recover"
    tip = "Spend 1 use of supplies and regain 4 + Prosperity HP; not again until hurt"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        form = form_layout(self)
        marked = [d for d in desk.profile.debilities
                  if any(d in c["debilities"] for c in desk.chars())]
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


class TendPage(MovePage):
    title = "Tend"
    tip = ("Recover (b): tend a debility or a problematic wound; the GM names what it takes, "
           "supplies or a Defy Danger roll")

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        form = form_layout()
        self.who = combo([(c["name"], c["id"]) for c in desk.chars()], "Who is tended")
        self.wound = combo([], "Wound tended", "The problematic wound they tend")
        self.becomes = line("What the wound becomes", "empty: taken care of",
                            "How the wound reads afterwards, such as 'leg stitched, in pain'")
        self.debility = combo([], "Debility tended", "A debility cleared by the tending")
        self.how = line("How they tend it", "a tourniquet and stitches …",
                        "Say how they tend it")
        payers = [c for c in desk.characters.values() if c.get("supplies") is not None]
        self.payer = combo([("their own", None),
                            *((f"{c['name']} ({c['supplies']} uses)", c["id"]) for c in payers)],
                           "Whose supplies", "Whose supplies pay for the tending")
        self.supplies = spin(0, 9, 1, "Uses of supplies the GM requires",
                             "The uses of supplies the tending needs", "none")
        form.addRow("&Tended:", self.who)
        form.addRow("&Wound:", self.wound)
        form.addRow("Wound &becomes:", self.becomes)
        form.addRow("&Debility:", self.debility)
        form.addRow("&How:", self.how)
        form.addRow("&Supplies needed:", self.supplies)
        form.addRow("Supplies &from:", self.payer)
        self.roll = Choice("Defy Danger, when the GM requires it", [
            ("No roll", None, "The GM declares it taken care of"),
            ("10+", "10+", "They do it"),
            ("7–9", "7-9", "The GM offers a cost or a lesser success"),
            ("6−", "6-", "Nothing is taken care of; the GM makes a move")], horizontal=True)
        self.pick = Choice("On a 7–9 the player takes", [
            ("the &cost: a second use of supplies", "cost"),
            ("the &lesser success: no HP, and someone dying only stable", "lesser")])
        outcome = form_layout()
        self.heal = spin(0, 99, 0, "HP regained", "HP the tending gives back when it works")
        self.after = combo([("unchanged", None), ("back on their feet", "none"),
                            ("stable, but out of the action", "out_of_action")], "Afterwards",
                           "For someone dying or out of the action")
        outcome.addRow("HP &regained:", self.heal)
        outcome.addRow("&Afterwards:", self.after)
        layout.addLayout(form)
        layout.addWidget(self.roll)
        layout.addWidget(self.pick)
        layout.addLayout(outcome)
        layout.addStretch(1)
        self.who.currentIndexChanged.connect(self.sync)
        self.roll.changed.connect(self.sync)
        self.wound.currentIndexChanged.connect(self.sync)
        self.watch(self.who, self.wound, self.becomes, self.debility, self.how, self.payer,
                   self.supplies, self.roll, self.pick, self.heal, self.after)
        self.sync()

    def char(self) -> dict | None:
        return self.desk.characters.get(self.who.currentData())

    def called_for(self) -> bool:
        """ST-15: someone out of the action comes back in by being tended: open on them."""
        out = [c["id"] for c in self.desk.chars() if c.get("death") == "out_of_action"]
        if out:
            self.who.setCurrentIndex(self.who.findData(out[0]))
        return bool(out)

    def sync(self) -> None:
        """The wounds and debilities of whoever is tended; the 7–9 pick only on a 7–9."""
        char = self.char() or {"wounds": [], "debilities": [], "death": "none", "max_hp": 0}
        wounds = [w["text"] for w in self.desk.profile.wounds(char)]
        for box, items, word in ((self.wound, wounds, "no wound"),
                                 (self.debility, char["debilities"], "no debility")):
            if not box.count() or [box.itemData(i) for i in range(1, box.count())] != items:
                box.blockSignals(True)
                box.clear()
                box.addItem(word, None)
                for item in items:
                    box.addItem(item, item)
                box.blockSignals(False)
        self.becomes.setEnabled(self.wound.currentData() is not None)
        self.pick.setEnabled(self.roll.value() == "7-9")
        self.after.setEnabled(tending_changes_death(char))
        if not self.after.isEnabled():
            self.after.setCurrentIndex(0)

    def actions(self) -> list[dict]:
        self.desk.need_targets()
        char = self.char()
        action = {"type": "tend", "target": char["id"], "supplies": self.supplies.value()}
        payer = self.payer.currentData()
        if payer and payer != char["id"]:
            action["supplies_from"] = payer
        if self.wound.currentData():
            action["wound"] = self.wound.currentData()
            if self.becomes.text().strip():
                action["wound_becomes"] = self.becomes.text().strip()
        if self.debility.currentData():
            action["debility"] = self.debility.currentData()
        if self.heal.value():
            action["heal"] = self.heal.value()
        if self.after.isEnabled() and self.after.currentData():
            action["death"] = self.after.currentData()
        if not {"wound", "debility", "heal", "death"} & set(action):
            raise Invalid("Choose what is tended: a wound, a debility, HP regained, or "
                          "getting someone back on their feet.")
        if self.how.text().strip():
            action["how"] = self.how.text().strip()
        if self.roll.value():
            action["defy_danger"] = self.roll.value()
            if self.roll.value() == "7-9":
                action["pick"] = self.pick.value()
        return [action]


class MakeCampPage(MovePage):
    title = "Make Camp"
    tip = "The whole party at once: each picks half max HP or one debility"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        self.rows = Rows(("Who", "Picks", "Bedroll", "Fed"))
        self.fields = []
        players = desk.profile.party_kinds  # the player moves are theirs (ST-8, ST-12)
        self.others = [c for c in desk.chars() if c["kind"] not in players]
        for char in desk.chars():
            if char["kind"] not in players:
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

    def own_note(self) -> str:
        unfed = [rules_refusal(self.desk.state, self._action(*row))
                 for row in self.fields if not row[3].isChecked()]
        rest = [f"{c['name']} is not a PC or follower: use NPC rest" for c in self.others]
        return "\n".join(t for t in (*unfed, *rest) if t)


KEEP = "never_gonna_keep_me_down"
CON_VALUES = (-1, 0, 1, 2)  # a Stonetop stat is a modifier from −1 to +2 (ST-16)


def move_key(name: str) -> str:
    """A move's name as the GM may type it: "Death's Door", "deaths door"."""
    return " ".join(name.lower().replace("'", "").replace("\u2019", "").split())


def signed_stat(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


class DeathsDoorPage(MovePage):
    title = "Death's Door"
    tip = "While dying, roll 2d6: 10+ back at 1 HP, 7–9 out of the action, 6− fate"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        dying = [c for c in desk.chars() if c.get("death") == "dying"]
        hard_to_kill = any("hard_to_kill" in c.get("moves", []) for c in dying)
        keep = any(KEEP in c.get("moves", []) for c in dying)
        self.rows = Rows(("Who", "2d6 total", *(["Hard to Kill rolls"] * hard_to_kill),
                          *(["Hard to Kill on a 7–9"] * hard_to_kill),
                          *(["Never Gonna Keep Me Down"] * keep)))
        self.fields = []
        self.adds = {}  # Hard to Kill: +nothing or +CON, by character id
        for char in dying:
            roll = line("Death's Door total", "empty: HarmDesk rolls",
                        "The 2d6 total with modifiers; leave empty to let HarmDesk roll "
                        "(or ask for your dice)")
            roll.setValidator(QIntValidator(-20, 40, roll))
            hard = adds = None
            if "hard_to_kill" in char.get("moves", []):
                # ST-7: Hard to Kill rolls +CON or +nothing; ST-13: +CON while miserable
                # rolls with disadvantage
                adds = combo([("+nothing", None),
                              *((f"+CON {signed_stat(n)}", n) for n in CON_VALUES)],
                             "Hard to Kill adds", "Hard to Kill: roll +CON (the CON shown) or "
                             "+nothing; +CON while miserable rolls with disadvantage")
                self.adds[char["id"]] = adds
                hard = combo([("no debility", None),
                              *((f"mark {d} for 1 HP", d) for d in self.desk.profile.debilities
                                if d not in char["debilities"])], "Hard to Kill",
                             "Hard to Kill: on a 7–9, mark a debility to regain 1 HP")
            automatic = None
            if KEEP in char.get("moves", []):
                # ST-7: "an automatic 10+ once per session"; the open session is filled in
                automatic = QCheckBox("an automatic 10+")
                automatic.setAccessibleName("Never Gonna Keep Me Down")
                automatic.setToolTip("Never Gonna Keep Me Down: an automatic 10+, once per "
                                     "play session")
                automatic.toggled.connect(lambda on, r=roll: r.setEnabled(not on))
            self.rows.add(char, roll, *([adds, hard] if hard_to_kill else []),
                          *([automatic] if keep else []))
            self.fields.append((char, roll, hard, automatic))
            self.watch(*(w for w in (roll, adds, hard, automatic) if w is not None))
        self.rows.finish()
        layout.addWidget(self.rows)
        layout.addStretch(1)

    def actions(self) -> list[dict]:
        ids = self.desk.need_targets()
        if not self.fields:
            raise Invalid(first_refusal(self, {"type": "deaths_door", "target": ids[0],
                                               "roll": 7}))
        out = []
        for char, roll, hard, automatic in self.fields:
            action = {"type": "deaths_door", "target": char["id"]}
            if automatic is not None and automatic.isChecked():
                action["automatic"] = True
                if self.desk.play_session is not None:  # else the rules say to start one
                    action["session"] = self.desk.play_session
            elif roll.text().strip():
                try:
                    action["roll"] = int(roll.text())
                except ValueError:
                    raise Invalid(f"{char['name']}'s total must be a whole number.") from None
            if hard is not None and hard.currentData():
                action["debility"] = hard.currentData()
            adds = self.adds.get(char["id"])
            if adds is not None and adds.currentData() is not None:
                action["con"] = adds.currentData()
            out.append(action)
        return out

    def called_for(self) -> bool:
        """ST-7: the dying roll Death's Door before any other move."""
        return bool(self.fields)

    def disadvantage(self, char: dict) -> str | None:
        """Why this Death's Door is a roll with disadvantage: ST-13, miserable when Hard
        to Kill rolls +CON; ST-11, a wound that names Death's Door while it lasts."""
        adds = self.adds.get(char["id"])
        if adds is not None and adds.currentData() is not None \
                and "miserable" in char["debilities"]:
            return "+CON while miserable"
        return next((f"the wound {w['text']}" for w in self.desk.profile.wounds(char)
                     if w["lasting"] and any(move_key(m) == move_key("Death's Door")
                                             for m in w.get("disadvantage", []))), None)

    def own_note(self) -> str:
        rolled = [c for c, roll, _, automatic in self.fields if not roll.text().strip()
                  and not (automatic is not None and automatic.isChecked())]
        plain = [c["name"] for c in rolled if not self.disadvantage(c)]
        names = ", ".join(c["name"] for c in self.desk.chars() if c.get("death") != "dying")
        lines = [f"2d6 will be rolled for {', '.join(plain)} after OK."] if plain else []
        for char, _roll, _, automatic in self.fields:
            against = self.disadvantage(char)
            if against is None or (automatic is not None and automatic.isChecked()):
                continue
            how = ("will be rolled after OK" if char in rolled
                   else "the total typed is after dropping it")
            lines.append(f"{char['name']} rolls with disadvantage ({against}): 3d6, drop "
                         f"the highest ({how}).")
        if names:
            lines.append(f"Not dying, so no Death's Door: {names}.")
        return "\n".join(lines)


class ConvalescePage(MovePage):
    title = "Convalesce"
    tip = "A few days of rest: full HP and every debility cleared"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        # ST-11: a permanent wound does not heal in a healer's care
        wounds = dict.fromkeys(w["text"] for c in desk.chars() for w in desk.profile.wounds(c)
                               if not w["permanent"])
        self.healed = {}
        if wounds:
            layout.addWidget(note_label("Weeks in a healer's care also heal these wounds:"))
        for wound in wounds:
            box = QCheckBox(plain_button(wound))
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
            wounds = [w["text"] for w in self.desk.profile.wounds(self.desk.characters[cid])
                      if w["text"] in self.healed and self.healed[w["text"]].isChecked()]
            if wounds:
                action["healed_wounds"] = wounds
            out.append(action)
        return out


class NpcRestPage(MovePage):
    title = "NPC rest"
    tip = "NPCs and monsters regain HP as the GM decides, by these guides"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        self.length = Choice("How long", [
            ("A few &minutes with supplies (3–5 HP as a guide)", "minutes"),
            ("A &night (half of max HP)", "night"), ("A few &days (full HP)", "days")])
        form = form_layout()
        # ST-12: 3–5 HP is the guide; the GM's number stands
        self.amount = spin(0, 999, 4, "HP regained",
                           "As many HP as you say; 3 to 5 for a few minutes' rest is the guide")
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


PAGES = {"recover": RecoverPage, "tend": TendPage, "make_camp": MakeCampPage,
         "deaths_door": DeathsDoorPage, "convalesce": ConvalescePage, "npc_rest": NpcRestPage}


# The conditions dialog's pages the profile names in its `condition_pages`, by key.
CONDITION_PAGES = {"debility": DebilityPage, "wound": WoundPage}
