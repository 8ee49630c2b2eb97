"""Where the shipped resources live: a source checkout, an installed wheel
or a PyInstaller bundle.  Pure Python so the rules layer can use it."""

from __future__ import annotations

import sys
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def resource_dir() -> Path:
    candidates = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle) / "resources")
    # An installed wheel maps the top-level resources/ folder into the package.
    candidates.append(_PACKAGE_DIR / "resources")
    candidates.append(_PACKAGE_DIR.parent / "resources")
    for c in candidates:
        if (c / "components.json").is_file():
            return c
    raise FileNotFoundError("ruin_qt resources folder (components.json) not found")


def resource(name: str) -> Path:
    return resource_dir() / name


def translations_dir() -> Path:
    bundle = getattr(sys, "_MEIPASS", None)
    for c in ([Path(bundle) / "translations"] if bundle else []) + [
        _PACKAGE_DIR / "translations",
        _PACKAGE_DIR.parent / "translations",
    ]:
        if c.is_dir():
            return c
    return _PACKAGE_DIR.parent / "translations"


def program_name() -> str:
    """The program as the user started it, for help and messages: ``ruin-qt`` or ``ruin-qt-cli`` (the
    bundle's executables, the wheel's scripts), else ``python -m ruin_qt``."""
    if getattr(sys, "frozen", False):
        started = Path(sys.executable).name
    else:
        started = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    for suffix in (".exe", "-script.pyw", "-script.py"):  # Windows' script wrappers
        started = started.removesuffix(suffix)
    return started if started in ("ruin-qt", "ruin-qt-cli") else "python -m ruin_qt"
