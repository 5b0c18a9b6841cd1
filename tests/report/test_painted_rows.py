"""The summary's painted table rows: each row laid out once and painted from that, in
the order its text is read; and the collector held off while a summary is made."""

import gc

import pytest

from harmdesk.report import collector
from harmdesk.report.table import Rows, Table


class Recorder:
    """Stands in for the PDF writer's painter: what a row asks it to do, in order."""

    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        return lambda *args: self.calls.append((name, args))

    def texts(self):
        return [args[-1] for name, args in self.calls if name == "drawText"]

    def lines(self):
        found = [args[0] for name, args in self.calls if name == "drawLines"]
        return [[(line.x1(), line.y1(), line.x2(), line.y2()) for line in lines]
                for lines in found]


def party(*rows):
    return Table(("Character", "HP", "Notes"), (0.4, 0.2, 0.4), tuple(rows))


def cell(*lines):
    """A cell of lines, each a run or a tuple of runs (text, style)."""
    return tuple(line if isinstance(line[0], tuple) else (line,) for line in lines)


def painted(rows: Rows, name: str) -> Recorder:
    from PySide6.QtCore import QRectF
    recorder = Recorder()
    size = rows.size(name)
    rows.paint(recorder, QRectF(0, 500, size.width(), size.height()), name)
    return recorder


def test_each_row_paints_its_own_text_in_the_order_it_is_read(fonts, writer):
    table = party(
        (cell(("Ann", "bold"), ("PC", "quiet")),
         cell((("12 → 4 ", "plain"), ("of 12", "quiet"))), cell(("miserable", "plain"))),
        (cell(("Bran", "bold"), ("Monster", "quiet")),
         cell((("9 → 9 ", "plain"), ("of 9", "quiet"))), cell(("—", "plain"))))
    rows = Rows((table,), writer.width(), writer, fonts)
    first = ["Ann", "PC", "12 → 4 ", "of 12", "miserable"]
    second = ["Bran", "Monster", "9 → 9 ", "of 9", "—"]
    assert painted(rows, "0:0").texts() == first
    assert painted(rows, "0:1").texts() == second
    assert painted(rows, "0:0").texts() == first   # painted again, from its layout
    assert painted(rows, "0:head").texts() == ["Character", "HP", "Notes"]


def test_a_row_sets_its_font_and_ink_only_when_they_change(fonts, writer):
    table = party((cell(("Ann", "bold"), ("PC", "quiet")),
                   cell((("12 → 4 ", "plain"), ("of 12", "quiet"))), cell(("a", "plain"))))
    rows = Rows((table,), writer.width(), writer, fonts)
    calls = [name for name, _args in painted(rows, "0:0").calls
             if name in ("setFont", "setPen", "drawText")]
    # bold Ann; quiet PC (a new font and ink); plain 12 → 4 (quiet's font, another ink);
    # quiet of 12; plain a; then the grid's pen
    assert calls == ["setFont", "setPen", "drawText", "setFont", "setPen", "drawText",
                     "setPen", "drawText", "setPen", "drawText", "setPen", "drawText",
                     "setPen"]


def test_a_cell_too_long_for_its_line_wraps_and_makes_its_row_taller(fonts, writer):
    long = "a great many words " * 12
    table = party((cell(("Ann", "bold")), cell(("4", "plain")), cell(("short", "plain"))),
                  (cell(("Bran", "bold")), cell(("9", "plain")), cell((long, "plain"))))
    rows = Rows((table,), writer.width(), writer, fonts)
    assert rows.own_height(0, "1") > 2 * rows.own_height(0, "0") - 2 * rows.pad
    assert painted(rows, "0:1").texts() == ["Bran", "9", long]
    # the verticals of a row reach over the gap to the next row's, the last row's do not
    first, last = painted(rows, "0:0").lines()[0], painted(rows, "0:1").lines()[0]
    assert first[0][3] == pytest.approx(rows.own_height(0, "0") + rows.gap)
    assert last[0][3] == pytest.approx(rows.own_height(0, "1"))


def test_rows_of_one_height_share_their_grid_but_not_a_last_rows(fonts, writer):
    table = party(*[(cell((f"Name {i}", "bold")), cell(("4", "plain")), cell(("x", "plain")))
                    for i in range(3)])
    rows = Rows((table,), writer.width(), writer, fonts)
    grids = [painted(rows, f"0:{i}").lines()[0] for i in range(3)]
    assert grids[0] == grids[1] != grids[2]


def test_a_one_line_table_elides_what_does_not_fit(fonts, writer):
    long = "Character with a name far too long for its column " * 3
    table = Table(("Character", "Kind"), (0.3, 0.7),
                  ((cell((long, "bold")), cell(("PC", "quiet"))),), one_line=True)
    rows = Rows((table,), writer.width(), writer, fonts)
    texts = painted(rows, "0:0").texts()
    assert texts[0].endswith("…") and long.startswith(texts[0][:-1]) and texts[1] == "PC"


def test_every_paragraph_keeps_its_shaped_text_to_be_painted(fonts, qapp):
    from PySide6.QtCore import QBuffer, QIODevice

    from harmdesk.report.document import build_document
    from harmdesk.report.pdf import new_writer
    from tests.report.kit import long_session, summarize

    report = summarize(*long_session(40, 3))
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = new_writer(buffer, "test")
    doc = build_document(report, writer, writer.width(), fonts, writer.height())
    block, count = doc.begin(), 0
    while block.isValid():
        assert block.layout().cacheEnabled()
        block, count = block.next(), count + 1
    assert count > 40


def test_the_collector_is_held_off_inside_and_as_it_was_after():
    was = gc.isenabled()
    try:
        gc.enable()
        with collector.paused():
            assert not gc.isenabled()
            with collector.paused():   # two summaries at once
                assert not gc.isenabled()
            assert not gc.isenabled()
        assert gc.isenabled()
        gc.disable()                    # held off by someone else: left so
        with collector.paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
        gc.enable()
        with pytest.raises(RuntimeError), collector.paused():
            raise RuntimeError("a summary that fails")
        assert gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


def test_writing_a_summary_leaves_the_collector_on(fonts, tmp_path):
    from harmdesk.report.pdf import write_pdf
    from tests.report.kit import long_session, summarize

    assert gc.isenabled()
    write_pdf(summarize(*long_session(20, 2)), tmp_path / "s.pdf")
    assert gc.isenabled()
