"""Characters nothing happened to in the chosen sessions share one compact table; those
hurt, healed or otherwise changed keep their row in the party table and their chart."""

import shutil
import subprocess

import pytest

from harmdesk.desk.campaign import Campaign
from harmdesk.report.pdf import write_pdf
from harmdesk.report.source import from_store
from tests.report.kit import summarize

NAMES = ["Aled", "Bryn", "Carys", "Dafydd", "Elin", "Morwen", "Gwenllian", "Hywel"]
SHEETS = [{"id": n.lower(), "name": n, "kind": "pc", "max_hp": 16, "armor": 1} for n in NAMES]
TOUCHED = ["Aled", "Carys", "Dafydd"]
UNTOUCHED = ["Bryn", "Elin", "Morwen", "Gwenllian", "Hywel"]


def pdftotext(path) -> str:
    return subprocess.run([shutil.which("pdftotext"), str(path), "-"], check=True,
                          capture_output=True, text=True).stdout


def between(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end, text.index(start))]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")
def test_the_compact_table_lists_exactly_the_untouched_and_the_hurt_keep_their_section(
        store, fonts, tmp_path):
    campaign = Campaign.create(store, "Hillfolk", "stonetop", {}, SHEETS)
    # before tonight: Bryn is hurt and weakened, Carys hurt
    for action in ({"type": "damage", "target": "bryn", "amount": 4},
                   {"type": "mark_debility", "target": "bryn", "debility": "weakened"},
                   {"type": "damage", "target": "carys", "amount": 7}):
        assert campaign.apply(action).ok
    campaign.start_play_session("The long night")
    for action in ({"type": "damage", "target": "aled", "amount": 6, "piercing": 1},
                   {"type": "heal", "target": "carys", "amount": 2},
                   {"type": "mark_debility", "target": "dafydd", "debility": "dazed"}):
        assert campaign.apply(action).ok
    report = from_store(store, "Hillfolk")
    assert [r.name for r in report.rows] == TOUCHED
    assert [u.name for u in report.untouched] == UNTOUCHED

    target = tmp_path / "night.pdf"
    write_pdf(report, target)
    text = pdftotext(target)
    party = between(text, "Party", "Highlights")
    charts = between(text, "HP over time", "Untouched")
    untouched = between(text, "Untouched", "Full log")
    log = text[text.index("Full log"):]
    for name in TOUCHED:
        assert name in party and name in charts and name not in untouched, name
    for name in UNTOUCHED:
        assert name in untouched and name not in party and name not in charts, name
    assert "Nothing happened to these 5 characters in this session" in untouched
    # where the untouched stand, as their tiles show it: Bryn lost 4 − armor 1 = 3
    assert "13/16 HP" in untouched and "weakened" in untouched
    assert untouched.count("16/16 HP") == 4
    # the hurt keep their arithmetic: in the party table and in the log
    assert "16 → 10 of 16" in party and "6 (1 hit)" in party and "10 → 12 of 16" in party
    assert "armor 1 − 1 piercing = 0; 6 − 0 = 6 HP lost; 16 → 10 HP" in log.replace("\n", " ")
    assert "dazed" in party


def test_a_large_desk_with_a_short_session_makes_a_short_summary(fonts, tmp_path):
    sheets = [{"id": f"c{i}", "name": f"Raider {i}", "kind": "monster", "max_hp": 12}
              for i in range(400)]
    actions = [{"type": "damage", "target": f"c{i * 37}", "amount": 3} for i in range(10)]
    report = summarize("stonetop", sheets, actions)
    assert [r.cid for r in report.rows] == [f"c{i * 37}" for i in range(10)]
    assert len(report.series) == 10 and len(report.untouched) == 390
    target = tmp_path / "raid.pdf"
    pages = write_pdf(report, target)
    # one line for each of the 390, not a row and a chart each
    assert pages <= 12


def test_someone_who_left_the_desk_tonight_is_not_untouched():
    sheets = SHEETS[:3]
    report = summarize("stonetop", sheets, [{"type": "remove_character", "target": "bryn"}])
    assert [r.cid for r in report.rows] == ["bryn"] and not report.rows[0].present_at_end
    assert [u.cid for u in report.untouched] == ["aled", "carys"]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")
def test_a_name_with_fi_is_found_as_typed(store, fonts, tmp_path):
    """No "fi" ligature in the PDF: a viewer's search for "Ffion" must find her."""
    sheets = [{"id": "ffion", "name": "Ffion the fierce", "kind": "pc", "max_hp": 10}]
    campaign = Campaign.create(store, "Ligatures", "stonetop", {}, sheets)
    assert campaign.apply({"type": "damage", "target": "ffion", "amount": 3}).ok
    target = tmp_path / "fi.pdf"
    write_pdf(from_store(store, "Ligatures", everything=True), target)
    text = pdftotext(target)
    assert "\ufb01" not in text
    assert text.count("Ffion the fierce") >= 3  # the party table, the chart and the log


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")
def test_a_long_name_is_elided_in_the_compact_table_and_wrapped_in_the_party_table(
        store, fonts, tmp_path):
    """Cells that fit are drawn whole; an untouched row stays one line (its name cut short
    with "…"), a party row grows to hold the whole name."""
    long_name = "Gwenllian " + " ".join(["Longname"] * 9)
    sheets = [{"id": "gwen", "name": long_name, "kind": "pc", "max_hp": 16},
              {"id": "hurt", "name": long_name.replace("Gwenllian", "Hywel"), "kind": "pc",
               "max_hp": 16},
              {"id": "bryn", "name": "Bryn", "kind": "pc", "max_hp": 12}]
    campaign = Campaign.create(store, "Names", "stonetop", {}, sheets)
    campaign.start_play_session("Tonight")
    assert campaign.apply({"type": "damage", "target": "hurt", "amount": 3}).ok
    report = from_store(store, "Names")
    assert [u.cid for u in report.untouched] == ["gwen", "bryn"]
    target = tmp_path / "names.pdf"
    write_pdf(report, target)
    untouched = between(pdftotext(target), "Untouched", "Full log")
    assert "Gwenllian Longname" in untouched and "…" in untouched
    assert long_name not in " ".join(untouched.split())   # cut short, on one line
    assert "Bryn" in untouched and "12/12 HP" in untouched   # what fits is drawn whole
    party = " ".join(between(pdftotext(target), "Party", "Highlights").split())
    assert long_name.replace("Gwenllian", "Hywel") in party  # wrapped, never cut
