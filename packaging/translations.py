#!/usr/bin/env python3
"""The project's translation build step.

    python packaging/translations.py update   # lupdate: refresh translations/*.ts from the sources
    python packaging/translations.py build    # lrelease: compile translations/*.qm (run by dev.py and build.py)

The .qm files are build products (git-ignored); the .ts files are the sources
translators edit: translations/ruin_qt_ja.ts holds the Japanese text, and only
lupdate (``update``) rewrites it, keeping every translation; ruin_qt_en.ts holds
only the English plural forms.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TS_DIR = ROOT / "translations"
LANGUAGES = ("ja", "en")


def _tool(name: str) -> str:
    """PySide6's bundled lupdate/lrelease, found beside this interpreter first."""
    here = Path(sys.executable).parent
    for candidate in (here / f"pyside6-{name}", here / f"pyside6-{name}.exe"):
        if candidate.exists():
            return str(candidate)
    found = shutil.which(f"pyside6-{name}")
    if found:
        return found
    raise FileNotFoundError(f"pyside6-{name} not found: install PySide6-Essentials")


def sources() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "ruin_qt").rglob("*.py")
                  if "rules" not in p.parts and "ai" not in p.parts)


def update() -> None:
    """lupdate keeps every translation; English is the source language, so its
    .ts carries only the plural messages (-pluralonly): Qt shows the source
    text for every message a translator lacks."""
    for lang in LANGUAGES:
        ts = TS_DIR / f"ruin_qt_{lang}.ts"
        plural_only = ["-pluralonly"] if lang == "en" else []
        subprocess.run([_tool("lupdate"), "-no-obsolete", "-locations", "none", *plural_only,
                        "-source-language", "en", "-target-language", lang,
                        *sources(), "-ts", str(ts.relative_to(ROOT))], cwd=ROOT, check=True)


def build(out_dir: Path = TS_DIR) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    built = []
    for ts in sorted(TS_DIR.glob("ruin_qt_*.ts")):
        qm = out_dir / (ts.stem + ".qm")
        subprocess.run([_tool("lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)
        built.append(qm)
    return built


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "build"
    if cmd == "update":
        update()
    elif cmd == "build":
        for p in build():
            print(p.relative_to(ROOT))
    else:
        print(__doc__)
        sys.exit(2)
