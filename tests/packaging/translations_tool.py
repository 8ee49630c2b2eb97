"""packaging/translations.py for the tests: it is a script, not a package."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_translations_module():
    """Registered in sys.modules before it runs: its dataclasses need that."""
    name = "ruin_qt_packaging_translations"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "packaging" / "translations.py")
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    return sys.modules[name]
