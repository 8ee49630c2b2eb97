"""A crash leaves a trace: a process that segfaults on
purpose leaves its last actions and its stack in the data folder, and the
next start says where the report is."""

from __future__ import annotations

import faulthandler
import os
import subprocess
import sys

import pytest

from ruin_qt.app.crash import CRASH_FOR_TEST, CrashTrace


def run_app(data, **env):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "RUIN_QT_DATA_DIR": str(data), **env}
    return subprocess.run([sys.executable, "-m", "ruin_qt"], env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_a_crash_is_reported_at_the_next_start(tmp_path):
    data = tmp_path / "data"
    crashed = run_app(data, **{CRASH_FOR_TEST: "1"})
    assert crashed.returncode != 0
    logs = list(data.glob("session-*.log"))
    assert len(logs) == 1
    text = logs[0].read_text()
    assert "test: a crash on purpose" in text and "Fatal Python error: Segmentation fault" in text
    again = run_app(data, RUIN_QT_EXIT_WHEN_SHOWN="1")
    assert again.returncode == 0, again.stderr
    reports = list(data.glob("crash-*.txt"))
    assert len(reports) == 1 and reports[0].read_text() == text
    told = [line for line in again.stderr.splitlines() if "stopped unexpectedly" in line]
    assert told == [f"In the Ruin stopped unexpectedly last time. A report is in {reports[0]}"]
    assert not list(data.glob("session-*.log"))  # a clean exit leaves no trace
    third = run_app(data, RUIN_QT_EXIT_WHEN_SHOWN="1")
    assert "stopped unexpectedly" not in third.stderr  # told once


def test_the_ring_keeps_the_last_actions_only(tmp_path):
    trace = CrashTrace(tmp_path)
    assert trace.start(handler=False)  # the test run's own faulthandler stays on
    try:
        for i in range(100):
            trace.note(f"action: number {i}")
        text = trace.path.read_text()
        assert "number 99" in text and "number 59" not in text and "number 60" in text
    finally:
        trace.stop()
    assert not trace.path.exists()
    assert faulthandler.is_enabled()  # pytest's: a crash later in the run still leaves its dump


def test_a_killed_run_without_a_crash_leaves_no_report(tmp_path):
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    (tmp_path / f"session-{p.pid}.log").write_text("In the Ruin\n-- end of actions --\n")
    assert CrashTrace(tmp_path).collect() == []
    assert not list(tmp_path.iterdir())
