"""`harmdesk summary`: a PDF from the command line, JSON out, clear errors."""

import json
import os
import subprocess
import sys

from harmdesk.desk.campaign import Campaign
from harmdesk.desk.demo import ensure_demo
from harmdesk.store import Store
from tests.conftest import ROOT
from tests.report.conftest import pdf_pages, pdf_text

STONETOP = "Stonetop: the hagr in the Great Wood"


def harmdesk(folder, *args, env=None):
    # no display and no platform chosen: the command must pick offscreen itself
    env = {**{k: v for k, v in os.environ.items()
              if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}, **(env or {})}
    return subprocess.run([sys.executable, "-m", "harmdesk", "--data-dir", str(folder), *args],
                          cwd=ROOT, capture_output=True, text=True, encoding="utf-8", env=env,
                          timeout=120)


def test_summary_of_the_latest_session(tmp_path):
    data = tmp_path / "data"
    store = Store.open(data)
    ensure_demo(store)
    campaign = Campaign(store, STONETOP)
    campaign.start_play_session("The hagr returns")
    campaign.apply({"type": "damage", "target": "blodwen", "amount": 6, "piercing": "x"})
    campaign.end_play_session()
    store.close()

    target = tmp_path / "tonight.pdf"
    run = harmdesk(data, "summary", STONETOP, "-o", str(target))
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out == {"pdf": str(target), "pages": pdf_pages(target), "events": 1}
    text = pdf_text(target)
    assert "Session 1: The hagr returns" in text
    assert "x piercing = Prosperity 1 = 1; armor 1 − 1 piercing = 0; 6 − 0 = 6 HP lost" in text

    everything = harmdesk(data, "summary", STONETOP, "--all", "-o", str(target))
    assert everything.returncode == 0, everything.stderr
    assert json.loads(everything.stdout)["events"] == 8  # the demo's 7 and tonight's 1


def test_without_any_session_the_whole_log_is_summarised(tmp_path):
    target = tmp_path / "demo.pdf"
    run = harmdesk(tmp_path / "data", "summary", STONETOP, "-o", str(target))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["events"] == 7
    assert "The whole log" in pdf_text(target)


def test_errors_exit_non_zero_with_a_message(tmp_path):
    data = tmp_path / "data"
    for args, words in [
        (("summary", STONETOP, "--session", "2", "-o", str(tmp_path / "a.pdf")),
         "has no session 2"),
        (("summary", "Nowhere", "-o", str(tmp_path / "a.pdf")), "no campaign named"),
        (("summary", STONETOP, "--session", "two", "-o", str(tmp_path / "a.pdf")),
         "--session takes a number"),
        (("summary", STONETOP, "-o", str(tmp_path / "no" / "a.pdf")), "Cannot write"),
    ]:
        run = harmdesk(data, *args)
        assert run.returncode != 0, words
        assert words in run.stderr and "Traceback" not in run.stderr
    assert not list(tmp_path.glob("**/*.pdf"))


def test_the_shipped_font_writes_text_on_a_machine_without_fonts(tmp_path):
    """With no font installed Qt writes a PDF without any text, and says nothing."""
    config = tmp_path / "fonts.conf"
    config.write_text('<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">'
                      f"<fontconfig><cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>")
    target = tmp_path / "bare.pdf"
    run = harmdesk(tmp_path / "data", "summary", STONETOP, "-o", str(target),
                   env={"FONTCONFIG_FILE": str(config)})
    assert run.returncode == 0, run.stderr
    assert "Caradoc loses 2 HP (armor never applies); 16 → 14 HP" in pdf_text(target)
