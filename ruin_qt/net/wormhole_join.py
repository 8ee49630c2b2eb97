"""The joining side of the invite helper (``wormhole_link``): the wormhole in
use and the local port the table's client connects to (``Joiner``), and one
wormhole opened with an invite or a generation of the seat's way back
(``JoinLink``)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from twisted.internet import defer, endpoints
from twisted.python.failure import Failure
from wormhole import errors

from .wormhole_peer import KEYED_S, SCAN, TRY_S, Events, Failed, Link, code_for
from .wormhole_pipe import SUBPROTOCOL, FromLocal


class Joiner:
    """The joining side: the wormhole in use (first the invite's, or the seat's way back after a restart),
    the local port the table's client connects to, and tries of the way back while that wormhole is away."""

    def __init__(self, reactor, args: argparse.Namespace, emit: Events, failed: Callable[[], None]):
        self.reactor, self.args, self.emit, self.failed_cb = reactor, args, emit, failed
        self.back: str | None = args.back or None
        self.gen: int = args.gen
        self.port: Any = None
        self.local: FromLocal | None = None
        self.connector: Any = None
        self.link: JoinLink | None = None
        self.trying: JoinLink | None = None
        self.timer: Any = None
        self.scan = 0
        if args.code:
            self.link = JoinLink(self, args.code.strip(), args.wait, self.link_failed)
        else:
            reactor.callWhenRunning(self.try_back)

    # -- the wormhole in use ------------------------------------------------------------
    def link_failed(self, link: Link, kind: str, message: str) -> None:
        if link is not self.link:
            return  # a wormhole already replaced (its host closed it when the way back took over)
        if self.back:  # closed or lost: the way back finds the table (a host quitting says so in the table)
            link.away = True
            self.try_back()
            return
        self.emit("error", seat=link.seat, kind=kind, message=message)
        self.close()
        self.failed_cb()

    def seated(self, link: JoinLink, table_code: str, seat: int, back: str | None, gen: int) -> None:
        """``link`` found the table: it carries the seat from now on."""
        if back:
            self.back, self.gen = back, gen
        told = {"back": self.back, "gen": self.gen} if self.back else {}
        self.emit("table", table_code=table_code, seat=seat, **told)
        connector = link.dilate().connector_for(SUBPROTOCOL)
        link.on_peer = self.peer_changed
        if link is self.trying:
            old, self.link, self.trying, self.scan = self.link, link, None, 0
            if old is not None:
                old.close()
        self.connector = connector
        if self.local is None:
            self.local = FromLocal(lambda: self.connector)
            ep = endpoints.TCP4ServerEndpoint(self.reactor, 0, interface="127.0.0.1")
            ep.listen(self.local).addCallbacks(self.listening, link.fail)
        else:
            self.local.drop_all()  # the table's client reconnects at once, through the new wormhole

    def listening(self, port: Any) -> None:
        self.port = port
        self.emit("listening", port=port.getHost().port)

    # -- away: the way back --------------------------------------------------------------
    def lost(self) -> bool:
        return self.link is None or self.link.away or self.link.over

    def peer_changed(self, link: Link, connected: bool) -> None:
        if link is not self.link or connected or not self.back or self.args.return_after <= 0:
            return
        if self.timer is None and self.trying is None:
            self.timer = self.reactor.callLater(self.args.return_after, self.try_back)

    def try_back(self) -> None:
        self.timer = None
        if self.trying is not None or not self.back or not self.lost():
            return
        gen = self.gen + self.scan % SCAN
        self.scan += 1
        self.trying = JoinLink(self, code_for(self.back, gen), TRY_S, self.back_failed)

    def back_failed(self, link: Link, kind: str, message: str) -> None:
        if link is not self.trying:
            return
        self.trying = None
        self.timer = self.reactor.callLater(0.5 if kind != "mailbox" else 2.0, self.try_back)

    def close(self) -> defer.Deferred:
        if self.timer is not None and self.timer.active():
            self.timer.cancel()
        self.timer = None
        if self.port is not None:
            self.port.stopListening()
            self.port = None
        links = [link for link in (self.link, self.trying) if link is not None]
        return defer.DeferredList([link.close() for link in links])


class JoinLink(Link):
    """One wormhole of the joining side, opened with an invite or with a generation of the seat's way back."""

    def __init__(self, joiner: Joiner, code: str, wait: float, failed: Failed):
        super().__init__(joiner.reactor, joiner.args, joiner.emit, -1, failed)
        self.joiner = joiner
        self.keyed = False
        self.timer: Any = None
        try:
            self.w.set_code(code)
        except errors.KeyFormatError as e:
            self.reactor.callWhenRunning(self.fail, Failure(e))
            return
        self.w.get_unverified_key().addCallbacks(self.key, self.fail)
        self.w.get_message().addCallbacks(self.table, self.fail)
        self.timer = self.reactor.callLater(wait, self.lonely) if wait > 0 else None

    def key(self, _key: bytes) -> None:
        self.keyed = True
        if self.timer is not None and self.timer.active():  # a peer: the table's word comes soon, or never
            self.timer.cancel()
            self.timer = self.reactor.callLater(KEYED_S, self.error, "no_peer", "the other side is silent")

    def lonely(self) -> None:
        if not self.keyed:  # the host's side posts its half as soon as it has the code: nobody has this code
            self.error("no_peer", "nobody is waiting with this wormhole code: check its number")

    def table(self, plaintext: bytes) -> None:
        if self.timer is not None and self.timer.active():
            self.timer.cancel()
        try:
            msg = json.loads(plaintext)
            table_code, seat, back, gen = msg["table_code"], msg["seat"], msg.get("back"), msg.get("gen", 0)
            if not isinstance(table_code, str) or not isinstance(seat, int) or isinstance(seat, bool) \
                    or not isinstance(back, (str, type(None))) or not isinstance(gen, int) or isinstance(gen, bool):
                raise ValueError
        except (ValueError, KeyError, TypeError, AttributeError):
            self.error("not_a_table", "the other side of this wormhole is not a ruin_qt table")
            return
        self.seat = seat
        self.watch()
        self.joiner.seated(self, table_code, seat, back, gen)

    def close(self) -> defer.Deferred:
        if self.timer is not None and self.timer.active():
            self.timer.cancel()
        return super().close()
