"""A blocking WebSocket client for tests: a plain socket and websockets' Sans-I/O client, inside the
table's encrypted channel (``ruin_qt.net.channel``) keyed by a join code, or without it (``code=None``)."""

from __future__ import annotations

import json
import socket
from collections import deque

from websockets.client import ClientProtocol
from websockets.frames import Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

from ruin_qt.net.channel import Channel

CODE = "TEST42"  # the join code of the tests' tables


class Closed(Exception):
    pass


class RawWs:
    def __init__(self, port: int, source: str | None = None, rcvbuf: int | None = None, code: str | None = CODE):
        """``source``: the loopback address to connect from (127.0.0.2 ...: another address for the host's
        limits); ``rcvbuf``: this socket's kernel receive buffer (small: a client that reads little);
        ``code``: the join code keying the channel (None: plain WebSocket, as a stranger's program might).
        ``refusal``: the host's answer in clear instead of its pake (a pause, a full table), else None."""
        self.sock = socket.socket()
        if rcvbuf:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        if source:
            self.sock.bind((source, 0))
        self.sock.settimeout(10)
        self.sock.connect(("127.0.0.1", port))
        self.p = ClientProtocol(parse_uri(f"ws://127.0.0.1:{port}/"), max_size=None)
        self.inbox: deque[str] = deque()
        self.frames: list[bytes] = []  # every frame's payload as it came, sealed or not (what a wire shows)
        self.channel = Channel(code, "client") if code is not None else None
        self.refusal: dict | None = None
        self.p.send_request(self.p.connect())
        self._flush()
        while self.p.state is State.CONNECTING:
            self._read(10)
        if self.channel is not None:
            if self.inbox or self.p.state is not State.OPEN:  # told at once (too many connections), or cut
                self.refusal = json.loads(self.inbox[0]) if self.inbox else {"type": "error", "code": "closed"}
                return
            self.p.send_text(self.channel.start().encode("utf-8"))
            self._flush()
            first = self.recv(10)
            try:
                self.channel.finish(first)
            except Exception:  # noqa: BLE001 - not a pake: the host's refusal in clear, left in the inbox too
                self.refusal = json.loads(first)
                self.inbox.appendleft(first)

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
            if ev.opcode in (Opcode.TEXT, Opcode.BINARY):
                self.frames.append(bytes(ev.data))
            if ev.opcode is Opcode.TEXT:
                self.inbox.append(ev.data.decode("utf-8"))
            elif ev.opcode is Opcode.BINARY and self.channel is not None and self.channel.keyed:
                self.inbox.append(self.channel.open(bytes(ev.data)))
        self._flush()

    def send(self, msg: str | bytes) -> None:
        if self.p.state is not State.OPEN:
            raise Closed()
        if self.refusal is not None:
            raise Closed()
        if self.channel is not None and self.channel.keyed:  # bytes: sealed as they are (not UTF-8, say)
            self.p.send_binary(self.channel.seal(msg if isinstance(msg, bytes) else
                                                 msg.encode("utf-8", "surrogatepass")))
        elif isinstance(msg, bytes):
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
