"""A host with a window decides seats taken over, and writes
its autosave, off its UI thread (through its model's runner), one write at a
time, and the file on disk is the table's newest state.  The
decisions in the runner's worker processes (``computer_ops``)."""

from __future__ import annotations

import json
import os
import threading
import time

import pytest

from ruin_qt.app.tables import hosted_table
from ruin_qt.model.runner import Operation, Runner, decider, offloader
from ruin_qt.net import host_state
from ruin_qt.net.host_service import HostService
from ruin_qt.net.protocol import PROTOCOL
from ruin_qt.net.table_host import TableHost, Takeover
from ruin_qt.session import computer

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")


def computer_ops(monkeypatch) -> list[tuple[Operation, computer.Plan]]:
    """Every computer decision's operation from now on (``session.computer.decide`` in a runner), with its plan."""
    ops: list[tuple[Operation, computer.Plan]] = []
    in_process = Runner.in_process

    def spy(self, fn, *args, **kw) -> Operation:
        op = in_process(self, fn, *args, **kw)
        if fn is computer.decide:
            ops.append((op, args[0]))
        return op

    monkeypatch.setattr(Runner, "in_process", spy)
    return ops


def in_workers(ops: list[tuple[Operation, computer.Plan]]) -> set[int]:
    """The processes that answered ``ops`` (some did, none of them this one)."""
    pids = {op.pid for op, _plan in ops if op.done}
    assert pids and None not in pids and os.getpid() not in pids, pids
    return pids


def test_takeovers_and_autosave_leave_the_ui_thread(qtbot, tmp_path, monkeypatch, runner):
    host = TableHost(["local", "remote", "remote"], 5, "test42", Takeover(0, "random"))
    for s in host.seats[1:]:  # two players who joined, then dropped before the deal
        s.joined, s.token = True, f"token-{s.name}"
    ops = computer_ops(monkeypatch)
    writes: list[int] = []
    write = host_state.write
    monkeypatch.setattr(host_state, "write",
                        lambda *a, **k: (writes.append(threading.get_ident()), write(*a, **k))[1])
    service = HostService(host, tmp_path)
    assert service.listen("127.0.0.1", 0)
    window = hosted_table(service, 0, runner=runner)
    qtbot.addWidget(window)
    host.all_away(time.monotonic() - 1)
    service.start_now()
    s = host.session
    qtbot.waitUntil(lambda: s.game is not None and 1 not in s.may_act() and 2 not in s.may_act(), timeout=20000)
    main = threading.get_ident()
    assert len(ops) >= 2  # both seats taken over, each decided in a worker process
    in_workers(ops)
    assert writes and main not in writes
    qtbot.waitUntil(lambda: not service._saving, timeout=5000)
    on_disk = json.loads((tmp_path / host_state.FILE).read_text(encoding="utf-8"))
    assert on_disk == host_state.table_state(host)  # the newest snapshot, written last
    window.close()  # its runner stops first, then the service writes the table once more
    assert json.loads((tmp_path / host_state.FILE).read_text(encoding="utf-8")) == host_state.table_state(host)


def join(service: HostService, conn: int, seat: int) -> None:
    host = service.host
    service._call(host.connect, conn, time.monotonic())
    service._call(host.receive, conn, json.dumps({"type": "hello", "protocol": PROTOCOL, "code": "TEST42",
                                                  "seat": seat}), time.monotonic())


def test_a_seat_taken_over_is_decided_in_the_runners_worker_process(qtbot, tmp_path, monkeypatch):
    runner = Runner()
    host = TableHost(["remote", "remote"], 8, "test42", Takeover(0.0, "beginner"))
    service = HostService(host, tmp_path, offload=offloader(runner), decide=decider(runner))
    join(service, 1, 0)
    join(service, 2, 1)
    assert host.session.may_act() == {0, 1}
    ops = computer_ops(monkeypatch)
    service._call(host.disconnect, 2, time.monotonic())  # seat 1's player leaves...
    service._call(host.tick, time.monotonic())  # ...and the host's time for them (none) is up
    assert host.seats[1].taken_over
    qtbot.waitUntil(lambda: 1 not in host.session.may_act(), timeout=10_000)
    in_workers(ops)
    assert host.confirmed() == (1,) and host.session.may_act() == {0}  # seat 0 still decides its own
    assert runner.wait_idle(10_000)


def test_a_thought_that_comes_back_too_late_changes_nothing(qtbot):
    """The player came back and decided while the brain thought: its answer is dropped."""
    host = TableHost(["remote", "remote"], 8, "test42", Takeover(0.0, "beginner"))
    asked: list = []
    service = HostService(host, decide=lambda plan, done: asked.append((plan, done)))
    join(service, 1, 0)
    join(service, 2, 1)
    service._call(host.disconnect, 2, time.monotonic())
    service._call(host.tick, time.monotonic())
    [(plan, done)] = asked
    assert plan.seat == 1 and plan.takeover
    decision = computer.decide(plan)
    host.seats[1].taken_over = False  # back at the controls (its next intent does this)
    before = host.frame(1)
    done(decision)
    assert host.frame(1) == before and 1 in host.session.may_act()
    assert len(asked) == 1  # the seat is its player's again: nothing more is asked


def test_what_changes_during_a_write_is_coalesced_into_the_next(qtbot, tmp_path, monkeypatch):
    runner = Runner()
    host = TableHost(["remote", "remote"], 8, "test42")
    service = HostService(host, tmp_path, offload=offloader(runner))
    gate, writers = threading.Event(), []
    write = host_state.write

    def slow_write(text: str, taken: int, folder) -> None:  # the first write is held until the test lets it go
        writers.append(threading.get_ident())
        gate.wait(10)
        write(text, taken, folder)

    join(service, 1, 0)
    join(service, 2, 1)  # each welcome's new token is saved before it goes out, on this thread
    qtbot.waitUntil(lambda: not service._saving, timeout=10_000)
    monkeypatch.setattr(host_state, "write", slow_write)
    card = host.session.view(0).hand[0]

    def toggle(i: int) -> None:
        service._call(host.receive, 1, json.dumps({"type": "intent", "id": i, "seat": 0, "intent": "toggle_keep",
                                                   "args": {"card": card}}), time.monotonic())

    toggle(0)
    qtbot.waitUntil(lambda: bool(writers), timeout=10_000)  # writing that snapshot, held
    for i in range(1, 20):  # nineteen changes more while the disk is busy
        toggle(i)
    assert host.accepted == 20 and len(writers) == 1
    gate.set()
    qtbot.waitUntil(lambda: not runner.busy() and not service._saving, timeout=10_000)
    assert len(writers) == 2 and threading.get_ident() not in writers  # the first, then only the newest
    saved = json.loads((tmp_path / host_state.FILE).read_text(encoding="utf-8"))
    assert saved == json.loads(json.dumps(host_state.table_state(host)))


def test_a_new_tokens_save_waits_for_the_write_on_its_way_and_its_welcome_for_that_save(qtbot, tmp_path,
                                                                                         monkeypatch):
    """A join's token must be on disk before its welcome goes out; a write already on its way (the io
    lane's) is never raced by it: the token's save follows that write, and then the welcome is sent."""
    runner = Runner()
    host = TableHost(["remote", "remote"], 8, "test42")
    service = HostService(host, tmp_path, offload=offloader(runner))
    join(service, 1, 0)
    qtbot.waitUntil(lambda: not service._saving, timeout=10_000)
    gate, order = threading.Event(), []
    write = host_state.write

    def held_write(text: str, taken: int, folder) -> None:
        order.append(("write", threading.get_ident()))
        gate.wait(10)
        write(text, taken, folder)

    sent = service.server.send
    monkeypatch.setattr(host_state, "write", held_write)
    monkeypatch.setattr(service.server, "send", lambda conn, text: (order.append(("send", conn)), sent(conn, text)))
    host.changed = True  # a change worth an autosave (the lobby's): its write goes to the io lane, held there
    service.flush()
    qtbot.waitUntil(lambda: bool(order), timeout=10_000)
    join(service, 2, 1)  # a new token while that write is on its way
    assert [o for o, _ in order] == ["write"] and service._held  # nothing sent, no second write yet
    gate.set()
    qtbot.waitUntil(lambda: any(o == "send" and c == 2 for o, c in order), timeout=10_000)
    kinds = [o for o, _ in order]
    assert kinds[:2] == ["write", "write"] and order[1][1] == threading.get_ident()  # then the token's, synced here
    saved = json.loads((tmp_path / host_state.FILE).read_text(encoding="utf-8"))
    assert saved["seats"][1]["token"] == host.seats[1].token
    assert runner.wait_idle(10_000)


def test_a_write_still_on_its_way_when_the_host_quits_cannot_overwrite_its_last_save(qtbot, tmp_path, monkeypatch):
    """The app's one runner outlives a table's window: when the host quits, an autosave it handed to
    the runner may not be on disk yet.  The quit's own save is the table's last state, and the older
    snapshot, reaching the disk after it, is dropped."""
    runner = Runner()
    host = TableHost(["remote", "remote"], 8, "test42")
    service = HostService(host, tmp_path, offload=offloader(runner))
    join(service, 1, 0)
    join(service, 2, 1)
    qtbot.waitUntil(lambda: not service._saving, timeout=10_000)
    gate, held = threading.Event(), []
    write = host_state.write

    def late_write(text: str, taken: int, folder) -> None:  # this autosave reaches the disk after the quit
        held.append(taken)
        gate.wait(10)
        write(text, taken, folder)

    monkeypatch.setattr(host_state, "write", late_write)
    card = host.session.view(0).hand[0]

    def toggle(i: int) -> None:
        service._call(host.receive, 1, json.dumps({"type": "intent", "id": i, "seat": 0, "intent": "toggle_keep",
                                                   "args": {"card": card}}), time.monotonic())

    toggle(0)  # the card kept: its autosave goes to the io lane, and is held there
    qtbot.waitUntil(lambda: bool(held), timeout=10_000)
    toggle(1)  # and let go again while that write waits
    monkeypatch.setattr(host_state, "write", write)
    service.quit()  # the last save, at once, on this thread
    last = json.loads(json.dumps(host_state.table_state(host)))
    assert json.loads((tmp_path / host_state.FILE).read_text(encoding="utf-8")) == last
    gate.set()
    assert runner.wait_idle(10_000)
    assert json.loads((tmp_path / host_state.FILE).read_text(encoding="utf-8")) == last  # the older one dropped
