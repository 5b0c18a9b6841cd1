"""Tooltips from text that may hold names the GM typed.

Qt guesses whether a tooltip is rich text, so a character named `<b>Bold</b>`
would show in bold (and `<img src=x>` as a broken image). Escaped and marked as
rich text, a name always reads exactly as it was typed.
"""

from __future__ import annotations

import html


def plain_tip(text: str) -> str:
    """`text` as a tooltip that shows every character as typed, line breaks kept."""
    if not text:
        return ""
    return "<qt>" + html.escape(str(text), quote=False).replace("\n", "<br>") + "</qt>"
