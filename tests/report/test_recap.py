"""The recap (`report.recap`): JSON whose every number names the log entries it came
from, and Markdown that reads names literally."""

from __future__ import annotations

import json
import re

from PySide6.QtGui import QTextDocument

from harmdesk.desk.campaign import Campaign
from harmdesk.report.recap import (
    NOTHING,
    Scope,
    plain,
    recap_html,
    recap_json,
    recap_markdown,
)
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


def test_the_players_recap_leaves_out_the_hidden_until_revealed(tmp_path):
    chars = [NIGHT[0], dict(NIGHT[2], players_see="hidden", name="Coedwig Lurker"),
             NIGHT[1]]
    store = Store.open(tmp_path)
    try:
        camp = Campaign.create(store, "Night", "stonetop", {}, chars)
        for action in (
                # hidden: 4 − 2 = 2 HP lost, which the players see as from no one
                {"type": "damage", "target": "heavy", "amount": 4, "source": "coedwig"},
                {"type": "damage", "target": "coedwig", "amount": 2, "source": "heavy"},
                {"type": "edit_character", "target": "coedwig",
                 "changes": {"players_see": "full"}},
                # revealed: from now on it counts, with its name
                {"type": "damage", "target": "heavy", "amount": 5, "source": "coedwig"}):
            assert camp.apply(action).ok, action
        log = counted(store.log(camp.info.id))
    finally:
        store.close()
    start = {c["id"]: c for c in chars}
    players = statistics("stonetop", log, start, audience="players")
    heavy = players.tallies["heavy"]
    assert {k: s.amount for k, s in heavy.taken.items()} == {"": 2, "coedwig": 3}
    assert players.tallies["heavy"].total_dealt == 0  # its hit was on the hidden one
    assert players.tallies["coedwig"].total_dealt == 3
    gm = statistics("stonetop", log, start)
    assert gm.tallies["heavy"].taken["coedwig"].amount == 5
    assert gm.tallies["heavy"].dealt["coedwig"].amount == 2


def test_a_hidden_characters_name_appears_nowhere_in_the_players_recap(tmp_path):
    lurker = "Coedwig Lurker"
    chars = [NIGHT[0], dict(NIGHT[2], players_see="hidden", name=lurker),
             dict(NIGHT[1], players_see="words")]
    store = Store.open(tmp_path)
    try:
        camp = Campaign.create(store, "Night", "stonetop", {}, chars)
        for action in ({"type": "damage", "target": "heavy", "amount": 4, "source": "coedwig"},
                       {"type": "damage", "target": "coedwig", "amount": 9, "source": "heavy"},
                       {"type": "damage", "target": "hagr", "amount": 9, "source": "heavy"},
                       {"type": "damage", "target": "heavy", "amount": 5, "source": "hagr"}):
            assert camp.apply(action).ok, action
        log = counted(store.log(camp.info.id))
    finally:
        store.close()
    stats = statistics("stonetop", log, {c["id"]: c for c in chars}, audience="players")
    data = json.dumps(recap_json(stats, "Night", SESSION))
    text = recap_markdown(stats, "Night", SESSION)
    assert lurker not in data and "coedwig" not in data.lower() and lurker not in text
    # the words-only hagr: no number of its own HP, though its hit on the Heavy is shown
    hagr = next(c for c in json.loads(data)["characters"] if c["id"] == "hagr")
    assert hagr["players_see"] == "words" and hagr["taken"]["total"] == 0
    assert hagr["dealt"]["by_target"][0]["amount"] == 3
    assert "- **The Heavy**: took 5 HP (3 from Hagr, 2 from Unattributed)" in text


def test_the_html_is_one_page_with_its_chart_inline_and_names_escaped(tmp_path):
    chars = [dict(NIGHT[0], name=MARKUP), *NIGHT[1:]]
    stats, _ = evening(tmp_path, HITS, chars)
    page = recap_html(stats, MARKUP, SESSION, story="The <hagr> came.")
    assert page.startswith("<!DOCTYPE html>") and 'name="viewport"' in page
    # a pair of bars for each of the two characters hurt, and the legend's swatch
    assert "<svg" in page and page.count('<rect class="dealt"') == 3
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;img src=x&gt;" in page
    assert "<b>" not in page and "<img" not in page and "<hagr>" not in page
    assert "src=" not in page.replace("src=x", "")  # nothing fetched: no file, no address
    assert "<script" not in page
    assert "took 10 HP (10 from Hagr)" in page


def test_an_empty_html_recap_says_no_harm_recorded(tmp_path):
    stats, _ = evening(tmp_path, [])
    assert f"<p>{NOTHING}</p>" in recap_html(stats, "Night", SESSION)
