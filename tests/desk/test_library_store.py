"""The library as the store keeps it (`desk.library_store`): starters written once, scopes
of a game and a campaign, and imports that save all or nothing."""

from __future__ import annotations

import pytest

from harmdesk.desk import library_store
from harmdesk.desk.campaign import Campaign
from harmdesk.desk.library import Template
from harmdesk.desk.library_store import Scope
from harmdesk.errors import UserError
from harmdesk.store import Store


@pytest.fixture
def store(tmp_path):
    opened = Store.open(tmp_path)
    yield opened
    opened.close()


def names(found):
    return [t.name for t in found]


def test_starters_are_listed_unsaved_until_a_writable_read_writes_them_once(store):
    unsaved = library_store.templates(store, Scope("stonetop"), seed=False)
    assert names(unsaved) == ["Birdwraig", "Coedwig", "Hagr"]
    assert [t.id for t in unsaved] == [None, None, None] and not store.seeded("stonetop")
    saved = library_store.templates(store, Scope("stonetop"))
    assert names(saved) == names(unsaved) and all(isinstance(t.id, int) for t in saved)
    hagr = next(t for t in saved if t.name == "Hagr")
    store.delete_template(hagr.id)
    # a starter the GM deleted stays deleted
    assert names(library_store.templates(store, Scope("stonetop"))) == ["Birdwraig", "Coedwig"]
    assert names(library_store.templates(store, Scope("lux_aeterna"))) == ["Ice wraith"]


def test_a_campaigns_own_template_is_in_its_scope_only(store):
    night = Campaign.create(store, "Night", "stonetop").info
    other = Campaign.create(store, "Other", "stonetop").info
    mine = Scope("stonetop", night.id, night.name)
    theirs = Scope("stonetop", other.id, other.name)
    saved = library_store.save(store, mine, Template(None, "stonetop", "Wolf", "monster", "6",
                                                     {"armor": 1}, None, campaign="Night"))
    assert "Wolf" in names(library_store.templates(store, mine))
    assert "Wolf" not in names(library_store.templates(store, theirs))
    assert "Wolf" not in names(library_store.templates(store, Scope("stonetop")))
    assert library_store.template(store, theirs, saved.id) is None
    assert library_store.template(store, mine, saved.id).campaign == "Night"


def test_a_template_of_another_game_is_not_saved_into_a_scope(store):
    wraith = Template(None, "lux_aeterna", "Wraith", "monster", "8", {"level": 8}, None)
    with pytest.raises(UserError, match="Lux Aeterna template; this campaign plays Stonetop"):
        library_store.save(store, Scope("stonetop"), wraith)


def test_an_import_refused_half_way_saves_nothing(store):
    before = names(library_store.templates(store, Scope("stonetop")))
    incoming = [Template(None, "stonetop", "Wolf", "monster", "6", {"armor": 1}, None),
                Template(None, "stonetop", "Hagr", "monster", "12", {"armor": 2}, None)]

    def refuse(old, new):
        raise UserError(f"{new.name} is there already.")

    with pytest.raises(UserError):
        library_store.import_templates(store, incoming, refuse)
    assert names(library_store.templates(store, Scope("stonetop"))) == before
