"""The compiled layouts in harmdesk/qt/forms/ match ui/*.ui (run `python ui/build.py`)."""

import importlib.util

import pytest

from tests.conftest import ROOT

spec = importlib.util.spec_from_file_location("build_ui", ROOT / "ui" / "build.py")
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)

UI_FILES = sorted((ROOT / "ui").glob("*.ui"))


def test_there_are_layouts():
    assert len(UI_FILES) >= 5


@pytest.mark.parametrize("ui_file", UI_FILES, ids=lambda p: p.name)
def test_compiled_form_is_fresh(ui_file):
    target = build.target(ui_file)
    assert target.exists(), f"{target.name} is missing: run python ui/build.py"
    assert target.read_text(encoding="utf-8") == build.compiled(ui_file), \
        f"{target.name} is stale: run python ui/build.py"
