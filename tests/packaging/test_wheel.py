"""An installed wheel carries the resources and finds them at run time."""

import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Each module run builds a wheel with pip and installs it into a fresh venv.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # Built from a clean copy: an in-tree build reuses build/lib, which keeps
    # modules deleted since the last build and would put them in the wheel.
    src = tmp_path_factory.mktemp("src") / "ruin_qt"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis", ".benchmarks"))
    r = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(src)],
        capture_output=True, text=True, timeout=300,
    )
    if r.returncode != 0:
        pytest.fail(r.stdout + r.stderr)
    return next(out.glob("ruin_qt-*.whl"))


def test_wheel_contains_components(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "ruin_qt/resources/components.json" in names
    assert "ruin_qt/rules/game.py" in names


def test_wheel_carries_no_research_tool(wheel):
    # tools/ (tuning, calibration, comparisons) is not part of the game;
    # the simulator and the benchmarks are user commands and stay.
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.startswith("tools/")]
    for tool in ("tune", "calibrate", "rivals", "compare", "suggest"):
        assert f"ruin_qt/ai/{tool}.py" not in names
    assert "ruin_qt/ai/sim.py" in names and "ruin_qt/bench.py" in names


def test_installed_wheel_loads_components_outside_the_checkout(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False, system_site_packages=False).create(env_dir)
    py = env_dir / "bin" / "python"
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, timeout=300)
    code = ("import ruin_qt.paths as p, ruin_qt.rules.components as c;"
            "d=p.resource_dir(); print(d); assert 'site' in str(d), d;"
            "print(len(c.load_components().explore))")
    r = subprocess.run([str(py), "-c", code], capture_output=True, text=True, cwd=tmp_path,
                       env={"PYTHONPATH": str(target)}, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith("24")
