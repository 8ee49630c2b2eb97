"""The bench's loopback round trip: an intent sent, its seat's new view received.

A host (``HostService``) and one raw WebSocket client share one Qt event
loop on 127.0.0.1; each sample is the time from sending ``toggle_keep`` to
reading the state frame that shows it, so it covers both ends' JSON, the
WebSocket framing, the host's checks and the rules, and the kernel's loopback.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer

from ..net.host_service import HostService
from ..net.messages import Hello, IntentMessage, State, Welcome, parse_host
from ..net.protocol import PROTOCOL
from ..net.table_host import TableHost
from ..net.transport import connect_peer
from ..session.intents import ToggleKeep

GUARD_MS = 60_000  # a hang guard: the run ends even if the other end never answers
PACE_MS = 30  # between samples: a player's pace, within the host's rate limit (40 messages a second)


def round_trips(samples: int = 200) -> list[float]:
    """Seconds per intent -> view round trip, ``samples`` of them."""
    app = QCoreApplication.instance() or QCoreApplication([])
    host = TableHost(["remote"], 1, "BENCH2")
    service = HostService(host)
    if not service.listen("127.0.0.1", 0):
        raise OSError("no loopback port to bench on")
    times, _first = trips("127.0.0.1", service.port, samples)
    service.quit()
    app.processEvents()
    return times


def trips(where: str, port: int, samples: int, t0: float | None = None,
          token: list[str] | None = None) -> tuple[list[float], float | None]:
    """A client at ``where:port`` (the table, or a wormhole's end of it) joins with the code BENCH2 and
    times ``samples`` round trips; also the seconds from ``t0`` (default: now) to its first state.
    ``token``: a list that gets the seat's token (a later return's), or that holds one to return with
    (then the hello names it instead of the code)."""
    start = time.perf_counter() if t0 is None else t0
    peer = connect_peer(where, port, code="BENCH2")
    loop = QEventLoop()
    times: list[float] = []
    st: dict = {"t0": 0.0, "card": None, "seat": 0, "first": None}

    def send() -> None:
        st["t0"] = time.perf_counter()
        peer.send(IntentMessage(len(times), st["seat"], ToggleKeep(st["card"])).write())

    def on_message(text) -> None:
        msg = parse_host(text)
        if isinstance(msg, Welcome):
            st["seat"] = msg.seat
            if token is not None:
                token[:] = [msg.token]
        elif isinstance(msg, State):
            if st["card"] is None:
                st["card"], st["first"] = msg.view.hand[0], time.perf_counter() - start
            else:
                times.append(time.perf_counter() - st["t0"])
            if len(times) < samples:
                QTimer.singleShot(PACE_MS, send)
            else:
                loop.quit()

    hello = Hello(PROTOCOL, token=token[0]) if token else Hello(PROTOCOL, code="BENCH2")
    peer.ready.connect(lambda: peer.send(hello.write()))
    peer.message.connect(on_message)
    QTimer.singleShot(GUARD_MS, loop.quit)
    loop.exec()
    peer.close()
    return times, st["first"]
