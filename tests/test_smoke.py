"""`harmdesk --smoke`, as the build runs it: it passes, and it takes its temporary data
folder (a database, its backups, a summary PDF and the window's settings) away with it."""

import json
import os
import subprocess
import sys

from tests.conftest import ROOT


def test_the_smoke_test_passes_and_removes_its_temporary_folder(tmp_path):
    temp, home = tmp_path / "tmp", tmp_path / "home"
    temp.mkdir()
    home.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "HOME": str(home),
           "XDG_CONFIG_HOME": str(home / "config"), "QT_QPA_PLATFORM": "offscreen"}
    env.pop("HARMDESK_DATA_DIR", None)
    run = subprocess.run([sys.executable, "-m", "harmdesk", "--smoke"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stdout + run.stderr
    result = json.loads(run.stdout.strip().splitlines()[-1])
    # the folder was really made in the temporary folder, and is gone
    assert result["data_dir"].startswith(str(temp))
    assert not os.path.exists(result["data_dir"])
    assert list(temp.iterdir()) == []
    # nor does the window's layout stay behind in the GM's own settings
    assert not (home / "config").exists() or list((home / "config").rglob("*")) == []
    assert result["ok"] and result["pages"] >= 1 and result["pdf_bytes"] > 0
