"""Backups of `harmdesk.sqlite`: made, rotated, listed and restored.

A backup is a consistent copy made with SQLite's backup API into `backups/`, written
under a temporary name and renamed only when complete, so a failed one (a full disk)
leaves nothing that looks like a backup. `made-by-harmdesk.json` in that folder names
every backup HarmDesk made: only those count as the day's backup, and rotation
deletes only those, never a file the GM put there, whatever its name.

A restore checks the chosen file first, backs up the file it replaces, and swaps the
data file in one rename, all under the writer lock.

Nothing here opens the data file, its -wal or its -shm but SQLite: in a process that holds
the store (the window), closing any other descriptor of the file would drop every lock the
process holds on it, SQLite's too, and another HarmDesk could then take the store's -wal
from under it. So the data file is never taken for a backup to restore (however it is
named: a link to it, another name of it), and only a file SQLite cannot read at all is
copied byte for byte, never while this process has it open.

Every copy is written under a temporary name into a new file of its own (a link left at
that name is removed, never written through) with the permissions of the file it copies.
A HarmDesk killed while copying leaves its temporary copy behind: the next writer removes
it (`remove_leftovers`). Nothing here opens a named pipe, follows a link into the data
folder, or writes into a `backups` that is not a folder.
"""

from __future__ import annotations

import errno
import json
import os
import re
import sqlite3
import stat
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from . import copies, db, paths

MANIFEST = "made-by-harmdesk.json"
KEEP_BACKUPS = 10
# how many of each kind rotation keeps: the days of use, the moments of play (a session's
# start and end, each hour of play), and those made before an upgrade or a restore; so an
# evening of play never pushes out the day's backup or the one before an upgrade
KEEP = {"daily": KEEP_BACKUPS, "play": 12, "safety": KEEP_BACKUPS}
PLAY_EVERY = timedelta(hours=1)  # an hour of play is backed up
# the names HarmDesk gives its backups (local time, then the reason); a file so named
# is still only HarmDesk's when the manifest lists it
BACKUP_NAME = re.compile(r"harmdesk-\d{8}-\d{6}-[a-z0-9-]+\.sqlite")
# a temporary copy in backups/ (a backup's or the manifest's, then `_own_suffix`), with
# the files SQLite keeps beside it while it is written
PARTIAL_NAME = re.compile(r"(harmdesk-\d{8}-\d{6}-[a-z0-9-]+\.sqlite|made-by-harmdesk\.json)"
                          r"\.\d+-\d+\.partial(-journal|-wal|-shm)?")
RESTORING = ".restoring"  # a restored file, beside the data file until it is swapped in
# the files SQLite keeps beside a file that hold some of its content
HOLDING_SIDES = ("-wal", "-journal")


class RestoreRefused(db.StoreError):
    """The chosen file is not one HarmDesk can restore (damaged, another program's)."""


class WriterBusy(db.StoreError):
    """Another HarmDesk writes to the data file."""


def folder_of(path: Path) -> Path:
    return path.parent / "backups"


def _own_folder(folder: Path) -> None:
    """backups/, made if missing; refused when it is a file, or a link someone put there
    (a backup written through it would land elsewhere)."""
    try:
        mode = os.lstat(folder).st_mode
    except FileNotFoundError:
        folder.mkdir()
        return
    if not stat.S_ISDIR(mode):
        kind = "a file" if stat.S_ISREG(mode) else paths.kind_name(folder, mode)
        raise paths.wrong_kind(folder, kind, "the folder of HarmDesk's backups")


# leftovers ----------------------------------------------------------------------------
def remove_leftovers(path: Path) -> None:
    """Remove what a HarmDesk killed while copying left: a backup's or the manifest's
    `.partial` copy in backups/ and a restore's `.restoring` beside the data file, with
    SQLite's files beside them, and the -wal or -journal of a copy that never got its name.

    Only the writer tidies: every HarmDesk writes these under the writer lock, so while
    this process holds it no other is writing one (a restore in another process keeps its
    copies); of this process's own, those still being written stay."""
    if not db.WriterLock.held_here(path):
        return
    folder = folder_of(path)
    found = copies.with_sides(path.with_name(path.name + RESTORING))
    try:
        with os.scandir(folder) as entries:
            names = [e.name for e in entries]
    except OSError:
        names = []  # no backups/ yet
    found += [folder / n for n in names if PARTIAL_NAME.fullmatch(n)]
    try:
        listed = {e["file"] for e in _manifest(folder)}
    except db.StoreError:
        listed = set()
    found += [folder / n for n in names for side in HOLDING_SIDES if n.endswith(side)
              and n[:-len(side)] in listed and n[:-len(side)] not in names]
    copies.remove_stale(found)


# the manifest -------------------------------------------------------------------------
def _manifest(folder: Path) -> list[dict[str, Any]]:
    """The backups HarmDesk made, oldest first; a missing or unreadable manifest holds
    none (those files then stay, and are never rotated away). WrongKind when it is a
    link, a folder or a named pipe, which is never opened to wait for a writer."""
    try:
        text = paths.read_plain(folder / MANIFEST, "the list of backups HarmDesk keeps")
        entries = json.loads(text.decode("utf-8"))["backups"]
        return [e for e in entries if isinstance(e, dict) and isinstance(e.get("file"), str)
                and BACKUP_NAME.fullmatch(e["file"])]
    except (OSError, ValueError, KeyError, TypeError):
        return []


def _write_manifest(folder: Path, entries: list[dict[str, Any]]) -> None:
    """Replace the manifest in one rename, so it is never half written."""
    target = folder / MANIFEST
    partial = folder / (MANIFEST + _own_suffix())
    with copies.writing(partial):
        with os.fdopen(paths.fresh_file(partial), "wb") as fh:
            fh.write(json.dumps({"backups": entries}, indent=1).encode("utf-8"))
        os.replace(partial, target)


def _own_suffix() -> str:
    """A temporary name's ending no other thread or process shares: two backups begun
    in the same second (the window's and a command's) never write one file."""
    return f".{os.getpid()}-{threading.get_ident()}.partial"


def _trouble(err: Exception, path: Path, folder: Path) -> db.StoreError:
    """The real cause of a failed copy, as advice: an OSError's errno, or SQLite's result
    code (never its message's words)."""
    code = getattr(err, "errno", None)
    cause = db.sqlite_cause(err)
    if code in (errno.ENOSPC, errno.EDQUOT) or cause == "full":
        return db.DiskFull(f"The disk holding {folder} is full, so no backup of {path} "
                           "could be written. Free some space and try again.")
    if code in (errno.EROFS, errno.EACCES, errno.EPERM) or cause in ("read-only",
                                                                       "cannot open"):
        why = getattr(err, "strerror", None) or str(err)
        return db.ReadOnly(f"No backup of {path} could be written: {folder} cannot be "
                           f"written ({why}). Check the folder's permissions.")
    if code == errno.ENAMETOOLONG and isinstance(err, OSError):
        return paths.unusable(folder, err)
    if cause == "busy":
        return db.StoreError(f"No backup of {path} could be made: another program keeps it "
                             "busy. HarmDesk tries again next time.")
    if cause == "disk error":
        return db.StoreError(f"No backup of {path} could be written to {folder}: the disk "
                             f"failed to read or write ({err}). Check that it is still "
                             "attached and sound.")
    if cause == "damaged":
        return db.CorruptFile(f"No backup of {path} could be made: it is damaged ({err}).")
    return db.StoreError(f"No backup of {path} could be written to {folder} ({err}).")


# making -------------------------------------------------------------------------------
def copy_database(source: Path, target: Path, mode: int | None = None) -> None:
    """A consistent copy with SQLite's backup API, in rollback-journal mode so the copy
    is one self-contained file, made as a new file with `mode` (by default the
    source's permissions)."""
    os.close(paths.fresh_file(target, paths.mode_of(source) if mode is None else mode))
    # only read: never rolls a journal back nor switches the source's journal mode, and
    # reads a WAL-mode file on read-only media (a backup on a stick) without its -shm
    src = sqlite3.connect(paths.read_only_uri(source), uri=True,
                          timeout=db.BUSY_TIMEOUT_MS / 1000)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
    finally:
        src.close()


def kind_of(reason: str) -> str:
    """Which of `KEEP`'s kinds a backup made for `reason` is."""
    if reason == "daily":
        return "daily"
    if reason.startswith("session-") or reason == "hourly":
        return "play"
    return "safety"


def play_reason(moment: str, session: int | None, hours: int = 1) -> str:
    """A backup's reason (in its file name) for a moment of play: a play session's `start`
    or `end`, or `hour` (`hours` into it): `session-3-start`, `session-3-hour-2`; an hour
    of play outside any session is `hourly`."""
    if session is None:
        return "hourly"
    return f"session-{session}-hour-{hours}" if moment == "hour" else f"session-{session}-{moment}"


def newest_time(path: Path) -> datetime | None:
    """When HarmDesk made its newest backup of `path` that is still there (None: none)."""
    folder = folder_of(path)
    times = []
    for entry in _manifest(folder):
        try:
            if (folder / entry["file"]).is_file():
                times.append(datetime.fromisoformat(str(entry.get("time"))))
        except (OSError, ValueError):
            continue
    return max(times, default=None)


def _free_name(folder: Path, reason: str, now: datetime | None = None) -> Path:
    stamp = (now or datetime.now(UTC)).astimezone().strftime("%Y%m%d-%H%M%S")
    target = folder / f"harmdesk-{stamp}-{reason}.sqlite"
    n = 2
    while target.exists():  # two in one second (a restore and its own backup)
        target = folder / f"harmdesk-{stamp}-{reason}-{n}.sqlite"
        n += 1
    return target


def make(path: Path, reason: str, label: str | None = None,
         now: datetime | None = None) -> Path:
    """Back `path` up into backups/ and rotate each kind to its last few (`KEEP`);
    StoreError if it fails, leaving no file behind. `label` says what it holds, in the
    GM's words ("Start of play session 3 of “Stonetop”"); `now`: the time it is made."""
    folder = folder_of(path)
    when = (now or datetime.now(UTC)).astimezone(UTC)
    try:
        _own_folder(folder)
        remove_leftovers(path)
        target = _free_name(folder, reason, when)
        partial = folder / (target.name + _own_suffix())
        with copies.writing(partial):
            copy_database(path, partial)
            entry = {"file": target.name, "time": when.isoformat(timespec="seconds"),
                     "reason": reason, "size": partial.stat().st_size}
            if label:
                entry["label"] = label
            kept = [e for e in _manifest(folder) if (folder / e["file"]).exists()]
            # named in the manifest before it has its name: a file that could not be
            # renamed is only a manifest line, dropped next time
            _write_manifest(folder, kept + [entry])
            os.replace(partial, target)
    except (OSError, sqlite3.Error) as err:
        raise _trouble(err, path, folder) from None
    rotate(folder)
    return target


def rotate(folder: Path, keep: dict[str, int] = KEEP) -> None:
    """Delete all but the newest backups HarmDesk made of each kind (`keep`: how many);
    nothing else is touched."""
    try:
        made = [e for e in _manifest(folder) if (folder / e["file"]).is_file()]
    except db.StoreError:
        return  # the manifest became a pipe or a link since the backup: nothing is deleted
    made.sort(key=lambda e: str(e.get("time", "")))  # stable: made in one second, in order
    gone = []
    for kind, most in keep.items():
        of_kind = [e for e in made if kind_of(str(e.get("reason", ""))) == kind]
        gone += of_kind[:-most] if len(of_kind) > most else []
    for entry in gone:
        copies.remove(folder / entry["file"])
    try:
        _write_manifest(folder, [e for e in made if e not in gone])
    except OSError:
        pass  # an old backup that stays listed does not make this one fail


def made_today(path: Path) -> bool:
    """Whether today's daily backup exists: made by HarmDesk, complete (its size as
    written) and not empty."""
    folder = folder_of(path)
    today = datetime.now().strftime("%Y%m%d")
    for entry in _manifest(folder):
        if entry.get("reason") != "daily" or not entry["file"].startswith(f"harmdesk-{today}-"):
            continue
        try:
            size = (folder / entry["file"]).stat().st_size
        except OSError:
            continue
        if size > 0 and size == entry.get("size"):
            return True
    return False


# reading --------------------------------------------------------------------------------
def _read_only(path: Path) -> sqlite3.Connection:
    """A connection that never writes, nor makes -wal or -shm files beside `path`."""
    return sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro&immutable=1", uri=True)


def contents(path: Path) -> list[dict[str, Any]]:
    """The campaigns a HarmDesk file holds, with their log rows and the steps in force."""
    con = _read_only(path)
    try:
        columns = {r[1] for r in con.execute("PRAGMA table_info(log)")}
        steps = "count(DISTINCT step)" if "step" in columns else "count(*)"
        rows = con.execute(
            "SELECT c.name, c.system, "
            "(SELECT count(*) FROM log l WHERE l.campaign_id = c.id), "
            f"(SELECT {steps} FROM log l WHERE l.campaign_id = c.id AND l.undone = 0) "
            "FROM campaign c ORDER BY c.name").fetchall()
    finally:
        con.close()
    return [{"name": n, "system": s, "log_rows": r, "steps": k} for n, s, r, k in rows]


def live_file(path: Path, given: Path) -> Path | None:
    """Which of the data file `path` and SQLite's files beside it `given` is (by its path,
    a link to it, or another name of the same file), or None. Looked at with stat alone:
    opening it would drop this process's locks on it."""
    files = copies.with_sides(path)
    try:
        seen = os.stat(given)
    except OSError:
        seen = None
    for file in files:
        if os.path.abspath(given) == os.path.abspath(file):
            return file
        try:
            if seen is not None and os.path.samestat(seen, os.stat(file)):
                return file
        except OSError:
            continue
    return None


def _as_live(path: Path, live: Path) -> str:
    """What the live file `live` is, in the GM's words: "the data file itself", or one of
    SQLite's files beside it."""
    if live == path:
        return "the data file itself"
    return f"SQLite's {live.name[len(path.name):]} file beside the data file {path}"


def problem(path: Path, data_file: Path | None = None) -> str | None:
    """Why `path` cannot be restored (the data file `data_file` itself, not an SQLite
    file, another program's, damaged, from a newer HarmDesk), or None when it is a sound
    HarmDesk file. The data file is named by stat alone, before anything is opened."""
    live = live_file(data_file, path) if data_file is not None else None
    if data_file is not None and live is not None:
        return f"it is {_as_live(data_file, live)}, not a backup"
    try:
        header = paths.read_plain(path, "a backup file", 100, follow=True)
    except paths.WrongKind as err:
        return f"it is {err.kind}, not a backup file"
    except OSError as err:
        return f"it cannot be read ({err.strerror or err})"
    if len(header) < 100 or not header.startswith(db.SQLITE_HEADER):
        return "it is not a HarmDesk data file (not an SQLite database)"
    return _read_problem(path)


def _read_problem(path: Path) -> str | None:
    """What SQLite finds wrong with the file `path` (another program's, from a newer
    HarmDesk, damaged), or None; read through SQLite alone, so it may be the data file."""
    try:
        con = _read_only(path)
        try:
            app_id = con.execute("PRAGMA application_id").fetchone()[0]
            version = con.execute("PRAGMA user_version").fetchone()[0]
            if app_id != db.APPLICATION_ID:
                return "it is an SQLite database, but not one of HarmDesk's"
            if version > paths.SCHEMA_VERSION:
                return (f"it was written by a newer HarmDesk (data version {version}; this "
                        f"HarmDesk reads up to {paths.SCHEMA_VERSION}); update HarmDesk first")
            check = con.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                return f"it is damaged (SQLite's check finds: {check})"
            con.execute("SELECT count(*) FROM campaign").fetchone()
        finally:
            con.close()
    except sqlite3.Error as err:
        return f"it is damaged ({err})"
    return None


def _described(file: Path, entry: dict[str, Any] | None, data_file: Path) -> dict[str, Any]:
    """One backup as `backups list` prints it and the restore dialog shows it."""
    size = file.stat().st_size
    named = BACKUP_NAME.fullmatch(file.name)
    if entry is not None:
        time, reason = entry.get("time"), entry.get("reason")
    elif named:
        time = datetime.strptime(file.name[9:24], "%Y%m%d-%H%M%S").astimezone()
        time, reason = time.astimezone(UTC).isoformat(timespec="seconds"), \
            file.name[25:-len(".sqlite")]
    else:
        time = datetime.fromtimestamp(file.stat().st_mtime, UTC)
        time, reason = time.isoformat(timespec="seconds"), "put here by hand"
    described: dict[str, Any] = {"file": file.name, "path": str(file), "time": time,
                                 "reason": reason, "size": size,
                                 "made_by_harmdesk": entry is not None, "campaigns": []}
    if entry is not None and isinstance(entry.get("label"), str):
        described["label"] = entry["label"]  # what it holds, in the GM's words
    trouble = problem(file, data_file)  # a link in backups/ may lead to the data file
    if trouble is None:
        described["campaigns"] = contents(file)
    else:
        described["problem"] = trouble
    return described


def listing(path: Path) -> list[dict[str, Any]]:
    """Every SQLite file in `path`'s backups folder, newest first, each read read-only."""
    folder = folder_of(path)
    paths.check_data_folder(path.parent)
    made = {e["file"]: e for e in _manifest(folder)}
    try:
        files = [f for f in folder.iterdir() if f.suffix == ".sqlite" and f.is_file()]
    except FileNotFoundError:
        return []
    except NotADirectoryError:
        raise paths.wrong_kind(folder, "a file", "the folder of HarmDesk's backups") from None
    except OSError as err:
        if err.errno == errno.ENAMETOOLONG:
            raise paths.unusable(folder, err) from None
        raise db.ReadOnly(f"Cannot read {folder} ({err.strerror or err}).") from None
    found = []
    for file in files:
        try:
            found.append(_described(file, made.get(file.name), path))
        except OSError:
            continue  # gone while we looked
    return sorted(found, key=lambda b: (str(b["time"]), b["file"]), reverse=True)


# restoring ------------------------------------------------------------------------------
def chosen(path: Path, name: str) -> Path:
    """FILE as the GM gave it: a name within backups/, else a path (which may be a link:
    a restore only reads it). Refused, named, when it is no file (a folder, a pipe), or
    when it is the data file itself or one of SQLite's files beside it."""
    given = Path(name).expanduser().absolute()
    inside = folder_of(path) / name
    if os.sep not in name and "/" not in name and os.path.lexists(inside):
        given = inside
    try:
        mode = os.stat(given).st_mode
    except (FileNotFoundError, NotADirectoryError):
        raise RestoreRefused(f"There is no backup named {name} in {folder_of(path)}, and no "
                             "such file. `harmdesk backups list` shows the backups.") from None
    except OSError as err:
        raise RestoreRefused(str(paths.unusable(given, err))) from None
    if not stat.S_ISREG(mode):
        raise RestoreRefused(f"{given} is {paths.kind_name(given, mode)}, not a backup file. "
                             "Give a name from `harmdesk backups list`, or a backup file's "
                             "path; nothing was changed.")
    not_the_data_file(path, given)
    return given


def not_the_data_file(path: Path, given: Path) -> None:
    """RestoreRefused when `given` is the data file `path` or one of SQLite's files beside
    it, before it is opened: a Python descriptor of it closing in a process that holds
    the store drops the store's locks."""
    live = live_file(path, given)
    if live is not None:
        raise RestoreRefused(f"{given} is {_as_live(path, live)}, not a backup. Give a name "
                             "from `harmdesk backups list`, or a backup file's path; nothing "
                             "was changed.")


def trusted(source: Path) -> None:
    """RestoreRefused, naming the problem, unless `source` is a sound HarmDesk file."""
    trouble = problem(source)
    if trouble is not None:
        raise RestoreRefused(f"{source} cannot be restored: {trouble}. The data file has "
                             "not been changed.")


def restore(path: Path, source: Path, lock_held: bool = False) -> dict[str, Any]:
    """Replace the data file `path` with the HarmDesk file `source`, after backing the
    current file up (reason `before-restore`). Nothing changes when it is refused.

    `lock_held`: the caller (an open store) holds the writer lock already; otherwise it
    is taken here, and the restore is refused while another HarmDesk writes."""
    not_the_data_file(path, source)
    trusted(source)
    # the file it replaces is read and written: never a pipe, nor a link to elsewhere
    paths.check_data_folder(path.parent)
    paths.check_data_files(path)
    lock = None
    if not lock_held:
        lock = db.WriterLock(path)
        why = lock.acquire()  # None: taken
        if why == lock.HELD:
            raise WriterBusy(f"Another HarmDesk is writing to {path}. Close it (the window "
                             "too) and restore again; nothing was changed.")
        if why:
            raise WriterBusy(f"No restore into {path}: {why}. Nothing was changed.")
    try:
        remove_leftovers(path)  # what a restore killed before this one left
        # a change killed half-way (an upgrade, a restore) is put back first: the backup
        # API reads the file as it was saved, never its half-changed bytes
        db.roll_back_half_change(path)
        saved = _save_current(path)
        _replace(path, source)
    finally:
        if lock is not None:
            lock.release()
    return {"restored": str(path), "from": str(source),
            "replaced_file_saved_as": str(saved) if saved else None,
            "campaigns": contents(path)}


def _save_current(path: Path) -> Path | None:
    """The file about to be replaced, backed up with SQLite's backup API; one SQLite
    cannot read is copied byte for byte (`_copy_unreadable`)."""
    if not path.exists() or path.stat().st_size == 0:
        return None
    try:
        return make(path, "before-restore")
    except (db.DiskFull, paths.WrongKind):
        raise
    except db.StoreError:
        if _read_problem(path) is None:
            raise
    return _copy_unreadable(path)


def _copy_unreadable(path: Path) -> Path:
    """A byte copy of the data file, which SQLite cannot read, with the -wal and the
    -journal that belong to it, into backups/. Refused while this process has any of
    them open: closing the copy's descriptors would drop the locks held on them here."""
    folder = folder_of(path)
    if _open_here(copies.with_sides(path)):
        raise db.StoreError(f"{path} is damaged, and cannot be kept aside while HarmDesk "
                            "still has it open. Close HarmDesk (the window too) and restore "
                            "with `harmdesk backups restore`; nothing was changed.")
    target = _free_name(folder, "before-restore")
    partial = folder / (target.name + _own_suffix())
    sides = [side for side in HOLDING_SIDES if path.with_name(path.name + side).exists()]
    try:
        with copies.writing(partial, target):
            mode = paths.mode_of(path)
            copies.copy_bytes(path, partial, mode)
            for side in sides:
                copies.copy_bytes(path.with_name(path.name + side),
                                  partial.with_name(partial.name + side), mode)
            entry = {"file": target.name, "time": db.now(), "reason": "before-restore",
                     "size": partial.stat().st_size}
            _write_manifest(folder, _manifest(folder) + [entry])
            for side in sides:  # these first: a file named as a backup is never without them
                os.replace(partial.with_name(partial.name + side),
                           target.with_name(target.name + side))
            os.replace(partial, target)
    except OSError as err:
        raise _trouble(err, path, folder) from None
    return target


def _open_here(files: list[Path]) -> bool:
    """Whether this process holds a descriptor of one of `files`, read from its table of
    descriptors (each looked at with stat; nothing is opened). Where there is no such
    table (Windows), no: there a closing descriptor drops no other's lock."""
    wanted = set()
    for file in files:
        try:
            found = os.stat(file)
        except OSError:
            continue
        wanted.add((found.st_dev, found.st_ino))
    for table in ("/proc/self/fd", "/dev/fd"):
        try:
            numbers = os.listdir(table)
        except OSError:
            continue
        for number in numbers:
            try:
                found = os.stat(f"{table}/{number}")
            except OSError:
                continue  # the listing's own descriptor, closed since
            if (found.st_dev, found.st_ino) in wanted:
                return True
        return False
    return False


def _replace(path: Path, source: Path) -> None:
    """Copy `source` beside `path`, then swap it in with one rename; the old file's
    -wal, -shm and -journal go first (saved with it already), so SQLite never plays them
    onto the restored file. The data file keeps its permissions (a GM who made it private
    keeps it private); a first one takes the backup's, and its owner can write it."""
    partial = path.with_name(path.name + RESTORING)
    try:
        mode = paths.mode_of(path) if path.exists() else paths.mode_of(source) | 0o600
        with copies.writing(partial):
            copy_database(source, partial, mode)
            with open(partial, "rb+") as fh:
                os.fsync(fh.fileno())
            _end_wal(path)
            # a journal too: SQLite would play one left hot onto the restored file
            for side in paths.SIDE_FILES:
                path.with_name(path.name + side).unlink(missing_ok=True)
            os.replace(partial, path)
    except (OSError, sqlite3.Error) as err:
        raise _trouble(err, path, path.parent) from None
    try:
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)  # the rename itself reaches the disk
        finally:
            os.close(fd)
    except OSError:
        pass  # not every system syncs a folder; the rename is done either way


def _end_wal(path: Path) -> None:
    """Fold the old file's WAL into it and leave WAL mode, which removes -wal and -shm
    (its content is in the before-restore backup already). A damaged file may refuse:
    its leftovers are removed by the caller."""
    if not path.exists():
        return
    try:
        con = sqlite3.connect(path, timeout=db.BUSY_TIMEOUT_MS / 1000)
        try:
            con.execute("PRAGMA journal_mode=DELETE")
        finally:
            con.close()
    except sqlite3.Error:
        pass
