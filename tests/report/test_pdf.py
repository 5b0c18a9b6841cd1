"""The summary PDF: text read back with pypdf, page 1 rendered by poppler, page numbers."""

import shutil

import pytest

from harmdesk.report.data import ReportError
from harmdesk.report.pdf import write_pdf
from harmdesk.report.source import from_store
from tests.report.conftest import MARKUP_NAME, pdf_fonts, pdf_pages, pdf_text, render_page
from tests.report.kit import block_rects, long_session, summarize

# a few actions per demo campaign, played in a new session
EVENING = {
    "stonetop": [{"type": "damage", "target": "rhianna", "dice": "d10+3", "rolls": [9],
                  "piercing": 1},
                 {"type": "mark_debility", "target": "rhianna", "debility": "miserable"},
                 {"type": "heal", "target": "heavy", "amount": 3}],
    "lux_aeterna": [{"type": "damage", "target": "pau", "amount": 19, "trauma_roll": 17},
                    {"type": "heal", "target": "pau", "amount": 6}],
    "freedom_fantasies": [{"type": "damage", "target": "troll", "amount": 9,
                           "damage_type": "fire"},
                          {"type": "heal", "target": "brute", "amount": 2}],
}
EXPECTED = {
    "stonetop": ["Stonetop", "Rhianna", "miserable", "16 → 4 of 16",
                 "armor 1 − 1 piercing = 0; 12 − 0 = 12 HP lost; 16 → 4 HP",
                 "The Heavy regains 3 HP; 13 → 16 HP"],
    "lux_aeterna": ["Lux Aeterna", "Pau", "17 Wrenched Leg", "Wounded", "slowed (Trauma)",
                    "Trauma roll 17: Wrenched Leg, Slowed"],
    "freedom_fantasies": ["Freedom Fantasies", "Bridge troll", "Wounded above 20",
                          "Story ends above 40", "9 > Block 3: taken in full",
                          "damage 7 − 2 → 5"],
}


@pytest.mark.parametrize("system", ["stonetop", "lux_aeterna", "freedom_fantasies"])
def test_demo_campaigns_summaries(fonts, demo, tmp_path, system):
    campaign = demo[system]
    campaign.start_play_session("At the table")
    for action in EVENING[system]:
        assert campaign.apply(action).ok
    report = from_store(campaign.store, campaign.name)
    target = tmp_path / f"{system}.pdf"
    pages = write_pdf(report, target)
    text = pdf_text(target)
    assert pages == pdf_pages(target) >= 1
    assert campaign.name in text and "Session 1: At the table" in text
    for words in EXPECTED[system]:
        assert words in text, words
    # only tonight's events: the demo's imported log lies outside the session
    assert "Outside play sessions" not in text
    assert f"Page 1 of {pages}" in text
    assert any("DejaVuSans" in name for name in pdf_fonts(target))


def test_names_are_text_never_markup(fonts, tmp_path):
    sheets = [{"id": "odd", "name": MARKUP_NAME, "kind": "pc", "max_hp": 10, "armor": 1},
              {"id": "x", "name": "X", "kind": "pc", "max_hp": 10}]
    actions = [{"type": "damage", "target": "odd", "amount": 4},
               {"type": "add_wound", "target": "odd", "text": "<i>gash</i> & <br>bleeding"}]
    report = summarize("stonetop", sheets, actions, name="<h1>Camp</h1> & co")
    target = tmp_path / "markup.pdf"
    write_pdf(report, target)
    text = pdf_text(target)
    assert "<h1>Camp</h1> & co" in text
    assert f"{MARKUP_NAME} takes 4 damage" in text               # the log
    assert text.count(MARKUP_NAME) >= 4                           # table, chart, log, highlights
    assert "wound: <i>gash</i> & <br>bleeding" in text


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils is not installed")
def test_page_one_renders_with_visible_text(fonts, qapp, demo, tmp_path):
    from PySide6.QtGui import QImage

    campaign = demo["stonetop"]
    target = tmp_path / "stonetop.pdf"
    write_pdf(from_store(campaign.store, campaign.name), target)
    image = QImage(str(render_page(target, tmp_path / "page", dpi=40)))
    assert not image.isNull() and image.width() > image.height() * 0.6
    # the title band: dark pixels where the campaign's name is printed
    dark = sum(1 for y in range(image.height() // 8) for x in range(0, image.width(), 2)
               if image.pixelColor(x, y).lightness() < 100)
    assert dark > 50
    # and a blank page would be white all over
    assert image.pixelColor(image.width() - 2, image.height() - 2).lightness() > 240


def test_a_long_session_is_paginated_with_page_numbers(fonts, tmp_path):
    report = summarize(*long_session(2000, 12))
    assert report.events == 2000
    target = tmp_path / "long.pdf"
    pages = write_pdf(report, target)
    assert pages == pdf_pages(target) >= 25
    first, last = pdf_text(target, 0), pdf_text(target, pages - 1)
    assert f"Page 1 of {pages}" in first and "Character 11" in first
    assert f"Page {pages} of {pages}" in last and report.log[-1].text in last


def test_an_empty_session_gives_a_short_pdf_that_says_so(fonts, demo, tmp_path):
    campaign = demo["lux_aeterna"]
    campaign.start_play_session("Snowed in")
    target = tmp_path / "empty.pdf"
    pages = write_pdf(from_store(campaign.store, campaign.name), target)
    text = pdf_text(target)
    assert pages == 1
    assert "Nothing happened" in text and "Session 1: Snowed in" in text
    assert "Full log" not in text


def test_the_target_is_replaced_whole_and_never_half_written(fonts, tmp_path):
    report = summarize(*long_session(30, 3))
    target = tmp_path / "summary.pdf"
    target.write_bytes(b"an older summary")
    write_pdf(report, target)
    assert target.read_bytes().startswith(b"%PDF")
    assert [p.name for p in tmp_path.iterdir()] == ["summary.pdf"]   # no temporary left
    with pytest.raises(ReportError, match=r"Cannot write .*missing"):
        write_pdf(report, tmp_path / "missing" / "summary.pdf")
    assert [p.name for p in tmp_path.iterdir()] == ["summary.pdf"]


def test_only_the_log_hangs_under_its_text(fonts, qapp):
    from PySide6.QtCore import QBuffer, QIODevice

    from harmdesk.report.document import build_document
    from harmdesk.report.pdf import new_writer

    report = summarize(*long_session(40, 3))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = new_writer(buffer, "test")
    doc = build_document(report, writer, writer.width(), fonts)
    blocks = [doc.findBlockByNumber(i) for i in range(doc.blockCount())]
    titles = [i for i, b in enumerate(blocks) if b.text() in ("Full log", "Session 1: The barrow")]
    log_title, session_title = titles[-2:]
    assert blocks[log_title].blockFormat().leftMargin() == 0
    hang = blocks[session_title].blockFormat().leftMargin()
    assert hang > 0 and all(b.blockFormat().leftMargin() == hang
                            for b in blocks[session_title:])
    assert blocks[-1].text().endswith(report.log[-1].text)


def chart_fragments(doc):
    """The paragraph of charts: each fragment's text and format."""
    from harmdesk.report.charts import PREFIX
    block = doc.begin()
    while block.isValid():
        it, found = block.begin(), []
        while not it.atEnd():
            found.append((it.fragment().text(), it.fragment().charFormat()))
            it += 1
        if any(f.isImageFormat() and f.toImageFormat().name().startswith(PREFIX)
               for _t, f in found):
            return found
        block = block.next()
    return []


def described(doc, fmt):
    """A fragment's format, and that of the object an image is held in, but not the
    object's number."""
    from PySide6.QtGui import QTextFormat
    index = QTextFormat.Property.ObjectIndex.value
    mine = {k: v for k, v in fmt.properties().items() if k != index}
    held = doc.objectForFormat(fmt) if fmt.isImageFormat() else None
    return mine, None if held is None else held.format().properties()


def test_the_charts_are_laid_out_as_one_paragraph_of_html_would_lay_them_out(fonts, qapp,
                                                                             monkeypatch):
    """The charts after the first two are added to their paragraph after the HTML: the
    document holds the same text in the same formats, on the same pages, as one paragraph
    of HTML holding them all."""
    from PySide6.QtCore import QBuffer, QIODevice

    from harmdesk.report import document
    from harmdesk.report.pdf import new_writer

    report = summarize(*long_session(60, 7))
    assert len(report.series) == 7
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = new_writer(buffer, "test")
    height = writer.height() / 3  # pages short enough for the charts to cross them
    assert document.charts_html(report).count("<img") == document.IN_HTML
    added = document.build_document(report, writer, writer.width(), fonts, height)
    monkeypatch.setattr(document, "IN_HTML", len(report.series))
    assert document.charts_html(report).count("<img") == len(report.series)
    written = document.build_document(report, writer, writer.width(), fonts, height)
    ours, html = chart_fragments(added), chart_fragments(written)
    assert [f.toImageFormat().name() for _t, f in ours if f.isImageFormat()] == \
        [f"chart:{i}" for i in range(7)]
    assert [t for t, _f in ours] == [t for t, _f in html]
    assert [described(added, f) for _t, f in ours] == [described(written, f) for _t, f in html]
    assert added.toPlainText() == written.toPlainText()
    assert added.pageCount() == written.pageCount() > 3
    assert block_rects(added) == block_rects(written)
