"""Headless commands. Every command prints JSON and exits non-zero with a clear message.

Imports stay inside the commands, so `harmdesk replay` never loads Qt or SQL.
"""

from __future__ import annotations

import argparse
import json
import re
import sys


def _print_json(data) -> None:
    """Print `data`; never fails, so a saved step is never reported as a failure.

    Text that cannot be written as UTF-8 (a lone surrogate in an old file) goes out as
    JSON escapes; an output that cannot be written at all gets a note on stderr."""
    text = json.dumps(data, ensure_ascii=False, indent=1)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(data, indent=1)  # \uXXXX escapes: still the same JSON
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except (OSError, ValueError) as err:
        _note(f"the result could not be printed ({getattr(err, 'strerror', None) or err}); "
              "what was saved stays saved.")


def _fail(message: str, status: int = 2) -> int:
    _note(message)
    return status


def _note(message: str) -> None:
    try:
        sys.stderr.write(f"harmdesk: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass  # nowhere left to say it


def _indented(data, by: str = "  ") -> str:
    """`data` as `_print_json` would print it nested `by` deep, for a streamed list."""
    return "\n".join(by + line for line in
                     json.dumps(data, ensure_ascii=False, indent=1).split("\n"))


def cmd_replay(args) -> int:
    """Results are written as they are made, one flushed JSON document in all, so a long
    scenario never sits in memory; each holds only the characters its action changed,
    or (`--states`) every character."""
    import os

    from .desk.replay import ScenarioError, check_expectations, read_scenario, run

    try:
        scenario = read_scenario(args.file)
        if args.check:
            check_expectations(scenario.actions, args.file)
    except ScenarioError as err:
        return _fail(str(err))
    out = sys.stdout
    written = 0

    def emit(result: dict) -> None:
        nonlocal written
        out.write((",\n" if written else "\n") + _indented(result))
        out.flush()
        written += 1

    try:
        out.write('{\n "results": [')
        replay = run(scenario, check=args.check, states=args.states, emit=emit)
        out.write("\n ]" if written else "]")
        if args.check:
            check = {"expectations": replay.expectations, "mismatches": replay.mismatches}
            out.write(',\n "check": ' + _indented(check, " ").lstrip())
        out.write("\n}\n")
        out.flush()
    except BrokenPipeError:  # the reader went away (`| head`): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    if args.check:
        for line in replay.mismatches:
            sys.stderr.write(f"{args.file}: {line}\n")
        if replay.mismatches:
            return 1
    return 0


# commands that only read: they take no writer lock, so they never stop an `apply` or a window
READING = {"state", "summary", "recap", "log", ("campaign", "list"), ("campaign", "export")}


def _open_store(args):
    """The data folder's store (read-only if another HarmDesk writes to it, or if the
    command only reads), with the demo campaigns on first use."""
    from .desk.folder import open_store

    reading = args.command in READING or getattr(args, "dry_run", False) or \
        (args.command, getattr(args, "action", None)) in READING
    return open_store(args.data_dir, reading)


def _desk(campaign) -> dict:
    undo, redo = campaign.can_step()  # found along the step index, never counted
    return {"campaign": campaign.name, "system": campaign.system,
            "settings": campaign.state["settings"], "can_undo": undo, "can_redo": redo,
            "state": campaign.state["characters"]}


def _store_command(args) -> int:
    """Open the store, run a store command on it, close it. Machine and file problems
    become a message, never a traceback."""
    from .errors import StoreError, UserError

    try:
        store = _open_store(args)
        try:
            code = args.store_func(args, store)
            # the integrity check and the daily backup, once the command is saved
            for note in store.maintain():
                print(note, file=sys.stderr)
            return code
        finally:
            store.close()
    except (StoreError, UserError) as err:
        return _fail(str(err), 1)


def cmd_campaign(args, store) -> int:
    from .desk.campaign import Campaign, import_campaign
    from .errors import NameTaken

    if args.action == "list":
        _print_json({"campaigns": store.campaigns()})
    elif args.action == "new":
        if not args.system:
            from .rules.engine import system_names
            return _fail(f"campaign new needs --system ({_one_of(system_names())})")
        _print_json(_desk(Campaign.create(store, args.name, args.system)))
    elif args.action == "export":
        _print_json(Campaign(store, args.name).export())
    elif args.action == "import":
        try:
            imported = import_campaign(store, args.name, args.as_name)
        except NameTaken as err:
            return _fail(_name_taken(err, args), 1)
        _print_json(_desk(imported))
    return 0


def _one_of(names: tuple[str, ...]) -> str:
    """'a, b or c'."""
    return " or ".join(filter(None, (", ".join(names[:-1]), names[-1])))


def _name_taken(err, args) -> str:
    """The refusal of an import whose campaign name is taken, with the command that
    imports it under a free one."""
    import shlex
    return (f"there is already a campaign named {err.taken!r}; nothing was imported. "
            f"Import it under another name with --as: harmdesk campaign import "
            f"{shlex.quote(args.name)} --as {shlex.quote(err.free)}")


def _read_action(args) -> int | None:
    """ACTION_JSON, read before the data folder is opened: bad text changes nothing."""
    from .untrusted import UntrustedError, parse_json

    try:
        args.action_value = parse_json(args.action_json, "ACTION_JSON")
    except UntrustedError as err:
        return _fail(str(err))
    return None


def cmd_apply(args, store) -> int:
    from .desk.campaign import Campaign

    campaign = Campaign(store, args.campaign)
    change = campaign.apply(args.action_value)
    result = change.outcome.to_dict()
    if change.ok:  # the number the window's log shows, for `revert` and `edit`
        result["step"] = change.entries[0].step
    result.update(_desk(campaign))
    _print_json(result)
    if not change.ok:
        sys.stderr.write(f"harmdesk: refused: {change.outcome.error}\n")
        return 1
    return 0


def cmd_history(args, store) -> int:
    from .desk.campaign import Campaign

    campaign = Campaign(store, args.campaign)
    if args.command == "state":
        _print_json(_desk(campaign))
        return 0
    change = campaign.undo() if args.command == "undo" else campaign.redo()
    result = _desk(campaign)
    result["ok"] = change is not None
    if change is None:
        result["error"] = f"nothing to {args.command}"
        _print_json(result)
        sys.stderr.write(f"harmdesk: nothing to {args.command}\n")
        return 1
    # a step may hold several actions (a party's Make Camp): all of it went
    result["action"] = change.entry.action
    result["actions"] = [e.action for e in change.entries]
    result["changed"] = list(change.changed)
    _print_json(result)
    return 0


def cmd_log(args, store) -> int:
    """The newest `--limit` log rows, newest last, read a page from the end: a long log
    costs no more than a short one; the desk is not read."""
    campaign = store.campaign(args.campaign)
    rows = store.log_page(campaign.id, None, args.limit + 1)
    _print_json({"campaign": campaign.name, "older": len(rows) > args.limit,
                 "rows": [_log_row(entry) for entry in reversed(rows[:args.limit])]})
    return 0


def _log_row(entry) -> dict:
    """One log row as `log` prints it: its number, its text, and whether it still counts."""
    row = {"seq": entry.seq, "step": entry.step, "text": _entry_text(entry),
           "undone": entry.undone, "struck": entry.struck, "struck_by": entry.struck_by}
    if entry.is_correction:
        row["correction"] = {"kind": entry.correction["kind"],
                             "entry": entry.correction["entry"]}
    return row


def _entry_text(entry) -> str:
    """A row's first explanation, else its step's name, else its action's type."""
    first = entry.events[0] if entry.events else None
    if isinstance(first, dict) and first.get("text"):
        return first["text"]
    if entry.step_text:
        return entry.step_text
    kind = entry.action.get("type") if isinstance(entry.action, dict) else None
    return str(kind or "step").replace("_", " ")


def cmd_correction(args, store) -> int:
    """`revert`, `edit` and `rewind`: the preview, and without --dry-run the one step
    that saves it. What the GM can fix (a stale step, a refusal, a roll still needed)
    exits 2 with nothing saved; a store that cannot be written, 1, as `apply` does."""
    from .desk.campaign import Campaign
    from .desk.service import Service
    from .errors import UserError

    try:
        service = Service.on(Campaign(store, _known_campaign(store, args.campaign)))
        if not args.dry_run:
            service.check_writable()  # before the work: a read-only store says so at once
        correction, rolled = _preview(service, args)
    except UserError as err:
        return _fail(_nothing_saved(str(err)))
    result = correction.to_dict()
    # the entry corrected (or rewound to) is the `entry`, as in `log`; `step` is the one saved
    result["entry"] = result.pop("step")
    if rolled:
        result["rolled"] = {str(seq): faces for seq, faces in rolled.items()}
    if correction.needs:
        if args.dry_run:
            _print_json({**result, "saved": False})
        return _fail(_roll_needed(correction, service))
    if args.dry_run:
        _print_json({**result, "saved": False})
        return 0
    try:
        change = service.commit_correction(correction)
    except UserError as err:
        return _fail(_nothing_saved(str(err)))
    undo, redo = service.can_step()
    _print_json({**result, "saved": True, "step": change.entries[0].step,
                 "can_undo": undo, "can_redo": redo})
    return 0


def _nothing_saved(message: str) -> str:
    """A refusal as the command line says it: and that nothing was saved."""
    return message if "nothing was saved" in message.lower() else \
        f"{message.rstrip('.')}. Nothing was saved."


def _known_campaign(store, name: str) -> str:
    """`name`, when the store has a campaign of that name; else a UserError (exit 2)."""
    from .errors import UserError
    from .rules.core import quoted

    if not any(listed["name"] == name for listed in store.campaigns()):
        raise UserError(f"There is no campaign named {quoted(name)}.",
                        "`harmdesk campaign list` lists them.")
    return name


# rounds of asking before giving up: each round fills at least one roll a re-derived step
# asks for, and a step asks at most two, so a log the rules accept never comes near it
MAX_ROLL_ROUNDS = 1_000


def _preview(service, args):
    """The correction asked for, each roll it needs filled from `--rolls`, or with `--roll`
    rolled by HarmDesk: (the preview, {seq: {field: value}} rolled). Only the rolls asked
    for are filled, so `--rolls` never changes anything else of an entry; faces the rules
    refuse, or given for no roll asked, are a UserError."""
    from .errors import UserError

    given: dict[int, dict] = args.rolls_value
    rolls: dict[int, dict] = {}
    rolled: dict[int, dict] = {}
    for _ in range(MAX_ROLL_ROUNDS):
        correction = service.correction(args.command, args.step_value,
                                        getattr(args, "action_value", None), rolls or None)
        if not _fill_needs(correction, given, rolls, rolled, args.roll):
            break
    else:
        raise UserError("The correction keeps asking for rolls; nothing was saved.")
    unasked = [f"`{key}` for #{seq}" for seq, faces in given.items() for key in faces
               if key not in rolls.get(seq, {})]
    if unasked and not correction.needs:
        raise UserError(f"--rolls gives {', '.join(unasked[:10])}, but no re-derived entry "
                        "asks for that roll; nothing was saved.")
    return correction, rolled


def _fill_needs(correction, given: dict, rolls: dict, rolled: dict, rolling: bool) -> bool:
    """Fill the rolls `correction` still needs into `rolls`: the faces `given`, else (when
    `rolling`) HarmDesk's, noted in `rolled`. Whether any was filled."""
    from .desk.rolling import roll
    from .errors import UserError

    filled = False
    for seq, need in correction.needs:
        if need.key in rolls.get(seq, {}):  # taken once and asked again: never rerolled
            raise UserError(f"#{seq} asks again for `{need.key}`; nothing was saved.")
        if need.key in given.get(seq, {}):
            value = given[seq][need.key]
        elif rolling:
            value = rolled.setdefault(seq, {})[need.key] = roll(need)
        else:
            continue
        rolls.setdefault(seq, {})[need.key] = value
        filled = True
    return filled


def _roll_needed(correction, service) -> str:
    """The rolls a re-derived step now needs, and how to give them; nothing is rerolled
    without the GM's word."""
    names = {cid: char.get("name") or cid
             for cid, char in service.state["characters"].items()}
    asked = "; ".join(
        f"#{seq} now needs a roll that never happened: {need.dice} for "
        f"{_whose(need, names)}{need.why or need.key} (`{need.key}`)"
        for seq, need in correction.needs)
    example = json.dumps({str(seq): {need.key: _example_value(need)}
                          for seq, need in correction.needs[:1]})
    return (f"{asked}. Nothing was saved. Give the faces with --rolls '{example}', or let "
            "HarmDesk roll them with --roll.")


def _whose(need, names: dict) -> str:
    return f"{names.get(need.target, need.target)}'s " if need.target else ""


def _example_value(need):
    """A value of the shape `need` takes, to show the GM how to write it (the faces of
    `rolls`, else their total)."""
    from .desk.rolling import dice_sides, roll_value
    from .errors import UserError

    try:
        return roll_value(need, [(size + 1) // 2 for size in dice_sides(need.dice)])
    except UserError:
        return 1


def _read_rolls(args) -> int | None:
    """--rolls, read before the data folder is opened, as ACTION_JSON is: `{"47":
    {"trauma_roll": 12}}`, the faces of the rolls a re-derived step now needs."""
    from .rules.core import quoted
    from .untrusted import UntrustedError, parse_json

    args.rolls_value = {}
    if args.rolls is None:
        return None
    try:
        given = parse_json(args.rolls, "--rolls")
    except UntrustedError as err:
        return _fail(str(err))
    shape = ("--rolls takes an object of step numbers, each with the faces of its rolls, "
             """such as '{"47": {"trauma_roll": 12}}'""")
    if not isinstance(given, dict) or not given:
        return _fail(shape)
    for key, faces in given.items():
        number = STEP_NUMBER.fullmatch(key)
        if number is None or not isinstance(faces, dict) or not faces:
            return _fail(f"{shape}; not {quoted(key)}: {quoted(faces)}.")
        args.rolls_value[int(number.group(1))] = faces
    return None


def cmd_summary(args, store) -> int:
    """The session summary PDF; Qt is loaded only here (offscreen when there is no display)."""
    import os

    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from .errors import UserError
    from .files import writable_target
    from .report.summary import SummaryRequest, written_summary

    try:
        writable_target(args.output)  # before the work: a pipe or a folder is refused now
    except OSError as err:
        return _fail(f"Cannot write {args.output}: {err.strerror or err}.", 1)
    app = QGuiApplication.instance() or QGuiApplication(["harmdesk"])  # noqa: F841 (fonts)
    try:
        numbers = None if args.session is None else \
            _session_numbers(args.session, store, args.campaign)
    except UserError as err:
        return _fail(str(err), 1)
    request = SummaryRequest(store, args.campaign, tuple(numbers) if numbers else None, args.all)
    pages, events = written_summary(request, args.output)
    _print_json({"pdf": os.path.abspath(args.output), "pages": pages, "events": events})
    return 0


# a step's number as the log shows it: 42 or #42 (a longer one is no step of any log)
STEP_NUMBER = re.compile(r"#?([0-9]{1,18})")

# `--session N` or `A-B`; a number of more digits than this is no session of any campaign
SESSIONS = re.compile(r"\s*([0-9]{1,18})\s*(?:[-\u2013]\s*([0-9]{1,18})\s*)?")


def _session_numbers(text: str, store, campaign: str) -> list[int]:
    """The session numbers `--session` asks for. A range is cut just past the campaign's
    last session, so `1-1000000000000` costs what the sessions there are cost, and the
    summary still names the first number missing."""
    from .errors import UserError
    from .rules.core import quoted

    given = SESSIONS.fullmatch(text)
    first = int(given.group(1)) if given else None
    last = int(given.group(2) or first) if given else None
    if first is None or first > last:
        raise UserError(f"--session takes a number or a range such as 2-4, not "
                          f"{quoted(text)}")
    sessions = store.play_sessions(store.campaign(campaign).id)
    end = min(last, max((s["number"] for s in sessions), default=0) + 1)
    return list(range(first, end + 1)) if first <= end else [first]


def cmd_backups(args) -> int:
    """List the backups, or restore one; the data file is read only to list, and a
    restore takes the writer lock itself (the store is never opened: a damaged file is
    what a restore is for)."""
    from .desk.folder import backups_of, restore_backup
    from .errors import StoreError, UserError

    try:
        if args.action == "list":
            _print_json(backups_of(args.data_dir))
            return 0
        if not args.file:
            return _fail("backups restore needs a FILE: a name from `harmdesk backups list`, "
                         "or a path")
        _print_json(restore_backup(args.data_dir, args.file))
        return 0
    except UserError as err:
        return _fail(str(err), 2)
    except StoreError as err:
        return _fail(str(err), 1)


def build_parser() -> argparse.ArgumentParser:
    from .rules.engine import system_names

    parser = argparse.ArgumentParser(
        prog="harmdesk",
        description="Harm and healing bookkeeping for Stonetop, Lux Aeterna and Freedom Fantasies.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    replay = sub.add_parser("replay",
                            help="apply a scenario's actions and print every result as JSON, "
                                 "as it is made")
    replay.add_argument("file", metavar="FILE.json")
    replay.add_argument("--check", action="store_true",
                        help="compare each action's `expect` (and `expect_events`, "
                             "`expect_refused`, `expect_encounter`) with the result; exit 1 on "
                             "a mismatch")
    replay.add_argument("--states", action="store_true",
                        help="print every character after each action (default: only the "
                             "characters the action changed)")
    replay.set_defaults(func=cmd_replay)

    parser.add_argument("--smoke", action="store_true",
                        help="open the window on the demo in a temporary folder, apply and undo "
                             "one action, write a summary PDF, and exit 0")
    parser.add_argument("--data-dir", metavar="DIR",
                        help="folder of harmdesk.sqlite (default: HARMDESK_DATA_DIR or the "
                             "platform's user data folder)")
    camp = sub.add_parser("campaign", help="list, create, export or import campaigns")
    camp.add_argument("action", choices=("list", "new", "export", "import"))
    camp.add_argument("name", nargs="?", metavar="NAME|FILE")
    camp.add_argument("--system", choices=system_names())
    camp.add_argument("--as", dest="as_name", metavar="NAME",
                      help="for import: the name of the imported campaign (default: the "
                           "file's own)")
    camp.set_defaults(func=_store_command, store_func=cmd_campaign)
    apply = sub.add_parser("apply", help="apply one action (JSON) to a campaign and save it")
    apply.add_argument("campaign")
    apply.add_argument("action_json", metavar="ACTION_JSON")
    apply.set_defaults(func=_store_command, store_func=cmd_apply)
    for name, text in (("undo", "undo the last applied step (all its actions)"),
                       ("redo", "redo the last undone step"),
                       ("state", "print a campaign's desk")):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("campaign")
        cmd.set_defaults(func=_store_command, store_func=cmd_history)
    log = sub.add_parser("log", help="list a campaign's newest log rows, newest last, with "
                         "the step numbers revert, edit and rewind take")
    log.add_argument("campaign")
    log.add_argument("--limit", metavar="N", default=str(DEFAULT_LIMIT),
                     help=f"how many rows (default {DEFAULT_LIMIT}, at most {MAX_LIMIT:,})")
    log.set_defaults(func=_store_command, store_func=cmd_log)
    _correction_parsers(sub)
    summary = sub.add_parser("summary", help="write a play session's summary as a PDF "
                             "(default: the latest session)")
    summary.add_argument("campaign")
    which = summary.add_mutually_exclusive_group()
    which.add_argument("--session", metavar="N", help="session number, or a range such as 2-4")
    which.add_argument("--all", action="store_true",
                       help="the whole log, actions outside play sessions included")
    summary.add_argument("-o", "--output", metavar="FILE.pdf", required=True)
    summary.set_defaults(func=_store_command, store_func=cmd_summary)
    backups = sub.add_parser("backups", help="list the backups, or restore one (the file "
                             "it replaces is backed up first)")
    backups.add_argument("action", choices=("list", "restore"))
    backups.add_argument("file", nargs="?", metavar="FILE",
                         help="for restore: a backup's name in backups/, or a path")
    backups.set_defaults(func=cmd_backups)
    from . import cli_library, cli_recap
    cli_library.add_parser(sub, system_names())
    cli_recap.add_parser(sub)
    return parser


DEFAULT_LIMIT, MAX_LIMIT = 50, 10_000  # `log --limit`


def _correction_parsers(sub) -> None:
    """`revert`, `edit` and `rewind`: a preview, saved as one step unless --dry-run."""
    for name, text, step_help in (
            ("revert", "revert a step of the log and re-derive what followed",
             "the step's number, as `harmdesk log` shows it"),
            ("edit", "change what a log row was (ACTION_JSON) and re-derive what followed",
             "the row's number, as `harmdesk log` shows it"),
            ("rewind", "strike every step after STEP (0: the start), as one step",
             "the number of the last step to keep (0: the start)")):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("campaign")
        cmd.add_argument("step", metavar="STEP", help=step_help)
        if name == "edit":
            cmd.add_argument("action_json", metavar="ACTION_JSON",
                             help="the action the row should have been")
        cmd.add_argument("--dry-run", action="store_true",
                         help="print the preview and save nothing")
        cmd.add_argument("--rolls", metavar="JSON",
                         help="faces for rolls a re-derived step now needs, by step: "
                              """'{"47": {"trauma_roll": 12}}'""")
        cmd.add_argument("--roll", action="store_true",
                         help="let HarmDesk roll the rolls a re-derived step now needs "
                              "(the faces are printed and logged)")
        cmd.set_defaults(func=_store_command, store_func=cmd_correction)


def _check_arguments(parser: argparse.ArgumentParser, args) -> None:
    """What argparse cannot see: names and paths that cannot be right, refused (exit 2)
    before anything is opened."""
    from .rules.core import quoted
    from .untrusted import LONE_SURROGATE

    if args.data_dir == "":  # an empty --data-dir is no folder, not the default one
        parser.error("--data-dir needs a folder name; leave the option out for the usual "
                     "data folder.")
    if getattr(args, "output", None) == "":
        parser.error("-o needs a file name, such as summary.pdf.")
    names = [getattr(args, "campaign", None), getattr(args, "as_name", None)]
    if getattr(args, "action", None) != "import":  # there NAME is a file's path
        names.append(getattr(args, "name", None))
    if getattr(args, "as_name", None) is not None:
        if args.action != "import":
            parser.error("--as goes with campaign import: the name to import a campaign under.")
        if not args.as_name.strip():
            parser.error("--as needs a campaign name, such as --as 'Stonetop demo (2)'.")
    if getattr(args, "step", None) is not None:
        number = STEP_NUMBER.fullmatch(args.step.strip())
        if number is None:
            parser.error(f"STEP is a step's number as `harmdesk log` shows it, such as 42 or "
                         f"#42; not {quoted(args.step)}.")
        args.step_value = int(number.group(1))
    if getattr(args, "limit", None) is not None:
        typed = args.limit
        limit = re.fullmatch(r"\s*([0-9]{1,6})\s*", typed)
        args.limit = int(limit.group(1)) if limit else 0
        if not 1 <= args.limit <= MAX_LIMIT:
            parser.error(f"--limit takes a number of rows from 1 to {MAX_LIMIT:,}, not "
                         f"{quoted(typed)}.")
    names = [given for given in names if isinstance(given, str)]
    if names:  # a store command: `replay` loads no SQL
        from .desk.campaign import MAX_NAME
    for given in names:
        if LONE_SURROGATE.search(given):
            # bytes that are not UTF-8 on the command line
            parser.error(f"the campaign name {quoted(given.encode('utf-8', 'replace').decode())} "
                         "is not UTF-8 text; type the name again.")
        if len(given) > MAX_NAME:
            parser.error(f"the campaign name {quoted(given)} is {len(given):,} characters "
                         f"long; a campaign's name has at most {MAX_NAME}.")


def main(argv: list[str] | None = None) -> int:
    if hasattr(sys.stdout, "reconfigure"):
        # a character that cannot be written is escaped, never a crash after the work is done
        sys.stdout.reconfigure(encoding="utf-8", errors="backslashreplace")
        sys.stderr.reconfigure(encoding="utf-8", errors="backslashreplace")
    parser = build_parser()
    args = parser.parse_args(argv)
    _check_arguments(parser, args)
    from .desk.folder import data_dir
    # once, now: a relative folder (or HARMDESK_DATA_DIR) means the one the GM started in
    args.data_dir = data_dir(args.data_dir)
    if args.smoke:
        from .smoke import run_smoke
        return run_smoke()
    if not getattr(args, "func", None):
        from .app import run_gui  # no command: open the window
        return run_gui(args.data_dir)
    if getattr(args, "action", None) in ("new", "export", "import") and not args.name:
        needs = "FILE" if args.action == "import" else "NAME"
        parser.error(f"campaign {args.action} needs a {needs}")
    if args.command in ("apply", "edit") and (status := _read_action(args)) is not None:
        return status
    if args.command in ("revert", "edit", "rewind") and (status := _read_rolls(args)) is not None:
        return status
    return args.func(args)
