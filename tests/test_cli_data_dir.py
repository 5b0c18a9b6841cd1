"""A relative data folder (`--data-dir` or HARMDESK_DATA_DIR) is the one in the current folder,
on the first run and every run after (issue 9: the second run failed on a file URI)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harmdesk.store.paths import data_dir


def harmdesk(cwd, *args, env=None):
    return subprocess.run([sys.executable, "-m", "harmdesk", *args], cwd=cwd,
                          capture_output=True, text=True, encoding="utf-8",
                          env={**os.environ, **(env or {})})


@pytest.mark.parametrize("how", ["--data-dir", "HARMDESK_DATA_DIR"])
def test_a_relative_data_folder_works_on_the_second_run_too(tmp_path, how):
    env = {"HARMDESK_DATA_DIR": "table/night"} if how == "HARMDESK_DATA_DIR" else {}
    args = ["--data-dir", "table/night"] if how == "--data-dir" else []
    runs = [harmdesk(tmp_path, *args, "campaign", "list", env=env) for _ in range(2)]
    for run in runs:
        assert run.returncode == 0, run.stderr
        assert len(json.loads(run.stdout)["campaigns"]) == 3
    assert (tmp_path / "table" / "night" / "harmdesk.sqlite").is_file()
    # and a change made in one run is there in the next
    made = harmdesk(tmp_path, *args, "campaign", "new", "Night", "--system", "stonetop", env=env)
    assert made.returncode == 0, made.stderr
    listed = harmdesk(tmp_path, *args, "campaign", "list", env=env)
    assert "Night" in [c["name"] for c in json.loads(listed.stdout)["campaigns"]]


def test_the_data_folder_is_made_absolute_from_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("HARMDESK_DATA_DIR", raising=False)
    assert data_dir("rel") == tmp_path / "rel"
    monkeypatch.setenv("HARMDESK_DATA_DIR", "env/dir")
    assert data_dir() == tmp_path / "env" / "dir"
    assert data_dir().is_absolute()
    assert data_dir("~/x") == Path.home() / "x"  # a home folder is the GM's, not a "~" here
