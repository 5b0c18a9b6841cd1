"""The schema as SQL: the statements that create a new `harmdesk.sqlite`.

`schema.py` defines the tables as SQLModel classes (the upgrades build on them); these
are the statements SQLAlchemy emits for them, so a new file is made through the DB-API
alone, without loading SQLAlchemy on the way to the first frame. `emitted()` reads the
statements from the metadata again, and tests/store/test_ddl.py keeps the two the same
(print `emitted()` to see what a change to `schema.py` needs here).
"""

from __future__ import annotations

import re

SCHEMA: tuple[str, ...] = (
    """CREATE TABLE campaign (
    id INTEGER NOT NULL,
    name VARCHAR NOT NULL,
    system VARCHAR NOT NULL,
    settings JSON NOT NULL,
    initial JSON NOT NULL,
    options JSON NOT NULL,
    created VARCHAR NOT NULL,
    opened VARCHAR NOT NULL,
    PRIMARY KEY (id),
    UNIQUE (name)
)""",
    """CREATE TABLE library_seed (
    system VARCHAR NOT NULL,
    seeded VARCHAR NOT NULL,
    PRIMARY KEY (system)
)""",
    """CREATE TABLE character (
    id INTEGER NOT NULL,
    campaign_id INTEGER NOT NULL,
    cid VARCHAR NOT NULL,
    sheet JSON NOT NULL,
    state JSON NOT NULL,
    position INTEGER NOT NULL,
    archived BOOLEAN NOT NULL,
    PRIMARY KEY (id),
    UNIQUE (campaign_id, cid),
    FOREIGN KEY(campaign_id) REFERENCES campaign (id) ON DELETE CASCADE
)""",
    'CREATE INDEX ix_character_campaign_id ON character (campaign_id)',
    """CREATE TABLE play_session (
    id INTEGER NOT NULL,
    campaign_id INTEGER NOT NULL,
    number INTEGER NOT NULL,
    started VARCHAR NOT NULL,
    ended VARCHAR,
    title VARCHAR NOT NULL,
    notes VARCHAR NOT NULL,
    story VARCHAR DEFAULT '' NOT NULL,
    PRIMARY KEY (id),
    UNIQUE (campaign_id, number),
    FOREIGN KEY(campaign_id) REFERENCES campaign (id) ON DELETE CASCADE
)""",
    'CREATE INDEX ix_play_session_campaign_id ON play_session (campaign_id)',
    """CREATE TABLE checkpoint (
    id INTEGER NOT NULL,
    campaign_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    kind VARCHAR NOT NULL,
    label VARCHAR NOT NULL,
    made VARCHAR NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY(campaign_id) REFERENCES campaign (id) ON DELETE CASCADE
)""",
    'CREATE INDEX ix_checkpoint_campaign_id ON checkpoint (campaign_id)',
    """CREATE TABLE template (
    id INTEGER NOT NULL,
    system VARCHAR NOT NULL,
    campaign_id INTEGER,
    name VARCHAR NOT NULL,
    data JSON NOT NULL,
    made VARCHAR NOT NULL,
    changed VARCHAR NOT NULL,
    PRIMARY KEY (id),
    FOREIGN KEY(campaign_id) REFERENCES campaign (id) ON DELETE CASCADE
)""",
    'CREATE INDEX ix_template_system_campaign ON template (system, campaign_id)',
    """CREATE TABLE log (
    id INTEGER NOT NULL,
    campaign_id INTEGER NOT NULL,
    session_id INTEGER,
    seq INTEGER NOT NULL,
    action JSON NOT NULL,
    events JSON NOT NULL,
    "before" JSON NOT NULL,
    "after" JSON NOT NULL,
    settings_before JSON,
    settings_after JSON,
    undone BOOLEAN NOT NULL,
    applied_at VARCHAR NOT NULL,
    step INTEGER NOT NULL,
    step_text VARCHAR,
    struck_by INTEGER,
    revised JSON,
    correction JSON,
    PRIMARY KEY (id),
    FOREIGN KEY(campaign_id) REFERENCES campaign (id) ON DELETE CASCADE,
    FOREIGN KEY(session_id) REFERENCES play_session (id) ON DELETE SET NULL
)""",
    'CREATE INDEX ix_log_campaign_step ON log (campaign_id, undone, step, seq)',
    "CREATE INDEX ix_log_settings ON log (campaign_id, seq) WHERE settings_after <> 'null'",
    'CREATE INDEX ix_log_session ON log (session_id, undone, seq)',
    'CREATE INDEX ix_log_struck ON log (campaign_id, struck_by)',
    'CREATE INDEX ix_log_campaign_seq ON log (campaign_id, seq)',
)


def emitted() -> tuple[str, ...]:
    """The statements SQLModel's metadata creates the tables with."""
    import sqlite3

    from sqlalchemy import create_engine
    from sqlmodel import SQLModel

    from . import schema  # noqa: F401 (defines the tables on SQLModel's metadata)
    con = sqlite3.connect(":memory:")
    engine = create_engine("sqlite://", creator=lambda: con)
    try:
        with engine.begin() as conn:
            SQLModel.metadata.create_all(conn)
        rows = con.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL").fetchall()
    finally:
        engine.dispose()
        con.close()
    return tuple(sql for (sql,) in rows)


def same(statements: tuple[str, ...]) -> frozenset[str]:
    """The statements as a set, whitespace aside: what makes two schemas the same."""
    return frozenset(re.sub(r"\s+", " ", sql).strip() for sql in statements)
