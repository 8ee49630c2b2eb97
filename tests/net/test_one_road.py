"""A computer's decision takes one road, whoever asks: planned
from the table (``session.computer.plan``), decided in a worker process of the
app's runner, settled back on the table's thread.  A computer seat at a window
host, a takeover there and a headless host each decide in a process whose id
is neither the test's nor the host's; and a worker ends with its app, however
the app ends (SIGKILL mid-game), without a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QObject

from ruin_qt.app.runners import host_decider
from ruin_qt.app.tables import hosted_table
from ruin_qt.model.runner import Runner
from ruin_qt.net.host_service import HostService
from ruin_qt.net.table_host import TableHost, Takeover

from .tables import ENV, ROOT, WAIT, start_bot
from .test_host_offload import computer_ops, in_workers, join

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")


def test_a_window_hosts_computer_seat_and_its_takeover_decide_in_the_runners_workers(qtbot, monkeypatch, runner):
    """One runner (the app's) and one driver (the service's) for the window's computer seat and its takeovers:
    the model on the host's window drives nothing, and no decision is asked twice."""
    host = TableHost(["local", "remote", "ai:random"], 5, "test42", Takeover(0, "random"))
    host.seats[1].joined, host.seats[1].token = True, "token-1"  # joined, then dropped before the deal
    service = HostService(host)
    assert service.listen("127.0.0.1", 0)
    window = hosted_table(service, 0, runner=runner)
    qtbot.addWidget(window)
    assert window.model.runner is runner and window.model.driver is None
    ops = computer_ops(monkeypatch)
    host.all_away(time.monotonic() - 1)
    service.start_now()
    s = host.session
    qtbot.waitUntil(lambda: s.game is not None and 1 not in s.may_act() and not s.thinking(), timeout=WAIT * 1000)
    in_workers(ops)
    assert {plan.takeover for op, plan in ops if op.done} == {True, False}  # the seat taken over, the computer's
    asked = [(plan.seat, plan.key) for _op, plan in ops]
    assert len(asked) == len(set(asked))  # each decision asked once
    window.close()


def test_a_headless_host_decides_in_its_own_runners_worker(qtbot, monkeypatch):
    """In-process, as ``python -m ruin_qt host`` wires it (``app.runners.host_decider``)."""
    owner = QObject()
    host = TableHost(["remote", "remote"], 8, "test42", Takeover(0.0, "random"))
    service = HostService(host, decide=host_decider(owner))
    join(service, 1, 0)
    join(service, 2, 1)
    ops = computer_ops(monkeypatch)
    service._call(host.disconnect, 2, time.monotonic())
    service._call(host.tick, time.monotonic())
    qtbot.waitUntil(lambda: 1 not in host.session.may_act(), timeout=WAIT * 1000)
    in_workers(ops)
    assert host.confirmed() == (1,)
    service.quit()
    owner.findChild(Runner).shutdown()


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.add(int(stat.parent.name))
    return out


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_killed_hosts_worker_ends_with_it_and_says_nothing(tmp_path):
    """A headless host deciding an Expert seat in its worker, SIGKILLed mid-game: the
    worker (a process neither the test's nor the host's) is gone soon after, with no traceback."""
    host = subprocess.Popen([sys.executable, "-m", "ruin_qt", "host", "--seats", "remote,ai:expert",
                             "--listen", "127.0.0.1", "--port", "0", "--code", "TEST42", "--seed", "3"],
                            cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    bot = None
    try:
        port = json.loads(host.stdout.readline())["port"]
        bot = start_bot(port, "random", 0, tmp_path / "record.json")
        deadline = time.monotonic() + WAIT
        workers: set[int] = set()
        while not workers and time.monotonic() < deadline and host.poll() is None:
            time.sleep(0.2)
            workers = {c for c in children(host.pid) if "spawn_main" in _cmdline(c)}
        assert workers, "the host started no worker process"
        assert host.pid not in workers and os.getpid() not in workers
        time.sleep(2)  # the Expert is thinking: mid-game, likely mid-decision
        assert host.poll() is None
        os.kill(host.pid, signal.SIGKILL)
        host.wait(WAIT)
        deadline = time.monotonic() + WAIT
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(alive(w) for w in workers), "a worker outlived its host"
        err = host.stderr.read()  # the workers wrote here too: readable to its end once they are gone
        assert "Traceback" not in err and "BrokenPipeError" not in err, err
    finally:
        for p in (host, bot):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait(WAIT)
        for p in (host, bot):
            if p is not None:
                p.stdout.close()
                p.stderr.close()


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""
