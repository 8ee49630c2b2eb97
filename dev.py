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
import time
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
# (binutils) for the glibc floor, PyInstaller and the .deb, lintian for it; the
# accessibility bus and a session bus for the screen-reader test, and xdotool for its keys; iptables for
# the routers of the two homes behind NAT (network namespaces) the invite tests play across.
TOOLS_APT = ["xvfb", "xauth", "desktop-file-utils", "appstream", "shared-mime-info", "xdg-utils",
             "libfile-mimeinfo-perl", "libglib2.0-bin", "binutils", "lintian", "at-spi2-core", "dbus", "xdotool",
             "iptables"]


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


# How long apt-get waits for a lock another program holds (Software Updater,
# unattended-upgrades): apt's own wait (DPkg::Lock::Timeout, apt >= 1.9) and ours
# for the package lists' lock, which that option does not cover everywhere.
APT_LOCK_WAIT = int(os.environ.get("RUIN_QT_APT_LOCK_WAIT", "300"))
LOCK_SIGNS = ("Could not get lock", "Unable to acquire the dpkg frontend lock", "Unable to lock",
              "/var/lib/dpkg/lock", "/var/lib/apt/lists/lock")


def apt_get(args: list[str], env: dict) -> tuple[int, str]:
    """``apt-get args``, waiting up to APT_LOCK_WAIT seconds while another program
    holds apt's lock: (its exit code, its last error line, "" once it worked)."""
    cmd = ["apt-get", "-o", f"DPkg::Lock::Timeout={APT_LOCK_WAIT}", *args]
    deadline = time.monotonic() + APT_LOCK_WAIT
    told = False
    while True:
        print("+", " ".join(cmd), flush=True)
        r = subprocess.run(cmd, env=env, stderr=subprocess.PIPE, text=True, errors="replace")
        if r.returncode == 0:
            return 0, ""
        lines = [x.strip() for x in r.stderr.splitlines() if x.strip()]
        last = next((x for x in reversed(lines) if x.startswith("E:")), lines[-1] if lines else "")
        locked = any(sign in r.stderr for sign in LOCK_SIGNS)
        left = deadline - time.monotonic()
        if not locked or left <= 0:
            return r.returncode, ("locked: " if locked else "") + last
        if not told:
            print(f"Another program is using apt (its lock is held): waiting for it, up to {APT_LOCK_WAIT} s...",
                  flush=True)
            told = True
        time.sleep(min(5.0, left, max(0.1, APT_LOCK_WAIT / 20)))


def ensure_system(packages: list[str], again: str = "play") -> bool:
    """Install the missing ``packages`` with apt-get when root; otherwise, or when
    apt-get cannot, say in one line what to do (never a traceback).  False then."""
    missing = apt_missing(packages)
    if not missing:
        return True
    install = "sudo apt-get install -y " + " ".join(missing)
    if not (hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get")):
        print("Qt may need these system packages: " + install, file=sys.stderr)
        return False
    # Untranslated messages, so that a held lock is recognised in any language.
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive", LC_ALL="C")
    for args in (["update", "-qq"], ["install", "-y", "-qq", "--no-install-recommends", *missing]):
        code, error = apt_get(args, env)
        if code == 0:
            continue
        if error.startswith("locked: "):
            print(f"dev.py: another program is still installing software (apt's lock is held); when it has "
                  f"finished, run python3 dev.py {again} again (or yourself: {install}).", file=sys.stderr)
        else:
            print(f"dev.py: apt-get {args[0]} failed (exit {code}: {error or 'no message'}); "
                  f"install them yourself: {install}", file=sys.stderr)
        return False
    return True


def ensure_venv(extras: str) -> None:
    """The game installed with ``extras`` (comma-separated), once per pyproject.toml change."""
    stamps = [VENV / f".installed-{e or 'base'}" for e in extras.split(",")]
    marker = (ROOT / "pyproject.toml").stat().st_mtime
    if all(s.exists() and s.stat().st_mtime >= marker for s in stamps):
        return
    if not PY.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    spec = f".[{extras}]" if extras else "."
    run([str(PY), "-m", "pip", "install", "-q", "--disable-pip-version-check", "-e", spec], cwd=ROOT)
    for s in stamps:
        s.touch()


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "play"
    rest = argv[1:]
    if cmd not in ("play", "test", "setup", "package"):
        print(__doc__)
        return 2
    ensure_system(QT_APT if cmd == "play" else QT_APT + TOOLS_APT, cmd)  # told, the game may still start
    # setup (CI's first step): what the tests and the release's build need, in one install
    ensure_venv({"play": "", "package": "package", "setup": "test,package"}.get(cmd, "test"))
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
