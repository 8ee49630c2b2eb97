"""Issue 57 item 5: the suite over both cores.  Each worker process has a
data folder of its own, and the tables across real processes never run
beside each other."""

from __future__ import annotations

import importlib
import os
import tempfile
from pathlib import Path

from tests import conftest
from tests.net import conftest as net_conftest


def test_issue57_each_worker_process_has_a_data_folder_of_its_own():
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    folder = Path(os.environ["RUIN_QT_DATA_DIR"])
    assert folder.name.startswith(f"ruin-qt-tests-{worker}-"), folder
    assert folder.parent == Path(tempfile.gettempdir()) and folder.is_dir()
    from ruin_qt.app.settings import data_dir, settings_dir

    assert data_dir() == folder and settings_dir() == folder  # what the app reads and writes


def test_issue57_tables_across_real_processes_share_one_worker():
    for name in ("test_faults", "test_strangers", "test_bots_over_network", "test_deal_privacy", "test_rejoin",
                 "test_hostile_loopback", "test_liveness", "test_deal_checks"):
        assert net_conftest.starts_processes(importlib.import_module(f"tests.net.{name}")), name
    for name in ("test_protocol_registry", "test_game_end_window"):
        assert not net_conftest.starts_processes(importlib.import_module(f"tests.net.{name}")), name


def test_issue57_the_longest_modules_are_named_as_they_are_collected():
    root = Path(conftest.__file__).resolve().parents[1]
    for name in conftest.LONGEST_FIRST:
        assert name.startswith("group:") or (root / name).is_file(), name
