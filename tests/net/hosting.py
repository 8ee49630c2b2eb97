"""A TableHost driven in-process, as the transport drives it (no sockets)."""

from __future__ import annotations

import hashlib
import json

from ruin_qt.net.protocol import PROTOCOL
from ruin_qt.net.table_host import TableHost
from ruin_qt.rules.deal import Deal
from ruin_qt.session import computer


def fixed_deal(n: int) -> Deal:
    """A known deal, for a test that needs the same game every run (a host draws a secret one)."""
    digest = hashlib.sha256(f"ruin-qt-test-deal:{n}".encode()).hexdigest()
    return Deal(digest, digest[:32])


def fixed(host: TableHost, n: int) -> TableHost:
    """``host`` on a known deal, its computer seats on a known secret: the same game every run."""
    host.deal = fixed_deal(n)
    host.secret = f"ruin-qt-test-secret:{n}"
    return host


class Wire:
    """Connections to one host; each keeps what the host sent it."""

    def __init__(self, host: TableHost):
        self.host, self.now, self.inbox, self.closed = host, 0.0, {}, {}
        self._next = 0
        # The table's one driver, as a service's, its decisions made when the test says (``run_computers``).
        self.asked: list[tuple[computer.Plan, computer.Done]] = []
        self.computers = computer.Driver(host.session, lambda plan, done: self.asked.append((plan, done)),
                                         lambda: host.secret, host.takeover_level)

    def open(self) -> int:
        self._next += 1
        self.inbox[self._next] = []
        self.host.connect(self._next, self.now)
        return self._next

    def send(self, conn: int, msg) -> list[dict]:
        """Send ``msg`` (a dict, or raw text) on ``conn``; what the host answered on it."""
        self.now += 0.05  # well inside the rate limit
        raw = msg if isinstance(msg, (str, bytes)) else json.dumps(msg)
        before = len(self.inbox[conn])
        self.host.receive(conn, raw, self.now)
        self.pump()
        return self.inbox[conn][before:]

    def pump(self) -> None:
        out = self.host.drain()
        for conn, text in out.messages:
            self.inbox.setdefault(conn, []).append(json.loads(text))
        for conn, code, reason in out.closes:
            self.closed[conn] = (code, reason)
            self.host.disconnect(conn, self.now)

    def join(self, code: str = "TEST42", seat: int | None = None) -> tuple[int, dict]:
        conn = self.open()
        hello = {"type": "hello", "protocol": PROTOCOL, "code": code}
        if seat is not None:
            hello["seat"] = seat
        got = self.send(conn, hello)
        return conn, next(m for m in got if m["type"] == "welcome")

    def last_state(self, conn: int) -> dict:
        return next(m for m in reversed(self.inbox[conn]) if m["type"] == "state")

    def due(self) -> int | None:
        """A seat the host's computer must decide for now, or None."""
        return next(iter(computer.due(self.host.session, self.host.takeover_level)), None)

    def plan(self, seat: int) -> computer.Plan | None:
        return computer.plan(self.host.session, seat, self.host.secret, self.host.takeover_level(seat))

    def run_computers(self) -> None:
        """The computers' decisions, here and now (a service has them made in its runner's workers)."""
        self.computers.poke()  # as a service does after each call into the host (a seat taken over)
        while self.asked:
            plan, done = self.asked.pop(0)
            done(computer.decide(plan))
            self.pump()
