"""`Store.together`: several campaigns (the demo's three) saved in one transaction."""

import pytest

from harmdesk.desk.campaign import Campaign, import_campaign
from harmdesk.desk.demo import DEMO_FILES, ensure_demo
from harmdesk.resources import resource_path
from harmdesk.store import Store, StoreError

from .conftest import PARTY


def names(folder) -> list[str]:
    """The campaigns in the file, as another HarmDesk reads them."""
    reader = Store.open(folder, write=False)
    try:
        return sorted(c["name"] for c in reader.campaigns())
    finally:
        reader.close()


def test_a_failure_inside_saves_none_of_it(store):
    with pytest.raises(RuntimeError), store.together():
        Campaign.create(store, "One", "stonetop", {}, PARTY)
        # reads inside see what was made inside
        assert Campaign(store, "One").state["characters"]["heavy"]["hp"] == 20
        Campaign.create(store, "Two", "stonetop", {}, PARTY)
        raise RuntimeError("killed half-way")
    assert store.campaigns() == [] and names(store.path.parent) == []


def test_nothing_is_seen_outside_until_all_is_saved(store):
    with store.together():
        Campaign.create(store, "One", "stonetop", {}, PARTY)
        assert names(store.path.parent) == []
    assert names(store.path.parent) == ["One"]


def test_a_refused_change_inside_is_undone_alone(store):
    with store.together():
        Campaign.create(store, "One", "stonetop", {}, PARTY)
        with pytest.raises(StoreError, match="already a campaign"):
            Campaign.create(store, "One", "lux_aeterna", {}, [])
        Campaign.create(store, "Two", "stonetop", {}, PARTY)
    assert names(store.path.parent) == ["One", "Two"]
    assert store.campaign("One").system == "stonetop"


def test_the_demo_campaigns_are_all_made_or_none(store, monkeypatch):
    real = import_campaign
    made = []

    def third_fails(into, source, *args, **kwargs):
        if len(made) == 2:
            raise OSError("killed")
        made.append(source)
        return real(into, source, *args, **kwargs)

    monkeypatch.setattr("harmdesk.desk.demo.import_campaign", third_fails)
    with pytest.raises(OSError):
        ensure_demo(store)
    assert store.campaigns() == []
    monkeypatch.undo()
    assert len(ensure_demo(store)) == len(DEMO_FILES) == 3
    assert ensure_demo(store) == []  # once only
    assert len(store.campaigns()) == 3
    assert resource_path("demo", DEMO_FILES[0]).is_file()
