"""Compile the Qt Designer layouts in ui/*.ui into harmdesk/qt/forms/ui_*.py.

Run after editing a .ui file: python ui/build.py. The output is committed, so a
frozen app never needs uic at run time; a test fails when it is stale.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

UI = Path(__file__).resolve().parent
FORMS = UI.parent / "harmdesk" / "qt" / "forms"


def uic() -> str:
    local = Path(sys.executable).with_name("pyside6-uic")
    found = str(local) if local.exists() else shutil.which("pyside6-uic")
    if not found:
        raise SystemExit("pyside6-uic not found: install PySide6-Essentials")
    return found


def compiled(ui_file: Path) -> str:
    """uic's output without its header comment, which names the uic version."""
    out = subprocess.run([uic(), "--from-imports", str(ui_file)], capture_output=True,
                         text=True, check=True).stdout
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(("from ", "import ")))
    return "# Compiled from ui/" + ui_file.name + " by ui/build.py; do not edit.\n" + \
        "\n".join(lines[start:]) + "\n"


def target(ui_file: Path) -> Path:
    return FORMS / f"ui_{ui_file.stem}.py"


def main() -> None:
    FORMS.mkdir(exist_ok=True)
    (FORMS / "__init__.py").write_text('"""Layouts compiled from ui/*.ui."""\n')
    for ui_file in sorted(UI.glob("*.ui")):
        target(ui_file).write_text(compiled(ui_file), encoding="utf-8")
        print(target(ui_file).relative_to(UI.parent))


if __name__ == "__main__":
    main()
