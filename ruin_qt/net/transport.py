"""WebSocket (RFC 6455) over QtNetwork, on the Qt event loop, no threads.

The ``websockets`` library's Sans-I/O protocol objects do the WebSocket
part (handshake, framing, masking, close): bytes from a ``QTcpSocket`` go in,
events and bytes to write come out.  QtWebSockets is not in
PySide6-Essentials, so this is the standard protocol without that add-on.
"""

from __future__ import annotations

from itertools import count

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QTcpServer, QTcpSocket
from websockets.client import ClientProtocol
from websockets.frames import Opcode
from websockets.http11 import Request, Response
from websockets.protocol import State
from websockets.server import ServerProtocol
from websockets.uri import parse_uri

MAX_FRAME = 256 * 1024  # a message past this is refused by the WebSocket layer itself (close 1009)


class WsPeer(QObject):
    """One WebSocket connection over one TCP socket, either end."""

    opened = Signal()
    message = Signal(object)  # str for a text message, bytes for a binary one
    closed = Signal(int, str)  # WebSocket close code (1006: the line dropped), reason

    def __init__(self, socket: QTcpSocket, protocol, parent: QObject | None = None):
        super().__init__(parent)
        self.socket, self.protocol = socket, protocol
        socket.setParent(self)
        self._parts: list[bytes] = []
        self._binary = False
        self._done = False
        socket.readyRead.connect(self._read)
        socket.disconnected.connect(self._dropped)
        socket.errorOccurred.connect(lambda _e: self._dropped())

    @property
    def open(self) -> bool:
        return not self._done and self.protocol.state is State.OPEN

    def send(self, text: str) -> None:
        if self.open:
            self.protocol.send_text(text.encode("utf-8"))
            self._flush()

    def close(self, code: int = 1000, reason: str = "") -> None:
        if self.open:
            self.protocol.send_close(code, reason[:120])
            self._flush()
        elif not self._done:
            self.socket.abort()
            self._dropped()

    def _read(self) -> None:
        data = bytes(self.socket.readAll().data())
        if not data or self._done:
            return
        self.protocol.receive_data(data)
        self._events()

    def _events(self) -> None:
        for event in self.protocol.events_received():
            if isinstance(event, Request):  # the server's side of the opening handshake
                response = self.protocol.accept(event)
                self.protocol.send_response(response)
                if response.status_code == 101:
                    self._flush()
                    self.opened.emit()
            elif isinstance(event, Response):
                if self.protocol.state is State.OPEN:
                    self.opened.emit()
            elif event.opcode in (Opcode.TEXT, Opcode.BINARY, Opcode.CONT):
                if event.opcode is not Opcode.CONT:
                    self._parts, self._binary = [], event.opcode is Opcode.BINARY
                self._parts.append(bytes(event.data))
                if sum(map(len, self._parts)) > MAX_FRAME:
                    self.close(1009, "message too big")
                    return
                if event.fin:
                    data = b"".join(self._parts)
                    self._parts = []
                    if self._binary:
                        self.message.emit(data)
                    else:
                        try:
                            self.message.emit(data.decode("utf-8"))
                        except UnicodeDecodeError:
                            self.close(1007, "text is not UTF-8")
                            return
        self._flush()

    def _flush(self) -> None:
        for chunk in self.protocol.data_to_send():
            if chunk:
                self.socket.write(chunk)
            else:  # the protocol's end of stream: half-close our side
                self.socket.disconnectFromHost()
        if self.protocol.close_expected() and self.socket.state() == QAbstractSocket.SocketState.ConnectedState:
            self.socket.flush()
            self.socket.disconnectFromHost()

    def _dropped(self) -> None:
        if self._done:
            return
        self._done = True
        self.protocol.receive_eof()
        code = self.protocol.close_code if self.protocol.close_code is not None else 1006
        self.closed.emit(int(code), self.protocol.close_reason or "")
        self.socket.abort()


class WsServer(QObject):
    """A WebSocket server listening on one address and port, only while it lives."""

    joined = Signal(int)  # connection id
    received = Signal(int, object)  # connection id, message (str or bytes)
    left = Signal(int)  # connection id

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.server = QTcpServer(self)
        self.server.newConnection.connect(self._accept)
        self.peers: dict[int, WsPeer] = {}
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
            conn = next(self._ids)
            peer = WsPeer(socket, ServerProtocol(max_size=MAX_FRAME), self)
            self.peers[conn] = peer
            peer.opened.connect(lambda conn=conn: self.joined.emit(conn))
            peer.message.connect(lambda msg, conn=conn: self.received.emit(conn, msg))
            peer.closed.connect(lambda _code, _reason, conn=conn: self._gone(conn))

    def _gone(self, conn: int) -> None:
        peer = self.peers.pop(conn, None)
        if peer is not None:
            peer.deleteLater()
            self.left.emit(conn)


def connect_peer(host: str, port: int, parent: QObject | None = None) -> WsPeer:
    """A client WebSocket to ``ws://host:port/``; it emits ``opened`` once the handshake is done."""
    socket = QTcpSocket()
    where = f"[{host}]" if ":" in host else host
    peer = WsPeer(socket, ClientProtocol(parse_uri(f"ws://{where}:{port}/"), max_size=MAX_FRAME), parent)

    def handshake() -> None:
        peer.protocol.send_request(peer.protocol.connect())
        peer._flush()

    socket.connected.connect(handshake)
    socket.connectToHost(host, port)
    return peer
