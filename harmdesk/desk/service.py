"""The one door between the window and everything below it. No Qt.

A `Service` owns the store and the open campaign and answers every question the
window asks: what a chip would do to some tiles, the action it becomes, the rolls
the rules still need, applying one action or a step of several, undo and redo, the
log, play sessions, options, import and export, the gang-up summary, the display
profile. It hands back typed values (`harmdesk.desk.actions`), raises `UserError` for
what the GM can fix and `StoreError` for what the machine refused.

A campaign still opening is a `Service` too, read from a snapshot with
`read_only=True` (see `Service.from_snapshot`).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import UTC
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from .. import rules
from ..errors import StoreError, UserError
from ..report.summary import SummaryRequest
from ..rules.shapes import JSON, DeskState
from . import chips, library_store, quick
from .actions import Action, Change, RollNeed, TilePreview, shortened
from .library import (
    Copies,
    CopiesRequest,
    Template,
    copies_of,
    mark_of,
    one_more,
    plan_copies,
    rolls_needed,
)

if TYPE_CHECKING:
    from datetime import datetime

    from ..profiles.parts import Profile
    from ..rules.encounter import Encounter
    from ..store.steps import LogEntry
    from ..store.store import Checkpoint, Store
    from .campaign import Campaign
    from .corrections import Correction
    from .statistics import Progress, StatTable

# a data folder as the GM or the command line names it (None: the default one)
Folder = str | os.PathLike[str] | None

# (action, need) -> the value for need.key, or None when the GM cancels
RollProvider = Callable[[Action, RollNeed], object]

MAX_ROLLS = 6  # rolls asked for one action before giving up (the rules ask at most two)


def play_label(moment: str, campaign: str, number: int | None, hours: int = 1) -> str:
    """What a backup made for a moment of play holds, in the GM's words."""
    if number is None:
        return f"An hour of play on “{campaign}”"
    session = f"play session {number} of “{campaign}”"
    if moment == "hour":
        return f"{hours} hour{'' if hours == 1 else 's'} into {session}"
    return f"{'Start' if moment == 'start' else 'End'} of {session}"


def per_session(action: Action | JSON, session: int | None,
                once_per_session: Callable[[JSON], bool]) -> Action | JSON:
    """`action` (an Action or a dict) with the play session's number as `session` where
    its game's rule works once per session (`once_per_session`, the profile's: Stonetop's
    Never Gonna Keep Me Down, "an automatic 10+ once per session", ST-7). Any other
    action comes back as it was given, and so does this one when no play session is open:
    the rules then refuse it, saying to start one."""
    data = action.to_dict() if isinstance(action, Action) else action
    if not isinstance(data, dict) or not once_per_session(data) \
            or data.get("session") is not None:
        return action
    if session is None:
        return action
    return Action.of(action).with_fields(session=session)


def write_json(path: str, data: JSON) -> str:
    """A campaign export, written whole or not at all."""
    import json

    from ..files import write_atomically
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return str(write_atomically(path, text.encode("utf-8")))


class Service:
    """The store and the campaign open in it (None until one is chosen or made)."""

    def __init__(self, store: Store, campaign: Campaign | None = None, *,
                 loading: bool = False) -> None:
        self.store = store
        self.campaign = campaign
        self.loading = loading  # a snapshot shown while the store opens
        self.closed = False
        # while a roll is asked for: the desk the action applies to (in a series, the
        # desk after the steps before it), for the dialog to show what the roll will do
        self.rolling_on: DeskState | None = None

    # opening and closing --------------------------------------------------------
    @classmethod
    def on(cls, campaign: Campaign) -> Service:
        """A session over a campaign already open (the command line, tests)."""
        return cls(campaign.store, campaign)

    @classmethod
    def open(cls, data_dir: Folder, name: str | None = None) -> Service:
        """Open the data folder (making the demo campaigns on first run) and a campaign:
        `name`, else the one used last. Slow (it reads the file, and a first start makes
        the demo campaigns with SQLModel's schema): call it off the GUI thread.
        The integrity check and the daily backup wait for `maintain`."""
        from ..store.store import Store
        from .campaign import Campaign
        from .demo import ensure_demo
        store = Store.open(data_dir)
        try:
            ensure_demo(store)
            listed = store.campaigns()
            if name is None and not listed:
                return cls(store)
            return cls(store, Campaign.open(store, name or listed[0]["name"]))
        except BaseException:
            store.close()
            raise

    def maintain(self) -> list[str]:
        """The store's integrity check and daily backup, after `open` made it ready. Slow
        on a big file: off the GUI thread. What the GM should hear; never raises."""
        return [] if self.store is None or self.loading else self.store.maintain()

    @classmethod
    def from_snapshot(cls, data_dir: Folder, name: str | None = None) -> Service | None:
        """The desk read with sqlite3 alone, read-only, while the store opens; None
        when there is nothing to show yet."""
        from ..store.snapshot import read_desk
        from .snapshot_campaign import SnapshotCampaign
        snapshot = read_desk(data_dir, name)
        if snapshot is None:
            return None
        seen = SnapshotCampaign(snapshot)
        # it answers what the window reads of a campaign and its store, and no more
        return cls(cast("Store", seen.store), cast("Campaign", seen), loading=True)

    @classmethod
    def open_writable(cls, data_dir: Folder, name: str | None = None) -> Service | None:
        """The data folder opened again as its one writer, on campaign `name`, once no other
        HarmDesk writes to it; None, with nothing left open, while one still does. The lock
        is tried first, so a refusal costs no read of the campaign. Off the GUI thread."""
        from ..store.db import WriterLock
        from ..store.paths import DB_NAME
        from .folder import data_dir as folder_of
        lock = WriterLock(folder_of(data_dir) / DB_NAME)
        if lock.acquire() is not None:
            return None
        lock.release()  # for the store to take
        session = cls.open(data_dir, name)
        if session.read_only:  # another took it in between: wait on
            session.close()
            return None
        return session

    def close(self) -> None:
        self.closed = True
        if self.store is not None and not self.loading:
            self.store.close()

    # backups -----------------------------------------------------------------------
    def restore(self, file: str) -> tuple[Service, JSON]:
        """Restore backup `file` (off the GUI thread) and open the folder again, on this
        campaign if the backup holds it; StoreError, nothing changed, if refused."""
        folder, name = self.data_folder, self.name if self.has_campaign else None
        done = self.store.restore(file)
        self.store.close()
        held = {c["name"] for c in done["campaigns"]}
        return Service.open(folder, name if name in held else None), done

    # the campaigns in the store ---------------------------------------------------
    def campaigns(self) -> list[JSON]:
        return [] if self.loading else self.store.campaigns()

    def use(self, name: str) -> None:
        """Open another campaign of the same store."""
        from .campaign import Campaign
        self.campaign = Campaign.open(self.store, name)

    def create(self, name: str, system: str) -> None:
        from .campaign import Campaign
        self.campaign = Campaign.create(self.store, name, system)

    def import_file(self, path: str | Path,
                    progress: Callable[[str, int, int], None] | None = None,
                    cancelled: Callable[[], bool] | None = None,
                    name: str | None = None) -> str:
        """Import a campaign export into the store (slow: off the GUI thread); its name.
        Open it with `use` afterwards, on the thread that uses the session. `progress`
        and `cancelled`: see `import_campaign` (a cancelled import saves nothing).
        `name`: under this name, not the file's; `NameTaken` when the name is taken."""
        from .campaign import import_campaign
        return import_campaign(self.store, path, name, progress=progress,
                               cancelled=cancelled).name

    def export(self) -> JSON:
        return self._campaign.export()

    # the open campaign ----------------------------------------------------------------
    @property
    def has_campaign(self) -> bool:
        return self.campaign is not None

    @property
    def name(self) -> str:
        return self._campaign.name

    @property
    def system(self) -> str:
        return self._campaign.system

    @property
    def state(self) -> DeskState:
        return self._campaign.state

    @property
    def _campaign(self) -> Campaign:
        """The open campaign, for what only an open one answers (see `has_campaign`);
        without one, reading it fails as reading None does."""
        return cast("Campaign", self.campaign)

    @property
    def _profile(self) -> Profile:
        """The open game's display profile, for what only an open campaign answers."""
        return cast("Profile", self.profile)

    @property
    def encounter(self) -> Encounter | None:
        """The encounter running on the desk (`rules.encounter`): its mode, order, round, whose
        turn it is and who has acted; None when none runs."""
        from ..rules.encounter import encounter_of
        return encounter_of(self.state["settings"]) if self.campaign is not None else None

    @property
    def options(self) -> JSON:
        return dict(self.campaign.info.options) if self.campaign else {}

    def option(self, key: str, default: Any = None) -> Any:
        return self.options.get(key, default)

    def set_options(self, options: JSON) -> None:
        """Campaign options that are not rules (the dice mode); saved at once."""
        self.check_writable()
        self._campaign.set_options(options)

    @property
    def read_only(self) -> bool:
        return self.store is not None and self.store.read_only

    @property
    def why_read_only(self) -> str:
        return self.store.why_read_only if self.read_only else ""

    @property
    def waits_for_writer(self) -> bool:
        """Read-only only because another HarmDesk writes to the data file: writable once
        that one stops (see `open_writable`)."""
        from ..store.db import WriterLock
        return not self.closed and not self.loading and self.read_only \
            and self.store.why_read_only == WriterLock.HELD

    @property
    def data_folder(self) -> Path | None:
        return None if self.loading else Path(self.store.path).parent

    @property
    def profile(self) -> Profile | None:
        """The open game's display profile, or None when no campaign is open."""
        from ..profiles import profile_for
        return profile_for(self.system) if self.campaign is not None else None

    # the log and play sessions --------------------------------------------------------
    def log(self, include_undone: bool = False) -> list[LogEntry]:
        return self.store.log(self._campaign.info.id, include_undone=include_undone)

    def log_page(self, before_seq: int | None = None, limit: int = 500) -> list[LogEntry]:
        """At most `limit` log rows (undone ones too) older than `before_seq` (None: the
        newest), newest first: what a view shows of a long log, a page at a time."""
        return self.store.log_page(self._campaign.info.id, before_seq, limit)

    def _newest_rows(self, page: int = 500) -> Iterator[LogEntry]:
        """The log's rows, newest first, read a page at a time as they are wanted."""
        before = None
        while True:
            rows = self.log_page(before, page)
            yield from rows
            if len(rows) < page:
                return
            before = rows[-1].seq

    def steps(self, applied: int | None = None) -> list[tuple[int, str, bool]]:
        """The log's steps, oldest first, as (step, text, undone): every undone one (the
        redo branch) and the newest `applied` ones still in force (None: all), read
        backwards from the newest row, so a long log costs no more than a short one."""
        steps: list[tuple[int, str, bool]] = []  # newest first while reading
        in_force = 0
        for step, undone, name in self._newest_names():
            if steps and steps[-1][0] == step:
                # a step's first row (the oldest) names it when it was not named
                steps[-1] = (step, shortened(name), undone)
                continue
            if not undone:
                if applied is not None and in_force >= applied:
                    break
                in_force += 1
            steps.append((step, shortened(name), undone))
        return steps[::-1]

    def _newest_names(self, page: int = 500) -> Iterator[tuple[int, bool, str]]:
        """(step, undone, name) of the log's rows, newest first, a page at a time; only
        what the undo stack shows is read, not the rows' states."""
        before = None
        while True:
            rows = self.store.step_names(self._campaign.info.id, before, page)
            yield from ((step, undone, name) for _seq, step, undone, name in rows)
            if len(rows) < page:
                return
            before = rows[-1][0]

    def history(self) -> tuple[int, int]:
        """(steps that can be undone, steps that can be redone)."""
        return self._campaign.history()

    def can_step(self) -> tuple[bool, bool]:
        """Whether a step can be undone, and one redone."""
        return self._campaign.can_step()

    def play_sessions(self) -> list[JSON]:
        return self.store.play_sessions(self._campaign.info.id)

    @property
    def play_session(self) -> JSON | None:
        """The play session open tonight, if any."""
        return self.campaign.play_session if self.campaign else None

    def with_play_session(self, action: Action | JSON) -> Action | JSON:
        """`action` with what it takes from tonight's play session (`per_session`)."""
        tonight = self.play_session
        return per_session(action, None if tonight is None else tonight["number"],
                           self._profile.once_per_session)

    def start_play_session(self, title: str = "") -> JSON:
        self.check_writable()
        return self._campaign.start_play_session(title)

    def back_up_play(self, moment: str, number: int | None = None,
                     now: datetime | None = None) -> list[str]:
        """A backup of the data file for a moment of play, named by what it holds: the
        `start` or `end` of play session `number`, or an `hour` of play (in the session
        open now, if any). Slow on a big file: off the GUI thread. `now`: an aware
        datetime, the time it is made. What the GM should hear; never raises."""
        from datetime import datetime

        from ..store.backups import play_reason
        if self.campaign is None or self.loading or self.read_only:
            return []
        now = now or datetime.now(UTC)
        tonight = self.play_session
        hours = 1
        if moment == "hour" and tonight is not None:
            number = tonight["number"]
            started = datetime.fromisoformat(tonight["started"])
            hours = max(1, int((now - started).total_seconds() // 3600))
        return self.store.back_up(play_reason(moment, number, hours),
                                  play_label(moment, self.name, number, hours), now)

    def hour_backup_due(self, now: datetime | None = None) -> bool:
        """Whether an hour of play has gone by, with changes, since the newest backup."""
        from datetime import datetime
        if self.campaign is None or self.loading:
            return False
        return self.store.hour_of_play_due(now or datetime.now(UTC))

    def end_play_session(self, notes: str | None = None) -> JSON | None:
        self.check_writable()
        return self._campaign.end_play_session(notes)

    # chips and actions ------------------------------------------------------------------
    def action_for(self, chip: JSON, targets: Iterable[str],
                   modifiers: JSON | None = None) -> Action:
        """The action `chip` becomes on `targets`, the tray's `modifiers` on it when it
        deals damage; UserError when it cannot be one here."""
        return Action.of(chips.action_for_drop(chip, self.state, list(targets), modifiers))

    def preview(self, chip: JSON, targets: Iterable[str], modifiers: JSON | None = None
                ) -> dict[str, TilePreview]:
        """What `chip` would do to each of `targets`, as the tiles show it. Saves nothing."""
        rows = chips.chip_preview(chip, self.state, list(targets), modifiers)
        return {cid: TilePreview(*row) for cid, row in rows.items()}

    def first_need(self, action: Action) -> tuple[str | None, RollNeed | None]:
        """(the rules' refusal, the first roll they ask for) of `action` on the desk now;
        both None when they take it as it is."""
        outcome = rules.apply(self.state, action.to_dict())
        if outcome.ok:
            return None, None
        if outcome.needs:
            return None, RollNeed.of(outcome.needs[0])
        return outcome.error, None

    def complete(self, action: Action | JSON, provide_roll: RollProvider | None,
                 state: DeskState | None = None) -> Action | None:
        """`action` with every roll the rules ask for (from `provide_roll`), or None if
        the GM cancelled. The rules' passing outcome stays on the action, so the commit
        on the same desk does not run them again. A refused action comes back without
        an outcome, for the commit to refuse it."""
        action = Action.of(self.with_play_session(action))
        state = self.state if state is None else state
        for _ in range(MAX_ROLLS):
            outcome = rules.apply(state, action.to_dict())
            if outcome.ok:
                return Action(action.type, action.targets, action.fields, outcome, state)
            if not outcome.needs or provide_roll is None:
                return action
            need = RollNeed.of(outcome.needs[0])
            self.rolling_on = state
            try:
                value = provide_roll(action, need)
            finally:
                self.rolling_on = None
            if value is None:
                return None
            action = action.with_fields(**{need.key: value})
        return action

    def complete_series(self, actions: Sequence[Action | JSON], provide_roll: RollProvider | None
                        ) -> tuple[list[Action] | None, str | None, tuple[str, ...]]:
        """Complete and check a series on the desk as it will be after each one, so a
        refusal leaves no half step: (ready actions, None, ()), (None, the refusal, its
        targets), or (None, None, ()) when the GM cancelled."""
        state = self.state
        ready: list[Action] = []
        for given in actions:
            action = self.complete(given, provide_roll, state)
            if action is None:
                return None, None, ()
            if action.outcome is None:
                error = rules.apply(state, action.to_dict()).error
                return None, error, action.targets
            state = action.outcome.state
            ready.append(action)
        return ready, None, ()

    def apply(self, action: Action | JSON) -> Change:
        return self.apply_step([action])

    def apply_step(self, actions: list[Action | JSON], text: str | None = None) -> Change:
        """Apply and log `actions` as one undoable step; StoreError if it cannot be saved."""
        return self.commit([self.with_play_session(a) for a in actions], text)

    def commit(self, actions: list[Action | JSON], text: str | None = None) -> Change:
        """Apply and log `actions` as `complete` gave them (tonight's play session is on
        them already) as one undoable step; StoreError if it cannot be saved."""
        self.check_writable()
        return self._campaign.apply_step(actions, text)

    def undo(self) -> Change | None:
        self.check_writable()
        return self._campaign.undo()

    def redo(self) -> Change | None:
        self.check_writable()
        return self._campaign.redo()

    # correcting the past (`harmdesk.desk.corrections`) --------------------------------
    def correction(self, kind: str, step: int, action: Action | JSON | None = None,
                   rolls: Mapping[int, JSON] | None = None) -> Correction:
        """What reverting step `step`, editing row `step` to `action`, or rewinding to after
        row `step` would do; nothing is saved. `rolls`: faces for rolls that re-derived
        entries now need (`Correction.needs`), by entry. UserError (`CannotStand` among
        them) when it cannot be done."""
        data = action.to_dict() if isinstance(action, Action) else action
        return self._campaign.correction(kind, step, data, rolls)

    def commit_correction(self, correction: Correction) -> Change:
        """Save `correction` as one appended step, undone and redone like any other."""
        self.check_writable()
        return self._campaign.commit_correction(correction)

    def checkpoints(self) -> list[Checkpoint]:
        """The moments the GM can rewind to, newest first."""
        return [] if self.campaign is None else self._campaign.checkpoints()

    def mark_checkpoint(self, label: str = "", seq: int | None = None) -> Checkpoint:
        """A moment to rewind to: the desk as it is after row `seq` (None: now)."""
        self.check_writable()
        return self._campaign.mark_checkpoint(label, seq)

    def undone_entries(self) -> set[int]:
        """The ids of the log rows that were undone (and can be redone)."""
        ids: set[int] = set()
        for entry in self._newest_rows():  # a new step drops them: they are the newest
            if not entry.undone:
                break
            ids.add(entry.id)
        return ids

    def check_writable(self) -> None:
        """UserError when no campaign is open, StoreError when it is open read-only: the
        one guard before any change is saved."""
        if self.campaign is None:
            raise UserError("No campaign is open.", "Open or make one from the File menu.")
        if self.read_only:
            raise StoreError(f"This campaign is open read-only: {self.why_read_only}.")

    def quick_action(self, text: str) -> Action:
        """What the GM typed in the quick entry ('7 p1', 'heal 4'), without targets yet;
        UserError saying what it cannot read."""
        return Action.of(quick.parse(text, self.system))

    # the creature library ----------------------------------------------------------------
    @property
    def _shelf(self) -> library_store.Scope:
        """The open campaign's part of the library: its game's shared templates and its own."""
        info = self._campaign.info
        return library_store.Scope(self.system, info.id, self.name)

    def library(self) -> list[Template]:
        """This game's templates: those every campaign of it shares and this campaign's
        own, by name (the starters written in the first time, see `library_store`)."""
        return library_store.templates(self.store, self._shelf, seed=not self.loading)

    def template(self, tid: int) -> Template | None:
        return library_store.template(self.store, self._shelf, tid)

    def save_template(self, template: Template) -> Template:
        """Save a new template (id None) or replace one; UserError when it is not of this
        campaign's game. Tiles already on the desk keep what they were given."""
        self.check_writable()
        return library_store.save(self.store, self._shelf, template)

    def remove_template(self, tid: int) -> None:
        self.check_writable()
        if self.template(tid) is None:
            raise UserError("That template is no longer in the library.")
        self.store.delete_template(tid)

    def plan_copies(self, req: CopiesRequest, rng: random.Random | None = None) -> Copies:
        """What adding `req`'s copies would do; their HP rolled here when it is rolled
        (`rng`, else HarmDesk's dice)."""
        from .rolling import roll_faces
        need = rolls_needed(req)
        faces = None
        if need is not None:
            faces = [roll_faces(need[0], rng) for _ in range(need[1])]
        return plan_copies(self.state, req, faces)

    def add_copies(self, copies: Copies) -> Change:
        """Add the planned copies as one logged step; UserError when the plan is refused."""
        if copies.problem or not copies.actions:
            raise UserError(copies.problem or "There are no copies to add.")
        change = self.apply_step(list(copies.actions), copies.text)
        if not change.ok:
            error = change.outcome.error if change.outcome else "the rules refuse it"
            raise UserError(f"Cannot add them: {error}.", "Nothing was saved.")
        return change

    def one_more(self, cid: str, rng: random.Random | None = None) -> Copies:
        """The (+) on a copy's tile: one more copy of its template, hidden."""
        char = self.state["characters"].get(cid)
        mark = mark_of(char) if char else None
        found = None
        if mark is not None and isinstance(mark.get("id"), int):
            found = self.template(mark["id"])
        return self.plan_copies(one_more(self.state, cid, found), rng)

    def copies_of(self, cid: str) -> list[str]:
        """Every copy on the desk of the template `cid` was made from, in desk order."""
        return copies_of(self.state, cid)

    def reveal(self, ids: Iterable[str]) -> Change:
        """Show `ids` to the players as their kind is shown by default, as one step."""
        chars = self.state["characters"]
        hidden = [cid for cid in ids if cid in chars and chars[cid].get("players_see") == "hidden"]
        if not hidden:
            raise UserError("The players see them already.")
        actions: list[Action | JSON] = [
            {"type": "edit_character", "target": cid, "changes": {"players_see": None}}
            for cid in hidden]
        names = [chars[cid]["name"] for cid in hidden]
        text = f"Show {names[0]}" if len(names) == 1 else f"Show {len(names)} to the players"
        return self.apply_step(actions, text)

    def import_templates(self, path: str | Path,
                         choose: Callable[[Template, Template], str]) -> list[str]:
        """Templates from a library file, into this game's library: a name it holds already
        is `choose(existing, incoming)`'s to settle ("both", "replace" or "skip"). Templates
        of another game are refused, naming both. Nothing is saved when the file is bad."""
        self.check_writable()
        incoming = library_store.read_file(self.store, path)
        return library_store.import_templates(self.store, incoming, choose, self._shelf)

    def export_templates(self, path: str, ids: Iterable[int] | None = None) -> str:
        """Write this game's templates (or those of `ids`) to a library file."""
        return library_store.export(self.store, path, [self._shelf], ids)[0]

    # the session summary ----------------------------------------------------------------
    def summary_choice(self, numbers: list[int] | None) -> tuple[list[JSON], bool]:
        """(the play sessions a summary of `numbers` covers, whether it is the whole log);
        UserError when there is no such session."""
        from ..report.data import ReportError
        from ..report.source import choose
        try:
            return choose(self.name, self.play_sessions(), numbers, False)
        except ReportError as err:
            raise UserError(str(err)) from None

    def statistics_job(self, scope: str = "session") -> Callable[[Progress], StatTable]:
        """What the Statistics page reads in a worker, hearing its progress: who hurt whom
        over `scope` (a key of `recap_scopes`); StoreError while the store opens."""
        from .statistics import statistics_table  # the report's modules, when first asked
        if self.loading:
            raise StoreError(f"No statistics yet: {self.store.why_read_only}.")
        store, name = self.store, self.name
        return lambda progress: statistics_table(store, name, scope, progress)

    def recap_job(self, scope: str, audience: str, fmt: str,
                  path: str | None = None) -> Callable[[Progress], str]:
        """What File → Export recap… runs in a worker, hearing its progress: the recap's
        text, or with `path` the path it was written to; StoreError while the store opens."""
        from .statistics import recap_text, write_recap
        if self.loading:
            raise StoreError(f"No recap yet: {self.store.why_read_only}.")
        store, name = self.store, self.name
        if path is None:
            return lambda progress: recap_text(store, name, scope, audience, fmt, progress)
        return lambda progress: write_recap(store, name, path, scope, audience, fmt, progress)

    def recap_scopes(self) -> list[tuple[str, str]]:
        """(key, words) of what a recap can cover: this play session, the newest
        encounters, the whole campaign."""
        from .statistics import SCOPES, scope_choices
        if self.loading or self.campaign is None:
            return list(SCOPES)
        return scope_choices(self.store, self.name)

    def story(self) -> str | None:
        """The newest play session's "Story so far" (None: no play session yet)."""
        sessions = [] if self.loading or self.campaign is None else self.play_sessions()
        return sessions[-1].get("story") or "" if sessions else None

    def set_story(self, story: str) -> None:
        """Keep `story` with the newest play session; UserError when there is none."""
        self.check_writable()
        sessions = self.play_sessions()
        if not sessions:
            raise UserError("Start a play session to keep a story with it.")
        self.store.set_story(self._campaign.info.id, sessions[-1]["number"], story)

    def summary_request(self, chosen: list[JSON], everything: bool) -> SummaryRequest:
        """What a summary task reads: this session's own store, never a second one of the
        same file; StoreError while the store is still opening."""
        if self.loading:
            raise StoreError(f"No summary yet: {self.store.why_read_only}.")
        return SummaryRequest(self.store, self.name,
                              tuple(s["number"] for s in chosen) or None, everything)

