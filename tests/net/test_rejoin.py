"""Back in your seat after any restart, with real processes
on loopback: a headless host, and joining APP processes (the real main window,
tests/net/app_driver.py) on their own data folder.  A joining app killed
mid-round comes back, from its start-up offer, to its seat and its unconfirmed
draft, even after the host was killed too; a restarted host keeps its port
(or says plainly that it could not)."""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from .raw_ws import RawWs
from .tables import ROOT

pytestmark = pytest.mark.slow
WAIT = 60  # seconds: a hang guard, never a speed check


def env(data: Path | None = None) -> dict:
    e = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    if data is not None:
        e["RUIN_QT_DATA_DIR"] = str(data)
    return e


def host(data: Path, *extra: str) -> tuple[subprocess.Popen, dict]:
    """``python -m ruin_qt host --listen 127.0.0.1 --data DATA ...`` (no --port) and its first JSON line."""
    p = subprocess.Popen([sys.executable, "-m", "ruin_qt", "host", "--listen", "127.0.0.1", "--data", str(data),
                          *extra], cwd=ROOT, env=env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = p.stdout.readline()
    assert line, p.stderr.read()
    return p, json.loads(line)


def app(data: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tests.net.app_driver", *args], cwd=ROOT, env=env(data),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def line_of(p: subprocess.Popen) -> dict:
    line = p.stdout.readline()
    assert line, p.stderr.read() if p.poll() is not None else "no output"
    out = json.loads(line)
    assert "error" not in out, out
    return out


def kill(p: subprocess.Popen) -> None:
    p.send_signal(signal.SIGKILL)
    p.communicate(timeout=WAIT)


def stop(p: subprocess.Popen) -> str:
    """Stop ``p`` if it still runs; its stderr."""
    if p.returncode is not None:
        return ""
    p.terminate()
    try:
        return p.communicate(timeout=WAIT)[1]
    except subprocess.TimeoutExpired:
        p.kill()
        return p.communicate()[1]


def test_a_joining_app_killed_mid_round_returns_to_its_seat_and_draft_from_the_start_offer(tmp_path):
    """The joining app is SIGKILLed with a draft drawn and not confirmed; the host
    is killed too and started again without a port: it listens on the same port,
    and the app started again on the same data folder offers the return, takes
    it, and shows its seat with the same draft."""
    data = tmp_path / "app"
    h, told = host(tmp_path / "host", "--seats", "remote,ai:random", "--seed", "11")
    first = second = None
    try:
        first = app(data, "join", f"127.0.0.1:{told['port']}", told["code"], "Bo")
        before = line_of(first)
        assert before["draft"]["pieces"] and not before["draft"]["complete"]
        kill(first)  # mid-round, as a crash or a power cut would
        kept = json.loads((data / "joined-tables.json").read_text(encoding="utf-8"))["tables"]
        assert [(t["host"], t["port"], t["seat"], t["name"]) for t in kept] == [
            ("127.0.0.1", told["port"], before["seat"], "Bo")]
        if sys.platform != "win32":
            assert stat.S_IMODE((data / "joined-tables.json").stat().st_mode) == 0o600
        kill(h)  # the host's program dies as well
        h, again = host(tmp_path / "host")
        assert again["resumed"] and again["port"] == told["port"]  # item 4: the table keeps its address
        second = app(data, "return")
        offer = line_of(second)
        assert f"127.0.0.1:{told['port']}" in offer["offer"]
        assert offer["button"] == f"Return to the table at 127.0.0.1:{told['port']} (seat {before['seat'] + 1})"
        after = line_of(second)
        second.communicate(timeout=WAIT)
        assert second.returncode == 0
        assert after["seat"] == before["seat"] and after["draft"] == before["draft"]
        assert after["roads"] == before["roads"]  # the screen's sheet shows the draft's road
        assert "▶ Bo: still deciding" in after["who"]
        kept_now = json.loads((data / "joined-tables.json").read_text(encoding="utf-8"))["tables"]
        assert kept_now[0]["port"] == told["port"] and kept_now[0]["token"]
    finally:
        for p in (first, second, h):
            if p is not None:
                stop(p)


def test_a_restarted_host_says_plainly_when_its_old_port_is_taken_and_takes_a_free_one(tmp_path):
    h, told = host(tmp_path / "host", "--seats", "remote", "--seed", "5")
    ws = RawWs(told["port"], code=told["code"])
    ws.send(json.dumps({"type": "hello", "protocol": 1, "code": told["code"], "name": "Bo"}))
    # Joined and dealt: the table is autosaved (welcome, lobby, then state; recv's timeout guards a hang).
    kinds = [json.loads(ws.recv(timeout=WAIT))["type"] for _ in range(3)]
    assert "state" in kinds, kinds
    kill(h)
    ws.close()
    squatter = socket.socket()
    squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past the old connection's TIME_WAIT
    try:
        squatter.bind(("127.0.0.1", told["port"]))
        squatter.listen()
        h, again = host(tmp_path / "host")
        assert again["resumed"] and again["port"] != told["port"] and again["moved_from"] == told["port"]
        err = stop(h)
    finally:
        squatter.close()
        stop(h)
    assert f"port {told['port']}, where this table listened before, is taken now" in err
