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
        "import harmdesk.desk.replay\n"
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
    code = ("import sys, json\nimport harmdesk.desk.campaign, harmdesk.cli, harmdesk.desk.demo\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    loaded = json.loads(out.stdout)
    assert "harmdesk.store.store" in loaded
    assert [m for m in loaded if m.split(".")[0] in ("PySide6", "shiboken6")] == []


# ... and the only doors it may use to go below its floor: the service package (but not
# the campaign it holds), the display profiles, the summary's writing (Qt's QPdfWriter),
# the plain shared types, the shipped files (a font), and the package itself (for
# `__version__`)
QT_MAY_IMPORT = ("harmdesk.profiles", "harmdesk.report.summary", "harmdesk.desk.actions",
                 "harmdesk.errors", "harmdesk.resources", "harmdesk", "harmdesk.desk")
QT_MAY_NOT = ("harmdesk.desk.campaign", "harmdesk.desk.snapshot_campaign", "harmdesk.desk.demo")


def is_door(name: str) -> bool:
    if name in QT_MAY_NOT:
        return False
    return name in QT_MAY_IMPORT or any(name.startswith(door + ".")
                                        for door in ("harmdesk.desk", "harmdesk.profiles"))


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
                   and not is_door(n)})


def test_the_window_leaves_its_floor_only_through_the_service_and_the_profiles():
    qt = sorted((ROOT / "harmdesk" / "qt").rglob("*.py"))
    assert len(qt) > 20  # the scan really reads the window's modules
    bad = {str(path.relative_to(ROOT)): off_the_floor(path) for path in qt}
    assert {name: modules for name, modules in bad.items() if modules} == {}


def test_the_window_imports_neither_rules_nor_store_nor_campaign():
    # the doors' whitelist already keeps these out; said plainly, as the layers mean it
    qt = sorted((ROOT / "harmdesk" / "qt").rglob("*.py"))
    forbidden = ("harmdesk.rules", "harmdesk.store", "harmdesk.desk.campaign")
    bad = {str(path.relative_to(ROOT)): name for path in qt for name in modules_imported(path)
           if any(name == f or name.startswith(f + ".") for f in forbidden)}
    assert bad == {}


def test_the_floor_scan_names_every_other_door(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from ... import __version__, profiles\n"
        "from ...desk.service import Service\n"
        "from ...desk.campaign import Campaign\n"
        "from ...desk.actions import Action\n"
        "from ...profiles.stonetop import PROFILE\n"
        "from ..tasks import Task\n"
        "def f():\n    from ...desk.display import tile_facts\n    import harmdesk.quick\n"
        "    from ...rules import dice\n    import harmdesk.store.paths\n"
        "    from ...report.data import build_report\n",
        encoding="utf-8")
    assert off_the_floor(probe, "harmdesk.qt.dialogs") == [
        "harmdesk.desk.campaign", "harmdesk.quick", "harmdesk.report.data", "harmdesk.rules.dice",
        "harmdesk.store.paths"]


def test_the_service_imports_no_qt():
    code = ("import sys, json\n"
            "import harmdesk.desk.service, harmdesk.desk.actions, harmdesk.errors\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    loaded = json.loads(out.stdout)
    assert "harmdesk.desk.service" in loaded
    assert [m for m in loaded if m.split(".")[0] in ("PySide6", "shiboken6", "sqlmodel")] == []


# a package's own face: `harmdesk.rules` names `apply`, `new_state` and `Refused`, and
# `harmdesk.store` its `Store`, for every caller; nothing else is imported from a module
# that only imported it itself
OWN_FACES = ("harmdesk.rules", "harmdesk.store")


def defined_in(module: str) -> set[str]:
    """The names module `module` defines itself (not those it imports)."""
    import ast
    path = ROOT.joinpath(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def second_hand(path) -> list[str]:
    """`module.name` for each name `path` imports from a harmdesk module that does not
    define it (a re-export), outside the packages' own faces."""
    import ast
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        base = package.rsplit(".", node.level - 1)[0] if node.level else ""
        module = ".".join(p for p in (base, node.module or "") if p)
        if not module.startswith("harmdesk") or module in OWN_FACES:
            continue
        folder = ROOT.joinpath(*module.split("."))
        for alias in node.names:
            if (folder / alias.name).is_dir() or (folder / f"{alias.name}.py").is_file():
                continue  # a module of the package
            if alias.name not in defined_in(module):
                found.append(f"{module}.{alias.name}")
    return found


def test_every_name_is_imported_from_where_it_is_defined():
    files = sorted((ROOT / "harmdesk").rglob("*.py"))
    assert len(files) > 100
    bad = {str(p.relative_to(ROOT)): second_hand(p) for p in files if "forms" not in p.parts}
    assert {name: names for name, names in bad.items() if names} == {}


def test_the_re_export_scan_finds_a_re_export(tmp_path):
    # a window module taking a chip's encoder from the service, which only imported it
    probe = ROOT / "harmdesk" / "qt" / "_probe_second_hand.py"
    probe.write_text("from ..desk.service import Action\nfrom ..desk.chips import encode\n",
                     encoding="utf-8")
    try:
        assert second_hand(probe) == ["harmdesk.desk.service.Action"]
    finally:
        probe.unlink()
