"""A store's connections to its file: a pool that hands each to one thread at a time (a
worker and the GUI share a store), and the transactions the store runs on them.

Every SQLite error from the machine or the file (full, read-only, busy, a disk error, a
damaged file) leaves here as advice (`db.environment_error`); one from HarmDesk's own
SQL stays a bug.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from . import db


class Connections:
    """The pooled connections to the data file `path` (or to `copy`, an older file
    upgraded in memory), read-only ones when `read_only`.

    `tidy`: the folder can be written, so a reader's connections may be read-write (the
    store itself never writes through them): the last one to close folds the WAL back and
    removes it and the -shm, as a writer's does, so a reader leaves the folder as it
    found it."""

    def __init__(self, path: Path, read_only: bool, copy: db.UpgradedCopy | None = None,
                 tidy: bool = False) -> None:
        self.path = path
        self.read_only = read_only
        self.copy = copy
        self.tidy = tidy
        # idle connections, handed to one thread at a time
        self._idle: list[sqlite3.Connection] = []
        self._pool_lock = threading.Lock()
        self._out = 0  # connections handed out now, each to one thread
        self._returned = threading.Condition(self._pool_lock)
        self._restoring = False  # no connection is handed out while the file is replaced
        self._hooks: list[Callable[[sqlite3.Connection], None]] = []
        self._held = threading.local()  # the connection a thread reads on in `one_read`
        self._joined = threading.local()  # a thread's transaction its changes join
        self._closed = False
        self.saves = 0  # write transactions committed

    def on_connect(self, hook: Callable[[sqlite3.Connection], None]) -> Callable[[], None]:
        """Run `hook` on every connection made from now on; the idle ones are closed, so
        every later statement runs on a hooked one. Returns the function that takes the
        hook away again (closing the hooked connections)."""
        with self._pool_lock:
            self._hooks.append(hook)
        self.close_idle()

        def remove() -> None:
            with self._pool_lock:
                self._hooks.remove(hook)
            self.close_idle()

        return remove

    def close_idle(self) -> None:
        with self._pool_lock:
            idle, self._idle = self._idle, []
        for con in idle:
            con.close()

    def close(self) -> None:
        """Close the idle connections; those handed out close as they come back."""
        self._closed = True
        self.close_idle()
        if self.copy is not None:
            self.copy.close()

    @contextmanager
    def restoring(self, wait_s: float) -> Iterator[None]:
        """Inside, no connection is handed out and none is open on the file, which a
        restore replaces: one still open would, closing later, fold its WAL back and
        delete the new file's -wal by its name. Waits up to `wait_s` for those other
        threads hold (a summary being read) to come back; StoreError, nothing changed,
        when they stay out."""
        with self._returned:
            self._restoring = True
            if not self._returned.wait_for(lambda: self._out == 0, wait_s):
                self._restoring = False
                raise db.StoreError(f"HarmDesk is still reading {self.path} (a session summary "
                                    "being written); restore once it is done. Nothing was "
                                    "changed.")
        try:
            self.close_idle()
            yield
        finally:
            with self._pool_lock:
                self._restoring = False

    @contextmanager
    def one_read(self) -> Iterator[None]:
        """Every read this thread makes inside sees the file as it was at the first one
        (one read transaction on one connection), whatever other threads save meanwhile.
        Writes inside go on a connection of their own, and are not seen by these reads."""
        if getattr(self._held, "con", None) is not None:
            yield  # already inside one
            return
        with self._pooled() as con:
            con.execute("BEGIN")
            self._held.con = con
            try:
                yield
            finally:
                self._held.con = None  # the pool ends the read transaction

    @contextmanager
    def together(self) -> Iterator[None]:
        """Every change this thread makes inside, in ONE transaction: all of them are
        saved, or none. Reads inside see them."""
        with self.writing() as con:
            self._joined.con = con
            try:
                yield
            finally:
                self._joined.con = None

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
        """One BEGIN IMMEDIATE transaction on a pooled connection; nothing is half
        written. Inside `together` it is a savepoint of that transaction instead."""
        joined = getattr(self._joined, "con", None)
        if joined is not None:
            with self._savepoint(joined) as con:
                yield con
            return
        with self._pooled() as con:
            con.execute("BEGIN IMMEDIATE")
            try:
                yield con
                con.execute("COMMIT")
                self.saves += 1
            except BaseException:
                if con.in_transaction:
                    try:
                        con.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass  # the pool rolls back again before anyone reuses it
                raise

    @contextmanager
    def _savepoint(self, con: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        """A change inside `together`'s transaction: undone alone if it fails."""
        with self._advised():
            con.execute("SAVEPOINT change")
            try:
                yield con
                con.execute("RELEASE change")
            except BaseException:
                if con.in_transaction:  # SQLite may have rolled it all back already
                    try:
                        con.execute("ROLLBACK TO change")
                        con.execute("RELEASE change")
                    except sqlite3.Error:
                        pass  # `together` rolls the whole transaction back
                raise

    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """A pooled connection, outside any transaction (each read is its own); inside
        `together` that transaction's connection, inside `one_read` that one's; machine
        errors (busy, unreadable) become advice."""
        held = getattr(self._joined, "con", None) or getattr(self._held, "con", None)
        if held is not None:
            with self._advised():
                yield held
            return
        with self._pooled() as con:
            yield con

    @contextmanager
    def _pooled(self) -> Iterator[sqlite3.Connection]:
        """A pooled connection of this thread's own until the block ends; machine errors
        become advice."""
        with self._advised():
            con = self._checkout()
        try:
            with self._advised():
                yield con
        finally:
            self._checkin(con)

    @contextmanager
    def _advised(self) -> Iterator[None]:
        """An SQLite error from the machine or the file (full, read-only, busy, a disk
        error, a damaged file) becomes advice; one from HarmDesk's own SQL stays a bug."""
        try:
            yield
        except sqlite3.DatabaseError as err:
            if not db.from_machine(err):
                raise
            raise db.environment_error(err, self.path) from None

    def _checkout(self) -> sqlite3.Connection:
        with self._pool_lock:
            if self._restoring:
                raise db.StoreError(f"{self.path} is being restored from a backup; try again "
                                    "in a moment.")
            self._out += 1
            if self._idle:
                return self._idle.pop()
            hooks = list(self._hooks)
        try:
            if self.copy is not None:
                con = self.copy.connect()
            else:
                con = (db.connect(self.path, wal=False) if self.tidy
                       else db.connect(self.path, self.read_only))
            for hook in hooks:
                hook(con)
        except BaseException:
            self._came_back()
            raise
        return con

    def _checkin(self, con: sqlite3.Connection) -> None:
        try:
            if con.in_transaction:
                con.execute("ROLLBACK")
        except sqlite3.Error:
            con.close()  # a connection that cannot roll back is not reused
            self._came_back()
            return
        with self._pool_lock:
            if not self._closed:
                self._idle.append(con)
                self._out -= 1
                self._returned.notify_all()
                return
        con.close()
        self._came_back()

    def _came_back(self) -> None:
        with self._pool_lock:
            self._out -= 1
            self._returned.notify_all()
