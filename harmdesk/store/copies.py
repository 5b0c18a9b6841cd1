"""Temporary copies, as backups and restores write them: each into a new file of its own
(a link left at its name is removed, never written through), and known while it is
being written, so that tidying away what a killed HarmDesk left never takes a copy this
process is still making."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from . import paths

# the copies this process is writing now (absolute paths, without SQLite's side endings)
_writing_now: set[str] = set()
_writing_lock = threading.Lock()


def with_sides(file: Path) -> list[Path]:
    """`file` and the files SQLite keeps beside it while it writes one."""
    return [file] + [file.with_name(file.name + side) for side in paths.SIDE_FILES]


def _without_side(file: Path) -> str:
    name = file.name
    for side in paths.SIDE_FILES:
        name = name.removesuffix(side)
    return os.path.abspath(file.with_name(name))


@contextmanager
def writing(*files: Path) -> Iterator[None]:
    """`files` are being written by this thread: `remove_stale` leaves them alone
    meanwhile, and whatever is left of them (SQLite's files too) is removed if it fails."""
    names = {os.path.abspath(f) for f in files}
    with _writing_lock:
        _writing_now.update(names)
    try:
        yield
    except BaseException:
        remove(*(side for f in files for side in with_sides(f)))
        raise
    finally:
        with _writing_lock:
            _writing_now.difference_update(names)


def remove_stale(found: Iterable[Path]) -> None:
    """Remove the files `found` but those this process is writing now."""
    # under the lock: a copy begun now is registered before its file exists, so a file
    # found that is not registered is no one's
    with _writing_lock:
        remove(*(f for f in found if _without_side(f) not in _writing_now))


def remove(*files: Path) -> None:
    for file in files:
        try:
            file.unlink(missing_ok=True)
        except OSError:
            pass  # what cannot be removed now is harmless: its name never counts


def copy_bytes(source: Path, target: Path, mode: int) -> None:
    """`source` byte for byte into a new file `target` with `mode`."""
    import shutil  # with its archive modules: for a copy only, not on every start
    with open(source, "rb") as src, os.fdopen(paths.fresh_file(target, mode), "wb") as dst:
        shutil.copyfileobj(src, dst)
