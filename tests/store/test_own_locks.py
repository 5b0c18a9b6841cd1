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
import sqlite3
import sys
import threading
import time
import traceback
from contextlib import contextmanager
from pathlib import Path

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.folder import backups as listed_backups
from harmdesk.desk.service import Service
from harmdesk.errors import UserError
from harmdesk.report.summary import prepare_summary, write_summary
from harmdesk.store import Store, StoreError, backups, db, store as store_module

from .conftest import PARTY, unreadable_with_a_backup

DATA_FILES = ("harmdesk.sqlite", "harmdesk.sqlite-wal", "harmdesk.sqlite-shm")
# an audit hook cannot be removed: it only reports to these, each with the data folders
# whose files it also knows under another name (a link, a second name of the file)
_watchers: list[tuple[list[str], tuple[Path, ...]]] = []
_hooked = False


def _on_audit(event: str, args: tuple) -> None:
    if not _watchers or event != "open" or not isinstance(args[0], (str, bytes, os.PathLike)):
        return
    opened = Path(os.fsdecode(args[0]))
    for seen, folders in list(_watchers):
        if opened.name in DATA_FILES or _is_data_file(opened, folders):
            where = "".join(traceback.format_stack(limit=8)[:-1])
            seen.append(f"{opened} opened by\n{where}")


def _is_data_file(opened: Path, folders: tuple[Path, ...]) -> bool:
    """Whether `opened` is one of the data files in `folders` by another name."""
    try:
        found = os.stat(opened)
    except OSError:
        return False  # a file about to be made
    for folder in folders:
        for name in DATA_FILES:
            try:
                if os.path.samestat(found, os.stat(folder / name)):
                    return True
            except OSError:
                continue
    return False


@contextmanager
def data_file_opens(*folders: Path):
    """Every open() (builtins.open, io.open, os.open) of a data file meanwhile, by its
    name, or in `folders` by any name."""
    global _hooked
    if not _hooked:
        sys.addaudithook(_on_audit)
        _hooked = True
    seen: list[str] = []
    watcher = (seen, folders)
    _watchers.append(watcher)
    try:
        yield seen
    finally:
        _watchers.remove(watcher)


def hit(session: Service, amount: int = 1) -> None:
    session.apply({"type": "damage", "target": "caradoc", "amount": amount})


def test_the_readers_beside_an_open_store_never_open_the_data_file(qapp, tmp_path):
    folder = tmp_path / "data"
    session = Service.open(folder)
    try:
        session.start_play_session("Into the Great Wood")
        with data_file_opens() as opened:
            hit(session)
            prepare_summary()
            request = session.summary_request(*session.summary_choice(None))
            write_summary(request, tmp_path / "tonight.pdf", lambda _done: None)
            hit(session)
            assert Service.from_snapshot(folder) is not None
            assert session.maintain() == []  # the integrity check and the day's backup
            (backup,) = listed_backups(folder)
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
    """The hook itself: were it blind, the tests here would prove nothing."""
    path = tmp_path / "harmdesk.sqlite"
    path.write_bytes(b"")
    (tmp_path / "link.json").symlink_to(path)
    os.link(path, tmp_path / "second-name.json")
    with data_file_opens(tmp_path) as opened:
        with open(path, "rb"):
            pass
        os.close(os.open(path.with_name("harmdesk.sqlite-wal"), os.O_CREAT | os.O_RDONLY))
        Path(tmp_path / "notes.txt").write_text("not a data file")
        for other_name in ("link.json", "second-name.json"):
            with open(tmp_path / other_name, "rb"):
                pass
    assert len(opened) == 4


def test_the_data_file_given_as_a_backup_or_an_import_is_refused_unopened(qapp, tmp_path):
    """A GM who picks the data file itself (or its -wal, a link to it) in File → Restore
    or File → Import hears what it is, and the window's locks stay."""
    folder = tmp_path / "data"
    session = Service.open(folder)
    try:
        assert not session.read_only
        session.start_play_session("Into the Great Wood")
        hit(session)
        assert session.maintain() == []  # the day's backup, and backups/
        data = folder / db.DB_NAME
        wal, shm = (data.with_name(data.name + side) for side in ("-wal", "-shm"))
        assert wal.exists() and shm.exists()  # a step waits in the WAL: much to lose
        (tmp_path / "link.sqlite").symlink_to(data)
        os.link(data, tmp_path / "second-name.json")
        (folder / "backups" / "mine.sqlite").symlink_to(Path("..") / db.DB_NAME)
        hp = session.campaign.state["characters"]["caradoc"]["hp"]
        held = session.campaigns()
        with data_file_opens(folder) as opened:
            for given, says in [(data, "is the data file itself, not a backup"),
                                (wal, "is SQLite's -wal file beside the data file"),
                                (tmp_path / "link.sqlite", "is the data file itself"),
                                (tmp_path / "second-name.json", "is the data file itself"),
                                ("mine.sqlite", "is the data file itself")]:
                with pytest.raises(StoreError, match=says) as refused:
                    session.restore(str(given))
                assert "nothing was changed" in str(refused.value)
            mine = next(b for b in listed_backups(folder) if b["file"] == "mine.sqlite")
            assert mine["problem"] == "it is the data file itself, not a backup"
            for given, says in [(data, "is HarmDesk's data file; export a campaign to a "
                                       ".json file and import that"),
                                (wal, "is one of the files SQLite keeps beside HarmDesk's"),
                                (shm, "is one of the files SQLite keeps beside HarmDesk's"),
                                (tmp_path / "link.sqlite", "is HarmDesk's data file"),
                                (tmp_path / "second-name.json", "is HarmDesk's data file")]:
                with pytest.raises(UserError, match=says):
                    session.import_file(given)
            hit(session, 4)  # the store goes on, on the file it had (Caradoc's armor is 1)
        assert opened == []
        assert session.campaign.state["characters"]["caradoc"]["hp"] == hp - 3
        assert [c["name"] for c in session.campaigns()] == [c["name"] for c in held]
    finally:
        session.close()


def test_a_damaged_file_this_process_holds_is_never_copied_byte_for_byte(tmp_path):
    """Only a file SQLite cannot read is copied by Python before a restore: never while a
    connection of this process still holds it (the copy's close would drop its locks)."""
    path, good, garbage = unreadable_with_a_backup(tmp_path)
    holder = sqlite3.connect(path)  # another reader of this process, keeping it open
    try:
        with data_file_opens(tmp_path) as opened, \
                pytest.raises(StoreError, match=r"still has it open.*nothing was changed"):
            backups.restore(path, good)
        assert opened == []
    finally:
        holder.close()
    assert path.read_bytes() == garbage
    assert not list((tmp_path / "backups").glob("*-before-restore.sqlite"))
    done = backups.restore(path, good)  # let go of, it is kept aside and replaced
    assert Path(done["replaced_file_saved_as"]).read_bytes() == garbage
    assert [c["name"] for c in done["campaigns"]] == ["Test"]


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
        poll(lambda: getattr(store.connections, "_restoring", False) or restored,
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
            with pytest.raises(StoreError, match=r"still reading .*Nothing was changed"):
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
