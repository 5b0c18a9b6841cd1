"""`harmdesk recap`: who hurt whom, as Markdown, HTML or JSON, for the GM or the players,
read from the data file; the HTML read by a real browser (Chromium, headless, as a phone
would: `--dump-dom`, and `--screenshot` at a phone's width)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.store import Store
from tests.cli_kit import run_cli

PARTY = [
    {"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2},
    {"id": "lurker", "name": "<b>Lurker</b> & <img src=x>", "kind": "monster", "max_hp": 6,
     "armor": 0, "players_see": "hidden", "attack": {"dice": "d6"}},
    {"id": "hagr", "name": "Hagr", "kind": "monster", "max_hp": 16, "armor": 2,
     "players_see": "full", "attack": {"dice": "d10+3"}},
]


@pytest.fixture
def folder(tmp_path):
    store = Store.open(tmp_path / "data")
    try:
        camp = Campaign.create(store, "Night", "stonetop", {}, PARTY)
        for action in ({"type": "damage", "target": "heavy", "amount": 5, "source": "lurker"},
                       {"type": "start_encounter", "order": ["heavy", "hagr"]},
                       {"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"},
                       {"type": "damage", "target": "hagr", "amount": 6, "source": "heavy"},
                       {"type": "end_encounter"}):
            change = camp.apply(action)
            assert change.ok, change.outcome.error
    finally:
        store.close()
    return tmp_path


def recap(folder, *args):
    out = folder / "recap.out"
    code, printed, err = run_cli("--data-dir", str(folder / "data"), "recap", "Night",
                                 *args, "-o", str(out))
    return code, (json.loads(printed) if code == 0 else None), err, out


def test_the_gms_json_counts_every_hit_by_its_source(folder):
    code, printed, err, out = recap(folder, "--all", "--format", "json")
    assert code == 0, err
    assert printed["audience"] == "gm" and printed["scope"] == "The whole campaign"
    data = json.loads(out.read_text("utf-8"))
    heavy = next(c for c in data["characters"] if c["id"] == "heavy")
    # ST-3: 5 − 2 = 3 from the lurker, 9 − 2 = 7 from the hagr
    assert [(s["source"], s["amount"]) for s in heavy["taken"]["by_source"]] == \
        [("hagr", 7), ("lurker", 3)]
    assert next(c for c in data["characters"] if c["id"] == "hagr")["taken"]["total"] == 4


def test_the_players_markdown_names_no_hidden_character(folder):
    code, _, err, out = recap(folder, "--all", "--players", "--format", "md")
    assert code == 0, err
    text = out.read_text("utf-8")
    assert "Lurker" not in text and "lurker" not in text
    assert "- **The Heavy**: dealt 4 HP (4 to Hagr); took 10 HP (7 from Hagr, 3 from " \
        "Unattributed)" in text
    code, _, err, out = recap(folder, "--all", "--players", "--format", "json")
    assert "urker" not in out.read_text("utf-8")


def test_an_encounter_is_a_scope_of_its_own(folder):
    code, printed, err, out = recap(folder, "--encounter", "1", "--format", "json")
    assert code == 0, err
    assert printed["scope"] == "Encounter 1"
    heavy = next(c for c in json.loads(out.read_text("utf-8"))["characters"]
                 if c["id"] == "heavy")
    assert heavy["taken"]["total"] == 7  # the lurker's hit came before it
    code, _, err, _ = recap(folder, "--encounter", "2", "--format", "md")
    assert code == 2 and "there is no encounter 2" in err


def test_markup_in_a_name_stays_literal(folder):
    for fmt in ("md", "json"):
        code, _, err, out = recap(folder, "--all", "--format", fmt)
        assert code == 0, err
        text = out.read_text("utf-8")
        if fmt == "md":
            assert r"\<b\>Lurker\</b\> \& \<img src\=x\>" in text
        else:
            names = [c["name"] for c in json.loads(text)["characters"]]
            assert "<b>Lurker</b> & <img src=x>" in names


def test_an_empty_scope_says_no_harm_recorded(tmp_path):
    store = Store.open(tmp_path / "data")
    try:
        Campaign.create(store, "Night", "stonetop", {}, PARTY[:1])
    finally:
        store.close()
    code, _, err, out = recap(tmp_path, "--all", "--format", "json")
    assert code == 0, err
    data = json.loads(out.read_text("utf-8"))
    assert data["empty"] and data["message"] == "No harm recorded."


@pytest.mark.parametrize("where", ["folder", "fifo"])
def test_a_folder_or_a_pipe_is_refused_and_nothing_written(folder, where):
    target = folder / "target"
    if where == "folder":
        target.mkdir()
    else:
        os.mkfifo(target)
    code, printed, err = run_cli("--data-dir", str(folder / "data"), "recap", "Night",
                                 "--all", "--format", "md", "-o", str(target))
    assert code == 1 and "Cannot write" in err and printed == ""
    assert sorted(p.name for p in folder.iterdir()) == ["data", "target"]


def test_a_bad_encounter_number_is_refused(folder):
    code, _, err, _ = recap(folder, "--encounter", "two", "--format", "md")
    assert code == 2 and "--encounter takes an encounter's number" in err


BROWSER = shutil.which("chromium") or shutil.which("chromium-browser")
PHONE = "390,844"


@pytest.fixture
def browser():
    """Chromium; skipped without it, except in CI, which installs it (`.ci/run`)."""
    if BROWSER is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing: .ci/run installs it (apt-get install chromium)")
        pytest.skip("the browser tests need Chromium (apt-get install chromium)")
    return BROWSER


def chromium(page: Path, *args: str) -> str:
    assert BROWSER is not None
    done = subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu",
                           "--no-first-run", f"--user-data-dir={page.parent / 'profile'}",
                           *args, page.as_uri()], capture_output=True, text=True,
                          timeout=120, check=True)
    return done.stdout


def written(folder, fmt: str, *args: str) -> Path:
    code, _, err, out = recap(folder, "--all", *args, "--format", fmt)
    assert code == 0, err
    return out.rename(folder / f"recap-{'-'.join(args) or 'gm'}.{fmt}")


def test_the_players_html_in_chromium_at_a_phones_width(folder, browser):
    page = written(folder, "html", "--players")
    dom = chromium(page, "--dump-dom")
    assert "<svg" in dom and dom.count('<rect class="taken"') == 3  # two, and the legend
    assert "took 10 HP (7 from Hagr, 3 from Unattributed)" in dom
    shot = folder / "phone.png"
    chromium(page, f"--window-size={PHONE}", f"--screenshot={shot}")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 5_000
    # the hidden character's name is nowhere the players may look
    for fmt in ("md", "json"):
        assert "urker" not in written(folder, fmt, "--players").read_text("utf-8"), fmt
    assert "urker" not in dom and "urker" not in page.read_text("utf-8")


def test_the_gms_html_names_everyone_as_text(folder, browser):
    dom = chromium(written(folder, "html"), "--dump-dom")
    # the browser read the name as text: escaped in its DOM, never an element
    assert "&lt;b&gt;Lurker&lt;/b&gt; &amp; &lt;img src=x&gt;" in dom
    assert "<img" not in dom and "<b>" not in dom


def test_an_encounter_says_its_rounds_and_who_went_down_when(tmp_path):
    store = Store.open(tmp_path / "data")
    try:
        camp = Campaign.create(store, "Night", "stonetop", {}, PARTY)
        for action in ({"type": "start_encounter", "order": ["heavy", "hagr"]},
                       {"type": "next_round"},
                       # ST-5: 30 − 2 = 28 HP lost, 20 → 0: Death's Door, in round 2
                       {"type": "damage", "target": "heavy", "amount": 30, "source": "hagr"}):
            change = camp.apply(action)
            assert change.ok, change.outcome.error
    finally:
        store.close()
    code, _, err, out = recap(tmp_path, "--encounter", "1", "--format", "json")
    assert code == 0, err
    data = json.loads(out.read_text("utf-8"))
    assert data["rounds"] == 2
    assert [(d["id"], d["round"]) for d in data["went_down"]] == [("heavy", 2)]
    code, _, err, out = recap(tmp_path, "--encounter", "1", "--format", "md")
    text = out.read_text("utf-8")
    assert "## Who went down when\n\n- Round 2: The Heavy: Dying \u2014 Death's Door" in text


def test_the_latest_play_session_alone_on_the_desk_it_began_with(tmp_path):
    store = Store.open(tmp_path / "data")
    try:
        camp = Campaign.create(store, "Night", "stonetop", {}, PARTY)
        camp.start_play_session("First night")
        assert camp.apply({"type": "damage", "target": "heavy", "amount": 10,
                           "source": "hagr"}).ok                       # 20 → 12
        assert camp.apply({"type": "edit_character", "target": "lurker",
                           "changes": {"players_see": "full"}}).ok     # revealed
        camp.end_play_session()
        camp.start_play_session("Second night")
        assert camp.apply({"type": "damage", "target": "heavy", "amount": 6,
                           "source": "lurker"}).ok                     # 12 → 8
    finally:
        store.close()
    code, printed, err, out = recap(tmp_path, "--players", "--format", "json")
    assert code == 0, err
    assert printed["scope"] == "Play session 2"
    heavy = next(c for c in json.loads(out.read_text("utf-8"))["characters"]
                 if c["id"] == "heavy")
    # only tonight's hit, by the lurker the players have seen since the first night
    assert [(s["source"], s["amount"]) for s in heavy["taken"]["by_source"]] == \
        [("lurker", 4)]
    assert heavy["closest_call"]["words"] == "The Heavy fell to 8 of 20 HP"
    code, printed, err, out = recap(tmp_path, "--session", "1", "--format", "json")
    heavy = next(c for c in json.loads(out.read_text("utf-8"))["characters"]
                 if c["id"] == "heavy")
    assert heavy["taken"]["total"] == 8 and printed["scope"] == "Play session 1"
