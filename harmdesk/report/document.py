"""The summary as one QTextDocument built from HTML in which every name and text is
escaped: header, party table, highlights, the charts (painted by charts.ChartObject)
and the full log.

Few Qt calls on purpose: one setHtml and one format merge, whatever the log's length.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QSizeF
from PySide6.QtGui import QFontMetricsF, QTextBlockFormat, QTextCursor, QTextDocument

from ..profiles import profile_for
from . import facts
from .charts import IMAGE_OBJECT, ChartObject, chart_tag, font
from .data import CharacterRow, Report

BODY_PT = 9
LOG_PT = 8.5
FIGURE_SPACE = "\u2007"  # as wide as a digit
GAP = "  "  # the log keeps its spaces (white-space: pre-wrap)
STYLE = """
h1 { font-size: 17pt; font-weight: bold; margin-bottom: 2px; }
h2 { font-size: 12pt; font-weight: bold; margin-top: 14px; margin-bottom: 5px; }
p { margin-top: 0; margin-bottom: 3px; }
.sub { font-size: 10.5pt; color: #3e4c59; }
.quiet { color: #52606d; }
.nothing { font-size: 11pt; margin-top: 18px; }
table.party { border-collapse: collapse; border-color: #9aa5b1; border-style: solid; }
table.party th { background-color: #e4e7eb; font-weight: bold; font-size: 7.5pt; }
table.party td { font-size: 7.5pt; }
.expl { color: #52606d; font-size: 8pt; }
h3 { font-size: 10pt; font-weight: bold; margin-top: 10px; margin-bottom: 4px; }
.time { color: #52606d; }
.later { color: #9aa5b1; }
""" + f"p.log {{ font-size: {LOG_PT}pt; margin-bottom: 2px; white-space: pre-wrap; }}"


def text(value: object) -> str:
    """Names, notes and wound texts are text, never markup."""
    return escape(str(value), quote=True)


def listing(items: list[str]) -> str:
    return "<br>".join(text(i) for i in items) if items else "—"


def columns(system: str) -> list[tuple[str, str]]:
    """The party table's columns for a game: only what that game tracks."""
    words = profile_for(system).report
    heading, _unit = facts.measure_words(system)
    out = [("name", "Character"), ("measure", f"{heading}<br>start → end"),
           ("taken", words.taken_heading),
           ("healed", "Damage healed" if words.charts_damage else "HP healed")]
    return out + list(words.marker_columns) + [("fates", words.fates_heading)]


def measure_cell(system: str, row: CharacterRow) -> str:
    start = "joined" if not row.present_at_start else facts.signed(row.start)
    end = "left the desk" if not row.present_at_end else facts.signed(row.end)
    of = f"HP {row.maximum}" if facts.charts_damage(system) else f"of {row.maximum}"
    return f"{text(start)} → {text(end)} <span class='quiet'>{of}</span>"


def cell(system: str, key: str, row: CharacterRow) -> str:
    if key == "name":
        return f"<b>{text(row.name)}</b><br><span class='quiet'>{text(row.kind)}</span>"
    if key == "measure":
        return measure_cell(system, row)
    if key in ("taken", "healed"):
        value = getattr(row, key)
        hits = f" <span class='quiet'>({row.hits} hit{'s' if row.hits != 1 else ''})</span>" \
            if key == "taken" and row.hits else ""
        return (str(value) if value else "—") + hits
    return listing(getattr(row, key))


def party_table(report: Report) -> str:
    system = report.header.system
    cols = columns(system)
    fixed = {"name": 16, "measure": 13, "taken": 12, "healed": 8} if len(cols) > 5 else \
        {"name": 20, "measure": 16, "taken": 18, "healed": 12}
    rest = (100 - sum(fixed.values())) // max(1, len(cols) - len(fixed))
    head = "".join(f"<th align='left' width='{fixed.get(key, rest)}%'>{title}</th>"
                   for key, title in cols)
    body = []
    for row in report.rows:
        cells = "".join(f"<td valign='top'>{cell(system, key, row)}</td>" for key, _t in cols)
        body.append(f"<tr>{cells}</tr>")
    return ("<table class='party' width='100%' border='1' cellspacing='0' cellpadding='3'>"
            f"<thead><tr>{head}</tr></thead>{''.join(body)}</table>")


def highlights(report: Report) -> str:
    items = []
    for h in report.highlights:
        items.append(f"<p><b>{text(h.title)}:</b> {text(h.text)} "
                     f"<span class='quiet'>(event {h.event})</span><br>"
                     f"<span class='expl'>{text(h.detail)}</span></p>")
    if not any(h.title == "Biggest hit" for h in report.highlights):
        items.append("<p><b>Biggest hit:</b> no one lost anything to a hit.</p>")
    if not any(h.title == "Death" for h in report.highlights):
        items.append("<p><b>Deaths:</b> none.</p>")
    return "".join(items)


def head_html(report: Report) -> str:
    h = report.header
    when = " · ".join(text(part) for part in (h.date, h.duration) if part)
    parts = [f"<h1>{text(h.campaign)}</h1>",
             f"<p class='sub'>{text(h.system_title)} · {text(h.scope)}</p>",
             f"<p>{when}</p>"]
    parts += [f"<p class='quiet'>Notes: {text(n)}</p>" for n in h.notes]
    if report.empty:
        during = ("this session" if h.scope.startswith("Session ") else
                  "these sessions" if h.scope.startswith("Sessions") else "this campaign")
        parts.append(f"<p class='nothing'><b>Nothing happened.</b> No action was applied in "
                     f"{during}, so there is no harm, healing or event to report.</p>")
        return "".join(parts)
    count = (f"{report.actions} action{'s' if report.actions != 1 else ''}, "
             f"{report.events} event{'s' if report.events != 1 else ''}")
    parts.append(f"<p class='quiet'>{count}. Undone actions are left out.</p>")
    parts.append("<h2>Party</h2>" + party_table(report))
    parts.append("<h2>Highlights</h2>" + highlights(report))
    return "".join(parts)


def charts_html(report: Report) -> str:
    measure = facts.measure_words(report.header.system)[1]
    charts = " ".join(chart_tag(i) for i in range(len(report.series)))
    return f"<h2>{measure} over time, by event number</h2><p class='charts'>{charts}</p>"


def log_html(report: Report) -> tuple[str, int]:
    """The full log, one paragraph per event, and how many blocks it makes.

    Each line starts with the event number (padded with figure spaces, as wide as a digit)
    and the time, so every text starts at the same place and can hang there.
    """
    digits = len(str(len(report.log)))
    parts, group, blocks = [], None, 0
    for line in report.log:
        if line.group != group:
            group = line.group
            parts.append(f"<h3>{text(group)}</h3>")
            blocks += 1
        number = str(line.number).rjust(digits).replace(" ", FIGURE_SPACE)
        # the time of an action's later events is faint: they happened with the first
        time = text(line.time) if line.action_start else \
            f"<span class='later'>{text(line.time)}</span>"
        parts.append(f"<p class='log'><b>{number}</b>{GAP}<span class='time'>{time}</span>"
                     f"{GAP}{text(line.text)}</p>")
        blocks += 1
    return "<h2>Full log</h2>" + "".join(parts), blocks


def hang_log(doc: QTextDocument, blocks: int, width: float) -> None:
    """Let the log's wrapped lines hang under its text: one format for all its blocks."""
    first = doc.findBlockByNumber(doc.blockCount() - blocks)
    cursor = QTextCursor(doc)
    cursor.setPosition(first.position())
    cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
    hanging = QTextBlockFormat()
    hanging.setLeftMargin(width)
    hanging.setTextIndent(-width)
    cursor.mergeBlockFormat(hanging)


def prefix_width(report: Report, device, family: str) -> float:
    """The width of "<number> <time> " in the log's fonts, in device pixels."""
    digits = len(str(len(report.log)))
    bold = QFontMetricsF(font(family, LOG_PT, bold=True), device)
    plain = QFontMetricsF(font(family, LOG_PT), device)
    return (bold.horizontalAdvance("0" * digits)
            + plain.horizontalAdvance(f"{GAP}00:00{GAP}"))


def build_document(report: Report, device, width: float, family: str) -> QTextDocument:
    """The whole summary laid out for `device` (the PDF writer), `width` device pixels wide."""
    doc = QTextDocument()
    doc.documentLayout().setPaintDevice(device)
    doc.setDocumentMargin(0)
    doc.setDefaultFont(font(family, BODY_PT))
    doc.setDefaultStyleSheet(STYLE)
    doc.setTextWidth(width)
    if report.empty:
        doc.setHtml(head_html(report))
        return doc
    mm = device.resolution() / 25.4
    size = QSizeF(width / 2 - 2 * mm, 44 * mm)   # two charts a row
    handler = ChartObject(doc, report.series, size, device.resolution(), family)
    doc.documentLayout().registerHandler(IMAGE_OBJECT, handler)
    log, blocks = log_html(report)
    doc.setHtml(head_html(report) + charts_html(report) + log)
    hang_log(doc, blocks, prefix_width(report, device, family))
    return doc
