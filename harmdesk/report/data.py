"""The session summary as plain data, built from a campaign's log. No Qt, no SQL.

`build_report` walks the applied log that counts (never an undone row, one a correction
struck, nor the correction rows themselves; a re-derived row as it now reads) once: the
desk is replayed from the campaign's starting sheets through every entry's `after`
states, and only the chosen entries are counted, charted and listed. Characters nothing
happened to in them get one line each (`Untouched`), so the summary's size follows the
events, not the desk.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import rules
from ..profiles.parts import KIND_LABELS
from ..rules.encounter import encounter_of
from . import facts
from .corrections import CorrectionNote
from .header import Header, clock, header, session_label
from .stats import Statistics
from .timeline import Encounter, Timeline


class ReportError(Exception):
    """The summary cannot be made (no such session, an unreadable campaign …)."""


@dataclass
class CharacterRow:
    cid: str
    name: str
    kind: str
    start: int
    end: int
    maximum: int          # max HP; Freedom Fantasies: the HP Damage is measured against
    present_at_start: bool = True
    present_at_end: bool = True
    taken: int = 0        # after armor, Endurance, Block and Protection
    healed: int = 0
    hits: int = 0         # damage dealt
    losses: int = 0       # HP lost with no hit (Stonetop's "lose HP")
    gained: list[str] = field(default_factory=list)
    cleared: list[str] = field(default_factory=list)
    traumas: list[str] = field(default_factory=list)
    fates: list[str] = field(default_factory=list)
    corrections: list[str] = field(default_factory=list)  # sheet edits, GM corrections
    deaths_door: list[tuple[int, str]] = field(default_factory=list)  # (roll, band)
    died: bool = False


@dataclass(frozen=True)
class Untouched:
    """A character nothing happened to in the chosen sessions, as they stand."""

    cid: str
    name: str
    kind: str
    measure: str          # as the tile's bar reads: "16/20 HP", "Damage 3 · HP 20"
    marked: str           # their death state or status, and what is marked on them


@dataclass(frozen=True)
class Series:
    """One character's charted value, as (event number, value) steps."""

    cid: str
    name: str
    points: tuple[tuple[int, int], ...]
    low: int
    high: int
    last: int                                   # the last event number of the summary
    marks: tuple[tuple[int, str], ...] = ()     # thresholds besides 0
    measure: str = "HP"


@dataclass(frozen=True)
class Highlight:
    title: str            # "Biggest hit", "Closest call", "Death", "Destroyed"
    text: str
    event: int            # event number in the log
    detail: str = ""      # the rules' explanation of that event
    ending: bool = False  # a character's end (death, a Story that Ends, destroyed)


def ending_highlight(ending: tuple[str, str], name: str, number: int, event: dict) -> Highlight:
    """A character's end as the rules name it: "Death: Hagr", "Destroyed: Door",
    "Fate pending: Caradoc (Death's Door 6−)"."""
    title, note = ending
    return Highlight(title, f"{name} ({note})" if note else name, number,
                     facts.told(event), ending=True)


@dataclass(frozen=True)
class LogLine:
    number: int
    time: str             # local HH:MM of the action
    group: str            # the play session it belongs to
    text: str
    kind: str
    action_start: bool    # the first event of its action


@dataclass(frozen=True)
class Report:
    header: Header
    rows: tuple[CharacterRow, ...]
    series: tuple[Series, ...]
    highlights: tuple[Highlight, ...]
    log: tuple[LogLine, ...]
    actions: int
    untouched: tuple[Untouched, ...] = ()   # one line each; `rows` holds the rest
    encounters: tuple[Encounter, ...] = ()  # round by round
    unchanged: tuple[str, ...] = ()   # names in `rows` whose charted value never moved
    corrections: tuple[CorrectionNote, ...] = ()  # reverts, edits and rewinds of the span
    # who hurt whom in the same entries (`stats`): the same log told by who did it, so
    # two summaries of one log compare equal with or without it
    statistics: Statistics | None = field(default=None, compare=False)

    @property
    def events(self) -> int:
        return len(self.log)

    @property
    def empty(self) -> bool:
        return not self.log


@dataclass
class _Track:
    """What is followed for one character while the log is walked."""

    row: CharacterRow
    state: dict
    points: list[tuple[int, int]]
    low: int
    high: int
    marks: tuple[tuple[int, str], ...]
    worst: tuple[float, int, dict] | None = None   # (margin, event number, state)
    touched: bool = False     # named by a chosen event, or changed by a chosen action


def desk_before(order: list[str], now: dict, entries: list) -> dict:
    """The desk before the first of `entries`, the applied log up to its newest row,
    from the desk `now`: each entry's `before` puts back what it changed, newest first.
    Characters come in desk order (`order`, those that left the desk included); one who
    left and came back after `entries` began stands where the desk has them now."""
    desk = dict(now)
    for entry in reversed(entries):
        for cid, state in entry.before.items():
            if state is None:
                desk.pop(cid, None)
            else:
                desk[cid] = state
    place = {cid: i for i, cid in enumerate(order)}
    return dict(sorted(desk.items(), key=lambda item: place.get(item[0], len(place))))


def build_report(name: str, system: str, initial: dict, sessions: list[dict], entries: list,
                 chosen_sessions: list[dict], everything: bool = False,
                 start: dict | None = None, settings: dict | None = None) -> Report:
    """The summary of `chosen_sessions` (all of the log when `everything`).

    `initial` is the campaign's starting settings and sheets; `entries` the applied log in
    order (store.summary_log or store.log), of which only the chosen sessions' entries are
    summarised: the whole log, or (with `start`, the desk before its first entry, and
    `settings`, the settings then) the log from there on.
    """
    if start is not None:
        desk = dict(start)
    else:
        try:
            desk = dict(rules.new_state(system, initial.get("settings"),
                                        initial.get("characters", []))["characters"])
        except rules.SheetError as err:
            raise ReportError(f"The campaign's starting sheets cannot be read: {err}") \
                from None
    ids = {s["id"] for s in chosen_sessions}
    picked = [i for i, e in enumerate(entries) if everything or e.session_id in ids]
    head = header(name, system, chosen_sessions, [entries[i] for i in picked], everything)
    if not picked:
        return Report(head, (), (), (), (), 0)
    labels = {s["id"]: session_label(s) for s in sessions}
    walk = _Walk(system, labels)
    at_start = settings if start is not None else initial.get("settings")
    timeline = Timeline(system, {s["id"]: s for s in sessions}, encounter_of(at_start))
    wanted = set(picked)
    for i, entry in enumerate(entries[:picked[-1] + 1]):
        if i == picked[0]:
            walk.begin(desk)
        if i in wanted:
            walk.entry(entry)
            timeline.entry(entry, desk)
        else:
            timeline.follow(entry)
        for cid, state in entry.after.items():
            if state is None:
                desk.pop(cid, None)
            else:
                desk[cid] = state
        if i >= picked[0]:
            walk.settle(entry, counted=i in wanted)
    return walk.report(head, len(picked), timeline.encounters())


class _Walk:
    """Follows the chosen entries event by event; numbers events from 1."""

    def __init__(self, system: str, labels: dict):
        self.system = system
        self.labels = labels
        self.tracks: dict[str, _Track] = {}
        self.number = 0
        self.lines: list[LogLine] = []
        self.biggest: Highlight | None = None
        self.biggest_amount = 0
        self.deaths: list[Highlight] = []
        self.hit_now: dict[str, int] = {}    # characters hit in this entry: event number

    def begin(self, desk: dict) -> None:
        for cid, char in desk.items():
            self.track(cid, char, present=True)

    def track(self, cid: str, char: dict, present: bool) -> _Track:
        if cid not in self.tracks:
            system = self.system
            now = facts.value(system, char)
            top = facts.maximum(system, char)
            marks = facts.marks(system, char)
            # room above the highest threshold for its label
            high = max([top, now, *(m for m, _ in marks)]) + (max(2, top // 3) if marks else 0)
            row = CharacterRow(cid, char["name"], KIND_LABELS.get(char["kind"], char["kind"]),
                               now, now, top, present_at_start=present)
            self.tracks[cid] = _Track(row, char, [(self.number, now)], min(0, now), high, marks)
        return self.tracks[cid]

    def entry(self, entry) -> None:
        """Count, chart and list the events of one chosen action."""
        group = self.labels.get(entry.session_id, session_label(None))
        system = self.system
        self.hit_now = {}
        time = clock(entry.applied_at)
        for position, event in enumerate(entry.events):
            self.number += 1
            number = self.number
            self.lines.append(LogLine(number, time, group,
                                      facts.told(event), event.get("kind", ""),
                                      position == 0))
            cid = event.get("target")
            known = self.tracks.get(cid)
            # an action lists only the characters it changed (a Medicine healer may not be)
            state = entry.after.get(cid) or entry.before.get(cid) or (known and known.state)
            if cid is None or not state:
                continue
            track = self.track(cid, state, present=False)
            track.touched = True
            row = track.row
            after_key = facts.value_keys(system)[1]
            if after_key in event:
                self.move(track, int(event[after_key]))
            taken = facts.harm_taken(system, event)
            if taken is not None:
                hit = facts.is_hit(event)
                row.hits += hit
                row.losses += not hit
                row.taken += taken
                if taken > 0:
                    self.hit_now[cid] = number
                if hit and taken > self.biggest_amount:
                    self.biggest_amount = taken
                    self.biggest = Highlight(
                        "Biggest hit", f"{state['name']} {facts.harm_words(system, taken)}",
                        number, facts.told(event))
            row.healed += facts.healed(event)
            corrected = facts.correction(event, state["name"])
            if corrected:
                row.corrections.append(corrected)
            change = facts.fate(system, event)
            if change:
                row.fates.append(change)
            if event.get("kind") == "deaths_door":
                row.deaths_door.append((event["roll"], event["result"]))
            rolled = facts.trauma(system, event)
            if rolled:
                row.traumas.append(rolled)
            if facts.death(system, event):
                row.died = True
            ending = facts.ending(system, event)
            if ending:
                self.deaths.append(ending_highlight(ending, state["name"], number, event))

    def move(self, track: _Track, now: int) -> None:
        if track.points[-1][1] != now:
            track.points.append((self.number, now))
        track.low = min(track.low, now)
        track.high = max(track.high, now)

    def settle(self, entry, counted: bool) -> None:
        """After an entry: states as saved, markers gained and cleared, the closest call."""
        system = self.system
        for cid, after in entry.after.items():
            if after is None:
                if cid in self.tracks:
                    self.tracks[cid].row.present_at_end = False
                    self.tracks[cid].touched = True
                continue
            track = self.track(cid, after, present=False)
            track.touched = track.touched or counted
            if counted and entry.before.get(cid) is not None:  # joining is not gaining
                gained, ended = facts.gained_and_ended(system, entry.before[cid], after)
                track.row.gained += gained
                track.row.cleared += ended
            track.state = after
            track.row.present_at_end = True
            track.row.name = after["name"]
            self.move(track, facts.value(system, after))
            if cid in self.hit_now and not facts.ended(system, after):
                share = facts.margin(system, after)
                if track.worst is None or share < track.worst[0]:
                    track.worst = (share, self.hit_now[cid], after)
        self.hit_now = {}

    def closest_call(self) -> Highlight | None:
        """The lowest a survivor was brought by a hit; the party before monsters."""
        system = self.system
        alive = [t for t in self.tracks.values()
                 if t.worst and not facts.ended(system, t.state)
                 and facts.in_the_fight(system, t.state)]
        party = [t for t in alive if facts.in_the_party(system, t.state)]
        pool = party or alive
        if not pool:
            return None
        best = min(pool, key=lambda t: (t.worst[0], t.worst[1]))
        _share, number, state = best.worst
        line = self.lines[number - 1]
        return Highlight("Closest call", facts.standing(system, state), number,
                         line.text)

    def report(self, head: Header, actions: int, encounters: tuple = ()) -> Report:
        series = []
        rows = []
        untouched = []
        unchanged = []
        measure = facts.measure_words(self.system)[1]
        for cid, track in self.tracks.items():
            row = track.row
            if not (track.touched or len(track.points) > 1 or not row.present_at_start
                    or not row.present_at_end):
                untouched.append(Untouched(cid, row.name, row.kind,
                                           *facts.at_rest(self.system, track.state)))
                continue
            row.end = facts.value(self.system, track.state)
            row.maximum = facts.maximum(self.system, track.state)
            rows.append(row)
            if len({value for _n, value in track.points}) == 1:
                unchanged.append(row.name)  # a flat line says nothing: named, not charted
                continue
            series.append(Series(cid, row.name, tuple(track.points), track.low,
                                 max(track.high, row.maximum), self.number, track.marks,
                                 measure))
        highlights = [h for h in (self.biggest, self.closest_call()) if h] + self.deaths
        return Report(head, tuple(rows), tuple(series), tuple(highlights), tuple(self.lines),
                      actions, tuple(untouched), encounters, tuple(unchanged))
