"""Freedom Fantasies: desks saved before the attacker of a damage action was read (FF-2,
FF-3) replay exactly as they were played; new desks read it."""

from harmdesk.desk.campaign import Campaign, import_campaign
from harmdesk.rules.engine import apply, new_state
from harmdesk.store import Store

# every setting a Freedom Fantasies desk saved before the attacker was read
OLD_SETTINGS = {"block_compare": "rating", "immunity_additional": "immune_parts",
                "medicine_failure_spends": True, "encounter": None}
PARTY = [{"id": "ash", "name": "Ash", "hp": 5, "damage": 6, "momentum": 1,
          "attack": {"dice": "d6"}},
         {"id": "bo", "name": "Bo", "kind": "monster", "hp": 10},
         {"id": "eld", "name": "Eld", "hp": 2, "damage": 5, "attack": {"dice": "d4"}}]
# played before: the Wounded Ash hit twice though 1 Momentum pays for one attack, and
# Eld, whose Story had Ended, hit too
PLAYED = [{"type": "damage", "target": "bo", "dice": "d6", "rolls": [4], "source": "ash"},
          {"type": "damage", "target": "bo", "dice": "d6", "rolls": [3], "source": "ash"},
          {"type": "damage", "target": "bo", "dice": "d4", "rolls": [2], "source": "eld"}]


def played(settings):
    state = new_state("freedom_fantasies", settings, PARTY)
    for action in PLAYED:
        out = apply(state, action)
        assert out.ok, out.error
        state = out.state
    return state


def test_ff2_a_desk_saved_before_replays_its_wounded_attackers_as_played():
    """FF-2 / FF-3: the old settings read `wounded_attackers` as not_read: Bo took all
    three hits and Ash kept the Momentum, as when the log was made."""
    state = played(OLD_SETTINGS)
    assert state["settings"]["wounded_attackers"] == "not_read"
    assert state["characters"]["bo"]["damage"] == 9
    assert state["characters"]["ash"]["momentum"] == 1


def test_ff2_a_new_desk_reads_the_attacker_whatever_settings_it_is_given():
    """FF-2: {} or some settings: the attacker pays; the second attack is refused."""
    for settings in ({}, {"block_compare": "bonus"}):
        state = new_state("freedom_fantasies", settings, PARTY)
        assert state["settings"]["wounded_attackers"] == "expend_momentum"
        out = apply(state, PLAYED[0])
        assert out.ok and out.state["characters"]["ash"]["momentum"] == 0
        assert "costs 1 Momentum Point" in apply(out.state, PLAYED[1]).error


def test_ff2_an_old_export_imports_to_the_same_desk_and_the_gm_may_switch_the_reading_on(
        tmp_path):
    """FF-2: an export of a campaign saved before imports without a refusal, to the desk
    it was; changing the setting then makes a Wounded attacker pay."""
    export = {"name": "Old", "system": "freedom_fantasies", "settings": OLD_SETTINGS,
              "characters": PARTY, "actions": PLAYED}
    store = Store.open(tmp_path)
    try:
        campaign = import_campaign(store, export)
        assert campaign.state["characters"] == played(OLD_SETTINGS)["characters"]
        campaign = Campaign.open(store, "Old")
        assert campaign.apply({"type": "change_settings",
                               "settings": {"wounded_attackers": "expend_momentum"}}).ok
        change = campaign.apply({"type": "damage", "target": "bo", "amount": 3,
                                 "source": "ash"})
        assert campaign.state["characters"]["ash"]["momentum"] == 0, change
    finally:
        store.close()
