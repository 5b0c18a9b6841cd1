"""The controller: action -> rules core -> store, in one transaction; undo and redo.

The GUI, the command line and the tests all change a campaign through here, so
every change is checked by the rules, logged, saved at once and undoable.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from .. import rules
from ..errors import NameTaken, UserError
from ..rules.core import quoted
from ..rules.encounter import ENCOUNTER
from ..rules.shapes import JSON, Action as ActionJSON, Character, DeskState, Settings
from ..store.copies import with_sides
from ..store.steps import LogEntry, Logged, PastRow
from ..store.store import Checkpoint, Store
from .actions import Action, Change, ChangeKind
from .corrections import CannotStand, Correction, correction
from .memory_log import MemoryLog, is_correction
from .rederive import KINDS, Refusal, logged_row, rederive
from .replay import ScenarioError, parse_scenario, read_json


class Campaign:
    def __init__(self, store: Store, name: str):
        self.store = store
        self.info = store.campaign(name)
        # a campaign saved before a setting existed reads it at its default
        self.state: DeskState = {
            "system": self.info.system,
            "settings": rules.saved_settings(self.info.system, self.info.settings),
            "characters": _characters(store, self.info.id)}
        self.play_session: JSON | None = store.open_play_session(self.info.id)

    # opening and creating -------------------------------------------------
    @classmethod
    def open(cls, store: Store, name: str) -> Campaign:
        store.touch(store.campaign(name).id)
        return cls(store, name)

    @classmethod
    def create(cls, store: Store, name: str, system: str, settings: Settings | None = None,
               characters: list[JSON] | tuple[JSON, ...] = (),
               options: JSON | None = None) -> Campaign:
        name = _campaign_name(name)
        try:
            state = rules.new_state(system, settings, list(characters))
        except rules.SheetError as err:
            raise UserError(f"Cannot create the campaign: `{err.key}` {err.message}") from None
        store.create_campaign(name, state["system"], state["settings"], list(characters),
                              _states(state), options)
        return cls(store, name)

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def system(self) -> str:
        return self.info.system

    # changing ---------------------------------------------------------------
    def apply(self, action: Action | ActionJSON) -> Change:
        return self.apply_step([action])

    def apply_step(self, actions: list[Action | ActionJSON], text: str | None = None) -> Change:
        """Actions applied one after the other as ONE undo step (a party's Make Camp),
        saved in one transaction; all or nothing: refused if the rules refuse any one.
        `text` names the step for the undo stack.

        An `Action` that carries the outcome the rules gave it on this very desk (see
        `Service.complete`) is not worked out again."""
        if not actions:
            raise ValueError("a step needs at least one action")
        state, outcome = self.state, None
        logged: list[Logged] = []
        for given in actions:
            action = given.to_dict() if isinstance(given, Action) else given
            outcome = _kept_outcome(given, state) or rules.apply(state, action)
            if not outcome.ok:
                return Change(ChangeKind.REFUSED, outcome=outcome)
            logged.append(logged_row(state, outcome, action))
            state = outcome.state
        play_session_id = self.play_session["id"] if self.play_session else None
        entries = self.store.record_step(self.info.id, logged, play_session_id, text,
                                         _checkpoints(self.state["settings"], state["settings"]))
        # only after the commit succeeded does the desk in memory move on
        self.state = state
        return _step_change(ChangeKind.APPLY, entries, tuple(dict.fromkeys(
            cid for row in logged for cid in row["after"])), outcome)

    def undo(self) -> Change | None:
        """Undo the newest applied step, every action of it."""
        return self._restore(self.store.undo(self.info.id), ChangeKind.UNDO)

    def redo(self) -> Change | None:
        return self._restore(self.store.redo(self.info.id), ChangeKind.REDO)

    def _restore(self, entries: list[LogEntry], kind: ChangeKind) -> Change | None:
        """Follow the store: `entries` come in the order it wrote them, so the last wins."""
        if not entries:
            return None
        chars = dict(self.state["characters"])
        settings: Settings | None = None
        undo = kind is ChangeKind.UNDO
        for entry in entries:
            states = entry.before if undo else entry.after
            step_settings = entry.settings_before if undo else entry.settings_after
            settings = step_settings if step_settings is not None else settings
            for cid, char in states.items():
                if char is None:
                    chars.pop(cid, None)
                else:
                    chars[cid] = char
        if any(cid not in self.state["characters"] for cid in chars):
            # a character came back: reread the desk for its place
            chars = _characters(self.store, self.info.id)
        settings = rules.saved_settings(self.system, settings) if settings is not None \
            else self.state["settings"]  # a step logged before a setting existed: its default
        self.state = {"system": self.system, "settings": settings,
                      "characters": chars}
        ordered = sorted(entries, key=lambda e: e.seq)
        return _step_change(kind, ordered, tuple(dict.fromkeys(
            cid for e in ordered for cid in (e.before if kind is ChangeKind.UNDO else e.after))))

    # correcting the past ----------------------------------------------------------
    def correction(self, kind: str, step: int, action: ActionJSON | None = None,
                   rolls: Mapping[int, JSON] | None = None, label: str | None = None
                   ) -> Correction:
        """What reverting step `step`, editing row `step` to `action`, or rewinding to after
        row `step` would do (`corrections.Correction`); nothing is saved. `rolls`: faces for
        rolls re-derived rows now need, by row. UserError when it cannot be done."""
        if kind not in KINDS:
            raise UserError(f"A correction is one of {', '.join(KINDS)}, not {quoted(kind)}.")
        basis = self.store.newest_seq(self.info.id)
        rows = self._rows_for(kind, step, basis)
        if kind == "revert":
            step = rows[0].step  # any row of a step names the whole step
        logged: ActionJSON = {"type": kind, "step": step}
        if kind == "edit":
            if not isinstance(action, dict):
                raise UserError("An edit needs the action the entry should have been.")
            logged["action"] = action
        if rolls:
            logged["rolls"] = {str(seq): dict(faces) for seq, faces in rolls.items()}
        try:
            found = rederive(kind, step, self.state, rows, action, rolls,
                             self.store.desk_order(self.info.id))
        except Refusal as refusal:
            if refusal.rewind_to is not None:
                raise CannotStand(refusal.message, refusal.rewind_to) from None
            raise UserError(refusal.message) from None
        if kind == "rewind" and not found.strikes:
            raise UserError(f"Nothing after #{step} counts any more (it was all struck or "
                            "undone): there is nothing to rewind.")
        if kind == "rewind" and label is None:
            label = next((_rewound_to(c) for c in self.checkpoints() if c.seq == step), None)
        return correction(found, self.state, logged, basis, label)

    def _rows_for(self, kind: str, step: int, newest: int) -> list[PastRow]:
        """The applied rows a correction of `step` reads, from the corrected one (a rewind:
        from the one after it) to the newest; UserError for a step it cannot correct."""
        if kind == "rewind":
            if step == newest:
                raise UserError(f"There is nothing after #{step} to rewind.")
            if not 0 <= step < newest:
                raise UserError(f"There is nothing to rewind to: #{step} is not an entry "
                                f"before the newest (#{newest}).")
            return self.store.rows_since(self.info.id, step + 1)
        row = self.store.row(self.info.id, step)
        if row is None or row.undone:
            raise UserError(f"There is no entry #{step} in the log of “{self.name}”"
                            + (" (it was undone)." if row is not None else "."))
        if row.is_correction:
            raise UserError(f"#{step} is a correction itself. Undo it instead (Ctrl+Z, or "
                            f"`harmdesk undo`), or rewind to before it.")
        if row.struck_by is not None:
            struck_by = self.store.row(self.info.id, row.struck_by)
            how = "reverted" if struck_by is None or struck_by.action.get("type") != "rewind" \
                else "struck by the rewind"
            raise UserError(f"#{step} was already {how} by #{row.struck_by}. "
                            f"Undo #{row.struck_by} instead.")
        first = row.step if kind == "revert" else step
        return self.store.rows_since(self.info.id, first)

    def commit_correction(self, found: Correction) -> Change:
        """Save a correction as ONE appended step, in one transaction: its row, the rows it
        strikes and rewrites, and the characters' new states. UserError when the log moved
        on since it was worked out, or a roll it needs has no faces yet."""
        if found.needs:
            seq, need = found.needs[0]
            raise UserError(f"#{seq} now needs a roll that never happened ({need.dice} for "
                            f"{need.why or need.key}); give its faces first.")
        if self.store.newest_seq(self.info.id) != found.basis:
            raise UserError("The log changed since this correction was worked out; "
                            "ask for it again.")
        play_session_id = self.play_session["id"] if self.play_session else None
        entries = self.store.record_step(self.info.id, [found.logged], play_session_id,
                                         found.text)
        comes_back = any(cid not in self.state["characters"] for cid in found.state["characters"])
        chars = _characters(self.store, self.info.id) if comes_back else \
            found.state["characters"]
        self.state = {"system": self.system, "settings": found.state["settings"],
                      "characters": chars}
        return _step_change(ChangeKind.APPLY, entries, tuple(found.logged["after"]))

    def checkpoints(self) -> list[Checkpoint]:
        """The moments to rewind to, newest first."""
        return self.store.checkpoints(self.info.id)

    def mark_checkpoint(self, label: str = "", seq: int | None = None) -> Checkpoint:
        """A moment to rewind to, made by the GM: the desk as it is after row `seq` (None:
        now)."""
        newest = self.store.newest_seq(self.info.id)
        seq = newest if seq is None else seq
        if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= newest:
            raise UserError(f"A checkpoint marks an entry of the log (#0 to #{newest}), "
                            f"not #{seq}.")
        label = label.strip()[:MAX_NAME] or f"After #{seq}"
        return self.store.add_checkpoint(self.info.id, seq, "mark", label)

    def set_options(self, options: JSON) -> None:
        """Campaign options that are not rules (the dice mode); saved at once."""
        self.store.set_options(self.info.id, options)
        self.info = self.store.campaign(self.name)

    # play sessions -----------------------------------------------------------
    def start_play_session(self, title: str = "") -> JSON:
        """Start the next play session (ending one still open); new log rows belong to it."""
        self.play_session = self.store.start_play_session(self.info.id, title)
        return self.play_session

    def end_play_session(self, notes: str | None = None) -> JSON | None:
        ended = self.store.end_play_session(self.info.id, notes)
        self.play_session = None
        return ended

    def history(self) -> tuple[int, int]:
        """(steps that can be undone, steps that can be redone): counted over the log."""
        return self.store.history(self.info.id)

    def can_step(self) -> tuple[bool, bool]:
        """Whether a step can be undone, and one redone: found, not counted."""
        return self.store.can_step(self.info.id)

    # sharing ----------------------------------------------------------------
    def export(self) -> JSON:
        """The campaign as a replay file: starting desk plus the applied log, and when
        each of its actions was made (`times`, which an import keeps)."""
        log = self.store.log(self.info.id)
        return {"name": self.name, "system": self.system,
                "settings": self.info.initial["settings"],
                "characters": self.info.initial["characters"],
                "actions": _numbered(log),
                "times": [e.applied_at for e in log]}


MAX_NAME = 200                  # a campaign's name, in characters
MAX_TIME = 40                   # an imported time's text, in characters
COUNTED = re.compile(r"(.*\S) \(([0-9]{1,6})\)")  # "Stonetop demo (2)"
MAX_IMPORT_ACTIONS = 20_000     # a long campaign logs a few thousand
MAX_IMPORT_CHARACTERS = 1_000


class ImportCancelled(UserError):
    """The GM stopped an import; nothing of it was saved."""


def import_campaign(store: Store, source: JSON | str | Path, name: str | None = None,
                    progress: Callable[[str, int, int], None] | None = None,
                    cancelled: Callable[[], bool] | None = None) -> Campaign:
    """Rebuild a campaign from an export. Untrusted: validated, capped, never evaluated.

    The whole log is checked by the rules core in memory first, then written in
    one transaction, so a bad file leaves the store as it was. `progress(stage, done,
    total)` hears how far it got ("checking", then "saving"); when `cancelled()` turns
    true the import stops, before or inside that transaction, and nothing is saved.
    `name` (else the file's own) must be free: NameTaken, before any work, when it is not.
    Each log row keeps the time the file gives it (`times`), else takes the import's.
    """
    try:
        where = "import" if isinstance(source, dict) else str(source)
        # never the store's own file: reading it here would drop the store's locks
        data = source if isinstance(source, dict) else read_json(source, with_sides(store.path))
        _check_import_size(data, where)
        scenario = parse_scenario(data, where)
        times = _import_times(data, len(scenario.actions), where)
    except ScenarioError as err:
        raise UserError(f"Cannot import: {err}") from None
    name = _campaign_name(name or scenario.name or "Imported campaign")
    _name_free(store, name)
    report = _import_steps(len(scenario.actions), progress, cancelled)
    played = MemoryLog(scenario.state, keep=any(is_correction(a) for a in scenario.actions))
    steps: list[Logged] = []
    for index, action in enumerate(scenario.actions):
        report("checking", index)
        outcome = played.play(action)
        if outcome.logged is None:
            raise UserError(f"Cannot import: action {index} is refused by the rules "
                             f"({outcome.error}); the file does not match its own history.")
        steps.append({**outcome.logged, "applied_at": times[index]})

    # read by the store inside its transaction: a cancel rolls it back
    def saving() -> Iterator[Logged]:
        for index, step in enumerate(steps):
            report("saving", index)
            yield step
        report("saving", len(steps))

    store.create_campaign(name, scenario.state["system"], scenario.state["settings"],
                          scenario.sheets, _states(scenario.state),
                          log=saving())
    return Campaign(store, name)


def _check_import_size(data: Any, where: str) -> None:
    """Cap the work an import asks for, not only its bytes."""
    if not isinstance(data, dict):
        return  # parse_scenario says what is wrong
    for key, most in (("actions", MAX_IMPORT_ACTIONS), ("characters", MAX_IMPORT_CHARACTERS)):
        count = data.get(key)
        if isinstance(count, list) and len(count) > most:
            raise ScenarioError(f"{where}: the file holds {len(count):,} {key}; HarmDesk imports "
                                f"at most {most:,} {key}.")


def _import_times(data: JSON, count: int, where: str) -> list[str | None]:
    """When each action was made, as the export says (`times`, one per action: ISO 8601
    with its offset), in the store's own form; None where the file says nothing."""
    given = data.get("times")
    if given is None:
        return [None] * count
    if not isinstance(given, list) or len(given) != count:
        raise ScenarioError(f"{where}: `times` must be a list of one time per action "
                            f"({count:,}), as HarmDesk exports it")
    return [_utc_time(value, f"{where}: `times[{index}]`") for index, value in enumerate(given)]


def _utc_time(value: Any, label: str) -> str:
    """`value` (ISO 8601 text with an offset) as the store writes a time: UTC, to the second."""
    moment = None
    if isinstance(value, str) and len(value) <= MAX_TIME:
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            moment = None
    if moment is None or moment.utcoffset() is None:
        raise ScenarioError(f"{label} must be a time with its offset, such as "
                            f"2026-11-28T19:30:00+00:00, not {quoted(value)}")
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def _name_free(store: Store, name: str) -> None:
    """NameTaken when the store has a campaign named `name` already."""
    names = {c["name"] for c in store.campaigns()}
    if name in names:
        raise NameTaken(name, free_name(name, names))


def free_name(name: str, names: set[str]) -> str:
    """The first of "NAME (2)", "NAME (3)"… not in `names`; a name that has such a number
    already counts on from it, and a long one is shortened to leave room."""
    base, number = name, 2
    counted = COUNTED.fullmatch(name)
    if counted:
        base, number = counted.group(1), int(counted.group(2)) + 1
    while True:
        suffix = f" ({number})"
        candidate = base[:MAX_NAME - len(suffix)].rstrip() + suffix
        if candidate not in names:
            return candidate
        number += 1


def _import_steps(total: int, progress: Callable[[str, int, int], None] | None,
                  cancelled: Callable[[], bool] | None) -> Callable[[str, int], None]:
    """`report(stage, done)`: passes progress on (at most about a hundred times a stage)
    and stops the import once the GM cancelled."""
    every = max(1, total // 100)

    def report(stage: str, done: int) -> None:
        if done % every and done != total:
            return
        if cancelled is not None and cancelled():
            raise ImportCancelled("Import cancelled; nothing was added.")
        if progress is not None:
            progress(stage, done, total)
    return report


def _campaign_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise UserError("A campaign needs a name.")
    if len(name) > MAX_NAME:
        raise UserError(f"A campaign's name can be at most {MAX_NAME} characters.")
    return name.strip()


def _rewound_to(point: Checkpoint) -> str:
    """A checkpoint as a rewind names it: "the start of the encounter", "round 2", or the
    GM's own words in quotes."""
    if point.kind == "mark":
        return f"“{point.label}”"
    return point.label[:1].lower() + point.label[1:]


def _checkpoints(before: Settings, after: Settings) -> list[tuple[str, str]]:
    """The moments to rewind to that a step begins: an encounter, or a round of it."""
    if before is after:
        return []
    old, new = before.get(ENCOUNTER), after.get(ENCOUNTER)
    if not isinstance(new, dict):
        return []
    if not isinstance(old, dict):
        return [("encounter", "The start of the encounter")]
    if new.get("round") != old.get("round"):
        return [("round", f"Round {new.get('round')}")]
    return []


def _numbered(log: list[LogEntry]) -> list[ActionJSON]:
    """The log's actions as an export lists them, each as first logged; a correction names
    the entry it corrects by its place in the list (the log's numbers, from 1)."""
    place = {entry.seq: index for index, entry in enumerate(log, start=1)}
    out = []
    for entry in log:
        action = entry.action
        if entry.is_correction and action.get("step") in place:
            action = {**action, "step": place[action["step"]]}
            if "rolls" in action:
                action["rolls"] = {str(place.get(int(k), k)): v
                                   for k, v in action["rolls"].items()}
        out.append(action)
    return out


def _kept_outcome(action: Action | ActionJSON, state: DeskState) -> rules.Outcome | None:
    """The passing outcome `Service.complete` kept on `action`, if it was worked out on
    this same desk (the rules copy on write, so an unchanged desk is the same object)."""
    kept: rules.Outcome | None = getattr(action, "outcome", None)
    if kept is None or not kept.ok or getattr(action, "basis", None) is not state:
        return None
    return kept


def _step_change(kind: ChangeKind, entries: list[LogEntry], changed: tuple[str, ...],
                 outcome: rules.Outcome | None = None) -> Change:
    return Change(kind, changed, any(_desk_changed(e.before, e.after) for e in entries),
                  any(e.settings_after is not None for e in entries), outcome, tuple(entries))


def _desk_changed(before: JSON, after: JSON) -> bool:
    return any((before.get(c) is None) != (after.get(c) is None) for c in {*before, *after})


def _characters(store: Store, campaign_id: int) -> dict[str, Character]:
    """A campaign's characters as the store saved them: states the rules made."""
    return cast("dict[str, Character]", store.characters(campaign_id))


def _states(state: DeskState) -> list[JSON]:
    """The desk's characters as the store saves them: plain JSON objects."""
    return cast("list[JSON]", list(state["characters"].values()))


__all__ = ["Campaign", "Change", "ImportCancelled", "NameTaken", "free_name", "import_campaign"]
