"""Issue 55 item 5: a host with a window decides seats taken over, and writes
its autosave, off its UI thread (through its model's runner), one write at a
time, and the file on disk is the table's newest state."""

from __future__ import annotations

import json
import threading
import time

import pytest

from ruin_qt.net import host_state
from ruin_qt.net.host_service import HostService
from ruin_qt.net.table_host import Plan, TableHost, Takeover
from ruin_qt.ui.windows.net_table import hosted_table

pytestmark = pytest.mark.qt_log_ignore(r"This plugin does not support (propagateSizeHints|raise)\(\)")


def test_takeovers_and_autosave_leave_the_ui_thread(qtbot, tmp_path, monkeypatch):
    host = TableHost(["local", "remote", "remote"], 5, "test42", Takeover(0, "random"))
    for s in host.seats[1:]:  # two players who joined, then dropped before the deal
        s.joined, s.token = True, f"token-{s.name}"
    threads: list[int] = []
    run = Plan.run
    monkeypatch.setattr(Plan, "run", lambda self: (threads.append(threading.get_ident()), run(self))[1])
    writes: list[int] = []
    write = host_state.write
    monkeypatch.setattr(host_state, "write",
                        lambda *a, **k: (writes.append(threading.get_ident()), write(*a, **k))[1])
    service = HostService(host, tmp_path)
    assert service.listen("127.0.0.1", 0)
    window = hosted_table(service, 0)
    qtbot.addWidget(window)
    host.all_away(time.monotonic() - 1)
    service.start_now()
    s = host.session
    qtbot.waitUntil(lambda: s.game is not None and 1 not in s.may_act() and 2 not in s.may_act(), timeout=20000)
    main = threading.get_ident()
    assert len(threads) >= 2 and main not in threads  # both seats taken over, each decided on a worker
    assert writes and main not in writes
    qtbot.waitUntil(lambda: not service._saving, timeout=5000)
    on_disk = json.loads((tmp_path / host_state.FILE).read_text(encoding="utf-8"))
    assert on_disk == host_state.table_state(host)  # the newest snapshot, written last
    window.close()  # its runner stops first, then the service writes the table once more
    assert json.loads((tmp_path / host_state.FILE).read_text(encoding="utf-8")) == host_state.table_state(host)
