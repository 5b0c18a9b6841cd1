"""A profile's `status` alone (what a long count of who went down reads) is the status
its tile shows, on every state a night of each game's harm reaches: at 0 HP (ST-6),
HP debt and crossing 0 HP (LA-3, LA-4), Wounded and the Story's End (FF-2, FF-3)."""

from hypothesis import HealthCheck, given, settings

from harmdesk.profiles import profile_for
from tests.desk.test_corrections_properties import nights, played


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(nights())
def test_the_status_alone_is_the_tiles_status(night):
    system, actions = night
    log, _ = played(system, actions)
    profile = profile_for(system)
    assert profile.status is not None
    states = [state for row in log.counted() for state in (*row.before.values(),
                                                           *row.after.values()) if state]
    for state in states:
        assert profile.status_of(state) == profile.tile_facts(state).status


def test_a_profile_without_a_status_of_its_own_reads_its_tile():
    from tests.fourth_game.profile import PROFILE
    assert PROFILE.status is None
    sheet = {"id": "x", "name": "X", "kind": "pc", "hp": 3, "max_hp": 5}
    assert PROFILE.status_of(sheet) == PROFILE.tile_facts(sheet).status
