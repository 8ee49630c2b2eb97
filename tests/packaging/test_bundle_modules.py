"""The modules in the built program and in the wheel, set
against the source tree -- a package missing from either fails (ruin_qt/net
was missing from both).  The built program is the Linux release named by
RUIN_QT_RELEASE (.ci/run sets it after ``packaging/release.py`` built it) or the one in dist/;
the wheel's half is in test_wheel.py (it builds the wheel)."""

from __future__ import annotations

import os
import sys
import zipfile
from pathlib import Path

import pytest

import ruin_qt

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import contents  # noqa: E402


def built_program() -> Path | None:
    given = os.environ.get("RUIN_QT_RELEASE")
    folders = [Path(given)] if given else sorted((ROOT / "dist").glob("ruin-qt-*-linux-*"))
    for folder in folders:
        exe = folder / "app" / "ruin-qt"
        if exe.is_file():
            return exe
    return None


def test_the_source_tree_lists_the_network_package_and_the_self_test():
    mods = contents.source_modules()
    assert {"ruin_qt", "ruin_qt.net", "ruin_qt.net.transport", "ruin_qt.app.selftest.run", "ruin_qt.app.selftest.net",
            "ruin_qt.ui.windows.main_menus"} <= mods
    assert not [m for m in mods if m.startswith("tools")]


def test_a_wheel_without_a_package_is_caught(tmp_path):
    """The comparison itself: a wheel missing ruin_qt/net/ (as the wheel once shipped) is named."""
    wheel = tmp_path / "ruin_qt-0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        for m in contents.source_modules():
            if not m.startswith("ruin_qt.net"):
                path = m.replace(".", "/") + ("/__init__.py" if (ROOT / m.replace(".", "/")).is_dir() else ".py")
                z.writestr(path, "")
    missing = contents.missing_from_wheel(wheel)
    assert "ruin_qt.net" in missing and "ruin_qt.net.transport" in missing
    assert all(m.startswith("ruin_qt.net") for m in missing)


@pytest.mark.skipif(built_program() is None, reason="no built Linux program (python3 dev.py package makes one)")
def test_the_built_program_holds_every_module_of_the_source_tree_and_the_network_stack():
    pytest.importorskip("PyInstaller", reason="reading the program's archive needs PyInstaller (the package extra)")
    exe = built_program()
    have = contents.bundle_modules(exe)
    assert "ruin_qt.app.main" in have  # the archive was read
    assert contents.missing_from_bundle(exe) == []


# Build-time packages whose PyInstaller runtime hooks would import them at every start of the program.
BUILD_ONLY = ("setuptools", "pkg_resources", "_distutils_hack", "distutils")


def test_the_spec_leaves_out_what_only_builds():
    import ast

    tree = ast.parse((ROOT / "packaging" / "ruin_qt.spec").read_text(encoding="utf-8"))
    excludes = next(ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
                    and any(getattr(t, "id", "") == "EXCLUDES" for t in n.targets))
    assert set(BUILD_ONLY) <= set(excludes)


@pytest.mark.skipif(built_program() is None, reason="no built Linux program (python3 dev.py package makes one)")
def test_the_built_program_imports_no_build_tool_before_its_first_line():
    """pkg_resources and setuptools, imported by their runtime hooks before the game's first line, made the
    packaged start slower than the venv's."""
    pytest.importorskip("PyInstaller", reason="reading the program's archive needs PyInstaller (the package extra)")
    exe = built_program()
    hooks = contents.startup_scripts(exe)
    assert "pyi_rth_pyside6" in hooks  # the archive was read
    assert not {"pyi_rth_pkgres", "pyi_rth_setuptools"} & set(hooks), hooks
    assert not [m for m in contents.bundle_modules(exe) if m.split(".")[0] in BUILD_ONLY]


@pytest.mark.skipif(built_program() is None, reason="no built Linux program (python3 dev.py package makes one)")
def test_the_built_program_names_itself_and_answers_bench_against_in_one_line(tmp_path):
    import subprocess

    exe = built_program()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=str(tmp_path))
    r = subprocess.run([str(exe), "review", "--help"], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.startswith("usage: ruin-qt review "), r.stdout + r.stderr
    # It would start itself with a probe script's arguments: a game window that never ends.
    r = subprocess.run([str(exe), "bench", "--against", "HEAD"], env=env, capture_output=True, text=True,
                       timeout=120, cwd=ROOT)
    assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1, r.stdout + r.stderr


@pytest.mark.skipif(built_program() is None, reason="no built Linux program (python3 dev.py package makes one)")
def test_the_built_program_without_standard_streams_writes_to_its_log(tmp_path):
    """Its descriptors 1 and 2 closed, as a windowed program has none: Python makes sys.stdout and sys.stderr
    None; the answers are in output.log in the data folder, the window starts."""
    import subprocess

    exe = built_program()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update(QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=str(tmp_path))
    for args, status in ((["--version"], 0), (["replay", str(tmp_path / "none.ruin")], 2), (["host", "--help"], 0)):
        r = subprocess.run(["sh", "-c", '"$0" "$@" >&- 2>&-', str(exe), *args], env=env, timeout=120)
        assert r.returncode == status, args
    r = subprocess.run(["sh", "-c", '"$0" >&- 2>&-', str(exe)], env={**env, "RUIN_QT_EXIT_WHEN_SHOWN": "1"},
                       timeout=120)
    assert r.returncode == 0
    log = (tmp_path / "output.log").read_text(encoding="utf-8")
    assert log.count("=== ") == 4 and f"\nruin-qt {ruin_qt.__version__}\n" in log
    assert "cannot read the file" in log and "usage: ruin-qt host" in log and "table ready after" in log
