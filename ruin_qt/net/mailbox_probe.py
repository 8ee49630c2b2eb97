"""Is anybody waiting with this invite?  Asked of the mailbox server before the wormhole opens.

A made-up (or spent) invite claims a nameplate nobody else holds, and magic-wormhole waits for a
peer that never comes (the helper gives up after its ``--wait``, a minute).  The mailbox tells at
once: its ``list`` answers the nameplates claimed now under this application's id (magic-wormhole's
server protocol, docs/server-protocol.md: ``bind``, ``list``, ``nameplates``).  An inviting host
claims its nameplate as soon as its code exists and holds it until its friend arrives, so a
nameplate missing from the list means nobody will come.

A server may refuse to list (``--disallow-list``: every list empty).  An empty list is therefore
checked once: the probe allocates a nameplate of its own, lists again, and gives it back (claimed,
released, its mailbox closed "lonely", as any client leaving does).  Listed, the server lists and
the invite's nameplate is truly absent; not listed, the probe cannot tell.

Qt's event loop, no thread, the app's own WebSocket (``transport.WsPeer``): nothing of Twisted here.
"""

from __future__ import annotations

import json
import os

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtNetwork import QTcpSocket
from websockets.client import ClientProtocol
from websockets.uri import InvalidURI, parse_uri

from .invite_defaults import default_mailbox  # noqa: F401 -- the helper's own default, asked about alike
from .transport import MAX_FRAME, WsPeer

# The wormhole's application id: the wormhole helper's (``wormhole_peer.APP_ID``) (a test holds the two together).
APP_ID = "ruin-qt.io/table/1"
ANSWER_S = 10.0  # no answer by then: cannot tell (the helper's own wait decides)
WAITING, NOBODY, UNKNOWN = "waiting", "nobody", "unknown"


def nameplate_of(code: str) -> str:
    """An invite's nameplate: its number ("7" of "7-guitarist-revenge")."""
    return code.strip().split("-", 1)[0]


class MailboxProbe(QObject):
    """Asks once, answers once: ``answered`` with WAITING (the nameplate is claimed: maybe the host),
    NOBODY (the server lists, and it is not there) or UNKNOWN (no answer, a server that does not list,
    a secure ``wss://`` mailbox this probe does not speak)."""

    answered = Signal(str)

    def __init__(self, mailbox: str, code: str, parent: QObject | None = None, app_id: str = APP_ID):
        super().__init__(parent)
        self.nameplate, self.app_id = nameplate_of(code), app_id
        self.side = os.urandom(5).hex()  # as magic-wormhole's clients choose theirs
        self.result: str | None = None
        self.own: str | None = None  # the nameplate allocated to check that the server lists
        self.peer: WsPeer | None = None
        self.leaving: WsPeer | None = None  # after the answer: the connection giving its nameplate back
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(lambda: self._answer(UNKNOWN))
        try:
            uri = parse_uri(mailbox)
        except InvalidURI:
            uri = None
        if uri is None or uri.secure or not self.nameplate.isdigit():
            QTimer.singleShot(0, self, lambda: self._answer(UNKNOWN))
            return
        socket = QTcpSocket()
        self.peer = peer = WsPeer(socket, ClientProtocol(uri, max_size=MAX_FRAME), self)
        peer.ready.connect(self._opened)
        peer.message.connect(self._heard)
        peer.closed.connect(lambda *_: self._answer(UNKNOWN))
        socket.connected.connect(peer.request)
        socket.connectToHost(uri.host, uri.port)
        self._timer.start(int(ANSWER_S * 1000))

    def _send(self, kind: str, **fields) -> None:
        if self.peer is not None:
            self.peer.send(json.dumps({"type": kind, "id": os.urandom(2).hex(), **fields}))

    def _opened(self) -> None:
        self._send("bind", appid=self.app_id, side=self.side, client_version=["ruin-qt", "probe"])
        self._send("list")

    def _heard(self, text) -> None:
        try:
            msg = json.loads(text)
            kind = msg.get("type")
        except (ValueError, TypeError, AttributeError):
            return self._answer(UNKNOWN)
        if kind == "nameplates":
            listed = {str(n.get("id")) for n in msg.get("nameplates", []) if isinstance(n, dict)}
            if self.nameplate in listed:
                return self._answer(WAITING)
            if listed - {self.own}:
                return self._answer(NOBODY)  # the server lists, and this one is not there
            if self.own is None:  # nothing listed at all: does this server list?
                return self._send("allocate")
            return self._answer(NOBODY if self.own in listed else UNKNOWN)
        if kind == "allocated":
            self.own = str(msg.get("nameplate"))
            return self._send("list")
        if kind == "error":
            return self._answer(UNKNOWN)
        return None  # welcome, ack, claimed, released, closed

    def _answer(self, result: str) -> None:
        if self.result is not None:
            return
        self.result = result
        self._timer.stop()
        peer, self.peer = self.peer, None
        if peer is not None:
            if self.own is not None and peer.open:  # give the nameplate back, as a client that leaves does
                self.peer = peer
                self._send("claim", nameplate=self.own)
                self._send("release", nameplate=self.own)
                self.peer, self.leaving = None, peer
                peer.message.disconnect(self._heard)
                peer.message.connect(lambda text, p=peer: self._closing(p, text))
                peer.closed.connect(lambda *_: setattr(self, "leaving", None))
            else:
                peer.close()
        self.answered.emit(result)

    def _closing(self, peer: WsPeer, text) -> None:
        """After the answer: the allocated nameplate's mailbox closed, "lonely", then the connection."""
        try:
            msg = json.loads(text)
        except (ValueError, TypeError):
            return peer.close()
        if isinstance(msg, dict) and msg.get("type") == "claimed":
            peer.send(json.dumps({"type": "close", "mailbox": msg.get("mailbox"), "mood": "lonely"}))
        elif isinstance(msg, dict) and msg.get("type") in ("closed", "error"):
            peer.close()
        return None
