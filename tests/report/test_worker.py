"""The window's export: a summary task on the one task runner, reporting back by signals."""

import pytest

from harmdesk.desk.service import Service
from harmdesk.qt import export_summary as ex
from harmdesk.qt.tasks import Task
from harmdesk.report.source import from_store
from harmdesk.report.summary import prepare_summary, write_summary
from tests.report.conftest import pdf_text


def run_worker(qtbot, source, target, signal: str):
    """Write the summary of `source` as a task; wait for `signal`; what was emitted."""
    prepare_summary()
    task = Task(lambda progress: write_summary(source, target, progress), reports=True, paints=True)
    seen = {"progress": [], "finished": [], "failed": []}
    task.progress.connect(seen["progress"].append)
    task.done.connect(seen["finished"].append)
    task.failed.connect(seen["failed"].append)
    with qtbot.waitSignal(task.done if signal == "finished" else task.failed, timeout=20000):
        task.start()
    assert task.wait(10)
    qtbot.waitUntil(task.settled)
    return seen


def test_the_worker_reads_the_open_store_and_replaces_the_target(qtbot, fonts, demo, tmp_path):
    campaign = demo["stonetop"]
    target = tmp_path / "out" / "summary.pdf"
    target.parent.mkdir()
    target.write_bytes(b"last week's summary")
    request = ex.SummaryRequest(campaign.store, campaign.name)
    seen = run_worker(qtbot, request, target, "finished")
    assert seen["finished"] == [str(target)] and seen["failed"] == []
    assert seen["progress"][-1] == 100 and seen["progress"] == sorted(seen["progress"])
    assert target.read_bytes().startswith(b"%PDF")
    assert [p.name for p in target.parent.iterdir()] == ["summary.pdf"]  # no temporary left
    assert "The Heavy takes 1d10 (6) + 3 = 9 damage" in pdf_text(target)


def test_the_worker_takes_a_report_already_gathered(qtbot, fonts, demo, tmp_path):
    campaign = demo["freedom_fantasies"]
    report = from_store(campaign.store, campaign.name)
    target = tmp_path / "ff.pdf"
    seen = run_worker(qtbot, report, target, "finished")
    assert seen["finished"] == [str(target)] and "Bridge troll" in pdf_text(target)


@pytest.mark.parametrize("problem", ["folder", "session"])
def test_a_failure_comes_back_as_a_message(qtbot, fonts, demo, tmp_path, problem):
    campaign = demo["lux_aeterna"]
    target = tmp_path / "no such folder" / "summary.pdf"
    sessions = None
    if problem == "session":
        target, sessions = tmp_path / "summary.pdf", (4,)
    request = ex.SummaryRequest(campaign.store, campaign.name, sessions)
    seen = run_worker(qtbot, request, target, "failed")
    assert seen["finished"] == [] and len(seen["failed"]) == 1
    message = seen["failed"][0]
    expected = "Cannot write" if problem == "folder" else "has no session 4"
    assert expected in message and "Traceback" not in message
    assert list(tmp_path.glob("**/*.pdf*")) == []


def test_export_session_summary_asks_writes_and_offers_to_open(qtbot, fonts, demo, tmp_path,
                                                              monkeypatch):
    campaign = demo["stonetop"]
    campaign.start_play_session("Into the Great Wood")
    campaign.apply({"type": "damage", "target": "afon", "amount": 5})
    target = tmp_path / "tonight"      # the suffix is added
    asked, opened = [], []
    monkeypatch.setattr(ex.QFileDialog, "getSaveFileName",
                        lambda *a, **k: (asked.append(a[2]), (str(target), ""))[1])
    monkeypatch.setattr(ex.QMessageBox, "question",
                        lambda *a, **k: ex.QMessageBox.StandardButton.Open)
    monkeypatch.setattr(ex.QDesktopServices, "openUrl", opened.append)
    ex.export_session_summary(None, Service.on(campaign), None)
    qtbot.waitUntil(lambda: bool(opened), timeout=20000)
    assert asked[0].endswith("Stonetop the hagr in the Great Wood - session 1.pdf")
    written = tmp_path / "tonight.pdf"
    assert opened[0].toLocalFile() == str(written)
    text = pdf_text(written)
    assert "Session 1: Into the Great Wood" in text and "Afon takes 5 damage" in text
    qtbot.waitUntil(lambda: not ex._RUNNING)


def test_export_session_summary_shows_a_failure(qtbot, fonts, demo, tmp_path, monkeypatch):
    campaign = demo["stonetop"]
    warnings = []
    monkeypatch.setattr(ex.QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / "gone" / "x.pdf"), ""))
    monkeypatch.setattr(ex.QMessageBox, "warning", lambda *a, **k: warnings.append(a[2]))
    ex.export_session_summary(None, Service.on(campaign), None)
    qtbot.waitUntil(lambda: bool(warnings), timeout=20000)
    assert "Cannot write" in warnings[0]
    qtbot.waitUntil(lambda: not ex._RUNNING)


def test_no_such_session_is_said_before_asking_for_a_file(qtbot, demo, monkeypatch):
    warnings = []
    monkeypatch.setattr(ex.QMessageBox, "warning", lambda *a, **k: warnings.append(a[2]))
    monkeypatch.setattr(ex.QFileDialog, "getSaveFileName",
                        lambda *a, **k: pytest.fail("no file should be asked for"))
    ex.export_session_summary(None, Service.on(demo["stonetop"]), [{"number": 3}])
    assert warnings and "has no session 3" in warnings[0]


def test_the_export_writes_off_the_gui_thread_and_its_dialog_follows_the_progress(
        qtbot, fonts, demo, tmp_path, monkeypatch):
    import threading

    campaign = demo["stonetop"]
    campaign.start_play_session("Into the Great Wood")
    campaign.apply({"type": "damage", "target": "afon", "amount": 5})
    threads = []

    def write(source, target, progress):
        threads.append(threading.current_thread())
        return write_summary(source, target, progress)

    monkeypatch.setattr("harmdesk.qt.export_summary.write_summary", write)
    target = tmp_path / "tonight.pdf"
    job = ex.SummaryJob(None, Service.on(campaign).summary_request(
        *Service.on(campaign).summary_choice(None)), str(target), offer_to_open=False)
    shown = []
    job.task.progress.connect(lambda _value: shown.append(job.dialog.value()))
    assert job.dialog.maximum() == 100 and job.dialog.value() == 0
    with qtbot.waitSignal(job.done, timeout=20000):
        job.start()
    assert threads and threads[0] is not threading.main_thread()
    # the bar moved forward, and reset itself on reaching 100 (QProgressDialog.autoReset)
    assert len(shown) > 2 and shown[:-1] == sorted(shown[:-1]) and shown[0] > 0
    assert shown[-1] == -1
    assert target.read_bytes()[:5] == b"%PDF-"
    qtbot.waitUntil(lambda: not ex._RUNNING)


def test_no_summary_while_the_campaign_is_still_opening(qtbot, demo, monkeypatch):
    """The tiles shown from a glimpse have no store to read a summary from yet."""
    glimpse = Service.from_snapshot(demo["stonetop"].store.path.parent)
    assert glimpse is not None and glimpse.loading
    warnings = []
    monkeypatch.setattr(ex.QMessageBox, "warning", lambda *a, **k: warnings.append(a[2]))
    monkeypatch.setattr(ex.QFileDialog, "getSaveFileName",
                        lambda *a, **k: pytest.fail("no file should be asked for"))
    ex.export_session_summary(None, glimpse, None)
    assert warnings and "still opening" in warnings[0]
