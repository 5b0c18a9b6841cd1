"""Which play sessions a summary covers, and reading them from the store. No Qt."""

from __future__ import annotations

from dataclasses import replace

from .. import rules
from . import collector
from .corrections import CorrectionNote, in_span, note
from .data import Report, ReportError, build_report, desk_before
from .header import session_label
from .stats import GM, Statistics, statistics
from .timeline import settings_at_start


def parse_sessions(text: str) -> list[int]:
    """`3` or a range `2-4` (session numbers, as the window and the log show them)."""
    parts = text.replace("–", "-").split("-")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        raise ReportError(f"--session takes a number or a range such as 2-4, not {text!r}") \
            from None
    if len(numbers) == 1:
        return numbers
    if len(numbers) != 2 or numbers[0] > numbers[1]:
        raise ReportError(f"--session takes a number or a range such as 2-4, not {text!r}")
    return list(range(numbers[0], numbers[1] + 1))


def choose(name: str, sessions: list[dict], numbers: list[int] | None,
           everything: bool) -> tuple[list[dict], bool]:
    """The sessions to summarise and whether the whole log is wanted.

    By default the latest session; a campaign without any session has all of its log
    summarised, since every action then lies outside a session.
    """
    if everything:
        return list(sessions), True
    if not numbers:
        return (sessions[-1:], False) if sessions else ([], True)
    by_number = {s["number"]: s for s in sessions}
    missing = [n for n in numbers if n not in by_number]
    if missing:
        if not sessions:
            known = "it has no play session yet (use --all for its whole log)"
        else:
            first, last = sessions[0]["number"], sessions[-1]["number"]
            known = f"its sessions are {first}" + (f"–{last}" if last != first else "")
        raise ReportError(f"{name!r} has no session {missing[0]}; {known}.")
    return [by_number[n] for n in sorted(set(numbers))], False


def from_store(store, campaign: str, numbers: list[int] | None = None,
               everything: bool = False) -> Report:
    """Read a campaign's sessions and applied log and build its summary.

    `store` is a harmdesk Store (read-only is enough); undone actions are never read, nor
    the entries a correction struck. The corrections of the chosen sessions are listed,
    and those made later on an entry of theirs.
    Chosen sessions are read from their first row to their last, the desk before them
    worked back from the desk now (of the rows after them only the states they changed),
    so what came before them costs nothing. Everything is read at one moment of the
    file (`one_read`): a step saved meanwhile (the window goes on) is in all or none.
    """
    with store.one_read(), collector.paused():
        return _read(store, campaign, numbers, everything)


def _read(store, campaign: str, numbers: list[int] | None, everything: bool) -> Report:
    info = store.campaign(campaign)
    sessions = store.play_sessions(info.id)
    chosen, everything = choose(info.name, sessions, numbers, everything)
    first, last = (None, None) if everything else store.seq_span([s["id"] for s in chosen])
    if first is None:
        nothing = chosen and not everything
        entries = [] if nothing else store.summary_log(info.id)
        report = build_report(info.name, info.system, info.initial, sessions, entries, chosen,
                              everything)
        if nothing:
            return report
        report = replace(report, statistics=_whole_log_figures(info, entries))
        return _with_corrections(store, info, sessions, report)
    entries = store.summary_log(info.id, since=first, until=last)
    # of the rows after the chosen ones, only what they changed, to work the desk back
    back = entries + store.states_before(info.id, after=last)
    start = desk_before(store.desk_order(info.id), store.characters(info.id), back)
    settings = settings_at_start(info.settings, back)
    report = build_report(info.name, info.system, info.initial, sessions, entries, chosen,
                          everything, start, settings)
    figures = statistics(info.system, of_sessions(entries, {s["id"] for s in chosen}),
                         start, GM, settings)
    return _with_corrections(store, info, sessions, replace(report, statistics=figures),
                             first, last)


def _whole_log_figures(info, entries: list) -> Statistics:
    """Who hurt whom in the whole log, on the desk the campaign began with (its sheets
    read already by `build_report`)."""
    settings = info.initial.get("settings")
    desk = rules.new_state(info.system, settings, info.initial.get("characters", []))
    return statistics(info.system, entries, dict(desk["characters"]), GM, settings or {})


def of_sessions(entries: list, ids: set) -> list:
    """`entries` as the summary counts them: those of the sessions `ids`. A row between
    them that belongs to none of them still moves the desk and the settings on (names, the
    round), but its events count for nothing, nor can it bring anyone down."""
    return [e if e.session_id in ids else replace(e, events=[], before={}) for e in entries]


def _with_corrections(store, info, sessions: list[dict], report: Report,
                      first: int | None = None, last: int | None = None) -> Report:
    """`report` with the corrections of seqs `first` to `last` (None: all of the log)."""
    notes = corrections(store, info, sessions, first, last)
    return replace(report, corrections=notes) if notes else report


def corrections(store, info, sessions: list[dict], first: int | None = None,
                last: int | None = None) -> tuple[CorrectionNote, ...]:
    """The corrections made in seqs `first` to `last` (None: all of the log), and those
    made after them on an entry of theirs."""
    labels = {s["id"]: session_label(s) for s in sessions}
    read: dict[int, object] = {}

    def row(seq: int):
        if seq not in read:
            read[seq] = store.row(info.id, seq)
        return read[seq]

    notes = []
    for found in store.corrections(info.id, since=first):
        listed, later = in_span(found, first, last)
        if listed:
            notes.append(note(info.system, found, labels, row, later))
    return tuple(notes)
