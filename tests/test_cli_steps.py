"""`harmdesk undo|redo` follow the log's steps: a party's Make Camp, logged as one step by the
window, undoes and redoes as one on the command line too (issue 9)."""

from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store
from tests.test_cli_store import harmdesk, ok

PARTY = [{"id": cid, "name": cid.title(), "kind": "pc", "max_hp": 16}
         for cid in ("caradoc", "rhianna", "vahid")]
# ST-10: fed and rested, each regains half of max HP rounded up = 8
MAKE_CAMP = [{"type": "make_camp", "target": c["id"], "choice": "hp"} for c in PARTY]


def hp(desk):
    return {cid: c["hp"] for cid, c in desk["state"].items()}


def test_st10_undo_and_redo_take_a_whole_make_camp(tmp_path):
    store = Store.open(tmp_path)
    try:
        camp = Campaign.create(store, "Night", "stonetop", {}, PARTY)
        camp.apply({"type": "damage", "target": [c["id"] for c in PARTY], "amount": 10})
        assert camp.apply_step(MAKE_CAMP, "Make Camp").ok
    finally:
        store.close()
    assert hp(ok(harmdesk(tmp_path, "state", "Night"))) == dict.fromkeys(
        ("caradoc", "rhianna", "vahid"), 14)
    undone = ok(harmdesk(tmp_path, "undo", "Night"))
    assert hp(undone) == {"caradoc": 6, "rhianna": 6, "vahid": 6}
    assert undone["actions"] == MAKE_CAMP and undone["action"] == MAKE_CAMP[0]
    assert (undone["can_undo"], undone["can_redo"]) == (True, True)
    redone = ok(harmdesk(tmp_path, "redo", "Night"))
    assert hp(redone) == {"caradoc": 14, "rhianna": 14, "vahid": 14}
    assert (redone["can_undo"], redone["can_redo"]) == (True, False)
    assert ok(harmdesk(tmp_path, "undo", "Night"))["can_undo"] is True
    assert hp(ok(harmdesk(tmp_path, "undo", "Night"))) == dict.fromkeys(
        ("caradoc", "rhianna", "vahid"), 16)
