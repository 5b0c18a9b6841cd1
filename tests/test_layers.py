"""The rules core stays pure: importing it must not pull in Qt or SQL."""

import json
import subprocess
import sys

from tests.conftest import ROOT

FORBIDDEN = ("PySide6", "shiboken6", "sqlalchemy", "sqlmodel", "sqlite3")


def test_rules_core_imports_no_qt_and_no_sql():
    code = (
        "import sys, json\n"
        "import harmdesk.rules as r\n"
        "for name in ('stonetop', 'lux_aeterna', 'freedom_fantasies'):\n"
        "    r.system_named(name)\n"
        "import harmdesk.replay\n"
        "print(json.dumps(sorted(m for m in sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    loaded = json.loads(out.stdout)
    bad = [m for m in loaded if m.split(".")[0] in FORBIDDEN]
    assert bad == []
    # the check can fail: the systems really were imported
    assert "harmdesk.rules.stonetop" in loaded


def test_store_and_controller_import_no_qt():
    code = ("import sys, json\nimport harmdesk.campaign, harmdesk.cli, harmdesk.demo\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    loaded = json.loads(out.stdout)
    assert "sqlmodel" in loaded
    assert [m for m in loaded if m.split(".")[0] in ("PySide6", "shiboken6")] == []
