"""A GM's evening in the demo campaigns, as its summary reads: no chart of a flat line,
no last page of a few lines, endings in the rules' words, hits apart from HP losses,
and the sheet corrections in the party table."""

import shutil
import subprocess

import pytest

from harmdesk.report.pdf import write_pdf
from harmdesk.report.source import from_store
from tests.report.conftest import pdf_text
from tests.report.kit import row, summarize

# the Heavy starts the evening at 13/20 HP, as the demo left him; the GM corrects it
EVENING = [
    {"type": "damage", "target": "rhianna", "dice": "d10+3", "rolls": [9], "piercing": 1},
    {"type": "lose_hp", "target": "vahid", "amount": 3},
    {"type": "mark_debility", "target": "blodwen", "debility": "dazed"},
    {"type": "edit_character", "target": "heavy", "changes": {"hp": 20}},
    {"type": "damage", "target": "heavy", "dice": "d10+3", "rolls": [8], "tags": ["forceful"]},
    {"type": "damage", "target": "hagr", "amount": 20},
]
AT_THE_GATE = [
    {"type": "add_character",
     "character": {"id": "door", "name": "Door", "kind": "object", "hp": 4}},
    {"type": "damage", "target": "door", "amount": 9},
]


def played(demo, system: str, actions: list[dict]):
    campaign = demo[system]
    campaign.start_play_session("Tonight")
    for action in actions:
        assert campaign.apply(action).ok, action
    return from_store(campaign.store, campaign.name)


@pytest.fixture
def evening(demo):
    return played(demo, "stonetop", EVENING)


def test_a_character_whose_hp_never_moved_gets_no_chart_but_one_line(fonts, evening, tmp_path):
    """Blodwen only marked a debility: her HP is a flat line, named once, never charted."""
    assert "blodwen" in {r.cid for r in evening.rows}
    charted = {s.cid for s in evening.series}
    assert "blodwen" not in charted and {"rhianna", "vahid", "heavy", "hagr"} <= charted
    assert all(len({v for _n, v in s.points}) > 1 for s in evening.series)
    assert evening.unchanged == ("Blodwen",)
    target = tmp_path / "evening.pdf"
    write_pdf(evening, target)
    assert "HP unchanged: Blodwen" in pdf_text(target)


def test_nobody_charted_when_no_measure_moved():
    report = summarize("stonetop", [{"id": "a", "name": "Ann", "kind": "pc", "max_hp": 10}],
                       [{"type": "mark_debility", "target": "a", "debility": "weakened"}])
    assert report.series == () and report.unchanged == ("Ann",)


def test_an_hp_loss_is_not_counted_as_a_hit(fonts, evening, tmp_path):
    vahid, heavy = row(evening, "vahid"), row(evening, "heavy")
    assert (vahid.taken, vahid.hits, vahid.losses) == (3, 0, 1)
    assert (heavy.hits, heavy.losses) == (1, 0)
    target = tmp_path / "evening.pdf"
    write_pdf(evening, target)
    text = pdf_text(target)
    assert "3 (1 HP loss)" in text and "9 (1 hit)" in text


def test_a_sheet_correction_has_its_row_in_the_party_table(fonts, evening, tmp_path):
    heavy = row(evening, "heavy")
    assert heavy.corrections == ["HP set 13 → 20"]
    assert (heavy.start, heavy.end) == (13, 11)
    target = tmp_path / "evening.pdf"
    write_pdf(evening, target)
    party = pdf_text(target, page=0).split("Highlights")[0]
    assert "Sheet corrections" in party and "HP set 13 → 20" in party


def test_a_destroyed_object_reads_as_the_rules_say(fonts, demo, tmp_path):
    report = played(demo, "freedom_fantasies", AT_THE_GATE)
    endings = [(h.title, h.text) for h in report.highlights if h.ending]
    assert endings == [("Destroyed", "Door")]
    target = tmp_path / "gate.pdf"
    write_pdf(report, target)
    text = pdf_text(target)
    assert "Destroyed: Door (event" in text
    assert "Death: Door" not in text and "Door: destroyed" not in text


def test_endings_of_people_name_who_ended():
    sheets = [{"id": "a", "name": "Ann", "kind": "pc", "max_hp": 6},
              {"id": "h", "name": "Hagr", "kind": "monster", "max_hp": 6}]
    report = summarize("stonetop", sheets, [
        {"type": "damage", "target": "a", "amount": 9},
        {"type": "deaths_door", "target": "a", "roll": 4},
        {"type": "damage", "target": "h", "amount": 9}])
    assert [(h.title, h.text) for h in report.highlights if h.ending] == [
        ("Fate pending", "Ann (Death's Door 6−)"), ("Death", "Hagr")]


def page_lines(pdf, page: int) -> list[str]:
    """A laid-out page's lines of text (poppler's pdftotext), its footer left out."""
    out = subprocess.run([shutil.which("pdftotext"), "-layout", "-f", str(page), "-l",
                          str(page), str(pdf), "-"], check=True, capture_output=True,
                         text=True).stdout
    return [line for line in out.splitlines() if line.strip() and "Page " not in line]


def pages_of(pdf) -> int:
    out = subprocess.run([shutil.which("pdfinfo"), str(pdf)], check=True, capture_output=True,
                         text=True).stdout
    return int(next(line.split()[-1] for line in out.splitlines() if line.startswith("Pages")))


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils is not installed")
def test_no_last_page_holds_only_a_few_lines(fonts, tmp_path):
    """Logs of every length around a page break: the last page has at least six lines
    (a page that would hold fewer takes paragraphs from the one before)."""
    sheets = [{"id": "a", "name": "Ann", "kind": "pc", "max_hp": 20, "armor": 1},
              {"id": "b", "name": "Bryn", "kind": "pc", "max_hp": 20}]
    short = []
    for extra in range(20, 44):
        actions = [{"type": "damage" if i % 2 else "heal", "target": "ab"[i % 4 // 2],
                    "amount": 1 + i % 3} for i in range(extra)]
        target = tmp_path / f"log-{extra}.pdf"
        pages = write_pdf(summarize("stonetop", sheets, actions), target)
        assert pages == pages_of(target)
        if pages > 1:
            lines = page_lines(target, pages)
            if len(lines) < 6:
                short.append((extra, lines))
    assert short == []
