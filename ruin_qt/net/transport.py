"""WebSocket (RFC 6455) over QtNetwork, on the Qt event loop, no threads.

The ``websockets`` library's Sans-I/O protocol objects do the WebSocket
part (handshake, framing, masking, close): bytes from a ``QTcpSocket`` go in,
events and bytes to write come out.  QtWebSockets is not in
PySide6-Essentials, so this is the standard protocol without that add-on.

Both ends keep the line alive the same way (docs/PROTOCOL.md, *Liveness*):
a ping every ``PING_S``; a peer heard nothing from for ``SILENT_S`` (pongs
count) is dropped, so a laptop whose lid closed is noticed by the other end.
A peer that stops reading is dropped once ``MAX_UNSENT`` bytes wait for it.
The server also bounds its connections (``MAX_CONNS``, ``MAX_CONNS_PER_ADDRESS``)
and the time a socket may take over its opening handshake (``HANDSHAKE_S``).

A table's connections run the encrypted channel (``channel.Channel``) inside
the WebSocket: its pake exchange in clear text frames, then every message
sealed in a binary frame.  Its handshake, the wrong-code guard and the
refusals are ``handshake.Handshake``'s; the peer puts on the wire what that
answers.  ``ready`` tells that messages may flow: on the client once the
channel is keyed, on the host once the client's first frame opened with the
table's key.
"""

from __future__ import annotations

import ipaddress
import time
from enum import Enum
from itertools import count

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QTcpServer, QTcpSocket
from websockets.client import ClientProtocol
from websockets.frames import Opcode
from websockets.http11 import Request, Response
from websockets.protocol import State
from websockets.server import ServerProtocol
from websockets.uri import parse_uri

from .handshake import NOT_THE_TABLE as NOT_THE_TABLE  # the close a client's connection may end with, read here
from .handshake import Close, Cut, Deliver, Handshake, Ready, Record, SendSealed, SendText
from .strangers import CodeGuard

MAX_FRAME = 256 * 1024  # a message past this is refused by the WebSocket layer itself (close 1009)
PING_S = 5.0  # a ping this often on an open connection, both ends
SILENT_S = 15.0  # nothing received (pongs included) for this long: the peer is gone, drop it
HANDSHAKE_S = 5.0  # a server-side socket must finish its opening handshake this soon after it was accepted
CLOSE_WAIT_S = 2.0  # after our close frame, how long the other side has to answer before the socket is cut
MAX_UNSENT = 512 * 1024  # bytes waiting to be sent to a peer that does not read: past this, it is dropped
SEND_BUFFER = 64 * 1024  # the kernel's send buffer per server-side socket (so MAX_UNSENT is reached soon)
MAX_CONNS = 64  # simultaneous connections a server keeps
MAX_CONNS_PER_ADDRESS = 16  # of which from one address (IPv4) or one /64 (IPv6)
MAX_REFUSING = 16  # connections over the caps kept only to be told so (error, close 1013); past this: cut
REFUSE_S = 2.0  # a refused connection's handshake deadline
CHECK_MS = 500  # how often a connection's clocks are read


def address_key(address: QHostAddress | str) -> str:
    """A peer's address as the limits count it: IPv4 as is (also IPv4-mapped), IPv6 by its /64."""
    text = address.toString() if isinstance(address, QHostAddress) else address
    try:
        ip = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return text
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Life(Enum):
    """Where a ``WsPeer`` is in its life (the WebSocket's own state is its protocol's)."""

    LIVE = "live"  # connecting or open: what the peer sends is acted on
    HUNG_UP = "hung up"  # our close frame is out: what the peer sends is read and dropped
    CUT = "cut"  # the socket is cut: ``closed`` is told on the event loop's next turn
    GONE = "gone"  # ``closed`` told: nothing more happens


class WsPeer(QObject):
    """One WebSocket connection over one TCP socket, either end."""

    opened = Signal()  # the WebSocket's opening handshake is done
    ready = Signal()  # messages may flow: the channel is keyed (client) or confirmed (host); at once without one
    message = Signal(object)  # str for a text message, bytes for a binary one (a channel's: always str)
    closed = Signal(int, str)  # WebSocket close code (1006: the line dropped), reason

    def __init__(self, socket: QTcpSocket, protocol: ServerProtocol | ClientProtocol, parent: QObject | None = None,
                 deadline: float | None = None, handshake: Handshake | None = None):
        """``deadline``: the opening handshake (and the channel's, with one) must be done by then
        (time.monotonic()), else the socket is cut.  ``handshake``: this end of the encrypted channel's."""
        super().__init__(parent)
        self.socket, self.protocol = socket, protocol
        self.handshake = handshake
        socket.setParent(self)
        self._parts: list[bytes] = []
        self._binary = False
        self._life = Life.LIVE
        self.heard = self._pinged = time.monotonic()  # when anything last came in; when we last pinged
        self.deadline = deadline
        self._closing: float | None = None  # when our close frame went (or the close began)
        self._cut_why = (1006, "")  # a cut's close code and reason, told on the next turn
        self._pings = count(1)
        socket.readyRead.connect(self._read)
        socket.disconnected.connect(self._dropped)
        socket.errorOccurred.connect(lambda _e: self._dropped())
        self._clock = QTimer(self)
        self._clock.setInterval(CHECK_MS)
        self._clock.timeout.connect(self._check)
        self._clock.start()

    @property
    def open(self) -> bool:
        return not self._ended and self.protocol.state is State.OPEN

    @property
    def _ended(self) -> bool:
        return self._life in (Life.CUT, Life.GONE)

    def send(self, text: str) -> None:
        """A message: sealed once the channel is keyed; before that (a refusal to a stranger) in clear."""
        if self.open:
            if self.handshake is not None:
                self._do([self.handshake.outgoing(text)])
            else:
                self.protocol.send_text(text.encode("utf-8"))
            self._flush()

    def request(self) -> None:
        """A client's opening handshake, once its socket is connected."""
        assert isinstance(self.protocol, ClientProtocol), "a server's peer answers, it does not ask"
        self.protocol.send_request(self.protocol.connect())
        self._flush()

    def close(self, code: int = 1000, reason: str = "") -> None:
        if self.open:
            self._life = Life.HUNG_UP
            self.protocol.send_close(code, reason[:120])
            self._flush()
        elif not self._ended and self.protocol.state is State.CONNECTING:
            self._cut(code, reason)
        # else closing already: the other side has CLOSE_WAIT_S to answer, then the socket is cut

    def _read(self) -> None:
        data = bytes(self.socket.readAll().data())
        if not data or self._ended:
            return
        self.heard = time.monotonic()
        self.protocol.receive_data(data)
        self._events()

    def _events(self) -> None:
        for event in self.protocol.events_received():
            if isinstance(event, Request):  # the server's side of the opening handshake
                assert isinstance(self.protocol, ServerProtocol)
                response = self.protocol.accept(event)
                self.protocol.send_response(response)
                if response.status_code == 101:
                    self._flush()
                    if self.handshake is None:  # else the deadline runs on over the channel's exchange
                        self.deadline = None
                    self.opened.emit()
                    if self.handshake is None:
                        self.ready.emit()
            elif isinstance(event, Response):
                if self.protocol.state is State.OPEN:
                    self.deadline = None
                    self.opened.emit()
                    if self.handshake is None:
                        self.ready.emit()
                    else:
                        self._do(self.handshake.opened())
            elif self._life is not Life.LIVE:
                continue  # we closed: what the peer sent after that is read and dropped, never acted on
            elif event.opcode in (Opcode.TEXT, Opcode.BINARY, Opcode.CONT):
                if event.opcode is not Opcode.CONT:
                    self._parts, self._binary = [], event.opcode is Opcode.BINARY
                self._parts.append(bytes(event.data))
                if sum(map(len, self._parts)) > MAX_FRAME:
                    self.close(1009, "message too big")
                    continue
                if event.fin:
                    data = b"".join(self._parts)
                    self._parts = []
                    if self.handshake is not None:
                        self._do(self.handshake.received(data, self._binary, time.monotonic()))
                    elif self._binary:
                        self.message.emit(data)
                    else:
                        try:
                            self.message.emit(data.decode("utf-8"))
                        except UnicodeDecodeError:
                            self.close(1007, "text is not UTF-8")
        self._flush()

    def _do(self, records: list[Record]) -> None:
        """What the channel's handshake answered, in its order."""
        for record in records:
            match record:
                case SendText(text):
                    if self.open:
                        self.protocol.send_text(text.encode("utf-8"))
                case SendSealed(frame):
                    if self.open:
                        self.protocol.send_binary(frame)
                case Ready():
                    self.deadline = None
                    self.ready.emit()
                case Deliver(text):
                    self.message.emit(text)
                case Close(code, reason):
                    self.close(code, reason)
                case Cut(code, reason):
                    self._cut(code, reason)

    def _flush(self) -> None:
        if self._ended:
            return
        for chunk in self.protocol.data_to_send():
            if chunk:
                self.socket.write(chunk)
            else:  # the protocol's end of stream: everything said, close our side
                self.socket.disconnectFromHost()
        if self.protocol.close_expected() and self._closing is None:
            # Our close frame is out: keep reading (and dropping) until the other side answers it, so
            # what we said before it (an error, the close's reason) is not lost to a reset; CLOSE_WAIT_S at most.
            self._closing = time.monotonic()
        if self.socket.bytesToWrite() > MAX_UNSENT:
            self._cut(1006, "the peer does not read what it is sent")

    def _check(self) -> None:
        """The clocks: the handshake's deadline, the close's wait, silence, and the next ping."""
        if self._ended:
            self._clock.stop()
            if self._life is Life.CUT:
                self._life = Life.GONE
                self.closed.emit(*self._cut_why)
            return
        now = time.monotonic()
        if self.deadline is not None and now > self.deadline:
            self.deadline = None
            if self.protocol.state is State.OPEN:  # the WebSocket is open: told why, with a close frame
                return self.close(1008, f"no valid hello within {HANDSHAKE_S:.0f} s")
            return self._cut(1006, "no opening handshake in time")
        if self._closing is not None and now - self._closing > CLOSE_WAIT_S:
            return self._cut(self.protocol.close_code or 1006, self.protocol.close_reason or "")
        if now - self.heard > SILENT_S:
            return self._cut(1006, f"nothing heard for {SILENT_S:.0f} s")
        if self.protocol.state is State.OPEN and now - self._pinged >= PING_S:
            self._pinged = now
            self.protocol.send_ping(next(self._pings).to_bytes(4, "big"))
            self._flush()
        return None

    def _cut(self, code: int, reason: str) -> None:
        """End the connection now, without a word: the peer is not listening (or has not answered our close).

        ``closed`` is emitted on the event loop's next turn, never from inside a ``send`` (whoever is sending
        goes on with its other connections first, in order)."""
        if self._ended:
            return
        self._life, self._cut_why = Life.CUT, (int(code), reason)
        self.socket.abort()
        self._clock.start(0)

    def _dropped(self) -> None:
        if self._ended:
            return
        self._life = Life.GONE
        self._clock.stop()
        self.protocol.receive_eof()
        code = self.protocol.close_code if self.protocol.close_code is not None else 1006
        self.closed.emit(int(code), self.protocol.close_reason or "")
        self.socket.abort()


class WsServer(QObject):
    """A WebSocket server listening on one address and port, only while it lives.

    At most ``MAX_CONNS`` connections (``MAX_CONNS_PER_ADDRESS`` from one
    address) are served; one more is told ``busy_text`` once its handshake is
    done and closed with 1013 (try again later); past ``MAX_REFUSING`` of
    those, a new socket is cut at once."""

    joined = Signal(int)  # connection id
    received = Signal(int, object)  # connection id, message (str or bytes)
    left = Signal(int)  # connection id

    def __init__(self, parent: QObject | None = None, busy_text: str = "", code: str | None = None,
                 guard: CodeGuard | None = None):
        """``code``: the table's join code, which keys every connection's channel (None: no channel, for
        tests of the WebSocket layer alone); ``guard``: the table's count of wrong codes."""
        super().__init__(parent)
        self.code, self.guard = code, guard
        self.server = QTcpServer(self)
        self.server.setMaxPendingConnections(MAX_CONNS + MAX_REFUSING)
        self.server.newConnection.connect(self._accept)
        self.peers: dict[int, WsPeer] = {}
        self.busy_text = busy_text
        self.accepted_at: dict[int, float] = {}  # when each connection's socket was accepted
        self.addresses: dict[int, str] = {}  # each connection's address_key
        self._refusing: set[int] = set()
        self._ids = count(1)

    def listen(self, address: str, port: int) -> bool:
        return self.server.listen(QHostAddress(address), port)

    @property
    def port(self) -> int:
        return self.server.serverPort()

    def stop(self) -> None:
        self.server.close()
        for peer in list(self.peers.values()):
            peer.close(1001, "host quit")

    def send(self, conn: int, text: str) -> None:
        peer = self.peers.get(conn)
        if peer is not None:
            peer.send(text)

    def close(self, conn: int, code: int, reason: str) -> None:
        peer = self.peers.get(conn)
        if peer is not None:
            peer.close(code, reason)

    def _accept(self) -> None:
        while self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            key = address_key(socket.peerAddress())
            served = [c for c in self.peers if c not in self._refusing]
            busy = len(served) >= MAX_CONNS or \
                sum(1 for c in served if self.addresses[c] == key) >= MAX_CONNS_PER_ADDRESS
            if busy and len(self._refusing) >= MAX_REFUSING:
                socket.abort()
                socket.deleteLater()
                continue
            socket.setSocketOption(QAbstractSocket.SocketOption.SendBufferSizeSocketOption, SEND_BUFFER)
            conn, now = next(self._ids), time.monotonic()
            handshake = Handshake.of_host(self.code, self.guard, key) if self.code is not None and not busy else None
            peer = WsPeer(socket, ServerProtocol(max_size=MAX_FRAME), self,
                          deadline=now + (REFUSE_S if busy else HANDSHAKE_S), handshake=handshake)
            self.peers[conn], self.accepted_at[conn], self.addresses[conn] = peer, now, key
            if busy:
                self._refusing.add(conn)
            peer.opened.connect(lambda conn=conn: self._opened(conn))
            peer.ready.connect(lambda conn=conn: self._ready(conn))
            peer.message.connect(lambda msg, conn=conn: self._message(conn, msg))
            peer.closed.connect(lambda _code, _reason, conn=conn: self._gone(conn))

    def _ready(self, conn: int) -> None:
        if conn not in self._refusing:  # a refused connection is only told so, never joined
            self.joined.emit(conn)

    def _message(self, conn: int, msg: str | bytes) -> None:
        if conn not in self._refusing:
            self.received.emit(conn, msg)

    def _opened(self, conn: int) -> None:
        peer = self.peers.get(conn)
        if peer is None:
            return
        if conn in self._refusing:
            if self.busy_text:
                peer.send(self.busy_text)
            peer.close(1013, "too many connections: try again later")

    def _gone(self, conn: int) -> None:
        peer = self.peers.pop(conn, None)
        self.accepted_at.pop(conn, None)
        self.addresses.pop(conn, None)
        refused = conn in self._refusing
        self._refusing.discard(conn)
        if peer is not None:
            peer.deleteLater()
            if not refused:
                self.left.emit(conn)


def connect_peer(host: str, port: int, parent: QObject | None = None, code: str | None = None) -> WsPeer:
    """A client WebSocket to ``ws://host:port/``, inside the channel keyed by the join ``code`` (None: none);
    it emits ``ready`` once messages may flow.

    A host that says nothing (pongs included) for ``SILENT_S`` is dropped (``closed`` with 1006), also
    while connecting: the client then tries again as after any drop."""
    socket = QTcpSocket()
    where = f"[{host}]" if ":" in host else host
    peer = WsPeer(socket, ClientProtocol(parse_uri(f"ws://{where}:{port}/"), max_size=MAX_FRAME), parent,
                  handshake=Handshake.of_client(code) if code is not None else None)
    socket.connected.connect(peer.request)
    socket.connectToHost(host, port)
    return peer
