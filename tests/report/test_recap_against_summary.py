"""The recap and the session summary count the same night: each character's harm taken
and healing received, from the recap's JSON and from the summary's data, are equal on
the demo campaigns and on random sequences of hits and healing."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.demo import ensure_demo
from harmdesk.report.recap import recap_json
from harmdesk.report.recap_source import recap_statistics
from harmdesk.report.source import from_store
from harmdesk.store import Store
from tests.report.test_stats import NIGHT


def both(store, campaign: str) -> tuple[dict, dict]:
    """{id: (taken, healed)} from the summary's data, and from the recap's JSON."""
    report = from_store(store, campaign, everything=True)
    summary = {row.cid: (row.taken, row.healed) for row in report.rows}
    stats, scope = recap_statistics(store, campaign, everything=True)
    data = recap_json(stats, campaign, scope)
    recap = {c["id"]: (c["taken"]["total"], c["healing_received"]["total"])
             for c in data["characters"]}
    # a character the summary lists with nothing taken or healed is in the recap's
    # figures only when something else of theirs (a down, a hit dealt) was counted
    summary = {cid: v for cid, v in summary.items() if v != (0, 0) or cid in recap}
    recap = {cid: v for cid, v in recap.items() if v != (0, 0) or cid in summary}
    return summary, recap


def test_the_demo_campaigns_count_alike(tmp_path):
    store = Store.open(tmp_path)
    try:
        names = ensure_demo(store)
        assert len(names) == 3
        for name in names:
            summary, recap = both(store, name)
            assert summary and summary == recap, name
    finally:
        store.close()


ACTIONS = st.one_of(
    st.fixed_dictionaries({"type": st.just("damage"),
                           "target": st.sampled_from(["heavy", "hagr", "birdwraig"]),
                           "amount": st.integers(0, 14),
                           "source": st.sampled_from(["hagr", "coedwig", "heavy"])}),
    st.fixed_dictionaries({"type": st.just("lose_hp"),
                           "target": st.sampled_from(["heavy", "coedwig"]),
                           "amount": st.integers(1, 5)}),
    st.fixed_dictionaries({"type": st.just("heal"),
                           "target": st.sampled_from(["heavy", "hagr"]),
                           "amount": st.integers(1, 8)}))


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(ACTIONS, min_size=1, max_size=10))
def test_random_nights_count_alike(tmp_path_factory, actions):
    store = Store.open(tmp_path_factory.mktemp("night"))
    try:
        camp = Campaign.create(store, "Night", "stonetop", {}, NIGHT)
        for action in actions:
            if action.get("source") == action["target"]:
                action = {k: v for k, v in action.items() if k != "source"}
            camp.apply(action)  # one the rules refuse (a downed attacker) is not logged
        summary, recap = both(store, "Night")
    finally:
        store.close()
    assert summary == recap
