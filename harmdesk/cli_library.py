"""`harmdesk library`: the creature library from the command line. `list`, `export` and
`import` work on each game's library (shared by its campaigns, and with --campaign that
campaign's own templates too); `add` adds N numbered copies of a template to a campaign's
desk as one undoable step, as the window's add dialog does.
"""

from __future__ import annotations

import re
import sys

from .cli import _desk, _fail, _known_campaign, _print_json, _store_command

ACTIONS = ("list", "export", "import", "add")


def add_parser(sub, system_names: tuple[str, ...]) -> None:
    from .desk.library_words import CLASH_CHOICES, COUNT_RANGE, NUMBERINGS

    library = sub.add_parser("library", help="list, export or import the creature library, or "
                             "add numbered copies of a template to a campaign's desk")
    actions = library.add_subparsers(dest="library_action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="print the templates as JSON")
    export = actions.add_parser("export", help="write the templates to a library file (JSON)")
    export.add_argument("file", metavar="FILE")
    imported = actions.add_parser("import", help="read templates from a library file into "
                                  "their games' shared libraries (or --campaign's)")
    imported.add_argument("file", metavar="FILE")
    imported.add_argument("--on-clash", choices=CLASH_CHOICES,
                          help="when a template's name is in the library already: keep both "
                               "(the new one numbered), replace the old one, or skip the new "
                               "one (without it, such a file is refused)")
    for cmd in (listing, export, imported):
        cmd.add_argument("--campaign", metavar="NAME",
                         help="that campaign's library: its game's shared templates and its "
                              "own" + ("" if cmd is not imported else "; the file must be of "
                                       "its game"))
        if cmd is not imported:
            cmd.add_argument("--system", choices=system_names, help="only this game's")
        cmd.set_defaults(func=_store_command, store_func=cmd_library)
    low, high = COUNT_RANGE
    add = actions.add_parser("add", help="add numbered copies of a template to a campaign's "
                             "desk, as one undoable step")
    add.add_argument("campaign")
    add.add_argument("template", metavar="TEMPLATE",
                     help="the template's name (as `library list` shows it) or #id")
    add.add_argument("--count", metavar="N",
                     help=f"how many copies, {low} to {high} (default: the template's count)")
    add.add_argument("--hp", default="average", metavar="fixed|roll|average|N",
                     help="each copy's HP from dice HP: rolled for each copy (the faces are "
                          "printed and logged), the dice's average (the default), or N for "
                          "every copy")
    add.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                     help="what the template leaves to fill in, such as hp=2d6 or armor=1")
    add.add_argument("--numbering", choices=NUMBERINGS, default="lowest",
                     help="fill the lowest free numbers (the default), or count up past the "
                          "highest")
    shown = add.add_mutually_exclusive_group()
    shown.add_argument("--shown", action="store_true",
                       help="show the copies to the players (monsters are added hidden)")
    shown.add_argument("--hidden", action="store_true",
                       help="hide the copies from the players (the default for monsters)")
    add.add_argument("--allow-zero", action="store_true",
                     help="yes, add copies whose HP comes to 0 or less")
    add.add_argument("--dry-run", action="store_true",
                     help="print what would be added and save nothing")
    add.set_defaults(func=_store_command, store_func=cmd_library)


def cmd_library(args, store) -> int:
    from .errors import UserError

    try:
        if args.library_action == "add":
            return _add(args, store)
        scopes = _scopes(args, store)
        if args.library_action == "list":
            return _list(store, scopes)
        if args.library_action == "export":
            return _export(args, store, scopes)
        return _import(args, store, scopes)
    except UserError as err:
        return _fail(str(err))


def _scopes(args, store):
    """The libraries a command reads: --campaign's, else every game's (or --system's)
    shared one and each campaign's own."""
    from .desk.library import game_title
    from .desk.library_store import Scope
    from .errors import UserError
    from .rules.engine import system_names

    if args.campaign is not None:
        info = store.campaign(_known_campaign(store, args.campaign))
        if getattr(args, "system", None) not in (None, info.system):
            raise UserError(f"The campaign {args.campaign!r} plays {game_title(info.system)}, "
                            f"not {game_title(args.system)}.")
        return [Scope(info.system, info.id, info.name)]
    systems = [args.system] if getattr(args, "system", None) else list(system_names())
    scopes = [Scope(system) for system in systems]
    if args.library_action == "import":
        return scopes
    for listed in store.campaigns():
        if listed["system"] in systems:
            info = store.campaign(listed["name"])
            scopes.append(Scope(info.system, info.id, info.name))
    return scopes


def _found(store, scopes):
    """Each template of `scopes` once (the shared ones are in every campaign's scope)."""
    from .desk.library_store import templates

    seen: set[int | None] = set()
    for scope in scopes:
        for template in templates(store, scope):
            if template.id is None or template.id not in seen:
                seen.add(template.id)
                yield template


def _row(template) -> dict:
    from .desk.library import describe
    return {"id": template.id, "system": template.system, "campaign": template.campaign,
            **template.data(), "missing": template.missing_keys(),
            "reads": describe(template)}


def _list(store, scopes) -> int:
    _print_json({"templates": [_row(t) for t in _found(store, scopes)]})
    return 0


def _export(args, store, scopes) -> int:
    from .desk.library import library_json
    from .desk.service import write_json
    found = list(_found(store, scopes))
    written = write_json(args.file, library_json(found))
    _print_json({"file": written, "templates": len(found)})
    return 0


def _import(args, store, scopes) -> int:
    from .desk.library_store import import_templates, read_file
    from .errors import UserError

    incoming = read_file(store, args.file)

    def choose(old, new) -> str:
        if args.on_clash is None:
            raise UserError(f"Cannot import: the library holds {old.name} already; say "
                            "--on-clash both, replace or skip.", "Nothing was saved.")
        return str(args.on_clash)

    only = scopes[0] if args.campaign is not None else None
    lines = import_templates(store, incoming, choose, only)
    _print_json({"file": args.file, "imported": lines})
    return 0


def _add(args, store) -> int:
    from .desk.campaign import Campaign
    from .desk.library import CopiesRequest
    from .desk.service import Service
    from .errors import UserError

    service = Service.on(Campaign(store, _known_campaign(store, args.campaign)))
    template = _template(service, args.template)
    hp, fixed = _hp_mode(args.hp)
    request = CopiesRequest(
        template, _count(args.count, template.count), hp, fixed, args.numbering,
        hidden=not args.shown and (args.hidden or template.kind == "monster"),
        allow_zero=args.allow_zero, extra=_extra(args.set, template))
    copies = service.plan_copies(request)
    for warning in copies.warnings:
        print(f"harmdesk: {warning}", file=sys.stderr)
    if copies.problem:
        problem = copies.problem
        if copies.zero_asked and not args.allow_zero:
            problem = problem.replace("Say yes to adding", "Add --allow-zero to add")
        raise UserError(problem, "Nothing was saved.")
    added = [{"id": action["character"]["id"], "name": name, "hp": hp, "faces": faces}
             for action, name, hp, faces in zip(copies.actions, copies.names, copies.hp,
                                                copies.faces, strict=True)]
    if args.dry_run:
        _print_json({"text": copies.text, "added": added, "saved": False})
        return 0
    change = service.add_copies(copies)
    result = {"text": copies.text, "added": added, "saved": True,
              "step": change.entries[0].step}
    result.update(_desk(service.campaign))
    _print_json(result)
    return 0


def _template(service, given: str):
    """The template named `given` (letter case aside) or numbered #id in the campaign's
    library; a UserError that says what there is otherwise."""
    from .desk.library import game_title, starters
    from .desk.library_store import Scope, templates
    from .errors import UserError
    from .rules.core import quoted
    from .rules.engine import system_names

    library = service.library()
    number = re.fullmatch(r"\s*#?([0-9]{1,9})\s*", given)
    by_id = [t for t in library if number and t.id == int(number.group(1))]
    named = by_id or [t for t in library if t.name.casefold() == given.strip().casefold()]
    if len(named) == 1:
        return named[0]
    if named:
        raise UserError(f"{len(named)} templates are named {quoted(given)} "
                        f"({', '.join(f'#{t.id}' for t in named)}); name one by its number.")
    for system in system_names():  # named in another game's library: say which
        if system == service.system:
            continue
        other = [t for t in [*templates(service.store, Scope(system), seed=False),
                             *starters(system)]
                 if t.name.casefold() == given.strip().casefold()]
        if other:
            raise UserError(f"{other[0].name} is a {game_title(system)} template; the "
                            f"campaign {service.name!r} plays {game_title(service.system)}.")
    raise UserError(f"There is no template named {quoted(given)} in the "
                    f"{game_title(service.system)} library.",
                    f"`harmdesk library list --campaign {service.name!r}` lists them.")


def _count(given: str | None, default: int) -> int:
    from .desk.library_words import COUNT_RANGE
    from .errors import UserError
    from .rules.core import quoted

    if given is None:
        return default
    low, high = COUNT_RANGE
    number = re.fullmatch(r"\s*([0-9]{1,6})\s*", given)
    if number is None or not low <= int(number.group(1)) <= high:
        raise UserError(f"--count takes a number of copies from {low} to {high}, not "
                        f"{quoted(given)}.")
    return int(number.group(1))


def _hp_mode(given: str) -> tuple[str, int | None]:
    """(the HP mode, the fixed HP) from --hp."""
    from .desk.library_words import HP_MODES
    from .errors import UserError
    from .rules.core import quoted

    if given in HP_MODES:
        return given, None
    number = re.fullmatch(r"\s*(-?[0-9]{1,6})\s*", given)
    if number is None:
        raise UserError(f"--hp is fixed, roll, average or a number of HP, not {quoted(given)}.")
    return "fixed", int(number.group(1))


def _extra(given: list[str], template) -> dict:
    """--set FIELD=VALUE, for the fields `template` leaves to fill in."""
    from .errors import UserError
    from .rules.core import quoted

    asked = template.missing_keys()
    extra: dict = {}
    for item in given:
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        if not sep or not value.strip():
            raise UserError(f"--set takes FIELD=VALUE, such as hp=2d6; not {quoted(item)}.")
        if key not in asked:
            left = _and(f"{label} ({key})" for key, label in
                        zip(asked, template.missing(), strict=True)) or "nothing"
            raise UserError(f"{template.name} leaves {left} to fill in; not {quoted(key)}.")
        if key == "hp":
            extra[key] = value.strip()
        else:
            number = re.fullmatch(r"\s*(-?[0-9]{1,6})\s*", value)
            if number is None:
                raise UserError(f"{key} is a whole number, not {quoted(value)}.")
            extra[key] = int(number.group(1))
    left = [(key, label) for key, label in zip(asked, template.missing(), strict=True)
            if key not in extra]
    if left:
        raise UserError(f"{template.name} leaves {_and(label for _, label in left)} to fill "
                        f"in: give {' '.join(f'--set {key}=…' for key, _ in left)}.",
                        "Nothing was saved.")
    return extra


def _and(items) -> str:
    """'a, b and c'."""
    listed = list(items)
    return " and ".join(filter(None, (", ".join(listed[:-1]), listed[-1]))) if listed else ""
