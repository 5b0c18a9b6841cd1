"""The encounter in the GM's window: the bar (a dock under the toolbar), Play → Encounter
(Start encounter…, Next turn or Next round, End encounter) and their keys.

A part of the main window (`window.encounter`). Every button, key and gesture is one
clock action through the controller (start_encounter, set_order, next_turn, mark_acted,
next_round, end_encounter), checked and logged by the rules and undoable; a refusal
shows in the status bar like any other. Nothing here counts a round or ends a condition.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDialog, QDockWidget

from .encounter_bar import EncounterBar

NEXT = {"turns": ("&Next turn", "End this turn and begin the next one, with the rules' "
                  "end- and start-of-turn effects"),
        "spotlight": ("&Next round", "A new round: nobody has acted yet")}


class Encounter(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.w = window
        ui = window.ui
        self.bar = EncounterBar(window.controller, window)
        self.bar.bind(ui.actionStartEncounter, ui.actionNextTurn, ui.actionEndEncounter)
        self.dock = QDockWidget("Encounter", window)
        self.dock.setObjectName("encounterDock")
        self.dock.setWidget(self.bar)
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable
                              | QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.dock.setAllowedAreas(Qt.DockWidgetArea.TopDockWidgetArea
                                  | Qt.DockWidgetArea.BottomDockWidgetArea)
        window.addDockWidget(Qt.DockWidgetArea.TopDockWidgetArea, self.dock)
        self.dock.hide()  # optional: shown when an encounter starts, or from the View menu
        toggle = self.dock.toggleViewAction()
        toggle.setText("&Encounter bar")
        toggle.setToolTip("The order, the round and whose turn it is")
        ui.menuView.addAction(toggle)
        ui.actionStartEncounter.triggered.connect(self.start)
        ui.actionNextTurn.triggered.connect(self.next_turn)
        ui.actionEndEncounter.triggered.connect(self.end)
        self.bar.chipClicked.connect(self.mark_acted)
        c = window.controller
        self._running = False
        c.campaignChanged.connect(self.follow)
        c.playSessionChanged.connect(self.follow)
        c.changed.connect(self.follow)
        self.follow()

    @property
    def c(self):
        return self.w.controller

    @property
    def encounter(self) -> dict | None:
        return self.c.service.encounter if self.c.campaign is not None else None

    # following the desk -------------------------------------------------------------
    def follow(self, *_) -> None:
        """The actions' states and texts; the bar appears when an encounter starts (or a
        campaign opens in the middle of one)."""
        encounter = self.encounter
        running = encounter is not None
        writable = self.c.campaign is not None and not self.c.read_only
        ui = self.w.ui
        ui.actionStartEncounter.setEnabled(writable and not running)
        ui.actionNextTurn.setEnabled(writable and running)
        ui.actionEndEncounter.setEnabled(writable and running)
        mode = encounter.get("mode") if running else \
            (self.c.profile.clock.mode if self.c.profile is not None else "turns")
        text, tip = NEXT.get(mode, NEXT["turns"])
        ui.actionNextTurn.setText(text)
        ui.actionNextTurn.setToolTip(tip)
        if running and not self._running:
            self.dock.show()
        self._running = running

    # the actions --------------------------------------------------------------------
    def start(self) -> bool:
        """Start encounter…: who takes part and in what order; one step."""
        from .dialogs.encounter import StartEncounterDialog
        if self.c.campaign is None:
            return False
        dialog = StartEncounterDialog(self.c.profile, self.c.state, self.w.rng, self.w)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
            action = dialog.action()
        finally:
            dialog.deleteLater()
        return action is not None and self.c.submit(action)

    def next_turn(self) -> bool:
        """Next turn (or, in the spotlight, Next round). The one whose turn ends may first
        roll a Save; a roll the one whose turn begins needs is asked for as any other."""
        encounter = self.encounter
        if encounter is None:
            return False
        if encounter.get("mode") == "spotlight":
            return self.c.submit({"type": "next_round"})
        action = {"type": "next_turn"}
        ending = self.bar.model.turn_id()
        if ending is not None:
            char = self.c.state["characters"][ending]
            clock = self.c.profile.clock
            saves = clock.turn_saves(char, self.c.state["settings"])
            if saves:
                answer = self.ask_save(char["name"], saves, clock.save_rule,
                                       self.c.profile.save_odds(char))
                if answer is False:
                    return False  # the GM cancelled: no turn passes
                if answer is not None:
                    action["condition"], action["bumps"] = answer
        return self.c.submit(action)

    def ask_save(self, name: str, saves, rule: str, odds: str = ""):
        """(condition, bumps) for a Save, None to skip it, False when the GM cancels."""
        from .dialogs.encounter import ask_turn_save
        return ask_turn_save(self.w, name, saves, rule, odds)

    def mark_acted(self, cid: str) -> bool:
        """A click on a chip in the spotlight: acted this round (again: not yet)."""
        encounter = self.encounter
        if encounter is None or encounter.get("mode") != "spotlight" or not cid:
            return False
        return self.c.submit({"type": "mark_acted", "target": cid})

    def end(self) -> bool:
        return self.encounter is not None and self.c.submit({"type": "end_encounter"})
