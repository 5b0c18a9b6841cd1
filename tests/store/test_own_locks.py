"""Nothing in a process that holds the store opens the data file but SQLite.

POSIX drops every lock a process holds on a file when any of its descriptors of that
file closes, SQLite's locks included. One `open()` of `harmdesk.sqlite` and its
`close()` inside the window would let the next reader from outside take the window's
-wal away; so every reader HarmDesk runs beside an open store goes through SQLite.
Nor is the file replaced (a restore) under a connection another thread still holds:
closing later, it would delete the new file's -wal by its name.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import traceback
from contextlib import contextmanager
from pathlib import Path

import pytest

from harmdesk.campaign import Campaign
from harmdesk.session import Session, prepare_summary, write_summary
from harmdesk.store import Store, StoreError, db
from harmdesk.store import store as store_module

from .conftest import PARTY

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


HURT = {"type": "damage", "target": "heavy", "amount": 3}


def reading_meanwhile(store):
    """A thread holding one of the store's connections (a summary reading the file)
    until the returned event is set; the thread."""
    holding, done = threading.Event(), threading.Event()

    def summary() -> None:
        with store.one_read():
            store.campaigns()
            holding.set()
            done.wait(120)

    reader = threading.Thread(target=summary)
    reader.start()
    assert holding.wait(60)
    return reader, done


def test_a_restore_waits_for_a_summary_still_reading_the_file(tmp_path):
    store = Store.open(tmp_path)
    campaign = Campaign.create(store, "Test", "stonetop", {}, PARTY)
    assert campaign.apply(HURT).ok
    backup = db.backup(store.path, "daily")
    assert campaign.apply(HURT).ok
    inode = store.path.stat().st_ino
    reader, done = reading_meanwhile(store)
    restored = []
    restorer = threading.Thread(target=lambda: restored.append(store.restore(backup.name)))
    restorer.start()
    try:
        poll(lambda: getattr(store, "_restoring", False) or restored,
             "the restore to wait or finish")
        # replaced now, the file would lose its -wal to that connection closing later
        assert not restored and store.path.stat().st_ino == inode
    finally:
        done.set()
        reader.join(60)
        restorer.join(120)
    assert restored and restored[0]["restored"] == str(store.path)
    again = Store.open(tmp_path)
    try:
        assert Campaign(again, "Test").state["characters"]["heavy"]["hp"] == 20 - 1
    finally:
        again.close()


def test_a_restore_is_refused_while_a_reader_keeps_its_connection(tmp_path, monkeypatch):
    monkeypatch.setattr(store_module, "RESTORE_WAIT_S", 0, raising=False)
    store = Store.open(tmp_path)
    try:
        campaign = Campaign.create(store, "Test", "stonetop", {}, PARTY)
        backup = db.backup(store.path, "daily")
        assert campaign.apply(HURT).ok
        reader, done = reading_meanwhile(store)
        try:
            with pytest.raises(StoreError, match="still reading .*Nothing was changed"):
                store.restore(backup.name)
        finally:
            done.set()
            reader.join(60)
        assert campaign.apply(HURT).ok  # the store goes on
        assert Campaign(store, "Test").state["characters"]["heavy"]["hp"] == 20 - 2
    finally:
        store.close()


def poll(test, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)
