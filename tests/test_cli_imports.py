"""A command loads what it needs and no more: every command is a new process, so what it
imports is most of what it costs (tests/bench/bench_cli.py measures it)."""

import json
import subprocess
import sys

STONETOP = "Stonetop: the hagr in the Great Wood"

# the command in its own process; prints the modules it loaded that it should not need
RUN = """
import io, json, sys, contextlib
from harmdesk.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
print(json.dumps({"code": code, "loaded": sorted(
    m for m in sys.modules if m.split(".")[0] in ("sqlalchemy", "sqlmodel", "d20", "lark",
                                                  "PySide6")
    or m in ("harmdesk.desk.demo", "harmdesk.desk.library",
             "harmdesk.rules.lux_aeterna", "harmdesk.rules.freedom_fantasies"))}))
"""


def loaded(*argv: str) -> dict:
    done = subprocess.run([sys.executable, "-c", RUN, *argv], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout.splitlines()[-1])


def test_the_first_start_makes_the_demos_without_the_orm_or_the_dice_grammar(tmp_path):
    first = loaded("--data-dir", str(tmp_path), "campaign", "list")
    assert first["code"] == 0
    # the demos need every game's rules; the schema needs no ORM, their dice no d20
    assert "harmdesk.desk.demo" in first["loaded"]
    assert not {m.split(".")[0] for m in first["loaded"]} & {"sqlalchemy", "sqlmodel"}


def test_a_command_on_a_campaign_loads_its_game_only(tmp_path):
    assert loaded("--data-dir", str(tmp_path), "campaign", "list")["code"] == 0
    hit = json.dumps({"type": "damage", "target": "hagr", "amount": 2})
    for argv in (["apply", STONETOP, hit], ["undo", STONETOP],
                 ["state", STONETOP], ["log", STONETOP]):
        after = loaded("--data-dir", str(tmp_path), *argv)
        assert after["code"] == 0, argv
        assert after["loaded"] == [], (argv, after["loaded"])
