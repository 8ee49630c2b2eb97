"""``packaging/release.py`` -- the notes from CHANGELOG.md, the
checksums `sha256sum -c` reads, and, with a built Linux release in dist/
(``dev.py package``), the whole Linux half end to end -- or, when .ci/run
has just run it into RUIN_QT_RELEASE_OUT, what it left there."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import ruin_qt

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import release  # noqa: E402


def test_the_notes_are_this_versions_changelog_section(tmp_path):
    text = release.notes(ruin_qt.__version__)
    assert text.strip() and not text.startswith("## ")
    log = tmp_path / "CHANGELOG.md"
    log.write_text("# Changelog\n\n## 0.2.0 — 2027-01-01\n\n- newer\n\n## 0.1.0 — 2026-11-26\n\n- first\n")
    assert release.notes("0.2.0", log) == "- newer\n"
    assert release.notes("0.1.0", log) == "- first\n"
    with pytest.raises(SystemExit, match="no section for 9.9.9"):
        release.notes("9.9.9", log)


def test_the_metainfo_and_the_changelog_name_the_same_releases():
    import xml.etree.ElementTree as ET

    meta = ET.parse(ROOT / "packaging" / "linux" / f"{ruin_qt.APP_ID}.metainfo.xml").getroot()
    for rel in meta.findall("releases/release"):
        assert release.notes(rel.get("version"))


@pytest.mark.skipif(not shutil.which("sha256sum"), reason="needs sha256sum (coreutils)")
def test_the_sums_are_what_sha256sum_checks(tmp_path):
    (tmp_path / "a.tar.gz").write_bytes(b"one")
    (tmp_path / "b c.deb").write_bytes(b"two" * 100000)
    sums = release.write_sums(tmp_path)
    assert len(sums.read_text().splitlines()) == 2
    r = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=tmp_path, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    (tmp_path / "a.tar.gz").write_bytes(b"changed")
    assert subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=tmp_path, capture_output=True).returncode != 0


def _built() -> bool:
    if os.environ.get("RUIN_QT_RELEASE_OUT"):
        return True
    return any(p.is_dir() for p in (ROOT / "dist").glob("ruin-qt-*-linux-*")) and bool(shutil.which("git"))


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux") or not _built(),
                    reason="needs the Linux release built by python3 dev.py package in dist/")
def test_the_linux_release_end_to_end(tmp_path):
    """release.py --no-build: bundle checked and self-tested, the .deb's program self-tested, wheel and
    sdist built from git archive and the wheel self-tested in a fresh environment, SHA256SUMS over all."""
    given = os.environ.get("RUIN_QT_RELEASE_OUT")
    if given:
        # .ci/run has just run release.py, its build included (not twice); a failed self-test stopped it.
        out = Path(given)
    else:
        pytest.importorskip("PyInstaller", reason="reading the program's archive needs the package extra")
        pytest.importorskip("build", reason="the wheel and sdist need the test extra's build")
        out = tmp_path / "release"
        r = subprocess.run([sys.executable, str(ROOT / "packaging" / "release.py"), "--no-build", "--out", str(out)],
                           cwd=ROOT, capture_output=True, text=True, timeout=1800, env={**os.environ})
        assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-4000:]
        # Each self-test printed its feature lines, the network table among them.
        assert r.stdout.count("self-test: table across two processes: ok") >= 2
    names = {p.name for p in out.iterdir()}
    ver = ruin_qt.__version__
    assert {f"ruin_qt-{ver}-py3-none-any.whl", f"ruin_qt-{ver}.tar.gz", "SHA256SUMS"} <= names
    assert [n for n in names if n.startswith(f"ruin-qt-{ver}-linux-") and n.endswith(".tar.gz")]
    assert subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=out, capture_output=True).returncode == 0


def test_the_metainfo_shows_the_screenshots_the_release_renders():
    import xml.etree.ElementTree as ET

    import screenshots

    meta = ET.parse(ROOT / "packaging" / "linux" / f"{ruin_qt.APP_ID}.metainfo.xml").getroot()
    images = [e.text for e in meta.findall("screenshots/screenshot/image")]
    assert images == [screenshots.URL + name for name, _ in screenshots.SHOTS]
    assert [e.text for e in meta.findall("screenshots/screenshot/caption")] == [c for _, c in screenshots.SHOTS]
    assert meta.find("url[@type='homepage']").text == "https://github.com/ruinqt/ruin_qt"


@pytest.mark.slow
def test_the_screenshots_render_from_the_game(tmp_path):
    import screenshots
    from PySide6.QtGui import QImage

    shots = tmp_path / "shots"
    given = os.environ.get("RUIN_QT_RELEASE_OUT")
    if given:  # .ci/run's release.py has just rendered them with this very command (not twice)
        shots = Path(given)
    else:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "RUIN_QT_DATA_DIR": str(tmp_path / "data")}
        r = subprocess.run([sys.executable, str(ROOT / "packaging" / "screenshots.py"), str(shots)],
                           env=env, capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr[-3000:]
    for name, _caption in screenshots.SHOTS:
        img = QImage(str(shots / name))
        assert img.width() >= 1000 and img.height() >= 700, name
        colours = {img.pixel(x, y) for x in range(0, img.width(), 37) for y in range(0, img.height(), 37)}
        assert len(colours) > 8, name  # a drawn window, not an empty one


def test_a_release_started_with_the_wrong_python_says_what_to_run(tmp_path):
    """The system python3 (no PySide6, PyInstaller, build), as the docstring once suggested: one line naming
    the project's Python, no traceback; ``sums`` and ``notes`` still work with any Python."""
    script = ROOT / "packaging" / "release.py"
    r = subprocess.run([sys.executable, "-S", str(script), "--no-build", "--out", str(tmp_path / "out")],
                       cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stdout == "", r.stdout + r.stderr
    (line,) = r.stderr.splitlines()
    assert "has no PySide6, PyInstaller, build" in line and "packaging/release.py --no-build --out" in line, line
    assert ".venv/bin/python packaging/release.py" in line or ".venv\\Scripts\\python.exe" in line, line
    assert not (tmp_path / "out").exists()
    r = subprocess.run([sys.executable, "-S", str(script), "notes"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip(), r.stderr


def test_the_package_extra_holds_what_a_release_imports():
    """``dev.py package`` installs the package extra only: release.py's build of the wheel needs pypa's build
    there (without it, PyInstaller's build/ folder was taken for it: "No module named build.__main__")."""
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    names = {re.split(r"[<>=!~ \[]", req, maxsplit=1)[0].lower() for req in extras["package"]}
    assert {"pyinstaller", "build"} <= names
    assert set(release.NEEDS) == {"PySide6", "PyInstaller", "build"}
    source = (ROOT / "packaging" / "release.py").read_text(encoding="utf-8")
    assert '"-P", "-m", "build"' in source  # the checkout's build/ never on the module path


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux") or not shutil.which("git") or not shutil.which("python3"),
                    reason="a fresh clone built for Linux: needs git and python3")
@pytest.mark.skipif(os.environ.get("RUIN_QT_FRESH_CLONE") != "1",
                    reason="builds the program again, in a fresh clone (about 10 minutes, one core busy): "
                           "RUIN_QT_FRESH_CLONE=1 runs it")
def test_release_right_after_package_in_a_fresh_clone(tmp_path):
    """What a packager does: clone, ``python3 dev.py package`` (the package extra only, PyInstaller's build/
    folder left in the checkout), then ``.venv/bin/python packaging/release.py --no-build``.  Builds the
    program once: long, and one core busy."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True, timeout=300)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RUIN_QT_", "VIRTUAL_ENV", "PYTHON"))}
    r = subprocess.run(["python3", "dev.py", "package"], cwd=clone, env=env, capture_output=True, text=True,
                       timeout=3600)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-4000:]
    assert (clone / "build").is_dir() and not (clone / "build" / "__init__.py").exists()
    r = subprocess.run([str(clone / ".venv" / "bin" / "python"), "packaging/release.py", "--no-build"], cwd=clone,
                       env=env, capture_output=True, text=True, timeout=3600)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-4000:]
    assert "Traceback" not in r.stderr and "warm-up" not in r.stderr, r.stderr[-4000:]
    names = {p.name for p in (clone / "dist" / "release").iterdir()}
    ver = ruin_qt.__version__
    assert {f"ruin_qt-{ver}-py3-none-any.whl", f"ruin_qt-{ver}.tar.gz", "SHA256SUMS"} <= names
    assert [n for n in names if n.endswith(".deb")]
