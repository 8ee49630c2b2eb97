"""The invite helper's one wormhole (``wormhole_link``): a ``Link`` with its
Dilation, the events it writes, the failures it names, and the codes of a
seat's way back.  Twisted and magic-wormhole only, no Qt."""

from __future__ import annotations

import argparse
import hashlib
import hmac
from collections.abc import Callable
from typing import Any

from twisted.internet import defer
from twisted.python.failure import Failure
from wormhole import create, errors

from .link_lines import Events
from .wormhole_private import peer_state

APP_ID = "ruin-qt.io/table/1"
CLOSE_S = 5.0  # seconds a closing wormhole may take to tell the mailbox before the helper ends anyway
FATAL = 1  # the join helper's exit status after an error
PING_S = 10.0  # Dilation's ping interval (its own default is 30 s: a closed lid would show only after a minute)
BYE = b'{"bye": true}'  # a deliberate close, told through the wormhole's message channel
RETURN_AFTER_S = 10.0  # a joiner away this long also tries its seat's way back (the host's program may be new)
BACKOFF_S = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0)  # between a host's waits on a way back while no mailbox answers
SCAN = 8  # generations of a way back a friend tries, from the one it was last told
TRY_S = 6.0  # a friend's try of one generation: nobody there this long, the next one
KEYED_S = 8.0  # a wormhole keyed but silent this long is a dead program's claim (or a stranger): the next one


def code_for(back: str, gen: int) -> str:
    """Generation ``gen`` of a seat's way back as a wormhole code: nameplate and password from the secret."""
    digest = hmac.new(back.encode(), f"ruin-qt way back {gen}".encode(), hashlib.sha256).digest()
    return f"{int.from_bytes(digest[:8], 'big') % (9 * 10**8) + 10**8}-{digest[8:24].hex()}"


def kind_of(f: Failure) -> tuple[str, str]:
    """A wormhole failure as (kind, plain English)."""
    e = f.value
    if isinstance(e, errors.WrongPasswordError):
        return "wrong_code", "the wormhole code is wrong: check it with the person who sent it"
    if isinstance(e, errors.ServerConnectionError):
        return "mailbox", f"cannot reach the wormhole mailbox server: {e}"
    if isinstance(e, (errors.WelcomeError, errors.ServerError)):
        return "mailbox", f"the wormhole mailbox server refused: {e}"
    if isinstance(e, errors.KeyFormatError):
        return "bad_code", "a wormhole code is a number and words, like 7-guitarist-revenge"
    if isinstance(e, (errors.LonelyError, errors.WormholeClosed)):
        return "closed", "the wormhole was closed"
    return "internal", f"{type(e).__name__}: {e}"


Failed = Callable[["Link", str, str], None]  # (the link, kind, plain English)


class Link:
    """One wormhole (an invite, a seat's way back, or the joining side) and its Dilation.
    ``failed``: told of its error instead of the error event (whoever holds it decides what follows)."""

    def __init__(self, reactor, args: argparse.Namespace, emit: Events, seat: int, failed: Failed | None = None):
        self.reactor, self.args, self.emit, self.seat = reactor, args, emit, seat
        self.failed_cb = failed
        self.w = create(APP_ID, args.mailbox, reactor, dilation=True)
        self.dilated: Any = None
        self.peer: tuple[Any, ...] | None = None  # (connected_at, hint_description) last told
        self.away = False
        self.over = False
        self.talking = False  # the peer is verified and listens for a goodbye
        self.on_peer: Callable[[Link, bool], None] | None = None  # (link, connected): its holder follows it
        self.silence: Any = None  # fires when no ping has been seen for two intervals

    def fail(self, f: Failure) -> None:
        if self.over:
            return
        kind, message = kind_of(f)
        self.error(kind, message)

    def error(self, kind: str, message: str) -> None:
        if self.over:
            return
        self.close()
        if self.failed_cb is not None:
            self.failed_cb(self, kind, message)
        else:
            self.emit("error", seat=self.seat, kind=kind, message=message)

    def watch(self) -> None:
        """The peer's goodbye, or any later end of the wormhole, as an error; from now on a close says goodbye."""
        self.talking = True

        def got(msg: bytes) -> None:
            if msg == BYE:
                self.error("closed", "the other side closed the wormhole")
            else:  # nothing else is expected from the peer: ignored
                self.watch()
        self.w.get_message().addCallbacks(got, self.fail)

    def dilate(self) -> Any:
        # --relay-only: neither side offers a direct address (the self-test's proof that the relay carries it).
        self.dilated = self.w.dilate(transit_relay_location=self.args.relay, on_status_update=self.status,
                                     ping_interval=self.args.ping, no_listen=self.args.relay_only)
        return self.dilated

    def status(self, st: Any) -> None:
        if self.over:
            return
        state, seen = peer_state(st.peer_connection)
        if state == "connected":
            # Every ping or pong renews the status: silence past two intervals is a peer gone, even where
            # Dilation says nothing (its follower waits quietly for the leader to come back).
            if self.silence is not None and self.silence.active():
                self.silence.cancel()
            self.silence = self.reactor.callLater(2 * self.args.ping + 1, self.gone)
            if seen != self.peer or self.away:
                self.peer, self.away = seen, False
                self.emit("peer", seat=self.seat, path="relay" if "relay:" in seen[1] else "direct")
                if self.on_peer is not None:
                    self.on_peer(self, True)
        elif state == "reconnecting":
            self.gone()

    def gone(self) -> None:
        """The peer is away (Dilation reconnects, or has not heard from it for two pings)."""
        if self.silence is not None and self.silence.active():
            self.silence.cancel()
        self.silence = None
        if self.over or self.peer is None or self.away:
            return
        self.away = True
        self.emit("away", seat=self.seat)
        if self.on_peer is not None:
            self.on_peer(self, False)

    def close(self) -> defer.Deferred:
        """Close the wormhole (its Dilation too); fires when the mailbox has been told, or soon after."""
        if self.over:
            return defer.succeed(None)
        self.over = True
        if self.silence is not None and self.silence.active():
            self.silence.cancel()
        if self.talking:  # Dilation alone would show the peer only as away, trying to reconnect for ever
            self.w.send_message(BYE)
        d = self.w.close()
        d.addErrback(lambda _f: None)  # an unhappy close (never connected, wrong code) was already told
        d.addTimeout(CLOSE_S, self.reactor)
        d.addErrback(lambda _f: None)
        return d
