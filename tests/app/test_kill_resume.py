"""A real process killed mid-game (SIGKILL) resumes where it stopped."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from ruin_qt.rules import record

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


def app_env(data_dir):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", RUIN_QT_DATA_DIR=str(data_dir))
    env.pop("RUIN_QT_EXIT_WHEN_SHOWN", None)
    return env


def test_killed_game_resumes_in_the_same_state(tmp_path):
    autosave = tmp_path / "autosave.json"
    proc = subprocess.Popen([sys.executable, "-m", "ruin_qt", "--watch", "random,random", "--seed", "7"],
                            env=app_env(tmp_path), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 90
        rounds = 0
        while time.monotonic() < deadline:
            if autosave.exists():
                try:
                    rounds = len(json.loads(autosave.read_bytes())["rounds"])
                except (ValueError, KeyError):
                    rounds = 0  # never seen: writes are atomic, but be safe
                if rounds >= 4:
                    break
            if proc.poll() is not None:
                pytest.fail("the game process ended early: " + proc.stderr.read().decode(errors="replace"))
            time.sleep(0.02)
        assert rounds >= 4, "the game never got to round 4"
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    saved = json.loads(autosave.read_bytes())
    sidecar = tmp_path / "autosave.pending.json"
    extra = json.loads(sidecar.read_bytes()) if sidecar.exists() else {}

    r = subprocess.run([sys.executable, "-m", "ruin_qt", "--resume", "--exit-when-resumed"],
                       env=app_env(tmp_path), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    resumed = json.loads(r.stdout.strip().splitlines()[-1])
    assert resumed["record"] == saved
    assert resumed["summary"] == record.summary(record.replay(saved))
    assert resumed["summary"]["round"] >= 4 and not resumed["summary"]["finished"]
    if extra.get("round") == saved_round(saved) + 1:
        assert resumed["pending"]["turns"] == extra["turns"]


def saved_round(rec):
    return len(rec["rounds"])
