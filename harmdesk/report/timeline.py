"""Each encounter of a summary, round by round: every hit with the HP (or Damage) it left,
the conditions gained and ended, who went down, and (in spotlight mode) who acted.
Pure: no Qt, no SQL.

The encounter is the desk's `encounter` setting, which the clock's actions change
(`start_encounter` … `end_encounter`); a log row that changes it holds it in its
`settings_after`. An event carrying a `round` (a turn beginning, a new round) moves the
timeline on to that round, so a `next_turn` row tells its end of turn in the old round
and its start of turn in the new one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.core import signed
from ..rules.encounter import encounter_of
from . import facts

Line = tuple[str, str]    # (text, "plain" | "bold" | "quiet")

# the clock's own events told by their text (the others are summed up: turns, acted)
TOLD = ("encounter_starts", "passed_over", "order", "turn_passes", "encounter_ends")
# the game's timed effects told by their text: Strain at the start of a turn (LA-6)
STATED = ("strain",)
# events whose `round` is the round that begins with them
ROUND_BEGINS = ("turn_begins", "round")


@dataclass(frozen=True)
class Round:
    number: int
    lines: tuple[Line, ...]
    acted: tuple[str, ...] | None = None   # spotlight mode: who acted, in order


@dataclass(frozen=True)
class Encounter:
    number: int              # 1, 2 … in the summary
    session: str             # "Session 3"
    mode: str                # "turns" | "spotlight"
    rounds: tuple[Round, ...]
    began_earlier: bool      # running when the chosen sessions began
    running: bool            # still running when they ended


def settings_at_start(now: dict, entries: list) -> dict:
    """The settings before the first of `entries` (the applied log up to its newest row),
    from the settings `now`: the first row that changed them logged what they were."""
    for entry in entries:
        if entry.settings_before is not None:
            return entry.settings_before
    return now


def session_short(session: dict | None) -> str:
    return f"Session {session['number']}" if session else "Outside play sessions"


@dataclass
class _Open:
    """An encounter being followed."""

    number: int
    session: str
    mode: str
    began_earlier: bool
    rounds: dict[int, list[Line]] = field(default_factory=dict)
    acted: dict[int, tuple[str, ...]] = field(default_factory=dict)

    def add(self, number: int, line: Line | None) -> None:
        lines = self.rounds.setdefault(number, [])
        if line is not None:
            lines.append(line)

    def close(self, running: bool) -> Encounter:
        rounds = tuple(Round(n, tuple(self.rounds.get(n, ())), self.acted.get(n)
                             if self.mode == "spotlight" else None)
                       for n in range(min(self.rounds), max(self.rounds) + 1))
        return Encounter(self.number, self.session, self.mode, rounds, self.began_earlier,
                         running)


class Timeline:
    """Follows the encounter through the log; `entry` for each chosen row, `follow` for
    the others (the encounter moves on, nothing is told)."""

    def __init__(self, system: str, sessions: dict, encounter: dict | None):
        self.system = system
        self.sessions = sessions        # id: session
        self.now = encounter            # the encounter setting as it stands
        self.open: _Open | None = None
        self.done: list[Encounter] = []

    def follow(self, entry) -> None:
        if entry.settings_after is not None:
            self.now = encounter_of(entry.settings_after)
            if self.now is None and self.open is not None:
                self.done.append(self.open.close(running=False))
                self.open = None

    def entry(self, entry, desk: dict) -> None:
        """One chosen row; `desk` the characters before it."""
        before = self.now
        after = encounter_of(entry.settings_after) if entry.settings_after is not None \
            else before
        if before is None and after is None:
            return
        if before is None and self.open is not None:   # ended unseen: closed already
            self.done.append(self.open.close(running=False))
            self.open = None
        if self.open is None:
            first = before or after
            self.open = _Open(len(self.done) + 1,
                              session_short(self.sessions.get(entry.session_id)),
                              first["mode"], before is not None)
        self.tell(entry, desk, before, after)
        self.now = after
        if after is None:
            self.done.append(self.open.close(running=False))
            self.open = None

    def tell(self, entry, desk: dict, before: dict | None, after: dict | None) -> None:
        """The row's lines in their rounds; what was marked on someone, or ended, right
        after their own last event in the row (a Save's condition ends with its turn)."""
        told = self.open
        number = (before or after)["round"]
        told.add(number, None)
        said: list[tuple[int, Line]] = []
        last: dict[str, tuple[int, int]] = {}   # after each one's last event: (line, round)
        for event in entry.events:
            if event.get("kind") in ROUND_BEGINS and isinstance(event.get("round"), int):
                number = event["round"]
                told.add(number, None)
            said += [(number, line) for line in self.lines(event, self.state(entry, desk,
                                                                            event.get("target")))]
            if event.get("target") is not None:
                last[event["target"]] = (len(said), number)
        end = after["round"] if after is not None else number
        told.add(end, None)
        for cid, new in reversed(entry.after.items()):
            at, when = last.get(cid, (len(said), end))
            said[at:at] = [(when, line) for line in self.marked(entry.before.get(cid), new)]
        for when, line in said:
            told.add(when, line)
        if after is not None and after["mode"] == "spotlight":
            told.acted[end] = tuple(self.name(entry, desk, c) for c in after.get("acted", ()))

    def marked(self, old: dict | None, new: dict | None) -> list[Line]:
        """Conditions (debilities, wounds …) gained and ended; joining or leaving the desk
        is neither."""
        if old is None or new is None:
            return []
        gained, ended = facts.gained_and_ended(self.system, old, new)
        out = []
        if gained:
            out.append((f"{new['name']} gains {', '.join(gained)}", "plain"))
        if ended:
            out.append((f"{new['name']}: {', '.join(ended)} "
                        f"{'ends' if len(ended) == 1 else 'end'}", "plain"))
        return out

    @staticmethod
    def state(entry, desk: dict, cid: str | None) -> dict | None:
        if cid is None:
            return None
        return entry.after.get(cid) or entry.before.get(cid) or desk.get(cid)

    def name(self, entry, desk: dict, cid: str) -> str:
        state = self.state(entry, desk, cid)
        return state["name"] if state else cid

    def lines(self, event: dict, state: dict | None) -> list[Line]:
        """What one event adds to its round: a hit or healing with the measure after it,
        a change of fate, a Trauma, or the clock's own words."""
        kind = event.get("kind")
        if kind in TOLD:
            return [(facts.told(event), "quiet")]
        if state is None:
            return []
        if kind in STATED:
            return [(facts.told(event), "plain")]
        who = state["name"]
        if kind == "turn_begins":
            return [(f"{who}'s turn", "quiet")]
        system = self.system
        out = []
        taken = facts.harm_taken(system, event)
        if taken is not None and not facts.is_hit(event):  # an HP loss, not a hit
            out.append((f"{who} loses {taken}", "plain"))
        elif taken is not None:
            out.append((f"{who} takes {taken}" if taken else f"{who} takes no harm", "plain"))
        elif facts.healed(event):
            out.append((f"{who} heals {facts.healed(event)}", "plain"))
        if out:
            out[0] = (out[0][0] + self.measure(event, state), "plain")
        change = facts.fate(system, event) or facts.death(system, event)
        if change:
            out.append((f"{who}: {change}", "bold"))
        rolled = facts.trauma(system, event)
        if rolled:
            out.append((f"{who}: {'Trauma ' if kind == 'trauma' else ''}{rolled}", "plain"))
        return out

    def measure(self, event: dict, state: dict) -> str:
        """": HP 13 → 6", ": Damage 2 → 5 (HP 10)" — what the hit or healing left."""
        start, end = facts.value_keys(self.system)
        if end not in event:
            return ""
        unit = facts.measure_words(self.system)[1]
        moved = f"{signed(event[start])} → " if start in event else ""
        of = f" (HP {state['hp']})" if facts.charts_damage(self.system) else ""
        return f": {unit} {moved}{signed(event[end])}{of}"

    def encounters(self) -> tuple[Encounter, ...]:
        """Every encounter told, the one still running last."""
        running = (self.open.close(running=True),) if self.open is not None else ()
        return tuple(self.done) + running
