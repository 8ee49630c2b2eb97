"""The suite over both cores.  Each worker process has a
data folder of its own, and the tables across real processes never run
beside each other.  tests/ui mirrors ruin_qt/ui, a test
file in the room of what it tests, named by its subject."""

from __future__ import annotations

import importlib
import os
import re
import tempfile
from pathlib import Path

import pytest

from tests import conftest
from tests.net import conftest as net_conftest


def test_each_worker_process_has_a_data_folder_of_its_own():
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    folder = Path(os.environ["RUIN_QT_DATA_DIR"])
    assert folder.name.startswith(f"ruin-qt-tests-{worker}-"), folder
    assert folder.parent == Path(tempfile.gettempdir()) and folder.is_dir()
    from ruin_qt.app.storage.settings import data_dir, settings_dir

    assert data_dir() == folder and settings_dir() == folder  # what the app reads and writes


def test_tables_across_real_processes_share_one_worker():
    for name in ("test_faults", "test_strangers", "test_bots_over_network", "test_deal_privacy", "test_rejoin",
                 "test_hostile_loopback", "test_liveness", "test_deal_checks"):
        assert net_conftest.starts_processes(importlib.import_module(f"tests.net.{name}")), name
    for name in ("test_protocol_registry", "test_game_end_window"):
        assert not net_conftest.starts_processes(importlib.import_module(f"tests.net.{name}")), name


def test_the_longest_modules_are_named_as_they_are_collected():
    root = Path(conftest.__file__).resolve().parents[1]
    for name in conftest.LONGEST_FIRST:
        assert name.startswith("group:") or (root / name).is_file(), name


@pytest.mark.slow
def test_a_group_runs_on_one_worker_whatever_pytest_does_to_node_ids(tmp_path):
    """pytest 9.2 keeps node ids where xdist's ``@group`` suffix no longer
    reaches (pytest-xdist issue 1386): the "net-processes" tests ran side by
    side.  Two workers, two modules, each with grouped and ungrouped tests:
    every grouped test reports the same worker."""
    import subprocess
    import sys

    root = Path(conftest.__file__).resolve().parents[1]
    (tmp_path / "conftest.py").write_text("pytest_plugins = ['tests.conftest']\n")
    body = ("import os, time\nimport pytest\n\n"
            "@pytest.mark.xdist_group('together')\n@pytest.mark.parametrize('i', range(4))\n"
            "def test_grouped(i):\n    time.sleep(0.05)\n"
            "    open('workers.txt', 'a').write(os.environ['PYTEST_XDIST_WORKER'] + '\\n')\n\n"
            "@pytest.mark.parametrize('i', range(4))\ndef test_alone(i):\n    time.sleep(0.05)\n")
    for name in ("test_a.py", "test_b.py"):
        (tmp_path / name).write_text(body)
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("PYTEST_XDIST_WORKER", None)
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
                        "--dist", "loadgroup", "-o", "addopts=", f"--rootdir={tmp_path}", str(tmp_path)],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    workers = (tmp_path / "workers.txt").read_text().split()
    assert len(workers) == 8 and len(set(workers)) == 1, workers


def test_a_worker_that_crashes_is_replaced_and_the_run_ends(tmp_path):
    """A segfault in one test once hung the whole suite: xdist's LoadScope handed the crashed
    worker's finished modules out again, the workers given them were sent nothing to run, no
    report came back to ask for more, and the queue was never emptied.  Eight modules, one test
    crashes its worker once: the run ends, that test is failed, every other passes."""
    import subprocess
    import sys

    root = Path(conftest.__file__).resolve().parents[1]
    (tmp_path / "conftest.py").write_text("pytest_plugins = ['tests.conftest']\n")
    for m in "abcdefgh":
        (tmp_path / f"test_{m}.py").write_text(
            "import os, signal, time\nimport pytest\n\n@pytest.mark.parametrize('i', range(4))\n"
            f"def test_{m}(i):\n    time.sleep(0.05)\n"
            f"    if {m!r} == 'g' and i == 1 and not os.path.exists('crashed'):\n"
            "        open('crashed', 'w').close()\n        os.kill(os.getpid(), signal.SIGSEGV)\n")
    env = {**os.environ, "PYTHONPATH": str(root)}
    env.pop("PYTEST_XDIST_WORKER", None)
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
                        "--dist", "loadgroup", "-o", "addopts=", f"--rootdir={tmp_path}", str(tmp_path)],
                       cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert "crashed while running 'test_g.py::test_g[1]'" in r.stdout, r.stdout[-3000:]
    assert r.returncode == 1 and "1 failed, 32 passed" in r.stdout, r.stdout[-3000:]


def misplaced_tests(tests: Path, rooms: set[str]) -> list[str]:
    """Test files under ``tests`` named by an issue number, and under its ui/
    any that lies loose beside the helpers or in a folder that is no room of
    ``rooms`` (ruin_qt/ui's sub-packages, app for the whole app, access)."""
    found = []
    for f in sorted(tests.rglob("test_*.py")):
        rel = f.relative_to(tests).as_posix()
        if re.search(r"_\d+\.py$|issue", f.name, re.IGNORECASE):
            found.append(f"{rel}: named by an issue, not by what it tests")
        parts = f.relative_to(tests).parts
        if parts[0] == "ui" and len(parts) == 2:
            found.append(f"{rel}: loose in tests/ui/, not in the room of what it tests")
        elif parts[0] == "ui" and parts[1] not in rooms:
            found.append(f"{rel}: {parts[1]}/ is no room of ruin_qt/ui")
    return found


def ui_rooms(root: Path) -> set[str]:
    return {p.parent.name for p in (root / "ruin_qt" / "ui").glob("*/__init__.py")} | {"app", "access"}


def test_the_ui_tests_sit_in_the_rooms_of_what_they_test():
    root = Path(conftest.__file__).resolve().parents[1]
    assert {"sheet", "table", "windows", "dialogs", "common"} <= ui_rooms(root)
    assert misplaced_tests(root / "tests", ui_rooms(root)) == []


def test_the_room_check_finds_a_loose_file_a_stray_folder_and_an_issue_number(tmp_path):
    rooms = {"sheet", "app", "access"}
    for name in ("ui/driver.py", "ui/conftest.py", "ui/sheet/test_sheet_look.py", "ui/app/test_monkey.py",
                 "rules/test_scoring.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    assert misplaced_tests(tmp_path, rooms) == []
    for name in ("ui/test_rough_edges.py", "ui/attic/test_old.py", "ui/sheet/test_rough_edges_58.py",
                 "net/test_issue_12_faults.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("", encoding="utf-8")
    found = misplaced_tests(tmp_path, rooms)
    assert found == ["net/test_issue_12_faults.py: named by an issue, not by what it tests",
                     "ui/attic/test_old.py: attic/ is no room of ruin_qt/ui",
                     "ui/sheet/test_rough_edges_58.py: named by an issue, not by what it tests",
                     "ui/test_rough_edges.py: loose in tests/ui/, not in the room of what it tests"], found
