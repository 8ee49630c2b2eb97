"""The host's side of the invite helper (``wormhole_link``): one wormhole to a
seat (``HostSeat``), and everything of one invited seat (``SeatLinks``): its
invite, the friend's wormhole, the wait on its way back."""

from __future__ import annotations

import argparse
import json
from typing import Any

from twisted.internet import defer

from .wormhole_peer import BACKOFF_S, KEYED_S, Events, Link, code_for
from .wormhole_pipe import SUBPROTOCOL, ToTable


class HostSeat(Link):
    """The host's side of one wormhole to a seat: an invite (``code`` None: the mailbox allocates one,
    told as the ``code`` event) or the seat's way back (``code`` given)."""

    def __init__(self, reactor, args: argparse.Namespace, emit: Events, seat: int, links: SeatLinks,
                 code: str | None = None):
        super().__init__(reactor, args, emit, seat, links.link_failed)
        self.links = links
        self.silent: Any = None
        if code is None:
            self.w.allocate_code(2)
            self.w.get_code().addCallbacks(lambda c: self.emit("code", seat=seat, code=c), self.fail)
        else:
            self.w.set_code(code)
            self.w.get_unverified_key().addCallbacks(self.keyed, self.fail)
        self.w.get_verifier().addCallbacks(self.verified, self.fail)

    def keyed(self, _key: bytes) -> None:
        self.silent = self.reactor.callLater(KEYED_S, self.error, "no_peer", "a silent peer on the way back")

    def close(self) -> defer.Deferred:
        if self.silent is not None and self.silent.active():
            self.silent.cancel()
        return super().close()

    def verified(self, _verifier: bytes) -> None:
        # The friend typed the right code (their first message opened): tell them the table and the seat's
        # way back (inside this wormhole's encryption), then dilate.
        if self.silent is not None and self.silent.active():
            self.silent.cancel()
        links = self.links
        told = {"table_code": links.table_code, "seat": self.seat,
                **({"back": links.back, "gen": links.gen} if links.back else {})}
        self.w.send_message(json.dumps(told).encode())
        self.watch()
        host, port = self.args.target
        self.dilate().listener_for(SUBPROTOCOL).listen(ToTable(self.reactor, host, port)).addErrback(self.fail)
        links.seated(self)


class SeatLinks:
    """Everything of one invited seat on the host's side: the invite until it is used, the wormhole the
    friend is on now, and a wormhole waiting on the seat's way back (again after every use)."""

    def __init__(self, helper: Any, seat: int, table_code: str, back: str, gen: int = 0):
        # ``helper``: the helper process's (``wormhole_link.Helper``): its reactor, args and emit.
        self.helper, self.seat, self.table_code, self.back, self.gen = helper, seat, table_code, back, gen
        self.invite: HostSeat | None = None
        self.current: HostSeat | None = None
        self.waiter: HostSeat | None = None
        self.tries = 0
        self.timer: Any = None
        self.closed = False

    def _make(self, code: str | None) -> HostSeat:
        h = self.helper
        return HostSeat(h.reactor, h.args, h.emit, self.seat, self, code)

    def invite_new(self) -> None:
        self.invite = self._make(None)

    def wait_back(self) -> None:
        self.timer = None
        if self.closed or not self.back or self.waiter is not None:
            return
        self.helper.emit("gen", seat=self.seat, gen=self.gen)
        self.waiter = self._make(code_for(self.back, self.gen))

    def seated(self, link: HostSeat) -> None:
        """A friend is on ``link`` (the invite's first friend, or back by the seat's way back)."""
        if link is self.invite:
            self.invite = None
        if link is self.waiter:
            self.waiter, self.tries = None, 0
        old, self.current = self.current, link
        if old is not None:
            old.close()  # the friend's former wormhole: the new one carries the seat from now on
        self.wait_back()

    def link_failed(self, link: Link, kind: str, message: str) -> None:
        if self.closed:
            return
        if link is not self.waiter:  # the invite, or the friend's wormhole: told as before
            if link is self.current:
                self.current = None
            if link is self.invite:
                self.invite = None
            self.helper.emit("error", seat=self.seat, kind=kind, message=message)
            return
        self.waiter = None
        if kind == "mailbox":  # no mailbox for now: the same generation, more slowly each time
            delay = BACKOFF_S[min(self.tries, len(BACKOFF_S) - 1)]
            self.tries += 1
        else:  # a stranger, a silent peer, a crowd: that nameplate may be spoiled, the next generation
            delay, self.gen = 0.0, self.gen + 1
        self.timer = self.helper.reactor.callLater(delay, self.wait_back)

    def close(self) -> list[defer.Deferred]:
        self.closed = True
        if self.timer is not None and self.timer.active():
            self.timer.cancel()
        return [link.close() for link in (self.invite, self.current, self.waiter) if link is not None]
