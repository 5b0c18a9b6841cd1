"""The summary as one QTextDocument built from HTML in which every name and text is
escaped: header, party table, highlights, the charts, who hurt whom on a page of its
own, the encounters round by round, the characters nothing happened to, and the full
log. Charts and table rows are inline objects painted by `Painted`.

Few Qt calls on purpose: one setHtml, whatever the log's length (the charts after the
first two are added to their paragraph after it, `more_charts`, and the full log's lines
in the formats its HTML gives them, `add_log`), then the page size, so the document is
laid out once (only a last page of a few lines has the paragraphs it takes from the page
before laid out again), and painted from the text as shaped for that (`keep_shaped`).
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QSizeF
from PySide6.QtGui import (
    QFontMetricsF,
    QPyTextObject,
    QTextBlock,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFragment,
    QTextFrameFormat,
    QTextImageFormat,
)

from ..profiles import profile_for
from ..profiles.parts import KIND_LABELS
from ..rules.core import signed
from . import charts, facts, rounds, table
from .charts import IMAGE_OBJECT, BarPair, Bars, bars_tag, chart_tag, font
from .data import CharacterRow, Report
from .stats import UNATTRIBUTED, Hit, Share, Statistics, Tally
from .table import Cell, Table, row_tag

BODY_PT = 9
LAST_PAGE_LINES = 6  # fewer on the last page, and it takes lines from the page before
LOG_PT = 8.5
FIGURE_SPACE = "\u2007"  # as wide as a digit
GAP = "  "  # the log keeps its spaces (white-space: pre-wrap)
STYLE = """
h1 { font-size: 17pt; font-weight: bold; margin-bottom: 2px; }
h2 { font-size: 12pt; font-weight: bold; margin-top: 14px; margin-bottom: 5px; }
p { margin-top: 0; margin-bottom: 3px; }
h2.page { page-break-before: always; margin-top: 0; }
p.bars { margin-top: 4px; margin-bottom: 16px; }
.sub { font-size: 10.5pt; color: #3e4c59; }
.quiet { color: #52606d; }
.nothing { font-size: 11pt; margin-top: 18px; }
.expl { color: #52606d; font-size: 8pt; }
h3 { font-size: 10pt; font-weight: bold; margin-top: 10px; margin-bottom: 4px; }
.time { color: #52606d; }
.later { color: #9aa5b1; }
""" + f"p.log {{ font-size: {LOG_PT}pt; margin-bottom: 2px; white-space: pre-wrap; }}\n" \
    + f"p.row {{ margin: 0; font-size: {table.ROW_PT}pt; }}\n" \
    + f"p.fix {{ font-size: {LOG_PT}pt; margin-bottom: 2px; }}"


def text(value: object) -> str:
    """Names, notes and wound texts are text, never markup."""
    return escape(str(value), quote=True)


def columns(system: str, corrected: bool = False) -> list[tuple[str, str]]:
    """The party table's columns for a game: only what that game tracks, and the sheet
    corrections when a row has one (`corrected`)."""
    words = profile_for(system).report
    heading, _unit = facts.measure_words(system)
    out = [("name", "Character"), ("measure", f"{heading} start → end"),
           ("taken", words.taken_heading),
           ("healed", "Damage healed" if words.charts_damage else "HP healed")]
    out += list(words.marker_columns) + [("fates", words.fates_heading)]
    return out + ([("corrections", "Sheet corrections")] if corrected else [])


def counted(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def harm_counts(row: CharacterRow) -> str:
    """" (2 hits, 1 HP loss)": hits are damage dealt; an HP loss is counted apart."""
    parts = ([counted(row.hits, "hit", "hits")] if row.hits else []) + \
        ([counted(row.losses, "HP loss", "HP losses")] if row.losses else [])
    return f" ({', '.join(parts)})" if parts else ""


def measure_cell(system: str, row: CharacterRow) -> Cell:
    start = "joined" if not row.present_at_start else signed(row.start)
    end = "left the desk" if not row.present_at_end else signed(row.end)
    of = f"HP {row.maximum}" if facts.charts_damage(system) else f"of {row.maximum}"
    return (((f"{start} → {end} ", "plain"), (of, "quiet")),)


def cell(system: str, key: str, row: CharacterRow) -> Cell:
    if key == "name":
        return (((row.name, "bold"),), ((row.kind, "quiet"),))
    if key == "measure":
        return measure_cell(system, row)
    if key in ("taken", "healed"):
        value = getattr(row, key)
        figure = ((str(value) if value else "—"), "plain")
        if key == "taken" and harm_counts(row):
            return ((figure, (harm_counts(row), "quiet")),)
        return ((figure,),)
    return tuple(((item, "plain"),) for item in getattr(row, key)) or ((("—", "plain"),),)


def party_table(report: Report) -> Table:
    system = report.header.system
    cols = columns(system, any(row.corrections for row in report.rows))
    fixed = {"name": 16, "measure": 13, "taken": 12, "healed": 8} if len(cols) > 5 else \
        {"name": 20, "measure": 16, "taken": 18, "healed": 12}
    rest = (100 - sum(fixed.values())) / max(1, len(cols) - len(fixed))
    return Table(tuple(title for _key, title in cols),
                 tuple(fixed.get(key, rest) / 100 for key, _t in cols),
                 tuple(tuple(cell(system, key, row) for key, _t in cols)
                       for row in report.rows))


def untouched_table(report: Report) -> Table:
    """One line for each character nothing happened to: who, and where they stand."""
    heading = "Damage · HP" if facts.charts_damage(report.header.system) else "HP"
    return Table(("Character", "Kind", heading, "State and what is marked"),
                 (0.30, 0.12, 0.16, 0.42),
                 tuple(tuple((((words, style),),) for words, style in (
                     (u.name, "bold"), (u.kind, "quiet"), (u.measure, "plain"),
                     (u.marked, "plain"))) for u in report.untouched),
                 one_line=True)


def tables(report: Report) -> tuple[Table, ...]:
    """The party, the untouched, then each encounter's rounds (`ROUNDS` on), then who
    hurt whom when anyone has figures."""
    found = (statistics_table(report),) if hurt(report) else ()
    return (party_table(report), untouched_table(report),
            *(rounds.round_table(e, during(report), first=i == 0)
              for i, e in enumerate(report.encounters)), *found)


ROUNDS = 2


def rows_html(index: int, count: int, head: bool = True) -> str:
    """Table `index` (of `tables`) as paragraphs of one painted row each, its heading first
    (`head` False: the first row paints it)."""
    return ((f"<p class='row'>{row_tag(index, 'head')}</p>" if head else "")
            + "".join(f"<p class='row'>{row_tag(index, n)}</p>" for n in range(count)))


def during(report: Report) -> str:
    scope = report.header.scope
    return ("this session" if scope.startswith("Session ") else
            "these sessions" if scope.startswith("Sessions") else "this campaign")


def highlights(report: Report) -> str:
    items = []
    for h in report.highlights:
        items.append(f"<p><b>{text(h.title)}:</b> {text(h.text)} "
                     f"<span class='quiet'>(event {h.event})</span><br>"
                     f"<span class='expl'>{text(h.detail)}</span></p>")
    if not any(h.title == "Biggest hit" for h in report.highlights):
        items.append("<p><b>Biggest hit:</b> no one lost anything to a hit.</p>")
    if not any(h.ending for h in report.highlights):
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
        struck = " (the corrections below struck what there was)" if report.corrections \
            else ""
        parts.append(f"<p class='nothing'><b>Nothing happened.</b> No action counts in "
                     f"{during(report)}{struck}, so there is no harm, healing or event to "
                     f"report.</p>")
        return "".join(parts) + corrections_html(report)
    count = (f"{report.actions} action{'s' if report.actions != 1 else ''}, "
             f"{report.events} event{'s' if report.events != 1 else ''}")
    left_out = ("Undone actions and the entries a correction struck are left out; the "
                "corrections are listed below the highlights." if report.corrections
                else "Undone actions are left out.")
    parts.append(f"<p class='quiet'>{count}. {left_out}</p>")
    parts.append("<h2>Party</h2>" + rows_html(0, len(report.rows)))
    parts.append("<h2>Highlights</h2>" + highlights(report))
    return "".join(parts) + corrections_html(report)


def corrections_html(report: Report) -> str:
    """Each revert, edit and rewind: what it corrected, what it struck, the outcomes it
    changed. Entries are named by their number in the log (#42), as the window shows it."""
    if not report.corrections:
        return ""
    figures = "" if report.empty else " The figures above are the corrected ones."
    parts = ["<h2>Corrections</h2><p class='quiet'>Entries are named by their number in "
             f"the log (#42).{figures}</p>"]
    for c in report.corrections:
        made = f"{c.group}, {c.time}" if c.later else c.time
        later = " <span class='quiet'>(made later, on an entry of " \
            f"{text(during(report))})</span>" if c.later else ""
        lines = [f"<b>#{c.seq}</b>{GAP}<span class='time'>{text(made)}</span>{GAP}"
                 f"<b>{text(c.text)}</b>{later}"]
        if c.edited:
            lines.append(f"Now reads: {text(c.edited)}")
        lines += [f"Struck: {text(line)}" for line in c.struck]
        lines += [f"Outcome changed: {text(line)}" for line in c.changed]
        parts.append(f"<p class='log'>{lines[0]}</p>")
        parts += [f"<p class='fix'>{line}</p>" for line in lines[1:]]
    return "".join(parts)


def charts_html(report: Report) -> str:
    """A chart for each character whose measure moved; one line names the others."""
    measure = facts.measure_words(report.header.system)[1]
    flat = (f"<p class='quiet'>{measure} unchanged: {text(', '.join(report.unchanged))}</p>"
            if report.unchanged else "")
    if not report.series:
        return f"<h2>{measure} over time</h2>{flat}"
    # the first charts come in the HTML, the rest are added after it (`more_charts`)
    tags = " ".join(chart_tag(i) for i in range(min(len(report.series), IN_HTML)))
    return (f"<h2>{measure} over time, by event number</h2>{flat}"
            f"<p class='charts'>{tags}</p>")


IN_HTML = 2  # charts in the HTML itself: Qt reads the images of one paragraph of HTML in a
# time that grows with their count squared (a second for two thousand)


def more_charts(doc: QTextDocument, count: int) -> None:
    """The charts after the first `IN_HTML` in their paragraph: each a space and an image
    in the very formats the HTML gave the last of those, bar the image's name."""
    if count <= IN_HTML:
        return
    last = f"{charts.PREFIX}{IN_HTML - 1}"
    block = doc.begin()
    while block.isValid():
        found = image_at(block, last)
        if found is not None:
            break
        block = block.next()
    else:
        raise AssertionError(f"the summary's paragraph of charts holds no {last}")
    image, space = found
    cursor = QTextCursor(doc)
    cursor.beginEditBlock()  # first: moved outside an edit, a cursor lays out the text before it
    cursor.setPosition(block.position() + block.length() - 1)  # the paragraph's end
    for index in range(IN_HTML, count):
        cursor.insertText(" ", space)
        fmt = QTextImageFormat(image)
        fmt.setName(f"{charts.PREFIX}{index}")
        cursor.insertImage(fmt, IN_FLOW)  # as the HTML places an image, in its own object
    cursor.endEditBlock()


IN_FLOW = QTextFrameFormat.Position.InFlow
IMAGE_NAME = QTextFormat.Property.ImageName


def image_at(block: QTextBlock, name: str) -> tuple[QTextImageFormat, QTextCharFormat] | None:
    """The format of the image named `name` ending `block`, and of the space before it."""
    found = pieces(block)
    if len(found) < 2:
        return None
    image = found[-1].charFormat()
    if not image.isImageFormat() or image.toImageFormat().name() != name:
        return None
    text = found[-2]
    if not text.text().endswith(" "):
        return None
    return image.toImageFormat(), text.charFormat()


def untouched_html(report: Report) -> str:
    if not report.untouched:
        return ""
    count = len(report.untouched)
    who = "this character" if count == 1 else f"these {count} characters"
    return (f"<h2>Untouched</h2><p class='quiet'>Nothing happened to {who} in "
            f"{during(report)}; this is where they stand.</p>"
            + rows_html(1, count))


def encounters_html(report: Report, made: tuple[Table, ...]) -> str:
    """Each encounter's rounds. The section's heading, each encounter's title and how it
    ran in a few words are painted with its table's heading and first row (table.py), so
    none of them is left alone at the foot of a page."""
    return "".join(rows_html(i, len(made[i].rows), head=False)
                   for i in range(ROUNDS, ROUNDS + len(report.encounters)))


def hurt(report: Report) -> list[Tally]:
    """The characters who have figures in who hurt whom, as first met (none when the
    summary has no statistics)."""
    stats = report.statistics
    return [] if stats is None else [t for t in stats.characters() if t.entries]


def harm_unit(system: str) -> str:
    return "Damage" if facts.charts_damage(system) else "HP"


def harm_bars(report: Report) -> Bars:
    return Bars(tuple(BarPair(t.name, t.total_dealt, t.total_taken) for t in hurt(report)),
                harm_unit(report.header.system))


LISTED = 8  # lines of a cell of who hurt whom; the rest summed up, so no row outgrows a page


def shares_cell(stats: Statistics, total: int, shares: dict[str, Share], word: str) -> Cell:
    """The total, then each other party's share, largest first: "7 to The Heavy"."""
    if not shares:
        return ((("\u2014", "plain"),),)
    ordered = stats.ordered(shares)
    lines: list[tuple[tuple[str, str], ...]] = [((str(total), "bold"),)]
    lines += [((f"{share.amount} {word} {stats.name(key)}", "quiet"),)
              for key, share in ordered[:LISTED]]
    rest = ordered[LISTED:]
    if rest:
        lines.append(((f"{sum(s.amount for _k, s in rest)} {word} {len(rest)} more",
                       "quiet"),))
    return tuple(lines)


def figure_cell(amount: int) -> Cell:
    return (((str(amount) if amount else "\u2014", "plain"),),)


def hit_cell(stats: Statistics, hit: Hit | None, word: str) -> Cell:
    """"7 to The Heavy", as the Statistics page words it."""
    words = "\u2014" if hit is None else f"{hit.amount} {word} {stats.name(hit.other)}"
    return (((words, "plain"),),)


def downs_cell(tally: Tally) -> Cell:
    """Each down in the game's words, with its round: "Dying — Death's Door (round 2)"."""
    lines = [((d.words + ("" if d.round is None else f" (round {d.round})"), "plain"),)
             for d in tally.downs[:LISTED]]
    rest = len(tally.downs) - LISTED
    if rest > 0:
        lines.append(((f"and {rest} more", "quiet"),))
    return tuple(lines) or ((("\u2014", "plain"),),)


def statistics_row(stats: Statistics, tally: Tally) -> tuple[Cell, ...]:
    kind = KIND_LABELS.get(tally.kind, tally.kind)
    who: Cell = (((tally.name, "bold"),),) + ((((kind, "quiet"),),) if kind else ())
    return (who,
            shares_cell(stats, tally.total_dealt, tally.dealt, "to"),
            shares_cell(stats, tally.total_taken, tally.taken, "from"),
            figure_cell(tally.total_given), figure_cell(tally.total_received),
            downs_cell(tally),
            hit_cell(stats, tally.biggest_dealt, "to"),
            hit_cell(stats, tally.biggest_taken, "from"),
            (((tally.closest.words if tally.closest else "\u2014", "plain"),),))


STATISTICS_HEADS = ("Character", "Dealt", "Taken", "Healing given", "Healing received",
                    "Downs", "Biggest hit dealt", "Biggest hit taken", "Closest call")
STATISTICS_SHARES = (0.12, 0.13, 0.13, 0.075, 0.085, 0.11, 0.115, 0.115, 0.12)


def statistics_table(report: Report) -> Table:
    """One row per character who has figures; its heading painted with the first row."""
    stats = report.statistics
    return Table(STATISTICS_HEADS, STATISTICS_SHARES,
                 tuple(statistics_row(stats, t) for t in hurt(report)), head_on_first=True)


def unattributed(report: Report) -> int:
    """The harm typed without an attacker."""
    found = report.statistics.tallies.get(UNATTRIBUTED) if report.statistics else None
    return found.total_dealt if found else 0


def statistics_html(report: Report, index: int) -> str:
    """Who hurt whom, on a page of its own: the bars, then the table (`tables`' `index`);
    nothing when no one has figures."""
    people = hurt(report)
    if not people:
        return ""
    system = report.header.system
    unit = harm_unit(system)
    healing = "Damage healed" if unit == "Damage" else "HP regained"
    lead = (f"Dealt and Taken are {profile_for(system).report.taken_heading}, by whom; "
            f"Healing is {healing}.")
    nobody = unattributed(report)
    typed = (f"<p class='quiet'>{nobody} {unit} of harm was typed without an attacker "
             f"(counted as Unattributed).</p>" if nobody else "")
    parts = " ".join(bars_tag(i) for i in range(harm_bars(report).parts))
    return (f"<h2 class='page'>Who hurt whom</h2><p class='quiet'>{text(lead)}</p>{typed}"
            f"<p class='bars'>{parts}</p>" + rows_html(index, len(people), head=False))


def log_html(report: Report) -> str:
    """The full log, one paragraph per event.

    Each line starts with the event number (padded with figure spaces, as wide as a digit)
    and the time, so every text starts at the same place and can hang there (`hang`).
    """
    digits = len(str(len(report.log)))
    parts, group = [], None
    for line in report.log:
        if line.group != group:
            group = line.group
            parts.append(f"<h3 class='log'>{text(group)}</h3>")
        number = str(line.number).rjust(digits).replace(" ", FIGURE_SPACE)
        # the time of an action's later events is faint: they happened with the first
        # (one span: its colour is all that tells the two apart)
        time = "time" if line.action_start else "later"
        parts.append(f"<p class='log'><b>{number}</b>{GAP}<span class='{time}'>"
                     f"{text(line.time)}</span>{GAP}{text(line.text)}</p>")
    return LOG_HEAD + "".join(parts)


LOG_HEAD = "<h2>Full log</h2>"


def by_cursor(report: Report) -> bool:
    """Whether the log can be added to the document after its HTML (`add_log`): every
    text in it reads the same as plain text as it would in HTML, where a heading folds
    its spaces and a line break or other control character is read apart."""
    groups = {line.group for line in report.log}
    return all(g.isprintable() and g == " ".join(g.split()) for g in groups) and all(
        line.text.isprintable() and line.time.isprintable() for line in report.log)


def log_formats(doc: QTextDocument) -> dict[str, QTextFormat] | None:
    """The formats the HTML of the log gives its paragraphs and their pieces, read from a
    short log of two lines in a scratch document of `doc`'s style (None should Qt read
    that HTML in other pieces than these)."""
    scratch = QTextDocument()
    scratch.setDefaultFont(doc.defaultFont())
    scratch.setDefaultStyleSheet(doc.defaultStyleSheet())
    scratch.setPageSize(QSizeF(0, 0))
    scratch.setHtml(f"<h3 class='log'>G</h3>"
                    f"<p class='log'><b>1</b>{GAP}<span class='time'>0</span>{GAP}x</p>"
                    f"<p class='log'><b>2</b>{GAP}<span class='later'>0</span>{GAP}x</p>")
    heading = scratch.begin()
    first, later = heading.next(), heading.next().next()
    made = [formats_of(block) for block in (heading, first, later)]
    if [len(p) for p in made] != [1, 4, 4]:
        return None
    return {"group": heading.blockFormat(), "group_chars": heading.charFormat(),
            "group_text": made[0][0], "line": first.blockFormat(),
            "line_chars": first.charFormat(), "number": made[1][0], "gap": made[1][1],
            "time": made[1][2], "later": made[2][2], "text": made[1][3]}


def formats_of(block: QTextBlock) -> list[QTextCharFormat]:
    """The formats of `block`'s fragments, in order."""
    return [piece.charFormat() for piece in pieces(block)]


def pieces(block: QTextBlock) -> list[QTextFragment]:
    """`block`'s fragments: its runs of text of one format, in order."""
    it, found = block.begin(), []
    while not it.atEnd():
        found.append(it.fragment())
        it += 1
    return found


def add_log(doc: QTextDocument, report: Report, f: dict[str, QTextFormat]) -> None:
    """The full log after the document's HTML, which ends with its heading: each line a
    paragraph in the very formats its HTML (`log_html`) gives it, its texts as plain text.
    A few Qt calls a line, where reading it from HTML takes a long while (a log of
    thousands of lines is most of the summary's HTML). `f`: the formats (`log_formats`)."""
    digits = len(str(len(report.log)))
    cursor = QTextCursor(doc)
    cursor.beginEditBlock()  # first: moved outside an edit, a cursor lays out the text before it
    cursor.movePosition(QTextCursor.MoveOperation.End)
    group = None
    for line in report.log:
        if line.group != group:
            group = line.group
            cursor.insertBlock(f["group"], f["group_chars"])
            cursor.insertText(group, f["group_text"])
        cursor.insertBlock(f["line"], f["line_chars"])
        cursor.insertText(str(line.number).rjust(digits).replace(" ", FIGURE_SPACE),
                          f["number"])
        cursor.insertText(GAP, f["gap"])
        cursor.insertText(line.time, f["time"] if line.action_start else f["later"])
        cursor.insertText(GAP + line.text, f["text"])
    cursor.endEditBlock()


def hang(width: float) -> str:
    """The style that lets the log's wrapped lines hang under its text, `width` device
    pixels in (set in the style sheet, so the log is laid out once); a correction's
    lines stand there too."""
    return (f"p.log {{ margin-left: {width:.1f}px; text-indent: -{width:.1f}px; }}\n"
            f"h3.log {{ margin-left: {width:.1f}px; text-indent: -{width:.1f}px; }}\n"
            f"p.fix {{ margin-left: {width:.1f}px; }}")


class Painted(QPyTextObject):
    """Paints what the document holds as `<img src="chart:N">` (charts.paint_chart),
    `<img src="bars:N">` (charts.paint_bars) and `<img src="row:T:N">` (table.Rows)."""

    def __init__(self, parent, report: Report, rows: table.Rows, chart: QSizeF, dpi: int,
                 family: str):
        super().__init__(parent)
        self.series = report.series
        self.bars = harm_bars(report)
        self.rows = rows
        self.sizes: dict[str, QSizeF] = {}   # Qt asks for each object's size many times
        self.chart = chart
        self.mm = dpi / 25.4
        self.family = family
        self.faces: charts.Faces | None = None  # the charts' fonts, on the painter's device

    def intrinsicSize(self, doc, pos, fmt):  # Qt's name
        name = fmt.stringProperty(IMAGE_NAME)
        size = self.sizes.get(name)
        if size is None:
            size = self.sizes[name] = self.measure(name)
        return size

    def measure(self, name: str) -> QSizeF:
        if name.startswith(table.PREFIX):
            return self.rows.size(name[len(table.PREFIX):])
        if name.startswith(charts.BARS_PREFIX):
            return self.bars.size(int(name[len(charts.BARS_PREFIX):]), self.rows.width,
                                  self.mm)
        return QSizeF(self.chart)

    def drawObject(self, painter, rect, doc, pos, fmt):  # Qt's name
        # the document also hands over the lines either side of the page: each object is
        # painted on its own page only
        page = painter.clipBoundingRect()
        if painter.hasClipping() and (rect.top() >= page.bottom() - 1
                                      or rect.bottom() <= page.top() + 1):
            return
        name = fmt.stringProperty(IMAGE_NAME)
        if self.faces is None or self.faces.device is not painter.device():
            self.faces = charts.Faces(self.family, painter.device())
        painter.save()
        try:
            if name.startswith(table.PREFIX):
                self.rows.paint(painter, rect, name[len(table.PREFIX):])
            elif name.startswith(charts.PREFIX):
                charts.paint_chart(painter, rect, self.series[int(name[len(charts.PREFIX):])],
                                   self.mm, self.family, self.faces)
            elif name.startswith(charts.BARS_PREFIX):
                charts.paint_bars(painter, rect, self.bars, int(name[len(charts.BARS_PREFIX):]),
                                  self.mm, self.family, self.faces)
        finally:
            painter.restore()


def prefix_width(report: Report, device, family: str) -> float:
    """The width of "<number> <time> " in the log's fonts, in device pixels."""
    digits = len(str(len(report.log)))
    bold = QFontMetricsF(font(family, LOG_PT, bold=True), device)
    plain = QFontMetricsF(font(family, LOG_PT), device)
    return (bold.horizontalAdvance("0" * digits)
            + plain.horizontalAdvance(f"{GAP}00:00{GAP}"))


def build_document(report: Report, device, width: float, family: str,
                   page_height: float | None = None) -> QTextDocument:
    """The whole summary laid out for `device` (the PDF writer), `width` device pixels
    wide, in pages `page_height` high (one endless page when None)."""
    doc = QTextDocument()
    doc.documentLayout().setPaintDevice(device)
    doc.setDocumentMargin(0)
    doc.setDefaultFont(font(family, BODY_PT))
    doc.setDefaultStyleSheet(STYLE + hang(prefix_width(report, device, family)))
    doc.setPageSize(QSizeF(0, 0))  # no page yet: nothing is laid out until `page`
    if report.empty:
        doc.setHtml(head_html(report))
        page(doc, width, page_height)
        return doc
    mm = device.resolution() / 25.4
    size = QSizeF(width / 2 - 2 * mm, 44 * mm)   # two charts a row
    made = tables(report)
    rows = table.Rows(made, width, device, family)
    handler = Painted(doc, report, rows, size, device.resolution(), family)
    doc.documentLayout().registerHandler(IMAGE_OBJECT, handler)
    formats = log_formats(doc) if by_cursor(report) else None
    doc.setHtml(head_html(report) + charts_html(report)
                + statistics_html(report, ROUNDS + len(report.encounters))
                + encounters_html(report, made) + untouched_html(report)
                + (LOG_HEAD if formats else log_html(report)))
    more_charts(doc, len(report.series))
    if formats:
        add_log(doc, report, formats)
    keep_shaped(doc)
    page(doc, width, page_height)
    if page_height is not None:
        keep_with_previous(doc, page_height)
    return doc


def keep_shaped(doc: QTextDocument) -> None:
    """Each paragraph keeps its text as shaped for the layout, to be painted from: by
    default Qt lets it go once a paragraph is laid out and shapes it again to paint it
    (asking again each painted row and chart its size)."""
    block = doc.begin()
    while block.isValid():
        block.layout().setCacheEnabled(True)
        block = block.next()


def page(doc: QTextDocument, width: float, page_height: float | None) -> None:
    """Give the document its page, once it holds everything: Qt lays a document out only
    once it has a page size, so the whole summary is laid out once, afresh (a change after
    that would lay out again only what it changed)."""
    if page_height is None:
        doc.setTextWidth(width)
    else:
        doc.setPageSize(QSizeF(width, page_height))


def lines_from(block, top: float) -> int:
    """How many of `block`'s lines lie at `top` or below."""
    start = block.document().documentLayout().blockBoundingRect(block).top()
    layout = block.layout()
    return sum(start + layout.lineAt(i).y() >= top for i in range(layout.lineCount()))


def keep_with_previous(doc: QTextDocument, page_height: float) -> None:
    """A last page of only a few lines takes whole paragraphs from the end of the page
    before, so the summary never ends on a page of two or three lines."""
    pages = doc.pageCount()
    if pages < 2:
        return
    top = (pages - 1) * page_height
    block, lines = doc.lastBlock(), 0
    while block.isValid() and lines_from(block, top):  # the paragraphs on the last page
        lines += lines_from(block, top)
        block = block.previous()
    if lines >= LAST_PAGE_LINES or not block.isValid():
        return
    while lines < LAST_PAGE_LINES and block.previous().isValid():
        lines += block.layout().lineCount()
        block = block.previous()
    moved = QTextBlockFormat()
    moved.setPageBreakPolicy(QTextFormat.PageBreakFlag.PageBreak_AlwaysBefore)
    QTextCursor(block.next()).mergeBlockFormat(moved)
