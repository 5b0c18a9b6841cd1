"""The recap (`report.recap`): JSON whose every number names the log entries it came
from, and Markdown that reads names literally."""

from __future__ import annotations

import json
import re

from PySide6.QtGui import QTextDocument

from harmdesk.desk.campaign import Campaign
from harmdesk.report.recap import NOTHING, Scope, plain, recap_json, recap_markdown
from harmdesk.report.stats import counted, statistics
from harmdesk.store import Store
from tests.report.test_stats import NIGHT

MARKUP = "<b>Bold</b> & <img src=x>"
SESSION = Scope("session", "Play session 1")


def evening(tmp_path, actions, chars=NIGHT):
    store = Store.open(tmp_path)
    try:
        camp = Campaign.create(store, "Night", "stonetop", {}, chars)
        for action in actions:
            assert camp.apply(action).ok, action
        log = counted(store.log(camp.info.id))
    finally:
        store.close()
    return statistics("stonetop", log, {c["id"]: c for c in chars}), log


HITS = [{"type": "damage", "target": "heavy", "amount": 9, "source": "hagr"},   # 7 lost
        {"type": "damage", "target": "hagr", "amount": 6},                      # 4 lost
        {"type": "damage", "target": "heavy", "amount": 5, "source": "hagr"}]   # 3 lost


def numbers_with_entries(node):
    """Every {amount, entries} in the recap."""
    if isinstance(node, dict):
        if "amount" in node:
            yield node
        for value in node.values():
            yield from numbers_with_entries(value)
    elif isinstance(node, list):
        for value in node:
            yield from numbers_with_entries(value)


def test_json_numbers_link_to_the_log_entries_they_came_from(tmp_path):
    stats, log = evening(tmp_path, HITS)
    data = json.loads(json.dumps(recap_json(stats, "Night", SESSION)))
    assert (data["format"], data["version"], data["empty"]) == ("harmdesk-recap", 1, False)
    heavy = next(c for c in data["characters"] if c["id"] == "heavy")
    assert heavy["taken"]["total"] == 10
    assert heavy["taken"]["by_source"] == [
        {"source": "hagr", "name": "Hagr", "amount": 10,
         "entries": [log[0].id, log[2].id]}]
    assert heavy["biggest_hit_taken"] == {"amount": 7, "source": "hagr", "name": "Hagr",
                                          "entries": [log[0].id]}
    unattributed = next(s for s in data["sources"] if s["name"] == "Unattributed")
    assert unattributed["dealt"]["by_target"][0]["amount"] == 4
    by_id = {e.id: e for e in log}
    for number in numbers_with_entries(data):
        # the amount is what those entries' events took
        assert number["entries"] and set(number["entries"]) <= set(by_id)


def test_an_empty_scope_is_a_valid_file_that_says_no_harm_recorded(tmp_path):
    stats, _ = evening(tmp_path, [])
    data = recap_json(stats, "Night", SESSION)
    assert data["empty"] and data["message"] == NOTHING and data["characters"] == []
    assert NOTHING in recap_markdown(stats, "Night", SESSION)


def test_markdown_says_who_hurt_whom_in_words(tmp_path):
    stats, _ = evening(tmp_path, HITS)
    text = recap_markdown(stats, "Night", SESSION, story="The hagr came out of the wood.")
    assert "## Story so far\n\nThe hagr came out of the wood." in text
    assert "- **The Heavy**: took 10 HP (10 from Hagr)" in text
    assert "- **Hagr**: dealt 10 HP (10 to The Heavy); took 4 HP (4 from Unattributed)" in text


def test_markup_in_names_stays_literal_in_json_and_markdown(qapp, tmp_path):
    chars = [dict(NIGHT[0], name=MARKUP), *NIGHT[1:]]
    stats, _ = evening(tmp_path, HITS, chars)
    data = recap_json(stats, MARKUP, SESSION)
    assert data["campaign"] == MARKUP and data["characters"][0]["name"] == MARKUP
    text = recap_markdown(stats, MARKUP, SESSION)
    assert not re.search(r"(?<!\\)[<>&]", text)  # each one escaped
    doc = QTextDocument()
    doc.setMarkdown(text)  # as a Markdown reader renders it: the name, literally
    shown = doc.toPlainText()
    assert f"{MARKUP}: Play session 1" in shown and f"{MARKUP}: took 10 HP" in shown


def test_plain_escapes_every_markup_character():
    assert plain("*a* _b_ [c](d) `e` # f") == r"\*a\* \_b\_ \[c\]\(d\) \`e\` \# f"
    assert plain("two\nlines") == "two lines"
