"""Packaging: the install carries every package and resource; the frozen bundle works.

The bundle test is marked slow (it builds with PyInstaller, a few minutes); run it with
`pytest -m slow`. .ci/run does when it has the time.
"""

import json
import os
import re
import shutil
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


# what the bundle asks the system for, by the Debian package that holds it; glibc's own are
# on every system. A library not named here is one the README's list does not account for.
GLIBC = ("ld-linux", "libc.so.", "libm.so.", "libdl.so.", "libpthread.so.", "librt.so.")
SYSTEM_PACKAGES = {
    "libEGL.so.1": "libegl1", "libGL.so.1": "libgl1", "libX11.so.6": "libx11-6",
    "libX11-xcb.so.1": "libx11-xcb1", "libdbus-1.so.3": "libdbus-1-3",
    "libfontconfig.so.1": "libfontconfig1", "libfreetype.so.6": "libfreetype6",
    "libglib-2.0.so.0": "libglib2.0-0", "libgthread-2.0.so.0": "libglib2.0-0",
    "libwayland-client.so.0": "libwayland-client0", "libwayland-cursor.so.0": "libwayland-cursor0",
    "libxcb.so.1": "libxcb1", "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-sync.so.1": "libxcb-sync1", "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1", "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0", "libzstd.so.1": "libzstd1",
}


def readme_bundle_packages() -> list[str]:
    """The packages README.md says the bundle needs on a bare Linux."""
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    found = re.search(r"the bundle needs `([^`]+)`", text)
    assert found, "README.md no longer says which packages the bundle needs"
    return found.group(1).split()


def system_libraries(bundle: Path) -> set[str]:
    """The shared libraries the bundle's programs and libraries ask for that it does not
    carry itself (read from each ELF file's NEEDED entries)."""
    carried, needed = set(), set()
    for path in bundle.rglob("*"):
        if not (path.is_file() or path.is_symlink()):
            continue
        carried.add(path.name)
        if path.is_symlink() or not is_elf(path):
            continue
        dynamic = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True)
        needed |= set(re.findall(r"\(NEEDED\)\s+Shared library: \[([^]]+)\]", dynamic.stdout))
    return {name for name in needed - carried if not name.startswith(GLIBC)}


def is_elf(path: Path) -> bool:
    with open(path, "rb") as file:
        return file.read(4) == b"\x7fELF"


def brought_by(packages: list[str]) -> set[str]:
    """`packages` and everything they depend on, as apt resolves it (not recommends)."""
    listed = subprocess.run(["apt-cache", "depends", "--recurse", "--no-recommends",
                             "--no-suggests", "--no-conflicts", "--no-breaks", "--no-replaces",
                             "--no-enhances", *packages], capture_output=True, text=True,
                            timeout=300)
    assert listed.returncode == 0, listed.stderr
    return {line.strip() for line in listed.stdout.splitlines()
            if line.strip() and not line.startswith(" ") and not line.startswith("<")}


def check_system_libraries(bundle: Path) -> None:
    """Every library the bundle leaves to the system is known, and comes with a package of
    the README's list (one of them, or what they bring)."""
    asked = system_libraries(bundle)
    assert asked, "no ELF file read: the check would pass on anything"
    unknown = sorted(asked - set(SYSTEM_PACKAGES))
    assert not unknown, f"the bundle asks the system for {unknown}: add their packages to " \
                        "README.md's list (and SYSTEM_PACKAGES)"
    if shutil.which("apt-cache") is None:
        pytest.skip("apt-cache is needed to check the README's packages (Debian, as CI)")
    readme = readme_bundle_packages()
    brought = brought_by(readme)
    missing = sorted({f"{SYSTEM_PACKAGES[name]} ({name})" for name in asked
                      if SYSTEM_PACKAGES[name] not in brought})
    assert not missing, f"README.md's packages ({' '.join(readme)}) do not bring {missing}"


def test_pyproject_lists_every_package_and_resources():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    listed = set(config["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for p in (ROOT / "harmdesk").rglob("__init__.py")}
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
    check_system_libraries(bundle)

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
