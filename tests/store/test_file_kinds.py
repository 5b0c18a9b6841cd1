"""The window's first quick look at the desk (`snapshot.read_desk`, before the store opens)
never reads through a link in the data folder, nor opens a named pipe there: it shows
nothing, and the store that opens next names the file."""

import os
import shutil
import sys

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store, db
from harmdesk.store.paths import WrongKind
from harmdesk.store.snapshot import read_desk
from tests.cli_kit import folder_digest

from .conftest import PARTY

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="named pipes and links")


@pytest.fixture
def linked(tmp_path):
    """A data folder whose data file is a link to a sound file in another folder."""
    made = tmp_path / "made"
    store = Store.open(made)
    Campaign.create(store, "Test", "stonetop", {}, PARTY)
    store.close()
    folder, elsewhere = tmp_path / "data", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    shutil.move(made / db.DB_NAME, elsewhere / db.DB_NAME)
    (folder / db.DB_NAME).symlink_to(elsewhere / db.DB_NAME)
    return folder, elsewhere


def test_the_first_look_never_reads_through_a_linked_data_file(linked):
    folder, elsewhere = linked
    before = folder_digest(elsewhere)
    assert read_desk(folder) is None
    assert folder_digest(elsewhere) == before  # no -shm made beside the link's target
    with pytest.raises(WrongKind, match="is a link to"):
        Store.open(folder)
    with pytest.raises(WrongKind, match="is a link to"):
        Store.open(folder, write=False)
    assert folder_digest(elsewhere) == before


def test_the_first_look_never_opens_a_pipe(tmp_path):
    os.mkfifo(tmp_path / db.DB_NAME)
    assert read_desk(tmp_path) is None  # is_file() alone says so, without opening it
    os.mkfifo(tmp_path / (db.DB_NAME + "-wal"))
    (tmp_path / db.DB_NAME).unlink()
    (tmp_path / db.DB_NAME).write_bytes(b"")
    assert read_desk(tmp_path) is None
