"""Real file-system faults for tests: a small tmpfs to fill, a folder bound read-only.

Mounting needs root; where it is not allowed a test skips, except under CI, where it
must run.
"""

import os
import subprocess
from contextlib import contextmanager

import pytest


@contextmanager
def mounted(target, *options):
    """`mount *options target`, undone afterwards; a skip (a failure under CI) where
    this machine does not allow it."""
    target.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run(["mount", *options, str(target)], capture_output=True, text=True)
        problem = done.stderr.strip() if done.returncode else ""
    except OSError as err:
        problem = str(err)
    if problem:
        reason = f"cannot mount {' '.join(options)} here: {problem}"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    try:
        yield target
    finally:
        if subprocess.run(["umount", str(target)], capture_output=True).returncode:
            subprocess.run(["umount", "-l", str(target)], capture_output=True)


def small_disk(folder, size: str):
    """A tmpfs of `size` (such as "4m") mounted on `folder`."""
    return mounted(folder, "-t", "tmpfs", "-o", f"size={size}", "tmpfs")
