"""`harmdesk log`, `revert`, `edit` and `rewind`: the step numbers `apply` prints are the
ones `log` lists and the corrections take; a preview changes nothing in the file, a saved
correction shows there as the re-derived states and the struck rows; bad input and rolls
still needed exit 2 in plain words with nothing saved."""

from __future__ import annotations

import json
import sqlite3

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store
from tests.test_cli_store import harmdesk, ok

HEAVY = {"id": "heavy", "name": "The Heavy", "max_hp": 20, "armor": 0}
BRAN = {"id": "bran", "name": "Bran", "max_hp": 6, "armor": 0}
MARA = {"id": "mara", "name": "Mara", "max_hp": 10}


def hit(target: str, amount: int, **more) -> dict:
    return {"type": "damage", "target": target, "amount": amount, **more}


def made(folder, name: str, system: str, characters: list[dict], actions: list[dict]) -> None:
    """A campaign in `folder` with `actions` logged, one step each (#1, #2, …)."""
    store = Store.open(folder)
    try:
        campaign = Campaign.create(store, name, system, {}, characters)
        for action in actions:
            assert campaign.apply(action).ok, action
    finally:
        store.close()


def file_rows(folder, name: str = "Night") -> list[dict]:
    """The campaign's log rows as the data file holds them, oldest first."""
    con = sqlite3.connect(folder / "harmdesk.sqlite")
    try:
        con.row_factory = sqlite3.Row
        return [dict(row) for row in con.execute(
            "SELECT log.* FROM log JOIN campaign ON campaign.id = log.campaign_id "
            "WHERE campaign.name = ? ORDER BY seq", (name,))]
    finally:
        con.close()


def file_state(folder, cid: str, name: str = "Night") -> dict:
    """A character's state as the data file holds it."""
    con = sqlite3.connect(folder / "harmdesk.sqlite")
    try:
        (state,), = con.execute(
            "SELECT character.state FROM character JOIN campaign "
            "ON campaign.id = character.campaign_id WHERE campaign.name = ? AND cid = ?",
            (name, cid))
        return json.loads(state)
    finally:
        con.close()


def file_dump(folder) -> list[str]:
    """Everything the data file holds, as SQL."""
    con = sqlite3.connect(folder / "harmdesk.sqlite")
    try:
        return list(con.iterdump())
    finally:
        con.close()


def struck_by(folder, name: str = "Night") -> dict[int, int | None]:
    return {row["seq"]: row["struck_by"] for row in file_rows(folder, name)}


def refused_plainly(run, *words: str, status: int = 2) -> None:
    assert run.returncode == status, (run.returncode, run.stderr)
    assert run.stdout == "" and "Traceback" not in run.stderr
    assert run.stderr.startswith("harmdesk: ") or "usage:" in run.stderr, run.stderr
    for word in words:
        assert word in run.stderr, run.stderr
    assert len(run.stderr) < 2000  # a sentence, not a dump


def log_of(folder, *more: str, name: str = "Night") -> dict:
    return ok(harmdesk(folder, "log", name, *more))


# numbers ----------------------------------------------------------------------------------
def test_apply_prints_the_step_number_that_log_lists(tmp_path):
    made(tmp_path, "Night", "stonetop", [HEAVY], [])
    steps = [ok(harmdesk(tmp_path, "apply", "Night", json.dumps(hit("heavy", n))))["step"]
             for n in (1, 2, 3)]
    assert steps == [1, 2, 3]
    rows = log_of(tmp_path)["rows"]
    assert [(r["seq"], r["step"]) for r in rows] == [(1, 1), (2, 2), (3, 3)]
    assert "20 → 19 HP" in rows[0]["text"] and "17 → 14 HP" in rows[2]["text"]
    assert not any(r["undone"] or r["struck"] or r["struck_by"] for r in rows)
    ok(harmdesk(tmp_path, "undo", "Night"))
    after = ok(harmdesk(tmp_path, "apply", "Night", json.dumps(hit("heavy", 4))))
    assert after["step"] == 3  # the undone #3 was dropped: the new step takes its number
    assert after["state"]["heavy"]["hp"] == 13


def test_log_lists_the_newest_rows_newest_last(tmp_path):
    made(tmp_path, "Night", "stonetop", [HEAVY], [hit("heavy", 1) for _ in range(7)])
    ok(harmdesk(tmp_path, "undo", "Night"))
    shown = log_of(tmp_path, "--limit", "3")
    assert [r["seq"] for r in shown["rows"]] == [5, 6, 7] and shown["older"] is True
    assert [r["undone"] for r in shown["rows"]] == [False, False, True]
    everything = log_of(tmp_path)
    assert [r["seq"] for r in everything["rows"]] == list(range(1, 8))
    assert everything["older"] is False


def test_log_reads_only_the_rows_it_shows(tmp_path, monkeypatch):
    from harmdesk.store.store import Store as StoreClass
    from tests.cli_kit import run_cli
    made(tmp_path, "Night", "stonetop", [HEAVY], [hit("heavy", 1) for _ in range(30)])
    asked = []
    page = StoreClass.log_page

    def log_page(self, campaign_id, before_seq=None, limit=500):
        asked.append(limit)
        return page(self, campaign_id, before_seq, limit)

    def whole_log(*args, **kwargs):
        raise AssertionError("`log` read the whole log")

    monkeypatch.setattr(StoreClass, "log_page", log_page)
    monkeypatch.setattr(StoreClass, "log", whole_log)
    code, out, err = run_cli("--data-dir", str(tmp_path), "log", "Night", "--limit", "2")
    assert code == 0, err
    assert [r["seq"] for r in json.loads(out)["rows"]] == [29, 30]
    assert asked == [3]  # the rows shown, and one to tell whether there are older ones


def test_a_revert_of_any_row_of_a_step_takes_the_whole_step(tmp_path):
    party = [{**HEAVY, "id": cid, "name": cid.title()} for cid in ("ann", "bob", "cat")]
    made(tmp_path, "Night", "stonetop", party,
         [{"type": "damage", "target": ["ann", "bob", "cat"], "amount": 10}])
    store = Store.open(tmp_path)
    try:  # a party's Make Camp: one step of three rows, #2 to #4
        assert Campaign(store, "Night").apply_step(
            [{"type": "make_camp", "target": c["id"], "choice": "hp"} for c in party],
            "Make Camp").ok
    finally:
        store.close()
    rows = log_of(tmp_path)["rows"]
    assert [(r["seq"], r["step"]) for r in rows] == [(1, 1), (2, 2), (3, 2), (4, 2)]
    saved = ok(harmdesk(tmp_path, "revert", "Night", "3"))
    assert sorted(s["seq"] for s in saved["struck"]) == [2, 3, 4]
    assert struck_by(tmp_path) == {1: None, 2: 5, 3: 5, 4: 5, 5: None}
    assert [file_state(tmp_path, c["id"])["hp"] for c in party] == [10, 10, 10]


@pytest.mark.parametrize("limit", ["0", "10001", "-3", "many", "", "9" * 5000])
def test_a_log_limit_out_of_bounds_is_refused_in_words(tmp_path, limit):
    made(tmp_path, "Night", "stonetop", [HEAVY], [hit("heavy", 1)])
    refused_plainly(harmdesk(tmp_path, "log", "Night", f"--limit={limit}"),
                    "--limit takes a number of rows from 1 to 10,000")


# revert -------------------------------------------------------------------------------------
def test_a_dry_run_prints_the_preview_and_changes_nothing_in_the_file(tmp_path):
    made(tmp_path, "Night", "stonetop", [HEAVY], [hit("heavy", 5), hit("heavy", 3)])
    before = file_dump(tmp_path)
    preview = ok(harmdesk(tmp_path, "revert", "Night", "1", "--dry-run"))
    assert preview["saved"] is False and preview["entry"] == 1 and "step" not in preview
    assert preview["action"] == {"type": "revert", "step": 1}
    assert [s["seq"] for s in preview["struck"]] == [1]
    assert [r["seq"] for r in preview["reapplied"]] == [2]
    (heavy,) = preview["affected"]
    assert heavy["id"] == "heavy" and preview["states_after"]["heavy"]["hp"] == 17
    assert file_dump(tmp_path) == before
    assert file_state(tmp_path, "heavy")["hp"] == 12


def test_a_revert_is_saved_as_one_step_and_undone_as_one(tmp_path):
    made(tmp_path, "Night", "stonetop", [HEAVY], [hit("heavy", 5), hit("heavy", 3)])
    saved = ok(harmdesk(tmp_path, "revert", "Night", "#1"))
    assert saved["saved"] is True and (saved["entry"], saved["step"]) == (1, 3)
    assert (saved["can_undo"], saved["can_redo"]) == (True, False)
    assert file_state(tmp_path, "heavy")["hp"] == 17  # 20 less the 3 of #2 alone
    assert struck_by(tmp_path) == {1: 3, 2: None, 3: None}
    rederived = file_rows(tmp_path)[1]
    assert json.loads(rederived["after"])["heavy"]["hp"] == 17
    rows = log_of(tmp_path)["rows"]
    assert [(r["seq"], r["struck"], r["struck_by"]) for r in rows] == [
        (1, True, 3), (2, False, None), (3, False, None)]
    assert rows[2]["correction"] == {"kind": "revert", "entry": 1}
    assert ok(harmdesk(tmp_path, "undo", "Night"))["state"]["heavy"]["hp"] == 12
    assert file_state(tmp_path, "heavy")["hp"] == 12
    assert struck_by(tmp_path) == {1: None, 2: None, 3: None}
    assert json.loads(file_rows(tmp_path)[1]["after"])["heavy"]["hp"] == 12
    assert ok(harmdesk(tmp_path, "redo", "Night"))["state"]["heavy"]["hp"] == 17
    assert struck_by(tmp_path) == {1: 3, 2: None, 3: None}


def test_reverting_the_hit_to_0_hp_strikes_the_deaths_door_roll_after_it(tmp_path):
    made(tmp_path, "Night", "stonetop", [BRAN],
         [hit("bran", 6), {"type": "deaths_door", "target": "bran", "roll": 11}])
    assert file_state(tmp_path, "bran")["hp"] == 1
    preview = ok(harmdesk(tmp_path, "revert", "Night", "1", "--dry-run"))
    assert preview["dependants"] == [2]
    assert sorted(s["seq"] for s in preview["struck"]) == [1, 2]
    saved = ok(harmdesk(tmp_path, "revert", "Night", "1"))
    assert saved["dependants"] == [2]
    bran = file_state(tmp_path, "bran")
    assert (bran["hp"], bran["death"]) == (6, "none")
    assert struck_by(tmp_path) == {1: 3, 2: 3, 3: None}


# edit and rewind ------------------------------------------------------------------------------
def test_an_edit_changes_the_amount_and_the_later_state_follows(tmp_path):
    made(tmp_path, "Night", "stonetop", [HEAVY], [hit("heavy", 5), hit("heavy", 3)])
    edited = json.dumps(hit("heavy", 2))
    preview = ok(harmdesk(tmp_path, "edit", "Night", "1", edited, "--dry-run"))
    assert [r["seq"] for r in preview["reapplied"]] == [2] and preview["struck"] == []
    assert file_state(tmp_path, "heavy")["hp"] == 12
    saved = ok(harmdesk(tmp_path, "edit", "Night", "1", edited))
    assert saved["saved"] is True and saved["step"] == 3
    assert file_state(tmp_path, "heavy")["hp"] == 15  # 20 − 2 − 3
    first, second, correction = file_rows(tmp_path)
    assert json.loads(first["action"])["amount"] == 5  # as first logged …
    assert json.loads(first["revised"])["amount"] == 2  # … and as the edit made it
    assert json.loads(first["after"])["heavy"]["hp"] == 18
    assert json.loads(second["after"])["heavy"]["hp"] == 15
    assert json.loads(correction["correction"])["kind"] == "edit"
    assert struck_by(tmp_path) == {1: None, 2: None, 3: None}


def test_a_rewind_strikes_everything_after_the_step(tmp_path):
    made(tmp_path, "Night", "stonetop", [HEAVY], [hit("heavy", n) for n in (1, 2, 3, 4)])
    saved = ok(harmdesk(tmp_path, "rewind", "Night", "1"))
    assert sorted(s["seq"] for s in saved["struck"]) == [2, 3, 4]
    assert (saved["entry"], saved["step"]) == (1, 5)
    assert file_state(tmp_path, "heavy")["hp"] == 19
    assert struck_by(tmp_path) == {1: None, 2: 5, 3: 5, 4: 5, 5: None}
    rows = log_of(tmp_path)["rows"]
    assert rows[-1]["correction"] == {"kind": "rewind", "entry": 1}
    ok(harmdesk(tmp_path, "undo", "Night"))
    assert file_state(tmp_path, "heavy")["hp"] == 10


# bad input --------------------------------------------------------------------------------------
@pytest.fixture
def night(tmp_path):
    """'Night': a hit (#1) reverted by #3, a hit (#2), a character added (#4) and hit (#5);
    'Day' beside it, with one row."""
    made(tmp_path, "Night", "stonetop", [HEAVY], [hit("heavy", 5), hit("heavy", 3)])
    ok(harmdesk(tmp_path, "revert", "Night", "1"))
    store = Store.open(tmp_path)
    try:
        night = Campaign(store, "Night")
        assert night.apply({"type": "add_character", "character": BRAN}).ok
        assert night.apply(hit("bran", 2)).ok
        day = Campaign.create(store, "Day", "stonetop", {}, [HEAVY])
        assert day.apply(hit("heavy", 1)).ok
    finally:
        store.close()
    return tmp_path


@pytest.mark.parametrize("args, words", [
    (["revert", "Night", "99"], ["99"]),
    (["revert", "Day", "4"], ["4"]),  # Night's #4: Day has no such step
    (["edit", "Night", "99", json.dumps(hit("heavy", 1))], ["99"]),
    (["rewind", "Night", "99"], ["99"]),
    (["revert", "Nowhere", "1"], ["There is no campaign named 'Nowhere'"]),
    (["revert", "Night", "1"], ["#1 was already reverted by #3. Undo #3 instead."]),
    (["revert", "Night", "3"], ["#3"]),
    (["edit", "Night", "3", json.dumps(hit("heavy", 1))], ["#3"]),
    (["revert", "Night", "4"], ["#5", "Rewind to before #4"]),
    (["edit", "Night", "2", json.dumps(hit("nobody", 1))], ["nobody"]),
    (["revert", "Night", "first"], ["STEP is a step's number", "'first'"]),
    (["revert", "Night", "1" * 500], ["STEP is a step's number"]),
    (["edit", "Night", "2", "{oops"], ["ACTION_JSON: not valid JSON"]),
    (["edit", "Night", "2", "[" * 5000], ["ACTION_JSON"]),
    (["revert", "Night", "2", "--rolls", "[1]"], ["--rolls takes an object of step numbers"]),
    (["revert", "Night", "2", "--rolls", '{"x": {"roll": 1}}'], ["--rolls takes", "'x'"]),
    (["revert", "Night", "2", "--rolls", '{"5": 7}'], ["--rolls takes"]),
    (["revert", "Night", "2", "--rolls", '{"5": NaN}'], ["--rolls"]),
], ids=["stale", "another campaign's", "stale edit", "stale rewind", "no campaign",
        "already struck", "a correction", "an edit of a correction", "cannot stand",
        "an edit the rules refuse", "not a number", "a long number", "bad JSON",
        "deep JSON", "rolls not an object", "rolls not by step", "rolls not faces",
        "rolls NaN"])
def test_bad_input_is_refused_in_plain_words_and_nothing_is_saved(night, args, words):
    before = file_dump(night)
    for dry in ((), ("--dry-run",)):
        refused_plainly(harmdesk(night, *args, *dry), *words)
        assert file_dump(night) == before


def test_a_correction_waits_for_a_store_another_harmdesk_writes(tmp_path):
    made(tmp_path, "Night", "stonetop", [HEAVY], [hit("heavy", 5), hit("heavy", 3)])
    holder = Store.open(tmp_path)  # as a HarmDesk window holding the file would
    try:
        before = file_dump(tmp_path)
        refused_plainly(harmdesk(tmp_path, "revert", "Night", "1"), "another HarmDesk",
                        status=1)
        assert file_dump(tmp_path) == before
        preview = ok(harmdesk(tmp_path, "revert", "Night", "1", "--dry-run"))  # reading is fine
        assert preview["states_after"]["heavy"]["hp"] == 17
        assert [r["seq"] for r in log_of(tmp_path)["rows"]] == [1, 2]
    finally:
        holder.close()
    assert ok(harmdesk(tmp_path, "revert", "Night", "1"))["saved"] is True


# rolls a re-derived step now needs ---------------------------------------------------------------
@pytest.fixture
def mara(tmp_path):
    """Lux Aeterna: Mara (10 HP) hit for 6 (#1), then 3 (#2, to 1 HP). Made a hit of 8, #1
    leaves her at 2 HP, so #2 now takes her to −1 and Wounds her: a Trauma roll is due."""
    made(tmp_path, "Night", "lux_aeterna", [MARA], [hit("mara", 6), hit("mara", 3)])
    return tmp_path


EIGHT = json.dumps(hit("mara", 8))


def test_a_roll_now_needed_is_asked_for_not_rolled(mara):
    before = file_dump(mara)
    run = harmdesk(mara, "edit", "Night", "1", EIGHT)
    refused_plainly(run, "#2 now needs a roll that never happened: d20 for Mara's Trauma",
                    """--rolls '{"2": {"trauma_roll": """, "--roll", "Nothing was saved")
    assert file_dump(mara) == before
    dry = harmdesk(mara, "edit", "Night", "1", EIGHT, "--dry-run")
    assert dry.returncode == 2 and "trauma_roll" in dry.stderr and "Traceback" not in dry.stderr
    assert json.loads(dry.stdout)["saved"] is False
    assert file_dump(mara) == before


def test_the_faces_given_with_rolls_are_used_and_logged(mara):
    saved = ok(harmdesk(mara, "edit", "Night", "1", EIGHT, "--rolls", '{"2": {"trauma_roll": 12}}'))
    assert saved["saved"] is True and "rolled" not in saved
    state = file_state(mara, "mara")
    assert (state["hp"], state["wounded"]) == (-1, True)
    assert 12 in state["traumas"]  # Internal Bleeding, from the faces given
    correction = file_rows(mara)[-1]
    assert json.loads(correction["action"])["rolls"] == {"2": {"trauma_roll": 12}}
    assert file_rows(mara)[1]["struck_by"] is None
    ok(harmdesk(mara, "undo", "Night"))
    assert file_state(mara, "mara")["hp"] == 1 and not file_state(mara, "mara")["wounded"]


def test_roll_lets_harmdesk_roll_and_prints_and_logs_the_faces(mara):
    saved = ok(harmdesk(mara, "edit", "Night", "1", EIGHT, "--roll"))
    rolled = saved["rolled"]["2"]
    assert 1 <= rolled["trauma_roll"] <= 20
    assert set(rolled) == ({"trauma_roll", "brush_roll"} if rolled["trauma_roll"] == 2
                           else {"trauma_roll"})  # Brush with Death asks a d6 too
    assert json.loads(file_rows(mara)[-1]["action"])["rolls"] == {"2": rolled}
    state = file_state(mara, "mara")
    assert state["wounded"] or state["dead"]
    assert rolled["trauma_roll"] in state["traumas"] or rolled["trauma_roll"] >= 19 \
        or state["dead"]  # 19 and 20 are no Trauma


def test_a_dry_run_with_roll_saves_nothing(mara):
    before = file_dump(mara)
    preview = ok(harmdesk(mara, "edit", "Night", "1", EIGHT, "--dry-run", "--roll"))
    assert preview["saved"] is False and 1 <= preview["rolled"]["2"]["trauma_roll"] <= 20
    assert file_dump(mara) == before


@pytest.mark.parametrize("rolls, words", [
    ('{"2": {"trauma_roll": 99}}', ["#2 cannot take `trauma_roll` 99", "a face of a d20"]),
    ('{"2": {"trauma_roll": true}}', ["#2 cannot take `trauma_roll` true"]),
    ('{"2": {"trauma_roll": 4, "amount": 0}}', ["--rolls gives `amount` for #2",
                                                "no re-derived entry asks for that roll"]),
    ('{"1": {"trauma_roll": 4}}', ["#2 now needs a roll that never happened"]),
], ids=["not a face", "not a number", "not a roll", "another entry's"])
def test_faces_the_rules_refuse_or_no_entry_asks_for_are_refused(mara, rolls, words):
    before = file_dump(mara)
    for dry in ((), ("--dry-run",)):
        run = harmdesk(mara, "edit", "Night", "1", EIGHT, "--rolls", rolls, *dry)
        assert run.returncode == 2 and "Traceback" not in run.stderr
        for word in words:
            assert word in run.stderr, run.stderr
        assert "Nothing was saved" in run.stderr or "nothing was saved" in run.stderr
        assert file_dump(mara) == before
