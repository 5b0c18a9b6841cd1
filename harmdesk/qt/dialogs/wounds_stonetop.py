"""Stonetop problematic wounds (ST-11, ST-14): add one with its source, whether it can
heal and what treating it requires; treat it (requirements named and met); remove it."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QCheckBox, QVBoxLayout

from ..plain import plain_button
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


def requirement_list(text: str) -> list[str]:
    """Requirements (or gear tags, or moves) typed on one line, separated by semicolons."""
    return list(dict.fromkeys(t.strip() for t in text.split(";") if t.strip()))


class WoundPage(Page):
    title = "&Wound"
    tip = "Problematic wounds: lasting harm in the fiction, and what treating it takes"

    def __init__(self, desk: Desk, parent=None):
        super().__init__(desk, parent)
        layout = QVBoxLayout(self)
        self.mode = Choice("Change", [("A&dd a wound", "add"), ("&Treat a wound", "treat"),
                                      ("&Remove a wound", "remove")], True)
        form = form_layout()
        self.text = line("New wound", "a gash across the ribs, a broken arm …",
                         "Describe the problematic wound in a few words")
        self.source = line("Source", "the hagr's claws, a fall at Three Coven Lake …",
                           "Where the wound came from (optional)")
        self.permanent = QCheckBox("&Permanent: it will not heal (Make a Plan to live with it)")
        self.permanent.setAccessibleName("Permanent")
        self.permanent.setToolTip("A permanent injury: the player retires the character or "
                                  "makes a plan; a healer's care does not heal it")
        self.require = line("Requirements", "splint it; find a cane or a crutch",
                            "What treating it takes, separated by semicolons")
        # ST-11: what the wound does while it lasts (Rhianna's bow and Let Fly)
        self.gear_tags = line("Tags on gear", "bow: reload; spear: clumsy",
                              "Tags the wound puts on gear while it lasts, each as "
                              "gear: tag, separated by semicolons")
        self.disadvantage = line("Moves with disadvantage", "Let Fly; Defy Danger",
                                 "Moves rolled with disadvantage while it lasts, separated "
                                 "by semicolons")
        self.wounds = {}
        for char in desk.chars():
            for wound in desk.profile.wounds(char):
                self.wounds.setdefault(wound["text"], wound)
        self.wound = combo([(w, w) for w in self.wounds], "Wound",
                           "The wound treated, or that heals or is taken care of")
        form.addRow("&Wound:", self.wound)
        form.addRow("&New wound:", self.text)
        form.addRow("&Source:", self.source)
        form.addRow("", self.permanent)
        form.addRow("Re&quires:", self.require)
        form.addRow("&Gear tags:", self.gear_tags)
        form.addRow("Disad&vantage on:", self.disadvantage)
        self.met_note = note_label("Requirements met:")
        self.met_layout = QVBoxLayout()
        self.met: dict[str, QCheckBox] = {}
        layout.addWidget(self.mode)
        layout.addLayout(form)
        layout.addWidget(self.met_note)
        layout.addLayout(self.met_layout)
        layout.addStretch(1)
        self.mode.changed.connect(self.sync)
        self.wound.currentIndexChanged.connect(self.sync)
        self.watch(self.mode, self.text, self.source, self.permanent, self.require, self.wound,
                   self.gear_tags, self.disadvantage)
        self.sync()

    def chosen(self) -> dict | None:
        return self.wounds.get(self.wound.currentData())

    def sync(self) -> None:
        """Each change shows its own fields; treating shows the chosen wound's
        requirements, those already met checked and fixed."""
        mode, wound = self.mode.value(), self.chosen()
        self.text.setEnabled(mode == "add")
        self.source.setEnabled(mode == "add")
        self.gear_tags.setEnabled(mode == "add")
        self.disadvantage.setEnabled(mode == "add")
        self.permanent.setEnabled(mode in ("add", "treat") and (mode == "add" or bool(wound)))
        self.require.setEnabled(mode in ("add", "treat"))
        self.wound.setEnabled(mode != "add")
        if mode == "treat" and wound:
            self.permanent.blockSignals(True)
            self.permanent.setChecked(wound["permanent"])
            self.permanent.blockSignals(False)
        for box in self.met.values():
            box.deleteLater()
        self.met = {}
        reqs = wound["requirements"] if mode == "treat" and wound else []
        for req in reqs:
            box = QCheckBox(plain_button(req["text"]))
            box.setAccessibleName(f"Met: {req['text']}")
            box.setToolTip("Check when the fiction meets this requirement")
            box.setChecked(req["met"])
            box.setEnabled(not req["met"])
            self.met_layout.addWidget(box)
            self.met[req["text"]] = box
            self.watch(box)
        self.met_note.setVisible(bool(reqs))
        window = self.window()
        if window is not self and hasattr(window, "grow_to_fit"):
            # room for the requirements just listed, once the layouts have taken them in
            QTimer.singleShot(0, window, window.grow_to_fit)

    def having(self, text: str) -> list[str]:
        return [c["id"] for c in self.desk.chars()
                if any(w["text"] == text for w in self.desk.profile.wounds(c))]

    def actions(self) -> list[dict]:
        ids, mode = self.desk.need_targets(), self.mode.value()
        if mode == "add":
            text = self.text.text().strip()
            if not text:
                raise Invalid("Describe the wound in a few words.")
            action = {"type": "add_wound", "target": target_value(ids), "text": text}
            if self.source.text().strip():
                action["source"] = self.source.text().strip()
            if self.permanent.isChecked():
                action["permanent"] = True
            if requirement_list(self.require.text()):
                action["requirements"] = requirement_list(self.require.text())
            if requirement_list(self.gear_tags.text()):
                action["gear_tags"] = requirement_list(self.gear_tags.text())
            if requirement_list(self.disadvantage.text()):
                action["disadvantage"] = requirement_list(self.disadvantage.text())
            return [action]
        text = self.wound.currentData()
        if text is None:
            raise Invalid("Nobody selected has a problematic wound.")
        target = target_value(self.having(text))
        if mode == "remove":
            return [{"type": "remove_wound", "target": target, "text": text}]
        action = {"type": "treat_wound", "target": target, "wound": text}
        if requirement_list(self.require.text()):
            action["require"] = requirement_list(self.require.text())
        met = [t for t, box in self.met.items() if box.isEnabled() and box.isChecked()]
        if met:
            action["met"] = met
        if self.permanent.isChecked() != self.chosen()["permanent"]:
            action["permanent"] = self.permanent.isChecked()
        if len(action) == 3:
            raise Invalid("Name what treating it requires, check a requirement met, or "
                          "change whether it is permanent.")
        return [action]
