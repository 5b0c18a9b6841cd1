"""Finding files in `resources/`, from a source checkout, an install or a frozen bundle."""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = Path(__file__).resolve().parent


def resource_dir() -> Path:
    """The resources folder: bundled beside the frozen app, installed as
    `harmdesk/resources`, or at the top of a source checkout."""
    frozen = getattr(sys, "_MEIPASS", None)
    candidates = [Path(frozen) / "resources"] if frozen else []
    candidates += [_HERE / "resources", _HERE.parent / "resources"]
    for folder in candidates:
        if folder.is_dir():
            return folder
    raise FileNotFoundError("HarmDesk's resources folder is missing; reinstall HarmDesk.")


def resource_path(*parts: str) -> Path:
    return resource_dir().joinpath(*parts)
