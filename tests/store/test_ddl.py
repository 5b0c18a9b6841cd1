"""A new data file is made from `ddl.SCHEMA`, through the DB-API alone: the statements
must be the ones SQLModel's metadata (`schema.py`) emits, or a new file and an upgraded
one would differ."""

import sqlite3
import subprocess
import sys
import textwrap

from harmdesk.store import ddl
from harmdesk.store.db import APPLICATION_ID, create_schema
from harmdesk.store.paths import SCHEMA_VERSION


def test_the_schema_statements_are_the_ones_the_metadata_emits():
    assert ddl.same(ddl.SCHEMA) == ddl.same(ddl.emitted())


def test_same_tells_schemas_apart_by_more_than_whitespace():
    changed = tuple(s.replace("story VARCHAR DEFAULT ''", "story VARCHAR") for s in ddl.SCHEMA)
    assert ddl.same(changed) != ddl.same(ddl.SCHEMA)
    assert ddl.same(tuple(" \n".join(s.split(" ")) for s in ddl.SCHEMA)) == ddl.same(ddl.SCHEMA)


def test_a_new_file_holds_the_metadata_s_schema_stamped_as_harmdesk_s(tmp_path):
    path = tmp_path / "harmdesk.sqlite"
    create_schema(path)
    con = sqlite3.connect(path)
    try:
        kept = tuple(sql for (sql,) in con.execute(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL"))
        assert ddl.same(kept) == ddl.same(ddl.emitted())
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert con.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    finally:
        con.close()


def test_a_new_file_is_made_without_loading_sqlalchemy(tmp_path):
    code = textwrap.dedent(f"""
        import sys
        from pathlib import Path
        from harmdesk.store import Store
        store = Store.open(Path({str(tmp_path)!r}))
        store.close()
        print(sorted(m for m in ("sqlalchemy", "sqlmodel") if m in sys.modules))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"
    assert (tmp_path / "harmdesk.sqlite").stat().st_size > 0
