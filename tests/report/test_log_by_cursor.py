"""The summary's full log, added to the document after its HTML: the same paragraphs, in
the same formats, on the same pages, as the log's own HTML gives."""

from dataclasses import replace

import pytest

from harmdesk.report import document
from tests.report.conftest import MARKUP_NAME
from tests.report.kit import block_rects, long_session, summarize


def blocks(doc):
    """Each paragraph: its text, its formats, and each piece's text and format."""
    out, block = [], doc.begin()
    while block.isValid():
        it, pieces = block.begin(), []
        while not it.atEnd():
            pieces.append((it.fragment().text(), it.fragment().charFormat().properties()))
            it += 1
        out.append((block.text(), block.blockFormat().properties(),
                    block.charFormat().properties(), pieces))
        block = block.next()
    return out


def two_nights():
    """A long session's log told as two sessions, of actions of three events, one line's
    text markup."""
    report = summarize(*long_session(80, 4))
    half = len(report.log) // 2
    log = tuple(replace(line, group="Session 2: Later" if i >= half else line.group,
                        text=f"{MARKUP_NAME} & <br>x" if i == 3 else line.text,
                        action_start=i % 3 == 0)
                for i, line in enumerate(report.log))
    return replace(report, log=log)


def test_the_log_by_cursor_is_the_log_of_its_html(fonts, writer, monkeypatch):
    report = two_nights()
    assert {line.action_start for line in report.log} == {True, False}
    assert document.by_cursor(report)
    height = writer.height() / 2
    added = document.build_document(report, writer, writer.width(), fonts, height)
    monkeypatch.setattr(document, "by_cursor", lambda _report: False)
    written = document.build_document(report, writer, writer.width(), fonts, height)
    ours, html = blocks(added), blocks(written)
    assert [b[0] for b in ours] == [b[0] for b in html]
    assert ours == html
    assert f"{MARKUP_NAME} & <br>x" in added.toPlainText()
    assert "Session 2: Later" in added.toPlainText()
    assert added.pageCount() == written.pageCount() > 2
    assert block_rects(added) == block_rects(written)


@pytest.mark.parametrize("change", [
    {"text": "two\nlines"}, {"text": "a\ttab"}, {"time": "19:15\u2028"},
    {"group": "Session 2:  Later"}, {"group": " Session 2"}, {"text": "no\u00a0break"}])
def test_a_log_whose_text_html_would_read_otherwise_is_written_as_html(change):
    report = summarize(*long_session(10, 2))
    assert document.by_cursor(report)
    odd = replace(report, log=(replace(report.log[0], **change), *report.log[1:]))
    assert not document.by_cursor(odd)


def test_a_log_written_as_html_still_keeps_its_text(fonts, writer):
    report = summarize(*long_session(10, 2))
    odd = replace(report, log=(replace(report.log[0], text="tab\there"), *report.log[1:]))
    doc = document.build_document(odd, writer, writer.width(), fonts, writer.height())
    assert "tab\there" in doc.toPlainText()


def test_the_log_is_written_as_html_should_qt_read_its_pieces_otherwise(fonts, writer,
                                                                         monkeypatch):
    report = summarize(*long_session(10, 2))
    monkeypatch.setattr(document, "formats_of", lambda block: [])
    doc = document.build_document(report, writer, writer.width(), fonts, writer.height())
    assert report.log[-1].text in doc.toPlainText()
