"""Property: the desk in the database always equals the rules core's fold over the log."""

import tempfile

from hypothesis import HealthCheck, given, settings, strategies as st

from harmdesk import rules
from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store

from .conftest import PARTY, fold

IDS = ["caradoc", "heavy", "hagr", "blodwen"]
target = st.one_of(st.sampled_from(IDS), st.lists(st.sampled_from(IDS), min_size=1,
                                                    max_size=3, unique=True))
actions = st.one_of(
    st.builds(lambda t, a, p: {"type": "damage", "target": t, "amount": a, "piercing": p},
              target, st.integers(-1, 12), st.integers(0, 2)),
    st.builds(lambda t, a: {"type": "heal", "target": t, "amount": a}, target, st.integers(0, 8)),
    st.builds(lambda t: {"type": "recover", "target": t}, target),
    st.builds(lambda t, d: {"type": "mark_debility", "target": t, "debility": d}, target,
              st.sampled_from(["weakened", "dazed", "miserable"])),
    st.just({"type": "add_character", "character": {"id": "blodwen", "max_hp": 16}}),
    st.builds(lambda t: {"type": "remove_character", "target": t}, st.sampled_from(IDS)),
    st.builds(lambda p: {"type": "change_settings", "settings": {"prosperity": p}},
              st.integers(-1, 3)),
    st.sampled_from(["undo", "redo", "restart"]),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(actions, max_size=25))
def test_database_equals_fold_over_the_applied_log(steps):
    with tempfile.TemporaryDirectory() as folder:
        store = Store.open(folder)
        campaign = Campaign.create(store, "P", "stonetop", {"prosperity": 1}, PARTY)
        initial = rules.new_state("stonetop", {"prosperity": 1}, PARTY)
        try:
            for step in steps:
                if step == "undo":
                    campaign.undo()
                elif step == "redo":
                    campaign.redo()
                elif step == "restart":
                    store.close()
                    store = Store.open(folder)
                    campaign = Campaign.open(store, "P")
                else:
                    campaign.apply(step)
                log = [e.action for e in store.log(campaign.info.id)]
                expected = fold(initial, log)
                assert campaign.state == expected
                assert Campaign(store, "P").state == expected
        finally:
            store.close()
