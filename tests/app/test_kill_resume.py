"""A real process killed mid-game (SIGKILL) resumes where it stopped."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from ruin_qt.rules import record

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


def app_env(data_dir):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=str(data_dir))
    for name in ("RUIN_QT_EXIT_WHEN_SHOWN", "RUIN_QT_SAVE_PROBE", "RUIN_QT_SAVE_PAUSE"):
        env.pop(name, None)
    return env


def saved(data_dir):
    """The autosave's record and side part, read as the next start would."""
    db = sqlite3.connect(data_dir / "autosave.sqlite3")
    try:
        row = db.execute("SELECT record, pending FROM autosave").fetchone()
    finally:
        db.close()
    return (json.loads(row[0]), json.loads(row[1])) if row else (None, None)


def test_killed_game_resumes_in_the_same_state(tmp_path):
    # Stopped inside its 40th save (the probe pauses it there), so the game is well under way.
    env = dict(app_env(tmp_path), RUIN_QT_SAVE_PROBE="1", RUIN_QT_SAVE_PAUSE="40:written")
    proc = subprocess.Popen([sys.executable, "-m", "ruin_qt", "--watch", "random,random", "--seed", "7"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        deadline = time.monotonic() + 90
        for line in proc.stdout:
            if line.startswith("probe save 40 written") or time.monotonic() > deadline:
                break
        else:
            pytest.fail("the game process ended early")
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    rec, extra = saved(tmp_path)
    assert rec is not None and len(rec["rounds"]) >= 4

    r = subprocess.run([sys.executable, "-m", "ruin_qt", "--resume", "--exit-when-resumed"],
                       env=app_env(tmp_path), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    resumed = json.loads(r.stdout.strip().splitlines()[-1])
    assert resumed["record"] == rec
    assert resumed["summary"] == record.summary(record.replay(rec))
    assert not resumed["summary"]["finished"]
    if extra.get("round") == len(rec["rounds"]) + 1:
        assert resumed["pending"]["turns"] == extra["turns"]
