"""`harmdesk recap`: who hurt whom over a play session, an encounter or the whole
campaign, for the GM or for the players, as Markdown, HTML or JSON."""

from __future__ import annotations

import os

from .cli import _fail, _known_campaign, _print_json, _session_numbers, _store_command

FORMATS = ("md", "html", "json")


def add_parser(sub) -> None:
    recap = sub.add_parser("recap", help="write who hurt whom (damage dealt and taken by "
                           "source, healing, downs) as Markdown, HTML or JSON (default: the latest "
                           "session)")
    recap.add_argument("campaign")
    which = recap.add_mutually_exclusive_group()
    which.add_argument("--session", metavar="N", help="session number, or a range such as 2-4")
    which.add_argument("--encounter", metavar="N", help="the campaign's Nth encounter")
    which.add_argument("--all", action="store_true", help="the whole campaign")
    recap.add_argument("--players", action="store_true",
                       help="the players' recap: what the players' display showed, and no "
                            "more (no hidden character, no number of one shown in words)")
    recap.add_argument("--format", choices=FORMATS, required=True)
    recap.add_argument("-o", "--output", metavar="FILE", required=True)
    recap.set_defaults(func=_store_command, store_func=cmd_recap)


def cmd_recap(args, store) -> int:
    from .errors import UserError
    from .files import writable_target, write_atomically
    from .report.data import ReportError
    from .report.recap import recap_in
    from .report.recap_source import recap_statistics
    from .report.stats import GM, PLAYERS

    try:
        writable_target(args.output)  # before the work: a pipe or a folder is refused now
    except OSError as err:
        return _fail(f"Cannot write {args.output}: {err.strerror or err}.", 1)
    try:
        campaign = _known_campaign(store, args.campaign)
        numbers = None if args.session is None else \
            _session_numbers(args.session, store, campaign)
        encounter = None if args.encounter is None else _number(args.encounter)
        stats, scope = recap_statistics(store, campaign, numbers, encounter, args.all,
                                        PLAYERS if args.players else GM)
    except (UserError, ReportError) as err:
        return _fail(str(err))
    text = recap_in(args.format, stats, campaign, scope)
    try:
        written = write_atomically(args.output, text.encode("utf-8"))
    except OSError as err:
        return _fail(f"Cannot write {args.output}: {err.strerror or err}. Nothing was "
                     "written.", 1)
    _print_json({"file": os.path.abspath(written), "format": args.format,
                 "audience": stats.audience, "scope": scope.title, "empty": stats.empty})
    return 0


def _number(text: str) -> int:
    from .errors import UserError
    from .rules.core import quoted

    digits = text.strip().lstrip("#")
    if not digits.isdigit() or len(digits) > 9 or int(digits) < 1:
        raise UserError(f"--encounter takes an encounter's number, such as 2; not "
                        f"{quoted(text)}.")
    return int(digits)
