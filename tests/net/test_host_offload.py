"""Issue 55 item 5: a host window does not decide seats taken over on its UI
thread, nor write (and fsync) the table's autosave there.  With its model's
runner handed in (``HostService.offload``) the brain thinks on the runner's
worker and the autosave is written on the disk lane, snapshots made during a
write coalesced into one.  Real threads; no sockets (the service's own calls,
as its server's signals make them)."""

from __future__ import annotations

import json
import threading
import time

from ruin_qt.model.runner import Runner
from ruin_qt.net import host_state
from ruin_qt.net.host_service import HostService
from ruin_qt.net.protocol import PROTOCOL
from ruin_qt.net.table_host import TableHost, Takeover


def join(service: HostService, conn: int, seat: int) -> None:
    host = service.host
    service._call(host.connect, conn, time.monotonic())
    service._call(host.receive, conn, json.dumps({"type": "hello", "protocol": PROTOCOL, "code": "TEST42",
                                                  "seat": seat}), time.monotonic())


def test_a_seat_taken_over_is_decided_on_the_runners_worker_not_the_ui_thread(qtbot, tmp_path, monkeypatch):
    runner = Runner()
    host = TableHost(["remote", "remote"], 8, "test42", Takeover(0.0, "beginner"))
    service = HostService(host, tmp_path, offload=runner.offload)
    join(service, 1, 0)
    join(service, 2, 1)
    assert host.session.may_act() == {0, 1}
    thinkers: list[int] = []
    think = host.think
    monkeypatch.setattr(host, "think", lambda ask: (thinkers.append(threading.get_ident()), think(ask))[1])
    decide = host.decide
    monkeypatch.setattr(host, "decide", lambda seat: (_ for _ in ()).throw(AssertionError("decided on the UI thread")))
    service._call(host.disconnect, 2, time.monotonic())  # seat 1's player leaves...
    service._call(host.tick, time.monotonic())  # ...and the host's time for them (none) is up
    assert host.seats[1].taken_over
    qtbot.waitUntil(lambda: 1 not in host.session.may_act(), timeout=10_000)
    assert thinkers and threading.get_ident() not in thinkers
    assert host.confirmed() == (1,) and host.session.may_act() == {0}  # seat 0 still decides its own
    monkeypatch.setattr(host, "decide", decide)
    assert runner.wait_idle(10_000)


def test_a_thought_that_comes_back_too_late_changes_nothing(qtbot):
    """The player came back and decided while the brain thought: its answer is dropped."""
    host = TableHost(["remote", "remote"], 8, "test42", Takeover(0.0, "beginner"))
    service = HostService(host)
    join(service, 1, 0)
    join(service, 2, 1)
    service._call(host.disconnect, 2, time.monotonic())
    service._call(host.tick, time.monotonic())
    ask = host.ask(1)
    decision = host.think(ask)
    host.seats[1].taken_over = False  # back at the controls (its next intent does this)
    before = host.frame(1)
    host.answer(ask, decision)
    assert host.frame(1) == before and 1 in host.session.may_act()


def test_the_autosave_is_written_off_the_ui_thread_and_what_changes_meanwhile_is_coalesced(
        qtbot, tmp_path, monkeypatch):
    runner = Runner()
    host = TableHost(["remote", "remote"], 8, "test42")
    service = HostService(host, tmp_path, offload=runner.offload)
    gate, writers = threading.Event(), []
    write = host_state.write

    def slow_write(state: dict, folder) -> None:  # the first write is held until the test lets it go
        writers.append(threading.get_ident())
        gate.wait(10)
        write(state, folder)

    monkeypatch.setattr(host_state, "write", slow_write)
    join(service, 1, 0)
    qtbot.waitUntil(lambda: bool(writers), timeout=10_000)  # writing the first snapshot, held
    join(service, 2, 1)
    card = host.session.view(0).hand[0]
    for i in range(20):  # twenty changes while the disk is busy
        service._call(host.receive, 1, json.dumps({"type": "intent", "id": i, "seat": 0, "intent": "toggle_keep",
                                                   "args": {"card": card}}), time.monotonic())
    assert host.accepted == 20 and len(writers) == 1
    gate.set()
    qtbot.waitUntil(lambda: not runner.busy(), timeout=10_000)
    assert len(writers) == 2 and threading.get_ident() not in writers  # the first, then only the newest
    saved = json.loads((tmp_path / host_state.FILE).read_text(encoding="utf-8"))
    assert saved == json.loads(json.dumps(host_state.table_state(host)))
    assert service.saves == 2
