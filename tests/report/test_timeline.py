"""The summary's encounters, round by round, from campaigns played through `Campaign` with
the clock's real steps; the rounds' rows are checked line by line, then in the PDF."""


from harmdesk.desk.campaign import Campaign
from harmdesk.report.pdf import write_pdf
from harmdesk.report.source import from_store
from tests.report.conftest import pdf_pages, pdf_text
from tests.report.kit import summarize

MINUS = "\u2212"

LUX = [
    {"id": "sara", "name": "Sara", "kind": "pc", "max_hp": 20},
    {"id": "karis", "name": "Karis", "kind": "pc", "max_hp": 12},
    {"id": "brann", "name": "Brann", "kind": "monster", "max_hp": 6},
]
STONETOP = [
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2},
    {"id": "vahid", "name": "Vahid", "kind": "pc", "max_hp": 16},
    {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 6, "armor": 2},
]
FREEDOM = [
    {"id": "ana", "name": "Ana", "kind": "pc", "hp": 10},
    {"id": "troll", "name": "Troll", "kind": "monster", "hp": 20},
]


def played(store, system: str, sheets: list[dict], nights: list[list[dict]]) -> Campaign:
    """A campaign with one play session per night, every action applied."""
    campaign = Campaign.create(store, f"The {system} test", system, {}, sheets)
    for number, night in enumerate(nights, start=1):
        campaign.start_play_session(f"Night {number}")
        for action in night:
            change = campaign.apply(action)
            assert change.outcome.ok, (action, change.outcome.error)
        campaign.end_play_session("")
    return campaign


def rows(encounter) -> list[tuple[int, list[str]]]:
    return [(r.number, [text for text, _style in r.lines]) for r in encounter.rounds]


LUX_FIGHT = [
    {"type": "start_encounter", "order": ["sara", "karis", "brann"]},
    {"type": "damage", "target": "sara", "amount": 7},
    {"type": "add_condition", "target": "karis", "name": "frozen", "save_ends": True,
     "origin_level": 8},
    {"type": "next_turn"},                                       # Karis
    {"type": "damage", "target": "brann", "amount": 10, "trauma_roll": 5},  # down
    {"type": "next_turn", "condition": "frozen", "bumps": 9},    # Karis Saves; Brann's turn
    {"type": "next_turn"},                                       # round 2, Sara
    {"type": "damage", "target": "sara", "amount": 6},
    {"type": "end_encounter"},
]


def test_a_lux_aeterna_encounter_round_by_round(store):
    campaign = played(store, "lux_aeterna", LUX, [LUX_FIGHT])
    report = from_store(store, campaign.name, [1])
    (fight,) = report.encounters
    assert (fight.number, fight.session, fight.mode) == (1, "Session 1", "turns")
    assert not fight.running and not fight.began_earlier
    assert rows(fight) == [
        (1, ["The encounter begins, round 1: Sara, Karis, Brann", "Sara's turn",
             "Sara takes 7: HP 20 → 13", "Karis gains frozen", "Karis's turn",
             f"Brann takes 10: HP 6 → {MINUS}4", f"Brann: unconscious at {MINUS}4 HP",
             "Brann: Wounded", "Brann: Trauma 5 Infection",
             # her Save at the end of her turn, before Brann's begins (LA-14)
             "Karis: frozen ends", "Brann's turn",
             "Brann: starts the turn Wounded, not Stabilized: Strain 0 → 1 of 3"]),
        (2, ["Sara's turn", "Sara takes 6: HP 13 → 7",
             "The encounter ends in round 2: the scene's Endurance is lost"])]
    downs = [text for r in fight.rounds for text, style in r.lines if style == "bold"]
    assert downs == [f"Brann: unconscious at {MINUS}4 HP", "Brann: Wounded"]


def test_start_of_turn_effects_fall_in_the_round_of_that_turn(store):
    night = [{"type": "add_condition", "target": "karis", "name": "ongoing_damage",
              "amount": 3, "origin_level": 5},
             {"type": "add_condition", "target": "sara", "name": "regenerating", "amount": 2,
              "origin_level": 5},
             {"type": "damage", "target": "sara", "amount": 5},
             {"type": "add_condition", "target": "sara", "name": "dazed", "rounds": 1,
              "origin_level": 5},
             {"type": "start_encounter", "order": ["sara", "karis"]},
             {"type": "next_turn"}, {"type": "next_turn"}]
    campaign = played(store, "lux_aeterna", LUX, [night])
    (fight,) = from_store(store, campaign.name).encounters
    assert fight.running
    # LA-16 "at the start of your turn each round"; dazed's one round runs out (LA-15)
    assert rows(fight) == [
        (1, ["The encounter begins, round 1: Sara, Karis", "Sara's turn",
             "Sara heals 2: HP 15 → 17", "Sara: dazed ends", "Karis's turn",
             "Karis takes 3: HP 12 → 9"]),
        (2, ["Sara's turn", "Sara heals 2: HP 17 → 19"])]


def test_an_encounter_still_running_at_the_end_and_picked_up_in_the_next_session(store):
    first = [{"type": "start_encounter", "order": ["sara", "karis"]},
             {"type": "next_turn"}, {"type": "next_turn"},               # round 2, Sara
             {"type": "damage", "target": "karis", "amount": 5}]
    second = [{"type": "damage", "target": "karis", "amount": 2},       # still round 2
              {"type": "next_turn"}, {"type": "next_turn"},              # round 3
              {"type": "end_encounter"}]
    campaign = played(store, "lux_aeterna", LUX, [first, second])
    (running,) = from_store(store, campaign.name, [1]).encounters
    assert running.running and not running.began_earlier
    assert [r.number for r in running.rounds] == [1, 2]
    assert rows(running)[1][1][-1] == "Karis takes 5: HP 12 → 7"
    (later,) = from_store(store, campaign.name, [2]).encounters
    assert later.began_earlier and not later.running and later.session == "Session 2"
    assert rows(later)[0] == (2, ["Karis takes 2: HP 7 → 5", "Karis's turn"])
    assert [r.number for r in later.rounds] == [2, 3]
    # both nights: one encounter, told from its start
    (whole,) = from_store(store, campaign.name, [1, 2]).encounters
    assert not whole.began_earlier and [r.number for r in whole.rounds] == [1, 2, 3]


def test_two_encounters_in_one_session_and_none_in_another(store):
    fights = [{"type": "start_encounter", "order": ["sara"]},
              {"type": "damage", "target": "sara", "amount": 3},
              {"type": "end_encounter"},
              {"type": "damage", "target": "karis", "amount": 1},   # between the fights
              {"type": "start_encounter", "order": ["karis", "brann"]},
              {"type": "damage", "target": "brann", "amount": 2},
              {"type": "end_encounter"}]
    quiet = [{"type": "heal", "target": "sara", "amount": 3}]
    campaign = played(store, "lux_aeterna", LUX, [fights, quiet])
    one, two = from_store(store, campaign.name, [1]).encounters
    assert (one.number, two.number) == (1, 2)
    assert "Sara takes 3: HP 20 → 17" in rows(one)[0][1]
    assert all("Karis takes 1" not in line for _n, lines in rows(one) + rows(two)
               for line in lines)
    assert rows(two)[0][1][:3] == ["The encounter begins, round 1: Karis, Brann",
                                   "Karis's turn", "Brann takes 2: HP 6 → 4"]
    assert from_store(store, campaign.name, [2]).encounters == ()


def test_stonetop_spotlight_rounds_say_who_acted_and_who_went_down(store):
    night = [{"type": "start_encounter", "order": ["heavy", "vahid", "hagr"]},
             {"type": "mark_acted", "target": "heavy"},
             {"type": "damage", "target": "hagr", "amount": 5},           # 3 past armor
             {"type": "mark_acted", "target": ["vahid", "hagr"]},
             {"type": "damage", "target": "vahid", "amount": 20},         # Death's Door
             {"type": "next_round"},
             {"type": "mark_acted", "target": "heavy"},
             {"type": "deaths_door", "target": "vahid", "roll": 5},
             {"type": "mark_debility", "target": "heavy", "debility": "weakened"},
             {"type": "damage", "target": "hagr", "amount": 12},
             {"type": "end_encounter"}]
    campaign = played(store, "stonetop", STONETOP, [night])
    (fight,) = from_store(store, campaign.name).encounters
    assert fight.mode == "spotlight"
    assert rows(fight) == [
        (1, ["The encounter begins, round 1: The Heavy, Vahid, Hagr",
             "Hagr takes 3: HP 6 → 3", "Vahid takes 16: HP 16 → 0",
             "Vahid: 0 HP: Dying — Death's Door"]),
        (2, ["Vahid: Death's Door 5 (6−): fate pending", "The Heavy gains weakened",
             "Hagr takes 3: HP 3 → 0", "Hagr: 0 HP: Dead", "The encounter ends in round 2"])]
    assert [r.acted for r in fight.rounds] == [("The Heavy", "Vahid", "Hagr"), ("The Heavy",)]


def test_freedom_fantasies_tells_the_damage_after_each_hit(store):
    night = [{"type": "start_encounter", "order": ["ana", "troll"]},
             {"type": "damage", "target": "ana", "amount": 7},
             {"type": "next_turn"},
             {"type": "next_turn"},
             {"type": "damage", "target": "ana", "amount": 6}]          # past 10: Wounded
    campaign = played(store, "freedom_fantasies", FREEDOM, [night])
    (fight,) = from_store(store, campaign.name).encounters
    assert fight.running
    assert rows(fight) == [
        (1, ["The encounter begins, round 1: Ana, Troll", "Ana's turn",
             "Ana takes 7: Damage 0 → 7 (HP 10)", "Troll's turn"]),
        (2, ["Ana's turn", "Ana takes 6: Damage 7 → 13 (HP 10)", "Ana: Wounded"])]


def test_the_pdf_holds_the_rounds_and_their_hits(fonts, store, tmp_path):
    campaign = played(store, "lux_aeterna", LUX, [LUX_FIGHT, [
        {"type": "heal", "target": "sara", "amount": 1}]])
    target = tmp_path / "fight.pdf"
    write_pdf(from_store(store, campaign.name, [1]), target)
    text = pdf_text(target)
    assert "Encounters, round by round" in text and "Encounter 1 · Session 1" in text
    assert "Round 2" in text and "Sara takes 6: HP 13 → 7" in text
    assert "In turns · 2 rounds · ended in round 2" in text
    quiet = tmp_path / "quiet.pdf"
    write_pdf(from_store(store, campaign.name, [2]), quiet)
    assert "round by round" not in pdf_text(quiet) and "Round 2" not in pdf_text(quiet)


def test_an_encounters_title_is_never_left_alone_at_the_foot_of_a_page(fonts, store,
                                                                      tmp_path):
    """The section's heading and each encounter's title go to the page of its first round:
    here the first encounter's title falls at the foot of page 1."""
    again = [{"type": "heal", "target": "sara", "amount": 20}, *LUX_FIGHT[:4],
             {"type": "next_turn"}, {"type": "next_turn"}, {"type": "end_encounter"}]
    campaign = played(store, "lux_aeterna", LUX, [LUX_FIGHT + again])
    target = tmp_path / "two.pdf"
    write_pdf(from_store(store, campaign.name, [1]), target)
    titled = 0
    for page in range(pdf_pages(target)):
        text = pdf_text(target, page)
        for number in (1, 2):
            title = text.find(f"Encounter {number} · Session 1")
            if title >= 0:
                titled += 1
                assert text.find("Round 1", title) > title, (page, text[title:title + 80])
        if "Encounters, round by round" in text:
            assert "Encounter 1 · Session 1" in text
    assert titled == 2


def test_the_whole_log_read_in_memory_tells_the_same_rounds():
    report = summarize("lux_aeterna", LUX, [{"type": "damage", "target": "karis", "amount": 2},
                                            *LUX_FIGHT[:4]])
    (fight,) = report.encounters
    assert fight.running and rows(fight) == [
        (1, ["The encounter begins, round 1: Sara, Karis, Brann", "Sara's turn",
             "Sara takes 7: HP 20 → 13", "Karis gains frozen", "Karis's turn"])]
