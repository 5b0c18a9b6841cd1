"""Properties of `harmdesk apply` and `harmdesk campaign import` on any input: arbitrary
JSON, text with lone surrogates, huge numbers, deep values. Each run exits 0, 1 or 2,
never with a traceback; a 0 prints valid JSON; a failure says why on stderr and leaves
every byte of the data folder (the database, its -wal, the backups) as it was."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from tests.cli_kit import folder_digest, run_cli
from tests.conftest import ROOT

HEAVY = {"id": "heavy", "name": "The Heavy", "max_hp": 20, "armor": 2}
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# JSON of every kind, and the odd texts outside input brings -----------------------------
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)
surrogate = st.integers(0xD800, 0xDFFF)
huge_int = st.integers(41, 6000).map(lambda n: "9" * n)
deep = st.integers(17, 3000).map(lambda n: "[" * n + "]" * n)
field_names = st.sampled_from(["amount", "piercing", "name", "note", "target", "dice", "x"])


def plausible(kind, target, amount):
    return {"type": kind, "target": target, "amount": amount}


actions = st.builds(plausible, st.sampled_from(["damage", "heal", "recover", "nope"]),
                    st.sampled_from(["heavy", "nobody", ["heavy"]]), st.integers(-3, 30))


@st.composite
def action_texts(draw) -> str:
    """ACTION_JSON: a real action, any JSON, or an action with one odd part planted."""
    base = draw(st.one_of(actions, json_values))
    text = json.dumps(base, ensure_ascii=draw(st.booleans()))
    if not isinstance(base, dict):
        return text
    odd = draw(st.sampled_from(["none"] * 4 + ["escaped", "raw", "key", "huge", "deep", "nan",
                                              "cut"]))
    field = draw(field_names)
    code = draw(surrogate)
    planted = {
        "none": None,
        "escaped": f'"Gh\\u{code:04x}st"',
        "raw": f'"Gh{chr(code)}st"',
        "huge": draw(huge_int),
        "deep": draw(deep),
        "nan": draw(st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999"])),
    }.get(odd)
    if odd == "key":
        return text[:-1] + (", " if base else "") + f'"\\u{code:04x}": 1}}'
    if odd == "cut":
        return text[:draw(st.integers(0, max(0, len(text) - 1)))]
    if planted is None:
        return text
    return text[:-1] + (", " if base else "") + f'"{field}": {planted}}}'


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    """A data folder used, with the demo, today's backup and the campaign Night."""
    folder = tmp_path_factory.mktemp("props") / "data"
    assert run_cli("--data-dir", str(folder), "campaign", "new", "Night",
                   "--system", "stonetop")[0] == 0
    assert run_cli("--data-dir", str(folder), "apply", "Night",
                   json.dumps({"type": "add_character", "character": HEAVY}))[0] == 0
    return folder


def check_run(folder, before, code, out, err) -> None:
    event(f"exit {code}")  # --hypothesis-show-statistics: every outcome is reached
    assert code in (0, 1, 2), (code, err)
    assert "Traceback" not in err and "Error:" not in err
    if code == 0:
        json.loads(out)
    else:
        assert err.startswith(("harmdesk: ", "usage: ")), err
        assert folder_digest(folder) == before


@SETTINGS
@given(action_texts())
def test_apply_on_any_action_json(night, text):
    before = folder_digest(night)
    code, out, err = run_cli("--data-dir", str(night), "apply", "Night", text)
    check_run(night, before, code, out, err)
    if code == 0:
        assert json.loads(out)["ok"] is True


@st.composite
def export_texts(draw) -> str:
    """An import file: a real export's shape with any actions, characters or values."""
    export = {"name": draw(st.text(min_size=1, max_size=10)), "system": "stonetop",
              "settings": {}, "characters": [HEAVY],
              "actions": draw(st.lists(actions, max_size=6))}
    if draw(st.booleans()):
        export[draw(st.sampled_from(["name", "system", "settings", "characters", "actions",
                                     "extra"]))] = draw(json_values)
    text = json.dumps(export, ensure_ascii=draw(st.booleans()))
    odd = draw(st.sampled_from(["none", "escaped", "huge", "deep", "nan", "cut"]))
    planted = {"escaped": f'"\\u{draw(surrogate):04x}"', "huge": draw(huge_int),
               "deep": draw(deep), "nan": "NaN"}.get(odd)
    if odd == "cut":
        return text[:draw(st.integers(0, len(text) - 1))]
    if planted is not None:  # in place of the first action's amount, or the name
        return text.replace('"amount": ', f'"amount": {planted}, "was": ', 1) \
            if '"amount": ' in text else text[:-1] + f', "name": {planted}}}'
    return text


_files = itertools.count()


@SETTINGS
@given(export_texts())
def test_import_of_any_file(night, text):
    path = night.parent / f"import-{next(_files)}.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = folder_digest(night)
    code, out, err = run_cli("--data-dir", str(night), "campaign", "import", str(path))
    check_run(night, before, code, out, err)
    if code == 0:
        assert json.loads(out)["campaign"] in {c["name"] for c in json.loads(
            run_cli("--data-dir", str(night), "campaign", "list")[1])["campaigns"]}


# the real command, in its own process, on the worst of each kind ---------------------------

@pytest.mark.parametrize("args", [
    ("apply", "Night", '{"type": "damage", "target": "heavy", "name": "Gh\\ud800st"}'),
    ("apply", "Night", '{"type": "damage", "target": "heavy", "amount": ' + "9" * 5000 + "}"),
    ("apply", "Night", "[" * 60_000 + "]" * 60_000),
    ("apply", "N\udcffight", "{}"),
    ("campaign", "import", "FILE"),
])
def test_the_real_command_refuses_the_worst_cleanly(night, args):
    path = night.parent / "worst.json"
    path.write_bytes(b'{"system": "stonetop", "actions": ' + b"[" * 60_000 + b"]" * 60_000
                     + b"}")
    args = [str(path) if a == "FILE" else a for a in args]
    before = folder_digest(night)
    run = subprocess.run([sys.executable, "-m", "harmdesk", "--data-dir", str(night), *args],
                         cwd=ROOT, capture_output=True, timeout=120,
                         env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    err = run.stderr.decode("utf-8")
    assert run.returncode in (1, 2) and err.startswith(("harmdesk: ", "usage: ")), err
    assert "Traceback" not in err and run.stdout == b""
    assert folder_digest(night) == before
