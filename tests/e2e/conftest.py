"""The real window under Xvfb: one X server per module, one fresh HarmDesk per test."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.qt_settings import own_settings_folder

from .realdesk import RealDesk, missing_tools, start_window_manager, start_xvfb

ARTIFACTS = Path(__file__).resolve().parents[2] / "build" / "e2e"


@pytest.fixture(autouse=True)
def own_qsettings(tmp_path_factory):
    """Each test remembers window sizes and dock layouts in a folder of its own."""
    return own_settings_folder(tmp_path_factory)


@pytest.fixture(scope="module")
def display(tmp_path_factory):
    missing = missing_tools()
    if missing:
        message = (f"real-input tests need {', '.join(missing)} "
                   "(apt-get install xvfb xdotool openbox)")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    server, name = start_xvfb()
    manager = start_window_manager(name, tmp_path_factory.mktemp("openbox"))
    yield name
    for process in (manager, server):
        process.terminate()
        process.wait(10)


@pytest.fixture
def desk(display, tmp_path, request):
    opened = RealDesk(display, tmp_path, ARTIFACTS / request.node.name)
    try:
        opened.wait_until_settled(timeout=60)
        yield opened
    finally:
        opened.close()
