"""The creature library in the store: templates shared by a game's campaigns or kept by
one, the starters written once per game, and the v4 file upgraded to hold them."""

import shutil

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import ReadOnly, Store, StoreError, db
from tests.conftest import ROOT

COEDWIG = {"name": "Coedwig", "kind": "monster", "notes": "thorn-spirits", "hp": "d6",
           "sheet": {"armor": 0}, "attack": {"dice": "d6", "piercing": 1}, "count": 6,
           "source": ""}


def campaign(store, name, system="stonetop"):
    return Campaign.create(store, name, system, {}, []).info.id


def names(stored):
    return [t.name for t in stored]


def test_a_template_round_trips_with_its_name_as_given(store):
    markup = "<b>Coedwig</b> & co"
    tid = store.save_template("stonetop", markup, {**COEDWIG, "name": markup})
    saved = store.template(tid)
    assert (saved.id, saved.system, saved.campaign_id, saved.name) == \
        (tid, "stonetop", None, markup)
    assert saved.data == {**COEDWIG, "name": markup}
    # replaced: same id, new data
    assert store.save_template("stonetop", "Coedwig", {**COEDWIG, "count": 3}, tid=tid) == tid
    assert store.template(tid).data["count"] == 3 and store.template(tid).name == "Coedwig"
    store.delete_template(tid)
    assert store.template(tid) is None and store.templates("stonetop") == []


def test_a_campaigns_templates_are_its_own_and_shared_ones_everyones(store):
    a, b = campaign(store, "A"), campaign(store, "B")
    other = campaign(store, "Lux", "lux_aeterna")
    store.save_template("stonetop", "Shared hagr", {"name": "Shared hagr"})
    store.save_template("stonetop", "coedwig of A", COEDWIG, campaign_id=a)
    store.save_template("stonetop", "Birdwraig of B", {"name": "x"}, campaign_id=b)
    store.save_template("lux_aeterna", "Ice wraith", {"name": "Ice wraith"})
    store.save_template("lux_aeterna", "Lux own", {"name": "Lux own"}, campaign_id=other)
    assert names(store.templates("stonetop", a)) == ["coedwig of A", "Shared hagr"]
    assert names(store.templates("stonetop", b)) == ["Birdwraig of B", "Shared hagr"]
    assert names(store.templates("stonetop")) == ["Shared hagr"]
    assert names(store.templates("lux_aeterna", other)) == ["Ice wraith", "Lux own"]
    # another game's campaign id brings none of its templates into this game's list
    assert names(store.templates("stonetop", other)) == ["Shared hagr"]


def test_a_template_kept_by_a_campaign_of_another_game_is_refused(store):
    lux = campaign(store, "Lux", "lux_aeterna")
    with pytest.raises(StoreError, match="lux_aeterna"):
        store.save_template("stonetop", "Coedwig", COEDWIG, campaign_id=lux)
    tid = store.save_template("lux_aeterna", "Ice wraith", {"name": "Ice wraith"})
    with pytest.raises(StoreError, match="not a stonetop one"):
        store.save_template("stonetop", "Ice wraith", {}, tid=tid)
    with pytest.raises(StoreError, match="JSON object"):
        store.save_template("stonetop", "List", ["not", "an", "object"])
    assert names(store.templates("stonetop")) == []


def test_deleting_a_campaign_deletes_its_templates(store):
    a, b = campaign(store, "A"), campaign(store, "B")
    mine = store.save_template("stonetop", "Coedwig", COEDWIG, campaign_id=a)
    theirs = store.save_template("stonetop", "Coedwig", COEDWIG, campaign_id=b)
    shared = store.save_template("stonetop", "Hagr", {"name": "Hagr"})
    with store.connections.writing() as con:
        con.execute("DELETE FROM campaign WHERE id = ?", (a,))
    assert store.template(mine) is None
    assert store.template(theirs) is not None and store.template(shared) is not None


def test_starters_are_written_once_per_game(store):
    starters = [("Hagr", {"name": "Hagr"}), ("Coedwig", COEDWIG)]
    assert not store.seeded("stonetop")
    assert store.seed_templates("stonetop", starters) is True
    assert store.seeded("stonetop") and not store.seeded("lux_aeterna")
    assert store.seed_templates("stonetop", starters) is False
    assert names(store.templates("stonetop")) == ["Coedwig", "Hagr"]
    # the GM deletes a starter: it is not written again
    hagr = next(t for t in store.templates("stonetop") if t.name == "Hagr")
    store.delete_template(hagr.id)
    assert store.seed_templates("stonetop", starters) is False
    assert names(store.templates("stonetop")) == ["Coedwig"]
    # another game is seeded on its own
    assert store.seed_templates("lux_aeterna", [("Ice wraith", {"name": "Ice wraith"})])
    assert names(store.templates("lux_aeterna")) == ["Ice wraith"]


def test_a_reader_refuses_every_template_write(tmp_path):
    Store.open(tmp_path).close()
    reader = Store.open(tmp_path, write=False)
    try:
        for write in (lambda: reader.save_template("stonetop", "X", {}),
                      lambda: reader.delete_template(1),
                      lambda: reader.seed_templates("stonetop", [("X", {})])):
            with pytest.raises(ReadOnly, match="read-only"):
                write()
        assert reader.templates("stonetop") == [] and not reader.seeded("stonetop")
    finally:
        reader.close()


def test_a_v4_file_upgrades_keeping_its_rows_with_an_empty_library(tmp_path):
    shutil.copy(ROOT / "tests" / "fixtures" / "harmdesk-v4.sqlite", tmp_path / db.DB_NAME)
    store = Store.open(tmp_path)
    try:
        fixture = Campaign.open(store, "Fixture")
        assert fixture.state["characters"]["heavy"]["hp"] == 16
        assert [(e.seq, e.undone) for e in store.log(fixture.info.id, include_undone=True)] \
            == [(1, False), (2, True), (3, True)]
        assert store.templates("stonetop", fixture.info.id) == []
        assert not store.seeded("stonetop")
        tid = store.save_template("stonetop", "Coedwig", COEDWIG, campaign_id=fixture.info.id)
        assert names(store.templates("stonetop", fixture.info.id)) == ["Coedwig"]
        assert store.template(tid).data == COEDWIG
    finally:
        store.close()


def test_the_v5_fixture_keeps_its_library_through_the_upgrade(tmp_path):
    shutil.copy(ROOT / "tests" / "fixtures" / "harmdesk-v5.sqlite", tmp_path / db.DB_NAME)
    store = Store.open(tmp_path)
    try:
        fixture = Campaign.open(store, "Fixture")
        assert [(t.name, t.campaign_id) for t in store.templates("stonetop", fixture.info.id)] \
            == [("Coedwig", fixture.info.id), ("Hagr", None)]
        assert store.seeded("stonetop")
        assert store.seed_templates("stonetop", [("Hagr", {})]) is False
    finally:
        store.close()
    assert list((tmp_path / "backups").glob("*before-v6.sqlite"))  # upgraded after a backup
