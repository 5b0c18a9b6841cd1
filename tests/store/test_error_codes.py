"""SQLite's failures are sorted by their result code (`sqlite_errorcode`, its low byte the
primary code), never by the words of the message, which SQLite chooses as it likes."""

import sqlite3

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import CorruptFile, DiskFull, ReadOnly, Store, StoreError, backups, db

from .conftest import PARTY

# (code, the class SQLite raises it as, a word the advice must hold, a word it must not)
CODES = {
    "FULL": (13, sqlite3.OperationalError, DiskFull, "is full"),
    "READONLY": (8, sqlite3.OperationalError, ReadOnly, "read-only"),
    "READONLY_DBMOVED": (8 | 4 << 8, sqlite3.OperationalError, ReadOnly, "read-only"),
    "PERM": (3, sqlite3.OperationalError, ReadOnly, "read-only"),
    "BUSY": (5, sqlite3.OperationalError, StoreError, "busy in another program"),
    "BUSY_SNAPSHOT": (5 | 2 << 8, sqlite3.OperationalError, StoreError,
                      "busy in another program"),
    "LOCKED": (6, sqlite3.OperationalError, StoreError, "busy in another program"),
    "IOERR": (10, sqlite3.OperationalError, StoreError, "failed to read or write"),
    "IOERR_WRITE": (10 | 3 << 8, sqlite3.OperationalError, StoreError,
                    "failed to read or write"),
    "CORRUPT": (11, sqlite3.DatabaseError, CorruptFile, "is damaged"),
    "NOTADB": (26, sqlite3.DatabaseError, CorruptFile, "is damaged"),
    "CANTOPEN": (14, sqlite3.OperationalError, ReadOnly, "cannot be opened"),
    "CANTOPEN_ISDIR": (14 | 2 << 8, sqlite3.OperationalError, ReadOnly, "cannot be opened"),
}


def coded(kind, code: int, name: str, message: str = "something went wrong"):
    """An error as sqlite3 raises it, its message saying nothing of the cause."""
    err = kind(message)
    err.sqlite_errorcode, err.sqlite_errorname = code, f"SQLITE_{name}"
    return err


@pytest.mark.parametrize("name", CODES)
def test_environment_error_follows_the_result_code_not_the_words(tmp_path, name):
    code, kind, advice, says = CODES[name]
    path = tmp_path / db.DB_NAME
    made = db.environment_error(coded(kind, code, name), path)
    assert type(made) is advice and says in str(made) and str(path) in str(made)
    assert db.from_machine(coded(kind, code, name))


def test_words_that_name_another_cause_do_not_mislead_it(tmp_path):
    path = tmp_path / db.DB_NAME
    busy = coded(sqlite3.OperationalError, 5, "BUSY", "the disk is full or read-only")
    assert "busy in another program" in str(db.environment_error(busy, path))
    full = coded(sqlite3.OperationalError, 13, "FULL", "database is locked")
    assert isinstance(db.environment_error(full, path), DiskFull)


def test_an_error_of_harmdesks_own_sql_stays_a_bug(tmp_path):
    constraint = coded(sqlite3.IntegrityError, 19, "CONSTRAINT", "the disk is full")
    assert not db.from_machine(constraint)
    made = db.environment_error(constraint, tmp_path / db.DB_NAME)
    assert type(made) is StoreError and "failed" in str(made)


@pytest.mark.parametrize("name", CODES)
def test_a_failed_backup_names_the_cause_its_code_gives(tmp_path, name):
    code, kind, advice, _says = CODES[name]
    made = backups._trouble(coded(kind, code, name), tmp_path / db.DB_NAME, tmp_path)
    expected = {"FULL": DiskFull, "CORRUPT": CorruptFile, "NOTADB": CorruptFile}.get(
        name, ReadOnly if advice is ReadOnly else StoreError)
    assert type(made) is expected and "no backup" in str(made).lower()
    words = {DiskFull: "is full", ReadOnly: "cannot be written", CorruptFile: "damaged"}
    if name.startswith(("BUSY", "LOCKED")):
        assert "busy" in str(made)
    elif name.startswith("IOERR"):
        assert "failed to read or write" in str(made)
    else:
        assert words[expected] in str(made)


# real errors, as SQLite raises them: Python fills in the code ------------------------
def test_real_sqlite_errors_carry_the_codes_the_store_reads(tmp_path):
    path = tmp_path / "x.sqlite"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.execute("BEGIN IMMEDIATE")
    other = sqlite3.connect(path, timeout=0)
    with pytest.raises(sqlite3.OperationalError) as busy:
        other.execute("BEGIN IMMEDIATE")
    assert db.sqlite_cause(busy.value) == "busy"
    con.rollback()
    ro = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    with pytest.raises(sqlite3.OperationalError) as readonly:
        ro.execute("INSERT INTO t VALUES (1)")
    assert db.sqlite_cause(readonly.value) == "read-only"
    with pytest.raises(sqlite3.OperationalError) as cantopen:
        sqlite3.connect(tmp_path / "none" / "x.sqlite")
    assert db.sqlite_cause(cantopen.value) == "cannot open"
    for c in (con, other, ro):
        c.close()
    (tmp_path / "junk.sqlite").write_bytes(b"not a database at all" * 100)
    junk = sqlite3.connect(tmp_path / "junk.sqlite")
    with pytest.raises(sqlite3.DatabaseError) as notadb:
        junk.execute("SELECT * FROM sqlite_master")
    junk.close()
    assert db.sqlite_cause(notadb.value) == "damaged"


def test_a_file_damaged_under_an_open_store_is_named_damaged_not_a_bug(tmp_path):
    store = Store.open(tmp_path)
    try:
        campaign = Campaign.create(store, "Test", "stonetop", {}, PARTY)
        for _ in range(40):
            campaign.apply({"type": "add_wound", "target": "heavy", "text": "x" * 2000})
        # the WAL folded into the file, which is then scribbled over
        store.connections.close_idle()
        path = store.path
        size = path.stat().st_size
        with open(path, "r+b") as fh:
            fh.seek(4096)
            fh.write(b"\xff" * (size - 4096))
        with pytest.raises(CorruptFile, match="is damaged"):
            store.log(campaign.info.id)
    finally:
        store.close()
