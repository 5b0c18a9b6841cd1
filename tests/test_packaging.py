"""Packaging: the install carries every package and resource; the frozen bundle works.

The bundle test is marked slow (it builds with PyInstaller, a few minutes); run it with
`pytest -m slow`. .ci/run does when it has the time.
"""

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import ROOT

MAX_BUNDLE_MIB = 110
# left to the system (README) or never used by a raster widget app
NOT_BUNDLED = ("libglib-2.0.", "libdbus-1.", "libsystemd.", "libfontconfig.", "libfreetype.",
               "libxkbcommon.", "libX11.", "libQt6OpenGL.", "libxcb-glx.", "libqminimalegl")


def test_pyproject_lists_every_package_and_resources():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    listed = set(config["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "harmdesk").rglob("__init__.py")}
    assert found | {"harmdesk.resources"} == listed
    assert config["setuptools"]["package-dir"]["harmdesk.resources"] == "resources"
    patterns = config["setuptools"]["package-data"]["harmdesk.resources"]
    shipped = {p.relative_to(ROOT / "resources").as_posix() for p in (ROOT / "resources").rglob("*")
               if p.is_file()}
    from fnmatch import fnmatch
    assert all(any(fnmatch(f, pat) for pat in patterns) for f in shipped), shipped


def test_the_spec_reads_name_and_version_from_pyproject():
    spec = (ROOT / "packaging" / "harmdesk.spec").read_text(encoding="utf-8")
    assert 'PROJECT["name"]' in spec and 'PROJECT["version"]' in spec
    assert "BUNDLE(" in spec and "bundle_identifier" in spec


def test_desktop_icons_exist():
    for name in ("harmdesk.desktop", "harmdesk.ico", "harmdesk.icns", "icons/harmdesk-256.png"):
        assert (ROOT / "packaging" / name).stat().st_size > 100
    assert (ROOT / "packaging" / "harmdesk.ico").read_bytes()[:4] == b"\0\0\1\0"
    assert (ROOT / "packaging" / "harmdesk.icns").read_bytes()[:4] == b"icns"


def size_mib(folder: Path) -> float:
    """As `du` counts it: PyInstaller links some libraries rather than copying them twice."""
    return sum(p.lstat().st_size for p in folder.rglob("*")
               if p.is_file() and not p.is_symlink()) / 2**20


@pytest.mark.slow
def test_the_frozen_bundle_passes_the_smoke_test_and_stays_small(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    build = subprocess.run(["bash", str(ROOT / "packaging" / "build.sh")], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    smoke = json.loads(build.stdout.strip().splitlines()[-1])
    assert smoke["ok"] and smoke["pages"] >= 1 and smoke["hp"][0] == smoke["hp"][2]
    bundle = ROOT / "build" / "packaging" / "dist" / "harmdesk"
    assert size_mib(bundle) <= MAX_BUNDLE_MIB
    bundled = [p.name for p in bundle.rglob("*") if p.is_file()]
    assert not [name for name in bundled if name.startswith(NOT_BUNDLED)]
    assert not list(bundle.rglob("xcbglintegrations"))
    assert [name for name in bundled if name.startswith("libqxcb.")]  # X11 still works
    assert (bundle / "harmdesk.desktop").exists()

    # a corrupt data file: the same clear message from the bundle as from the source
    corrupt = tmp_path / "corrupt"
    corrupt.mkdir()
    (corrupt / "harmdesk.sqlite").write_bytes(b"this is not a database " * 200)
    frozen = subprocess.run([str(bundle / "harmdesk"), "--data-dir", str(corrupt), "campaign",
                             "list"], capture_output=True, text=True, env=env, timeout=120)
    source = subprocess.run([sys.executable, "-m", "harmdesk", "--data-dir", str(corrupt),
                             "campaign", "list"], capture_output=True, text=True, env=env,
                            cwd=ROOT, timeout=120)
    assert frozen.returncode == source.returncode == 1
    assert frozen.stderr == source.stderr and "untouched" in frozen.stderr
