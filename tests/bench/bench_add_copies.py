"""Add-copies benchmark: 50 copies of a library template added to a 200-character desk, in
the real window, with the event loop running.

    python tests/bench/bench_add_copies.py [--runs N]

A 200-character Stonetop campaign (`scaling_data.sheets`) and a template of HP "d6" (rolled
for each copy) with an attack. Each run opens the window's own add dialog for it (outside
the clock, until it is painted and the loop is idle), sets 50, and measures from its OK
pressed until the step is saved, the dialog gone, the tiles repainted and the loop idle
(`bench_corrections.Stages`, the idle test of `scaling_gui.Settle`); the copies are then
undone, outside the clock. Wall and GUI-thread CPU times, min / median / max over the runs
(the first, which warms caches up, left out).

The yardstick, from the same run and the same loop: a bare QDialog's OK pressed with a
bare 1280×800 QMainWindow repainted until idle (`bench_corrections.bare_dialog`). The
figures are printed as ratios against it too.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import bench_corrections as corrections  # noqa: E402
import scaling_data as data  # noqa: E402
import scaling_gui as gui  # noqa: E402

CHARACTERS = 200
COPIES = 50
AIM = 0.050
TEMPLATE = {"name": "Coedwig", "kind": "monster", "hp": "d6", "sheet": {"armor": 0},
            "attack": {"dice": "d6", "piercing": 1}, "count": COPIES}


def build(where: Path) -> Path:
    from harmdesk.desk.campaign import Campaign
    from harmdesk.store import Store
    folder = where / "copies"
    store = Store.open(folder)
    Campaign.create(store, data.NAME, "stonetop", {}, data.sheets(CHARACTERS))
    store.close()
    return folder


def spread(times: list[float]) -> str:
    return (f"{min(times) * 1000:.1f} / {statistics.median(times) * 1000:.1f} / "
            f"{max(times) * 1000:.1f} ms")


def add_times(stages, window, runs: int) -> list[tuple[float, float]]:
    """(wall, CPU) of each run: OK pressed until saved, repainted and idle."""
    from PySide6.QtWidgets import QDialogButtonBox

    from harmdesk.desk.library import read_template
    controller, copies = window.controller, window.copies
    template = controller.service.save_template(read_template("stonetop", TEMPLATE))
    changes: list = []
    controller.changed.connect(changes.append)
    controller.failed.connect(lambda message: sys.exit(f"the copies failed: {message}"))
    controller.refused.connect(lambda message, _: sys.exit(f"the copies were refused: "
                                                           f"{message}"))
    shown = window.tiles.viewport()
    took = []
    for i in range(runs + 1):
        def opened():
            dialog = copies.dialog
            return dialog is not None and dialog.isVisible() and id(dialog) in stages.painted

        stages.painted.clear()
        stages.wait(lambda: copies.ask(template.id), opened)
        dialog = copies.dialog
        dialog.ui.count.setValue(COPIES)
        dialog.ui.hpRoll.setChecked(True)
        stages.wait(lambda: None)
        seen = len(changes)

        def press(dialog=dialog):
            stages.painted.clear()
            dialog.ui.buttonBox.button(QDialogButtonBox.StandardButton.Ok).click()

        result = stages.run([(press, lambda seen=seen: len(changes) > seen
                              and copies.dialog is None and id(shown) in stages.painted)])[0]
        if i:
            took.append(result)
        added = len(window.model.ids()) - CHARACTERS
        if added != COPIES:
            sys.exit(f"{added} copies on the desk, not {COPIES}")
        seen = len(changes)
        stages.wait(controller.stack.undo, lambda seen=seen: len(changes) > seen)
    return took


def main() -> None:
    runs = corrections.option("--runs", 9)
    if runs < 7:
        sys.exit("at least 7 runs")
    work = Path(tempfile.mkdtemp(prefix="harmdesk-copies-"))
    os.environ["XDG_CONFIG_HOME"] = str(work / "config")  # the window remembers nothing here
    folder = build(work)
    from harmdesk.app import make_app
    app = make_app()
    stages = corrections.Stages(app)
    _, bare_press = corrections.bare_dialog(app, stages, runs)
    window = gui.open_window(app, stages, folder, data.NAME)
    took = add_times(stages, window, runs)
    gui.close_window(stages, window)
    wall, cpu = [t[0] for t in took], [t[1] for t in took]
    bare = bare_press[0]
    verdict = "ok" if statistics.median(cpu) <= AIM and statistics.median(wall) <= AIM \
        else "over the aim"
    print(f"platform {app.platformName()}; {runs} runs; {COPIES} copies (HP rolled) added "
          f"to a {CHARACTERS}-character desk, from the dialog's OK to the tiles painted and "
          f"the loop idle:")
    print(f"  wall    min/median/max {spread(wall)}  "
          f"({statistics.median(wall) / bare:.1f}× the bare yardstick)")
    print(f"  GUI CPU min/median/max {spread(cpu)}  "
          f"({statistics.median(cpu) / bare_press[1]:.1f}× the bare yardstick's CPU)")
    print(f"  bare yardstick (a bare dialog's OK, a 1280×800 window repainted until idle): "
          f"{bare * 1000:.2f} ms wall, {bare_press[1] * 1000:.2f} ms CPU")
    print(f"  aim ≤ {AIM * 1000:.0f} ms: {verdict}")


if __name__ == "__main__":
    main()
