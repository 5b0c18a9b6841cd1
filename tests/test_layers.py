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
    assert "harmdesk.store.store" in loaded
    assert [m for m in loaded if m.split(".")[0] in ("PySide6", "shiboken6")] == []


# ... and the only doors it may use to go below its floor: the service, the display
# profiles (and what the players' display shows, read through them), the plain shared
# types, the shipped files (a font), and the package itself (for `__version__`)
QT_MAY_IMPORT = ("harmdesk.session", "harmdesk.profiles", "harmdesk.players", "harmdesk.values",
                 "harmdesk.errors", "harmdesk.resources", "harmdesk")


def modules_imported(path, package: str | None = None) -> list[str]:
    """The modules `path` imports, at any depth: `from P import name` counts as the module
    P.name when P is a package holding it, else as P (a name defined in P)."""
    import ast
    if package is None:
        package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            folder = ROOT.joinpath(*module.split("."))
            for alias in node.names:
                is_module = (folder / alias.name).is_dir() or \
                    (folder / f"{alias.name}.py").is_file()
                found.append(f"{module}.{alias.name}" if is_module else module)
    return found


def off_the_floor(path, package: str | None = None) -> list[str]:
    """The harmdesk modules outside harmdesk.qt that `path` imports and that are not one
    of the window's doors."""
    return sorted({n for n in modules_imported(path, package)
                   if (n == "harmdesk" or n.startswith("harmdesk."))
                   and not (n == "harmdesk.qt" or n.startswith("harmdesk.qt."))
                   and n not in QT_MAY_IMPORT})


def test_the_window_leaves_its_floor_only_through_the_session_and_the_profiles():
    qt = sorted((ROOT / "harmdesk" / "qt").rglob("*.py"))
    assert len(qt) > 20  # the scan really reads the window's modules
    bad = {str(path.relative_to(ROOT)): off_the_floor(path) for path in qt}
    assert {name: modules for name, modules in bad.items() if modules} == {}


def test_the_window_imports_neither_rules_nor_store_nor_campaign():
    # the doors' whitelist already keeps these out; said plainly, as the layers mean it
    qt = sorted((ROOT / "harmdesk" / "qt").rglob("*.py"))
    forbidden = ("harmdesk.rules", "harmdesk.store", "harmdesk.campaign")
    bad = {str(path.relative_to(ROOT)): name for path in qt for name in modules_imported(path)
           if any(name == f or name.startswith(f + ".") for f in forbidden)}
    assert bad == {}


def test_the_floor_scan_names_every_other_door(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from ... import __version__, chips, profiles\n"
        "from ...session import Session\n"
        "from ...values import Action\n"
        "from ...profiles.stonetop import PROFILE\n"
        "from ..tasks import Task\n"
        "def f():\n    from ...display import words\n    import harmdesk.quick\n"
        "    from ...rules import dice\n    import harmdesk.store.paths\n",
        encoding="utf-8")
    assert off_the_floor(probe, "harmdesk.qt.dialogs") == [
        "harmdesk.chips", "harmdesk.display", "harmdesk.profiles.stonetop", "harmdesk.quick",
        "harmdesk.rules.dice", "harmdesk.store.paths"]


def test_the_session_imports_no_qt():
    code = ("import sys, json\nimport harmdesk.session, harmdesk.values, harmdesk.errors\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    loaded = json.loads(out.stdout)
    assert "harmdesk.session" in loaded
    assert [m for m in loaded if m.split(".")[0] in ("PySide6", "shiboken6", "sqlmodel")] == []
