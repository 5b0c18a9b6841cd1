"""Corrections benchmark: a revert 1,000 steps back, in the real window, with the event loop
running.

    python tests/bench/bench_corrections.py [--rows 1000,10000,100000] [--runs N]

A 200-character Stonetop campaign with a log of 1k, 10k and 100k rows (its newest 1,100
rows real actions, the rest the store's own rows copied, as in scaling_data.py). The entry
1,000 steps back is a hit on a monster whom ten later hits strike again (each re-derived,
with a new outcome) and nothing heals, so the revert changes the desk now; the other
entries hit and heal the rest. For each log length it measures, in the window of this
process, with that monster's tile on the screen:

- the preview: from the log's "Revert this entry…" action (its right-click menu on that
  entry) triggered until the preview dialog is painted and the loop is idle;
- the commit: from the dialog's Revert pressed until the step is saved, the tiles are
  repainted and the loop is idle (the revert is then undone, outside the clock).

A window without the corrections part has them made by `Placeholder` instead (the
service's preview in a plain QDialog, its commit as the controller saves a step); the
figures say which. Idle is `scaling_gui.Settle`'s: a zero-timer fired with no other event
delivered since the one before. The yardstick, from the same run and the same loop: a
bare QDialog (a few lines of text and two buttons) opened from a menu action until painted
and idle, then its OK pressed and a bare 1280×800 QMainWindow repainted until idle. Data
folders are built once and cached under build/bench/.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import scaling_data as data  # noqa: E402
import scaling_gui as gui  # noqa: E402
from PySide6.QtCore import QEvent, QEventLoop, QTimer  # noqa: E402

CHARACTERS = 200
BACK = 1000          # the reverted entry: this many steps before the newest
REAL_TAIL = BACK + 100
PREVIEW_AIM, COMMIT_AIM = 0.100, 0.050
REVERTED = "c100"    # the character of the reverted hit (a monster)


def option(flag: str, default):
    if flag not in sys.argv:
        return default
    value = sys.argv[sys.argv.index(flag) + 1]
    return [int(v) for v in value.split(",")] if isinstance(default, list) else int(value)


# the data ----------------------------------------------------------------------------
def key(rows: int) -> Path:
    from harmdesk.store.paths import SCHEMA_VERSION
    return data.CACHE / f"corrections-v{SCHEMA_VERSION}-{CHARACTERS}c-{rows}r-t{REAL_TAIL}b"


def hit(cid: str, amount: int) -> dict:
    return {"type": "damage", "target": cid, "amount": amount}


def tail_action(rng: random.Random, done: int, target_at: int) -> dict:
    """The `done`-th action of the real tail: the hit to revert at `target_at`, a hit of 1 on
    the same character every 100 actions after it (each re-derived by the revert, and
    the character is never healed, so the revert changes the desk now), and between them
    the scaling benchmark's random hits and heals on the others."""
    if done == target_at:
        return hit(REVERTED, 3)
    if done > target_at and (done - target_at) % 100 == 0:
        return hit(REVERTED, 1)
    while (action := data.action(rng, CHARACTERS))["target"] == REVERTED:
        pass
    return action


def apply_tail(campaign, n: int, target_at: int) -> None:
    """`n` real actions (`tail_action`). The same whatever the log's length (the rows copied
    before them write no state), so what the revert re-derives is the same too, and only
    the log grows."""
    rng = random.Random(REAL_TAIL)
    done = 0
    while done < n:
        action = tail_action(rng, done, target_at)
        if campaign.apply(action).ok:
            done += 1
        elif action["target"] == REVERTED:
            raise RuntimeError(f"the rules refused {action}")


def build(rows: int) -> Path:
    """The cached data folder of `rows` log rows; built when missing."""
    folder = key(rows)
    if (folder / "ready").exists():
        return folder
    from harmdesk.desk.campaign import Campaign
    from harmdesk.store import Store

    shutil.rmtree(folder, ignore_errors=True)
    started = time.perf_counter()
    tail = min(REAL_TAIL, rows)
    copied = rows - tail
    template = data.template_rows(CHARACTERS) if copied else []
    store = Store.open(folder)
    campaign = Campaign.create(store, data.NAME, "stonetop", {}, data.sheets(CHARACTERS))
    earlier = campaign.start_play_session("Earlier nights")
    campaign.end_play_session()
    cid = campaign.info.id
    for start in range(0, copied, data.CHUNK):
        batch = []
        for seq in range(start + 1, min(start + data.CHUNK, copied) + 1):
            row = dict(template[seq % len(template)])
            row.update(campaign_id=cid, seq=seq, step=seq, undone=0, step_text=None,
                       session_id=earlier["id"])
            batch.append([row[c] for c in data.COLUMNS])
        with store._hot() as con:
            con.executemany(f"INSERT INTO log ({', '.join(data.COLUMNS)}) "
                            f"VALUES ({', '.join('?' * len(data.COLUMNS))})", batch)
    campaign.start_play_session("Tonight")
    apply_tail(campaign, tail, tail - BACK)
    store.close()
    shutil.rmtree(folder / "backups", ignore_errors=True)
    (folder / "ready").write_text(json.dumps({"characters": CHARACTERS, "rows": rows,
                                              "reverted": rows - BACK + 1}))
    print(f"(built {CHARACTERS} characters × {rows:,} rows in "
          f"{time.perf_counter() - started:.1f} s: {folder})", file=sys.stderr)
    return folder


def fresh_copy(rows: int, where: Path) -> tuple[Path, int]:
    """A private copy of the cached folder, and the seq of the entry to revert."""
    source = build(rows)
    target = where / f"corrections-{rows}r"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in ("harmdesk.sqlite", "harmdesk.sqlite-wal"):
        if (source / name).exists():
            shutil.copy(source / name, target / name)
    return target, json.loads((source / "ready").read_text())["reverted"]


# measuring ---------------------------------------------------------------------------
class Stages(gui.Settle):
    """`scaling_gui.Settle`'s idle test (a zero-timer fired with no other event delivered
    since the one before) over stages run one after the other in one loop: each stage's
    trigger is called from the tick that found the stage before it done and idle. The tick
    starts before the trigger, so a modal dialog's own loop (`exec`) runs it too. Paints
    are noted by widget and window, so a stage can wait for one."""

    def __init__(self, app):
        super().__init__(app)
        # ids of the widgets a paint reached since cleared, and of their windows
        self.painted: set[int] = set()

    def eventFilter(self, obj, event) -> bool:
        if obj is not self.tick and event.type() == QEvent.Type.Paint \
                and hasattr(obj, "window"):
            self.painted.update((id(obj), id(obj.window())))
        return super().eventFilter(obj, event)

    def wait(self, trigger, done=lambda: True, limit: float = 600.0) -> tuple[float, float]:
        """One stage: (wall s, GUI-thread CPU s) from `trigger()` until done and idle."""
        return self.run([(trigger, done)], limit)[0]

    def run(self, stages: list, limit: float = 120.0) -> list[tuple[float, float]]:
        """Each stage is (trigger, done); (wall s, GUI-thread CPU s) of each, until idle."""
        loop = QEventLoop()
        self._loop, self._limit = loop, time.perf_counter() + limit
        self._stages, self._results, self._failed = stages, [], False
        QTimer.singleShot(0, lambda: self._begin(0))
        loop.exec()
        if self._failed or len(self._results) != len(stages):
            raise RuntimeError(f"stage {len(self._results) + 1} did not settle")
        return self._results

    def _begin(self, index: int) -> None:
        self._index, self._seen = index, -1
        self._done = self._stages[index][1]
        self._t0, self._c0 = time.perf_counter(), time.thread_time()
        self.tick.start()
        self._stages[index][0]()

    def _tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        if self.count == self._seen and self._done():
            self._results.append((now - self._t0, cpu - self._c0))
            if self._index + 1 < len(self._stages):
                QTimer.singleShot(0, lambda: self._begin(self._index + 1))
            else:
                self._loop.quit()
            return
        if now > self._limit:
            self._failed = True
            self._loop.quit()
            return
        self._seen = self.count
        self.tick.start()


def median_pair(times: list[tuple[float, float]]) -> tuple[float, float]:
    return tuple(statistics.median(t[i] for t in times) for i in (0, 1))


def bare_dialog(app, stages: Stages, runs: int) -> tuple[tuple, tuple]:
    """Median (wall, CPU) of a bare dialog opened (modal) from a menu action until painted
    and idle, and of its OK pressed with a bare window repainted until idle."""
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import (
        QDialog,
        QDialogButtonBox,
        QLabel,
        QMainWindow,
        QVBoxLayout,
    )
    window = QMainWindow()
    window.resize(1280, 800)
    window.show()
    stages.wait(lambda: None)
    held: list = []

    def open_dialog():
        dialog = QDialog(window)
        dialog.setWindowTitle("Revert")
        layout = QVBoxLayout(dialog)
        for line in ("Revert #42: Character 100 takes 3 damage", "Character 100: before, after",
                     "Re-applied as recorded: none changed"):
            layout.addWidget(QLabel(line))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        held[:] = [dialog, buttons]
        if dialog.exec() == QDialog.DialogCode.Accepted:
            window.update()
        held.clear()
        dialog.deleteLater()

    action = QAction("Revert this entry…", window)
    action.triggered.connect(open_dialog)
    opened, committed = [], []
    for i in range(runs + 1):
        stages.painted.clear()
        took = stages.run([
            (action.trigger, lambda: bool(held) and held[0].isVisible()
             and id(held[0]) in stages.painted),
            (lambda: (stages.painted.clear(),
                      held[1].button(QDialogButtonBox.StandardButton.Ok).click()),
             lambda: not held and id(window) in stages.painted)])
        if i:  # the first warms caches up
            opened.append(took[0])
            committed.append(took[1])
    window.close()
    window.deleteLater()
    stages.wait(lambda: None)
    return median_pair(opened), median_pair(committed)


def cell(seconds: float, bare: float) -> str:
    ms = seconds * 1000
    figure = f"{ms:.0f} ms" if ms >= 100 else f"{ms:.1f} ms"
    return f"{figure} ({seconds / bare:.1f}×)"


# the window ----------------------------------------------------------------------------
class Placeholder:
    """The preview and its commit as the window's dialog would make them, in a plain
    QDialog: `service.correction` on the action, the lines listed, and on Revert
    `service.commit_correction` with the undo stack and the views told (as the controller
    tells them of any step)."""

    def __init__(self, window, seq: int):
        from PySide6.QtGui import QAction
        self.window, self.seq, self.dialog, self.button = window, seq, None, None
        self.action = QAction("Revert this entry…", window)
        self.action.triggered.connect(self.open)

    def open(self) -> None:
        from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout

        from harmdesk.qt.controller import StepCommand
        controller = self.window.controller
        found = controller.service.correction("revert", self.seq)
        dialog = QDialog(self.window)
        dialog.setWindowTitle(found.text)
        layout = QVBoxLayout(dialog)
        for a in found.affected:
            layout.addWidget(QLabel(f"{a.name}: {a.was} → {a.now}"))
        for line in [f"#{s.seq} {s.text} ({s.why})" for s in found.struck] + \
                [r.line for r in found.changed]:
            layout.addWidget(QLabel(line))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.button = buttons.addButton("Revert", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(dialog.accept)
        buttons.rejected.connect(dialog.reject)
        layout.addWidget(buttons)
        self.dialog = dialog
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        self.dialog = None
        dialog.deleteLater()
        if accepted:
            change = controller.service.commit_correction(found)
            controller.stack.push(StepCommand(controller, found.text, change.entry.step))
            controller.changed.emit(change)


class LogMenu:
    """The real window's way: the log's right-click menu on entry `seq` (its older pages
    read first, outside the clock), its "Revert this entry…" action, and the preview
    dialog's own confirm button."""

    def __init__(self, window, seq: int, stages: Stages):
        from PySide6.QtGui import QAction
        self.window, self.corrections = window, window.corrections
        index = entry_index(window.log, seq, stages)
        self.menu = window.log.context_menu(index)
        self.action = self.menu.findChild(QAction, "revertEntry")
        if self.action is None or not self.action.isEnabled():
            raise RuntimeError(f"#{seq} has no Revert action in the log's menu")

    @property
    def dialog(self):
        return self.corrections.dialog

    @property
    def button(self):
        from PySide6.QtWidgets import QDialogButtonBox
        return self.dialog.ui.buttonBox.button(QDialogButtonBox.StandardButton.Ok)


def entry_index(log, seq: int, stages: Stages):
    """The log dock's index of entry `seq`, reading older pages until it is there."""
    from harmdesk.qt.log_model import SeqRole
    model = log.model

    def find(parent):
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            if index.data(SeqRole) == seq:
                return index
            found = find(index) if model.hasChildren(index) else None
            if found is not None:
                return found
        return None

    while (found := find(model.index(-1, -1))) is None:
        if not model.has_older():
            raise RuntimeError(f"#{seq} is not in the log dock")
        stages.wait(model.read_older)
    return found


def the_way(window, seq: int, stages: Stages):
    """The window's log menu and preview dialog when it has them, else `Placeholder`."""
    if getattr(window, "corrections", None) is None:
        return Placeholder(window, seq)
    return LogMenu(window, seq, stages)


def revert_times(stages: Stages, window, seq: int, runs: int) -> tuple[tuple, tuple, str]:
    """Median (wall, CPU) of the preview (the action triggered until its dialog is painted
    and the loop idle) and of the commit (Revert pressed until the step is saved, the tiles
    repainted and the loop idle); each revert is undone before the next, outside the
    clock. And which way it went (the window's own dialog, or the placeholder)."""
    controller, tiles = window.controller, window.tiles
    changes: list = []
    controller.changed.connect(changes.append)
    controller.failed.connect(lambda message: sys.exit(f"the revert failed: {message}"))
    way = the_way(window, seq, stages)
    model = tiles.model()
    # the reverted hit's character on the screen, so its tile must be painted again
    stages.wait(lambda: tiles.scrollTo(model.index(model.row_of(REVERTED), 0)))
    shown = tiles.viewport()
    previews, commits = [], []
    for i in range(runs + 1):
        stages.painted.clear()
        seen = len(changes)

        def press():
            stages.painted.clear()
            way.button.click()

        took = stages.run([
            (way.action.trigger, lambda: way.dialog is not None and way.dialog.isVisible()
             and id(way.dialog) in stages.painted),
            (press, lambda seen=seen: len(changes) > seen and way.dialog is None
             and id(shown) in stages.painted)])
        if i:  # the first warms caches up
            previews.append(took[0])
            commits.append(took[1])
        seen = len(changes)
        stages.wait(controller.stack.undo, lambda seen=seen: len(changes) > seen)
    used = "placeholder QDialog" if isinstance(way, Placeholder) else \
        f"the window's {type(window.corrections).__name__} and its preview dialog"
    return median_pair(previews), median_pair(commits), used


def main() -> None:
    rows = option("--rows", [1000, 10_000, 100_000])
    runs = option("--runs", 10)
    work = Path(tempfile.mkdtemp(prefix="harmdesk-corrections-"))
    os.environ["XDG_CONFIG_HOME"] = str(work / "config")  # the window remembers nothing here
    for r in rows:  # build (or find) every data folder before measuring anything
        build(r)

    from harmdesk.app import make_app
    app = make_app()
    stages = Stages(app)
    bare_open, bare_press = bare_dialog(app, stages, runs)
    print(f"platform: {app.platformName()}; bare dialog from a menu action until painted: "
          f"{bare_open[0] * 1000:.2f} ms ({bare_open[1] * 1000:.2f} ms CPU); its OK with a "
          f"1280×800 window repainted: {bare_press[0] * 1000:.2f} ms", file=sys.stderr)
    table = []
    for r in rows:
        folder, seq = fresh_copy(r, work)
        window = gui.open_window(app, stages, folder, data.NAME)
        preview, commit, used = revert_times(stages, window, seq, runs)
        gui.close_window(stages, window)
        verdict = ("ok" if preview[0] <= PREVIEW_AIM and commit[0] <= COMMIT_AIM
                   else "over the aim")
        table.append(f"| {r:,} | #{seq} | {cell(preview[0], bare_open[0])}, "
                     f"{preview[1] * 1000:.1f} ms CPU | {cell(commit[0], bare_press[0])}, "
                     f"{commit[1] * 1000:.1f} ms CPU | {verdict} |")
        print(table[-1], file=sys.stderr, flush=True)
    print(f"\nThe revert went through {used}.")
    print(f"Bare yardsticks, this run ({app.platformName()}): a dialog opened from a menu "
          f"action until painted and idle {bare_open[0] * 1000:.2f} ms; its OK pressed with "
          f"a 1280×800 window repainted until idle {bare_press[0] * 1000:.2f} ms.\n")
    print(f"| log rows | reverted | preview, action to dialog painted (× bare dialog) | "
          f"commit, Revert to tiles repainted (× bare OK) | aim ≤ {PREVIEW_AIM * 1000:.0f} + "
          f"{COMMIT_AIM * 1000:.0f} ms |")
    print("|---:|---:|---|---|---|")
    print("\n".join(table))


if __name__ == "__main__":
    main()
