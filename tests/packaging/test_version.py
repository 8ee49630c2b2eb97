"""One version, written in ruin_qt/__init__.py and shown everywhere."""

import os
import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import ruin_qt

ROOT = Path(__file__).resolve().parents[2]


def test_version_is_single_sourced():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "ruin_qt.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", ruin_qt.__version__)


def test_the_metainfo_names_this_version_as_its_newest_release():
    meta = ET.parse(ROOT / "packaging" / "linux" / f"{ruin_qt.APP_ID}.metainfo.xml").getroot()
    assert meta.find("id").text == ruin_qt.APP_ID
    assert meta.find("releases/release").get("version") == ruin_qt.__version__


def test_version_option_needs_no_display_and_loads_no_qt():
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    code = ("import sys\nfrom ruin_qt.__main__ import main\ntry:\n    main(['--version'])\n"
            "except SystemExit as e:\n    assert e.code in (0, None), e.code\n"
            "assert not [m for m in sys.modules if m.startswith(('PySide6', 'numpy'))]\n")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"ruin-qt {ruin_qt.__version__}"


def test_the_game_starts_without_numpy(tmp_path):
    # numpy (with its BLAS) is for the statistics charts; the window comes up without it.
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "RUIN_QT_EXIT_WHEN_SHOWN": "1",
           "RUIN_QT_DATA_DIR": str(tmp_path)}
    r = subprocess.run([sys.executable, "-X", "importtime", "-m", "ruin_qt"], env=env, capture_output=True,
                       text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0 and "shown after" in r.stdout, r.stderr[-2000:]
    imported = [line.rsplit("|", 1)[-1].strip() for line in r.stderr.splitlines() if line.startswith("import time:")]
    assert "PySide6.QtWidgets" in imported
    assert not [m for m in imported if m.split(".")[0] in ("numpy", "pyqtgraph")]
