"""Lux Aeterna rests and moves (LA-2, LA-6 … LA-13): rests, medical aid, stabilizing,
turns, the end of a scene and Endurance granted."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout

from ...desk.rolling import roll_faces
from ...profiles.lux_aeterna import resolve_offered
from .common import (
    Invalid,
    Page,
    Rows,
    capital,
    combo,
    form_layout,
    line,
    note_label,
    parse_faces,
    spin,
    target_value,
)
from .condition import RemoveConditionPage, SavePage
from .condition_lux import AddConditionPage, SustainingPage, TreatTraumaPage


class ShortRestPage(Page):
    title = "Short Rest"
    tip = "Spend Resolve dice and recover HP equal to their total"
    kind = "short_rest"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        self.add_above(layout)
        self.rows = Rows(("Who", "Resolve dice spent", "Faces rolled"))
        self.fields, self.rolled = [], {}
        self.spent = [c for c in desk.chars() if not c.get("resolve_dice")]
        for char in desk.chars():
            have = char.get("resolve_dice", 0)
            if not have:
                continue
            count = spin(0, have, resolve_offered(char), "Resolve dice spent",
                         f"How many of the {have} unspent Resolve dice to spend", "none")
            count.setSuffix(f" of {have} × {char['resolve_die']}")
            faces = line("Resolve faces", "empty: HarmDesk rolls",
                         "The faces rolled, such as 3 5; leave empty to let HarmDesk roll")
            faces.setMinimumWidth(170)
            self.rows.add(char, count, faces)
            self.fields.append((char, count, faces))
            self.watch(count, faces)
        self.rows.finish()
        layout.addWidget(self.rows)
        layout.addStretch(1)

    def add_above(self, layout) -> None:
        """Room for what a page built on this one asks before the dice."""

    def faces(self, char: dict, count, faces) -> list[int]:
        if faces.text().strip():
            typed = parse_faces(faces.text(), char["name"])
            if len(typed) != count.value():
                raise Invalid(f"{char['name']} spends {count.value()} Resolve "
                              f"{'die' if count.value() == 1 else 'dice'}: type "
                              f"{count.value()} faces, or leave them empty to let HarmDesk roll.")
            return typed
        # rolled once per choice, so the preview shows exactly what OK will apply
        key = (char["id"], count.value(), char["resolve_die"])
        if key not in self.rolled:
            self.rolled[key] = roll_faces(f"{key[1]}{key[2]}", self.desk.rng)
        return self.rolled[key]

    def actions(self) -> list[dict]:
        self.desk.need_targets()
        if not self.fields:
            raise Invalid("Nobody selected has an unspent Resolve die; a Full Rest brings "
                          "them back.")
        out = [{"type": self.kind, "target": char["id"],
                "resolve_rolls": self.faces(char, count, faces), **self.more()}
               for char, count, faces in self.fields if count.value()]
        if not out:
            raise Invalid("Choose how many Resolve dice someone spends.")
        return out

    def more(self) -> dict:
        return {}

    def note(self) -> str:
        lines = []
        for char, count, faces in self.fields:
            key = (char["id"], count.value(), char["resolve_die"])
            if count.value() and not faces.text().strip() and key in self.rolled:
                lines.append(f"HarmDesk rolled {key[1]}{key[2]} for {char['name']}: "
                             f"{', '.join(map(str, self.rolled[key]))}.")
        if self.spent:
            lines.append("No unspent Resolve dice: " + ", ".join(c["name"] for c in self.spent))
        return "\n".join(lines)


class RollResolvePage(ShortRestPage):
    """Resolve rolled outside a Short Rest, "when prompted to by an ability, item, or
    other special circumstance" (LA-12): in a fight too."""

    title = "Roll Resolve"
    tip = "An ability or item lets them roll Resolve dice now, outside a Short Rest"
    kind = "roll_resolve"

    def add_above(self, layout) -> None:
        form = form_layout()
        self.prompted_by = line("Ability or item", "Potion of Vigor, Second Wind …",
                                "What lets them roll Resolve now; it names the step in the log")
        form.addRow("&Prompted by:", self.prompted_by)
        layout.addLayout(form)
        layout.addWidget(note_label("When an ability, item or other special circumstance "
                                    "prompts it, at any time: the dice rolled are spent until "
                                    "the next Full Rest."))
        self.watch(self.prompted_by)

    def more(self) -> dict:
        named = self.prompted_by.text().strip()
        return {"prompted_by": named} if named else {}


def trauma_label(number: int, names) -> str:
    """'9 Fear' for Trauma 9, as `names` (the game's Trauma table) calls it."""
    return f"{number} {names.get(number, '')}".strip()


def today(desk) -> int:
    """The campaign's day, as the rules keep it in the settings."""
    return desk.state["settings"]["day"]


class FullRestPage(Page):
    title = "Full Rest"
    tip = ("Trauma Saves, then full HP, Resolve dice back and Strain reset; the night ends "
           "the day")

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        self.rows = Rows(("Who", "Trauma Save Bumps", "Trauma healed at 5 Bumps"))
        self.fields = []
        names = desk.profile.trauma_names
        for char in desk.chars():
            traumas = sorted(set(char.get("traumas", [])))
            bumps = spin(0, 20, 0, "Trauma Save Bumps",
                         f"Bumps of tonight's Trauma Saves; {char.get('trauma_bumps', 0)} of 5 "
                         "so far")
            if traumas:
                bumps.setSuffix(f" (+{char.get('trauma_bumps', 0)} so far)")
            if len(traumas) > 1:
                items = [("choose one", None), *((trauma_label(t, names), t) for t in traumas)]
            else:  # with one Trauma the rules heal it; with none there is nothing to pick
                items = [(trauma_label(traumas[0], names) if traumas else "no Trauma", None)]
            heal = combo(items, "Trauma healed", "Which Trauma heals when the Bumps reach 5")
            bumps.setEnabled(bool(traumas))
            heal.setEnabled(len(traumas) > 1)
            self.rows.add(char, bumps, heal)
            self.fields.append((char, bumps, heal))
            self.watch(bumps, heal)
        self.rows.finish()
        layout.addWidget(self.rows)
        tilted = [f"{c['name']}: {desk.profile.save_odds(c)}" for c in desk.chars()
                  if c.get("traumas") and desk.profile.save_odds(c)]
        if tilted:  # the Trauma Saves are Saves too
            layout.addWidget(note_label("Trauma Saves: " + "; ".join(tilted) + "."))
        layout.addWidget(note_label(f"One night for everyone resting: day {today(desk)} ends. "
                                    "Someone unconscious at 0 HP or below may recover only "
                                    "slowly (Settings: rest while unconscious)."))
        layout.addStretch(1)

    def actions(self) -> list[dict]:
        # one action for the party: one night, so the day moves on once; each one's own
        # Bumps and Trauma by id ({id: value}), or plain for one alone
        target = target_value(self.desk.need_targets())
        action = {"type": "full_rest", "target": target}
        bumps = {c["id"]: b.value() for c, b, _h in self.fields if b.value()}
        heals = {c["id"]: h.currentData() for c, _b, h in self.fields if h.currentData()}
        for key, given in (("trauma_bumps", bumps), ("heal_trauma", heals)):
            if given:
                action[key] = given if isinstance(target, list) else given[target]
        return [action]


class MedicalAidPage(Page):
    title = "Medical aid"
    tip = "An Intellect Feat: stabilizes and heals HP equal to its Bumps, once a day"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        form = form_layout(self)
        self.bumps = spin(0, 20, 1, "Bumps of the Intellect Feat", "0 Bumps: the Feat failed")
        form.addRow("&Bumps:", self.bumps)
        form.addRow(note_label("Only for a character unconscious at 0 HP or below. It "
                               "stabilizes a Wounded patient every time; the HP come once "
                               f"per day (today is day {today(desk)})."))
        self.watch(self.bumps)

    def actions(self) -> list[dict]:
        return [{"type": "medical_aid", "target": target_value(self.desk.need_targets()),
                 "bumps": self.bumps.value()}]


class StabilizePage(Page):
    title = "Stabilize"
    tip = "A special item or ability stabilizes a Wounded character"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(note_label("An item or ability stabilizes: no more Strain at the "
                                    "start of their turns while Wounded."))
        layout.addStretch(1)

    def actions(self) -> list[dict]:
        return [{"type": "stabilize", "target": target_value(self.desk.need_targets())}]


class StartTurnPage(Page):
    title = "Start of turn"
    tip = "Strain death check, Regenerating, Ongoing Damage, Strain"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(note_label("Each selected character starts a turn. A Trauma roll, "
                                    "if Ongoing Damage Wounds someone, is asked for after OK."))
        layout.addStretch(1)

    def actions(self) -> list[dict]:
        # one per character: a Trauma roll asked for later belongs to one of them
        return [{"type": "start_turn", "target": cid} for cid in self.desk.need_targets()]


def save_label(char: dict, cond: dict, odds: str = "") -> str:
    """'Karis: Frozen (5 of 8 Bumps; Disadvantage: Chronic Pain)'."""
    return (f"{char['name']}: {capital(cond['name'])} "
            f"({cond.get('bumps', 0)} of {cond['origin_level']} Bumps"
            + (f"; {odds})" if odds else ")"))


class EndTurnPage(Page):
    title = "End of turn"
    tip = "An optional Save, and durations in rounds count down"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        form = form_layout(self)
        self.entries = [(ch, c) for ch in desk.chars() for c in ch.get("conditions", [])
                        if c.get("save_ends") and not c.get("from_trauma")]
        self.save = combo([("no Save", None),
                           *((save_label(ch, c, desk.profile.save_odds(ch)), i)
                             for i, (ch, c) in enumerate(self.entries))],
                          "Save at the end of the turn")
        self.bumps = spin(0, 20, 1, "Bumps of the Save")
        form.addRow("&Save against:", self.save)
        form.addRow("&Bumps:", self.bumps)
        self.save.currentIndexChanged.connect(
            lambda: self.bumps.setEnabled(self.save.currentData() is not None))
        self.bumps.setEnabled(False)
        self.watch(self.save, self.bumps)

    def actions(self) -> list[dict]:
        out = [{"type": "end_turn", "target": cid} for cid in self.desk.need_targets()]
        i = self.save.currentData()
        if i is not None:
            char, cond = self.entries[i]
            for action in out:
                if action["target"] == char["id"]:
                    action.update(condition=cond["name"], bumps=self.bumps.value())
        return out


class EndScenePage(Page):
    title = "End the scene"
    tip = "When a Scene ends, all Endurance is lost"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(note_label("Everyone on the desk loses all Endurance, selected or not."))
        layout.addStretch(1)

    def actions(self) -> list[dict]:
        return [{"type": "end_scene"}]


def keep_items(char: dict, amount: int) -> list[tuple[str, str]]:
    """LA-2 in the seed's words: the new instance overwrites the old one, or the holder
    foregoes it; the two never add up."""
    old = char["endurance"]
    return [(f"take the new {amount} (overwrites the old {old})", "new"),
            (f"keep the old {old} (forego the new {amount})", "old")]


class GrantEndurancePage(Page):
    title = "Grant Endurance"
    tip = "Temporary HP on top of HP; a new instance overwrites the old or is foregone"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        form = form_layout()
        self.amount = spin(1, 99, 1, "Endurance granted", "Points of Endurance in this instance")
        form.addRow("&Endurance:", self.amount)
        layout.addLayout(form)
        self.holders = [c for c in desk.chars() if c.get("endurance")]
        self.keep = {}
        if self.holders:
            layout.addWidget(note_label("Still holding Endurance: the new instance overwrites "
                                        "the old one, or they forego it; old and new never "
                                        "add up."))
            self.rows = Rows(("Who", "Endurance left", "The new instance"))
            for char in self.holders:
                box = combo(keep_items(char, 1), "Keep or take",
                            "Take the new Endurance, or keep the old and forego the new")
                self.rows.add(char, QLabel(str(char["endurance"])), box)
                self.keep[char["id"]] = box
                self.watch(box)
            self.rows.finish()
            layout.addWidget(self.rows)
        layout.addWidget(note_label("All Endurance is lost when the Scene ends; healing never "
                                    "restores it."))
        layout.addStretch(1)
        self.amount.valueChanged.connect(self.relabel)
        self.watch(self.amount)

    def relabel(self) -> None:
        for char in self.holders:
            box = self.keep[char["id"]]
            for i, (label, _data) in enumerate(keep_items(char, self.amount.value())):
                box.setItemText(i, label)

    def actions(self) -> list[dict]:
        out = []
        for cid in self.desk.need_targets():
            action = {"type": "grant_endurance", "target": cid, "amount": self.amount.value()}
            if cid in self.keep:
                action["keep"] = self.keep[cid].currentData()
            out.append(action)
        return out


class NewDayPage(Page):
    title = "A new day"
    tip = "The day moves on without a Full Rest: medical aid may restore HP again"

    def __init__(self, desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(note_label(f"Day {today(desk)} ends and the next begins, for the "
                                    "whole campaign, selected or not: medical aid may restore "
                                    "HP once more (once per day). A Full Rest ends the day by "
                                    "itself."))
        layout.addStretch(1)

    def actions(self) -> list[dict]:
        return [{"type": "new_day"}]


PAGES = {"resolve_short_rest": ShortRestPage, "roll_resolve": RollResolvePage,
         "full_rest": FullRestPage,
         "medical_aid": MedicalAidPage, "stabilize": StabilizePage,
         "start_turn": StartTurnPage, "end_turn": EndTurnPage, "end_scene": EndScenePage,
         "grant_endurance": GrantEndurancePage, "new_day": NewDayPage}


# The conditions dialog's pages the profile names in its `condition_pages`, by key.
CONDITION_PAGES = {"add_condition": AddConditionPage, "remove_condition": RemoveConditionPage,
                   "save": SavePage, "treat_trauma": TreatTraumaPage,
                   "sustaining": SustainingPage}
