"""The creature library's rows: templates, shared by every campaign of a game or kept by
one campaign, and the games whose starter templates were written once.

Each is a statement on a connection the store hands in (as `steps` writes on one). A
template's `data` is its JSON object as given; the store reads nothing in it.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from ..errors import StoreError

COLUMNS = "id, system, campaign_id, name, data"


@dataclass(frozen=True)
class StoredTemplate:
    """A template as saved: `campaign_id` None is shared by every campaign of `system`."""

    id: int
    system: str
    campaign_id: int | None
    name: str
    data: dict[str, Any]


def _stored(row: tuple[Any, ...]) -> StoredTemplate:
    tid, system, campaign_id, name, data = row
    return StoredTemplate(tid, system, campaign_id, name, json.loads(data))


def _data_text(data: dict[str, Any]) -> str:
    """`data` as the JSON column holds it; a template is a JSON object, nothing else."""
    if not isinstance(data, dict):
        raise StoreError(f"A template's data is a JSON object, not {type(data).__name__}.")
    return json.dumps(data)


def listed(con: sqlite3.Connection, system: str,
           campaign_id: int | None) -> list[StoredTemplate]:
    """`system`'s shared templates and, with `campaign_id`, that campaign's, by name
    (letter case aside), then as they were saved."""
    if campaign_id is None:
        rows = con.execute(f"SELECT {COLUMNS} FROM template WHERE system = ? "
                           "AND campaign_id IS NULL", (system,)).fetchall()
    else:
        # both halves ride the (system, campaign_id) index
        rows = con.execute(f"SELECT {COLUMNS} FROM template WHERE system = ? "
                           "AND (campaign_id IS NULL OR campaign_id = ?)",
                           (system, campaign_id)).fetchall()
    found = [_stored(r) for r in rows]
    return sorted(found, key=lambda t: (t.name.casefold(), t.name, t.id))


def one(con: sqlite3.Connection, tid: int) -> StoredTemplate | None:
    row = con.execute(f"SELECT {COLUMNS} FROM template WHERE id = ?", (tid,)).fetchone()
    return None if row is None else _stored(row)


def _check_campaign(con: sqlite3.Connection, system: str, campaign_id: int | None) -> None:
    """A campaign's template is of that campaign's game."""
    if campaign_id is None:
        return
    row = con.execute("SELECT name, system FROM campaign WHERE id = ?",
                      (campaign_id,)).fetchone()
    if row is None:
        raise StoreError(f"There is no campaign #{campaign_id} to keep the template.")
    if row[1] != system:
        raise StoreError(f"A {system} template cannot be kept by the campaign {row[0]!r}, "
                         f"which plays {row[1]}.")


def save(con: sqlite3.Connection, stamp: str, system: str, name: str, data: dict[str, Any],
         campaign_id: int | None, tid: int | None) -> int:
    """A new template (`tid` None), or template `tid` replaced (it keeps its id and when
    it was made); its id."""
    text = _data_text(data)
    _check_campaign(con, system, campaign_id)
    if tid is None:
        inserted = con.execute(
            "INSERT INTO template (system, campaign_id, name, data, made, changed) "
            "VALUES (?, ?, ?, ?, ?, ?)", (system, campaign_id, name, text, stamp, stamp))
        assert inserted.lastrowid is not None  # an INSERT's row always has one
        return inserted.lastrowid
    row = con.execute("SELECT system FROM template WHERE id = ?", (tid,)).fetchone()
    if row is None:
        raise StoreError(f"There is no template #{tid} in the library (deleted meanwhile?).")
    if row[0] != system:
        raise StoreError(f"Template #{tid} is a {row[0]} template, not a {system} one.")
    con.execute("UPDATE template SET campaign_id = ?, name = ?, data = ?, changed = ? "
                "WHERE id = ?", (campaign_id, name, text, stamp, tid))
    return tid


def delete(con: sqlite3.Connection, tid: int) -> None:
    """Template `tid` gone; one already gone is no error."""
    con.execute("DELETE FROM template WHERE id = ?", (tid,))


def seeded(con: sqlite3.Connection, system: str) -> bool:
    return con.execute("SELECT 1 FROM library_seed WHERE system = ?",
                       (system,)).fetchone() is not None


def seed(con: sqlite3.Connection, stamp: str, system: str,
         rows: list[tuple[str, dict[str, Any]]]) -> bool:
    """`rows` (name, data) as `system`'s shared templates, unless that game was seeded
    before; whether they were written."""
    texts = [(name, _data_text(data)) for name, data in rows]
    marked = con.execute("INSERT OR IGNORE INTO library_seed (system, seeded) VALUES (?, ?)",
                         (system, stamp))
    if marked.rowcount == 0:
        return False
    con.executemany("INSERT INTO template (system, campaign_id, name, data, made, changed) "
                    "VALUES (?, NULL, ?, ?, ?, ?)",
                    [(system, name, text, stamp, stamp) for name, text in texts])
    return True
