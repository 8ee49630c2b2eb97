"""The Python distribution as a pip user gets it: built from a clean export of
the repository (``git archive``, so nothing the working tree made -- the .qm
files, build/ -- can hide a gap), installed into fresh virtual environments,
started with ``--version`` and ``--self-test`` (the wheel in English and
Japanese; the sdist, whose files pip installs must be the wheel's byte for
byte, with ``--version``), each installed alone in one fresh environment.

Slow: the isolated builds and the installs take PySide6 from pip's index or
cache (CI reaches PyPI); a minute or two in all.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

import ruin_qt

from .selftest_report import check_report

ROOT = Path(__file__).resolve().parents[2]
APP_ID = ruin_qt.APP_ID
VERSION = ruin_qt.__version__

pytestmark = pytest.mark.slow


def _run(cmd: list, **kw) -> subprocess.CompletedProcess:
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, **kw)
    if r.returncode != 0:
        pytest.fail(f"{cmd} exited {r.returncode}\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
    return r


def made_by_release() -> dict[str, Path] | None:
    """The wheel and sdist packaging/release.py has just made, when RUIN_QT_RELEASE_OUT names its
    folder (.ci/run): built from ``git archive`` of HEAD as below, not built twice."""
    given = os.environ.get("RUIN_QT_RELEASE_OUT")
    if not given:
        return None
    out = Path(given).resolve()
    found = {"sdist": out / f"ruin_qt-{VERSION}.tar.gz", "wheel": out / f"ruin_qt-{VERSION}-py3-none-any.whl"}
    assert all(f.is_file() for f in found.values()), f"RUIN_QT_RELEASE_OUT={given} has no wheel and sdist of {VERSION}"
    return found


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> dict[str, Path]:
    made = made_by_release()
    if made is not None:
        return made
    if not (ROOT / ".git").exists() or not shutil.which("git"):
        pytest.skip("needs a git checkout to export from")
    src = tmp_path_factory.mktemp("export")
    archive = subprocess.run(["git", "archive", "--format=tar", "HEAD"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    out = tmp_path_factory.mktemp("dist")
    # sdist first, then the wheel from the sdist: each in its own isolated
    # environment, the way pip and PyPI's users build it.
    _run([sys.executable, "-m", "build", "--outdir", out, src], timeout=900)
    return {"sdist": next(out.glob("ruin_qt-*.tar.gz")), "wheel": next(out.glob("ruin_qt-*.whl"))}


def test_wheel_holds_the_game_its_translations_licence_and_desktop_files(dists):
    names = set(zipfile.ZipFile(dists["wheel"]).namelist())
    for name in ("ruin_qt/resources/components.json", "ruin_qt/resources/icons/ruin-qt.svg",
                 "ruin_qt/translations/ruin_qt_ja.qm", "ruin_qt/translations/ruin_qt_en.qm",
                 "ruin_qt/rules/game.py", f"ruin_qt-{VERSION}.dist-info/licenses/LICENSE"):
        assert name in names, name
    data = f"ruin_qt-{VERSION}.data/data/share/"
    for name in (f"applications/{APP_ID}.desktop", f"metainfo/{APP_ID}.metainfo.xml",
                 f"mime/packages/{APP_ID}.xml", f"icons/hicolor/scalable/apps/{APP_ID}.svg"):
        assert data + name in names, name
    assert not [n for n in names if n.endswith(".ts")]


def test_wheel_metadata_names_version_licence_and_entry_points(dists):
    wheel = zipfile.ZipFile(dists["wheel"])
    meta = wheel.read(f"ruin_qt-{VERSION}.dist-info/METADATA").decode()
    assert f"\nVersion: {VERSION}\n" in meta
    assert "\nLicense-Expression: MIT\n" in meta
    assert "Classifier: Topic :: Games/Entertainment :: Board Games" in meta
    entry = wheel.read(f"ruin_qt-{VERSION}.dist-info/entry_points.txt").decode()
    gui, console = entry.split("[gui_scripts]")[1], entry.split("[console_scripts]")[1].split("[")[0]
    assert "ruin-qt = ruin_qt.__main__:main" in gui
    assert "ruin-qt-cli = ruin_qt.__main__:main" in console


def test_wheel_carries_no_research_tool(dists):
    # tools/ (tuning, calibration, comparisons) is not part of the game;
    # the simulator and the benchmarks are user commands and stay.
    names = zipfile.ZipFile(dists["wheel"]).namelist()
    assert not [n for n in names if n.startswith("tools/")]
    for tool in ("tune", "calibrate", "rivals", "compare", "suggest"):
        assert f"ruin_qt/ai/{tool}.py" not in names
    assert "ruin_qt/ai/sim.py" in names and "ruin_qt/bench/engine.py" in names


def test_sdist_holds_the_sources_the_wheel_is_built_from(dists):
    top = f"ruin_qt-{VERSION}/"
    names = set(tarfile.open(dists["sdist"]).getnames())
    for name in ("LICENSE", "setup.py", "pyproject.toml", "README.md", "CHANGELOG.md", "docs/RECORD.md",
                 "translations/ruin_qt_ja.ts", "translations/ruin_qt_ja.qph", "packaging/translations.py",
                 f"packaging/linux/{APP_ID}.desktop", "tests/packaging/test_wheel.py"):
        assert top + name in names, name
    assert not [n for n in names if n.endswith(".qm")]  # built from the .ts, never shipped stale


def kept_by_release() -> Path | None:
    """The fresh environment release.py installed the wheel into and self-tested it in (English),
    when RUIN_QT_WHEEL_VENV names it (.ci/run: not made and filled twice)."""
    given = os.environ.get("RUIN_QT_WHEEL_VENV")
    return Path(given).resolve() if given else None


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory) -> Path:
    """One fresh virtual environment for the wheel and the sdist in turn
    (its dependencies, PySide6 among them, installed once): each
    test takes the game out and installs its own distribution."""
    where = kept_by_release()
    if where is None:
        where = tmp_path_factory.mktemp("fresh") / "venv"
        venv.EnvBuilder(with_pip=True).create(where)
    return where / ("Scripts" if os.name == "nt" else "bin")


def _install(bindir: Path, dist: Path) -> Path:
    """``dist`` alone in the environment: the game of the other distribution
    uninstalled first, and pip's record of where this one came from checked.
    Where the package went (site-packages)."""
    py = bindir / "python"
    _run([py, "-m", "pip", "uninstall", "-y", "-q", "ruin-qt"], timeout=300)
    gone = subprocess.run([str(py), "-m", "pip", "show", "-q", "ruin-qt"], capture_output=True, text=True)
    assert gone.returncode != 0, "the other distribution's game is still installed"
    _run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", dist], timeout=900)
    shown = _run([py, "-m", "pip", "show", "-f", "ruin-qt"], timeout=120).stdout
    location = Path(next(line.split(":", 1)[1].strip() for line in shown.splitlines() if line.startswith("Location:")))
    origin = json.loads((location / f"ruin_qt-{VERSION}.dist-info" / "direct_url.json").read_text())
    assert origin["url"].endswith("/" + dist.name), origin  # installed from this distribution, not the other
    return location


def not_as_in_wheel(wheel: Path, location: Path, prefix: Path) -> list[str]:
    """The wheel's files not installed byte for byte as it holds them (its RECORD aside, which pip writes
    anew): the package under ``location``, the data files under the environment's ``prefix``."""
    data = f"ruin_qt-{VERSION}.data/data/"
    differ = []
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if name.endswith(("/", ".dist-info/RECORD")):
                continue
            path = prefix / name[len(data):] if name.startswith(data) else location / name
            if not path.is_file() or path.read_bytes() != z.read(name):
                differ.append(name)
    return differ


def _check_installed(bindir: Path, tmp_path: Path, langs: tuple[str, ...]) -> None:
    r = _run([bindir / "ruin-qt", "--version"], timeout=60, env={**os.environ, "QT_QPA_PLATFORM": ""})
    assert r.stdout.strip() == f"ruin-qt {VERSION}"
    for lang in langs:
        data = tmp_path / f"data-{lang}"
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "RUIN_QT_DATA_DIR": str(data),
               "LANG": lang, "LC_ALL": "", "LANGUAGE": ""}
        r = _run([bindir / "ruin-qt", "--self-test"], timeout=600, env=env, cwd=tmp_path)
        # Every feature, the table across two processes among them (the wheel had no ruin_qt/net); under .ci/run
        # the only self-test of this checkout's Python program the suite reads (test_selftest leaves it here).
        check_report(r.stdout)
    # The commands print from the console twin.
    r = _run([bindir / "ruin-qt-cli", "replay", "--help"], timeout=60)
    assert "replay" in r.stdout


def test_the_wheel_installed_into_a_fresh_venv_starts_in_english_and_japanese(dists, fresh_venv, tmp_path):
    langs = ("en_US.UTF-8", "ja_JP.UTF-8")
    if kept_by_release() is not None:
        langs = ("ja_JP.UTF-8",)  # English: release.py's self-test of this wheel in this very environment
    location = _install(fresh_venv, dists["wheel"])
    assert not_as_in_wheel(dists["wheel"], location, fresh_venv.parent) == []  # what the sdist's is held to
    _check_installed(fresh_venv, tmp_path, langs)


def test_the_sdist_installs_the_self_tested_wheels_files_byte_for_byte(dists, fresh_venv, tmp_path):
    """pip builds the sdist into a wheel of its own (the same sources, the same backend): every file it installs
    is the self-tested wheel's, so that self-test is this program's too and is not run again; it starts."""
    location = _install(fresh_venv, dists["sdist"])
    assert not_as_in_wheel(dists["wheel"], location, fresh_venv.parent) == []
    _check_installed(fresh_venv, tmp_path, ())


def test_a_file_installed_otherwise_than_the_wheel_holds_it_is_named(tmp_path):
    wheel, site, prefix = tmp_path / "x.whl", tmp_path / "site", tmp_path / "venv"
    data = f"ruin_qt-{VERSION}.data/data/share/x.desktop"
    with zipfile.ZipFile(wheel, "w") as z:
        for name in ("ruin_qt/a.py", "ruin_qt/b.py", "ruin_qt/gone.py", data, f"ruin_qt-{VERSION}.dist-info/RECORD"):
            z.writestr(name, "same")
    for path, text in ((site / "ruin_qt/a.py", "same"), (site / "ruin_qt/b.py", "other"),
                       (prefix / "share/x.desktop", "same")):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert not_as_in_wheel(wheel, site, prefix) == ["ruin_qt/b.py", "ruin_qt/gone.py"]


def test_wheel_holds_every_module_of_the_source_tree(dists):
    """Packages are found, not listed; ruin_qt/net was missing from the wheel and the sdist."""
    sys.path.insert(0, str(ROOT / "packaging"))
    import contents

    assert contents.missing_from_wheel(dists["wheel"]) == []
    top = f"ruin_qt-{VERSION}/"
    in_sdist = {n[len(top):] for n in tarfile.open(dists["sdist"]).getnames() if n.startswith(top + "ruin_qt/")}
    tracked = subprocess.run(["git", "ls-files", "ruin_qt"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    assert not [f for f in tracked if f.endswith(".py") and f not in in_sdist]
