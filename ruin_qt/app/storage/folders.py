"""Where the app keeps its data and settings (platformdirs), without Qt: the
commands and the no-console log (app/no_console.py) need the data folder
before, or without, any Qt module.

``RUIN_QT_DATA_DIR``, when set, replaces both the data and the settings
folders: tests point it at a temporary folder and never touch a real home."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "ruin-qt"


def _folder(override: str | None, default: str) -> Path:
    path = Path(override) if override else Path(default)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # told by whatever writes there (keeper, Settings): the app still starts
    return path


def data_dir() -> Path:
    return _folder(os.environ.get("RUIN_QT_DATA_DIR"), platformdirs.user_data_dir(APP, appauthor=False))


def settings_dir() -> Path:
    return _folder(os.environ.get("RUIN_QT_DATA_DIR"), platformdirs.user_config_dir(APP, appauthor=False))
