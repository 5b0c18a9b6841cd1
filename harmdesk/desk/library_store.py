"""The creature library as the store keeps it: each game's templates (shared by its
campaigns, or one campaign's own), its starters written in once, and templates saved,
imported and exported. The window reaches this through the `Service` of its campaign;
the command line, which may name no campaign, calls it directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UserError
from ..rules.core import Refused
from .library import (
    Template,
    game_title,
    library_json,
    merge,
    probe,
    read_library_data,
    read_template,
    starters,
)

if TYPE_CHECKING:
    from ..store.store import Store
    from ..store.templates import StoredTemplate


@dataclass(frozen=True)
class Scope:
    """Whose templates: a game's shared ones, and with a campaign that campaign's too."""

    system: str
    campaign_id: int | None = None
    campaign: str | None = None  # its name, for the templates it keeps


def templates(store: Store, scope: Scope, seed: bool = True) -> list[Template]:
    """`scope`'s templates by name. The seeds' dangers are written in the first time a
    game's library is read from a writable store (unless not to `seed`), so the GM may
    edit or delete them like any other (and one deleted stays deleted); until then they
    are listed unsaved, without an id."""
    unsaved: list[Template] = []
    if not store.seeded(scope.system):
        if seed and not store.read_only:
            store.seed_templates(scope.system,
                                 [(t.name, t.data()) for t in starters(scope.system)])
        else:
            unsaved = starters(scope.system)
    saved = [_template(row, scope) for row in store.templates(scope.system, scope.campaign_id)]
    return sorted(saved + unsaved, key=lambda t: (t.name.casefold(), t.name, t.id or 0))


def template(store: Store, scope: Scope, tid: int) -> Template | None:
    """Template `tid`, when it is one of `scope`'s."""
    row = store.template(tid)
    if row is None or row.system != scope.system or \
            row.campaign_id not in (None, scope.campaign_id):
        return None
    return _template(row, scope)


def _template(row: StoredTemplate, scope: Scope) -> Template:
    found = read_template(row.system, row.data, f"template {row.id}")
    return replace(found, id=row.id,
                   campaign=None if row.campaign_id is None else scope.campaign)


def save(store: Store, scope: Scope, template: Template) -> Template:
    """Save a new template (id None) or replace one; UserError when it is not of the
    scope's game, or its HP could leave a copy with none. Tiles already on a desk keep
    what they were given."""
    if template.system != scope.system:
        raise UserError(f"{template.name} is a {game_title(template.system)} template; "
                        f"this campaign plays {game_title(scope.system)}.")
    try:
        probe(template)
    except Refused as err:
        raise UserError(f"{template.name}: {err.reason}.") from None
    campaign_id = None if template.campaign is None else scope.campaign_id
    tid = store.save_template(template.system, template.name, template.data(),
                              campaign_id, template.id)
    return replace(template, id=tid)


def read_file(store: Store, path: str | Path) -> list[Template]:
    """The templates of a library file from outside, with every limit a file from outside
    has; never the data file itself."""
    from ..store.copies import with_sides
    from .replay import ScenarioError, read_json
    try:
        data = read_json(path, with_sides(store.path))
    except ScenarioError as err:
        raise UserError(f"Cannot import: {err}") from None
    return read_library_data(data, str(path))


def import_templates(store: Store, incoming: list[Template],
                     choose: Callable[[Template, Template], str],
                     only: Scope | None = None) -> list[str]:
    """`incoming` into its games' shared libraries, or with `only` into that scope (a
    template of another game refused, naming both): a name the library holds already is
    `choose(existing, incoming)`'s to settle ("both", "replace" or "skip"). All or
    nothing; the lines say what became of each."""
    if only is not None:
        other = [t for t in incoming if t.system != only.system]
        if other:
            raise UserError(f"Cannot import: {other[0].name} is a "
                            f"{game_title(other[0].system)} template; this campaign plays "
                            f"{game_title(only.system)}.", "Nothing was saved.")
    lines: list[str] = []
    with store.together():
        for system in dict.fromkeys(t.system for t in incoming):
            scope = only or Scope(system)
            done = merge(templates(store, scope), [t for t in incoming if t.system == system],
                         choose)
            for found in done.save:
                save(store, scope, found)
            lines += done.lines
    return lines


def export(store: Store, path: str, scopes: Iterable[Scope],
           ids: Iterable[int] | None = None) -> tuple[str, int]:
    """Write the templates of `scopes` (those of `ids` among them) to a library file:
    (the path written, how many)."""
    from .service import write_json
    chosen = set(ids) if ids is not None else None
    found = [t for scope in scopes for t in templates(store, scope)
             if chosen is None or t.id in chosen]
    return write_json(path, library_json(found)), len(found)
