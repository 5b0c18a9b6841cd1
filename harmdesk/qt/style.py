"""HarmDesk's colours, in one place. Everything else comes from the palette, so light and
dark themes both read well; these few carry meaning (danger, warning, good, a chip's kind)."""

from __future__ import annotations

from PySide6.QtGui import QColor

DANGER = QColor("#c82828")    # a refusal, a death state, the last HP
WARNING = QColor("#dc8214")   # down but not out: Wounded, unconscious, out of the action
GOOD = QColor("#3ca050")      # HP to spare
HIGHLIGHT = QColor("#f0c828")  # the tiles a log entry touched
TURN = QColor("#2f6fc0")      # whose turn it is in the encounter
BADGE_TEXT = QColor("#ffffff")  # the status word on its coloured badge

# text that says what is wrong: inline messages, a bad modifier, a gang that cannot deal
ERROR_STYLE = f"color: {DANGER.name()};"

# the tray's chips, coloured by what they do (the `chip` property)
CHIP_COLOURS = {  # kind: (background, border)
    "damage": ("#f7dcdc", "#b85c5c"),
    "danger": ("#f8e2c8", "#b87a3c"),
    "heal": ("#daf0dc", "#4f9a58"),
    "move": ("#dde6f4", "#5a76a8"),
    "condition": ("#ebe0f4", "#8762a8"),
}
CHIP_STYLE = "\n".join([
    ("QPushButton[chip] { color: #202020; border-radius: 9px; padding: 3px 9px; "
     "border: 1px solid; }"),
    *(f'QPushButton[chip="{kind}"] {{ background: {back}; border-color: {border}; }}'
      for kind, (back, border) in CHIP_COLOURS.items()),
    "QPushButton[chip]:focus { border-width: 2px; border-color: palette(highlight); }",
    "QPushButton[chip]:pressed { background: palette(midlight); }",
    "QPushButton[chip]:disabled { color: #8a8a8a; background: #eeeeee; border-color: #c0c0c0; }",
])
