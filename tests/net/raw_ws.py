"""A blocking WebSocket client for tests: a plain socket and websockets' Sans-I/O client."""

from __future__ import annotations

import socket
from collections import deque

from websockets.client import ClientProtocol
from websockets.frames import Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri


class Closed(Exception):
    pass


class RawWs:
    def __init__(self, port: int, source: str | None = None, rcvbuf: int | None = None):
        """``source``: the loopback address to connect from (127.0.0.2 ...: another address for the host's
        limits); ``rcvbuf``: this socket's kernel receive buffer (small: a client that reads little)."""
        self.sock = socket.socket()
        if rcvbuf:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        if source:
            self.sock.bind((source, 0))
        self.sock.settimeout(10)
        self.sock.connect(("127.0.0.1", port))
        self.p = ClientProtocol(parse_uri(f"ws://127.0.0.1:{port}/"), max_size=None)
        self.inbox: deque[str] = deque()
        self.p.send_request(self.p.connect())
        self._flush()
        while self.p.state is State.CONNECTING:
            self._read(10)

    def _flush(self) -> None:
        try:
            for chunk in self.p.data_to_send():
                if chunk:
                    self.sock.sendall(chunk)
        except OSError:
            raise Closed() from None

    def _read(self, timeout: float) -> None:
        self.sock.settimeout(timeout if timeout > 0 else 0.0)
        try:
            data = self.sock.recv(1 << 16)
        except (TimeoutError, BlockingIOError):
            raise TimeoutError() from None
        except OSError:
            data = b""
        if not data:
            self.p.receive_eof()
            raise Closed()
        self.p.receive_data(data)
        for ev in self.p.events_received():
            if isinstance(ev, Response):
                continue
            if ev.opcode is Opcode.TEXT:
                self.inbox.append(ev.data.decode("utf-8"))
        self._flush()

    def send(self, msg: str | bytes) -> None:
        if self.p.state is not State.OPEN:
            raise Closed()
        if isinstance(msg, bytes):
            self.p.send_binary(msg)
        else:
            self.p.send_text(msg.encode("utf-8", "surrogatepass"))
        self._flush()

    def recv(self, timeout: float = 10) -> str:
        while not self.inbox:
            if self.p.state is State.CLOSED:
                raise Closed()
            self._read(timeout)
        return self.inbox.popleft()

    def close(self) -> None:
        try:
            if self.p.state is State.OPEN:
                self.p.send_close(1000, "")
                self._flush()
        except Closed:
            pass
        self.sock.close()
