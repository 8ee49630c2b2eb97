"""Build the Windows installer (Inno Setup) from the PyInstaller folder.

    python packaging/windows/installer.py [--dist dist] [--iscc iscc]

Runs after ``dev.py package`` on Windows; the version, app id and record type
come from packaging/platforms.py, which reads the version from pyproject.toml.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import platforms  # noqa: E402

SCRIPT = HERE / "ruin-qt.iss"


def defines(dist: Path, icon: Path) -> dict[str, str]:
    """The /D values the .iss expects, each from its one source."""
    return {
        "AppVersion": platforms.version(), "SourceDir": str(dist / platforms.EXE_NAME), "OutputDir": str(dist),
        "IconFile": str(icon), "RecordExt": platforms.RECORD_EXT, "RecordMime": platforms.RECORD_MIME,
        "RecordProgId": platforms.RECORD_UTI, "RecordName": platforms.RECORD_NAME,
    }


def command(iscc: str, dist: Path, icon: Path) -> list[str]:
    return [iscc, "/Q", *(f"/D{k}={v}" for k, v in defines(dist, icon).items()), str(SCRIPT)]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", type=Path, default=platforms.ROOT / "dist")
    ap.add_argument("--iscc", default=shutil.which("iscc") or r"C:\Program Files (x86)\Inno Setup 6\ISCC.exe")
    args = ap.parse_args(argv)
    icon = Path(platforms.platform_icon("win32", platforms.ROOT / "build" / "icons") or "")
    if not (args.dist / platforms.EXE_NAME / f"{platforms.EXE_NAME}.exe").exists():
        raise SystemExit(f"no program in {args.dist / platforms.EXE_NAME}: run dev.py package first")
    subprocess.run(command(args.iscc, args.dist, icon), check=True)
    setup = args.dist / f"ruin-qt-{platforms.version()}-windows-x86_64-setup.exe"
    if not setup.exists():
        raise SystemExit(f"Inno Setup ran but {setup} is missing")
    print(setup)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
