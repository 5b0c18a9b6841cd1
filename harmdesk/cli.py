"""Headless commands. Every command prints JSON and exits non-zero with a clear message.

Imports stay inside the commands, so `harmdesk replay` never loads Qt or SQL.
"""

from __future__ import annotations

import argparse
import json
import sys


def _print_json(data) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def _fail(message: str, status: int = 2) -> int:
    sys.stderr.write(f"harmdesk: {message}\n")
    return status


def cmd_replay(args) -> int:
    from .replay import ScenarioError, read_scenario, run

    try:
        scenario = read_scenario(args.file)
    except ScenarioError as err:
        return _fail(str(err))
    replay = run(scenario, check=args.check)
    output = {"results": replay.results}
    if args.check:
        output["check"] = {"expectations": replay.expectations,
                           "mismatches": replay.mismatches}
    _print_json(output)
    if args.check:
        for line in replay.mismatches:
            sys.stderr.write(f"{args.file}: {line}\n")
        if replay.mismatches:
            return 1
    return 0


def _open_store(args):
    """The data folder's store (read-only if another HarmDesk writes to it), with the
    demo campaigns on first use."""
    from .demo import ensure_demo
    from .store import Store

    store = Store.open(args.data_dir)
    if not store.read_only:
        ensure_demo(store)
    return store


def _desk(campaign) -> dict:
    undo, redo = campaign.history()
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
    from .campaign import Campaign, import_campaign

    if args.action == "list":
        _print_json({"campaigns": store.campaigns()})
    elif args.action == "new":
        if not args.system:
            return _fail("campaign new needs --system (stonetop, lux_aeterna or "
                         "freedom_fantasies)")
        _print_json(_desk(Campaign.create(store, args.name, args.system)))
    elif args.action == "export":
        _print_json(Campaign(store, args.name).export())
    elif args.action == "import":
        _print_json(_desk(import_campaign(store, args.name)))
    return 0


def _read_action(text: str):
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise SystemExit(_fail(f"ACTION_JSON is not valid JSON ({err.msg}, column {err.colno})"))


def cmd_apply(args, store) -> int:
    from .campaign import Campaign

    action = _read_action(args.action_json)
    campaign = Campaign(store, args.campaign)
    change = campaign.apply(action)
    result = change.outcome.to_dict()
    result.update(_desk(campaign))
    _print_json(result)
    if not change.ok:
        sys.stderr.write(f"harmdesk: refused: {change.outcome.error}\n")
        return 1
    return 0


def cmd_history(args, store) -> int:
    from .campaign import Campaign

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


def cmd_summary(args, store) -> int:
    """The session summary PDF; Qt is loaded only here (offscreen when there is no display)."""
    import os

    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    from .report.data import ReportError
    from .report.pdf import write_pdf
    from .report.source import from_store, parse_sessions

    app = QGuiApplication.instance() or QGuiApplication(["harmdesk"])  # noqa: F841 (fonts)
    try:
        numbers = parse_sessions(args.session) if args.session else None
        report = from_store(store, args.campaign, numbers, args.all)
        pages = write_pdf(report, args.output)
    except ReportError as err:
        return _fail(str(err), 1)
    _print_json({"pdf": os.path.abspath(args.output), "pages": pages, "events": report.events})
    return 0


def cmd_backups(args) -> int:
    """List the backups, or restore one; the data file is read only to list, and a
    restore takes the writer lock itself (the store is never opened: a damaged file is
    what a restore is for)."""
    from .store import backups
    from .store.paths import DB_NAME

    path = args.data_dir / DB_NAME
    try:
        if args.action == "list":
            _print_json({"folder": str(backups.folder_of(path)),
                         "backups": backups.listing(path)})
            return 0
        if not args.file:
            return _fail("backups restore needs a FILE: a name from `harmdesk backups list`, "
                         "or a path")
        _print_json(backups.restore(path, backups.chosen(path, args.file)))
        return 0
    except backups.RestoreRefused as err:
        return _fail(str(err), 2)
    except backups.db.StoreError as err:
        return _fail(str(err), 1)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="harmdesk",
        description="Harm and healing bookkeeping for Stonetop, Lux Aeterna and Freedom Fantasies.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    replay = sub.add_parser("replay",
                            help="apply a scenario's actions and print every result as JSON")
    replay.add_argument("file", metavar="FILE.json")
    replay.add_argument("--check", action="store_true",
                        help="compare each action's `expect` with the result; exit 1 on a mismatch")
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
    camp.add_argument("--system", choices=("stonetop", "lux_aeterna", "freedom_fantasies"))
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
    return parser


def main(argv: list[str] | None = None) -> int:
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")
        sys.stderr.reconfigure(encoding="utf-8")
    parser = build_parser()
    args = parser.parse_args(argv)
    from .store.paths import data_dir
    # once, now: a relative folder (or HARMDESK_DATA_DIR) means the one the GM started in
    args.data_dir = data_dir(args.data_dir)
    if args.smoke:
        from .smoke import run_smoke
        return run_smoke()
    if not getattr(args, "func", None):
        from .app import run_gui  # no command: open the window
        return run_gui(args.data_dir)
    if getattr(args, "action", None) in ("new", "export", "import") and not args.name:
        parser.error(f"campaign {args.action} needs a {'FILE' if args.action == 'import' else 'NAME'}")
    return args.func(args)
