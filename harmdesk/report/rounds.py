"""The summary's encounters, round by round: a few words for each, and a table of
painted rows (Round | What happened), so a long encounter paginates between rows like
the party table."""

from __future__ import annotations

from .table import Cell, Table
from .timeline import Encounter, Round

# a round with more lines is told over several rows, so no row outgrows a page
LINES_A_ROW = 24


def words(encounter: Encounter, during: str) -> str:
    """"In turns · 3 rounds · ended in round 3": how it ran, how long, how it stands."""
    count = len(encounter.rounds)
    first, last = encounter.rounds[0].number, encounter.rounds[-1].number
    parts = ["In turns" if encounter.mode == "turns"
             else "Spotlight: who acted each round (no initiative)"]
    if encounter.began_earlier:
        parts.append(f"it began before {during}; told here from round {first}")
    parts.append(f"{count} round{'s' if count != 1 else ''}")
    parts.append(f"still running at the end of {during}" if encounter.running
                 else f"ended in round {last}")
    return " · ".join(parts)


def what_happened(encounter: Encounter, told: Round) -> list[Cell]:
    lines = [((text, style),) for text, style in told.lines]
    if encounter.mode == "spotlight" and told.acted is not None:
        lines.append(((f"Acted: {', '.join(told.acted)}" if told.acted
                       else "Nobody acted", "quiet"),))
    if not lines:
        lines = [(("Nothing was recorded", "quiet"),)]
    return [tuple(lines[i:i + LINES_A_ROW]) for i in range(0, len(lines), LINES_A_ROW)]


SECTION = "Encounters, round by round"


def round_table(encounter: Encounter, during: str, first: bool = False) -> Table:
    """The rounds under their title ("Encounter 1 · Session 3") and `words`; the first
    encounter's under the section's heading too."""
    rows = []
    for told in encounter.rounds:
        for part, cell in enumerate(what_happened(encounter, told)):
            label: Cell = (((f"Round {told.number}", "bold"),),) if part == 0 else \
                (((f"Round {told.number}", "bold"),), (("continued", "quiet"),))
            rows.append((label, cell))
    title = (*([(SECTION, "section")] if first else []),
             (f"Encounter {encounter.number} · {encounter.session}", "title"),
             (words(encounter, during), "quiet"))
    return Table(("Round", "What happened"), (0.13, 0.87), tuple(rows), head_on_first=True,
                 title=title)
