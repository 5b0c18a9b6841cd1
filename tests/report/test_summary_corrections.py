"""The summary after a correction: a struck entry counts for nothing, a re-derived one
counts as it now reads, and the GM's summary lists each revert, edit and rewind."""

import re

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.service import Service
from harmdesk.report.corrections import MOST_NAMED
from harmdesk.report.pdf import write_pdf
from harmdesk.report.source import from_store
from tests.report.conftest import pdf_text
from tests.report.kit import row
from tests.report.test_data import STONETOP
from tests.report.test_timeline import LUX, LUX_FIGHT, played, rows

# Vahid (16 HP, no armor): 10 (16 → 6), then 9 of which 6 count (6 → 0, Death's Door), a
# Death's Door roll, and a hit on The Heavy no correction touches
NIGHT = [
    {"type": "damage", "target": "vahid", "amount": 10},
    {"type": "damage", "target": "vahid", "amount": 9},
    {"type": "deaths_door", "target": "vahid", "roll": 8},
    {"type": "damage", "target": "heavy", "amount": 5},
]


def night(store, name: str = "Barrow", actions=NIGHT) -> Service:
    campaign = Campaign.create(store, name, "stonetop", {}, STONETOP)
    campaign.start_play_session("The barrow")
    for action in actions:
        assert campaign.apply(action).ok, action
    return Service.on(campaign)


def correct(service: Service, kind: str, step: int, action=None):
    return service.commit_correction(service.correction(kind, step, action))


def hp_lost(text: str) -> list[int]:
    """The HP each hit took, read off the PDF's full log: "…; 16 → 6 HP" is 10 lost."""
    log = text.split("Full log", 1)[1]
    return [int(a) - int(b) for a, b in re.findall(r"HP lost; (\d+) → (\d+) HP", log)]


def test_a_reverted_hit_is_left_out_and_the_hit_after_it_counts_as_re_derived(store):
    service = night(store)
    before = row(from_store(store, "Barrow"), "vahid")
    assert (before.taken, before.hits, before.end) == (16, 2, 0)
    assert before.deaths_door == [(8, "7-9")] and before.fates
    correct(service, "revert", 1)
    report = from_store(store, "Barrow")
    vahid, heavy = row(report, "vahid"), row(report, "heavy")
    # the 9-point hit now lands on 16 HP: 9 lost, not the 6 it took on 6 HP, and not
    # the 16 − 10 = 6 that taking the reverted hit off the total would say
    assert (vahid.start, vahid.taken, vahid.hits, vahid.end) == (16, 9, 1, 7)
    # the Death's Door roll existed only because of the reverted hit
    assert vahid.deaths_door == [] and vahid.fates == [] and not vahid.died
    assert (heavy.taken, heavy.hits) == (3, 1)  # untouched by the revert
    texts = [line.text for line in report.log]
    assert not any("16 → 6 HP" in t or "rolls 8" in t for t in texts), texts
    assert any("9 − 0 = 9 HP lost; 16 → 7 HP" in t for t in texts), texts
    assert report.actions == 2  # the re-derived hit and The Heavy's; not the correction
    biggest = next(h for h in report.highlights if h.title == "Biggest hit")
    assert biggest.text == "Vahid lost 9 HP"


def test_the_pdf_counts_the_damage_before_and_after_a_revert(fonts, store, tmp_path):
    service = night(store)
    write_pdf(from_store(store, "Barrow"), tmp_path / "before.pdf")
    before = pdf_text(tmp_path / "before.pdf")
    assert hp_lost(before) == [10, 6, 3]
    assert "Corrections" not in before
    correct(service, "revert", 1)
    write_pdf(from_store(store, "Barrow"), tmp_path / "after.pdf")
    after = pdf_text(tmp_path / "after.pdf")
    assert hp_lost(after) == [9, 3]
    assert "16 → 7 of 16" in after and "9 (1 hit)" in after
    assert "Death's Door 8" not in after.split("Corrections", 1)[0]
    # the GM's summary lists the correction: what it reverted, struck and changed
    fixes = after.split("Corrections", 1)[1].split("HP over time", 1)[0]
    assert "Revert #1: Vahid takes 10 damage; armor 0; 10 − 0 = 10 HP lost; 16 → 6 HP" in fixes
    assert "Struck: #1" not in fixes  # the title names it
    assert "Struck: #3 Vahid at Death's Door rolls 8" in fixes
    assert "(no longer possible)" in fixes
    assert "Outcome changed: #2 Vahid takes 9 damage" in fixes
    assert re.search(r"was 0/16 HP.*becomes 7/16 HP", fixes), fixes
    assert "The Heavy" not in fixes


def test_undoing_a_revert_gives_back_the_summary_before_it(store):
    service = night(store)
    before = from_store(store, "Barrow")
    correct(service, "revert", 1)
    assert from_store(store, "Barrow") != before
    service.undo()
    assert from_store(store, "Barrow") == before
    service.redo()
    assert row(from_store(store, "Barrow"), "vahid").taken == 9


def test_an_edited_hit_counts_as_edited_and_what_followed_as_re_derived(store):
    service = night(store)
    correct(service, "edit", 1, {"type": "damage", "target": "vahid", "amount": 2})
    report = from_store(store, "Barrow")
    vahid = row(report, "vahid")
    # 2 (16 → 14), then the 9-point hit in full (14 → 5); no Death's Door any more
    assert (vahid.taken, vahid.hits, vahid.end, vahid.deaths_door) == (11, 2, 5, [])
    (fix,) = report.corrections
    assert fix.text.startswith("Edit #1: Vahid takes 10 damage")
    assert fix.edited.startswith("Vahid takes 2 damage")
    assert [line.split(" (")[0] for line in fix.struck] == \
        ["#3 Vahid at Death's Door rolls 8; 7–9: no longer dying, but out of the action at 0 HP"]
    assert len(fix.changed) == 1 and fix.changed[0].startswith("#2 Vahid takes 9 damage")


def test_a_rewind_to_the_sessions_start_leaves_nothing_to_count(fonts, store, tmp_path):
    service = night(store)
    (start,) = [c for c in service.checkpoints() if c.kind == "play_session"]
    correct(service, "rewind", start.seq)
    report = from_store(store, "Barrow")
    assert report.empty and report.actions == 0
    (fix,) = report.corrections
    assert fix.text.startswith("Rewind to") and fix.text.endswith("play session 1")
    assert fix.struck[0].startswith("#1 Vahid takes 10 damage")
    assert len(fix.struck) == 4 and all("(after the checkpoint)" in s for s in fix.struck)
    write_pdf(report, tmp_path / "rewound.pdf")
    text = pdf_text(tmp_path / "rewound.pdf")
    assert "Nothing happened" in text and "Corrections" in text
    assert fix.text in text


def sessions_and_a_later_revert(store, name: str, revert: bool):
    """Night 1 hits Vahid; night 2 hits Vahid to Death's Door; night 3 reverts night 1's
    hit (`revert`), or the same nights with that hit never made."""
    campaign = Campaign.create(store, name, "stonetop", {}, STONETOP)
    nights = [[NIGHT[3], NIGHT[0], {"type": "heal", "target": "heavy", "amount": 2}],
              [NIGHT[1], NIGHT[2], {"type": "damage", "target": "hagr", "amount": 4}],
              [{"type": "damage", "target": "heavy", "amount": 4}]]
    for number, actions in enumerate(nights, start=1):
        campaign.start_play_session(f"Night {number}")
        for action in actions:
            if revert or action is not NIGHT[0]:
                campaign.apply(action)  # without the first hit, the Death's Door roll is refused
        campaign.end_play_session()
    if revert:
        service = Service.on(campaign)
        campaign.start_play_session("Night 4")
        correct(service, "revert", 2)
    return campaign


def counted_parts(report):
    return (report.rows, report.series, report.highlights,
            [(line.number, line.text, line.kind) for line in report.log], report.actions,
            report.untouched, report.encounters, report.unchanged)


def test_each_session_after_a_revert_reads_as_if_the_entry_never_happened(store):
    sessions_and_a_later_revert(store, "Corrected", revert=True)
    sessions_and_a_later_revert(store, "Never", revert=False)
    for numbers in ([1], [2], [3], [1, 2], None):
        corrected = from_store(store, "Corrected", numbers, everything=numbers is None)
        never = from_store(store, "Never", numbers, everything=numbers is None)
        assert counted_parts(corrected) == counted_parts(never), numbers
        assert never.corrections == ()
    # night 1 holds the reverted hit and night 2 its dependant: each lists the revert, made
    # later; night 3 holds nothing it touched; night 4 is when it was made
    listed = {n: from_store(store, "Corrected", [n]).corrections for n in (1, 2, 3, 4)}
    assert [(c.text.split(";")[0], c.later) for c in listed[1]] == \
        [("Revert #2: Vahid takes 10 damage", True)]
    assert [c.later for c in listed[2]] == [True] and listed[3] == ()
    assert [(c.seq, c.later, c.group) for c in listed[4]] == \
        [(listed[1][0].seq, False, "Session 4: Night 4")]
    assert any(line.startswith("#5 Vahid at Death's Door rolls 8") for line in listed[2][0].struck)


def test_a_long_rewind_names_its_first_entries_and_counts_the_rest(store):
    hits = [{"type": "damage", "target": "heavy", "amount": 1}] * 20
    service = night(store, "Long night", hits)
    (start,) = [c for c in service.checkpoints() if c.kind == "play_session"]
    correct(service, "rewind", start.seq)
    (fix,) = from_store(store, "Long night").corrections
    assert len(fix.struck) == MOST_NAMED + 1
    assert fix.struck[0].startswith("#1 The Heavy takes 1 damage")
    assert fix.struck[-1] == f"and {20 - MOST_NAMED} more (#{MOST_NAMED + 1}–#20)"


def test_an_encounter_told_after_a_revert_and_after_a_rewind_to_its_round(store):
    """The rounds tell what counts: the re-derived hit with the HP it now leaves, and none
    of what a rewind struck (the encounter's end among it: it runs on)."""
    campaign = played(store, "lux_aeterna", LUX, [LUX_FIGHT])
    service = Service.on(campaign)
    correct(service, "revert", 2)  # Sara takes 7 in round 1
    (fight,) = from_store(store, campaign.name).encounters
    assert rows(fight)[0][1][:3] == ["The encounter begins, round 1: Sara, Karis, Brann",
                                     "Sara's turn", "Karis gains frozen"]
    assert rows(fight)[1] == (2, ["Sara's turn", "Sara takes 6: HP 20 → 14",
                                  "The encounter ends in round 2: the scene's Endurance is "
                                  "lost"])
    (round_two,) = [c for c in service.checkpoints() if c.kind == "round"]
    correct(service, "rewind", round_two.seq)
    (fight,) = from_store(store, campaign.name).encounters
    assert fight.running and rows(fight)[1] == (2, ["Sara's turn"])
    assert not any("Sara takes" in line for _n, lines in rows(fight) for line in lines)
