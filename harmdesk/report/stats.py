"""Who hurt whom: each character's harm dealt and taken by source, healing given and
received, their downs in the game's own words, the biggest hit each dealt and took, and
their closest call, from the applied log. Pure: no Qt, no SQL.

A hit's source is the attacker the GM dragged (the action's `source`), or the gang the
GM gathered (`gang_damage`, a source of its own: its hit is not split between its
members); harm typed with no source counts under `UNATTRIBUTED`, never dropped. Each
figure keeps the ids of the log entries it came from, so an export can link them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

from ..profiles import profile_for
from ..rules.encounter import current_round
from ..rules.engine import players_see
from ..rules.shapes import JSON, Character
from . import facts

UNATTRIBUTED = ""  # the source of harm typed without an attacker
UNATTRIBUTED_NAME = "Unattributed"
GANG = "gang"      # the kind of a gang's tally: a source, not a character
GM, PLAYERS = "gm", "players"  # whose recap: the GM's, or one that gives nothing away
HEALER_KEYS = ("healer", "source")  # who gave the healing, where an action names them


@dataclass
class Share:
    """An amount, and the log entries it came from."""

    amount: int = 0
    entries: list[int] = field(default_factory=list)

    def add(self, amount: int, entry: int) -> None:
        """Entries come in the log's order: one already counted can only be the last."""
        self.amount += amount
        if not self.entries or self.entries[-1] != entry:
            self.entries.append(entry)


@dataclass(frozen=True)
class Hit:
    amount: int
    other: str   # the source (for a hit taken) or the target (for a hit dealt)
    entry: int   # the log entry's id


@dataclass(frozen=True)
class Down:
    words: str   # the state they were brought to, as their tile names it
    entry: int
    round: int | None = None  # the encounter's round then; None outside an encounter


@dataclass(frozen=True)
class CloseCall:
    words: str     # where the hit left them, in the rules' words
    share: float   # how far from the end, as a share of their HP (lower is closer)
    entry: int


@dataclass
class Tally:
    """One character's (or one gang's) numbers over the entries counted."""

    key: str
    name: str
    kind: str
    dealt: dict[str, Share] = field(default_factory=dict)     # harm dealt, by target
    taken: dict[str, Share] = field(default_factory=dict)     # harm taken, by source
    given: dict[str, Share] = field(default_factory=dict)     # healing given, by whom healed
    received: dict[str, Share] = field(default_factory=dict)  # healing received, by healer
    downs: list[Down] = field(default_factory=list)
    biggest_dealt: Hit | None = None
    biggest_taken: Hit | None = None
    closest: CloseCall | None = None
    entries: set[int] = field(default_factory=set)

    @property
    def total_dealt(self) -> int:
        return sum(share.amount for share in self.dealt.values())

    @property
    def total_taken(self) -> int:
        return sum(share.amount for share in self.taken.values())

    @property
    def total_given(self) -> int:
        return sum(share.amount for share in self.given.values())

    @property
    def total_received(self) -> int:
        return sum(share.amount for share in self.received.values())


@dataclass
class Statistics:
    system: str
    audience: str = GM   # GM, or PLAYERS: only what the players' display showed
    tallies: dict[str, Tally] = field(default_factory=dict)
    seen: dict[str, str] = field(default_factory=dict)  # how the players see each, now
    settings: JSON = field(default_factory=dict)        # the desk's settings, now
    rounds: int = 0   # the highest encounter round the entries counted were in
    round_now: int | None = None  # the encounter's round in `settings` (None: no encounter)
    fallen: list[tuple[str, Down]] = field(default_factory=list)  # who went down when

    def shown(self, cid: str) -> str:
        """How the audience saw `cid` at the moment counted: "full", "words" or
        "hidden" (the GM sees everyone in full)."""
        return "full" if self.audience == GM else self.seen.get(cid, "full")

    def characters(self) -> list[Tally]:
        """The characters' tallies (not the gangs' nor Unattributed), as first met."""
        return [t for t in self.tallies.values() if t.kind != GANG and t.key != UNATTRIBUTED]

    def ordered(self, shares: dict[str, Share]) -> list[tuple[str, Share]]:
        """`shares` largest first, then by name, Unattributed after a named one."""
        return sorted(shares.items(), key=lambda item: (-item[1].amount, self.name(item[0]),
                                                         item[0] == UNATTRIBUTED))

    def name(self, key: str) -> str:
        found = self.tallies.get(key)
        return found.name if found else (UNATTRIBUTED_NAME if key == UNATTRIBUTED else key)

    @property
    def empty(self) -> bool:
        return not any(t.entries for t in self.tallies.values())


def counted(entries: Iterable[Any]) -> list[Any]:
    """The entries that count: applied, not struck by a correction, not a correction."""
    return [e for e in entries if not e.undone and e.struck_by is None and e.correction is None]


def statistics(system: str, entries: Iterable[Any],
               start: Mapping[str, JSON] | None = None, audience: str = GM,
               settings: JSON | None = None) -> Statistics:
    """The figures of `entries` (log entries in order, each with its `effective_action`,
    `events`, `before` and `after`; see `counted`), on the desk `start` (by id: who may
    deal harm before the log shows them changed). An entry whose `before` is None (a walk
    forward, `ForwardEntry`) was before it as the desk walked so far.

    For the PLAYERS, by the players' display's own rules: a character hidden at the time
    counts for nothing (and deals harm as Unattributed) until revealed, and from then on;
    the numbers of one shown in words only are left out, their downs kept in words."""
    stats = Statistics(system, audience, settings=dict(settings or {}))
    stats.round_now = current_round(stats.settings)
    desk = dict(start or {})
    players = audience != GM  # the GM sees everyone in full: nothing to follow
    for cid, state in desk.items():
        _character(stats, cid, state)
        stats.seen[cid] = players_see(cast(Character, state))
    for entry in entries:
        before = entry.before
        if before is None:  # the desk walked so far holds them, each met already
            before = {cid: desk.get(cid) for cid in entry.after}
        else:
            for cid, state in before.items():
                if state is not None:
                    _character(stats, cid, state)
        if players:
            for cid, state in entry.after.items():  # one added now is seen as they come
                if state is not None and cid not in stats.seen:
                    stats.seen[cid] = players_see(state)
        _entry(stats, entry, before)
        for cid, state in entry.after.items():
            if state is None:
                desk.pop(cid, None)
            else:
                desk[cid] = state
                if players:
                    stats.seen[cid] = players_see(state)
        if entry.settings_after is not None:
            stats.settings = entry.settings_after
            stats.round_now = current_round(stats.settings)
    return stats


def _entry(stats: Statistics, entry: Any, before_states: Mapping[str, JSON | None]) -> None:
    system = stats.system
    action = entry.effective_action
    now = stats.round_now
    if now is not None and now > stats.rounds:
        stats.rounds = now
    for cid, state in entry.after.items():
        if state is not None:
            _character(stats, cid, state)
    source = _source(stats, entry, action)
    healer = _healer(stats, action)
    hit_now: set[str] = set()
    for event in entry.events:
        cid = event.get("target")
        if cid not in stats.tallies or stats.shown(cid) != "full":
            continue  # a number the players' display never showed
        taken = facts.harm_taken(system, event)
        if taken is not None:
            _harm(stats, cid, source, taken, entry.id)
            if taken > 0:
                hit_now.add(cid)
        healed = facts.healed(event)
        if healed:
            _heal(stats, cid, healer, healed, entry.id)
    for cid, after in entry.after.items():
        before = before_states.get(cid)
        if after is None or before is None or stats.shown(cid) == "hidden":
            continue
        _down(stats, cid, before, after, entry.id)
        if cid in hit_now and not facts.ended(system, after) and \
                facts.in_the_fight(system, after):
            share = facts.margin(system, after)
            tally = stats.tallies[cid]
            if tally.closest is None or share < tally.closest.share:
                tally.closest = CloseCall(facts.standing(system, after), share, entry.id)


def _character(stats: Statistics, cid: str, state: JSON) -> None:
    found = stats.tallies.get(cid)
    if found is None:
        stats.tallies[cid] = Tally(cid, state["name"], state["kind"])
    else:
        found.name, found.kind = state["name"], state["kind"]  # the newest name


def _source(stats: Statistics, entry: Any, action: JSON) -> str:
    """The key of who dealt the entry's harm: the attacker's id, a gang's key, or
    UNATTRIBUTED."""
    if action.get("type") == "gang_damage":
        ids = [a.get("id") for a in action.get("attackers") or () if isinstance(a, dict)]
        members = [i for i in ids if isinstance(i, str) and stats.shown(i) != "hidden"]
        for member in members:
            if member not in stats.tallies:
                stats.tallies[member] = Tally(member, member, "")
        if members:
            key = f"{GANG}:{'+'.join(members)}"
            if key not in stats.tallies:
                names = [stats.name(m) for m in members]
                listed = " and ".join(filter(None, (", ".join(names[:-1]), names[-1])))
                stats.tallies[key] = Tally(key, f"{listed} (gang-up)", GANG)
            return key
    source = action.get("source")
    if isinstance(source, str) and source and stats.shown(source) != "hidden":
        if source not in stats.tallies:  # named by the log once they are seen
            stats.tallies[source] = Tally(source, source, "")
        return source
    if UNATTRIBUTED not in stats.tallies:
        stats.tallies[UNATTRIBUTED] = Tally(UNATTRIBUTED, UNATTRIBUTED_NAME, "")
    return UNATTRIBUTED


def _healer(stats: Statistics, action: JSON) -> str:
    for key in HEALER_KEYS:
        who = action.get(key)
        if isinstance(who, str) and who in stats.tallies and action.get("type") != "damage" \
                and stats.shown(who) != "hidden":
            return who
    return UNATTRIBUTED


def _harm(stats: Statistics, target: str, source: str, amount: int, entry: int) -> None:
    victim, dealer = stats.tallies[target], stats.tallies[source]
    victim.taken.setdefault(source, Share()).add(amount, entry)
    dealer.dealt.setdefault(target, Share()).add(amount, entry)
    victim.entries.add(entry)
    dealer.entries.add(entry)
    if amount > 0:
        if victim.biggest_taken is None or amount > victim.biggest_taken.amount:
            victim.biggest_taken = Hit(amount, source, entry)
        if dealer.biggest_dealt is None or amount > dealer.biggest_dealt.amount:
            dealer.biggest_dealt = Hit(amount, target, entry)


def _heal(stats: Statistics, target: str, healer: str, amount: int, entry: int) -> None:
    healed = stats.tallies[target]
    healed.received.setdefault(healer, Share()).add(amount, entry)
    healed.entries.add(entry)
    if healer != UNATTRIBUTED:
        giver = stats.tallies[healer]
        giver.given.setdefault(target, Share()).add(amount, entry)
        giver.entries.add(entry)


def _down(stats: Statistics, cid: str, before: JSON, after: JSON, entry: int) -> None:
    """A character brought to a worse state than before (Death's Door, Out of the Action;
    Wounded, Unconscious; Story ends, Broken, Destroyed), in the words of their tile."""
    profile = profile_for(stats.system)
    now = profile.status_of(after)
    label = profile.end_state(now).label if now != "ok" else ""
    if label and now != profile.status_of(before):
        down = Down(label, entry, stats.round_now)
        stats.tallies[cid].downs.append(down)
        stats.tallies[cid].entries.add(entry)
        stats.fallen.append((cid, down))

