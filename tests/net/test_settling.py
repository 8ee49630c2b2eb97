"""Every answer to an intent settles it.  A joining screen's
gesture answered with ``error`` or ``rate_limited`` (not only ``done`` or
``refused``) is settled, its draft is the host's again, and the screen goes on
following the host's draft (it once waited for ever on such a gesture)."""

from __future__ import annotations

import json
import random

from ruin_qt.ai.base import make_brain
from ruin_qt.net.table_client import TableClient
from ruin_qt.net.table_host import TableHost
from ruin_qt.session.intents import Confirm, TakeDecision, ToggleKeep

from .hosting import Wire


class Line:
    """A ``TableClient``'s line to an in-process host.  What the client sends waits
    until ``deliver()``, as it would on a socket; the host's answers then reach
    the client through its own ``_on_message``."""

    def __init__(self, w: Wire, client: TableClient):
        self.w, self.client, self.conn = w, client, w.open()
        self.out: list[str] = []
        self.seen = 0
        client.peer = self  # type: ignore[assignment]

    def send(self, text: str) -> None:
        self.out.append(text)

    def close(self, code: int, reason: str) -> None:
        pass

    def deliver(self, pace: float = 0.05) -> list[dict]:
        while self.out:
            self.w.now += pace
            self.w.host.receive(self.conn, self.out.pop(0), self.w.now)
        self.w.pump()
        got = self.w.inbox[self.conn][self.seen:]
        self.seen += len(got)
        for m in got:
            self.client._on_message(json.dumps(m))
        return got


def joined(qtbot) -> tuple[Wire, Line, TableClient]:
    w = Wire(TableHost(["remote", "remote"], 4, "test42"))
    w.join(seat=0)
    client = TableClient("127.0.0.1", 9, "TEST42")  # never started: its line is the Line
    line = Line(w, client)
    client._hello()
    assert [m["type"] for m in line.deliver()] == ["welcome", "state", "lobby"]
    return w, line, client


def keep(client: TableClient) -> tuple[int, ...]:
    return client.table.view(1).setup.keep


def test_after_an_error_and_a_rate_limit_the_joining_screen_still_follows_its_draft(qtbot, monkeypatch, capsys):
    w, line, client = joined(qtbot)
    table, session = client.table, w.host.session
    hand = table.view(1).hand
    failures: list[tuple[str, str]] = []
    client.failed.connect(lambda code, msg: failures.append((code, msg)))
    table.act(1, ToggleKeep(hand[0]))
    assert table.in_flight == 1
    assert line.deliver()[-1]["type"] == "done" and table.in_flight == 0

    # An error answering the gesture (a fault of the host's own: "internal") settles it.
    real = session.act
    monkeypatch.setattr(session, "act", lambda seat, intent: (_ for _ in ()).throw(RuntimeError("fault")))
    table.act(1, ToggleKeep(hand[1]))
    assert keep(client) == (hand[0], hand[1])  # this screen drew it at once
    got = line.deliver()
    assert got[-1]["type"] == "error" and got[-1]["code"] == "internal" and got[-1]["id"] == 2
    assert table.in_flight == 0 and keep(client) == (hand[0],)  # the host did not take it: its draft is back
    monkeypatch.setattr(session, "act", real)
    assert failures[-1][0] == "internal"  # the window shows the host's words

    # A rate limit (the host dropped the message, it says which) settles it too.
    st = w.host.conns[line.conn]
    st.tokens, st.last = 0, w.now
    table.act(1, ToggleKeep(hand[1]))
    got = line.deliver(pace=0)
    assert got == [{"type": "error", "code": "rate_limited", "message": "at most 40 messages a second", "id": 3}]
    assert table.in_flight == 0 and keep(client) == (hand[0],)

    # The host's word on the draft (a takeover, another screen of the same player) is followed again.
    session.act(1, ToggleKeep(hand[2]))
    w.host.publish()
    line.deliver()
    assert keep(client) == (hand[0], hand[2]) == session.draft(1).keep
    assert "ruin_qt host: toggle_keep failed: RuntimeError" in capsys.readouterr().err


def test_a_gesture_the_table_moved_past_is_refused_settled_and_the_screen_shows_the_hosts_word(qtbot):
    w, line, client = joined(qtbot)
    table, session = client.table, w.host.session
    refusals: list[tuple[str, str, str]] = []
    client.refused.connect(lambda rule, code, msg: refusals.append((rule, code, msg)))
    table.act(1, ToggleKeep(table.view(1).hand[0]))  # on its way when...
    choice = make_brain("random").decide_setup(session.hint_observation(1), random.Random(1))
    session.act(1, TakeDecision(choice))  # ...the host decides this seat (as a takeover does)
    session.act(1, Confirm())
    w.host.publish()
    got = line.deliver()
    assert [m["type"] for m in got][-1] == "refused" and got[-1]["id"] == 1
    assert refusals == [("turn", "not_deciding", "seat 1 may not act now")]
    assert table.in_flight == 0 and table.may_act() == frozenset()
    assert table.view(1).draft is None or table.view(1).setup.choice() == choice
