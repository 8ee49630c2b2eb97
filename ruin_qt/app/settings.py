"""Where the app keeps its data and settings (platformdirs), and the settings.

``RUIN_QT_DATA_DIR``, when set, replaces both the data and the settings
folders: tests point it at a temporary folder and never touch a real home.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs
from PySide6.QtCore import QByteArray, QSettings

APP = "ruin-qt"


def data_dir() -> Path:
    override = os.environ.get("RUIN_QT_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_data_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def settings_dir() -> Path:
    override = os.environ.get("RUIN_QT_DATA_DIR")
    path = Path(override) if override else Path(platformdirs.user_config_dir(APP, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


class Settings:
    """A small typed front on one INI file (readable, portable, no registry)."""

    def __init__(self, path: Path | None = None):
        self.path = path or settings_dir() / "settings.ini"
        self.qs = QSettings(str(self.path), QSettings.Format.IniFormat)

    def geometry(self) -> QByteArray | None:
        v = self.qs.value("window/geometry")
        return v if isinstance(v, QByteArray) and not v.isEmpty() else None

    def set_geometry(self, geo: QByteArray) -> None:
        self.qs.setValue("window/geometry", geo)
        self.qs.sync()

    def new_game_defaults(self) -> dict:
        raw = self.qs.value("new_game/choices", "")
        try:
            d = json.loads(raw) if raw else {}
        except (TypeError, ValueError):
            d = {}
        return d if isinstance(d, dict) else {}

    def set_new_game_defaults(self, choices: dict) -> None:
        # JSON keeps the lists' types across INI round trips.
        self.qs.setValue("new_game/choices", json.dumps(choices))
        self.qs.sync()

    def language(self) -> str:
        return str(self.qs.value("ui/language", "") or "")

    def set_language(self, language: str) -> None:
        """"" follows the system language."""
        self.qs.setValue("ui/language", language)
        self.qs.sync()

    # -- the guided first game --------------------------------------------------
    def tutorial_step(self) -> int:
        try:
            return max(0, int(self.qs.value("tutorial/step", 0) or 0))
        except (TypeError, ValueError):
            return 0

    def set_tutorial_step(self, step: int) -> None:
        self.qs.setValue("tutorial/step", int(step))

    def tutorial_offered(self) -> bool:
        return str(self.qs.value("tutorial/offered", "")) == "yes"

    def set_tutorial_offered(self) -> None:
        self.qs.setValue("tutorial/offered", "yes")
