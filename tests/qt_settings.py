"""Where a test's Qt settings live: a folder of its own. Only the Qt test folders' conftests
use this, so that the rules, store and service tests run without PySide6."""

from __future__ import annotations

import pytest


def own_settings_folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Point every QSettings format and scope at a fresh folder, and return it: window sizes
    and dock layouts are then kept neither in the user's settings nor in another test's."""
    from PySide6.QtCore import QSettings
    folder = str(tmp_path_factory.mktemp("qsettings"))
    for fmt in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(fmt, scope, folder)
    return folder
