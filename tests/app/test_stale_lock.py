"""A lock file never locks a player out of their game:
a garbage, empty, dead or foreign lock is stale, removed with one line, and
the interrupted game is offered back."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ruin_qt.app.instance import LOCKFILE, InstanceLock

from .test_storage_faults import _unfinished, keeper_in, saved


@pytest.fixture
def foreign():
    """A live process that is no In the Ruin."""
    p = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield p.pid
    p.kill()
    p.wait()


def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def lock_bytes(kind: str, foreign_pid: int) -> bytes:
    return {
        "garbage": bytes(range(256)) * 3,
        "empty": b"",
        "dead": f"{dead_pid()}\nruin-qt\n{os.uname().nodename}\n".encode(),
        # Its own name written in: Qt itself would take the lock as held.
        "foreign": f"{foreign_pid}\npython\n{os.uname().nodename}\n".encode(),
    }[kind]


@pytest.mark.parametrize("kind", ["garbage", "empty", "dead", "foreign"])
def test_a_stale_lock_does_not_lock_the_game_away(runner, qtbot, tmp_path, monkeypatch, caplog, foreign, kind):
    folder = tmp_path / "data"
    saved(folder, _unfinished())
    (folder / LOCKFILE).write_bytes(lock_bytes(kind, foreign))
    model, keeper, told = keeper_in(runner, folder, monkeypatch)
    try:
        assert keeper.owner and keeper.resumable()  # the game is offered back
        assert not any("already running" in t for t in told.messages)
        assert keeper.resume_autosave() is None and model.public().phase == "play"
    finally:
        model.shutdown()
        keeper.close()
    assert not (folder / LOCKFILE).exists()  # released at the end as any lock


def test_garbage_is_said_in_one_line(tmp_path, caplog):
    (tmp_path / LOCKFILE).write_bytes(b"\xff\xfe not a lock")
    lock = InstanceLock(tmp_path)
    assert lock.acquire() == "owner"
    assert "stale lock" in lock.cleared and "\n" not in lock.cleared
    assert [r.getMessage() for r in caplog.records] == [lock.cleared]
    lock.release()


def test_a_live_instance_keeps_its_lock(tmp_path):
    first = InstanceLock(tmp_path)
    assert first.acquire() == "owner"
    try:
        second = InstanceLock(tmp_path)
        assert second.acquire() == "taken" and not second.cleared
    finally:
        first.release()


def test_a_lock_from_before_the_machine_started_is_stale(tmp_path, monkeypatch):
    from ruin_qt.app import instance

    (tmp_path / LOCKFILE).write_bytes(f"{os.getpid()}\nruin-qt\nhost\n".encode())
    os.utime(tmp_path / LOCKFILE, (1_000_000, 1_000_000))  # 1970: before any boot
    monkeypatch.setattr(instance, "process_is_ours", lambda pid: True)  # even if the number is in use again
    assert "uptime" in (instance.stale_reason(tmp_path / LOCKFILE) or "")
