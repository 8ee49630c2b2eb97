#!/usr/bin/env python3
"""Build the double-clickable program and smoke-test it.

    python3 dev.py package            # the documented way (sets up .venv first)
    .venv/bin/python packaging/build.py [--onefile] [--no-self-test]

Steps: compile translations (.qm), render the icons, run PyInstaller with
packaging/ruin_qt.spec into dist/, then start the built program with
``--self-test`` offscreen (a throw-away data folder) and fail if it does.
On Linux the folder becomes dist/ruin-qt-VERSION-linux-ARCH/ (program,
launcher, install.sh, desktop files: packaging/linux_bundle.py) and its
.tar.gz; the glibc floor measured from the bundle's symbol versions is
printed and written into the launcher's check.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging"))

import icons  # noqa: E402
import linux_bundle  # noqa: E402
import linux_deb  # noqa: E402

import translations  # noqa: E402


def render_icons() -> None:
    """PNG renderings of the SVG icon for the .desktop file (platforms.py makes the .ico and .icns)."""
    out = ROOT / "build" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for size in (16, 32, 48, 64, 128, 256):
        img = icons.icon_image(size)
        img.save(str(out / f"ruin-qt-{size}.png"))
        if size == 256:
            img.save(str(out / "ruin-qt.png"))


def pyinstaller(onefile: bool) -> Path:
    env = dict(os.environ, RUIN_QT_ONEFILE="1" if onefile else "0")
    subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
                    "--distpath", str(ROOT / "dist"), "--workpath", str(ROOT / "build" / "pyinstaller"),
                    str(ROOT / "packaging" / "ruin_qt.spec")], check=True, env=env, cwd=ROOT)
    exe = ROOT / "dist" / ("ruin-qt" if onefile else "ruin-qt/ruin-qt")
    if sys.platform == "win32":
        exe = exe.with_suffix(".exe")
    return exe


def linux_release(folder: Path) -> Path:
    """dist/ruin-qt/ -> dist/ruin-qt-VERSION-linux-ARCH/ and its .tar.gz; returns the launcher."""
    needs = linux_bundle.glibc_needs(folder)
    floor = linux_bundle.glibc_floor(folder)
    newest = sorted(needs, key=needs.get, reverse=True)[:3]
    print(f"glibc floor {floor} (newest: " + ", ".join(f"{p.name} {'.'.join(map(str, needs[p]))}" for p in newest)
          + ")")
    target = linux_bundle.assemble(folder, ROOT / "dist" / linux_bundle.release_name(), floor)
    tarball = linux_bundle.make_tarball(target)
    size = sum(f.stat().st_size for f in target.rglob("*") if f.is_file() and not f.is_symlink())
    print(f"built {target} ({size / 2**20:.1f} MiB) and {tarball.name} ({tarball.stat().st_size / 2**20:.1f} MiB)")
    if shutil.which("dpkg-deb"):
        deb = linux_deb.make_deb(target, floor)
        print(f"built {deb.name} ({deb.stat().st_size / 2**20:.1f} MiB)")
    return target / "ruin-qt"


def self_test(exe: Path) -> float:
    with tempfile.TemporaryDirectory(prefix="ruin-qt-selftest-") as data:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=data)
        t = time.perf_counter()
        r = subprocess.run([str(exe), "--self-test"], env=env, capture_output=True, text=True, timeout=600)
        took = time.perf_counter() - t
    sys.stdout.write(r.stdout)
    sys.stderr.write(r.stderr)
    if r.returncode != 0:
        raise SystemExit(f"self-test of {exe} failed with status {r.returncode}")
    return took


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--onefile", action="store_true")
    ap.add_argument("--no-self-test", action="store_true")
    args = ap.parse_args(argv)
    translations.build()
    render_icons()
    exe = pyinstaller(args.onefile)
    if sys.platform.startswith("linux") and not args.onefile:
        exe = linux_release(exe.parent)
    print(f"built {exe}")
    if not args.no_self_test:
        print(f"self-test passed in {self_test(exe):.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
