"""The user_version ladder: each step upgrades a connection's schema to the next version.

A step runs inside the migration's one transaction, so it never leaves half a schema.
The same steps upgrade the data file itself (a writer) and a reader's copy of an older
file in memory (`db.UpgradedCopy`). Only an upgrade loads SQLAlchemy; naming its
Connection here does not.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import paths

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection


def log_steps(conn: Connection) -> None:
    """Version 2: log rows belong to undo steps; each row logged before is a step of its own."""
    conn.exec_driver_sql("ALTER TABLE log ADD COLUMN step INTEGER NOT NULL DEFAULT 0")
    conn.exec_driver_sql("ALTER TABLE log ADD COLUMN step_text VARCHAR")
    conn.exec_driver_sql("UPDATE log SET step = seq")
    conn.exec_driver_sql("CREATE INDEX ix_log_campaign_step "
                         "ON log (campaign_id, undone, step, seq)")


def session_index(conn: Connection) -> None:
    """Version 3: a summary finds its play sessions' rows without reading the log before."""
    conn.exec_driver_sql("CREATE INDEX ix_log_session ON log (session_id, undone, seq)")


def corrections(conn: Connection) -> None:
    """Version 4: a correction strikes rows and re-derives others; checkpoints to rewind to."""
    for column in ("struck_by INTEGER", "revised JSON", "correction JSON"):
        conn.exec_driver_sql(f"ALTER TABLE log ADD COLUMN {column}")
    conn.exec_driver_sql("CREATE INDEX ix_log_struck ON log (campaign_id, struck_by)")
    conn.exec_driver_sql(
        "CREATE TABLE checkpoint (id INTEGER NOT NULL PRIMARY KEY, campaign_id INTEGER NOT NULL "
        "REFERENCES campaign (id) ON DELETE CASCADE, seq INTEGER NOT NULL, kind VARCHAR NOT NULL, "
        "label VARCHAR NOT NULL, made VARCHAR NOT NULL)")
    conn.exec_driver_sql("CREATE INDEX ix_checkpoint_campaign_id ON checkpoint (campaign_id)")


def library(conn: Connection) -> None:
    """Version 5: the creature library's templates (shared by a game's campaigns, or one
    campaign's), and the games whose starter templates were written once."""
    conn.exec_driver_sql(
        "CREATE TABLE template (id INTEGER NOT NULL PRIMARY KEY, system VARCHAR NOT NULL, "
        "campaign_id INTEGER REFERENCES campaign (id) ON DELETE CASCADE, name VARCHAR NOT NULL, "
        "data JSON NOT NULL, made VARCHAR NOT NULL, changed VARCHAR NOT NULL)")
    conn.exec_driver_sql("CREATE INDEX ix_template_system_campaign "
                         "ON template (system, campaign_id)")
    conn.exec_driver_sql("CREATE TABLE library_seed (system VARCHAR NOT NULL PRIMARY KEY, "
                         "seeded VARCHAR NOT NULL)")


def recap(conn: Connection) -> None:
    """Version 6: the "Story so far" a play session's recap opens with; an index of the
    rows that changed the settings, so an encounter is found without reading the log."""
    conn.exec_driver_sql("ALTER TABLE play_session ADD COLUMN story VARCHAR NOT NULL DEFAULT ''")
    conn.exec_driver_sql("CREATE INDEX ix_log_settings ON log (campaign_id, seq) "
                         "WHERE settings_after <> 'null'")

# user_version -> the step upgrading a schema from that version to the next
MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: log_steps, 2: session_index,
                                                        3: corrections, 4: library,
                                                        5: recap}


def climb(conn: Connection, version: int) -> None:
    """Every step from `version` to this HarmDesk's, then the new user_version, on `conn`
    inside its transaction."""
    for step in range(version, paths.SCHEMA_VERSION):
        MIGRATIONS[step](conn)
    conn.exec_driver_sql(f"PRAGMA user_version={paths.SCHEMA_VERSION}")
