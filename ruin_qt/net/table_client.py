"""A joining screen's connection to a hosted table, on the Qt event loop.

It says hello with the code (later with its seat's token), feeds the host's
state frames to a ``RemoteTable`` and sends that table's gestures as
intents.  A dropped line is tried again with the token for a while; the
host's own words (a refusal, the host leaving) are passed on as they came.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QObject, QTimer, Signal

from ..session.views import Changes
from .protocol import PROTOCOL, dumps
from .remote_table import RemoteTable
from .transport import WsPeer, connect_peer

RETRY_MS = 500
RETRIES = 60


class TableClient(QObject):
    joined = Signal(int)  # this screen's seat
    lobby_changed = Signal(object)  # the lobby message: each seat's name, kind and presence
    changed = Signal(object)  # Changes for the model sitting on ``table``
    refused = Signal(str, str, str)  # rule id, reason code, message: the host refused a gesture
    failed = Signal(str, str)  # error code, the host's message: joining failed or the table is gone
    over = Signal(object)  # the game's record, once it is over
    frame_received = Signal(object)  # every message from the host, as parsed (a spy's hook for tests)

    def __init__(self, host: str, port: int, code: str, name: str = "", parent: QObject | None = None):
        super().__init__(parent)
        self.where, self.code, self.name = (host, port), code, name
        self.table = RemoteTable(self._send_intent)
        self.token: str | None = None
        self.peer: WsPeer | None = None
        self.record: dict | None = None
        self._ids, self._retries, self._closed = 0, RETRIES, False
        self._started = False  # a state came: the game has begun (before it, a dropped seat is open again)
        self._seat: int | None = None  # the seat of the last welcome: asked for again if the lobby freed it

    def start(self) -> None:
        self.peer = connect_peer(*self.where, parent=self)
        self.peer.opened.connect(self._hello)
        self.peer.message.connect(self._on_message)
        self.peer.closed.connect(self._on_closed)

    def close(self) -> None:
        self._closed = True
        if self.peer is not None:
            self.peer.send(dumps({"type": "bye"}))
            self.peer.close(1000, "bye")

    def _hello(self) -> None:
        hello: dict = {"type": "hello", "protocol": PROTOCOL}
        if self.token:
            hello["token"] = self.token
        else:
            hello["code"] = self.code
            if self.name:
                hello["name"] = self.name[:40]
            if self._seat is not None:
                hello["seat"] = self._seat
        self.peer.send(dumps(hello))

    def _send_intent(self, intent: str, args: dict) -> None:
        self._ids += 1
        if self.peer is not None:
            self.peer.send(dumps({"type": "intent", "id": self._ids, "seat": self.table.seat, "intent": intent,
                                  "args": args}))

    def _on_closed(self, code: int, reason: str) -> None:
        self.peer = None
        if self._closed or self.record is not None:
            return
        if self.token is None or self._retries <= 0:
            self.failed.emit("gone", reason)
            return
        self._retries -= 1
        self.table.in_flight = 0
        QTimer.singleShot(RETRY_MS, self.start)

    def _on_message(self, text) -> None:
        try:
            msg = json.loads(text)
            kind = msg["type"]
        except (ValueError, KeyError, TypeError):
            return
        self.frame_received.emit(msg)
        if kind == "welcome":
            self.token, self._retries = msg["token"], RETRIES  # a new token on every (re)join: the old one is dead
            self._seat = msg["seat"]
            self.joined.emit(msg["seat"])
        elif kind == "lobby":
            self.lobby_changed.emit(msg)
        elif kind == "state":
            self._started = True
            self.changed.emit(self.table.receive(msg))
        elif kind in ("done", "refused"):
            ch = self.table.answered(refused=kind == "refused")
            if kind == "refused":
                self.refused.emit(msg["rule"], msg["code"], msg["message"])
            if ch != Changes():
                self.changed.emit(ch)
        elif kind == "over" and isinstance(msg.get("record"), dict):
            self.record = msg["record"]
            self.changed.emit(self.table.finish(self.record))  # every seat's final sheet, for the model
            self.over.emit(self.record)
        elif kind == "closing":
            self._closed = self.record is not None
            self.failed.emit("host_quit", msg.get("message", ""))
        elif kind == "error":
            if msg["code"] == "bad_token" and not self._started and self.peer is not None:
                self.token = None  # the line dropped in the lobby and freed the seat: join again with the code
                self._hello()
                return
            if msg["code"] in ("protocol_version", "bad_code", "table_full", "started", "bad_token",
                               "too_many_tries"):
                self._closed = True
            self.failed.emit(msg["code"], msg.get("message", ""))
