"""Pack the macOS app into a .dmg and check it the way a player meets it.

    python packaging/macos/dmg.py [--dist dist]

Runs after ``dev.py package`` on macOS: ``hdiutil create`` makes a compressed
image holding the .app and a link to /Applications; the check mounts that
image read-only, reads the bundle's Info.plist (bundle id, version, the record
document type) and runs the mounted program's ``--self-test``.
"""

from __future__ import annotations

import argparse
import os
import plistlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import platforms  # noqa: E402


def dmg_name(machine: str) -> str:
    return f"ruin-qt-{platforms.version()}-macos-{machine}.dmg"


def build(dist: Path, machine: str) -> Path:
    app = dist / f"{platforms.APP_NAME}.app"
    if not app.is_dir():
        raise SystemExit(f"no {app}: run dev.py package on macOS first")
    out = dist / dmg_name(machine)
    with tempfile.TemporaryDirectory(prefix="ruin-qt-dmg-") as stage:
        shutil.copytree(app, Path(stage) / app.name, symlinks=True)
        os.symlink("/Applications", Path(stage) / "Applications")
        subprocess.run(["hdiutil", "create", "-volname", platforms.APP_NAME, "-srcfolder", stage, "-ov",
                        "-format", "UDZO", str(out)], check=True)
    return out


def check_plist(plist: dict) -> list[str]:
    """What the mounted bundle's Info.plist gets wrong (empty: nothing)."""
    wanted = platforms.info_plist(platforms.version())
    problems = [f"{key} is {plist.get(key)!r}, not {wanted[key]!r}"
                for key in ("CFBundleShortVersionString", "NSHighResolutionCapable", "CFBundleDocumentTypes")
                if plist.get(key) != wanted[key]]
    if plist.get("CFBundleIdentifier") != platforms.APP_ID:
        problems.append(f"CFBundleIdentifier is {plist.get('CFBundleIdentifier')!r}")
    return problems


def verify(dmg: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="ruin-qt-mnt-") as mnt:
        subprocess.run(["hdiutil", "attach", "-nobrowse", "-readonly", "-mountpoint", mnt, str(dmg)], check=True)
        try:
            app = Path(mnt) / f"{platforms.APP_NAME}.app"
            problems = check_plist(plistlib.loads((app / "Contents" / "Info.plist").read_bytes()))
            if problems:
                raise SystemExit("Info.plist: " + "; ".join(problems))
            with tempfile.TemporaryDirectory(prefix="ruin-qt-selftest-") as data:
                env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=data)
                subprocess.run([str(app / "Contents" / "MacOS" / platforms.EXE_NAME), "--self-test"], env=env,
                               check=True, timeout=600)
        finally:
            subprocess.run(["hdiutil", "detach", mnt], check=True)
    print(f"{dmg}: mounted, Info.plist right, self-test passed")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dist", type=Path, default=platforms.ROOT / "dist")
    ap.add_argument("--machine", default=os.uname().machine if hasattr(os, "uname") else "x86_64")
    args = ap.parse_args(argv)
    verify(build(args.dist, args.machine))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
