"""`harmdesk replay`: run a scenario file through the rules core, headless.

A scenario is untrusted JSON. Structural problems (not JSON, unknown system,
bad settings or sheets) raise `ScenarioError`, which the command line turns
into exit status 2. Problems inside an action are refusals, as in play.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..rules.core import Refused, SheetError, clipped, quoted
from ..rules.engine import apply, new_state
from ..rules.fields import plain_data
from ..rules.shapes import JSON, Character, DeskState, Settings
from ..untrusted import UntrustedError, parse_json
from .memory_log import MemoryLog, is_correction

MAX_BYTES = 20 * 1024 * 1024
# `times`: when each action was made, in a campaign's export (an import keeps them)
TOP_KEYS = {"name", "description", "system", "settings", "characters", "actions", "times"}
EXPECT_KEYS = ("expect", "expect_refused", "expect_events", "expect_encounter")


class ScenarioError(ValueError):
    """The file cannot be read as a scenario. The message names the offending key."""


@dataclass
class Scenario:
    name: str | None
    state: DeskState
    actions: list[Any]  # as the file gives them: the rules refuse a malformed one
    sheets: list[JSON]


@dataclass
class Replay:
    results: list[JSON] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)
    expectations: int = 0


def read_scenario(path: str | Path) -> Scenario:
    return parse_scenario(read_json(path), str(path))


def read_json(path: str | Path, data_files: Sequence[Path] = ()) -> Any:
    """The JSON value of a file from outside, read with every limit of `untrusted`.
    `data_files`: HarmDesk's data file, then SQLite's files beside it, which are refused
    (see `read_limited`)."""
    try:
        return parse_json(read_limited(Path(path), MAX_BYTES, data_files), str(path))
    except UntrustedError as err:
        raise ScenarioError(str(err)) from None


def read_limited(path: Path, limit: int, data_files: Sequence[Path] = ()) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; anything else (a folder,
    /dev/zero, a FIFO) is refused before it is read, and never waited on. So is any of
    `data_files` (by another name or a link too): in a process that holds the store,
    closing a descriptor of the data file drops the locks SQLite holds on it."""
    try:
        found = os.stat(path)
        if not stat.S_ISREG(found.st_mode):
            raise ScenarioError(f"{path}: not a regular file; choose a .json file.")
        _not_a_data_file(path, found, data_files)
        # O_NONBLOCK: should a FIFO take the file's place meanwhile, opening it cannot hang
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)
        with os.fdopen(fd, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise ScenarioError(f"{path}: not a regular file; choose a .json file.")
            raw = file.read(limit + 1)
    except OSError as err:
        raise ScenarioError(f"{path}: cannot read the file ({err.strerror or err}).") from None
    if len(raw) > limit:
        raise ScenarioError(f"{path}: the file is larger than {limit:,} bytes, the limit "
                            "for a file HarmDesk reads.")
    return raw


def _not_a_data_file(path: Path, found: os.stat_result, data_files: Sequence[Path]) -> None:
    """ScenarioError when `path` (whose stat is `found`) is one of `data_files`: the data
    file first, then SQLite's files beside it. Each is looked at with stat alone."""
    for index, data_file in enumerate(data_files):
        try:
            same = os.path.samestat(found, os.stat(data_file))
        except OSError:
            continue  # not there: nothing to mistake
        if same and index == 0:
            raise ScenarioError(f"{path} is HarmDesk's data file; export a campaign to a "
                                ".json file and import that.")
        if same:
            raise ScenarioError(f"{path} is one of the files SQLite keeps beside HarmDesk's "
                                f"data file {data_files[0]}; export a campaign to a .json "
                                "file and import that.")


def parse_scenario(data: Any, where: str = "scenario") -> Scenario:
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: the top level must be an object")
    for key in data:
        if key not in TOP_KEYS:
            raise ScenarioError(f"{where}: unknown key {quoted(key)} (known: "
                                f"{', '.join(sorted(TOP_KEYS))})")
    if "system" not in data:
        raise ScenarioError(f"{where}: `system` is missing")
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        raise ScenarioError(f"{where}: `name` must be text")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise ScenarioError(f"{where}: `actions` must be a list")
    try:
        state = new_state(data["system"], data.get("settings"), data.get("characters", []))
    except SheetError as err:
        raise ScenarioError(f"{where}: `{err.key}` {err.message}") from None
    return Scenario(name, state, actions, list(data.get("characters", [])))


def _strip_expectations(action: Any) -> Any:
    if isinstance(action, dict):
        return {k: v for k, v in action.items() if k not in EXPECT_KEYS}
    return action


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def check_expectations(actions: list[Any], where: str = "scenario") -> None:
    """`--check` reads `expect`, `expect_events` and `expect_refused`: a malformed one is a
    malformed file (exit 2), named by action index and key, before anything runs."""
    for index, action in enumerate(actions):
        if not isinstance(action, dict):
            continue
        label = f"{where}: action {index}"
        expect = action.get("expect")
        if expect is not None:
            if not isinstance(expect, dict):
                raise ScenarioError(f"{label}: `expect` must be an object of character ids, "
                                    "each with an object of the values expected")
            for cid, keys in expect.items():
                if not isinstance(keys, dict):
                    raise ScenarioError(f"{label}: `expect.{clipped(cid)}` must be an object "
                                        'such as {"hp": 15}')
                try:
                    plain_data(keys, "the value")
                except Refused as err:
                    raise ScenarioError(f"{label}: `expect.{clipped(cid)}`: {err.reason}") from None
        events = action.get("expect_events")
        if events is not None:
            if not isinstance(events, list):
                raise ScenarioError(f"{label}: `expect_events` must be a list of texts")
            for i, wanted in enumerate(events):
                if not _is_text(wanted):
                    raise ScenarioError(f"{label}: `expect_events[{i}]` must be non-empty text")
        if "expect_encounter" in action and not isinstance(action["expect_encounter"],
                                                           (dict, type(None))):
            raise ScenarioError(f"{label}: `expect_encounter` must be null (no encounter "
                                'runs) or an object such as {"round": 2, "turn": 0}')
        refused = action.get("expect_refused")
        if refused is not None and not _is_text(refused):
            raise ScenarioError(f"{label}: `expect_refused` must be non-empty text")


def _check_encounter(label: str, action: JSON, settings: Settings, out: Replay) -> None:
    """`expect_encounter`: null, or the keys of the running encounter expected."""
    if "expect_encounter" not in action:
        return
    wanted, got = action["expect_encounter"], settings.get("encounter")
    if wanted is None or got is None:
        out.expectations += 1
        if wanted != got:
            out.mismatches.append(f"{label}: encounter expected {quoted(wanted)}, "
                                  f"got {quoted(got)}")
        return
    for key, value in wanted.items():
        out.expectations += 1
        if got.get(key, "<missing>") != value:
            out.mismatches.append(f"{label}: encounter.{clipped(str(key))} expected "
                                  f"{quoted(value)}, got {quoted(got.get(key, '<missing>'))}")


def _check(index: int, action: Any, result: JSON, chars: dict[str, Character], out: Replay,
           settings: Settings | None = None) -> None:
    if not isinstance(action, dict):
        return
    label = f"action {index} ({clipped(str(action.get('type')))})"
    wanted_refusal = action.get("expect_refused")
    if wanted_refusal is not None:
        out.expectations += 1
        if result["ok"]:
            out.mismatches.append(f"{label}: expected a refusal containing "
                                  f"{quoted(wanted_refusal)}, but it was applied")
        elif wanted_refusal.lower() not in result["error"].lower():
            out.mismatches.append(f"{label}: expected a refusal containing "
                                  f"{quoted(wanted_refusal)}, got {result['error']!r}")
    elif ("expect" in action or "expect_events" in action or "expect_encounter" in action) \
            and not result["ok"]:
        out.mismatches.append(f"{label}: refused: {result['error']}")
        return
    _check_encounter(label, action, settings or {}, out)
    for cid, keys in (action.get("expect") or {}).items():
        if cid not in chars:
            out.expectations += 1
            out.mismatches.append(f"{label}: no character {quoted(cid)} in the state")
            continue
        for key, value in keys.items():
            out.expectations += 1
            got = chars[cid].get(key, "<missing>")
            if got != value:
                out.mismatches.append(f"{label}: {clipped(cid)}.{clipped(str(key))} expected "
                                      f"{quoted(value)}, got {quoted(got)}")
    texts = [e["text"] for e in result.get("events", [])]
    for wanted in action.get("expect_events") or []:
        out.expectations += 1
        if not any(wanted.lower() in t.lower() for t in texts):
            out.mismatches.append(f"{label}: no event mentions {quoted(wanted)}; events: {texts}")


def changed_characters(before: dict[str, Character],
                       after: dict[str, Character]) -> dict[str, Character | None]:
    """The characters an action changed, added or (as None) removed. The rules copy on
    write, so an untouched character is the same object before and after."""
    out: dict[str, Character | None] = {
        cid: char for cid, char in after.items()
        if before.get(cid) is not char and before.get(cid) != char}
    out.update({cid: None for cid in before if cid not in after})
    return out


def run(scenario: Scenario, check: bool = False, states: bool = True,
        emit: Callable[[JSON], None] | None = None) -> Replay:
    """Apply every action in turn. Each result holds every character (`states`) or only
    those the action changed; it goes to `emit` as soon as it is made (the command line
    streams it), else it is kept in `Replay.results`."""
    out = Replay()
    if check:
        check_expectations(scenario.actions)
    played = MemoryLog(scenario.state, keep=any(is_correction(a) for a in scenario.actions),
                       apply=apply)
    state = scenario.state
    for index, action in enumerate(scenario.actions):
        outcome = played.play(_strip_expectations(action))
        before, state = state, played.state
        result = outcome.to_dict()
        result["state"] = (state["characters"] if states
                           else changed_characters(before["characters"], state["characters"]))
        if state["settings"].get("encounter") != before["settings"].get("encounter"):
            result["encounter"] = state["settings"].get("encounter")  # the clock moved
        if check:
            _check(index, action, result, state["characters"], out, state["settings"])
        if emit is None:
            out.results.append(result)
        else:
            emit(result)
    return out
