"""What every client of a hosted table does, on the Qt event loop: the window's
``TableClient`` and the bot's ``BotClient`` are both one of these.

It connects inside the channel keyed by the join code (``channel``), says
hello (with the join code, or with the seat's token once it has one),
reads the host's messages through ``messages.parse_host``,
numbers its intents (built by the intent registry), and when the line drops
tries again with the token for a while.  An ``error`` whose code is fatal
(``protocol.FATAL``: trying again cannot help) ends the retrying.  What a
client makes of each message is its own: ``handle``.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer

from ..session.intents import Intent
from .messages import Bye, Error, Hello, HostMessage, HostMessageError, IntentMessage, Welcome, parse_host
from .protocol import FATAL, MAX_NAME, PROTOCOL
from .transport import NOT_THE_TABLE, WsPeer, connect_peer

RETRY_MS = 500
RETRIES = 60


class ClientCore(QObject):
    def __init__(self, host: str, port: int, code: str, name: str | None = None, seat: int | None = None,
                 retries: int = RETRIES, retry_ms: int = RETRY_MS, parent: QObject | None = None):
        """``seat``: the seat wanted (from 0), if it is free."""
        super().__init__(parent)
        self.where, self.code, self.name, self.wanted_seat = (host, port), code, name, seat
        self.token: str | None = None  # the seat's, from the welcome (a client may set a kept one first)
        self.seat: int | None = None  # this connection's, from the welcome
        self.peer: WsPeer | None = None
        self.retries, self.retry_ms = retries, retry_ms
        self._retries = retries
        self._ids = 0  # the last intent id used: ids count up from 1 on this client
        self._closed = False  # no more tries: closed by us, or a fatal refusal

    # -- the connection -----------------------------------------------------------------
    def start(self) -> None:
        self.peer = connect_peer(*self.where, parent=self, code=self.code)
        self.peer.ready.connect(self._hello)
        self.peer.message.connect(self._on_message)
        self.peer.closed.connect(self._on_closed)

    def close(self) -> None:
        """Say bye and hang up; no more tries."""
        self._closed = True
        if self.peer is not None:
            self._send(Bye())
            self.peer.close(1000, "bye")

    def _hello(self) -> None:
        if self.token:
            self._send(Hello(PROTOCOL, token=self.token))
        else:
            self._send(Hello(PROTOCOL, code=self.code, name=self.name[:MAX_NAME] if self.name else None,
                             seat=self.wanted_seat))

    def _send(self, msg: Hello | Bye | IntentMessage) -> None:
        if self.peer is not None:
            self.peer.send(msg.write())

    def send_intent(self, intent: Intent) -> int:
        """Send one of this seat's gestures; its intent's id.
        Without a connection the message is lost: its answer never comes (``reconnecting``)."""
        self._ids += 1
        self._send(IntentMessage(self._ids, self.seat if self.seat is not None else -1, intent))
        return self._ids

    def _on_closed(self, code: int, reason: str) -> None:
        self.peer = None
        if self._closed:
            return
        if self._retries <= 0 or not self.may_retry() or code == NOT_THE_TABLE:
            self._closed = True
            self.lost(code, reason)
            return
        self._retries -= 1
        self.reconnecting()
        QTimer.singleShot(self.retry_ms, self.start)

    def _on_message(self, text) -> None:
        try:
            msg = parse_host(text)
        except HostMessageError as e:
            self.unreadable(e)
            return
        if msg is None:
            return  # a newer host's message this client does not know
        if isinstance(msg, Welcome):
            self.token, self.seat, self._retries = msg.token, msg.seat, self.retries
        elif isinstance(msg, Error) and msg.code in FATAL:
            self._closed = True
        self.handle(msg)

    # -- what a client makes of it ---------------------------------------------------------
    def handle(self, msg: HostMessage) -> None:
        """One message from the host, parsed."""

    def may_retry(self) -> bool:
        """Whether a dropped line is worth trying again (by default: with a seat's token)."""
        return self.token is not None

    def reconnecting(self) -> None:
        """The line dropped and is tried again: intents without an answer will get none."""

    def lost(self, code: int, reason: str) -> None:
        """The table cannot be reached any more (no more tries)."""

    def unreadable(self, e: HostMessageError) -> None:
        """The host sent what is not a message of this protocol."""
