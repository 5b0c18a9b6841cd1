"""No rule ID in what the GM reads: every text of the three demo campaigns and of the
scenarios (the profiles' words, the explanations' main lines, refusals, the rolls asked
for, previews and the tiles' tooltips). The IDs stay in the log's details."""

import json
import re
from types import SimpleNamespace

import pytest

from harmdesk import rules
from harmdesk.desk.display import tile_facts
from harmdesk.desk.preview import preview
from harmdesk.desk.replay import parse_scenario
from harmdesk.profiles import profile_for
from harmdesk.qt.log_rows import rows_of
from tests.conftest import ROOT

RULE_ID = re.compile(r"\b(ST|LA|FF)-\d+")
SYSTEMS = ("stonetop", "lux_aeterna", "freedom_fantasies")
DEMOS = sorted((ROOT / "resources" / "demo").glob("*.json"))
SCENARIOS = sorted((ROOT / "tests" / "scenarios").rglob("*.json"))
SCENARIO_KEYS = ("system", "settings", "characters", "actions")


def no_rule_id(texts):
    """The (where, text) pairs that carry a rule ID."""
    return [(where, text) for where, text in texts if RULE_ID.search(str(text))]


def profile_texts(system: str):
    """Every text a game's profile hands the window, the summary and the players'
    display."""
    profile = profile_for(system)
    for look in profile.player_looks:
        yield f"look {look.key}", look.meaning
        yield f"look {look.key}", look.words
        yield f"look {look.key}", look.sentence
    for chip in (*profile.move_chips, *profile.condition_chips):
        yield f"chip {chip.label}", chip.label
        yield f"chip {chip.label}", chip.tip
    for sheet_field in profile.sheet:
        yield f"sheet {sheet_field.key}", sheet_field.label
        yield f"sheet {sheet_field.key}", sheet_field.tip
    for form in profile.quick_forms:
        yield f"quick {form.example}", form.meaning
    for key, setting in profile.settings.items():
        yield f"setting {key}", setting.doc
    for key, edit in profile.edits.items():
        yield f"edit {key}", edit.label
    if profile.death_ruling:
        yield "death ruling", profile.death_ruling.heading
        for label, _ in profile.death_ruling.choices:
            yield "death ruling", label
    yield "no death ruling", profile.no_death_ruling
    yield "save prompt", profile.clock.save_rule
    yield "conditions", profile.conditions_title
    report = profile.report
    yield "report", report.taken_heading
    yield "report", report.fates_heading
    for _, heading in report.marker_columns:
        yield "report", heading


def unrolled(action):
    """The action as a chip hovering before its dice are rolled."""
    return {k: v for k, v in action.items() if k != "rolls"} if "dice" in action else action


def step_texts(state: dict, action, where: str):
    """What the GM reads of one action: its explanation's lines or its refusal, the rolls
    it asks for, its preview (rolled and before the roll) and every tile's tooltip."""
    if not isinstance(action, dict):
        return
    action = {k: v for k, v in action.items() if not k.startswith("expect")}
    out = rules.apply(state, action)
    for event in out.events:
        yield where, event.text
    yield where, out.error or ""
    for need in out.needs:
        yield f"{where} roll", need.get("why", "")
    for shown in {json.dumps(action), json.dumps(unrolled(action))}:
        seen = preview(state, json.loads(shown))
        yield f"{where} preview", seen.error or ""
        for text in (*seen.lines.values(), *seen.details.values()):
            yield f"{where} preview", text
    for char in out.state["characters"].values():
        yield f"{where} tile", tile_facts(state["system"], char).description()


def replayed(path):
    """(state before, action, where) for each action of a scenario or a demo campaign."""
    data = json.loads(path.read_text(encoding="utf-8"))
    scenario = parse_scenario({k: data[k] for k in SCENARIO_KEYS if k in data}, path.name)
    state = scenario.state
    for index, action in enumerate(scenario.actions):
        yield state, action, f"{path.name} #{index}"
        if isinstance(action, dict):
            clean = {k: v for k, v in action.items() if not k.startswith("expect")}
            state = rules.apply(state, clean).state


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_games_profile_says_nothing_with_a_rule_id(system):
    assert no_rule_id(profile_texts(system)) == []


@pytest.mark.parametrize("path", DEMOS, ids=[p.stem for p in DEMOS])
def test_a_demo_campaign_and_its_tray_read_without_rule_ids(path):
    """Each demo step, then every tray chip and severity die over every demo character."""
    texts, state = [], None
    for state, action, where in replayed(path):
        texts += step_texts(state, action, where)
    state = rules.apply(state, {k: v for k, v in action.items()
                                if not k.startswith("expect")}).state
    profile = profile_for(state["system"])
    chips = [dict(c.action) for c in (*profile.move_chips, *profile.condition_chips)]
    chips += [{"type": "damage", "dice": die} for die, _ in profile.severity]
    for cid in state["characters"]:
        for chip in chips:
            texts += step_texts(state, {**chip, "target": cid}, f"{chip['type']} on {cid}")
    assert texts and no_rule_id(texts) == []


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_a_scenarios_explanations_previews_and_tiles_read_without_rule_ids(path):
    texts = [t for state, action, where in replayed(path)
             for t in step_texts(state, action, where)]
    assert texts and no_rule_id(texts) == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_logs_details_still_name_the_rules_its_main_text_does_not(system):
    """A logged step's row: its text reads without IDs; its details name the rules."""
    profile = profile_for(system)
    paths = [p for p in SCENARIOS if p.parent.name == system]
    named = 0
    for path in paths:
        for state, action, _ in replayed(path):
            if not isinstance(action, dict) or not profile.rule_ids_of(action):
                continue
            clean = {k: v for k, v in action.items() if not k.startswith("expect")}
            out = rules.apply(state, clean)
            if not out.ok:
                continue
            entry = SimpleNamespace(action=clean, events=[e.to_dict() for e in out.events],
                                    applied_at=None, id=1, undone=False, seq=1,
                                    struck_by=None, revised=None, effective_action=clean,
                                    is_correction=False)
            for row in rows_of(entry, profile):
                assert not RULE_ID.search(row.text), row.text
                assert RULE_ID.fullmatch(row.rules.split(", ")[0]), row.rules
                named += 1
    assert named > 20


def test_a_log_an_older_harmdesk_saved_reads_without_its_rule_ids():
    """Texts saved with the IDs in them: the log dock's rows and the summary's log and
    highlights read without them; the row's details still name the rules."""
    from harmdesk.report.data import build_report
    from tests.report.kit import SESSION, play

    sheets = [{"id": "heavy", "name": "The Heavy", "kind": "pc", "max_hp": 20, "armor": 2,
               "moves": ["hard_to_kill"]}]
    initial, entries = play("stonetop", sheets, [
        {"type": "damage", "target": "heavy", "amount": 30},
        {"type": "deaths_door", "target": "heavy", "roll": 5}])
    for entry in entries:
        for event in entry.events:
            event["text"] += " (ST-7)"
    report = build_report("Old", "stonetop", initial, [SESSION], entries, [SESSION])
    shown = [line.text for line in report.log] + \
        [t for h in report.highlights for t in (h.text, h.detail)]
    assert shown and [t for t in shown if RULE_ID.search(t)] == []
    rows = rows_of(entries[1], profile_for("stonetop"))
    assert rows and all(not RULE_ID.search(r.text) and r.rules == "ST-7" for r in rows)


def source_texts(path):
    """The string constants of a module that may reach the GM: not its docstrings, not
    the rule IDs the profiles map for the log's details, not the actions' docs (for
    developers, naming the rules they read)."""
    import ast
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant):
            skipped.add(id(body[0].value))
        if isinstance(node, ast.keyword) and node.arg == "doc":
            skipped.update(id(n) for n in ast.walk(node.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in skipped and not RULE_ID.fullmatch(node.value):
            yield f"{path.relative_to(ROOT)}:{node.lineno}", node.value


def test_no_text_in_the_code_names_a_rule_id():
    """Dialogs, tooltips, messages: what the code writes for the GM names no rule."""
    paths = sorted((ROOT / "harmdesk").rglob("*.py"))
    assert no_rule_id(t for path in paths for t in source_texts(path)) == []
