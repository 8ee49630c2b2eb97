#!/usr/bin/env python3
"""One release, the same on every system (as qutebrowser's build_release.py):
build, self-test, collect, checksum.  The release workflow calls it on
Linux, Windows and macOS; .ci/run calls it here for Linux on every change.

    .venv/bin/python packaging/release.py                 # this system's artefacts (+ wheel and sdist on Linux)
    .venv/bin/python packaging/release.py --no-build      # dist/ was just built by `dev.py package`: reuse it
    .venv/bin/python packaging/release.py --no-python-dists
    python3 packaging/release.py sums DIR        # SHA256SUMS over every file in DIR (any Python)
    python3 packaging/release.py notes [VERSION] # this version's section of CHANGELOG.md (any Python)

A release runs in the project's environment (``python3 dev.py package`` makes
.venv with the game, PyInstaller and build; Windows: .venv\\Scripts\\python.exe);
started with another Python it says which to use instead.

Linux: the release folder's launcher and the .deb's program are self-tested,
their modules checked against the source tree (packaging/contents.py), the
.tar.gz and .deb collected.  Windows: the Inno Setup installer and a .zip of
the folder.  macOS: the .dmg, mounted and self-tested (packaging/macos/dmg.py).
Wheel and sdist (Linux, or --python-dists): built from a clean ``git archive``
of HEAD, the wheel installed into a fresh environment and self-tested.
On Linux the AppStream screenshots are rendered from the game
(packaging/screenshots.py).  Everything lands in --out (default dist/release)
with SHA256SUMS beside it.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import venv
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import contents  # noqa: E402
import platforms  # noqa: E402

SUMS = "SHA256SUMS"


def run(cmd: list, **kw) -> subprocess.CompletedProcess:
    print("+", " ".join(map(str, cmd)), flush=True)
    return subprocess.run([str(c) for c in cmd], check=True, **kw)


def system() -> str:
    return {"win32": "windows", "darwin": "macos"}.get(sys.platform, "linux")


def machine() -> str:
    m = platform.machine().lower()
    return {"amd64": "x86_64", "aarch64": "arm64"}.get(m, m)


# -- checks -------------------------------------------------------------------
def self_test(cmd: list) -> str:
    """``cmd --self-test`` offscreen with a throw-away data folder; its feature lines."""
    with tempfile.TemporaryDirectory(prefix="ruin-qt-release-data-") as data:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=data)
        r = subprocess.run([str(c) for c in cmd] + ["--self-test"], env=env, capture_output=True, text=True,
                           timeout=900)
    lines = [line for line in r.stdout.splitlines() if line.startswith("self-test: ")]
    if r.returncode != 0:
        raise SystemExit(f"self-test of {cmd[0]} failed ({r.returncode}):\n{r.stdout}\n{r.stderr[-3000:]}")
    print("\n".join(lines), flush=True)
    return lines[-1] if lines else ""


def check_bundle(exe: Path) -> None:
    missing = contents.missing_from_bundle(exe)
    if missing:
        raise SystemExit(f"{exe} misses: {', '.join(missing)}")
    print(f"{exe}: every module of the source tree and the network stack is in it", flush=True)


# -- per system -----------------------------------------------------------------
def build_program() -> None:
    # Its self-test is left to the platform's checks below, which self-test what is shipped.
    run([sys.executable, HERE / "build.py", "--no-self-test"], cwd=ROOT)


def linux(dist: Path, out: Path) -> list[Path]:
    folders = [p for p in sorted(dist.glob("ruin-qt-*-linux-*")) if p.is_dir() and not p.name.endswith("-deb")]
    if not folders:
        raise SystemExit(f"no Linux release folder in {dist}: run dev.py package first")
    folder = folders[-1]
    check_bundle(folder / "app" / "ruin-qt")
    made = [dist / f"{folder.name}.tar.gz"]
    debs = sorted(dist.glob(f"ruin-qt_{platforms.version()}_*.deb"))
    with tempfile.TemporaryDirectory(prefix="ruin-qt-deb-") as unpacked, ThreadPoolExecutor(2) as both:
        # The launcher's and the .deb's program's self-tests side by side: each is mostly one process.
        tests = [both.submit(self_test, [folder / "ruin-qt"])]
        if debs:
            run(["dpkg-deb", "--extract", debs[-1], unpacked])
            tests.append(both.submit(self_test, [Path(unpacked) / "usr" / "lib" / "ruin-qt" / "app" / "ruin-qt"]))
            made += debs[-1:]
        else:
            print("no .deb (dpkg-deb is missing): only the tarball", flush=True)
        for t in tests:
            t.result()  # its SystemExit, if it failed
    return made


def check_console_program(cli: Path) -> None:
    """The commands' console program answers on its own stdout (the windowed one has none)."""
    r = subprocess.run([str(cli), "--version"], capture_output=True, text=True, timeout=300)
    if r.returncode != 0 or r.stdout.strip() != f"ruin-qt {platforms.version()}":
        raise SystemExit(f"{cli} --version said {r.stdout!r} ({r.returncode}): {r.stderr[-2000:]}")
    print(f"{cli.name}: {r.stdout.strip()}", flush=True)


def windows(dist: Path, out: Path) -> list[Path]:
    exe = dist / platforms.EXE_NAME / f"{platforms.EXE_NAME}.exe"
    self_test([exe])
    check_console_program(exe.with_name(f"{platforms.CLI_NAME}.exe"))
    run([sys.executable, HERE / "windows" / "installer.py", "--dist", dist])
    ver = platforms.version()
    archive = shutil.make_archive(str(dist / f"ruin-qt-{ver}-windows-{machine()}"), "zip", dist, platforms.EXE_NAME)
    return [dist / f"ruin-qt-{ver}-windows-x86_64-setup.exe", Path(archive)]


def macos(dist: Path, out: Path) -> list[Path]:
    run([sys.executable, HERE / "macos" / "dmg.py", "--dist", dist, "--machine", machine()])  # mounts, self-tests
    return [dist / f"ruin-qt-{platforms.version()}-macos-{machine()}.dmg"]


def python_dists(out: Path, keep_venv: Path | None = None) -> list[Path]:
    """sdist from a clean export of HEAD, the wheel from the sdist; the wheel installed into a fresh
    environment and self-tested (``keep_venv``: that environment made there and kept, for the tests)."""
    with tempfile.TemporaryDirectory(prefix="ruin-qt-export-") as src:
        archive = subprocess.run(["git", "archive", "--format=tar", "HEAD"], cwd=ROOT, capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", src], input=archive, check=True)
        # Its long log is kept back (it runs beside the program's checks) and shown if the build fails.
        # -P and the export as working folder: PyInstaller's build/ folder in a checkout is a namespace
        # package named "build" that `-m build` would otherwise find first ("No module named build.__main__").
        cmd = [sys.executable, "-P", "-m", "build", "--outdir", Path(out).resolve(), src]
        print("+", " ".join(map(str, cmd)), flush=True)
        r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, cwd=src)
        if r.returncode != 0:
            raise SystemExit(f"the wheel and sdist failed to build ({r.returncode}):\n{r.stdout[-4000:]}\n"
                             f"{r.stderr[-4000:]}")
    ver = platforms.version()
    wheel, sdist = out / f"ruin_qt-{ver}-py3-none-any.whl", out / f"ruin_qt-{ver}.tar.gz"
    missing = contents.missing_from_wheel(wheel)
    if missing:
        raise SystemExit(f"{wheel.name} misses: {', '.join(missing)}")
    kept = contextlib.nullcontext(str(keep_venv)) if keep_venv is not None else None
    with kept or tempfile.TemporaryDirectory(prefix="ruin-qt-wheel-venv-") as where:
        env_dir = Path(where)
        venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)  # clear: a kept one is made afresh
        bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
        run([bindir / "python", "-m", "pip", "install", "-q", "--disable-pip-version-check", wheel])
        self_test([bindir / "python", "-m", "ruin_qt"])
    return [wheel, sdist]


# -- sums and notes ------------------------------------------------------------
def write_sums(folder: Path) -> Path:
    lines = []
    for f in sorted(p for p in folder.iterdir() if p.is_file() and p.name != SUMS and not p.name.endswith(".asc")):
        digest = hashlib.sha256()
        with f.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
        lines.append(f"{digest.hexdigest()}  {f.name}\n")  # the format `sha256sum -c` reads
    (folder / SUMS).write_text("".join(lines), encoding="utf-8")
    return folder / SUMS


def notes(version: str, changelog: Path = ROOT / "CHANGELOG.md") -> str:
    """The ``## VERSION`` section of CHANGELOG.md (heading excluded)."""
    text = changelog.read_text(encoding="utf-8")
    m = re.search(rf"^## \[?{re.escape(version)}\]?[^\n]*\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not m or not m.group(1).strip():
        raise SystemExit(f"CHANGELOG.md has no section for {version}")
    return m.group(1).strip() + "\n"


# What a release imports besides the standard library: the game's Qt (icons, screenshots), PyInstaller
# (the build, and reading the bundle's archive) and pypa's build (the wheel and sdist).
NEEDS = {"PySide6": "the game", "PyInstaller": "the package extra", "build": "the package extra"}


def wrong_python(needed: tuple[str, ...] = tuple(NEEDS)) -> str:
    """What to run instead when this Python lacks what a release needs ("" when it has it all)."""
    from importlib.machinery import PathFinder

    # Not this folder: its build.py is not pypa's build.
    path = [p for p in sys.path if Path(p or ".").resolve() != HERE]
    missing = [m for m in needed if m not in sys.modules and PathFinder.find_spec(m, path) is None]
    if not missing:
        return ""
    venv_python = ROOT / ".venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    shown = venv_python.relative_to(ROOT)
    if Path(sys.prefix).resolve() == (ROOT / ".venv").resolve() or not venv_python.exists():
        step = f"run python3 dev.py package first (it installs them into .venv), then {shown} packaging/release.py"
    else:
        step = f"run {shown} packaging/release.py"
    return (f"packaging/release.py: this Python ({sys.executable}) has no {', '.join(missing)}; a release runs in "
            f"the project's environment: {step} {' '.join(sys.argv[1:])}".rstrip())


def main(argv: list[str]) -> int:
    if argv[:1] == ["sums"]:
        print(write_sums(Path(argv[1])).read_text(encoding="utf-8"), end="")
        return 0
    if argv[:1] == ["notes"]:
        print(notes(argv[1].removeprefix("v") if len(argv) > 1 else platforms.version()), end="")
        return 0
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--no-build", action="store_true", help="use the program dev.py package left in dist/")
    ap.add_argument("--dist", type=Path, default=ROOT / "dist")
    ap.add_argument("--out", type=Path, default=ROOT / "dist" / "release")
    dists = ap.add_mutually_exclusive_group()
    dists.add_argument("--python-dists", action="store_true", help="wheel and sdist too (default on Linux)")
    dists.add_argument("--no-python-dists", action="store_true")
    ap.add_argument("--keep-wheel-venv", type=Path, metavar="DIR",
                    help="make the wheel's fresh environment in DIR and keep it (.ci/run: the suite reuses it)")
    args = ap.parse_args(argv)
    wanted = args.python_dists or (system() == "linux" and not args.no_python_dists)
    told = wrong_python(tuple(m for m in NEEDS if m != "build" or wanted))
    if told:
        print(told, file=sys.stderr)
        return 2
    notes(platforms.version())  # a release without its notes stops here, before any build
    if args.out.exists():
        shutil.rmtree(args.out)
    args.out.mkdir(parents=True)
    with ThreadPoolExecutor(max_workers=2) as beside:
        # The wheel and sdist (built and self-tested) and the screenshots, beside the program's build and
        # checks: they share nothing but the cores, and PyInstaller keeps one of them busy.
        wheel_sdist = beside.submit(python_dists, args.out, args.keep_wheel_venv) if wanted else None
        # The AppStream data names them in the newest release.
        shots = beside.submit(run, [sys.executable, HERE / "screenshots.py", args.out],
                              env=dict(os.environ, QT_QPA_PLATFORM="offscreen")) if system() == "linux" else None
        if not args.no_build:
            build_program()
        made = {"linux": linux, "windows": windows, "macos": macos}[system()](args.dist, args.out)
        for f in made:
            if not f.is_file():
                raise SystemExit(f"{f} was not made")
            shutil.copy2(f, args.out / f.name)
        for job in (wheel_sdist, shots):
            if job is not None:
                job.result()  # its SystemExit, if any, is raised here
    sums = write_sums(args.out)
    print(f"\n{args.out}:")
    for f in sorted(args.out.iterdir()):
        print(f"  {f.name}  {f.stat().st_size / 2**20:.1f} MiB")
    print(f"{sums.name}: {len(sums.read_text().splitlines())} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
