#!/usr/bin/env python3
"""Set-up and run in one step, on a fresh clone with only Python 3.11.

    python3 dev.py play      # creates .venv, installs the game, starts it
    python3 dev.py test      # same set-up plus test tools, runs the test suite
    python3 dev.py package   # builds the executable into dist/ and self-tests it

Extra arguments go to the game or to pytest.  System libraries Qt needs are
installed with apt-get when missing and the user is root (Debian/Ubuntu).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
# Shared libraries PySide6's wheels load but do not ship (Debian names): the
# core, the X11 (xcb) platform plugin a desktop session uses, and a CJK font
# for the Japanese interface.
QT_APT = ["libegl1", "libgl1", "libxkbcommon0", "libfontconfig1", "libdbus-1-3", "libglib2.0-0",
          "libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "libxcb-shape0", "libxkbcommon-x11-0",
          "libxcb-xkb1", "libxcb-render-util0", "libxcb-image0", "fonts-noto-cjk"]
# What the tests and the Linux release need besides: a virtual screen, the
# freedesktop tools the install test runs (mimetype: xdg-open's generic mode
# reads file types with it, as on a plain desktop), objdump and strip
# (binutils) for the glibc floor, PyInstaller and the .deb, lintian for it.
TOOLS_APT = ["xvfb", "xauth", "desktop-file-utils", "appstream", "shared-mime-info", "xdg-utils",
             "libfile-mimeinfo-perl", "libglib2.0-bin", "binutils", "lintian"]


def run(cmd: list[str], **kw) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run(cmd, check=True, **kw)


def apt_missing(packages: list[str]) -> list[str]:
    if not shutil.which("dpkg-query"):
        return []
    missing = []
    for pkg in packages:
        r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", pkg], capture_output=True, text=True)
        if "install ok installed" not in r.stdout:
            missing.append(pkg)
    return missing


def ensure_system(packages: list[str]) -> None:
    missing = apt_missing(packages)
    if not missing:
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run(["apt-get", "update", "-qq"], env=env)
        run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing], env=env)
    else:
        print("Qt may need these system packages: sudo apt-get install " + " ".join(missing), file=sys.stderr)


def ensure_venv(extras: str) -> None:
    stamp = VENV / f".installed-{extras or 'base'}"
    marker = (ROOT / "pyproject.toml").stat().st_mtime
    if stamp.exists() and stamp.stat().st_mtime >= marker:
        return
    if not PY.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    spec = f".[{extras}]" if extras else "."
    run([str(PY), "-m", "pip", "install", "-q", "--disable-pip-version-check", "-e", spec], cwd=ROOT)
    stamp.touch()


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "play"
    rest = argv[1:]
    if cmd not in ("play", "test", "setup", "package"):
        print(__doc__)
        return 2
    ensure_system(QT_APT if cmd == "play" else QT_APT + TOOLS_APT)
    ensure_venv({"play": "", "package": "package"}.get(cmd, "test"))
    # The compiled translations are build products: make them before use.
    subprocess.run([str(PY), str(ROOT / "packaging" / "translations.py"), "build"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    if cmd == "package":
        return subprocess.call([str(PY), str(ROOT / "packaging" / "build.py"), *rest], cwd=ROOT)
    if cmd == "play":
        return subprocess.call([str(PY), "-m", "ruin_qt", *rest], cwd=ROOT)
    if cmd == "test":
        return subprocess.call([str(PY), "-m", "pytest", *rest], cwd=ROOT)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
