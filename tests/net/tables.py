"""Real processes on loopback: a headless host and bot clients (bounded waits)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
WAIT = 120  # seconds: a hang guard, never a speed check


def start_host(seats: str, seed: int, data: Path, *extra: str) -> tuple[subprocess.Popen, int]:
    p = subprocess.Popen([sys.executable, "-m", "ruin_qt", "host", "--seats", seats, "--listen", "127.0.0.1",
                          "--port", "0", "--code", "TEST42", "--seed", str(seed), "--data", str(data), *extra],
                         cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p, _port(p)


def restart_host(data: Path, port: int) -> subprocess.Popen:
    p = subprocess.Popen([sys.executable, "-m", "ruin_qt", "host", "--listen", "127.0.0.1", "--port", str(port),
                          "--data", str(data)], cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
    _port(p)
    return p


def _port(p: subprocess.Popen) -> int:
    line = p.stdout.readline()
    assert line, p.stderr.read()
    return json.loads(line)["port"]


def start_bot(port: int, level: str, seat: int, out: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "ruin_qt", "join", f"127.0.0.1:{port}", "--code", "test42",
                             "--bot", level, "--seat", str(seat + 1), "--record", str(out), *extra],
                            cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(procs: list[subprocess.Popen]) -> list[str]:
    """Wait for every process; their stderr (killed if the hang guard runs out).
    What each wrote on stdout is kept as its ``out``."""
    errs = []
    deadline = time.monotonic() + WAIT
    for p in procs:
        try:
            out, err = p.communicate(timeout=max(1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
            err += "\n(killed by the hang guard)"
        p.out = out or ""  # type: ignore[attr-defined]
        errs.append(err)
    return errs


def deal_verdict(bot: subprocess.Popen) -> dict | None:
    """The bot's verdict on the host's deal (its JSON line on stdout), once it has finished."""
    for line in getattr(bot, "out", "").splitlines():
        msg = json.loads(line)
        if "deal" in msg:
            return msg["deal"]
    return None


def same_game(a: dict, b: dict) -> bool:
    """The same shuffles, setups and rounds (the seats' names and kinds aside)."""
    return all(a[k] == b[k] for k in ("seed", "shuffles", "setup", "rounds"))
