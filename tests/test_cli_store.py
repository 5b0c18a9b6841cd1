"""The store's command line: JSON out, non-zero with a clear message on any error."""

import json
import os
import sqlite3
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def harmdesk(folder, *args, env=None):
    return subprocess.run([sys.executable, "-m", "harmdesk", "--data-dir", str(folder), *args],
                          cwd=ROOT, capture_output=True, text=True, encoding="utf-8",
                          env={**os.environ, **(env or {})})


def ok(run):
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_first_run_makes_one_demo_campaign_per_system(tmp_path):
    listed = ok(harmdesk(tmp_path, "campaign", "list"))["campaigns"]
    assert sorted(c["system"] for c in listed) == ["freedom_fantasies", "lux_aeterna", "stonetop"]
    stonetop = next(c["name"] for c in listed if c["system"] == "stonetop")
    names = {c["name"] for c in ok(harmdesk(tmp_path, "state", stonetop))["state"].values()}
    assert {"Caradoc", "Rhianna", "Vahid", "Blodwen", "The Heavy"} <= names


def test_new_apply_undo_redo_state(tmp_path):
    ok(harmdesk(tmp_path, "campaign", "new", "Night", "--system", "stonetop"))
    add = {"type": "add_character", "character": {"id": "heavy", "max_hp": 20, "armor": 2}}
    ok(harmdesk(tmp_path, "apply", "Night", json.dumps(add)))
    hit = ok(harmdesk(tmp_path, "apply", "Night",
                      '{"type": "damage", "target": "heavy", "amount": 5, "piercing": 1}'))
    assert hit["ok"] and hit["state"]["heavy"]["hp"] == 16 and hit["can_undo"] is True
    assert ok(harmdesk(tmp_path, "undo", "Night"))["state"]["heavy"]["hp"] == 20
    assert ok(harmdesk(tmp_path, "state", "Night"))["can_redo"] is True
    assert ok(harmdesk(tmp_path, "redo", "Night"))["state"]["heavy"]["hp"] == 16


def test_refusals_and_bad_input_exit_non_zero_without_traceback(tmp_path):
    ok(harmdesk(tmp_path, "campaign", "new", "Night", "--system", "stonetop"))
    refused = harmdesk(tmp_path, "apply", "Night", '{"type": "damage", "target": "x", "amount": 1}')
    assert refused.returncode == 1 and json.loads(refused.stdout)["ok"] is False
    assert "no character 'x'" in refused.stderr
    for run, words in [
        (harmdesk(tmp_path, "apply", "Night", "{oops"), "not valid JSON"),
        (harmdesk(tmp_path, "apply", "Nowhere", "{}"), "no campaign named"),
        (harmdesk(tmp_path, "undo", "Night"), "nothing to undo"),
        (harmdesk(tmp_path, "campaign", "new", "Night", "--system", "stonetop"), "already"),
        (harmdesk(tmp_path, "campaign", "import", str(tmp_path / "none.json")), "cannot read"),
    ]:
        assert run.returncode != 0, words
        assert words in run.stderr
        assert "Traceback" not in run.stderr


def test_export_import_round_trip(tmp_path):
    listed = ok(harmdesk(tmp_path, "campaign", "list"))["campaigns"]
    name = next(c["name"] for c in listed if c["system"] == "lux_aeterna")
    exported = ok(harmdesk(tmp_path, "campaign", "export", name))
    exported["name"] = "Copy"
    path = tmp_path / "copy.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    copy = ok(harmdesk(tmp_path, "campaign", "import", str(path)))
    assert copy["state"] == ok(harmdesk(tmp_path, "state", name))["state"]


def test_data_dir_comes_from_the_environment_too(tmp_path):
    run = subprocess.run([sys.executable, "-m", "harmdesk", "campaign", "list"], cwd=ROOT,
                         capture_output=True, text=True,
                         env={**os.environ, "HARMDESK_DATA_DIR": str(tmp_path / "env")})
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "env" / "harmdesk.sqlite").exists()


@pytest.mark.parametrize("content", [os.urandom(4096), b"just some text\n"])
def test_a_corrupt_file_gives_advice_and_is_untouched(tmp_path, content):
    (tmp_path / "harmdesk.sqlite").write_bytes(content)
    run = harmdesk(tmp_path, "campaign", "list")
    assert run.returncode == 1
    assert "untouched" in run.stderr and "Traceback" not in run.stderr
    assert (tmp_path / "harmdesk.sqlite").read_bytes() == content


def test_a_second_writer_is_told_the_file_is_in_use(tmp_path):
    from harmdesk.store import Store
    ok(harmdesk(tmp_path, "campaign", "new", "Night", "--system", "stonetop"))
    holder = Store.open(tmp_path)  # as a HarmDesk window holding the file would
    try:
        run = harmdesk(tmp_path, "apply", "Night",
                       '{"type": "add_character", "character": {"id": "a", "max_hp": 3}}')
        assert run.returncode == 1 and "another HarmDesk" in run.stderr
        assert ok(harmdesk(tmp_path, "state", "Night"))["state"] == {}  # reading still works
    finally:
        holder.close()
    ok(harmdesk(tmp_path, "apply", "Night",
                '{"type": "add_character", "character": {"id": "a", "max_hp": 3}}'))


def test_a_command_makes_the_days_backup_after_its_work(tmp_path):
    ok(harmdesk(tmp_path, "campaign", "new", "Night", "--system", "stonetop"))
    made = list((tmp_path / "backups").glob("harmdesk-*-daily.sqlite"))
    assert len(made) == 1
    con = sqlite3.connect(made[0])
    try:  # made after the command: its campaign is in the copy
        assert ("Night",) in con.execute("SELECT name FROM campaign").fetchall()
    finally:
        con.close()
