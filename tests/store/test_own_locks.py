"""Nothing in a process that holds the store opens the data file but SQLite.

POSIX drops every lock a process holds on a file when any of its descriptors of that
file closes, SQLite's locks included. One `open()` of `harmdesk.sqlite` and its
`close()` inside the window would let the next reader from outside take the window's
-wal away; so every reader HarmDesk runs beside an open store goes through SQLite.
"""

from __future__ import annotations

import os
import sys
import traceback
from contextlib import contextmanager
from pathlib import Path

from harmdesk.session import Session, prepare_summary, write_summary
from harmdesk.store import Store

DATA_FILES = ("harmdesk.sqlite", "harmdesk.sqlite-wal", "harmdesk.sqlite-shm")
_watchers: list[list[str]] = []  # an audit hook cannot be removed: it only reports to these
_hooked = False


def _on_audit(event: str, args: tuple) -> None:
    if not _watchers or event != "open" or not isinstance(args[0], (str, bytes, os.PathLike)):
        return
    if Path(os.fsdecode(args[0])).name in DATA_FILES:
        where = "".join(traceback.format_stack(limit=8)[:-1])
        for seen in _watchers:
            seen.append(f"{os.fsdecode(args[0])} opened by\n{where}")


@contextmanager
def data_file_opens():
    """Every open() (builtins.open, io.open, os.open) of a data file meanwhile."""
    global _hooked
    if not _hooked:
        sys.addaudithook(_on_audit)
        _hooked = True
    seen: list[str] = []
    _watchers.append(seen)
    try:
        yield seen
    finally:
        _watchers.remove(seen)


def hit(session: Session, amount: int = 1) -> None:
    session.apply({"type": "damage", "target": "caradoc", "amount": amount})


def test_the_readers_beside_an_open_store_never_open_the_data_file(qapp, tmp_path):
    folder = tmp_path / "data"
    session = Session.open(folder)
    try:
        session.start_session("Into the Great Wood")
        with data_file_opens() as opened:
            hit(session)
            prepare_summary()
            request = session.summary_request(*session.summary_choice(None))
            write_summary(request, tmp_path / "tonight.pdf", lambda _done: None)
            hit(session)
            assert Session.glimpse(folder) is not None
            assert session.maintain() == []  # the integrity check and the day's backup
            (backup,) = Session.backups(folder)
            assert backup["reason"] == "daily" and backup["campaigns"]
            hit(session)
            reader = Store.open(folder, write=False)  # a reading command run in-process
            try:
                assert reader.campaigns()
            finally:
                reader.close()
            session, _done = session.restore(backup["file"])
            hit(session)
        assert opened == []
        assert (tmp_path / "tonight.pdf").read_bytes().startswith(b"%PDF")
    finally:
        session.close()


def test_the_watch_sees_a_plain_open_of_the_data_file(tmp_path):
    """The hook itself: were it blind, the test above would prove nothing."""
    path = tmp_path / "harmdesk.sqlite"
    path.write_bytes(b"")
    with data_file_opens() as opened:
        with open(path, "rb"):
            pass
        os.close(os.open(path.with_name("harmdesk.sqlite-wal"), os.O_CREAT | os.O_RDONLY))
        Path(tmp_path / "notes.txt").write_text("not a data file")
    assert len(opened) == 2
