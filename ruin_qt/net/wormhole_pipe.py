"""Byte forwarding between a Dilation subchannel and a local TCP connection
(the wormhole link's plumbing, Twisted only; ``wormhole_link`` drives it).

Each forwarded connection is two ``Pipe`` protocols, one per side, joined
once both are up: what one receives the other's transport writes.  The TCP
side is the subchannel's producer, so Dilation's flow control (a slow peer,
or a connection down while Dilation reconnects) pauses reading from TCP
instead of buffering without bound.  The other way has no backpressure:
magic-wormhole 0.24 breaks when a subchannel is paused (its connection
protocol has no ``pauseProducing``), and a table's messages are small.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any, cast

from twisted.internet import endpoints
from twisted.internet.protocol import Factory, Protocol
from twisted.python.failure import Failure

from .wormhole_private import no_delay

SUBPROTOCOL = "ruin-table"  # the Dilation subchannel's name: one per table connection
CHUNK = 64 * 1024  # at most this much in one subchannel record (keeps each Dilation frame small)


class Wire(typing.Protocol):
    """A connected side's transport as a pipe uses it: a TCP connection's or a Dilation subchannel's, each a
    transport, a push producer and a consumer.  Twisted declares these by zope interfaces, whose methods
    mypy can call only through the mypy-zope plugin: this structural view is checked without it."""

    def write(self, data: bytes) -> None: ...

    def loseConnection(self) -> None: ...

    def pauseProducing(self) -> None: ...

    def resumeProducing(self) -> None: ...

    def registerProducer(self, producer: Wire, streaming: bool) -> None: ...


class Pipe(Protocol):
    """One side of a forwarded connection."""

    def __init__(self, subchannel: bool) -> None:
        self.subchannel = subchannel  # this side's transport is a Dilation subchannel (else TCP)
        self.other: Pipe | None = None
        self.waiting: list[bytes] = []  # what came before the other side was up
        self.ended = False  # closed or closing (closing a subchannel twice raises)

    @property
    def wire(self) -> Wire:
        """This side's transport, once connected (Twisted's ``transport`` is typed ITransport | None)."""
        return cast(Wire, self.transport)

    def join(self, other: Pipe) -> None:
        """Both sides are connected: forward both ways."""
        self.other, other.other = other, self
        for side in (self, other):
            if not side.subchannel:
                no_delay(side.transport)
        if self.ended or other.ended:  # one side went away while the other was being made
            self.close()
            other.close()
            return
        tcp, sub = (other, self) if self.subchannel else (self, other)
        tcp.wire.resumeProducing()  # a local TCP side is paused until its subchannel opens
        for side in (self, other):
            waiting, side.waiting = side.waiting, []
            for data in waiting:
                side.dataReceived(data)
        # Last: while Dilation is reconnecting, the producer it is given is paused at once.
        sub.wire.registerProducer(tcp.wire, True)

    def dataReceived(self, data: bytes) -> None:
        if self.other is None:
            self.waiting.append(data)
        elif not self.other.ended:
            for i in range(0, len(data), CHUNK):
                self.other.wire.write(data[i:i + CHUNK])

    def connectionLost(self, reason: Failure | None = None) -> None:
        self.ended = True
        if self.other is not None:
            self.other.close()

    def close(self) -> None:
        if self.ended:
            return
        self.ended = True
        if self.transport is not None:
            try:
                self.wire.loseConnection()
            except Exception:  # noqa: BLE001 -- a subchannel half-gone already refuses a second close
                pass


class _Made(Factory):
    """Builds one ``Pipe`` for a connect (TCP, or a subchannel) whose Deferred hands it on."""

    def __init__(self, subchannel: bool):
        self.subchannel = subchannel

    def buildProtocol(self, addr) -> Pipe:
        return Pipe(self.subchannel)


class ToTable(Factory):
    """Host side: each subchannel the peer opens is forwarded to the table's TCP port."""

    def __init__(self, reactor, host: str, port: int):
        self.reactor, self.host, self.port = reactor, host, port

    def buildProtocol(self, addr) -> Pipe:
        far = Pipe(subchannel=True)
        ep = endpoints.TCP4ClientEndpoint(self.reactor, self.host, self.port, timeout=10)
        made = ep.connect(_Made(subchannel=False))  # type: ignore[arg-type]  # a zope-declared IProtocolFactory
        made.addCallbacks(far.join, lambda _f: far.close())
        return far


class FromLocal(Factory):
    """Join side: each local TCP connection opens a subchannel to the host, through the connector of the
    wormhole in use now (``connector()``: a seat's way back may replace the wormhole while the port stays)."""

    def __init__(self, connector: Callable[[], Any]):
        self.connector = connector  # () -> DilatedWormhole.connector_for(SUBPROTOCOL)
        self.open: set[_Local] = set()

    def buildProtocol(self, addr) -> Pipe:
        return _Local(self.connector(), self.open)

    def drop_all(self) -> None:
        """Close every forwarded connection (their wormhole was replaced: the table's client reconnects at once)."""
        for pipe in list(self.open):
            pipe.close()


class _Local(Pipe):
    def __init__(self, connector, open_set: set):
        super().__init__(subchannel=False)
        self.connector, self.open_set = connector, open_set

    def connectionMade(self) -> None:
        self.open_set.add(self)
        self.wire.pauseProducing()  # nothing is read until the subchannel is open (it waits for Dilation)
        d = self.connector.connect(_Made(subchannel=True))
        d.addCallbacks(self.join, lambda _f: self.close())

    def connectionLost(self, reason: Failure | None = None) -> None:
        self.open_set.discard(self)
        super().connectionLost(reason)
