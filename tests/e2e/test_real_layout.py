"""The layout across restarts under a window manager: quit with Ctrl+Q, start again on the
same data folder and settings, and the tiles, docks and encounter bar come back exactly as
they were, also after several starts; a closed dock comes back closed, and usable once
shown; View → Reset layout puts back the first start's layout. The state is read from the
data folder's own settings file."""

from __future__ import annotations

import configparser

import pytest

from .conftest import ARTIFACTS
from .realdesk import RealDesk

MIN_DOCK_WIDTH = 220
RESTARTS = 3


@pytest.fixture
def starts(display, tmp_path, request):
    """Starts HarmDesk on the test's one data folder and settings, as often as asked;
    each start is closed after the test, also when it failed."""
    opened: list[RealDesk] = []

    def start() -> RealDesk:
        desk = RealDesk(display, tmp_path, ARTIFACTS / request.node.name)
        opened.append(desk)
        desk.wait_until_settled(timeout=60)
        return desk

    yield start
    for desk in opened:
        desk.close()


def shape(status: dict) -> dict:
    """What a restart must keep: the window's size, the columns of tiles, and each dock's
    shown state and width (and the encounter bar's height)."""
    layout = status["layout"]
    docks = layout["docks"]
    kept = {"window": layout["window"], "columns": layout["columns"],
            "toolbar": layout["toolbar"],
            "docks": {name: (dock["visible"], dock["width"] if dock["visible"] else None)
                      for name, dock in docks.items()}}
    if docks["encounterDock"]["visible"]:
        kept["encounter_height"] = docks["encounterDock"]["height"]
    return kept


def settled_shape(desk: RealDesk) -> dict:
    """The layout once a restored layout had its chance to be put back: unchanged over a
    quiet spell of the status file."""
    seen: list[dict] = []

    def steady(s):
        seen.append(shape(s))
        return len(seen) >= 15 and all(x == seen[-1] for x in seen[-15:])
    desk.wait_for(lambda s: "layout" in s and steady(s), "the layout to hold still", 30)
    return seen[-1]


def quit_desk(desk: RealDesk) -> None:
    desk.wait_for_desk_keys()
    assert desk.quit() == 0


def view_menu(desk: RealDesk, item: str) -> None:
    """View → `item`, with the real keyboard and pointer."""
    desk.wait_for_desk_keys()
    desk.key("alt+v")
    status = desk.wait_for(lambda s: item in s.get("menu", {}), f"the View menu with {item}")
    desk.click(*desk.centre(status["menu"][item]))
    desk.wait_for(lambda s: not s.get("menu"), "the View menu to close")


def saved_window_state(desk: RealDesk) -> configparser.ConfigParser:
    """The data folder's own settings file (one per folder, under the user's settings)."""
    files = list((desk.folder / "config" / "HarmDesk" / "folders").glob("*.ini"))
    assert len(files) == 1, files
    saved = configparser.ConfigParser(interpolation=None)
    saved.read(files[0], encoding="utf-8")
    return saved


def test_the_layout_comes_back_exactly_after_each_restart(starts):
    desk = starts()
    first = settled_shape(desk)
    assert first["columns"] >= 2 and first["docks"]["logDock"][0]
    desk.screenshot("first-start")
    quit_desk(desk)
    saved = saved_window_state(desk)
    assert saved["folder"]["path"] == str(desk.data_dir.resolve())
    assert int(saved["window"]["trayDockWidth"]) == first["docks"]["trayDock"][1]
    assert int(saved["window"]["logDockWidth"]) == first["docks"]["logDock"][1]
    assert not (desk.folder / "config" / "HarmDesk" / "HarmDesk.conf").exists()

    for start in range(RESTARTS):
        desk = starts()
        assert settled_shape(desk) == first, f"start {start + 2}"
        desk.screenshot(f"start-{start + 2}")
        quit_desk(desk)


def test_a_closed_log_comes_back_closed_and_opens_at_a_usable_width(starts):
    desk = starts()
    view_menu(desk, "Log")
    desk.wait_for(lambda s: not s["layout"]["docks"]["logDock"]["visible"], "the log closed")
    quit_desk(desk)

    for _ in range(2):
        desk = starts()
        closed = settled_shape(desk)
        assert closed["docks"]["logDock"] == (False, None)
        assert closed["columns"] >= 2
        quit_desk(desk)

    desk = starts()
    view_menu(desk, "Log")
    status = desk.wait_for(lambda s: s["layout"]["docks"]["logDock"]["visible"],
                           "the log shown again")
    desk.screenshot("log-shown-again")
    assert settled_shape(desk)["docks"]["logDock"][1] >= MIN_DOCK_WIDTH, status["layout"]


def test_the_empty_encounter_bar_keeps_its_height(starts):
    desk = starts()
    view_menu(desk, "Encounter bar")
    desk.wait_for(lambda s: s["layout"]["docks"]["encounterDock"]["visible"],
                  "the encounter bar shown")
    first = settled_shape(desk)
    quit_desk(desk)
    for start in range(RESTARTS):
        desk = starts()
        assert settled_shape(desk) == first, f"start {start + 2}"
        quit_desk(desk)
    desk.screenshot("encounter-bar")


def test_view_reset_layout_brings_back_the_first_start(starts):
    desk = starts()
    first = settled_shape(desk)
    view_menu(desk, "Log")
    view_menu(desk, "Toolbar")
    view_menu(desk, "Encounter bar")
    changed = settled_shape(desk)
    assert changed["docks"]["logDock"] == (False, None) and not changed["toolbar"]
    quit_desk(desk)

    desk = starts()
    assert settled_shape(desk) == changed  # kept as the GM left it, until reset
    view_menu(desk, "Reset layout")
    desk.wait_for(lambda s: shape(s) == first, "the first start's layout back")
    assert settled_shape(desk) == first  # and it stays
    desk.screenshot("reset-layout")
    quit_desk(desk)
    assert saved_window_state(desk)["window"]["logDockWidth"] == str(first["docks"]["logDock"][1])
